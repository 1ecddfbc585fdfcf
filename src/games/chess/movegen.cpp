// Legal move generation: pins and checks are known from update_check_info(), so every move is
// generated legal (no make/test/unmake), which also makes perft's bulk counting exact.
#include "games/chess/attacks.hpp"
#include "games/chess/position.hpp"

namespace minimax::chess {

enum class GenType { all, noisy, quiet };

struct MoveGenerator {
  template <GenType G>
  static void generate(const Position& pos, Position::MoveList& list);
};

namespace {

inline void add_promotions(Position::MoveList& list, Square from, Square to) {
  for (PieceType t : {queen, rook, bishop, knight}) list.push_back(Move(from, to, Move::promotion, t));
}

}  // namespace

template <GenType G>
void MoveGenerator::generate(const Position& pos, Position::MoveList& list) {
  const Color us = pos.side_, them = ~us;
  const Bitboard occ = pos.pieces(), own = pos.pieces(us), enemy = pos.pieces(them);
  const Square ksq = pos.king_square(us);
  const Bitboard checkers = pos.state().checkers;

  // 1. King moves: the destination must not be attacked once the king has left its square.
  Bitboard ktargets = king_attacks(ksq) & ~own;
  if constexpr (G == GenType::noisy) ktargets &= enemy;
  if constexpr (G == GenType::quiet) ktargets &= ~enemy;
  const Bitboard occ_no_king = occ ^ bb(ksq);
  while (ktargets) {
    Square to = pop_lsb(ktargets);
    if (!(pos.attackers_to(to, occ_no_king) & enemy)) list.push_back(Move(ksq, to));
  }
  if (more_than_one(checkers)) return;  // double check: only the king may move

  // 2. Other pieces must capture the checker or block (any square when not in check), and a
  //    pinned piece moves only along the line of its pin.
  const Bitboard target = checkers ? (between(ksq, lsb(checkers)) | checkers) : ~Bitboard(0);
  const Bitboard pinned = pos.state().blockers[us] & own;
  Bitboard dest = ~own & target;
  if constexpr (G == GenType::noisy) dest &= enemy;
  if constexpr (G == GenType::quiet) dest &= ~enemy;

  auto pin_ok = [&](Square from, Square to) { return !(pinned & bb(from)) || (line(ksq, from) & bb(to)); };

  // 3. Pawns.
  const int up = us == white ? 8 : -8;
  const Bitboard rank7 = rank_bb(us == white ? 6 : 1), rank3 = rank_bb(us == white ? 2 : 5);
  const Bitboard pawns = pos.pieces(us, pawn);
  const Bitboard empty = ~occ;
  const Bitboard not_a = ~file_bb(0), not_h = ~file_bb(7);
  auto forward = [us](Bitboard b) { return us == white ? b << 8 : b >> 8; };
  auto cap_left = [us, not_a](Bitboard b) { return us == white ? (b & not_a) << 7 : (b & not_a) >> 9; };
  auto cap_right = [us, not_h](Bitboard b) { return us == white ? (b & not_h) << 9 : (b & not_h) >> 7; };
  const int left_delta = us == white ? 7 : -9, right_delta = us == white ? 9 : -7;

  if constexpr (G != GenType::noisy) {
    Bitboard single = forward(pawns & ~rank7) & empty;
    Bitboard dbl = forward(single & rank3) & empty & target;
    single &= target;
    while (single) {
      Square to = pop_lsb(single), from = Square(to - up);
      if (pin_ok(from, to)) list.push_back(Move(from, to));
    }
    while (dbl) {
      Square to = pop_lsb(dbl), from = Square(to - 2 * up);
      if (pin_ok(from, to)) list.push_back(Move(from, to));
    }
  }
  if constexpr (G != GenType::quiet) {
    const Bitboard promoters = pawns & rank7;
    if (promoters) {
      Bitboard push = forward(promoters) & empty & target;
      Bitboard left = cap_left(promoters) & enemy & target;
      Bitboard right = cap_right(promoters) & enemy & target;
      while (push) {
        Square to = pop_lsb(push), from = Square(to - up);
        if (pin_ok(from, to)) add_promotions(list, from, to);
      }
      while (left) {
        Square to = pop_lsb(left), from = Square(to - left_delta);
        if (pin_ok(from, to)) add_promotions(list, from, to);
      }
      while (right) {
        Square to = pop_lsb(right), from = Square(to - right_delta);
        if (pin_ok(from, to)) add_promotions(list, from, to);
      }
    }
    const Bitboard others = pawns & ~rank7;
    Bitboard left = cap_left(others) & enemy & target;
    Bitboard right = cap_right(others) & enemy & target;
    while (left) {
      Square to = pop_lsb(left), from = Square(to - left_delta);
      if (pin_ok(from, to)) list.push_back(Move(from, to));
    }
    while (right) {
      Square to = pop_lsb(right), from = Square(to - right_delta);
      if (pin_ok(from, to)) list.push_back(Move(from, to));
    }
    // En passant: tested by removing both pawns, which also catches the pin along the rank.
    const Square ep = pos.state().ep;
    if (ep != no_square) {
      const Square cap_sq = Square(ep - up);
      Bitboard candidates = pawn_attacks(them, ep) & pawns;
      while (candidates) {
        Square from = pop_lsb(candidates);
        Bitboard after = (occ ^ bb(from) ^ bb(cap_sq)) | bb(ep);
        if (!(pos.attackers_to(ksq, after) & enemy & ~bb(cap_sq))) list.push_back(Move(from, ep, Move::en_passant));
      }
    }
  }

  // 4. Knights, bishops, rooks, queens.
  for (PieceType pt : {knight, bishop, rook, queen}) {
    Bitboard b = pos.pieces(us, pt);
    if (pt == knight) b &= ~pinned;
    while (b) {
      Square from = pop_lsb(b);
      Bitboard att = attacks(pt, from, occ) & dest;
      if (pinned & bb(from)) att &= line(ksq, from);
      while (att) list.push_back(Move(from, pop_lsb(att)));
    }
  }

  // 5. Castling (king takes own rook): the squares both pieces cross are empty, the king is not in
  //    check, crosses no attacked square and does not land in check.
  if constexpr (G != GenType::noisy) {
    if (!checkers) {
      const int back = us == white ? 0 : 7;
      const CastlingRight rights[2] = {us == white ? white_oo : black_oo, us == white ? white_ooo : black_ooo};
      for (CastlingRight r : rights) {
        if (!(pos.state().castling & r)) continue;
        const Square rsq = pos.castling_rook_[r];
        const bool kingside = r == white_oo || r == black_oo;
        const Square kto = make_square(kingside ? 6 : 2, back), rto = make_square(kingside ? 5 : 3, back);
        const Bitboard movers = bb(ksq) | bb(rsq);
        const Bitboard must_be_empty = (between(ksq, kto) | bb(kto) | between(rsq, rto) | bb(rto)) & ~movers;
        if (occ & must_be_empty) continue;
        bool safe = true;
        Bitboard path = between(ksq, kto);
        while (path && safe) safe = !(pos.attackers_to(pop_lsb(path), occ) & enemy);
        const Bitboard after = (occ ^ movers) | bb(kto) | bb(rto);
        if (safe && !(pos.attackers_to(kto, after) & enemy)) list.push_back(Move(ksq, rsq, Move::castling));
      }
    }
  }
}

void Position::generate_moves(MoveList& list) const {
  list.clear();
  MoveGenerator::generate<GenType::all>(*this, list);
}
void Position::generate_noisy(MoveList& list) const {
  list.clear();
  MoveGenerator::generate<GenType::noisy>(*this, list);
}
void Position::generate_quiet(MoveList& list) const {
  list.clear();
  MoveGenerator::generate<GenType::quiet>(*this, list);
}

bool Position::has_legal_move() const {
  MoveList list;
  MoveGenerator::generate<GenType::all>(*this, list);
  return !list.empty();
}

bool Position::is_legal(Move m) const {
  if (!m.is_ok()) return false;
  const Piece p = board_[m.from()];
  if (!p || color_of(p) != side_) return false;
  MoveList list;
  MoveGenerator::generate<GenType::all>(*this, list);
  return list.contains(m);
}

bool Position::gives_check(Move m) const {
  const Color us = side_, them = ~us;
  const Square from = m.from(), to = m.to(), ksq = king_square(them);
  const Bitboard occ = pieces();
  const PieceType pt = type_of(board_[from]);
  switch (m.kind()) {
    case Move::normal:
      if (state().check_squares[pt] & bb(to)) return true;
      // A discovered check: the piece leaves a line to the enemy king.
      return (state().blockers[them] & bb(from)) && !(line(ksq, from) & bb(to));
    case Move::promotion:
      if (attacks(m.promotion_piece(), to, occ ^ bb(from)) & bb(ksq)) return true;
      return (state().blockers[them] & bb(from)) && !(line(ksq, from) & bb(to));
    case Move::en_passant: {
      if (state().check_squares[pawn] & bb(to)) return true;
      const Square cap_sq = Square(to ^ 8);
      const Bitboard after = (occ ^ bb(from) ^ bb(cap_sq)) | bb(to);
      return (rook_attacks(ksq, after) & (pieces(us, rook) | pieces(us, queen))) ||
             (bishop_attacks(ksq, after) & (pieces(us, bishop) | pieces(us, queen)));
    }
    case Move::castling: {
      const bool kingside = to > from;
      const int back = rank_of(from);
      const Square kto = make_square(kingside ? 6 : 2, back), rto = make_square(kingside ? 5 : 3, back);
      const Bitboard after = (occ ^ bb(from) ^ bb(to)) | bb(kto) | bb(rto);
      return rook_attacks(rto, after) & bb(ksq);
    }
  }
  return false;
}

}  // namespace minimax::chess
