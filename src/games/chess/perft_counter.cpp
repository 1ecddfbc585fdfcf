// Position::perft: the number of leaf nodes of the legal move tree, counted fast.
//
// Perft only needs the board, so it does not go through play()/undo() (which keep the key, the
// check information and the undo history for search and for the game). It copies a small board
// (eight bitboards, the side, the en-passant square and the castling rights) into each child, and
// generates strictly legal moves with a check mask and pin lines, so that:
//  - at the last ply nothing is played: the moves are counted with popcounts of destination sets
//    (bulk counting), a pawn push set or a knight's targets counted in one instruction;
//  - a move is applied directly inside the generation loop, with its piece type already known.
// The move generator of the game (movegen.cpp) and this counter are separate code: both are checked
// against the published perft counts, and the game's generator also against the slow model of the
// random-playout test.
#include <cstdint>

#include "games/chess/attacks.hpp"
#include "games/chess/position.hpp"

namespace minimax::chess {

namespace {

struct Board {
  Bitboard type[7];  // [pawn..king], both colours; [0] unused
  Bitboard color[2];
  Square ep;  // set only when a pawn of the side to move stands beside the pushed pawn
  std::uint8_t castling;
};

// What stays fixed below the root: where the castling rooks stand and what castling needs.
struct CastlingRules {
  std::uint8_t lost[64] = {};  // rights lost when a piece moves from or to a square
  Square king_from[16] = {}, rook_from[16] = {}, king_to[16] = {}, rook_to[16] = {};
  Bitboard must_be_empty[16] = {};  // squares both pieces cross or land on, but for themselves
  Bitboard king_path[16] = {};      // squares the king crosses or lands on: none may be attacked
};

template <Color Us>
constexpr Bitboard up(Bitboard b) {
  return Us == white ? b << 8 : b >> 8;
}
template <Color Us>
constexpr Bitboard up_left(Bitboard b) {  // towards the a-file
  return Us == white ? (b & ~file_bb(0)) << 7 : (b & ~file_bb(0)) >> 9;
}
template <Color Us>
constexpr Bitboard up_right(Bitboard b) {  // towards the h-file
  return Us == white ? (b & ~file_bb(7)) << 9 : (b & ~file_bb(7)) >> 7;
}
template <Color Us>
constexpr int kUp = Us == white ? 8 : -8;
template <Color Us>
constexpr int kUpLeft = Us == white ? 7 : -9;
template <Color Us>
constexpr int kUpRight = Us == white ? 9 : -7;

// Is s attacked by colour Them, with the given occupancy?
template <Color Them>
inline bool attacked(const Board& b, Square s, Bitboard occupied) {
  const Bitboard them = b.color[Them];
  return (knight_attacks(s) & b.type[knight] & them) ||
         (pawn_attacks(~Them, s) & b.type[pawn] & them) ||
         (king_attacks(s) & b.type[king] & them) ||
         (bishop_attacks(s, occupied) & (b.type[bishop] | b.type[queen]) & them) ||
         (rook_attacks(s, occupied) & (b.type[rook] | b.type[queen]) & them);
}

// Generates every legal move of side Us and hands it to the visitor, grouped so that a counting
// visitor can take whole destination sets at once:
//   v.piece_moves(type, from, targets)           a non-pawn piece's moves to each square of targets
//   v.pawn_moves(targets, delta, promotion)     pawn moves to each square of targets, from target -
//   delta v.pawn_move(from, to, promotion)            one pawn move (pinned pawns)
//   v.en_passant(from, to)
//   v.castling(right)
template <Color Us, class Visitor>
inline void generate(const Board& b, const CastlingRules& rules, Visitor& v) {
  constexpr Color Them = ~Us;
  const Bitboard us = b.color[Us], them = b.color[Them], occ = us | them;
  const Square ksq = lsb(b.type[king] & us);
  const Bitboard enemy_rq = (b.type[rook] | b.type[queen]) & them;
  const Bitboard enemy_bq = (b.type[bishop] | b.type[queen]) & them;

  // Checkers and pins. Slider rays from the king through our own pieces (occupancy = theirs only)
  // meet the enemy sliders that check us (nothing between) or pin one of our pieces (one between).
  Bitboard checkers =
      (knight_attacks(ksq) & b.type[knight] & them) | (pawn_attacks(Us, ksq) & b.type[pawn] & them);
  Bitboard pinned = 0;
  Bitboard snipers = (rook_attacks(ksq, them) & enemy_rq) | (bishop_attacks(ksq, them) & enemy_bq);
  while (snipers) {
    const Square s = pop_lsb(snipers);
    const Bitboard blockers = between(ksq, s) & occ;
    if (!blockers)
      checkers |= bb(s);
    else if (!more_than_one(blockers))
      pinned |= blockers;
  }

  // 1. King moves: the destination must not be attacked once the king has left its square.
  {
    Bitboard targets = king_attacks(ksq) & ~us;
    Bitboard safe = 0;
    const Bitboard occ_without_king = occ ^ bb(ksq);
    while (targets) {
      const Square to = pop_lsb(targets);
      if (!attacked<Them>(b, to, occ_without_king)) safe |= bb(to);
    }
    if (safe) v.piece_moves(king, ksq, safe);
  }
  if (more_than_one(checkers)) return;  // double check: only the king may move

  // 2. Everything else must capture the checker or block (anything when not in check); a pinned
  //    piece moves only along the line of its pin (and cannot move at all when in check).
  const Bitboard check_mask = checkers ? between(ksq, lsb(checkers)) | checkers : ~Bitboard{0};
  const Bitboard target = ~us & check_mask;
  const Bitboard empty = ~occ;

  // 3. Pawns: whole sets at a time for the free pawns.
  constexpr Bitboard kRank7 = rank_bb(Us == white ? 6 : 1);
  constexpr Bitboard kRank3 = rank_bb(Us == white ? 2 : 5);
  const Bitboard pawns = b.type[pawn] & us;
  {
    const Bitboard free = pawns & ~pinned;
    const Bitboard movers = free & ~kRank7, promoters = free & kRank7;
    const Bitboard single = up<Us>(movers) & empty;
    const Bitboard dbl = up<Us>(single & kRank3) & empty & check_mask;
    if (single & check_mask) v.pawn_moves(single & check_mask, kUp<Us>, false);
    if (dbl) v.pawn_moves(dbl, 2 * kUp<Us>, false);
    const Bitboard capture_mask = them & check_mask;
    if (const Bitboard l = up_left<Us>(movers) & capture_mask) v.pawn_moves(l, kUpLeft<Us>, false);
    if (const Bitboard r = up_right<Us>(movers) & capture_mask)
      v.pawn_moves(r, kUpRight<Us>, false);
    if (promoters) {
      if (const Bitboard p = up<Us>(promoters) & empty & check_mask) v.pawn_moves(p, kUp<Us>, true);
      if (const Bitboard l = up_left<Us>(promoters) & capture_mask)
        v.pawn_moves(l, kUpLeft<Us>, true);
      if (const Bitboard r = up_right<Us>(promoters) & capture_mask)
        v.pawn_moves(r, kUpRight<Us>, true);
    }
    // Pinned pawns, one by one, along their pin line (never when in check).
    Bitboard pinned_pawns = pawns & pinned;
    if (checkers) pinned_pawns = 0;
    while (pinned_pawns) {
      const Square from = pop_lsb(pinned_pawns);
      const Bitboard pin_line = line(ksq, from);
      const bool promotes = bb(from) & kRank7;
      const Bitboard push = up<Us>(bb(from)) & empty & pin_line;
      if (push) {
        v.pawn_move(from, lsb(push), promotes);
        if (const Bitboard d = up<Us>(push & kRank3) & empty) v.pawn_move(from, lsb(d), false);
      }
      Bitboard caps = pawn_attacks(Us, from) & them & pin_line;
      while (caps) v.pawn_move(from, pop_lsb(caps), promotes);
    }
  }
  // En passant: remove both pawns and put ours on the target square; the king must then be safe
  // from every slider (this catches the pawn pinned along the rank) and from any other checker
  // than the captured pawn.
  if (b.ep != no_square) {
    const Square cap_sq = Square(b.ep - kUp<Us>);
    Bitboard candidates = pawn_attacks(Them, b.ep) & pawns;
    while (candidates) {
      const Square from = pop_lsb(candidates);
      const Bitboard after = (occ ^ bb(from) ^ bb(cap_sq)) | bb(b.ep);
      if ((checkers & ~bb(cap_sq) & ~(enemy_rq | enemy_bq)) == 0 &&
          !(rook_attacks(ksq, after) & enemy_rq) && !(bishop_attacks(ksq, after) & enemy_bq))
        v.en_passant(from, b.ep);
    }
  }

  // 4. Knights (a pinned knight never moves), bishops, rooks, queens.
  {
    Bitboard knights = b.type[knight] & us & ~pinned;
    while (knights) {
      const Square from = pop_lsb(knights);
      if (const Bitboard t = knight_attacks(from) & target) v.piece_moves(knight, from, t);
    }
    Bitboard bishops = b.type[bishop] & us;
    while (bishops) {
      const Square from = pop_lsb(bishops);
      Bitboard t = bishop_attacks(from, occ) & target;
      if (pinned & bb(from)) t &= line(ksq, from);
      if (t) v.piece_moves(bishop, from, t);
    }
    Bitboard rooks = b.type[rook] & us;
    while (rooks) {
      const Square from = pop_lsb(rooks);
      Bitboard t = rook_attacks(from, occ) & target;
      if (pinned & bb(from)) t &= line(ksq, from);
      if (t) v.piece_moves(rook, from, t);
    }
    Bitboard queens = b.type[queen] & us;
    while (queens) {
      const Square from = pop_lsb(queens);
      Bitboard t = queen_attacks(from, occ) & target;
      if (pinned & bb(from)) t &= line(ksq, from);
      if (t) v.piece_moves(queen, from, t);
    }
  }

  // 5. Castling (king takes own rook, any files): not out of check, the crossed squares empty,
  //    and no square the king crosses or lands on attacked. The rook is lifted off the board for
  //    that test: in Chess960 it may shield the king's destination along the rank.
  constexpr std::uint8_t kRights = Us == white ? (white_oo | white_ooo) : (black_oo | black_ooo);
  if (!checkers && (b.castling & kRights)) {
    for (const CastlingRight r :
         {Us == white ? white_oo : black_oo, Us == white ? white_ooo : black_ooo}) {
      if (!(b.castling & r) || (occ & rules.must_be_empty[r])) continue;
      const Bitboard occ_without_rook = occ ^ bb(rules.rook_from[r]);
      Bitboard path = rules.king_path[r];
      bool safe = true;
      while (path && safe) safe = !attacked<Them>(b, pop_lsb(path), occ_without_rook);
      if (safe) v.castling(r);
    }
  }
}

template <Color Us>
struct Counter {
  std::uint64_t n = 0;
  void piece_moves(PieceType, Square, Bitboard targets) { n += popcount(targets); }
  void pawn_moves(Bitboard targets, int, bool promotion) {
    n += popcount(targets) << (promotion ? 2 : 0);
  }
  void pawn_move(Square, Square, bool promotion) { n += promotion ? 4 : 1; }
  void en_passant(Square, Square) { ++n; }
  void castling(CastlingRight) { ++n; }
};

template <Color Us>
std::uint64_t count_moves(const Board& b, const CastlingRules& rules) {
  Counter<Us> c;
  generate<Us>(b, rules, c);
  return c.n;
}

template <Color Us>
std::uint64_t perft_below(const Board& b, const CastlingRules& rules, int depth);

// Plays each move on a copy of the board and counts the tree below it.
template <Color Us>
struct Expander {
  static constexpr Color Them = ~Us;
  const Board& b;
  const CastlingRules& rules;
  int depth;  // of the children, >= 1
  std::uint64_t n = 0;

