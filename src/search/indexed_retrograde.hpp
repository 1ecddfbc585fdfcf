#pragma once
// The indexed retrograde solver: the value (win, draw or loss for the side to move) and the
// distance to the end of every position of a space numbered 0..N-1, worked back from the end.
//
// Turing (1953) proposed to "work back from the end" and found it academic for chess as a whole;
// for a few men it is practicable, and this is the method of every endgame table since (Ströhlein
// 1970, Thompson 1986): the graph solver in retrograde.hpp enumerates a game's graph from a start
// and holds its edges; this one never stores an edge. Positions are numbered by the game (an index
// with symmetries folded away), and moves are found again when needed: forwards once, to count each
// position's moves, and backwards (un-moves) to find the positions one move before a settled one.
//
//   1. Scan: each index is decoded; an index that names no legal position (or names one that
//      another index names too) is left out. A position with no move is terminal (mate: lost at 0;
//      stalemate: drawn). Every other position counts its distinct successors inside the space;
//      a move leaving the space (a capture or a promotion into a smaller ending, solved before)
//      has a known value: the quickest such win is scheduled at its distance, a drawing exit means
//      the position can no longer be lost, and the slowest losing exit is remembered.
//   2. Work back, a distance at a time, d = 0, 1, 2, ...: from each position settled at d, its
//      predecessors (un-moves, each counted once): a predecessor of a lost position is won at d+1
//      (the first found is the quickest); a predecessor of a won one lowers its count, and when the
//      count reaches zero with no drawing or winning exit, every move loses and the position is
//      lost at the slower of d+1 and its slowest losing exit.
//   3. Everything left unsettled is drawn: neither side can force the end.
//
// The game's side is a traits object:
//   std::uint64_t size() const;                      // N
//   template <class Sink> bool successors(std::uint64_t i, Sink& sink) const;
//     // false: i is no position. Else, for each legal move, sink.inside(j) (j the successor's
//     // index) or sink.outside(Outcome, distance) (the value for the side to move after a move
//     // leaving the space). No call at all: no legal move; then sink.terminal(Outcome) (the rules'
//     // verdict: loss for mate, draw for stalemate).
//   template <class F> void predecessors(std::uint64_t i, F&& f) const;
//     // f(j) for every position j with a move (inside the space) to i; repeats are allowed.
// The two must agree: j is a predecessor of i exactly when i is a successor of j.
//
// API:
//   auto solved = search::solve_indexed(traits, progress);   // Expected<IndexedSolution>
//   solved->value[i] (IndexedSolution::kInvalid/kWin/kLoss/kDraw), solved->distance[i] (plies).
#include <algorithm>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/expected.hpp"
#include "core/side.hpp"

