#pragma once
// What every search method of the problem solver shares (solver.hpp): the problem's rules and
// stipulation, the proof table, the counters and the limits. One per thread: a helper thread has
// its own, reading and writing the main thread's table.
#include <atomic>
#include <chrono>
#include <cstdint>

#include "games/chess/position.hpp"
#include "machines/chess/mate/mate_tt.hpp"
#include "machines/chess/mate/problem.hpp"

namespace minimax::chess::mate {

// The problem being solved, read-only to every method: the solver sets it before a search (the
// stipulation changes only between searches) and hands it to each method by const reference.
struct Problem {
  SolveOptions options;
  Rules rules;
  Stipulation stip = Stipulation::direct;

  // The goal of help and series play, after the last move: mate, or stalemate for h=, ser-=...
  [[nodiscard]] bool goal_reached(const Position& pos) const;
  // The moves that may reach the goal in one: only a check can mate and only a move that gives no
  // check can stalemate; under Prinz's rules (stalemate counts as mate) any move may.
  void last_move_candidates(Position& pos, bool stalemate, Position::MoveList& list) const;
  // Does m, one of last_move_candidates (not yet played), reach the goal? pos is left as it was.
  bool reaches_goal(Position& pos, Move m) const;
};

// What a search changes as it runs: the proof table, the counters, the limits' state. One per
// thread: a helper thread has its own, reading and writing the main thread's table.
struct SearchState {
  SearchState(const Problem& problem, MateTable& table) : problem(problem), table(table) {}

  const Problem& problem;
  MateTable& table;  // the solver's, or for a helper thread the main solver's
  std::uint64_t nodes = 0;
  bool aborted = false;  // a limit ran out (or the work was cancelled): answers are not proofs
  // Set by the solver's threads: the helper's work is no longer needed (cancel), or a trial search
  // that stops at this many nodes (trial_limit); either ends a search as cancelled, not aborted
  // for good.
  const std::atomic<bool>* cancel = nullptr;
  bool cancelled = false;
  std::uint64_t trial_limit = 0;
  std::chrono::steady_clock::time_point start;
  int ply = 0;  // from the root of the current search, for the killers

  // Checked every 1,024 nodes: cancelled, out of nodes, stopped or out of time (then aborted).
  bool out_of_budget();
};

// Does the other side's king keep a square to step to after the side to move plays m (legal, not
// yet played)? Then m cannot mate. Castling, en passant and promotions are not judged (false). A
// false answer proves nothing.
bool king_keeps_flight(const Position& pos, Move m);

}  // namespace minimax::chess::mate
