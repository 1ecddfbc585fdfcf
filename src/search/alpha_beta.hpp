#pragma once
// Negamax alpha-beta, fail-soft, with a move-ordering hook and an optional transposition table.
//
// The game-tree lecture notes gives alpha-beta as a pair findMax/findMin whose pseudo-code has
// slips (findMin starts at minus infinity and compares with >); here it is the one-function negamax
// form: the value of a position is the maximum over moves of minus the value of the position after
// the move, and a move whose value reaches beta ends the search of the position, since the
// opponent already has a better choice earlier in the tree. Fail-soft: the value returned may lie
// outside (alpha, beta) and is then a bound on the true value, which the table records as such.
//
// API:
//   AlphaBeta<G, Eval, Order, Hooks> ab(eval, order, &tt, hooks);  // order, tt, hooks optional
//   ab.set_node_limit(n); ab.set_stop(&flag);          // optional: stop early (result.stopped)
//   ab.set_max_ply(p);                                 // hooks that search past the depth: how
//                                                      // far, so the principal line is whole
//   SearchResult<Move, Score> r = ab.search(game, depth);  // full window
//   SearchResult<Move, Score> r = ab.search(game, depth, alpha, beta);
//   r = ab.root_values(game, depth, moves, margin, values); // every root move, exact near the best
//   Score v = ab.negamax(game, depth, alpha, beta, ply [, previous]); // one node
//   ab.nodes();  ab.reset_nodes();
//   alpha_beta(game, depth, eval [, order [, tt]])     // convenience wrapper
// With the full window, no table and no hooks it returns exactly minimax()'s root value (tests
// check it on every game), visiting fewer nodes. Scores follow score.hpp (side to move's view);
// Score is int unless the hooks ask for another type. Eval is `eval(const G&)` or
// `eval(G&, int ply)`. The hooks (hooks.hpp) say a machine's own rules: which ends of the game it
// knows and their value (terminal), where it stops (horizon), which moves it searches and whether
// it may stand on the evaluation (select).
//
// Search steps at a node, in order:
//   1. count the node; stop if the node limit or stop flag says so;
//   2. a finished game: the terminal hook (default terminal_score(outcome, ply));
//   3. table probe: a deep enough entry whose bound settles the window answers at once
//      (not at the root, which must produce a move); at the horizon any stored entry is deeper
//      than the estimate, so a stored score replaces it (Samuel's rote learning);
//   4. at the horizon (default depth 0), the evaluation;
//   5. generate moves; none (with no outcome): the evaluation;
//   6. the selection hook drops the moves not searched here; none left: the evaluation; if the
//      side to move may stand pat, the evaluation is the first value (a cutoff if it reaches beta);
//   7. the ordering hook, then the table's best move first;
//   8. search the moves, raising alpha, stopping at beta (fail-soft best);
//   9. store the result with its bound.
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "core/game.hpp"
#include "search/hooks.hpp"
#include "search/score.hpp"
#include "search/transposition_table.hpp"

namespace minimax::search {

template <Game G, class Eval, class Order = NoOrdering, class Hooks = NoHooks>
requires LeafEvaluation<Eval, G>
class AlphaBeta {
 public:
  using Move = typename G::Move;
  using MoveList = typename G::MoveList;
  using Score = score_of<Hooks>;
  using Table = TranspositionTable<Move, Score>;
  using Result = SearchResult<Move, Score>;
  static constexpr Score kInf = score_infinity<Score>();

  explicit AlphaBeta(Eval eval, Order order = Order{}, Table* tt = nullptr, Hooks hooks = Hooks{})
      : eval_(std::move(eval)), order_(std::move(order)), hooks_(std::move(hooks)), tt_(tt) {}

  void set_node_limit(std::uint64_t n) { node_limit_ = n; }
  void set_stop(const std::atomic<bool>* stop) { stop_ = stop; }
  void set_table(Table* tt) { tt_ = tt; }
  // The deepest ply a search may reach (hooks that follow moves past the depth); the principal
  // line is kept to max(depth, this), and cut there if a search goes deeper.
  void set_max_ply(int plies) { max_ply_ = plies; }
  [[nodiscard]] std::uint64_t nodes() const { return nodes_; }
  void reset_nodes() { nodes_ = 0; }
  [[nodiscard]] bool stopped() const { return stopped_; }
  Eval& evaluation() { return eval_; }
  Order& ordering() { return order_; }
  Hooks& hooks() { return hooks_; }

