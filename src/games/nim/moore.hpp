#pragma once
// Moore's rule for the multiple game Nim_k (Bowden 1953, gives it as Nimrod's "secret"): write
// the heaps in binary one under the other; in the normal game the player to move loses exactly when
// every column sum is divisible by k + 1 (for k = 1, Bouton's rule: the exclusive-or is zero).
//
// The misere game differs only among positions where no heap has more than one match: then the
// player to move loses exactly when the number of single matches is r(k + 1) + 1 (Bowden's cases
// (b) and (c) aim at leaving that). With any heap of two or more the losing positions are the
// normal game's. tests/games/nim checks this against the retrograde solver on every small position.
#include <vector>

#include "games/nim/nim.hpp"

namespace minimax::nim {

// The column sums, least significant column first.
std::vector<int> column_sums(const std::vector<int>& heaps);
// True if the player to move loses with best play ("a winning position" in Bowden's words: the one
// a player wants to leave behind).
bool is_losing_for_mover(const std::vector<int>& heaps, Rules rules);

}  // namespace minimax::nim
