#include "machines/chess/engine/see.hpp"

#include "games/chess/attacks.hpp"

namespace minimax::chess::engine {

bool see_ge(const Position& pos, Move m, int threshold) {
  // Castling and promotions are not exchanges: treat them as gaining nothing lost.
  if (m.is_castling()) return threshold <= 0;
  const Square from = m.from(), to = m.to();
  int gain = m.is_en_passant() ? kSeeValue[pawn] : kSeeValue[type_of(pos.piece_on(to))];
  if (m.is_promotion()) gain += kSeeValue[m.promotion_piece()] - kSeeValue[pawn];
  int swap = gain - threshold;
  if (swap < 0) return false;  // even if nothing recaptures, the gain is short
  int next_victim =
      m.is_promotion() ? kSeeValue[m.promotion_piece()] : kSeeValue[type_of(pos.piece_on(from))];
  swap = next_victim - swap;
  if (swap <= 0) return true;  // even losing the mover, the gain is enough

  Bitboard occupied = pos.pieces() ^ bb(from) ^ bb(to);
  if (m.is_en_passant()) occupied ^= bb(make_square(file_of(to), rank_of(from)));
  Color side = pos.side();
  Bitboard attackers = pos.attackers_to(to, occupied) & occupied;
  const Bitboard diagonal = pos.pieces(bishop) | pos.pieces(queen);
  const Bitboard straight = pos.pieces(rook) | pos.pieces(queen);
  int result = 1;

  // swap: what the side to capture next must win back; result flips each capture.
  while (true) {
    side = ~side;
    attackers &= occupied;
    Bitboard mine = attackers & pos.pieces(side);
    if (!mine) break;
    result ^= 1;
    PieceType t = pawn;
    Bitboard b = 0;
    for (int pt = pawn; pt <= king; ++pt) {
      b = mine & pos.pieces(PieceType(pt));
      if (b) {
        t = PieceType(pt);
        break;
      }
    }
    if (t == king) {
      // The king may capture only if the other side has nothing left to recapture with.
      if (attackers & pos.pieces(~side) & occupied) result ^= 1;
      break;
    }
    swap = kSeeValue[t] - swap;
    if (swap < result) break;
    occupied ^= bb(lsb(b));
    // Uncover x-ray attackers behind the piece that captured.
    if (t == pawn || t == bishop || t == queen)
      attackers |= bishop_attacks(to, occupied) & diagonal;
    if (t == rook || t == queen) attackers |= rook_attacks(to, occupied) & straight;
  }
  return result != 0;
}

}  // namespace minimax::chess::engine
