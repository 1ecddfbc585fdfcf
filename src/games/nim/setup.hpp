#pragma once
// A Nim game set up from heap sizes, k and the variant (the normal game by default). Bowden 1953:
// in the multiple game k must be less than the number of heaps, or the game is trivial, so k is
// checked to lie in 1..heaps-1 (k = 1 is always allowed). A word that is not a heap size is an
// error naming it.
#include <optional>
#include <string>
#include <vector>

#include "core/expected.hpp"
#include "games/nim/nim.hpp"

namespace minimax::nim {

// From values a front end has taken from its flags: heap words ("7 4 5 2" or "7,4,5,2"), k
// (nullopt: 1) and the variant. Rules only: no command line is read here.
Expected<Nim> make_nim_setup(const std::vector<std::string>& heap_words, std::optional<int> k,
                             bool misere);

// "7 4 5 2, k = 2, misere (taking the last match loses)"
std::string describe(const Nim& nim);

}  // namespace minimax::nim
