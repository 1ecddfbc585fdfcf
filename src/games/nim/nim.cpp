#include "games/nim/nim.hpp"

#include <algorithm>
#include <cctype>

#include "core/text.hpp"

namespace minimax::nim {

namespace {

// A hash per (heap, size): the key is their exclusive-or, updated as heaps change.
std::uint64_t heap_hash(int heap, int size) {
  std::uint64_t z = (static_cast<std::uint64_t>(heap) << 32 | static_cast<std::uint64_t>(size)) +
                    0x9E3779B97F4A7C15ULL;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

}  // namespace

int Move::heaps_altered() const {
  return static_cast<int>(std::count_if(take.begin(), take.end(), [](auto t) { return t > 0; }));
}

int Move::matches_taken() const {
  int n = 0;
  for (auto t : take) n += t;
  return n;
}

bool MoveList::contains(const Move& m) const {
  return std::find(moves_.begin(), moves_.end(), m) != moves_.end();
}

Expected<Nim> Nim::make(const std::vector<int>& heaps, Rules rules) {
  if (heaps.empty()) return Error{"nim: no heaps given"};
  if (heaps.size() > static_cast<std::size_t>(kMaxHeaps))
    return Error{"nim: " + std::to_string(heaps.size()) + " heaps, at most " +
                 std::to_string(kMaxHeaps)};
  if (rules.k < 1 || rules.k > kMaxHeaps)
    return Error{"nim: k = " + std::to_string(rules.k) + " is out of range 1.." +
                 std::to_string(kMaxHeaps)};
  Nim n;
  n.rules_ = rules;
  n.count_ = static_cast<int>(heaps.size());
  for (int i = 0; i < n.count_; ++i) {
    const int h = heaps[static_cast<std::size_t>(i)];
    if (h < 0 || h > kMaxHeapSize)
      return Error{"nim: heap " + std::string(1, heap_name(i)) + " = " + std::to_string(h) +
                   " is out of range 0.." + std::to_string(kMaxHeapSize)};
    n.heaps_[static_cast<std::size_t>(i)] = static_cast<std::uint16_t>(h);
    n.key_ ^= heap_hash(i, h);
  }
  return n;
}

void Nim::generate_moves(MoveList& list) const {
  list.clear();
  // Subsets of the non-empty heaps with 1..k members, fewer heaps first; within a subset an
  // odometer over the amounts taken (1..size of each heap).
  int live[kMaxHeaps];
  int n = 0;
  for (int i = 0; i < count_; ++i)
    if (heaps_[static_cast<std::size_t>(i)] > 0) live[n++] = i;
  const int most = std::min(rules_.k, n);
  for (int size = 1; size <= most; ++size) {
    for (std::uint32_t mask = 1; mask < (1u << n); ++mask) {
      if (__builtin_popcount(mask) != size) continue;
      int chosen[kMaxHeaps];
      int c = 0;
      for (int j = 0; j < n; ++j)
        if (mask >> j & 1) chosen[c++] = live[j];
      Move m;
      for (int j = 0; j < c; ++j) m.take[static_cast<std::size_t>(chosen[j])] = 1;
      for (;;) {
        list.push_back(m);
        int j = c - 1;
        for (; j >= 0; --j) {
          auto& t = m.take[static_cast<std::size_t>(chosen[j])];
          if (t < heaps_[static_cast<std::size_t>(chosen[j])]) {
            ++t;
            break;
          }
          t = 1;
        }
        if (j < 0) break;
      }
    }
  }
}

void Nim::play(const Move& m) {
  for (int i = 0; i < count_; ++i) {
    const auto t = m.take[static_cast<std::size_t>(i)];
    if (!t) continue;
    auto& h = heaps_[static_cast<std::size_t>(i)];
    key_ ^= heap_hash(i, h) ^ heap_hash(i, h - t);
    h = static_cast<std::uint16_t>(h - t);
  }
  side_ = opposite(side_);
}

void Nim::undo(const Move& m) {
  for (int i = 0; i < count_; ++i) {
    const auto t = m.take[static_cast<std::size_t>(i)];
    if (!t) continue;
    auto& h = heaps_[static_cast<std::size_t>(i)];
    key_ ^= heap_hash(i, h) ^ heap_hash(i, h + t);
    h = static_cast<std::uint16_t>(h + t);
  }
  side_ = opposite(side_);
}

Outcome Nim::outcome() const {
  for (int i = 0; i < count_; ++i)
    if (heaps_[static_cast<std::size_t>(i)]) return Outcome::none;
  return rules_.misere ? Outcome::win : Outcome::loss;
}

std::string Nim::move_to_string(const Move& m) const {
  std::string s;
  for (int i = 0; i < count_; ++i) {
    const auto t = m.take[static_cast<std::size_t>(i)];
    if (!t) continue;
    if (!s.empty()) s += ' ';
    s += heap_name(i);
    s += std::to_string(t);
  }
  return s.empty() ? "-" : s;
}

std::string Nim::to_string() const {
  std::string s;
  for (int i = 0; i < count_; ++i) {
    if (i) s += ' ';
    s += std::to_string(heaps_[static_cast<std::size_t>(i)]);
  }
  return s;
}

std::vector<int> Nim::heaps() const {
  return std::vector<int>(heaps_.begin(), heaps_.begin() + count_);
}

int Nim::total() const {
  int n = 0;
  for (int i = 0; i < count_; ++i) n += heaps_[static_cast<std::size_t>(i)];
  return n;
}

std::vector<int> Nim::after(const Move& m) const {
  std::vector<int> h = heaps();
  for (int i = 0; i < count_; ++i)
    h[static_cast<std::size_t>(i)] -= m.take[static_cast<std::size_t>(i)];
  return h;
}

bool Nim::is_legal(const Move& m) const {
  int altered = 0;
  for (int i = 0; i < kMaxHeaps; ++i) {
    const auto t = m.take[static_cast<std::size_t>(i)];
    if (!t) continue;
    if (i >= count_ || t > heaps_[static_cast<std::size_t>(i)]) return false;
    ++altered;
  }
  return altered >= 1 && altered <= rules_.k;
}

double Nim::count_moves() const {
  // Sum over subsets of 1..k non-empty heaps of the product of their sizes: the elementary
  // symmetric sums e_1..e_k of the sizes, by the usual recurrence.
  std::vector<double> e(static_cast<std::size_t>(rules_.k) + 1, 0.0);
  e[0] = 1.0;
  for (int i = 0; i < count_; ++i) {
    const double h = heaps_[static_cast<std::size_t>(i)];
    for (int j = rules_.k; j >= 1; --j)
      e[static_cast<std::size_t>(j)] += e[static_cast<std::size_t>(j - 1)] * h;
  }
  double total = 0;
  for (int j = 1; j <= rules_.k; ++j) total += e[static_cast<std::size_t>(j)];
  return total;
}

Expected<Move> Nim::parse_move(std::string_view text) const {
  Move m;
  std::string t(text);
  for (auto& c : t)
    if (c == ',' || c == '+' || c == ';') c = ' ';
  // "A 3" is read as "A3": a lone heap letter takes the number that follows it.
  std::vector<std::string> tokens;
  for (const auto& tok : split_whitespace(t)) {
    if (!tokens.empty() && tokens.back().size() == 1 &&
        std::isalpha(static_cast<unsigned char>(tokens.back()[0])) &&
        std::isdigit(static_cast<unsigned char>(tok[0])))
      tokens.back() += tok;
    else
      tokens.push_back(tok);
  }
  if (tokens.empty()) return Error{"no move given: type a heap letter and a number, e.g. A2"};
  for (const auto& tok : tokens) {
    const char letter = static_cast<char>(std::toupper(static_cast<unsigned char>(tok[0])));
    if (letter < 'A' || letter >= 'A' + count_)
      return Error{"'" + tok + "': there is no heap " + std::string(1, tok[0]) + " (heaps A.." +
                   std::string(1, heap_name(count_ - 1)) + ")"};
    const int i = letter - 'A';
    const auto n = parse_int(std::string_view(tok).substr(1));
    if (!n || *n < 1)
      return Error{"'" + tok + "': say how many to take from heap " + std::string(1, letter) +
                   ", e.g. " + std::string(1, letter) + "1"};
    if (m.take[static_cast<std::size_t>(i)])
      return Error{"'" + tok + "': heap " + std::string(1, letter) + " is named twice"};
    if (*n > heaps_[static_cast<std::size_t>(i)])
      return Error{"'" + tok + "': heap " + std::string(1, letter) + " has only " +
                   std::to_string(heaps_[static_cast<std::size_t>(i)]) + " matches"};
    m.take[static_cast<std::size_t>(i)] = static_cast<std::uint16_t>(*n);
  }
  if (m.heaps_altered() > rules_.k)
    return Error{"'" + std::string(text) + "' alters " + std::to_string(m.heaps_altered()) +
                 " heaps; k = " + std::to_string(rules_.k) + " allows at most " +
                 std::to_string(rules_.k)};
  return m;
}

Expected<std::vector<int>> parse_heaps(const std::vector<std::string>& tokens) {
  std::vector<int> heaps;
  for (const auto& tok : tokens) {
    for (const auto& part : split(tok, ',')) {
      if (part.empty()) continue;
      auto v = parse_int(part, "heap size", 0, kMaxHeapSize);
      if (!v) return Error{v.error()};
      heaps.push_back(static_cast<int>(*v));
    }
  }
  if (heaps.empty()) return Error{"no heaps given: list the heap sizes, e.g. 7 4 5 2"};
  if (heaps.size() > static_cast<std::size_t>(kMaxHeaps))
    return Error{std::to_string(heaps.size()) + " heaps: at most " + std::to_string(kMaxHeaps)};
  return heaps;
}

}  // namespace minimax::nim
