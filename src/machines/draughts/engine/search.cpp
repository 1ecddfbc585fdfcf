// The draughts engine's search as a numbered recipe (DESIGN.md; the chess engine's
// src/machines/chess/engine/search.cpp is the model). Each step says what it buys; the steps that
// can be switched off for measurement carry their number in search.hpp's Step (option "Disable
// Steps", bit n = step n). Measurements are in docs/draughts-engine.md.
//
// What is left out from the chess recipe, and why: null-move pruning (draughts is full of
// zugzwang: passing is often the best "move" and never legal); static exchange evaluation and
// check extensions (no checks; captures are compulsory, so a capture pending is searched anyway).
#include "machines/draughts/engine/search.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <thread>

#include "machines/draughts/engine/nnue.hpp"

namespace minimax::draughts::engine {

namespace {

constexpr std::uint8_t kExact = 1, kLower = 2, kUpper = 3;

int to_tt(int score, int ply) {
  if (score >= kDbWin - 1000) return score + ply;
  if (score <= -(kDbWin - 1000)) return score - ply;
  return score;
}
int from_tt(int score, int ply) {
  if (score >= kDbWin - 1000) return score - ply;
  if (score <= -(kDbWin - 1000)) return score + ply;
  return score;
}

bool crowns(const Draughts& p, const Move& m) {
  return !(p.kings() & bit(m.from)) &&
         (bit(m.to) & (p.side_to_move() == kBlack ? kBottomRow : kTopRow));
}

}  // namespace

// One thread's search: its own position, accumulators, killers, history and principal variation;
// the table, the databases, the network and the limits are the Engine's.
class Engine::Worker {
 public:
  Worker(Engine& engine, int id)
      : e_(engine), id_(id), acc_(kMaxPly + 2), pending_(kMaxPly + 2), acc_ready_(kMaxPly + 2, 0) {}

  void clear_history() {
    for (auto& side : history_)
      for (auto& from : side)
        for (int& h : from) h = 0;
  }

  // Iterative deepening from `position` up to `max_depth`. The main thread (id 0) fills `result`
  // and reports each iteration; a helper (result nullptr) searches the same root to fill the
  // shared table.
  void iterate(const Draughts& position, const Limits& limits, int max_depth, std::int64_t optimum,
               EngineResult* result, const std::function<void(const Iteration&)>& on_iteration);

  // Read by the main thread while the helpers count (a relaxed load and store, not a locked add:
  // only this thread writes it).
  [[nodiscard]] std::uint64_t nodes() const { return nodes_.load(std::memory_order_relaxed); }

 private:
  [[nodiscard]] bool is_main() const { return id_ == 0; }
  int search(Draughts& p, int alpha, int beta, int depth, int ply, bool pv_node);
  void order(const Draughts& p, Draughts::MoveList& moves, const Move* tt_move, int ply,
             int* scores) const;
  void check_limits();
  // The position's static evaluation at `ply` (the network's accumulator of that ply, or the
  // hand-set weights).
  int static_eval(const Draughts& p, int ply);

