#include "games/draughts/perft.hpp"

namespace minimax::draughts {

std::uint64_t perft(Draughts& p, int depth) {
  if (depth <= 0) return 1;
  Draughts::MoveList moves;
  p.generate_moves(moves);
  if (depth == 1) return moves.size();
  std::uint64_t n = 0;
  for (const Move& m : moves) {
    p.play(m);
    n += perft(p, depth - 1);
    p.undo(m);
  }
  return n;
}

std::uint64_t perft_paths(Draughts& p, int depth) {
  if (depth <= 0) return 1;
  Draughts::MoveList moves;
  p.generate_move_paths(moves);
  if (depth == 1) return moves.size();
  std::uint64_t n = 0;
  for (const Move& m : moves) {
    p.play(m);
    n += perft_paths(p, depth - 1);
    p.undo(m);
  }
  return n;
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(Draughts& p, int depth, bool paths) {
  std::vector<std::pair<Move, std::uint64_t>> result;
  if (depth < 1) return result;
  Draughts::MoveList moves, every_path;
  p.generate_moves(moves);
  p.generate_move_paths(every_path);
  for (const Move& m : moves) {
    std::uint64_t ways = 1;
    if (paths) {
      ways = 0;
      for (const Move& q : every_path) ways += q == m;
    }
    p.play(m);
    result.emplace_back(m, ways * (paths ? perft_paths(p, depth - 1) : perft(p, depth - 1)));
    p.undo(m);
  }
  return result;
}

}  // namespace minimax::draughts