  void child(const Board& next) {
    n += depth == 1 ? count_moves<Them>(next, rules) : perft_below<Them>(next, rules, depth);
  }

  // The common part of every move but castling: a capture on `to` removes whatever stands there.
  Board moved(PieceType t, Square from, Square to) const {
    Board next = b;
    const Bitboard to_bb = bb(to), from_to = bb(from) | to_bb;
    if (b.color[Them] & to_bb) {
      for (int p = pawn; p <= queen; ++p) next.type[p] &= ~to_bb;
      next.color[Them] ^= to_bb;
    }
    next.type[t] ^= from_to;
    next.color[Us] ^= from_to;
    next.castling &= static_cast<std::uint8_t>(~(rules.lost[from] | rules.lost[to]));
    next.ep = no_square;
    return next;
  }

  void piece_moves(PieceType t, Square from, Bitboard targets) {
    while (targets) child(moved(t, from, pop_lsb(targets)));
  }

  void pawn_move(Square from, Square to, bool promotion) {
    Board next = moved(pawn, from, to);
    if (promotion) {
      next.type[pawn] ^= bb(to);
      for (PieceType p : {queen, rook, bishop, knight}) {
        next.type[p] ^= bb(to);
        child(next);
        next.type[p] ^= bb(to);
      }
      return;
    }
    if ((from ^ to) == 16) {  // a double step: en passant is possible if an enemy pawn is beside
      const Square ep = Square((from + to) / 2);
      if (pawn_attacks(Us, ep) & b.type[pawn] & b.color[Them]) next.ep = ep;
    }
    child(next);
  }

