#pragma once
// A Nim game from command-line words: heap sizes ("7 4 5 2" or "7,4,5,2"), "--k K", "--misere" or
// "--normal" (the default is the normal game). Bowden (seed 002): in the multiple game k must be
// less than the number of heaps, or the game is trivial, so k is checked to lie in 1..heaps-1
// (k = 1 is always allowed). Any other word is an error naming it: callers take their own options
// out first.
#include <optional>
#include <string>
#include <vector>

#include "core/expected.hpp"
#include "games/nim/nim.hpp"

namespace minimax::nim {

Expected<Nim> parse_nim_setup(const std::vector<std::string>& words);

// The same from values a front end has already taken from its flags: heap words ("7 4 5 2" or
// "7,4,5,2"), k (nullopt: 1) and the variant. Rules only: no flags are read here. The front ends
// move to this one (issue 16: games/ parses no command line); parse_nim_setup then goes.
Expected<Nim> make_nim_setup(const std::vector<std::string>& heap_words, std::optional<int> k,
                             bool misere);

// "7 4 5 2, k = 2, misere (taking the last match loses)"
std::string describe(const Nim& nim);

}  // namespace minimax::nim