  Engine& e_;
  int id_;
  // One a ply: the accumulator of the position at that ply, brought up to date only when that
  // position is evaluated (lazily: a node settled by the table, the databases or a cut-off before
  // its evaluation costs no update). pending_[ply] is the move that led to it.
  struct Pending {
    Move move{};
    Bits kings_before = 0;
    Side mover = Side::first;
  };
  std::vector<nn::Accumulator> acc_;
  std::vector<Pending> pending_;
  std::vector<std::uint8_t> acc_ready_;
  std::atomic<std::uint64_t> nodes_{0};
  bool stopped_ = false;
  Move killers_[kMaxPly + 1][2]{};
  int history_[2][32][32]{};
  Move pv_[kMaxPly + 1][kMaxPly + 1]{};
  int pv_length_[kMaxPly + 1]{};
};

Engine::Engine() {
  set_hash(16);
  set_threads(1);
}

Engine::~Engine() = default;

void Engine::set_threads(int n) {
  n = std::clamp(n, 1, 256);
  if (static_cast<int>(workers_.size()) == n) return;
  workers_.clear();
  for (int i = 0; i < n; ++i) workers_.push_back(std::make_unique<Worker>(*this, i));
}

int Engine::Worker::static_eval(const Draughts& p, int ply) {
  if (!e_.net_) return evaluate(p, e_.weights_);
  const auto at = static_cast<std::size_t>(ply);
  if (!acc_ready_[at]) {
    std::size_t from = at;
    while (!acc_ready_[from]) --from;  // the root's is always ready
    for (std::size_t j = from + 1; j <= at; ++j) {
      const Pending& q = pending_[j];
      net_play(*e_.net_, q.kings_before, q.mover, q.move, acc_[j - 1], acc_[j]);
      acc_ready_[j] = 1;
    }
  }
  return net_score(*e_.net_, acc_[at], p);
}

std::uint64_t Engine::nodes_searched() const {
  std::uint64_t n = 0;
  for (const auto& w : workers_) n += w->nodes();
  return n;
}

void Engine::set_hash(int megabytes) {
  const std::size_t bytes = static_cast<std::size_t>(std::max(1, megabytes)) << 20;
  std::size_t n = 1;
  while (n * 2 * sizeof(Slot) <= bytes) n *= 2;
  tt_ = std::make_unique<Slot[]>(n);
  tt_size_ = n;
}

void Engine::clear() {
  for (std::size_t i = 0; i < tt_size_; ++i) {
    tt_[i].check.store(0, std::memory_order_relaxed);
    tt_[i].data.store(0, std::memory_order_relaxed);
  }
  for (auto& w : workers_) w->clear_history();
}

// A slot's data word: the score (16 bits), the depth (8), the bound (2), the move's from and to
// (5 each) and the men it takes (24: a man taken stands off the edge rows, squares 4-27).
namespace {

std::uint64_t pack_slot(int score, int depth, int bound, const Move& m) {
  return static_cast<std::uint16_t>(static_cast<std::int16_t>(score)) |
         static_cast<std::uint64_t>(static_cast<std::uint8_t>(static_cast<std::int8_t>(depth)))
             << 16 |
         static_cast<std::uint64_t>(bound) << 24 | static_cast<std::uint64_t>(m.from) << 26 |
         static_cast<std::uint64_t>(m.to) << 31 |
         static_cast<std::uint64_t>((m.captured >> 4) & 0xFFFFFFu) << 36;
}

}  // namespace

bool Engine::probe(std::uint64_t key, TtEntry& out) const {
  const Slot& slot = tt_[key & (tt_size_ - 1)];
  const std::uint64_t data = slot.data.load(std::memory_order_relaxed);
  const std::uint64_t check = slot.check.load(std::memory_order_relaxed);
  out.bound = static_cast<int>((data >> 24) & 3);
  if ((check ^ data) != key || out.bound == 0) return false;
  out.score = static_cast<std::int16_t>(data & 0xFFFF);
  out.depth = static_cast<std::int8_t>((data >> 16) & 0xFF);
  out.move.from = static_cast<std::uint8_t>((data >> 26) & 31);
  out.move.to = static_cast<std::uint8_t>((data >> 31) & 31);
  out.move.captured = static_cast<Bits>(((data >> 36) & 0xFFFFFFu) << 4);
  return true;
}

void Engine::store(std::uint64_t key, int depth, int score, int bound, const Move* move, int ply) {
  Slot& slot = tt_[key & (tt_size_ - 1)];
  TtEntry old;
  const bool same = probe(key, old);
  if (same && old.depth > depth && old.bound == kExact) return;
  const Move m = move ? *move : same ? old.move : Move{};
  const std::uint64_t data = pack_slot(to_tt(score, ply), std::clamp(depth, -1, 127), bound, m);
  slot.data.store(data, std::memory_order_relaxed);
  slot.check.store(key ^ data, std::memory_order_relaxed);
}

void Engine::Worker::check_limits() {
  if (e_.stop_all_.load(std::memory_order_relaxed)) stopped_ = true;
  if (!is_main()) return;
  const std::uint64_t n = nodes();
  if (e_.node_limit_ && n >= e_.node_limit_) stopped_ = true;
  if ((n & 1023) != 0) return;
  if (e_.stop_ && e_.stop_->load(std::memory_order_relaxed)) stopped_ = true;
  if (e_.timed_ && elapsed_ms(e_.start_) >= e_.hard_ms_) stopped_ = true;
}

// Move ordering: the table's move, then captures (more men taken first), then the killers of this
// ply, then by history (quiet moves that caused cut-offs before, anywhere in the tree).
void Engine::Worker::order(const Draughts& p, Draughts::MoveList& moves, const Move* tt_move,
                           int ply, int* scores) const {
  const int side = p.side_to_move() == kBlack ? 0 : 1;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const Move& m = moves[i];
    int s;
    if (tt_move && m == *tt_move)
      s = 1 << 30;
    else if (m.captured)
      s = (1 << 29) + count(m.captured) * 64 + count(m.captured & p.kings()) * 16;
    else if (e_.on(kKillers) && m == killers_[ply][0])
      s = (1 << 28) + 1;
    else if (e_.on(kKillers) && m == killers_[ply][1])
      s = 1 << 28;
    else
      s = e_.on(kHistory) ? history_[side][m.from][m.to] : 0;
    if (crowns(p, m)) s += 1 << 20;
    scores[i] = s;
  }
}

