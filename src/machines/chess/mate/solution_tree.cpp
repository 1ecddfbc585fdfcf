// The solution tree of a direct mate or selfmate: each key's threat (the attacker's continuations
// were the defender to pass) and every defence with the attacker's answers, to
// options().variation_depth moves.
#include <algorithm>

#include "machines/chess/mate/problem_rules.hpp"
#include "machines/chess/mate/solver.hpp"

namespace minimax::chess::mate {

Variation MateSolver::explain_defence(Position& pos, Move defence, int budget, int depth) {
  Variation v;
  v.defence = defence;
  pos.play(defence);
  if (!has_problem_move(pos, problem_.rules)) {
    v.ends_play = true;  // selfmate: the defence mates
  } else {
    for (int k = 1; k <= budget && !state_.aborted; ++k) {
      if (wins(pos, k)) {
        v.length = k;
        v.continuations = winning_moves(pos, problem_.stip, k);
        break;
      }
    }
    if (!v.continuations.empty() && depth > 1 &&
        (v.length >= 2 || problem_.stip == Stipulation::self)) {
      const Move m = v.continuations.front();
      pos.play(m);
      Position::MoveList list;
      generate_problem_moves(pos, problem_.rules, list);
      for (const Move e : list) v.next.push_back(explain_defence(pos, e, v.length - 1, depth - 1));
      pos.undo(m);
    }
  }
  pos.undo(defence);
  return v;
}

void MateSolver::explain_key(Position& pos, KeyMove& key, int n) {
  pos.play(key.key);
  key.check = pos.in_check();
  if (!key.check && n >= 2 && has_problem_move(pos, problem_.rules)) {
    pos.play_null();
    for (int k = 1; k <= n - 1 && !state_.aborted; ++k) {
      if (wins(pos, k)) {
        key.threat_length = k;
        key.threats = winning_moves(pos, problem_.stip, k);
        break;
      }
    }
    pos.undo_null();
  }
  Position::MoveList list;
  generate_problem_moves(pos, problem_.rules, list);
  const int depth = std::max(1, problem_.options.variation_depth);
  for (const Move d : list) key.defences.push_back(explain_defence(pos, d, key.length - 1, depth));
  pos.undo(key.key);
}

}  // namespace minimax::chess::mate
