#include "machines/draughts/samuel_rote.hpp"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <vector>

#include "core/atomic_file.hpp"

namespace minimax::draughts::samuel {

const RoteEntry* RoteStore::use(std::uint64_t key) {
  auto it = entries_.find(key);
  if (it == entries_.end()) return nullptr;
  it->second.age /= 2;
  return &it->second;
}

const RoteEntry* RoteStore::find(std::uint64_t key) const {
  auto it = entries_.find(key);
  return it == entries_.end() ? nullptr : &it->second;
}

void RoteStore::save(std::uint64_t key, int score, int depth) {
  auto [it, fresh] = entries_.try_emplace(key, RoteEntry{score, depth, 0});
  if (!fresh && depth >= it->second.depth) it->second = RoteEntry{score, depth, 0};
  if (entries_.size() > capacity_) forget_oldest();
}

void RoteStore::tick() {
  for (auto& [key, e] : entries_) ++e.age;
  if (entries_.size() > capacity_) forget_oldest();
}

void RoteStore::set_capacity(std::size_t n) {
  capacity_ = std::max<std::size_t>(n, 1);
  if (entries_.size() > capacity_) forget_oldest();
}

void RoteStore::forget_oldest() {
  // Keep the youngest `capacity_` entries; among equal ages the deeper survive.
  std::vector<std::pair<std::uint64_t, RoteEntry>> all(entries_.begin(), entries_.end());
  std::nth_element(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(capacity_), all.end(),
                   [](const auto& a, const auto& b) {
                     if (a.second.age != b.second.age) return a.second.age < b.second.age;
                     if (a.second.depth != b.second.depth) return a.second.depth > b.second.depth;
                     return a.first < b.first;
                   });
  all.resize(capacity_);
  entries_ = std::unordered_map<std::uint64_t, RoteEntry>(all.begin(), all.end());
}

Status RoteStore::load(const std::string& path) {
  std::ifstream in(path);
  if (!in) return Error{"rote file '" + path + "': cannot be opened"};
  std::string line;
  if (!std::getline(in, line) || line != "samuel-rote 1")
    return Error{"rote file '" + path + "': line 1: expected the header 'samuel-rote 1'"};
  std::unordered_map<std::uint64_t, RoteEntry> read;
  int number = 1;
  while (std::getline(in, line)) {
    ++number;
    if (line.empty()) continue;
    std::istringstream fields(line);
    std::string hex;
    RoteEntry e;
    std::string extra;
    if (!(fields >> hex >> e.score >> e.depth >> e.age) || (fields >> extra) || hex.size() != 16 ||
        hex.find_first_not_of("0123456789abcdefABCDEF") != std::string::npos || e.depth < 0 ||
        e.age < 0)
      return Error{"rote file '" + path + "': line " + std::to_string(number) +
                   ": expected 'KEY SCORE DEPTH AGE' (16 hex digits, then whole numbers)"};
    read[std::stoull(hex, nullptr, 16)] = e;
  }
  entries_ = std::move(read);
  if (entries_.size() > capacity_) forget_oldest();
  return Ok{};
}

Status RoteStore::write(const std::string& path) const {
  // Sorted by key, so the same store always writes the same file.
  std::vector<std::pair<std::uint64_t, RoteEntry>> all(entries_.begin(), entries_.end());
  std::sort(all.begin(), all.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::string text = "samuel-rote 1\n";
  char buf[96];
  for (const auto& [key, e] : all) {
    std::snprintf(buf, sizeof buf, "%016llx %d %d %d\n", static_cast<unsigned long long>(key),
                  e.score, e.depth, e.age);
    text += buf;
  }
  return write_file_atomically(path, text);
}

}  // namespace minimax::draughts::samuel