EngineResult Engine::search(const Draughts& position, const Limits& limits,
                            const std::function<void(const Iteration&)>& on_iteration) {
  start_ = now();
  EngineResult result;
  Draughts p = position;
  Draughts::MoveList root;
  p.generate_moves(root);
  if (root.empty() || p.outcome() != Outcome::none) {
    result.score = root.empty() ? -kMate : 0;
    return result;
  }
  result.best = root[0];
  result.has_move = true;
  result.pv = {root[0]};

  // 0. The databases at the root: a position they hold is played from their values and
  //    distances alone (a won one is converted without fail, however deep the win).
  if (on(kDatabase))
    if (auto r = database_move(position)) {
      r->time_ms = elapsed_ms(start_);
      if (on_iteration) on_iteration({0, r->score, 0, r->time_ms, r->pv});
      return *r;
    }
  if (root.size() == 1 && !limits.depth && !limits.nodes) {  // only one move: no need to think
    result.depth = 1;
    return result;
  }

  // The reduction table, built again only when Search LMR has changed since the last search.
  if (reduction_lmr_ != params_.lmr) {
    for (int d = 0; d < 64; ++d)
      for (int m = 0; m < 64; ++m)
        reduction_[d][m] =
            d == 0 || m == 0
                ? 1
                : std::max(1, static_cast<int>(params_.lmr / 100.0 *
                                               (0.25 + std::log(d) * std::log(m + 1) / 2.25)));
    reduction_lmr_ = params_.lmr;
  }

  // Time: the clock gives an optimum (between iterations) and a hard maximum (checked in the tree).
  stop_all_.store(false);
  stop_ = limits.stop;
  node_limit_ = limits.nodes.value_or(0);
  timed_ = false;
  std::int64_t optimum = 0;
  const int us = p.side_to_move() == kBlack ? 0 : 1;
  if (limits.movetime_ms) {
    timed_ = true;
    hard_ms_ = std::max<std::int64_t>(1, *limits.movetime_ms - overhead_ms_);
    optimum = hard_ms_;
  } else if (limits.time_left_ms[us] && !limits.infinite) {
    timed_ = true;
    const std::int64_t left = std::max<std::int64_t>(1, *limits.time_left_ms[us] - overhead_ms_);
    const std::int64_t inc = limits.increment_ms[us];
    const int to_go = limits.moves_to_go.value_or(25);
    optimum = std::max<std::int64_t>(1, left / std::max(1, to_go) + inc * 3 / 4);
    hard_ms_ = std::max<std::int64_t>(1, std::min(left / 3, optimum * 3));
    optimum = std::min(optimum, hard_ms_);
  }
  const int max_depth = std::min(limits.depth.value_or(kMaxPly - 8), kMaxPly - 8);

  // Lazy SMP: the helpers search the same root into the shared table until the main thread is
  // done; only the main thread's result is played.
  std::vector<std::thread> helpers;
  for (std::size_t i = 1; i < workers_.size(); ++i)
    helpers.emplace_back(
        [&, i] { workers_[i]->iterate(position, limits, max_depth, optimum, nullptr, {}); });
  workers_[0]->iterate(position, limits, max_depth, optimum, &result, on_iteration);
  stop_all_.store(true);
  for (auto& t : helpers) t.join();
  result.nodes = nodes_searched();
  result.time_ms = elapsed_ms(start_);
  return result;
}

