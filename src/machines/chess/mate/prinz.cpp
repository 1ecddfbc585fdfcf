#include "machines/chess/mate/prinz.hpp"

#include <algorithm>
#include <cstdlib>
#include <tuple>

#include "machines/chess/mate/notation.hpp"
#include "machines/chess/mate/problem_rules.hpp"
#include "machines/chess/mate/solver.hpp"

namespace minimax::chess::mate {

namespace {

int sign(int v) { return (v > 0) - (v < 0); }

// The rank of a move's direction in the order left, up, right, down, up-left, up-right,
// down-right, down-left (from the mover's square, in board coordinates).
int direction_rank(Move m) {
  const int df = sign(file_of(m.to()) - file_of(m.from()));
  const int dr = sign(rank_of(m.to()) - rank_of(m.from()));
  static constexpr int kOrder[3][3] = {
      // df = -1, 0, +1  for dr = -1
      {7, 3, 6},
      // dr = 0
      {0, 8, 2},
      // dr = +1
      {4, 1, 5},
  };
  return kOrder[dr + 1][df + 1];
}

int distance(Move m) {
  return std::max(std::abs(file_of(m.to()) - file_of(m.from())),
                  std::abs(rank_of(m.to()) - rank_of(m.from())));
}

}  // namespace

std::vector<Move> prinz_move_order(const Position& pos, const Rules& rules) {
  Position::MoveList list;
  generate_problem_moves(pos, rules, list);
  std::vector<Move> moves(list.begin(), list.end());
  auto rank = [&](Move m) {
    const PieceType t = type_of(pos.moved_piece(m));
    // Knights' jumps have no ray: order them by destination.
    const int ray = t == knight ? manchester_square(m.to()) : direction_rank(m) * 8 + distance(m);
    return std::tuple(int(t), manchester_square(m.from()), ray, int(m.promotion_piece()));
  };
  std::stable_sort(moves.begin(), moves.end(), [&](Move a, Move b) { return rank(a) < rank(b); });
  return moves;
}

std::string prinz_move_text(const Position& pos, Move m) {
  static constexpr const char* kNames[] = {"", "Pawn", "Knight", "Bishop", "Rook", "Queen", "King"};
  return std::string(kNames[type_of(pos.moved_piece(m))]) + " to " +
         std::to_string(manchester_square(m.to())) + ".";
}

PrinzTrace prinz_trace(const Position& root, int n, const Rules& rules) {
  PrinzTrace trace;
  SolveOptions options;
  options.rules = rules;
  options.tt_log2 = 16;
  MateSolver solver(options);
  Position pos = root;
  for (const Move m : prinz_move_order(pos, rules)) {
    trace.lines.push_back(prinz_move_text(pos, m));
    if (solver.is_key(pos, m, Stipulation::direct, n)) {
      trace.key = m;
      trace.lines.push_back("MATE.");
      break;
    }
  }
  trace.nodes = solver.nodes();
  return trace;
}

}  // namespace minimax::chess::mate