  Result search(G& game, int depth, Score alpha = -kInf, Score beta = kInf) {
    const std::uint64_t before = nodes_;
    stopped_ = false;
    prepare_pv(depth);
    Result r;
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
  Score search_root(G& game, int depth, const MoveList& root_moves, std::vector<Score>& scores,
                    Score alpha = -kInf, Score beta = kInf) {
    stopped_ = false;
    prepare_pv(depth);
    ++nodes_;
    pv_length_[0] = 0;
    const Score alpha0 = alpha;
    scores.assign(root_moves.size(), -kInf);
    Score best = -kInf;
    for (std::size_t i = 0; i < root_moves.size(); ++i) {
      const Move& m = root_moves[i];
      game.play(m);
      const Score v = -negamax(game, depth - 1, -beta, -alpha, 1, &m);
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
                 best >= beta     ? Bound::lower
                 : best <= alpha0 ? Bound::upper
                                  : Bound::exact,
                 pv_length_[0] ? std::optional<Move>(pv_[0]) : std::nullopt, 0);
    return best;
  }

  // The value of every root move, searched in the given order, for a machine that chooses among
  // moves of equal (or nearly equal) value (Shannon, section 7: a random choice among equals).
  // Each move is searched with its window opened just below (best so far - margin), so a move
  // within `margin` of the best gets its exact value and the others an upper bound (a margin of
  // score_infinity gives every move its exact value). values[i] is the value of root_moves[i].
  // The result holds the best value, the principal line of the first best move and the nodes,
  // the root counted. The root itself is not looked up or stored in the table.
  Result root_values(G& game, int depth, const MoveList& root_moves, Score margin,
                     std::vector<Score>& values) {
    const std::uint64_t before = nodes_;
    stopped_ = false;
    prepare_pv(depth);
    ++nodes_;
    pv_length_[0] = 0;
    values.assign(root_moves.size(), -kInf);
    Result r;
    Score best = -kInf;
    for (std::size_t i = 0; i < root_moves.size(); ++i) {
      const Move& m = root_moves[i];
      const Score alpha = (best == -kInf || margin >= kInf) ? -kInf : below<Score>(best - margin);
      game.play(m);
      const Score v = -negamax(game, depth - 1, -kInf, -alpha, 1, &m);
      game.undo(m);
      if (stopped_) break;
      values[i] = v;
      if (v > best) {
        best = v;
        set_pv(0, m);
      }
    }
    r.score = best;
    r.line = line();
    if (!r.line.empty()) r.best = r.line.front();
    r.nodes = nodes_ - before;
    r.depth = depth;
    r.stopped = stopped_;
    return r;
  }

  [[nodiscard]] std::vector<Move> line() const {
    return std::vector<Move>(pv_.begin(), pv_.begin() + pv_length_[0]);
  }

  // One node: `ply` plies from the root, reached by `previous` (nullptr: unknown, or the root).
  Score negamax(G& game, int depth, Score alpha, Score beta, int ply,
                const Move* previous = nullptr) {
    // 1. count, and honour limits
    ++nodes_;
    if (static_cast<std::size_t>(ply) < pv_plies_) pv_length_[ply] = 0;
    if ((node_limit_ && nodes_ > node_limit_) || (stop_ && stop_->load(std::memory_order_relaxed)))
      stopped_ = true;
    if (stopped_) return 0;
    // 2. finished games
    if (const std::optional<Score> end = terminal(game, ply)) return *end;
    // 3. the table (Samuel's rote learning: a stored backed-up score stands in for a subtree,
    //    even at the horizon, where it replaces the estimate and so extends the look-ahead)
    std::optional<Move> tt_move;
    const Score alpha0 = alpha;
    if (tt_) {
      if (const auto* e = tt_->probe(game.key())) {
        tt_move = e->move;
        if (ply > 0 && e->depth >= depth) {
          const Score s = Table::score_at(*e, ply);
          if (e->bound == Bound::exact || (e->bound == Bound::lower && s >= beta) ||
              (e->bound == Bound::upper && s <= alpha)) {
            if (e->move) set_pv(ply, *e->move);
            return s;
          }
        }
      }
    }
    // 4. the horizon
    if (at_horizon(game, depth, ply)) return evaluate(game, ply);
    // 5. moves
    MoveList moves;
    game.generate_moves(moves);
    if (moves.empty()) return evaluate(game, ply);
    // 6. selection: the moves searched here, and perhaps the evaluation as a choice of its own
    Score best = -kInf;
    std::optional<Move> best_move;
    if constexpr (requires { hooks_.select(game, moves, depth, ply, previous); }) {
      const bool stand_pat = hooks_.select(game, moves, depth, ply, previous);
      if (moves.empty()) return evaluate(game, ply);
      if (stand_pat) {
        best = evaluate(game, ply);
        if (best >= beta) return best;
        if (best > alpha) alpha = best;
      }
    }
    // 7. ordering: the hook, then the remembered best move first
    order_(std::as_const(game), moves, ply);
    if (tt_move) {
      auto it = std::find(moves.begin(), moves.end(), *tt_move);
      if (it != moves.end()) std::rotate(moves.begin(), it, it + 1);
    }
    // 8. search
    for (const Move& m : moves) {
      game.play(m);
      const Score v = -negamax(game, depth - 1, -beta, -alpha, ply + 1, &m);
      game.undo(m);
      if (stopped_) return best == -kInf ? 0 : best;
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
    // 9. remember
    if (tt_) {
      const Bound bound = best >= beta     ? Bound::lower
                          : best <= alpha0 ? Bound::upper
                                           : Bound::exact;
      tt_->store(game.key(), depth, best, bound, best_move, ply);
    }
    return best;
  }

 private:
  std::optional<Score> terminal(G& game, int ply) {
    if constexpr (requires { hooks_.terminal(game, ply); }) {
      return hooks_.terminal(game, ply);
    } else {
      const Outcome outcome = game.outcome();
      if (outcome == Outcome::none) return std::nullopt;
      return static_cast<Score>(terminal_score(outcome, ply));
    }
  }
  bool at_horizon(G& game, int depth, int ply) {
    if constexpr (requires { hooks_.horizon(game, depth, ply); })
      return hooks_.horizon(game, depth, ply);
    else
      return depth <= 0;
  }
  Score evaluate(G& game, int ply) {
    if constexpr (PlyEvaluation<Eval, G>)
      return static_cast<Score>(eval_(game, ply));
    else
      return static_cast<Score>(eval_(std::as_const(game)));
  }

  void prepare_pv(int depth) {
    const std::size_t plies = static_cast<std::size_t>(std::max({depth, max_ply_, 0})) + 2;
    if (plies > pv_plies_) {
      pv_plies_ = plies;
      pv_.assign(plies * plies, Move{});
      pv_length_.assign(plies, 0);
    }
    std::fill(pv_length_.begin(), pv_length_.end(), 0);
  }
  // Triangular PV table: row `ply` holds the line from that ply; a new best move at `ply` is
  // followed by the line found at ply + 1. A ply beyond the table is not recorded.
  void set_pv(int ply, const Move& m) {
    if (static_cast<std::size_t>(ply) >= pv_plies_) return;
    const std::size_t row = static_cast<std::size_t>(ply) * pv_plies_;
    const std::size_t next = row + pv_plies_;
    pv_[row] = m;
    int n = 1;
    if (static_cast<std::size_t>(ply + 1) < pv_plies_) {
      const int tail = std::min<int>(pv_length_[ply + 1], static_cast<int>(pv_plies_) - 1 - ply);
      for (int i = 0; i < tail; ++i) pv_[row + 1 + i] = pv_[next + i];
      n += tail;
    }
    pv_length_[ply] = n;
  }

  Eval eval_;
  Order order_;
  Hooks hooks_;
  Table* tt_ = nullptr;
  std::uint64_t nodes_ = 0;
  std::uint64_t node_limit_ = 0;
  const std::atomic<bool>* stop_ = nullptr;
  bool stopped_ = false;
  int max_ply_ = 0;
  std::vector<Move> pv_;
  std::vector<int> pv_length_;
  std::size_t pv_plies_ = 0;
};

template <Game G, class Eval, class Order = NoOrdering>
requires Evaluation<Eval, G> SearchResult<typename G::Move> alpha_beta(
    G& game, int depth, Eval eval, Order order = Order{},
    TranspositionTable<typename G::Move>* tt = nullptr) {
  AlphaBeta<G, Eval, Order> ab(std::move(eval), std::move(order), tt);
  return ab.search(game, depth);
}

}  // namespace minimax::search
