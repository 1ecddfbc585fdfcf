#pragma once
// Building the endgame databases by retrograde analysis (Turing: "work back from the end"; the
// method of Chinook's databases, Schaeffer et al.).
//
// Slices are built in order of pieces, and among slices of as many pieces, fewer men first, so
// every capture and every crowning leads to a slice already built. A slice and its mirror (the
// White-to-move positions of the same material, index.hpp) are built together, as one graph whose
// moves are the non-captures that crown nothing:
//   1. each position: its moves; a move that leaves the pair (a capture or a crowning) is looked up
//      in the slices already built. A move to a position lost for the opponent: won, distance 1.
//      No move at all: lost, distance 0. Only moves leaving the pair, all to positions won for the
//      opponent: lost, distance 1. Otherwise the position keeps a count of its moves within the
//      pair (one more if a move leaving it draws, so it can never be lost);
//   2. work back, a distance at a time: from each position settled at distance d, its
//      predecessors within the pair (unmoves, moves.hpp): a predecessor of a lost position is won
//      at d + 1; a predecessor of a won one loses one from its count, and is lost at d + 1 when the
//      count reaches 0 (its slowest defence);
//   3. what is left is drawn: neither side can force a change.
// The distance is therefore the distance to conversion (capture, crowning or the end of the game).
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/expected.hpp"
#include "machines/draughts/egdb/egdb.hpp"

namespace minimax::draughts::egdb {

struct SliceReport {
  Slice slice;
  std::uint64_t positions = 0, wins = 0, losses = 0, draws = 0;
  int longest = 0;          // the greatest distance to conversion
  double seconds = 0;       // build time (0 when loaded from disk)
  std::uint64_t bytes = 0;  // both files, headers included
  bool built = false;       // false: found on disk
};

struct Progress {
  std::uint64_t done = 0, total = 0;  // positions
  std::string slice;                  // the slice being built
};

// Builds (or loads, when its files are there and sound) every slice of 2..pieces pieces in `dir`,
// adding each to `db`. `progress` is called now and then.
Expected<std::vector<SliceReport>> build(const std::string& dir, int pieces, Database& db,
                                         const std::function<void(const Progress&)>& progress = {});

}  // namespace minimax::draughts::egdb