void Engine::Worker::iterate(const Draughts& position, const Limits& limits, int max_depth,
                             std::int64_t optimum, EngineResult* result,
                             const std::function<void(const Iteration&)>& on_iteration) {
  Draughts p = position;
  nodes_.store(0, std::memory_order_relaxed);
  stopped_ = false;
  for (auto& k : killers_) k[0] = k[1] = Move{};
  // Age the history so old successes count less than new ones.
  for (auto& side : history_)
    for (auto& from : side)
      for (int& h : from) h /= 8;
  if (e_.net_) {
    net_refresh(*e_.net_, p, acc_[0]);
    acc_ready_[0] = 1;
  }

  // 1. Iterative deepening: each depth orders the next (table, killers, history), and a stop
  //    at any time leaves the best move of the deepest completed iteration. Helpers on odd ids
  //    start a ply deeper, so the threads spread over depths.
  int previous = 0;
  for (int depth = 1 + (id_ % 2); depth <= max_depth; ++depth) {
    // 2. Aspiration windows: search near the previous score; outside it, widen and search again.
    int delta = 30;
    int alpha = -kInfinite, beta = kInfinite;
    if (e_.on(kAspiration) && depth >= 4 && !is_decisive(previous)) {
      alpha = previous - delta;
      beta = previous + delta;
    }
    int score;
    while (true) {
      score = search(p, alpha, beta, depth, 0, true);
      if (stopped_) {
        // Stopped inside an iteration: a root move searched to the end that beat the window's
        // alpha (pv_[0] is set only then) is better at this depth than the last iteration's best.
        if (result && pv_length_[0] > 0 && depth > 1) {
          result->pv.assign(pv_[0], pv_[0] + pv_length_[0]);
          result->best = result->pv[0];
        }
        break;
      }
      if (score <= alpha) {
        alpha = std::max(-kInfinite, score - delta);
      } else if (score >= beta) {
        beta = std::min(kInfinite, score + delta);
      } else {
        break;
      }
      delta *= 3;
      if (delta > 1000) alpha = -kInfinite, beta = kInfinite;
    }
    if (stopped_) break;
    previous = score;
    if (!result) continue;
    result->score = score;
    result->depth = depth;
    result->pv.assign(pv_[0], pv_[0] + pv_length_[0]);
    if (!result->pv.empty()) result->best = result->pv[0];
    result->nodes = e_.nodes_searched();
    result->time_ms = elapsed_ms(e_.start_);
    if (on_iteration) on_iteration({depth, score, result->nodes, result->time_ms, result->pv});
    // A decisive result well inside the depth will not change.
    if (std::abs(score) >= kMate - kMaxPly && kMate - std::abs(score) < depth) break;
    // A fixed time a move is used to its end (the hard limit stops the search); with a clock, a
    // new iteration starts only while less than half the optimum is spent.
    if (e_.timed_ && !limits.infinite && !limits.movetime_ms && result->time_ms >= optimum / 2)
      break;
  }
}

