// The engine's search as a numbered recipe (DESIGN.md). Each step says what it buys; where a
// step was measured, "Measured" gives what it is worth: the engine against itself with that step
// switched off (UCI option Disable Steps; `bench/bench_engine_match.sh without-N 40 4+0.04`),
// 40 games at 4+0.04, fastchess's Elo with its 95% error, measured on 2026-11-22 with the starting
// evaluation table. Forty games give error bars of 50-90 Elo: the figures separate the large
// steps (late-move reductions, shallow-depth pruning) from the rest, no more. Steps 8, 12, 13
// and 15b (switch 19) were not measured in the time there was.
#include "machines/chess/engine/search.hpp"

#include <algorithm>
#include <cmath>

#include "machines/chess/engine/evaluate.hpp"
#include "machines/chess/engine/move_picker.hpp"
#include "machines/chess/engine/see.hpp"

namespace minimax::chess::engine {

namespace {

// Late-move reduction table: reductions grow with the logarithm of both the depth and the
// move number (the later a move comes in a well-ordered list, the less likely it is best).
// Built on the engine's first search, not at every start of minimax (132 KB: 33 page faults, and
// 33,000 logarithms when each entry took its own two); the logarithms are taken once each, and
// each entry is the same expression of the same two values as before, so the same number.
struct Reductions {
  int table[kMaxPly + 1][256];
  Reductions() {
    static_assert(kMaxPly < 256);
    double log_of[256];
    for (int n = 0; n < 256; ++n) log_of[n] = n == 0 ? 0.0 : std::log(n);
    for (int d = 0; d <= kMaxPly; ++d)
      for (int m = 0; m < 256; ++m)
        table[d][m] =
            (d == 0 || m == 0) ? 0 : static_cast<int>(0.75 + log_of[d] * log_of[m] / 2.25);
  }
};

int reduction(int depth, int move_count) {
  static const Reductions reductions;
  return reductions.table[std::min(depth, kMaxPly)][std::min(move_count, 255)];
}

int lmp_limit(int depth, bool improving) {
  return improving ? 3 + depth * depth : (3 + depth * depth) / 2;
}

bool has_non_pawn_material(const Position& pos, Color c) {
  return (pos.pieces(c) & ~pos.pieces(c, pawn) & ~pos.pieces(c, king)) != 0;
}

}  // namespace

std::uint64_t SharedSearch::total_nodes() const {
  std::uint64_t n = 0;
  if (workers)
    for (const auto& w : *workers) n += w->nodes();
  return n;
}

std::uint64_t SharedSearch::total_tbhits() const {
  std::uint64_t n = root_tbhits;
  if (workers)
    for (const auto& w : *workers) n += w->tbhits();
  return n;
}

Worker::Worker(int id, SharedSearch& shared)
    : id_(id),
      shared_(shared),
      hist_(std::make_unique<Histories>()),
      acc_(kMaxPly + 8),
      net_changes_(kMaxPly + 8),
      acc_ready_(kMaxPly + 8, 0) {
  hist_->clear();
}

int Worker::static_eval(int ply) {
  if (!shared_.net) return evaluate(pos_);
  const auto at = static_cast<std::size_t>(ply);
  if (!acc_ready_[at]) {
    std::size_t from = at;
    while (!acc_ready_[from]) --from;  // the root's is always ready
    for (std::size_t j = from + 1; j <= at; ++j) {
      net_apply(*shared_.net, net_changes_[j], acc_[j - 1], acc_[j]);
      acc_ready_[j] = 1;
    }
  }
  return net_score(*shared_.net, acc_[at], pos_.side(), popcount(pos_.pieces()));
}

void Worker::play(Move m, int ply) {
  if (shared_.net) {
    net_changes_[static_cast<std::size_t>(ply)] = net_change(pos_, m);
    acc_ready_[static_cast<std::size_t>(ply)] = 0;
  }
  pos_.play(m);
}

void Worker::play_null(int ply) {
  if (shared_.net) {
    net_changes_[static_cast<std::size_t>(ply)] = NetChange{};
    acc_ready_[static_cast<std::size_t>(ply)] = 0;
  }
  pos_.play_null();
}

void Worker::set_position(const Position& pos, const std::vector<Move>& root_moves,
                          const std::vector<int>& tb_scores) {
  pos_ = pos;
  root_moves_.clear();
  for (std::size_t i = 0; i < root_moves.size(); ++i) {
    const Move m = root_moves[i];
    RootMove rm{m, -kInfinite, -kInfinite, -kInfinite, 0, kBoundExact, {m}};
    if (i < tb_scores.size()) rm.tb_score = tb_scores[i];
    root_moves_.push_back(std::move(rm));
  }
  nodes_.store(0, std::memory_order_relaxed);
  tbhits_.store(0, std::memory_order_relaxed);
  completed_depth_ = 0;
}

void Worker::check_time() {
  if (!is_main()) return;
  if (shared_.node_limit && shared_.total_nodes() >= *shared_.node_limit) shared_.stop = true;
  if ((nodes_.load(std::memory_order_relaxed) & 1023) != 0) return;
  if (shared_.external_stop && shared_.external_stop->load(std::memory_order_relaxed))
    shared_.stop = true;
  if (!shared_.pondering.load(std::memory_order_relaxed) && shared_.time.hard_stop())
    shared_.stop = true;
}

void Worker::update_pv(int ply, Move m) {
  pv_[ply][0] = m;
  for (int i = 0; i < pv_length_[ply + 1]; ++i) pv_[ply][i + 1] = pv_[ply + 1][i];
  pv_length_[ply] = pv_length_[ply + 1] + 1;
}

void Worker::update_continuation(Stack* ss, Piece p, Square to, int bonus) {
  // One and two plies back: "after that reply, this move was good".
  for (int back : {1, 2}) {
    Stack* prev = ss - back;
    if (prev->ply >= 0 && prev->move && prev->move != Move::null() && prev->cont)
      history_update((*prev->cont)[p][to], bonus);
  }
}

void Worker::update_quiet_histories(Stack* ss, Move best, int depth, const Move* quiets,
                                    int quiet_count) {
  const int bonus = history_bonus(depth);
  const Color us = pos_.side();
  if (ss->killers[0] != best) {
    ss->killers[1] = ss->killers[0];
    ss->killers[0] = best;
  }
  Stack* prev = ss - 1;
  if (prev->move && prev->move != Move::null()) hist_->counter[prev->piece][prev->move.to()] = best;
  history_update(hist_->butterfly[us][best.from()][best.to()], bonus);
  update_continuation(ss, pos_.moved_piece(best), best.to(), bonus);
  for (int i = 0; i < quiet_count; ++i) {
    const Move m = quiets[i];
    history_update(hist_->butterfly[us][m.from()][m.to()], -bonus);
    update_continuation(ss, pos_.moved_piece(m), m.to(), -bonus);
  }
}

void Worker::iterative_deepening() {
  Stack* ss = stack_ + 4;
  for (int i = 0; i < kMaxPly + 8; ++i) stack_[i] = Stack{};
  for (int i = 0; i < 4; ++i) stack_[i].ply = -1;
  for (int i = 0; i < kMaxPly + 4; ++i) ss[i].ply = i;
  if (shared_.net) {
    net_refresh(*shared_.net, pos_, acc_[0]);
    acc_ready_[0] = 1;
  }
  best_move_changes_ = 0;
  double instability_sum = 0;
  int last_best_score = kNoScore;
  Move last_best = Move::none();
  int stable_iterations = 0;

  // 1. Iterative deepening: each depth's result orders the next (hash and history), so the
  //    sequence costs little more than the last iteration, and a stop at any time leaves the best
  //    move of the deepest completed iteration.
  // Lazy SMP: helpers start one ply deeper on odd ids, so threads spread over depths and fill
  // the shared table with different subtrees.
  const int start_depth = 1 + (id_ % 2);
  for (root_depth_ = start_depth; root_depth_ < kMaxPly - 8; ++root_depth_) {
    if (shared_.stop) break;
    if (shared_.depth_limit && root_depth_ > *shared_.depth_limit && is_main()) break;
    for (auto& rm : root_moves_) rm.previous_score = rm.score;
    best_move_changes_ /= 2;
    const int lines = std::min<int>(shared_.multipv, static_cast<int>(root_moves_.size()));
    for (pv_index_ = 0; pv_index_ < lines && !shared_.stop; ++pv_index_) {
      seldepth_ = 0;
      aspiration(root_depth_, pv_index_);
      std::stable_sort(root_moves_.begin(), root_moves_.begin() + pv_index_ + 1,
                       [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
    }
    if (shared_.stop && root_depth_ > start_depth)
      break;  // an interrupted iteration is not "completed"
    completed_depth_ = root_depth_;
    if (!is_main()) continue;
    report(root_depth_);

    // 2. Stop early when a mate in N is found for `go mate N` (plain search; the mate solver
    //    takes this over through the UCI hook).
    const int best_score = root_moves_[0].score;
    if (shared_.mate_limit && best_score >= kMateInMaxPly &&
        (kMate - best_score + 1) / 2 <= *shared_.mate_limit)
      break;

    // 3. Time: stretch the optimum when the best move changed lately or the score fell; shrink
    //    it when one move has stayed best for many iterations.
    if (root_moves_[0].move == last_best)
      ++stable_iterations;
    else
      stable_iterations = 0;
    last_best = root_moves_[0].move;
    double instability = 1.0 + 0.5 * best_move_changes_;
    if (last_best_score != kNoScore && best_score < last_best_score - 30)
      instability *= 1.0 + std::min(0.8, (last_best_score - best_score) / 200.0);
    if (stable_iterations >= 6) instability *= 0.6;
    instability_sum = instability;
    last_best_score = best_score;
    if (root_moves_.size() == 1 && shared_.time.enabled() && root_depth_ >= 6) break;  // only move
    if (!shared_.pondering && shared_.time.soft_stop(instability_sum)) break;
    // A mate found well within the depth searched will not change.
    if (std::abs(best_score) >= kMateInMaxPly &&
        root_depth_ > 2 * (kMate - std::abs(best_score)) + 6 && shared_.time.enabled())
      break;
  }
}

// 4. Aspiration windows: search around the previous score; a result outside the window is
//    re-searched with the window widened on that side only. Saves nodes at every depth >= 4.
//     Measured: +35 ± 53 Elo (with it against without it: +14 −10 =16, 40 games, 4+0.04).
int Worker::aspiration(int depth, int pv_index) {
  RootMove& rm = root_moves_[pv_index];
  int delta = 16;
  int alpha = -kInfinite, beta = kInfinite;
  if (depth >= 4 && rm.previous_score > -kInfinite && on(4)) {
    alpha = std::max(rm.previous_score - delta, -kInfinite);
    beta = std::min(rm.previous_score + delta, kInfinite);
  }
  Stack* ss = stack_ + 4;
  while (true) {
    pv_length_[0] = 0;
    const int score = search(alpha, beta, depth, false, ss);
    std::stable_sort(root_moves_.begin() + pv_index, root_moves_.end(),
                     [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
    if (shared_.stop) return score;
    if (score <= alpha) {
      beta = (alpha + beta) / 2;
      alpha = std::max(score - delta, -kInfinite);
      root_moves_[pv_index].bound = kBoundUpper;
    } else if (score >= beta) {
      beta = std::min(score + delta, kInfinite);
      root_moves_[pv_index].bound = kBoundLower;
    } else {
      root_moves_[pv_index].bound = kBoundExact;
      return score;
    }
    delta += delta / 2 + 8;
    if (delta > 1000) {
      alpha = -kInfinite;
      beta = kInfinite;
    }
  }
}

int Worker::search(int alpha, int beta, int depth, bool cut_node, Stack* ss) {
  const bool pv_node = beta - alpha > 1;
  const int ply = ss->ply;
  const bool root = ply == 0;

  // 5. At the horizon, resolve captures first (quiescence), so no score rests on a piece en prise.
  if (depth <= 0) return qsearch(alpha, beta, ss);

  pv_length_[ply] = 0;
  if (pv_node) seldepth_ = std::max(seldepth_, ply + 1);
  nodes_.fetch_add(1, std::memory_order_relaxed);
  if ((nodes_.load(std::memory_order_relaxed) & 1023) == 0 || shared_.node_limit) check_time();
  const bool in_check = pos_.in_check();
  const Move excluded = ss->excluded;

  if (!root) {
    if (shared_.stop.load(std::memory_order_relaxed)) return 0;
    // 6. Draws inside the tree: fifty moves, a repetition since the last irreversible move (one
    //    repetition suffices: if it was good once, the opponent can repeat again), dead material.
    if ((pos_.halfmove_clock() >= 100 && !(in_check && !pos_.has_legal_move())) ||
        pos_.repeated_within(1000) || pos_.is_insufficient_material())
      return 0;
    if (ply >= kMaxPly - 4) return in_check ? 0 : static_eval(ply);
    // 7. Mate distance pruning: no line can beat a mate already found nearer the root.
    alpha = std::max(alpha, -kMate + ply);
    beta = std::min(beta, kMate - ply - 1);
    if (alpha >= beta) return alpha;
  }

  // 8. Transposition table: a stored result deep enough cuts the node off (outside the PV, so
  //    the principal variation stays whole); its move is searched first anyway.
  TTHit tt;
  const bool tt_hit = shared_.tt->probe(pos_.key(), ply, tt);
  Move tt_move = root ? root_moves_[pv_index_].move : (tt_hit ? tt.move : Move::none());
  if (!pv_node && !excluded && tt_hit && tt.depth >= depth && on(8) &&
      (tt.bound & (tt.score >= beta ? kBoundLower : kBoundUpper))) {
    if (tt.move && tt.score >= beta && !pos_.is_capture(tt.move) && pos_.is_legal(tt.move) &&
        !tt.move.is_promotion())
      history_update(hist_->butterfly[pos_.side()][tt.move.from()][tt.move.to()],
                     history_bonus(depth));
    return tt.score;
  }

  // 8b. Endgame tables (tablebase.hpp, docs/syzygy.md): just after a capture or pawn move (the
  //     fifty-move counter is zero, as WDL tables assume) in a position they hold, the table's
  //     win/draw/loss is known. A win or loss becomes a score in the band under the mate scores
  //     (the nearer the table's position, the better), a draw 0; under the fifty-move rule a
  //     cursed win or blessed loss is a draw, +-2 so the engine still prefers the right side of
  //     it. A draw, a win at or above beta, a loss at or below alpha end the node; otherwise a
  //     PV node searches on within what the table proved.
  int tb_ceiling = kInfinite, tb_floor = -kInfinite;
  if (!root && !excluded && shared_.tb_pieces > 0 && pos_.halfmove_clock() == 0 &&
      pos_.castling_rights() == 0) {
    const int pieces = popcount(pos_.pieces());
    if (pieces < shared_.tb_pieces ||
        (pieces == shared_.tb_pieces && depth >= shared_.tb_probe_depth)) {
      if (const auto wdl = shared_.tablebase->probe_wdl(pos_)) {
        tbhits_.fetch_add(1, std::memory_order_relaxed);
        const int w = static_cast<int>(*wdl);
        const int draw_band = shared_.tb_rule50 ? 1 : 0;
        const int value = w > draw_band    ? kTbWin - ply
                          : w < -draw_band ? -kTbWin + ply
                                           : 2 * w * draw_band;
        const Bound b = w > draw_band ? kBoundLower : w < -draw_band ? kBoundUpper : kBoundExact;
        if (b == kBoundExact || (b == kBoundLower ? value >= beta : value <= alpha)) {
          shared_.tt->store(pos_.key(), ply, Move::none(), value, kNoScore,
                            std::min(kMaxPly - 1, depth + 6), b);
          return value;
        }
        if (pv_node) {
          if (b == kBoundLower) {
            tb_floor = value;
            alpha = std::max(alpha, value);
          } else {
            tb_ceiling = value;
          }
        }
      }
    }
  }

  // 9. Static evaluation (from the table when there), and whether it improved on two plies ago.
  int eval;
  if (in_check) {
    eval = ss->static_eval = kNoScore;
  } else {
    ss->static_eval = tt_hit && tt.eval != kNoScore && std::abs(tt.eval) < kMateInMaxPly
                          ? tt.eval
                          : static_eval(ply);
    eval = ss->static_eval;
    if (tt_hit && std::abs(tt.score) < kTbWinInMaxPly &&
        (tt.bound & (tt.score > eval ? kBoundLower : kBoundUpper)))
      eval = tt.score;
  }
  const bool improving =
      !in_check && (ss - 2)->static_eval != kNoScore && ss->static_eval > (ss - 2)->static_eval;
  (ss + 1)->killers[0] = (ss + 1)->killers[1] = Move::none();

  if (!pv_node && !in_check && !excluded) {
    // 10. Reverse futility pruning: far enough above beta at low depth, the opponent's best reply
    //     is unlikely to bring the score back under it.
    //     Measured: +53 ± 71 Elo (with it against without it: +15 −9 =16, 40 games, 4+0.04).
    if (on(10) && depth <= 8 && eval - 80 * (depth - improving) >= beta && eval < kTbWinInMaxPly)
      return eval;

    // 11. Null-move pruning: if passing still leaves us above beta after a reduced search, a real
    //     move would too (not in zugzwang-prone positions without pieces).
    //     Measured: +17 ± 69 Elo (with it against without it: +13 −11 =16, 40 games, 4+0.04).
    if (on(11) && depth >= 3 && eval >= beta && ss->static_eval >= beta &&
        (ss - 1)->move != Move::null() && has_non_pawn_material(pos_, pos_.side()) &&
        beta > -kTbWinInMaxPly) {
      const int r = 3 + depth / 4 + std::min(3, (eval - beta) / 200);
      ss->move = Move::null();
      ss->piece = no_piece;
      ss->cont = &hist_->continuation[0][0];
      play_null(ply + 1);
      const int score = -search(-beta, -beta + 1, depth - r, !cut_node, ss + 1);
      pos_.undo_null();
      if (shared_.stop.load(std::memory_order_relaxed)) return 0;
      if (score >= beta) return score >= kTbWinInMaxPly ? beta : score;
    }

    // 12. Razoring: hopelessly below alpha near the horizon, ask quiescence whether any capture
    //     helps; if not, give up on the node.
    if (on(12) && depth <= 2 && eval + 400 + 300 * depth * depth <= alpha) {
      const int score = qsearch(alpha, alpha + 1, ss);
      if (score <= alpha) return score;
    }
  }

  // 13. Internal iterative reduction: with no hash move the ordering is poor; search one ply
  //     less now and let the next iteration find the move.
  if (on(13) && !root && !excluded && depth >= 4 && !tt_move && (pv_node || cut_node)) --depth;

  const Move counter = (ss - 1)->move && (ss - 1)->move != Move::null()
                           ? hist_->counter[(ss - 1)->piece][(ss - 1)->move.to()]
                           : Move::none();
  MovePicker picker(pos_, lists_[ply], tt_move, *hist_, (ss - 1)->cont, (ss - 2)->cont,
                    ss->killers[0], ss->killers[1], counter);

  Move best_move = Move::none();
  int best_score = tb_floor;
  int move_count = 0;
  Move quiets[64], captures[32];
  int quiet_count = 0, capture_count = 0;
  const Color us = pos_.side();

  while (Move m = picker.next()) {
    if (root && std::find_if(root_moves_.begin() + pv_index_, root_moves_.end(),
                             [m](const RootMove& rm) { return rm.move == m; }) == root_moves_.end())
      continue;
    if (m == excluded) continue;
    ++move_count;
    const bool is_quiet = !pos_.is_capture(m) && !m.is_promotion();
    const bool gives_check = pos_.gives_check(m);
    const Piece piece = pos_.moved_piece(m);
    const int history = is_quiet ? hist_->butterfly[us][m.from()][m.to()] +
                                       ((ss - 1)->cont ? (*(ss - 1)->cont)[piece][m.to()] : 0) +
                                       ((ss - 2)->cont ? (*(ss - 2)->cont)[piece][m.to()] : 0)
                                 : 0;
    if (root && is_main() && shared_.callbacks.on_current_move && shared_.time.elapsed() > 3000)
      shared_.callbacks.on_current_move(m, move_count + pv_index_, depth);

    // 14. Shallow-depth pruning, once a line that avoids mate is in hand.
    //     Measured: +179 ± 82 Elo (with it against without it: +22 −3 =15, 40 games, 4+0.04).
    if (on(14) && !root && best_score > -kTbWinInMaxPly && has_non_pawn_material(pos_, us)) {
      const int lmr_depth = std::max(0, depth - 1 - reduction(depth, move_count));
      if (is_quiet && !gives_check) {
        // 14a. Late-move pruning: after enough quiet moves at low depth, the rest rarely matter.
        //      (Quiet checks are exempt, so the picker cannot skip all quiets at once.)
        if (depth <= 8 && move_count >= lmp_limit(depth, improving)) continue;
        // 14b. Futility pruning: a quiet move cannot lift a score this far below alpha.
        if (!in_check && lmr_depth <= 8 && ss->static_eval + 100 + 100 * lmr_depth <= alpha)
          continue;
        // 14c. History pruning: moves that have failed everywhere, at low depth.
        if (lmr_depth <= 2 && history < -3000 * depth) continue;
        // 14d. SEE pruning of quiet moves that hang the piece.
        if (!see_ge(pos_, m, -30 * lmr_depth * lmr_depth)) continue;
      } else if (!is_quiet && depth <= 8 && !see_ge(pos_, m, -100 * depth)) {
        // 14e. SEE pruning of captures that lose too much.
        continue;
      }
    }

    // 15. Check extension: a checking move that does not lose material is searched one ply deeper
    //     (forcing lines are where the horizon misleads most).
    //     Measured: −17 ± 92 Elo (with it against without it: +11 −13 =16, 40 games, 4+0.04).
    int extension = 0;
    // 15b. Singular extension: when the hash move is much better than every alternative (a
    //      reduced search without it fails low against a margin under its stored score), it is
    //      the only move here, and is searched one ply deeper. If even without it the node
    //      beats beta, several moves do (multi-cut) and the node is cut off.
    if (on(19) && !root && m == tt_move && !excluded && depth >= 8 && tt_hit &&
        tt.depth >= depth - 3 && (tt.bound & kBoundLower) && std::abs(tt.score) < kTbWinInMaxPly &&
        ply < 2 * root_depth_) {
      const int singular_beta = tt.score - 2 * depth;
      ss->excluded = m;
      const int value = search(singular_beta - 1, singular_beta, (depth - 1) / 2, cut_node, ss);
      ss->excluded = Move::none();
      if (shared_.stop.load(std::memory_order_relaxed)) return 0;
      if (value < singular_beta)
        extension = 1;
      else if (singular_beta >= beta)
        return singular_beta;
    } else if (on(15) && gives_check && ply < 2 * root_depth_ && see_ge(pos_, m, 0)) {
      extension = 1;
    }
    const int new_depth = depth - 1 + extension;

    ss->move = m;
    ss->piece = piece;
    ss->cont = &hist_->continuation[piece][m.to()];
    play(m, ply + 1);
    shared_.tt->prefetch(pos_.key());

    int score;
    // 16. Late-move reductions: later moves in the ordering are searched shallower with a null
    //     window; only a move that beats alpha there is searched again at full depth.
    //     Measured: +269 ± 89 Elo (with it against without it: +26 −0 =14, 40 games, 4+0.04).
    if (on(16) && depth >= 3 && move_count > 1 + (root ? 1 : 0) && (is_quiet || !pv_node)) {
      int r = reduction(depth, move_count);
      if (!pv_node) ++r;
      if (cut_node) ++r;
      if (!improving) ++r;
      if (gives_check) --r;
      if (m == ss->killers[0] || m == ss->killers[1] || m == counter) --r;
      if (is_quiet)
        r -= history / 6000;
      else
        r = r / 2;
      const int d = std::clamp(new_depth - r, 1, new_depth + 1);
      score = -search(-alpha - 1, -alpha, d, true, ss + 1);
      if (score > alpha && d < new_depth)
        score = -search(-alpha - 1, -alpha, new_depth, !cut_node, ss + 1);
    } else if (!pv_node || move_count > 1) {
      // 17. Principal variation search: every move after the first is first tried with a null
      //     window, to prove it no better than the PV move.
      score = -search(-alpha - 1, -alpha, new_depth, !cut_node, ss + 1);
    } else {
      score = alpha + 1;  // forces the full-window search below
    }
    if (pv_node && (move_count == 1 || (score > alpha && (root || score < beta)))) {
      pv_length_[ply + 1] = 0;
      score = -search(-beta, -alpha, new_depth, false, ss + 1);
    }
    pos_.undo(m);

    if (shared_.stop.load(std::memory_order_relaxed)) return 0;

    if (root) {
      RootMove& rm = *std::find_if(root_moves_.begin(), root_moves_.end(),
                                   [m](const RootMove& r) { return r.move == m; });
      if (move_count == 1 || score > alpha) {
        rm.score = score;
        rm.average_score = rm.average_score == -kInfinite ? score : (rm.average_score + score) / 2;
        rm.seldepth = seldepth_;
        rm.pv.assign(1, m);
        for (int i = 0; i < pv_length_[1]; ++i) rm.pv.push_back(pv_[1][i]);
        if (move_count > 1 && pv_index_ == 0) ++best_move_changes_;
      } else {
        rm.score = -kInfinite;  // keeps the order of moves that did not beat alpha
      }
    }

    if (score > best_score) {
      best_score = score;
      if (score > alpha) {
        best_move = m;
        if (pv_node) update_pv(ply, m);
        if (score >= beta) break;
        alpha = score;
      }
    }
    if (m != best_move) {
      if (is_quiet && quiet_count < 64)
        quiets[quiet_count++] = m;
      else if (!is_quiet && capture_count < 32)
        captures[capture_count++] = m;
    }
  }

  if (move_count == 0) {
    // No legal move: mate or stalemate (at the root with searchmoves there is always one); with
    // a move excluded, only that move was legal: the verification fails low.
    if (excluded) return alpha;
    return in_check ? -kMate + ply : 0;
  }

  // 18. Learn from the cut-off: reward the move that caused it, penalise the ones tried before.
  if (best_score >= beta && best_move) {
    const int bonus = history_bonus(depth);
    if (!pos_.is_capture(best_move) && !best_move.is_promotion()) {
      update_quiet_histories(ss, best_move, depth, quiets, quiet_count);
    } else {
      const PieceType victim =
          best_move.is_en_passant() ? pawn : type_of(pos_.piece_on(best_move.to()));
      history_update(hist_->capture[pos_.moved_piece(best_move)][best_move.to()][victim], bonus);
    }
    for (int i = 0; i < capture_count; ++i) {
      const Move c = captures[i];
      const PieceType victim = c.is_en_passant() ? pawn : type_of(pos_.piece_on(c.to()));
      history_update(hist_->capture[pos_.moved_piece(c)][c.to()][victim], -bonus);
    }
  }

  best_score = std::min(best_score, tb_ceiling);  // what a table proved bounds the search
  const Bound bound = best_score >= beta       ? kBoundLower
                      : (pv_node && best_move) ? kBoundExact
                                               : kBoundUpper;
  if (!excluded && (!root || pv_index_ == 0))
    shared_.tt->store(pos_.key(), ply, best_move, best_score, ss->static_eval, depth, bound);
  return best_score;
}

int Worker::qsearch(int alpha, int beta, Stack* ss) {
  const bool pv_node = beta - alpha > 1;
  const int ply = ss->ply;
  pv_length_[ply] = 0;
  nodes_.fetch_add(1, std::memory_order_relaxed);
  if ((nodes_.load(std::memory_order_relaxed) & 1023) == 0 || shared_.node_limit) check_time();
  if (pv_node) seldepth_ = std::max(seldepth_, ply + 1);
  if (shared_.stop.load(std::memory_order_relaxed)) return 0;
  if (pos_.is_insufficient_material()) return 0;
  const bool in_check = pos_.in_check();
  if (ply >= kMaxPly - 4) return in_check ? 0 : static_eval(ply);

  TTHit tt;
  const bool tt_hit = shared_.tt->probe(pos_.key(), ply, tt);
  if (!pv_node && tt_hit && (tt.bound & (tt.score >= beta ? kBoundLower : kBoundUpper)))
    return tt.score;

  int best_score, futility_base;
  if (in_check) {
    best_score = -kInfinite;
    futility_base = -kInfinite;
    ss->static_eval = kNoScore;
  } else {
    // Stand pat: the side to move need not capture.
    ss->static_eval = tt_hit && tt.eval != kNoScore && std::abs(tt.eval) < kMateInMaxPly
                          ? tt.eval
                          : static_eval(ply);
    best_score = ss->static_eval;
    if (tt_hit && std::abs(tt.score) < kTbWinInMaxPly &&
        (tt.bound & (tt.score > best_score ? kBoundLower : kBoundUpper)))
      best_score = tt.score;
    if (best_score >= beta) return best_score;
    alpha = std::max(alpha, best_score);
    futility_base = ss->static_eval + 180;
  }

  MovePicker picker(pos_, lists_[ply], tt_hit ? tt.move : Move::none(), *hist_, (ss - 1)->cont,
                    (ss - 2)->cont);
  Move best_move = Move::none();
  int move_count = 0;
  while (Move m = picker.next()) {
    ++move_count;
    if (!in_check) {
      // Delta pruning: even winning the piece outright leaves us below alpha.
      if (!m.is_promotion() && !pos_.gives_check(m)) {
        const PieceType victim = m.is_en_passant() ? pawn : type_of(pos_.piece_on(m.to()));
        if (futility_base + kSeeValue[victim] <= alpha) {
          best_score = std::max(best_score, futility_base + kSeeValue[victim]);
          continue;
        }
      }
      // SEE pruning: captures that lose material are not worth resolving.
      if (!see_ge(pos_, m, 0)) continue;
    } else if (best_score > -kTbWinInMaxPly && move_count > 3 && !pos_.is_capture(m)) {
      break;  // out of check with a safe reply in hand: the quiet evasions left rarely matter
    }
    ss->move = m;
    ss->piece = pos_.moved_piece(m);
    ss->cont = &hist_->continuation[ss->piece][m.to()];
    play(m, ply + 1);
    shared_.tt->prefetch(pos_.key());
    const int score = -qsearch(-beta, -alpha, ss + 1);
    pos_.undo(m);
    if (shared_.stop.load(std::memory_order_relaxed)) return 0;
    if (score > best_score) {
      best_score = score;
      if (score > alpha) {
        best_move = m;
        if (pv_node) update_pv(ply, m);
        if (score >= beta) break;
        alpha = score;
      }
    }
  }
  if (in_check && move_count == 0) return -kMate + ply;
  shared_.tt->store(pos_.key(), ply, best_move, best_score, ss->static_eval, 0,
                    best_score >= beta ? kBoundLower : kBoundUpper);
  return best_score;
}

void Worker::report(int depth) {
  if (!shared_.callbacks.on_line) return;
  const int lines = std::min<int>(shared_.multipv, static_cast<int>(root_moves_.size()));
  const std::uint64_t nodes = shared_.total_nodes();
  const std::int64_t elapsed = shared_.time.elapsed();
  const int hashfull = shared_.tt->hashfull();
  for (int i = 0; i < lines; ++i) {
    const RootMove& rm = root_moves_[i];
    LineReport r;
    r.depth = depth;
    r.seldepth = std::max(rm.seldepth, depth);
    r.multipv = i + 1;
    r.score = rm.score == -kInfinite ? rm.previous_score : rm.score;
    // A first iteration stopped before this move's search ended leaves it no score: no line
    // rather than a made-up one (it printed "score mate --250" under ThreadSanitizer's slowness).
    if (r.score == -kInfinite) continue;
    r.bound = i == 0 ? rm.bound : kBoundExact;
    // With the root in a table the search's own score (short of a mate) says less than the table.
    if (rm.tb_score != kNoScore && std::abs(r.score) < kMateInMaxPly) r.score = rm.tb_score;
    r.nodes = nodes;
    r.tbhits = shared_.total_tbhits();
    r.time_ms = elapsed;
    r.hashfull = hashfull;
    r.pv = rm.pv;
    shared_.callbacks.on_line(r);
  }
}

}  // namespace minimax::chess::engine
