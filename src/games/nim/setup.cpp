#include "games/nim/setup.hpp"

#include <algorithm>
#include <cctype>

#include "core/text.hpp"

namespace minimax::nim {

Expected<Nim> make_nim_setup(const std::vector<std::string>& heap_words, std::optional<int> k,
                             bool misere) {
  Rules rules;
  rules.misere = misere;
  if (k) {
    if (*k < 1 || *k > kMaxHeaps)
      return Error{"k = " + std::to_string(*k) + " is out of range 1.." +
                   std::to_string(kMaxHeaps)};
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