int Engine::Worker::search(Draughts& p, int alpha, int beta, int depth, int ply, bool pv_node) {
  pv_length_[ply] = 0;
  if (stopped_) return 0;  // a re-search after the stop (PVS, LMR) counts no node
  nodes_.store(nodes() + 1, std::memory_order_relaxed);
  check_limits();
  if (stopped_) return 0;

  // 3. Draws in the tree: the 40-move rule, and a repetition (once is enough: a side that liked
  //    the position once can repeat it again).
  if (ply > 0) {
    const DrawRules& rules = p.draw_rules();
    if (rules.move_limit > 0 && p.quiet_plies() >= 2 * rules.move_limit) return 0;
    if (rules.threefold && p.quiet_plies() >= 4 && p.repetitions() >= 2) return 0;
  }
  if (ply >= kMaxPly - 1) return static_eval(p, ply);

  // 4. The endgame databases: a position they hold has its exact value (win, draw or loss;
  //    quicker wins score higher). Any slice on disk is complete (a slice is written only when
  //    every slice it leads to is), so a folder with some slices of N + 1 pieces serves those.
  const egdb::Database* db = e_.db_;
  if (ply > 0 && e_.on(kDatabase) && db && count(p.black() | p.white()) <= db->largest_slice()) {
    if (const auto v = db->probe(p)) {
      if (*v == egdb::Value::draw) return 0;
      return *v == egdb::Value::win ? kDbWin - ply : -kDbWin + ply;
    }
  }

  // 5. The transposition table: a stored result deep enough settles the node (not on the
  //    principal variation, which stays whole); its move is searched first anyway. (Another
  //    thread may have written the slot: its move is only a hint, tried if it is among the
  //    moves generated here.)
  const int alpha0 = alpha;
  Move tt_move{};
  bool has_tt_move = false;
  if (TtEntry e; e_.probe(p.key(), e)) {
    has_tt_move = e.move.from != e.move.to || e.move.captured;
    tt_move = e.move;
    const int s = from_tt(e.score, ply);
    if (!pv_node && e_.on(kTableCutoffs) && e.depth >= depth &&
        (e.bound == kExact || (e.bound == kLower && s >= beta) ||
         (e.bound == kUpper && s <= alpha)))
      return s;
  }

  Draughts::MoveList moves;
  p.generate_moves(moves);
  if (moves.empty()) return -kMate + ply;  // no move: lost
  const bool captures = moves[0].captured != 0;

  // 6. The horizon: a capture pending is always searched (the capture is compulsory, so this is
  //    the quiescence search of draughts); a quiet position is evaluated.
  if (depth <= 0 && !captures) return static_eval(p, ply);
  if (depth < 0) depth = 0;

  // 7. Reverse futility: far above beta near the horizon with nothing to take, the opponent's
  //    reply is unlikely to bring the score back.
  if (e_.on(kReverseFutility) && !pv_node && depth <= e_.params_.rfp_depth && !captures &&
      !is_decisive(beta)) {
    const int eval = static_eval(p, ply);
    if (eval - e_.params_.rfp_margin * depth >= beta) return eval;
  }

  // Internal iterative reduction: a node the table knows nothing about, deep enough, is
  // searched a ply shallower (its move ordering is the poorest).
  if (e_.params_.iir_depth && !has_tt_move && depth >= e_.params_.iir_depth) --depth;

  // 8. Single-reply extension: a forced move (often a capture) costs the opponent nothing to
  //    answer, so look one ply further.
  int extension = 0;
  if (e_.on(kSingleReply) && moves.size() == 1 && ply < 2 * kMaxPly / 3) extension = 1;

  int scores[kMaxMoves];
  order(p, moves, has_tt_move ? &tt_move : nullptr, ply, scores);

  int best = -kInfinite;
  Move best_move{};
  const int side = p.side_to_move() == kBlack ? 0 : 1;
  Draughts::MoveList quiets;  // uninitialised storage: an array of Move would be zeroed each node
  for (std::size_t i = 0; i < moves.size(); ++i) {
    // Selection sort, one step: the best remaining move.
    std::size_t pick = i;
    for (std::size_t j = i + 1; j < moves.size(); ++j)
      if (scores[j] > scores[pick]) pick = j;
    std::swap(moves[i], moves[pick]);
    std::swap(scores[i], scores[pick]);
    const Move m = moves[i];
    const bool quiet = !m.captured && !crowns(p, m);
    const int new_depth = depth - 1 + extension;
    if (e_.net_) {
      const auto child = static_cast<std::size_t>(ply) + 1;
      pending_[child] = {m, p.kings(), p.side_to_move()};
      acc_ready_[child] = 0;
    }
    p.play(m);
    int score;
    // 9. Late-move reductions: quiet moves late in a well-ordered list are searched shallower
    //    (more plies the deeper the node and the later the move) with a null window; one that
    //    beats alpha there is searched again in full.
    bool full = true;
    if (e_.on(kReductions) && depth >= e_.params_.lmr_min_depth &&
        i >= static_cast<std::size_t>(e_.params_.lmr_min_move) && quiet &&
        !(e_.on(kKillers) && (m == killers_[ply][0] || m == killers_[ply][1]))) {
      int r = e_.params_.lmr == 0
                  ? 1 + (i >= 8 && depth >= 6 ? 1 : 0)
                  : e_.reduction_[std::min(depth, 63)][std::min<std::size_t>(i, 63)];
      if (pv_node) r -= e_.params_.lmr_pv;
      if (e_.params_.lmr_history) r -= history_[side][m.from][m.to] / e_.params_.lmr_history;
      if (r > 0) {
        score = -search(p, -alpha - 1, -alpha, new_depth - r, ply + 1, false);
        full = score > alpha;
      }
    }
    if (full) {
      // 10. Principal variation search: after the first move, prove the others no better
      //     with a null window; search again with the full window only if one is.
      if (e_.on(kPvs) && i > 0) {
        score = -search(p, -alpha - 1, -alpha, new_depth, ply + 1, false);
        if (score > alpha && score < beta && pv_node)
          score = -search(p, -beta, -alpha, new_depth, ply + 1, true);
      } else {
        score = -search(p, -beta, -alpha, new_depth, ply + 1, pv_node);
      }
    }
    p.undo(m);
    if (stopped_) return best == -kInfinite ? 0 : best;
    if (score > best) {
      best = score;
      best_move = m;
      if (score > alpha) {
        alpha = score;
        pv_[ply][0] = m;
        for (int k = 0; k < pv_length_[ply + 1]; ++k) pv_[ply][k + 1] = pv_[ply + 1][k];
        pv_length_[ply] = pv_length_[ply + 1] + 1;
        if (alpha >= beta) break;
      }
    }
    if (quiet) quiets.push_back(m);
  }

  // 11. Killers, and 12. history: a quiet move that cuts off becomes a killer at this ply, and
  //     its history grows (the quiet moves tried before it shrink); both order later searches.
  //     (The move that cuts off leaves the loop before it joins `quiets`: its reward is its own.)
  if (best >= beta && !best_move.captured) {
    if (e_.on(kKillers) && !(killers_[ply][0] == best_move)) {
      killers_[ply][1] = killers_[ply][0];
      killers_[ply][0] = best_move;
    }
    if (e_.on(kHistory)) {
      const int bonus = std::min(depth * depth, 400);
      int& good = history_[side][best_move.from][best_move.to];
      good += bonus - good * bonus / 16384;
      for (const Move& q : quiets) {
        int& h = history_[side][q.from][q.to];
        h -= bonus + h * bonus / 16384;
      }
    }
  }
  const int bound = best >= beta ? kLower : best > alpha0 ? kExact : kUpper;
  e_.store(p.key(), depth, best, bound,
           best_move.from != best_move.to || best_move.captured ? &best_move : nullptr, ply);
  return best;
}

