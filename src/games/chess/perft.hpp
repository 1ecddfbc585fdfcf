#pragma once
// Perft checks: count the leaf nodes of the legal move tree to a depth and compare them with
// published counts (EPD "Dn count" operations). Used by `minimax perft`, the tests and check-deep.
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "core/expected.hpp"
#include "games/chess/epd.hpp"
#include "games/chess/position.hpp"

namespace minimax::chess {

// Perft through the game's own generator and play()/undo() (what search uses), bulk counting at the
// last ply: a second opinion on Position::perft, and a measure of the search path's speed.
std::uint64_t perft_by_play(Position& pos, int depth);

// Perft split by root move (the "divide" that locates a move generator bug), in generation order.
std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth);

struct PerftOptions {
  int max_depth = 99;  // check only the listed depths up to this one
  // Skip a listed depth whose expected count is larger than this (keeps fast suites fast).
  std::uint64_t max_nodes = std::numeric_limits<std::uint64_t>::max();
  bool force_chess960 = false;  // read the FEN as Chess960 even without Shredder letters / c960
};

struct PerftDepthResult {
  int depth = 0;
  std::uint64_t expected = 0, counted = 0;
};

struct PerftRecordResult {
  std::string fen;
  bool chess960 = false;
  std::vector<PerftDepthResult> depths;  // the depths checked, shallowest first
  int skipped = 0;                       // listed depths left out by the options
  std::uint64_t nodes = 0;               // leaf nodes counted in all
  double seconds = 0;
  [[nodiscard]] bool passed() const {
    for (const auto& d : depths)
      if (d.expected != d.counted) return false;
    return true;
  }
};

// Checks one EPD record's perft counts. An Error is a line that cannot be checked (a bad FEN or
// count); a mismatch is a result whose passed() is false.
Expected<PerftRecordResult> check_perft(const EpdRecord& record, const PerftOptions& options);

}  // namespace minimax::chess
