#pragma once
// A Nim game from command-line words: heap sizes ("7 4 5 2" or "7,4,5,2"), "--k K", "--misere" or
// "--normal" (the default is the normal game). Bowden (seed 002): in the multiple game k must be
// less than the number of heaps, or the game is trivial, so k is checked to lie in 1..heaps-1
// (k = 1 is always allowed). Any other word is an error naming it: callers take their own options
// out first.
#include <string>
#include <vector>

#include "core/expected.hpp"
#include "games/nim/nim.hpp"

namespace minimax::nim {

Expected<Nim> parse_nim_setup(const std::vector<std::string>& words);

// "7 4 5 2, k = 2, misere (taking the last match loses)"
std::string describe(const Nim& nim);

}  // namespace minimax::nim
