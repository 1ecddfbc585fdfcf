#pragma once
// Move generation and goals under a problem's rules (orthodox, or Prinz's simplified chess).
#include "games/chess/position.hpp"
#include "machines/chess/mate/problem.hpp"

namespace minimax::chess::mate {

// Legal moves under `rules` (orthodox: exactly Position::generate_moves).
void generate_problem_moves(const Position& pos, const Rules& rules, Position::MoveList& list);

// Does the side to move have a move under `rules`?
bool has_problem_move(const Position& pos, const Rules& rules);

// Is the side to move mated? Prinz (Bowden 1953): "no distinction was made between mate and
// stalemate", so under Prinz's rules having no move at all is the goal.
inline bool is_mated(const Position& pos, const Rules& rules, bool has_move) {
  return !has_move && (rules.stalemate_is_mate || pos.in_check());
}

}  // namespace minimax::chess::mate
