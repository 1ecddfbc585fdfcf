// Legal move generation: pins and checks are known from update_check_info(), so every move is
// generated legal (no make/test/unmake), which also makes perft's bulk counting exact.
#include "games/chess/attacks.hpp"
#include "games/chess/position.hpp"

namespace minimax::chess {

// checks: a superset of the checking moves (Position::generate_checks filters it exactly).
enum class GenType { all, noisy, quiet, checks };

struct MoveGenerator {
  template <GenType G, Color Us>
  static void generate(const Position& pos, Position::MoveList& list);
  template <GenType G>
  static void generate(const Position& pos, Position::MoveList& list) {
    if (pos.side_ == white)
      generate<G, white>(pos, list);
    else
      generate<G, black>(pos, list);
  }
};

namespace {

// Is s attacked by colour `by`, with the given occupancy? (Early exits: king-move and castling
// tests ask this for a few squares per position.)
inline bool attacked(const Position& pos, Color by, Square s, Bitboard occupied) {
  const Bitboard them = pos.pieces(by);
  return (knight_attacks(s) & pos.pieces(knight) & them) ||
         (pawn_attacks(~by, s) & pos.pieces(pawn) & them) ||
         (king_attacks(s) & pos.pieces(king) & them) ||
         (bishop_attacks(s, occupied) & (pos.pieces(bishop) | pos.pieces(queen)) & them) ||
         (rook_attacks(s, occupied) & (pos.pieces(rook) | pos.pieces(queen)) & them);
}

inline void add_promotions(Position::MoveList& list, Square from, Square to) {
  for (PieceType t : {queen, rook, bishop, knight})
    list.push_back(Move(from, to, Move::promotion, t));
}

}  // namespace

template <GenType G, Color Us>
void MoveGenerator::generate(const Position& pos, Position::MoveList& list) {
  constexpr Color Them = ~Us;
  const Bitboard own = pos.pieces(Us), enemy = pos.pieces(Them), occ = own | enemy;
  const Square ksq = pos.king_square(Us);
  const Bitboard checkers = pos.state().checkers;

  // Checks: a piece that does not stand in a line from one of our sliders to their king (a
  // discovered check) must move to a square from which it attacks that king.
  constexpr bool C = G == GenType::checks;
  const Bitboard discoverers = C ? pos.state().blockers[Them] & own : 0;
  auto check_targets = [&](Square from, PieceType t) {
    return !C || (discoverers & bb(from)) ? ~Bitboard(0) : pos.state().check_squares[t];
  };

  // 1. King moves: the destination must not be attacked once the king has left its square.
  Bitboard ktargets = king_attacks(ksq) & ~own;
  if constexpr (C) ktargets &= check_targets(ksq, king);
  if constexpr (G == GenType::noisy) ktargets &= enemy;
  if constexpr (G == GenType::quiet) ktargets &= ~enemy;
  const Bitboard occ_no_king = occ ^ bb(ksq);
  while (ktargets) {
    const Square to = pop_lsb(ktargets);
    if (!attacked(pos, Them, to, occ_no_king)) list.push_back(Move(ksq, to));
  }
  if (more_than_one(checkers)) return;  // double check: only the king may move

  // 2. Other pieces must capture the checker or block (any square when not in check), and a
  //    pinned piece moves only along the line of its pin (not at all when in check).
  const Bitboard check_mask = checkers ? (between(ksq, lsb(checkers)) | checkers) : ~Bitboard(0);
  const Bitboard pinned = pos.state().blockers[Us] & own;
  Bitboard dest = ~own & check_mask;
  if constexpr (G == GenType::noisy) dest &= enemy;
  if constexpr (G == GenType::quiet) dest &= ~enemy;

  // 3. Pawns: the free ones set-wise, the pinned ones one by one along their pin line.
  constexpr int up = Us == white ? 8 : -8;
  constexpr int left_delta = Us == white ? 7 : -9, right_delta = Us == white ? 9 : -7;
  constexpr Bitboard rank7 = rank_bb(Us == white ? 6 : 1), rank3 = rank_bb(Us == white ? 2 : 5);
  constexpr Bitboard not_a = ~file_bb(0), not_h = ~file_bb(7);
  auto forward = [](Bitboard b) { return Us == white ? b << 8 : b >> 8; };
  auto cap_left = [](Bitboard b) { return Us == white ? (b & not_a) << 7 : (b & not_a) >> 9; };
  auto cap_right = [](Bitboard b) { return Us == white ? (b & not_h) << 9 : (b & not_h) >> 7; };
  const Bitboard empty = ~occ;
  const Bitboard pawns = pos.pieces(Us, pawn);
  const Bitboard free_pawns = pawns & ~pinned;

  if constexpr (G != GenType::noisy) {
    Bitboard single = forward(free_pawns & ~rank7) & empty;
    Bitboard dbl = forward(single & rank3) & empty & check_mask;
    single &= check_mask;
    if constexpr (C) {
      const Bitboard pawn_checks = pos.state().check_squares[pawn];
      single &= pawn_checks | forward(free_pawns & discoverers);
      dbl &= pawn_checks | forward(forward(free_pawns & discoverers));
    }
    while (single) {
      const Square to = pop_lsb(single);
      list.push_back(Move(Square(to - up), to));
    }
    while (dbl) {
      const Square to = pop_lsb(dbl);
      list.push_back(Move(Square(to - 2 * up), to));
    }
  }
  if constexpr (G != GenType::quiet) {
    const Bitboard promoters = free_pawns & rank7;
    const Bitboard capture_mask = enemy & check_mask;
    if (promoters) {
      Bitboard push = forward(promoters) & empty & check_mask;
      Bitboard left = cap_left(promoters) & capture_mask;
      Bitboard right = cap_right(promoters) & capture_mask;
      while (push) {
        const Square to = pop_lsb(push);
        add_promotions(list, Square(to - up), to);
      }
      while (left) {
        const Square to = pop_lsb(left);
        add_promotions(list, Square(to - left_delta), to);
      }
      while (right) {
        const Square to = pop_lsb(right);
        add_promotions(list, Square(to - right_delta), to);
      }
    }
    const Bitboard others = free_pawns & ~rank7;
    Bitboard left = cap_left(others) & capture_mask;
    Bitboard right = cap_right(others) & capture_mask;
    while (left) {
      const Square to = pop_lsb(left);
      list.push_back(Move(Square(to - left_delta), to));
    }
    while (right) {
      const Square to = pop_lsb(right);
      list.push_back(Move(Square(to - right_delta), to));
    }
    // En passant: tested by removing both pawns, which also catches the pin along the rank.
    const Square ep = pos.state().ep;
    if (ep != no_square) {
      const Square cap_sq = Square(ep - up);
      Bitboard candidates = pawn_attacks(Them, ep) & pawns;
      while (candidates) {
        const Square from = pop_lsb(candidates);
        const Bitboard after = (occ ^ bb(from) ^ bb(cap_sq)) | bb(ep);
        if (!(pos.attackers_to(ksq, after) & enemy & ~bb(cap_sq)))
          list.push_back(Move(from, ep, Move::en_passant));
      }
    }
  }
  if (!checkers) {
    Bitboard pinned_pawns = pawns & pinned;
    while (pinned_pawns) {
      const Square from = pop_lsb(pinned_pawns);
      const Bitboard pin_line = line(ksq, from);
      const bool promotes = bb(from) & rank7;
      const Bitboard push = forward(bb(from)) & empty & pin_line;
      Bitboard caps = pawn_attacks(Us, from) & enemy & pin_line;
      if (promotes) {
        if constexpr (G != GenType::quiet) {
          if (push) add_promotions(list, from, lsb(push));
          while (caps) add_promotions(list, from, pop_lsb(caps));
        }
        continue;
      }
      if constexpr (G != GenType::noisy) {
        if (push) {
          list.push_back(Move(from, lsb(push)));
          if (const Bitboard d = forward(push & rank3) & empty) list.push_back(Move(from, lsb(d)));
        }
      }
      if constexpr (G != GenType::quiet)
        while (caps) list.push_back(Move(from, pop_lsb(caps)));
    }
  }

  // 4. Knights (a pinned knight never moves), bishops, rooks, queens.
  auto add_all = [&](Square from, Bitboard targets) {
    while (targets) list.push_back(Move(from, pop_lsb(targets)));
  };
  for (Bitboard b = pos.pieces(Us, knight) & ~pinned; b;) {
    const Square from = pop_lsb(b);
    add_all(from, knight_attacks(from) & dest & check_targets(from, knight));
  }
  for (Bitboard b = pos.pieces(Us, bishop); b;) {
    const Square from = pop_lsb(b);
    Bitboard t = bishop_attacks(from, occ) & dest & check_targets(from, bishop);
    if (pinned & bb(from)) t &= line(ksq, from);
    add_all(from, t);
  }
  for (Bitboard b = pos.pieces(Us, rook); b;) {
    const Square from = pop_lsb(b);
    Bitboard t = rook_attacks(from, occ) & dest & check_targets(from, rook);
    if (pinned & bb(from)) t &= line(ksq, from);
    add_all(from, t);
  }
  for (Bitboard b = pos.pieces(Us, queen); b;) {
    const Square from = pop_lsb(b);
    Bitboard t = queen_attacks(from, occ) & dest & check_targets(from, queen);
    if (pinned & bb(from)) t &= line(ksq, from);
    add_all(from, t);
  }

  // 5. Castling (king takes own rook): the squares both pieces cross are empty, the king is not in
  //    check, crosses no attacked square and does not land in check.
  if constexpr (G != GenType::noisy) {
    constexpr std::uint8_t kRights = Us == white ? (white_oo | white_ooo) : (black_oo | black_ooo);
    if (!checkers && (pos.state().castling & kRights)) {
      constexpr int back = Us == white ? 0 : 7;
      for (const CastlingRight r :
           {Us == white ? white_oo : black_oo, Us == white ? white_ooo : black_ooo}) {
        if (!(pos.state().castling & r)) continue;
        const Square rsq = pos.castling_rook_[r];
        const bool kingside = r == white_oo || r == black_oo;
        const Square kto = make_square(kingside ? 6 : 2, back),
                     rto = make_square(kingside ? 5 : 3, back);
        const Bitboard movers = bb(ksq) | bb(rsq);
        const Bitboard must_be_empty =
            (between(ksq, kto) | bb(kto) | between(rsq, rto) | bb(rto)) & ~movers;
        if (occ & must_be_empty) continue;
        bool safe = true;
        Bitboard path = between(ksq, kto);
        while (path && safe) safe = !attacked(pos, Them, pop_lsb(path), occ);
        const Bitboard after = (occ ^ movers) | bb(kto) | bb(rto);
        if (safe && !attacked(pos, Them, kto, after))
          list.push_back(Move(ksq, rsq, Move::castling));
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
void Position::generate_checks(MoveList& list) const {
  list.clear();
  MoveGenerator::generate<GenType::checks>(*this, list);
  std::size_t kept = 0;
  for (std::size_t i = 0; i < list.size(); ++i)
    if (gives_check(list[i])) list[kept++] = list[i];
  list.resize(kept);
}

bool Position::has_legal_move() const {
  // Most often the king has a safe step, which settles it without generating the whole list.
  if (const Bitboard king_bb = pieces(side_, king)) {
    const Square ksq = lsb(king_bb);
    const Bitboard occ_no_king = pieces() ^ king_bb;
    for (Bitboard t = king_attacks(ksq) & ~pieces(side_); t;)
      if (!attacked(*this, ~side_, pop_lsb(t), occ_no_king)) return true;
  }
  MoveList list;
  MoveGenerator::generate<GenType::all>(*this, list);
  return !list.empty();
}

// Search asks this of hash-table and killer moves at every node, so it decides without generating
// the move list: is m a move the generator would produce (same encoding), and is it legal? The
// rare kinds (castling, en passant) are looked up in the generated list.
bool Position::is_legal(Move m) const {
  if (!m.is_ok()) return false;
  const Square from = m.from(), to = m.to();
  const Piece p = board_[from];
  if (!p || color_of(p) != side_) return false;
  if (m.is_castling() || m.is_en_passant()) {
    MoveList list;
    MoveGenerator::generate<GenType::all>(*this, list);
    return list.contains(m);
  }
  const Color us = side_, them = ~us;
  const Bitboard own = pieces(us), occ = pieces();
  if (own & bb(to)) return false;
  const PieceType pt = type_of(p);
  const bool last_rank = relative_rank(us, to) == 7;
  if (m.is_promotion() ? (pt != pawn || !last_rank)
                       : (m != Move(from, to) || (pt == pawn && last_rank)))
    return false;  // a promotion is exactly a pawn reaching the last rank; normal moves carry no
                   // piece

  // The move as the pieces allow it (ignoring checks and pins).
  if (pt == pawn) {
    const int up = us == white ? 8 : -8;
    const bool capture = pawn_attacks(us, from) & pieces(them) & bb(to);
    const bool push = to == from + up && !(occ & bb(to));
    const bool double_push = to == from + 2 * up && relative_rank(us, from) == 1 &&
                             !(occ & (bb(to) | bb(Square(from + up))));
    if (!capture && !push && !double_push) return false;
  } else if (!(attacks(pt, from, occ) & bb(to))) {
    return false;
  }

  // Legality. The king: the destination is not attacked once the king has left its square.
  const Square ksq = king_square(us);
  if (pt == king) return !(attackers_to(to, occ ^ bb(from)) & pieces(them));
  const Bitboard checkers = state().checkers;
  if (checkers) {
    if (more_than_one(checkers)) return false;
    if (!((between(ksq, lsb(checkers)) | checkers) & bb(to))) return false;
  }
  // A pinned piece stays on the line through its king.
  return !(state().blockers[us] & bb(from)) || (line(ksq, from) & bb(to));
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
      const Square kto = make_square(kingside ? 6 : 2, back),
                   rto = make_square(kingside ? 5 : 3, back);
      const Bitboard after = (occ ^ bb(from) ^ bb(to)) | bb(kto) | bb(rto);
      return rook_attacks(rto, after) & bb(ksq);
    }
  }
  return false;
}

}  // namespace minimax::chess
