#include "machines/tictactoe/perfect.hpp"

#include <string>

namespace minimax::tictactoe {

const search::SolvedGraph& solved_tictactoe() {
  static const search::SolvedGraph graph = [] {
    TicTacToe empty;
    auto solved = search::RetrogradeSolver<TicTacToe>::solve(empty);
    return std::move(solved).value();
  }();
  return graph;
}

search::Label label_of(const TicTacToe& position) {
  if (auto l = solved_tictactoe().label(position.key())) return *l;
  // Not reachable from the empty board (from_string accepts only legal counts and lines, so this
  // should not happen); solve it on its own.
  TicTacToe copy = position;
  auto solved = search::RetrogradeSolver<TicTacToe>::solve(copy);
  return solved->root();
}

namespace {

// Higher is better for the mover: the successor's label is from the opponent's side.
int preference(const search::Label& after) {
  switch (after.value) {
    case Outcome::loss:
      return 2000 - after.distance;  // we win; sooner is better
    case Outcome::draw:
      return 1000;
    default:
      return after.distance;  // we lose; later is better
  }
}

}  // namespace

std::vector<Move> best_moves(const TicTacToe& position) {
  TicTacToe game = position;
  TicTacToe::MoveList moves;
  game.generate_moves(moves);
  std::vector<Move> best;
  int best_pref = -1;
  for (const Move m : moves) {
    game.play(m);
    const int p = preference(label_of(game));
    game.undo(m);
    if (p > best_pref) {
      best_pref = p;
      best.clear();
    }
    if (p == best_pref) best.push_back(m);
  }
  return best;
}

Thought<Move> PerfectPlayer::choose(const TicTacToe& position, const Limits&) {
  Thought<Move> t;
  const auto best = best_moves(position);
  if (best.empty()) return t;
  t.move = best[rng_.below(best.size())];
  t.line.push_back(t.move);
  TicTacToe after = position;
  after.play(t.move);
  const search::Label l = label_of(after);
  t.score = l.value == Outcome::loss ? 1 : l.value == Outcome::win ? -1 : 0;
  t.nodes = solved_tictactoe().positions();
  t.explanation = l.value == Outcome::loss ? "wins in " + std::to_string(l.distance + 1) + " plies"
                  : l.value == Outcome::win
                      ? "loses in " + std::to_string(l.distance + 1) + " plies"
                      : "draws with best play";
  return t;
}

}  // namespace minimax::tictactoe
