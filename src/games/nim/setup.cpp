#include "games/nim/setup.hpp"

#include <algorithm>
#include <cctype>

#include "core/text.hpp"

namespace minimax::nim {

Expected<Nim> parse_nim_setup(const std::vector<std::string>& words) {
  std::vector<std::string> heap_words;
  Rules rules;
  bool k_given = false;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string& w = words[i];
    if (w == "--k" || w == "-k") {
      if (i + 1 >= words.size()) return Error{"--k needs a number (how many heaps a move may alter)"};
      auto k = parse_int(words[++i], "k", 1, kMaxHeaps);
      if (!k) return Error{k.error()};
      rules.k = static_cast<int>(*k);
      k_given = true;
    } else if (starts_with(w, "--k=")) {
      auto k = parse_int(w.substr(4), "k", 1, kMaxHeaps);
      if (!k) return Error{k.error()};
      rules.k = static_cast<int>(*k);
      k_given = true;
    } else if (w == "--misere" || w == "--misère") {
      rules.misere = true;
    } else if (w == "--normal") {
      rules.misere = false;
    } else if (!w.empty() && (std::isdigit(static_cast<unsigned char>(w[0])) || w[0] == '-') &&
               w.find_first_not_of("0123456789,-+") == std::string::npos) {
      heap_words.push_back(w);
    } else if (starts_with(w, "-")) {
      return Error{"unknown option '" + w + "'"};
    } else {
      return Error{"'" + w + "' is not a heap size (heaps are whole numbers, e.g. 7 4 5 2)"};
    }
  }
  auto heaps = parse_heaps(heap_words);
  if (!heaps) return Error{heaps.error()};
  const int n = static_cast<int>(heaps->size());
  if (k_given && rules.k > 1 && rules.k >= n)
    return Error{"k = " + std::to_string(rules.k) + " is out of range 1.." + std::to_string(std::max(1, n - 1)) +
                 " (k must be less than the number of heaps, " + std::to_string(n) + ")"};
  return Nim::make(*heaps, rules);
}

Expected<Nim> make_nim_setup(const std::vector<std::string>& heap_words, std::optional<int> k,
                             bool misere) {
  Rules rules;
  rules.misere = misere;
  if (k) {
    if (*k < 1 || *k > kMaxHeaps)
      return Error{"k = " + std::to_string(*k) + " is out of range 1.." + std::to_string(kMaxHeaps)};
    rules.k = *k;
  }
  for (const auto& w : heap_words)
    if (w.empty() || w.find_first_not_of("0123456789,-+") != std::string::npos)
      return Error{"'" + w + "' is not a heap size (heaps are whole numbers, e.g. 7 4 5 2)"};
  auto heaps = parse_heaps(heap_words);
  if (!heaps) return Error{heaps.error()};
  const int n = static_cast<int>(heaps->size());
  if (k && rules.k > 1 && rules.k >= n)
    return Error{"k = " + std::to_string(rules.k) + " is out of range 1.." +
                 std::to_string(std::max(1, n - 1)) +
                 " (k must be less than the number of heaps, " + std::to_string(n) + ")"};
  return Nim::make(*heaps, rules);
}

std::string describe(const Nim& nim) {
  return nim.to_string() + ", k = " + std::to_string(nim.rules().k) +
         (nim.rules().misere ? ", misere (taking the last match loses)"
                             : ", normal game (taking the last match wins)");
}

}  // namespace minimax::nim
