#include "games/nim/moore.hpp"

#include <algorithm>

namespace minimax::nim {

std::vector<int> column_sums(const std::vector<int>& heaps) {
  int top = 0;
  for (int h : heaps) top = std::max(top, h);
  std::vector<int> sums;
  for (int bit = 0; (1 << bit) <= top; ++bit) {
    int s = 0;
    for (int h : heaps) s += (h >> bit) & 1;
    sums.push_back(s);
  }
  return sums;
}

bool is_losing_for_mover(const std::vector<int>& heaps, Rules rules) {
  const bool all_small = std::all_of(heaps.begin(), heaps.end(), [](int h) { return h <= 1; });
  if (rules.misere && all_small) {
    const int singles = static_cast<int>(std::count(heaps.begin(), heaps.end(), 1));
    return singles % (rules.k + 1) == 1;
  }
  for (int s : column_sums(heaps))
    if (s % (rules.k + 1) != 0) return false;
  return true;
}

}  // namespace minimax::nim