namespace minimax::search {

struct IndexedSolution {
  static constexpr std::uint8_t kInvalid = 0, kWin = 1, kLoss = 2, kDraw = 3;
  std::vector<std::uint8_t> value;     // one of the four above, for the side to move
  std::vector<std::uint8_t> distance;  // plies to the end with best play (0 for draws)
  std::uint64_t positions = 0, wins = 0, losses = 0, draws = 0;  // positions: the valid indices
  int longest_win = -1;  // the greatest distance of a won position (plies), -1: none
  std::uint64_t longest_win_index = 0;
  std::uint64_t peak_bytes = 0;  // the solver's working memory at its largest
};

// Called with (phase, done, total): phase 0 the scan (done: indices), 1 working back (done:
// settled positions, total: the valid positions).
using IndexedProgress = std::function<void(int, std::uint64_t, std::uint64_t)>;

inline constexpr int kMaxIndexedDistance = 250;

template <class Traits>
Expected<IndexedSolution> solve_indexed(const Traits& traits,
                                        const IndexedProgress& progress = {}) {
  using S = IndexedSolution;
  // Working states beyond the final four: unsettled, and unsettled but never to be lost (a move
  // leaving the space draws or wins).
  constexpr std::uint8_t kOpen = 4, kOpenNotLost = 5;
  const std::uint64_t n = traits.size();
  if (n > 0xFFFFFFFFull) return Error{"too many positions for the indexed solver"};
  S out;
  out.value.assign(n, S::kInvalid);
  out.distance.assign(n, 0);  // while open: the slowest losing exit
  std::vector<std::uint8_t> count(n, 0);
  std::vector<std::vector<std::uint32_t>> settled(kMaxIndexedDistance + 2);
  std::vector<std::vector<std::uint32_t>> exit_wins(kMaxIndexedDistance + 2);
  bool too_far = false;
  std::uint64_t listed = 0, most_listed = 0;  // entries in the lists, now and at most
  auto list = [&](std::vector<std::uint32_t>& l, std::uint64_t i) {
    l.push_back(static_cast<std::uint32_t>(i));
    most_listed = std::max(most_listed, ++listed);
  };

  struct Sink {
    std::vector<std::uint64_t> inside_moves;
    int best_win = -1, worst_loss = -1;
    bool draw = false;
    Outcome end = Outcome::none;
    void inside(std::uint64_t j) { inside_moves.push_back(j); }
    void outside(Outcome v, int d) {
      if (v == Outcome::loss) {  // the opponent loses: a win for the mover in d + 1
        if (best_win < 0 || d + 1 < best_win) best_win = d + 1;
      } else if (v == Outcome::win) {
        worst_loss = std::max(worst_loss, d + 1);
      } else {
        draw = true;
      }
    }
    void terminal(Outcome o) { end = o; }
  } sink;

  // 1. The scan.
  for (std::uint64_t i = 0; i < n; ++i) {
    if (progress && (i & 0xFFFFF) == 0) progress(0, i, n);
    sink.inside_moves.clear();
    sink.best_win = sink.worst_loss = -1;
    sink.draw = false;
    sink.end = Outcome::none;
    if (!traits.successors(i, sink)) continue;
    ++out.positions;
    const auto idx = static_cast<std::uint32_t>(i);
    auto& moves = sink.inside_moves;
    if (moves.empty() && sink.best_win < 0 && sink.worst_loss < 0 && !sink.draw) {
      if (sink.end == Outcome::loss) {
        out.value[i] = S::kLoss;
        list(settled[0], idx);
      } else {
        out.value[i] = S::kDraw;
      }
      continue;
    }
    std::sort(moves.begin(), moves.end());
    moves.erase(std::unique(moves.begin(), moves.end()), moves.end());
    count[i] = static_cast<std::uint8_t>(std::min<std::size_t>(moves.size(), 255));
    out.value[i] = (sink.draw || sink.best_win >= 0) ? kOpenNotLost : kOpen;
    if (sink.best_win > kMaxIndexedDistance || sink.worst_loss > kMaxIndexedDistance) {
      too_far = true;
      continue;
    }
    if (sink.best_win >= 0) list(exit_wins[static_cast<std::size_t>(sink.best_win)], idx);
    if (sink.worst_loss >= 0) out.distance[i] = static_cast<std::uint8_t>(sink.worst_loss);
    if (moves.empty() && sink.best_win < 0) {
      if (sink.draw) {
        out.value[i] = S::kDraw;
      } else {  // every move leaves the space, and loses
        out.value[i] = S::kLoss;
        list(settled[static_cast<std::size_t>(sink.worst_loss)], idx);
      }
    }
  }
  if (too_far) return Error{"a distance passes " + std::to_string(kMaxIndexedDistance) + " plies"};

  // 2. Work back.
  std::uint64_t done = 0;
  std::vector<std::uint64_t> preds;
  for (int d = 0; d <= kMaxIndexedDistance; ++d) {
    for (std::uint32_t q : exit_wins[static_cast<std::size_t>(d)]) {
      if (out.value[q] != kOpen && out.value[q] != kOpenNotLost) continue;
      out.value[q] = S::kWin;
      out.distance[q] = static_cast<std::uint8_t>(d);
      list(settled[static_cast<std::size_t>(d)], q);
    }
    listed -= exit_wins[static_cast<std::size_t>(d)].size();
    std::vector<std::uint32_t>().swap(exit_wins[static_cast<std::size_t>(d)]);
    auto& now = settled[static_cast<std::size_t>(d)];
    for (std::size_t k = 0; k < now.size(); ++k) {
      const std::uint32_t p = now[k];
      if (progress && (++done & 0xFFFFF) == 0) progress(1, done, out.positions);
      out.distance[p] = static_cast<std::uint8_t>(d);
      const bool lost = out.value[p] == S::kLoss;
      preds.clear();
      traits.predecessors(p, [&](std::uint64_t j) { preds.push_back(j); });
      std::sort(preds.begin(), preds.end());
      preds.erase(std::unique(preds.begin(), preds.end()), preds.end());
      for (std::uint64_t q : preds) {
        const std::uint8_t v = out.value[q];
        if (v != kOpen && v != kOpenNotLost) continue;
        if (d + 1 > kMaxIndexedDistance) return Error{"a distance passes the limit"};
        if (lost) {
          out.value[q] = S::kWin;
          list(settled[static_cast<std::size_t>(d + 1)], q);
        } else if (--count[q] == 0 && v == kOpen) {
          const int at = std::max<int>(d + 1, out.distance[q]);
          out.value[q] = S::kLoss;
          list(settled[static_cast<std::size_t>(at)], q);
        }
      }
    }
    listed -= now.size();
    std::vector<std::uint32_t>().swap(now);
  }

  // 3. The rest is drawn.
  for (std::uint64_t i = 0; i < n; ++i) {
    std::uint8_t& v = out.value[i];
    if (v == kOpen || v == kOpenNotLost) v = S::kDraw;
    if (v == S::kDraw) out.distance[i] = 0;
    if (v == S::kWin) {
      ++out.wins;
      if (out.distance[i] > out.longest_win) {
        out.longest_win = out.distance[i];
        out.longest_win_index = i;
      }
    } else if (v == S::kLoss) {
      ++out.losses;
    } else if (v == S::kDraw) {
      ++out.draws;
    }
  }
  // value, distance and count: a byte each a position; 4 bytes an entry in the lists.
  out.peak_bytes = 3 * n + 4 * most_listed;
  return out;
}

}  // namespace minimax::search
