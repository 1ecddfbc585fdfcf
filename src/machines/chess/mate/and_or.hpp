#pragma once
// Direct mates and selfmates by an exact AND/OR search over the number of moves:
//
//   attacker_wins(n): some attacker move leaves a position where every defence loses in n
//   defender_loses(n): every defence leads to a position the attacker wins in n - 1
//
// The table (mate_tt.hpp) keeps every proof for the next, longer iteration. Prunings are exact
// only: at the attacker's last move of a direct mate only checking moves can mate; at the last
// move of a selfmate a single non-checking defence refutes. Move ordering never drops a move:
// checks first, then moves that leave the defender's king fewest squares and the defender fewest
// moves; the defences that refuted before at the same ply first.
#include "games/chess/position.hpp"
#include "machines/chess/mate/search_state.hpp"

namespace minimax::chess::mate {

class AndOrSearch {
 public:
  explicit AndOrSearch(SearchState& state) : s_(state), p_(state.problem) {}

  // The attacker to move: does it force the goal in n?
  bool attacker_wins(Position& pos, int n);
  // The defender to move: does every defence lose in n?
  bool defender_loses(Position& pos, int n);
  // The attacker's last move in a direct mate: does one mate?
  bool attacker_last_move(Position& pos);
  // The attacker's moves, most promising first (only the order changes, never the set).
  void order_attacker_moves(Position& pos, Position::MoveList& list);

 private:
  bool defence_loses(Position& pos, Move r, int n);
  void order_checks_first(Position& pos, Position::MoveList& list);
  void order_defences(Position& pos, Position::MoveList& list, int ply);

  SearchState& s_;
  const Problem& p_;  // s_.problem
  Move killers_[64][2] = {};
  Move attack_killers_[64] = {};
};

}  // namespace minimax::chess::mate
