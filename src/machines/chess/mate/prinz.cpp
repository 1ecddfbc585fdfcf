#include "machines/chess/mate/prinz.hpp"

#include <algorithm>
#include <cstdlib>
#include <tuple>

#include "games/chess/attacks.hpp"
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

void sort_in_prinz_order(const Position& pos, std::vector<Move>& moves) {
  auto rank = [&](Move m) {
    const PieceType t = type_of(pos.moved_piece(m));
    // Knights' jumps have no ray: order them by destination.
    const int ray = t == knight ? manchester_square(m.to()) : direction_rank(m) * 8 + distance(m);
    return std::tuple(int(t), manchester_square(m.from()), ray, int(m.promotion_piece()));
  };
  std::stable_sort(moves.begin(), moves.end(), [&](Move a, Move b) { return rank(a) < rank(b); });
}

// The moves Prinz's construction routine makes: every step of a piece of the side to move that
// stays on the board and lands on an empty square or an enemy piece, in Prinz's chess (no
// castling, no double step, no en passant, no pawn onto the last row); the king's safety is the
// legality routine's business.
std::vector<Move> constructed_moves(const Position& pos) {
  const Color us = pos.side();
  const Bitboard own = pos.pieces(us), enemy = pos.pieces(~us), occ = pos.pieces();
  const Bitboard last_row = rank_bb(us == white ? 7 : 0);
  std::vector<Move> moves;
  for (Bitboard b = own; b;) {
    const Square from = pop_lsb(b);
    const PieceType t = type_of(pos.piece_on(from));
    Bitboard to = 0;
    if (t == pawn) {
      const Square ahead = Square(us == white ? from + 8 : from - 8);
      if (!(occ & bb(ahead))) to |= bb(ahead);
      to |= pawn_attacks(us, from) & enemy;
      to &= ~last_row;
    } else {
      to = attacks(t, from, occ) & ~own;
    }
    while (to) moves.emplace_back(from, pop_lsb(to));
  }
  sort_in_prinz_order(pos, moves);
  return moves;
}

class PrinzCounter {
 public:
  explicit PrinzCounter(const Position& root) : root_plies_(root.plies_played()) {}
  PrinzCount count;

  // Constructs and tests `m`: played and true if legal, undone and false if not.
  bool try_move(Position& pos, Move m) {
    ++count.tried;
    const int ply = std::min(pos.plies_played() - root_plies_, 3);
    ++count.tried_at[ply];
    const Color mover = pos.side();
    pos.play(m);
    if (pos.attacked_by(pos.side(), pos.king_square(mover))) {
      ++count.illegal;
      ++count.illegal_at[ply];
      pos.undo(m);
      return false;
    }
    return true;
  }

  // Has the side to move a legal move? Its moves are constructed until one is legal.
  bool has_move(Position& pos) {
    for (const Move m : constructed_moves(pos))
      if (try_move(pos, m)) {
        pos.undo(m);
        return true;
      }
    return false;
  }

  // Does White's `m` (already played) mate in n: every legal Black reply answered by a mate in n-1?
  bool every_reply_answered(Position& pos, int n) {
    for (const Move r : constructed_moves(pos)) {
      if (!try_move(pos, r)) continue;
      const bool answered = n > 1 && mates_in(pos, n - 1, nullptr);
      pos.undo(r);
      if (!answered) return false;  // this first move is given up
    }
    return true;  // no legal reply, or each one answered: mate (or stalemate: not told apart)
  }

  // White to move: the first of its moves (in Prinz's order) that mates in n.
  bool mates_in(Position& pos, int n, Move* key) {
    for (const Move m : constructed_moves(pos)) {
      if (key) ++count.first_moves;
      if (!try_move(pos, m)) continue;
      const bool mates = n == 1 ? !has_move(pos) : every_reply_answered(pos, n);
      pos.undo(m);
      if (mates) {
        if (key) *key = m;
        return true;
      }
    }
    return false;
  }

 private:
  int root_plies_;
};

}  // namespace

std::vector<Move> prinz_move_order(const Position& pos, const Rules& rules) {
  Position::MoveList list;
  generate_problem_moves(pos, rules, list);
  std::vector<Move> moves(list.begin(), list.end());
  sort_in_prinz_order(pos, moves);
  return moves;
}

PrinzCount prinz_count(const Position& root, int n) {
  Position pos = root;
  PrinzCounter counter(pos);
  Move key = Move::none();
  counter.mates_in(pos, n, &key);
  counter.count.key = key;
  return counter.count;
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
