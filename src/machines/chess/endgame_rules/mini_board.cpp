#include "machines/chess/endgame_rules/mini_board.hpp"

#include "games/chess/attacks.hpp"

namespace minimax::chess::endgame {

Bitboard Mini::man_attacks() const {
  const Bitboard occupied = bb(wk) | bb(man);  // the bare king does not shield the squares behind
  if (type == pawn) return pawn_attacks(white, man);
  return attacks(type, man, occupied);
}

Bitboard Mini::white_attacks() const { return man_attacks() | king_attacks(wk); }

bool Mini::black_in_check() const { return (man_attacks() & bb(bk)) != 0; }

bool Mini::legal() const {
  if (wk >= 64 || bk >= 64 || man >= 64) return false;
  if (wk == bk || wk == man || bk == man) return false;
  if (king_distance(wk, bk) <= 1) return false;
  if (type == pawn && (rank_of(man) == 0 || rank_of(man) == 7)) return false;
  if (white_to_move && black_in_check()) return false;
  return true;
}

int Mini::moves(MiniMove out[]) const {
  int n = 0;
  if (white_to_move) {
    const Bitboard near_bk = king_attacks(bk);
    Bitboard k = king_attacks(wk) & ~bb(man) & ~near_bk & ~bb(bk);
    while (k) out[n++] = {wk, pop_lsb(k), no_piece_type};
    if (type == pawn) {
      const Square one = Square(man + 8);
      if (one != wk && one != bk) {
        if (rank_of(one) == 7) {
          for (PieceType p : {queen, rook, bishop, knight}) out[n++] = {man, one, p};
        } else {
          out[n++] = {man, one, no_piece_type};
          const Square two = Square(man + 16);
          if (rank_of(man) == 1 && two != wk && two != bk) out[n++] = {man, two, no_piece_type};
        }
      }
    } else {
      Bitboard t = attacks(type, man, bb(wk) | bb(bk)) & ~bb(wk) & ~bb(bk);
      while (t) out[n++] = {man, pop_lsb(t), no_piece_type};
    }
  } else {
    const Bitboard guarded = white_attacks();
    Bitboard k = king_attacks(bk) & ~king_attacks(wk);
    // The man may be taken where the white king does not guard it; elsewhere the squares the
    // man attacks are barred.
    Bitboard to = k & ~(guarded & ~bb(man));
    if ((king_attacks(wk) & bb(man)) != 0) to &= ~bb(man);
    while (to) out[n++] = {bk, pop_lsb(to), no_piece_type};
  }
  return n;
}

Mini Mini::after(MiniMove m) const {
  Mini r = *this;
  if (white_to_move) {
    if (m.from == wk) {
      r.wk = m.to;
    } else {
      r.man = m.to;
      if (m.promotion != no_piece_type) r.type = m.promotion;
    }
  } else {
    r.bk = m.to;
    if (m.to == man) r.man = no_square;  // taken: the position is a bare-king draw
  }
  r.white_to_move = !white_to_move;
  return r;
}

bool Mini::black_mated() const {
  MiniMove buf[kMaxMiniMoves];
  return !white_to_move && black_in_check() && moves(buf) == 0;
}

bool Mini::stalemate() const {
  MiniMove buf[kMaxMiniMoves];
  if (!white_to_move && black_in_check()) return false;
  return moves(buf) == 0;
}

bool Mini::man_hangs() const {
  return !white_to_move && king_distance(bk, man) == 1 && king_distance(wk, man) > 1;
}

Mini Mini::from_index(std::uint32_t i, PieceType type) {
  Mini m;
  m.type = type;
  m.man = Square(i % 64);
  i /= 64;
  m.bk = Square(i % 64);
  i /= 64;
  m.wk = Square(i % 64);
  i /= 64;
  m.white_to_move = i == 0;
  return m;
}

std::string Mini::fen() const {
  std::string s;
  for (int r = 7; r >= 0; --r) {
    int empty = 0;
    for (int f = 0; f < 8; ++f) {
      const Square sq = make_square(f, r);
      char c = 0;
      if (sq == wk) c = 'K';
      if (sq == bk) c = 'k';
      if (sq == man) c = " PNBRQK"[type];
      if (!c) {
        ++empty;
        continue;
      }
      if (empty) s += char('0' + empty);
      empty = 0;
      s += c;
    }
    if (empty) s += char('0' + empty);
    if (r) s += '/';
  }
  s += white_to_move ? " w - - 0 1" : " b - - 0 1";
  return s;
}

std::optional<MiniView> read_mini(const Position& pos) {
  if (popcount(pos.pieces()) != 3) return std::nullopt;
  const Bitboard men = pos.pieces() & ~pos.pieces(king);
  if (popcount(men) != 1) return std::nullopt;
  const Square s = lsb(men);
  const Piece p = pos.piece_on(s);
  const PieceType t = type_of(p);
  if (t != pawn && t != rook && t != queen) return std::nullopt;
  const Color strong = color_of(p);
  MiniView v;
  v.flipped = strong == black;
  auto sq = [&](Square x) { return v.flipped ? flip_rank(x) : x; };
  v.mini.type = t;
  v.mini.man = sq(s);
  v.mini.wk = sq(pos.king_square(strong));
  v.mini.bk = sq(pos.king_square(~strong));
  v.mini.white_to_move = pos.side() == strong;
  return v;
}

Move to_move(const MiniView& view, MiniMove m) {
  auto sq = [&](Square x) { return view.flipped ? flip_rank(x) : x; };
  if (m.promotion != no_piece_type) return Move(sq(m.from), sq(m.to), Move::promotion, m.promotion);
  return Move(sq(m.from), sq(m.to));
}

}  // namespace minimax::chess::endgame
