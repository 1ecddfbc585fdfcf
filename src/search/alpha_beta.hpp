#pragma once
// Negamax alpha-beta, fail-soft, with a move-ordering hook and an optional transposition table.
//
// The lecture (seed 003) gives alpha-beta as a pair findMax/findMin whose pseudo-code has slips
// (findMin starts at minus infinity and compares with >); here it is the one-function negamax
// form: the value of a position is the maximum over moves of minus the value of the position after
// the move, and a move whose value reaches beta ends the search of the position, since the
// opponent already has a better choice earlier in the tree. Fail-soft: the value returned may lie
// outside (alpha, beta) and is then a bound on the true value, which the table records as such.
//
// API:
//   AlphaBeta<G, Eval, Order> ab(eval, order, &tt);   // order and tt optional (NoOrdering, nullptr)
//   ab.set_node_limit(n); ab.set_stop(&flag);          // optional: stop early (result.stopped)
//   SearchResult<Move> r = ab.search(game, depth);     // full window
//   SearchResult<Move> r = ab.search(game, depth, alpha, beta);
//   int v = ab.negamax(game, depth, alpha, beta, ply); // one node, for callers building on it
//   ab.nodes();  ab.reset_nodes();
//   alpha_beta(game, depth, eval [, order [, tt]])     // convenience wrapper
// With the full window and no table it returns exactly minimax()'s root value (tests check it on
// every game), visiting fewer nodes. Scores follow score.hpp (side to move's view).
//
// Search steps at a node, in order:
//   1. count the node; stop if the node limit or stop flag says so;
//   2. a finished game scores terminal_score(outcome, ply);
//   3. table probe: a deep enough entry whose bound settles the window answers at once
//      (not at the root, which must produce a move); at the horizon any stored entry is deeper
//      than the estimate, so a stored score replaces it (Samuel's rote learning);
//   4. at depth 0, the evaluation;
//   5. generate moves; none (with no outcome): the evaluation;
//   6. the ordering hook, then the table's best move first;
//   7. search the moves, raising alpha, stopping at beta (fail-soft best);
//   8. store the result with its bound.
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "core/game.hpp"
#include "search/score.hpp"
#include "search/transposition_table.hpp"

namespace minimax::search {

template <Game G, class Eval, class Order = NoOrdering>
  requires Evaluation<Eval, G>
class AlphaBeta {
 public:
  using Move = typename G::Move;
  using Table = TranspositionTable<Move>;

  explicit AlphaBeta(Eval eval, Order order = Order{}, Table* tt = nullptr)
      : eval_(std::move(eval)), order_(std::move(order)), tt_(tt) {}

  void set_node_limit(std::uint64_t n) { node_limit_ = n; }
  void set_stop(const std::atomic<bool>* stop) { stop_ = stop; }
  void set_table(Table* tt) { tt_ = tt; }
  [[nodiscard]] std::uint64_t nodes() const { return nodes_; }
  void reset_nodes() { nodes_ = 0; }
  [[nodiscard]] bool stopped() const { return stopped_; }
  Eval& evaluation() { return eval_; }
  Order& ordering() { return order_; }

  SearchResult<Move> search(G& game, int depth, int alpha = -kInfinity, int beta = kInfinity) {
    const std::uint64_t before = nodes_;
    stopped_ = false;
    prepare_pv(depth);
    SearchResult<Move> r;
    r.score = negamax(game, depth, alpha, beta, 0);
    r.line.assign(pv_.begin(), pv_.begin() + pv_length_[0]);
    if (!r.line.empty()) r.best = r.line.front();
    r.nodes = nodes_ - before;
    r.depth = depth;
    r.stopped = stopped_;
    return r;
  }

  // Searches the root with the moves in the given order (iterative deepening re-orders them);
  // `scores[i]` receives the fail-soft value of root_moves[i] (a bound for moves that did not
  // become best). Returns the root value; the principal line is in line().
  int search_root(G& game, int depth, const typename G::MoveList& root_moves, std::vector<int>& scores,
                  int alpha = -kInfinity, int beta = kInfinity) {
    stopped_ = false;
    prepare_pv(depth);
    ++nodes_;
    pv_length_[0] = 0;
    const int alpha0 = alpha;
    scores.assign(root_moves.size(), -kInfinity);
    int best = -kInfinity;
    for (std::size_t i = 0; i < root_moves.size(); ++i) {
      const Move& m = root_moves[i];
      game.play(m);
      const int v = -negamax(game, depth - 1, -beta, -alpha, 1);
      game.undo(m);
      if (stopped_) return best;
      scores[i] = v;
      if (v > best) {
        best = v;
        set_pv(0, m);
        if (v > alpha) alpha = v;
        if (alpha >= beta) break;
      }
    }
    if (tt_ && !root_moves.empty())
      tt_->store(game.key(), depth, best,
                 best >= beta ? Bound::lower : best <= alpha0 ? Bound::upper : Bound::exact,
                 pv_length_[0] ? std::optional<Move>(pv_[0]) : std::nullopt, 0);
    return best;
  }

