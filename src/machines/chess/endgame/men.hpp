#pragma once
// The few men of an ending, their moves and un-moves, and the index that numbers their positions.
//
// Men: up to four men in a table's order (White's king, Black's king, White's men, Black's men,
// each side's in the order Q R B N P), the side to move and an en-passant target (set only when
// the capture is legal). Small enough to copy; moves are made by copying.
//
// The index (TableIndex) of a material: the side to move, then the squares. Symmetry folds the
// board: without pawns the eight turns and reflections of the board give each position an image
// with White's king in the triangle a1-d1-d4 (10 squares); with pawns only the reflection left to
// right, White's king on files a-d (32 squares). A position with White's king on the diagonal a1-d4
// and its mirror image in that diagonal share the smaller of their two indices. Pawns stand on 48
// squares (ranks 2-7). An index whose men collide, whose side not to move is in check, or that is
// not the canonical name of its position (identical men out of order) names no position; the solver
// leaves it out. When both sides have a pawn, positions with a legal en-passant capture (the last
// move a double step) are numbered after the others: side to move, the pushed pawn's file, the
// capturer's side, the kings.
#include <array>
#include <cstdint>
#include <string>

#include "games/chess/attacks.hpp"
#include "games/chess/types.hpp"
#include "machines/chess/endgame/material.hpp"

namespace minimax::chess::endgame {

struct Man {
  Piece piece = no_piece;
  Square square = no_square;
};

struct Men {
  std::array<Man, 4> man{};
  int count = 0;
  Color side = white;
  Square ep = no_square;  // set only when an en-passant capture is legal

  [[nodiscard]] Bitboard occupied() const {
    Bitboard b = 0;
    for (int k = 0; k < count; ++k) b |= bb(man[k].square);
    return b;
  }
  [[nodiscard]] Square king(Color c) const {
    for (int k = 0; k < count; ++k)
      if (man[k].piece == make_piece(c, chess::king)) return man[k].square;
    return no_square;
  }
  // Does colour `by` attack s, with occupancy occ?
  [[nodiscard]] bool attacks(Color by, Square s, Bitboard occ) const;
  // Is the side not to move in check (the position cannot arise)?
  [[nodiscard]] bool opponent_in_check() const { return attacks(side, king(~side), occupied()); }
  [[nodiscard]] Material material() const;
  [[nodiscard]] std::string fen() const;
};

// Puts the men in a canonical material's table order, turning the board round (colours exchanged,
// ranks mirrored) when the material on the board is the canonical one's mirror image.
Men canonical_men(Men m);

// En passant: if the pawn on `pushed` (of the side not to move) may just have made a double step,
// the position before it was legal, and the side to move can take it en passant legally, the
// target square (the one it passed); no_square otherwise.
Square en_passant_target(const Men& m, Square pushed);

// Every legal move: f(child) with the child ready for its own table (side changed, en-passant
// target set only when that capture is legal) and whether it left the material (a capture or a
// promotion; then its men are out of order: use canonical_men).
template <class F>
void for_each_move(const Men& m, F&& f);

// Every position one legal non-capture non-promotion move before m (the move made by the side
// not to move in m): f(parent). The parents are legal; each has no en-passant right, and the ones
// that could also have it are given again with it.
template <class F>
void for_each_unmove(const Men& m, F&& f);

class TableIndex {
 public:
  explicit TableIndex(const Material& m);
  [[nodiscard]] std::uint64_t size() const { return normal_ + ep_; }
  [[nodiscard]] std::uint64_t ordinary_size() const { return normal_; }
  // Men in this table's order (canonical_men) with its material.
  [[nodiscard]] std::uint64_t encode(Men m) const;
  // False when i names no legal position, or is not the canonical name of the one it names.
  [[nodiscard]] bool decode(std::uint64_t i, Men& m) const;
  [[nodiscard]] const Material& material() const { return material_; }

