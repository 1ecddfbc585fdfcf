#include "games/chess/move_reasons.hpp"

#include "games/chess/attacks.hpp"

namespace minimax::chess {

std::string piece_type_name(PieceType t) {
  static const char* kNames[] = {"piece", "pawn", "knight", "bishop", "rook", "queen", "king"};
  return kNames[t];
}

namespace {

// Squares from which a pawn of colour c could move to `to` ignoring pins (pushes, double pushes,
// captures, en passant).
Bitboard pawn_sources(const Position& pos, Color c, Square to) {
  const Bitboard occ = pos.pieces();
  Bitboard from = 0;
  const int dir = c == white ? 8 : -8;
  const Piece on_to = pos.piece_on(to);
  if (!on_to) {
    const int one = to - dir;
    if (one >= 0 && one < 64) {
      if (pos.piece_on(Square(one)) == make_piece(c, pawn)) from |= bb(Square(one));
      const int two = one - dir;
      if (!(occ & bb(Square(one))) && two >= 0 && two < 64 && relative_rank(c, Square(two)) == 1 &&
          pos.piece_on(Square(two)) == make_piece(c, pawn))
        from |= bb(Square(two));
    }
  }
  if ((on_to && color_of(on_to) != c) || to == pos.ep_square())
    from |= pawn_attacks(~c, to) & pos.pieces(c, pawn);
  return from;
}

}  // namespace

std::string why_no_move(const Position& pos, PieceType type, Bitboard from_mask, Square to) {
  const Color us = pos.side();
  const std::string colour = us == white ? "white" : "black";
  const std::string name = piece_type_name(type);
  Bitboard ours = pos.pieces(us, type) & from_mask;
  if (!ours)
    return "there is no " + colour + " " + name + (from_mask == ~Bitboard(0) ? "" : " there");
  const Piece on_to = pos.piece_on(to);
  Bitboard reach = 0;
  if (!(on_to && color_of(on_to) == us)) {
    if (type == pawn)
      reach = pawn_sources(pos, us, to) & ours;
    else if (type == king)
      reach = king_attacks(to) & ours;
    else
      reach = attacks(type, to, pos.pieces()) & ours;
  }
  if (!reach) return "no " + colour + " " + name + " can move to " + square_name(to);
  return "the king on " + square_name(pos.king_square(us)) + " would be in check";
}

}  // namespace minimax::chess