  void pawn_moves(Bitboard targets, int delta, bool promotion) {
    while (targets) {
      const Square to = pop_lsb(targets);
      pawn_move(Square(to - delta), to, promotion);
    }
  }

  void en_passant(Square from, Square to) {
    Board next = moved(pawn, from, to);
    const Bitboard captured = bb(Square(to - kUp<Us>));
    next.type[pawn] ^= captured;
    next.color[Them] ^= captured;
    child(next);
  }

  void castling(CastlingRight r) {
    Board next = b;
    const Square kf = rules.king_from[r], kt = rules.king_to[r];
    const Square rf = rules.rook_from[r], rt = rules.rook_to[r];
    next.type[king] = (next.type[king] & ~bb(kf)) | bb(kt);
    next.type[rook] = (next.type[rook] & ~bb(rf)) | bb(rt);
    next.color[Us] = (next.color[Us] & ~(bb(kf) | bb(rf))) | bb(kt) | bb(rt);
    next.castling &= static_cast<std::uint8_t>(~(rules.lost[kf] | rules.lost[rf]));
    next.ep = no_square;
    child(next);
  }
};

template <Color Us>
std::uint64_t perft_below(const Board& b, const CastlingRules& rules, int depth) {
  Expander<Us> e{b, rules, depth - 1};
  generate<Us>(b, rules, e);
  return e.n;
}

}  // namespace

std::uint64_t Position::perft(int depth) {
  if (depth <= 0) return 1;
  Board b{};
  for (int t = pawn; t <= king; ++t) b.type[t] = pieces(PieceType(t));
  b.color[white] = pieces(white);
  b.color[black] = pieces(black);
  b.ep = ep_square();
  b.castling = static_cast<std::uint8_t>(castling_rights());

  CastlingRules rules;
  for (const CastlingRight r : {white_oo, white_ooo, black_oo, black_ooo}) {
    const Square rsq = castling_rook(r);
    if (rsq == no_square) continue;
    const Color c = (r == white_oo || r == white_ooo) ? white : black;
    const bool kingside = r == white_oo || r == black_oo;
    const int back = c == white ? 0 : 7;
    const Square ksq = king_square(c);
    const Square kto = make_square(kingside ? 6 : 2, back),
                 rto = make_square(kingside ? 5 : 3, back);
    rules.king_from[r] = ksq;
    rules.rook_from[r] = rsq;
    rules.king_to[r] = kto;
    rules.rook_to[r] = rto;
    rules.must_be_empty[r] =
        (between(ksq, kto) | bb(kto) | between(rsq, rto) | bb(rto)) & ~(bb(ksq) | bb(rsq));
    rules.king_path[r] = between(ksq, kto) | bb(kto);
    rules.lost[ksq] |= r;
    rules.lost[rsq] |= r;
  }
  if (depth == 1)
    return side() == white ? count_moves<white>(b, rules) : count_moves<black>(b, rules);
  return side() == white ? perft_below<white>(b, rules, depth)
                         : perft_below<black>(b, rules, depth);
}

}  // namespace minimax::chess