 private:
  [[nodiscard]] bool decode_raw(std::uint64_t i, Men& m) const;
  [[nodiscard]] std::uint64_t encode_as(Men m, int symmetry) const;
  Material material_;
  std::array<Piece, 4> pieces_{};
  std::array<int, 4> radix_{};
  int count_ = 0;
  bool pawns_ = false;
  std::uint64_t normal_ = 0, ep_ = 0;
};

// ---------------------------------------------------------------------------------------------
// The templates.

namespace detail {
inline int push(Color c) { return c == white ? 8 : -8; }
inline int last_rank(Color c) { return c == white ? 7 : 0; }
}  // namespace detail

template <class F>
void for_each_move(const Men& m, F&& f) {
  const Color us = m.side;
  const Bitboard occ = m.occupied();
  Bitboard own = 0;
  for (int k = 0; k < m.count; ++k)
    if (color_of(m.man[k].piece) == us) own |= bb(m.man[k].square);
  // The child after man k goes to `to`, taking what stands there or on `taken` (en passant).
  auto emit = [&](int k, Square to, PieceType promo, Square taken, bool double_step) {
    Men c = m;
    c.ep = no_square;
    bool left = false;
    if (taken == no_square && (occ & bb(to))) taken = to;
    if (taken != no_square) {
      for (int j = 0; j < c.count; ++j) {
        if (c.man[j].square != taken) continue;
        for (int i = j; i + 1 < c.count; ++i) c.man[i] = c.man[i + 1];
        --c.count;
        if (j < k) --k;
        break;
      }
      left = true;
    }
    c.man[k].square = to;
    if (promo != no_piece_type) {
      c.man[k].piece = make_piece(us, promo);
      left = true;
    }
    if (c.attacks(~us, c.king(us), c.occupied())) return;  // the king left in check
    c.side = ~us;
    if (double_step) c.ep = en_passant_target(c, to);
    f(c, left);
  };
  for (int k = 0; k < m.count; ++k) {
    const Piece p = m.man[k].piece;
    if (color_of(p) != us) continue;
    const Square s = m.man[k].square;
    const PieceType t = type_of(p);
    if (t != pawn) {
      Bitboard targets = chess::attacks(t, s, occ) & ~own;
      while (targets) emit(k, pop_lsb(targets), no_piece_type, no_square, false);
      continue;
    }
    const Square one = Square(s + detail::push(us));
    const bool promotes = rank_of(one) == detail::last_rank(us);
    if (!(occ & bb(one))) {
      if (promotes) {
        for (PieceType q : {queen, rook, bishop, knight}) emit(k, one, q, no_square, false);
      } else {
        emit(k, one, no_piece_type, no_square, false);
        const Square two = Square(one + detail::push(us));
        if (relative_rank(us, s) == 1 && !(occ & bb(two)))
          emit(k, two, no_piece_type, no_square, true);
      }
    }
    Bitboard caps = pawn_attacks(us, s) & occ & ~own;
    while (caps) {
      const Square to = pop_lsb(caps);
      if (promotes) {
        for (PieceType q : {queen, rook, bishop, knight}) emit(k, to, q, no_square, false);
      } else {
        emit(k, to, no_piece_type, no_square, false);
      }
    }
    if (m.ep != no_square && (pawn_attacks(us, s) & bb(m.ep)))
      emit(k, m.ep, no_piece_type, Square(m.ep - detail::push(us)), false);
  }
}

template <class F>
void for_each_unmove(const Men& m, F&& f) {
  const Color them = ~m.side;  // who made the last move
  const Bitboard occ = m.occupied();
  auto emit = [&](int k, Square from) {
    Men r = m;
    r.ep = no_square;
    r.man[k].square = from;
    r.side = them;
    if (r.opponent_in_check()) return;
    f(r);
    for (int j = 0; j < r.count; ++j) {  // the same men, the last move a double step
      if (r.man[j].piece != make_piece(~them, pawn)) continue;
      const Square ep = en_passant_target(r, r.man[j].square);
      if (ep == no_square) continue;
      Men with = r;
      with.ep = ep;
      f(with);
    }
  };
  if (m.ep != no_square) {  // the last move was the double step to beside the capturer
    const Square pushed = Square(m.ep + detail::push(them));
    for (int k = 0; k < m.count; ++k)
      if (m.man[k].square == pushed) emit(k, Square(m.ep - detail::push(them)));
    return;
  }
  for (int k = 0; k < m.count; ++k) {
    const Piece p = m.man[k].piece;
    if (color_of(p) != them) continue;
    const Square s = m.man[k].square;
    const PieceType t = type_of(p);
    if (t == pawn) {
      const Square one = Square(s - detail::push(them));
      if (occ & bb(one)) continue;
      if (relative_rank(them, one) >= 1) emit(k, one);
      if (relative_rank(them, s) == 3) {
        const Square two = Square(one - detail::push(them));
        // The double step leads here only if it gives no en-passant capture; else it leads to the
        // same men with the en-passant right, which is another position.
        if (!(occ & bb(two)) && en_passant_target(m, s) == no_square) emit(k, two);
      }
      continue;
    }
    Bitboard from = chess::attacks(t, s, occ) & ~occ;
    while (from) emit(k, pop_lsb(from));
  }
}

}  // namespace minimax::chess::endgame
