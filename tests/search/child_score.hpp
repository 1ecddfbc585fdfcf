#pragma once
// A child's score seen from its parent, for tests that check a search's value against the values
// of the positions after each move.
#include "search/score.hpp"

namespace minimax::search::test {

// Negated, and a decisive score one ply further away.
inline int score_from_child(int child) {
  const int s = -child;
  return is_win_score(s) ? s - 1 : is_loss_score(s) ? s + 1 : s;
}

}  // namespace minimax::search::test
