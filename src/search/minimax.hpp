#pragma once
// Plain minimax, as Shannon (1950, programs up to T9 and fig. 2) describes it: look at every
// move to a fixed depth, evaluate the positions at the end, and back the values up, the side to
// move at the root taking the maximum and the opponent the minimum. No pruning, no tables.
//
// API:
//   SearchResult<Move> minimax(G& game, int depth, Eval eval)
//   SearchResult<Move> minimax(G& game, int depth, Eval eval, Order order)
// `game` is played and undone in place and left as it was. Scores are from the side to move at
// the root (score.hpp); internally the max/min form is kept (values from the root player's view),
// so this is the textbook algorithm, and alpha_beta must agree with it exactly on the root value.
// The first best move in generation (or hook) order is kept on ties, as Shannon's fig. 2 does.
#include <utility>
#include <vector>

#include "core/game.hpp"
#include "search/score.hpp"

namespace minimax::search {

namespace detail {

template <Game G, class Eval, class Order>
class Minimax {
 public:
  using Move = typename G::Move;
  Minimax(Eval& eval, Order& order) : eval_(eval), order_(order) {}

  // Value from the root player's point of view; `line` receives the best continuation.
  int value(G& game, int depth, int ply, Side root_side, std::vector<Move>& line) {
    ++nodes;
    line.clear();
    const int sign = game.side_to_move() == root_side ? 1 : -1;
    const Outcome outcome = game.outcome();
    if (outcome != Outcome::none) return sign * terminal_score(outcome, ply);
    if (depth <= 0) return sign * static_cast<int>(eval_(std::as_const(game)));
    typename G::MoveList moves;
    game.generate_moves(moves);
    if (moves.empty()) return sign * static_cast<int>(eval_(std::as_const(game)));
    order_(std::as_const(game), moves, ply);
    const bool maximize = sign > 0;
    int best = maximize ? -kInfinity : kInfinity;
    std::vector<Move> child_line;
    for (const Move& m : moves) {
      game.play(m);
      const int v = value(game, depth - 1, ply + 1, root_side, child_line);
      game.undo(m);
      if (maximize ? v > best : v < best) {
        best = v;
        line.assign(1, m);
        line.insert(line.end(), child_line.begin(), child_line.end());
      }
    }
    return best;
  }

  std::uint64_t nodes = 0;

 private:
  Eval& eval_;
  Order& order_;
};

}  // namespace detail

template <Game G, class Eval, class Order>
requires Evaluation<Eval, G> SearchResult<typename G::Move> minimax(G& game, int depth, Eval eval,
                                                                    Order order) {
  detail::Minimax<G, Eval, Order> m(eval, order);
  SearchResult<typename G::Move> r;
  r.score = m.value(game, depth, 0, game.side_to_move(), r.line);
  if (!r.line.empty()) r.best = r.line.front();
  r.nodes = m.nodes;
  r.depth = depth;
  return r;
}

template <Game G, class Eval>
requires Evaluation<Eval, G> SearchResult<typename G::Move> minimax(G& game, int depth, Eval eval) {
  return minimax(game, depth, std::move(eval), NoOrdering{});
}

}  // namespace minimax::search
