#include "games/chess/perft.hpp"

#include <chrono>

namespace minimax::chess {

std::uint64_t perft_by_play(Position& pos, int depth) {
  if (depth <= 0) return 1;
  Position::MoveList list;
  pos.generate_moves(list);
  if (depth == 1) return list.size();
  std::uint64_t nodes = 0;
  for (Move m : list) {
    pos.play(m);
    nodes += perft_by_play(pos, depth - 1);
    pos.undo(m);
  }
  return nodes;
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth) {
  std::vector<std::pair<Move, std::uint64_t>> out;
  Position::MoveList list;
  pos.generate_moves(list);
  for (Move m : list) {
    std::uint64_t n = 1;
    if (depth > 1) {
      pos.play(m);
      n = pos.perft(depth - 1);
      pos.undo(m);
    }
    out.emplace_back(m, n);
  }
  return out;
}

Expected<PerftRecordResult> check_perft(const EpdRecord& record, const PerftOptions& options) {
  PerftRecordResult result;
  result.fen = record.fen();
  result.chess960 = options.force_chess960 || record.chess960();
  auto counts = record.perft_counts();
  if (!counts) return Error{counts.error()};
  auto pos = Position::from_fen(result.fen, result.chess960);
  if (!pos) return Error{pos.error()};
  const auto start = std::chrono::steady_clock::now();
  for (const auto& [depth, expected] : *counts) {
    if (depth > options.max_depth || expected > options.max_nodes) {
      ++result.skipped;
      continue;
    }
    const std::uint64_t n = pos->perft(depth);
    result.depths.push_back({depth, expected, n});
    result.nodes += n;
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace minimax::chess