  [[nodiscard]] std::vector<Move> line() const {
    return std::vector<Move>(pv_.begin(), pv_.begin() + pv_length_[0]);
  }

  int negamax(G& game, int depth, int alpha, int beta, int ply) {
    // 1. count, and honour limits
    ++nodes_;
    pv_length_[ply] = 0;
    if ((node_limit_ && nodes_ > node_limit_) || (stop_ && stop_->load(std::memory_order_relaxed)))
      stopped_ = true;
    if (stopped_) return 0;
    // 2. finished games
    const Outcome outcome = game.outcome();
    if (outcome != Outcome::none) return terminal_score(outcome, ply);
    // 3. the table (Samuel's rote learning: a stored backed-up score stands in for a subtree,
    //    even at the horizon, where it replaces the estimate and so extends the look-ahead)
    std::optional<Move> tt_move;
    const int alpha0 = alpha;
    if (tt_) {
      if (const auto* e = tt_->probe(game.key())) {
        tt_move = e->move;
        if (ply > 0 && e->depth >= depth) {
          const int s = Table::score_at(*e, ply);
          if (e->bound == Bound::exact || (e->bound == Bound::lower && s >= beta) ||
              (e->bound == Bound::upper && s <= alpha)) {
            if (e->move) set_pv(ply, *e->move);
            return s;
          }
        }
      }
    }
    // 4. the horizon
    if (depth <= 0) return static_cast<int>(eval_(std::as_const(game)));
    // 5. moves
    typename G::MoveList moves;
    game.generate_moves(moves);
    if (moves.empty()) return static_cast<int>(eval_(std::as_const(game)));
    // 6. ordering: the hook, then the remembered best move first
    order_(std::as_const(game), moves, ply);
    if (tt_move) {
      auto it = std::find(moves.begin(), moves.end(), *tt_move);
      if (it != moves.end()) std::rotate(moves.begin(), it, it + 1);
    }
    // 7. search
    int best = -kInfinity;
    std::optional<Move> best_move;
    for (const Move& m : moves) {
      game.play(m);
      const int v = -negamax(game, depth - 1, -beta, -alpha, ply + 1);
      game.undo(m);
      if (stopped_) return best == -kInfinity ? 0 : best;
      if (v > best) {
        best = v;
        best_move = m;
        if (v > alpha) {
          alpha = v;
          set_pv(ply, m);
          if (alpha >= beta) break;  // the opponent will not allow this position
        }
      }
    }
    // 8. remember
    if (tt_) {
      const Bound bound = best >= beta ? Bound::lower : best <= alpha0 ? Bound::upper : Bound::exact;
      tt_->store(game.key(), depth, best, bound, best_move, ply);
    }
    return best;
  }

 private:
  void prepare_pv(int depth) {
    const std::size_t plies = static_cast<std::size_t>(std::max(depth, 0)) + 2;
    if (plies > pv_plies_) {
      pv_plies_ = plies;
      pv_.assign(plies * plies, Move{});
      pv_length_.assign(plies, 0);
    }
    std::fill(pv_length_.begin(), pv_length_.end(), 0);
  }
  // Triangular PV table: row `ply` holds the line from that ply; a new best move at `ply` is
  // followed by the line found at ply + 1.
  void set_pv(int ply, const Move& m) {
    const std::size_t row = static_cast<std::size_t>(ply) * pv_plies_;
    const std::size_t next = row + pv_plies_;
    pv_[row] = m;
    int n = 1;
    if (static_cast<std::size_t>(ply + 1) < pv_plies_) {
      for (int i = 0; i < pv_length_[ply + 1]; ++i) pv_[row + 1 + i] = pv_[next + i];
      n += pv_length_[ply + 1];
    }
    pv_length_[ply] = n;
  }

  Eval eval_;
  Order order_;
  Table* tt_ = nullptr;
  std::uint64_t nodes_ = 0;
  std::uint64_t node_limit_ = 0;
  const std::atomic<bool>* stop_ = nullptr;
  bool stopped_ = false;
  std::vector<Move> pv_;
  std::vector<int> pv_length_;
  std::size_t pv_plies_ = 0;
};

template <Game G, class Eval, class Order = NoOrdering>
  requires Evaluation<Eval, G>
SearchResult<typename G::Move> alpha_beta(G& game, int depth, Eval eval, Order order = Order{},
                                          TranspositionTable<typename G::Move>* tt = nullptr) {
  AlphaBeta<G, Eval, Order> ab(std::move(eval), std::move(order), tt);
  return ab.search(game, depth);
}

}  // namespace minimax::search