std::optional<EngineResult> Engine::database_move(const Draughts& position) const {
  if (!db_ || db_->largest_slice() < count(position.black() | position.white()))
    return std::nullopt;
  const auto root = db_->probe(position);
  if (!root || *root == egdb::Value::draw) return std::nullopt;  // draws: the search chooses
  Draughts p = position;
  Draughts::MoveList moves;
  p.generate_moves(moves);
  if (moves.empty()) return std::nullopt;
  EngineResult r;
  long best_key = -1;
  for (const Move& m : moves) {
    const bool converts = m.captured || crowns(p, m);
    p.play(m);
    const auto v = db_->probe(p);
    const auto d = db_->conversion_distance(p);
    p.undo(m);
    if (!v) return std::nullopt;
    if (!converts && *v != egdb::Value::draw && !d) return std::nullopt;  // no distances
    long key;
    if (*v == egdb::Value::loss)
      key = converts ? 3'000'000 : 2'000'000 - *d;  // we win
    else if (*v == egdb::Value::draw)
      key = 1'000'000;
    else
      key = converts ? 0 : 1000 + *d;  // we lose: resist longest
    if (key > best_key) {
      best_key = key;
      r.best = m;
    }
  }
  r.has_move = true;
  r.from_database = true;
  r.pv = {r.best};
  const int d = db_->conversion_distance(position).value_or(0);
  r.score = *root == egdb::Value::win ? kDbWin - d : -kDbWin + d;
  return r;
}

}  // namespace minimax::draughts::engine
