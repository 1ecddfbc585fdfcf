#include "machines/chess/endgame_rules/kpk.hpp"

#include <tuple>

#include "games/chess/attacks.hpp"
#include "machines/chess/endgame_rules/krk.hpp"

namespace minimax::chess::endgame {

namespace {

// The plies the programs look beyond their own move (docs/endgame-rules.md).
constexpr int kLookAhead = 5;

Square mirror_file(Square s) { return make_square(7 - file_of(s), rank_of(s)); }

// The pawn on the queen's side (files a-d): the rules below are written for that half only.
Mini on_queen_side(const Mini& s) {
  if (file_of(s.man) <= 3) return s;
  Mini m = s;
  m.wk = mirror_file(s.wk);
  m.bk = mirror_file(s.bk);
  m.man = mirror_file(s.man);
  return m;
}

// The pawn's moves to promote, the double step counted as one.
int pawn_moves(Square p) { return 7 - rank_of(p) - (rank_of(p) == 1 ? 1 : 0); }

// Key squares (the standard theory, e.g. Dvoretsky 2003): the white king standing on one wins
// whoever is to move. Pawn on the 2nd-4th rank: the three squares two ranks ahead; on the 5th
// and 6th: the squares one and two ranks ahead; on the 7th: beside it and beside the queening
// square. Rook pawn: the two squares on the knight's file at the 7th and 8th ranks.
Bitboard key_squares(Square p) {
  const int f = file_of(p), r = rank_of(p);
  Bitboard k = 0;
  auto add = [&](int ff, int rr) {
    if (ff >= 0 && ff < 8 && rr >= 0 && rr < 8) k |= bb(make_square(ff, rr));
  };
  if (f == 0) {
    add(1, 6);
    add(1, 7);
    return k;
  }
  for (int df = -1; df <= 1; ++df) {
    if (r <= 3) add(f + df, r + 2);
    if (r == 4 || r == 5) {
      add(f + df, r + 1);
      add(f + df, r + 2);
    }
    if (r == 6 && df != 0) {
      add(f + df, 6);
      add(f + df, 7);
    }
  }
  return k;
}

int distance_to(Square from, Bitboard targets) {
  int d = 99;
  while (targets) d = std::min(d, king_distance(from, pop_lsb(targets)));
  return d;
}

// The rules in order, on the position turned to the queen's side: 1 won, 0 drawn; `rule` names
// the rule that decided (the numbers of docs/endgame-rules.md).
int kpk_rule_verdict(const Mini& s0, int& rule) {
  const Mini s = on_queen_side(s0);
  if (s.man_hangs() || s.stalemate()) return rule = 1, 0;
  const Square p = s.man;
  const int pf = file_of(p), pr = rank_of(p);
  const Square queening = make_square(pf, 7);
  const int tempo = s.white_to_move ? 0 : 1;  // the moves Black is ahead
  const int wf = file_of(s.wk), wr = rank_of(s.wk), bf = file_of(s.bk), br = rank_of(s.bk);
  // Promotion now, safely.
  if (s.white_to_move && pr == 6 && queening != s.wk && queening != s.bk &&
      (king_distance(s.bk, queening) > 1 || king_distance(s.wk, queening) == 1))
    return rule = 2, 1;
  // The rule of the square.
  const bool king_in_the_way = wf == pf && wr > pr;
  if (!king_in_the_way && king_distance(s.bk, queening) - tempo > pawn_moves(p)) return rule = 3, 1;
  // The pawn lost: the bare king attacks it before the white king can guard it, standing beside
  // or in front of it, and the pawn cannot run (the square).
  const int bk_to_pawn = king_distance(s.bk, p) - 1 - tempo;
  const int wk_to_pawn = king_distance(s.wk, p) - 1;
  const bool pawn_caught = king_distance(s.wk, p) >= king_distance(s.bk, p) + 2 - tempo;
  if (pawn_caught && br >= pr - 1 && king_distance(s.bk, queening) - tempo <= pawn_moves(p))
    return rule = 4, 0;
  if (pf == 0) {
    // The rook's pawn: the bare king in the corner (a7, a8, b7, b8) or in front of the pawn draws.
    if (bf <= 1 && br > pr && br >= 6) return rule = 5, 0;
    if (bf == 0 && br > pr) return rule = 6, 0;
    // The white king on b7/b8 (the key squares), the pawn safe: won.
    if ((s.wk == make_square(1, 6) || s.wk == make_square(1, 7)) && bk_to_pawn >= wk_to_pawn)
      return rule = 7, 1;
    // The race to the corner: the bare king reaching c7/c8 (or the corner) in time draws.
    const Bitboard zone = bb(make_square(0, 7)) | bb(make_square(1, 7)) | bb(make_square(2, 7)) |
                          bb(make_square(2, 6)) | bb(make_square(0, 6)) | bb(make_square(1, 6));
    const int dw = distance_to(s.wk, bb(make_square(1, 6)) | bb(make_square(1, 7)));
    const int db = distance_to(s.bk, zone);
    if (dw + tempo < db) return rule = 8, 1;
    return rule = 9, 0;
  }
  // The white king on a key square, the pawn not lost.
  if ((key_squares(p) & bb(s.wk)) && bk_to_pawn >= wk_to_pawn) return rule = 10, 1;
  // A pawn on its 2nd or 3rd rank with its king one rank ahead beside or in front of it: the pawn's
  // spare tempo wins the opposition.
  if (pr <= 2 && wr == pr + 1 && std::abs(wf - pf) <= 1 && bk_to_pawn >= wk_to_pawn)
    return rule = 11, 1;
  // The opposition in front of the pawn.
  if (wr > pr && std::abs(wf - pf) <= 1 && wf == bf && br > wr && (br - wr) % 2 == 0 &&
      !s.white_to_move)
    return rule = 12, 1;
  // The race for the key squares: the white king gets to one before the bare king can stand on
  // one of them, the pawn not caught on the way. White may first push the pawn k steps (its key
  // squares move up with it); a pawn on its 2nd or 3rd rank adds the squares of rule 11.
  for (int k = 0; pr + k < 7; ++k) {
    const Square pk = make_square(pf, pr + k);
    if (k > 0 && (pk == s.wk || pk == s.bk)) break;
    if (k > 0 && king_distance(s.bk, pk) - 1 - tempo - k < king_distance(s.wk, pk) - 1) break;
    Bitboard keys = key_squares(pk);
    if (rank_of(pk) <= 2) {
      for (int df = -1; df <= 1; ++df)
        if (pf + df >= 0) keys |= bb(make_square(pf + df, rank_of(pk) + 1));
    }
    const int steps = k - (pr == 1 && k >= 2 ? 1 : 0);  // the double step
    const int dw = distance_to(s.wk, keys) + steps + tempo;
    const int db = distance_to(s.bk, keys);
    if (dw < db && king_distance(s.bk, pk) - tempo - k > king_distance(s.wk, pk))
      return rule = 13, 1;
  }
  return rule = 14, 0;
}

}  // namespace

bool kpk_won_by_rules(const Mini& s) {
  int rule;
  return kpk_rule_verdict(s, rule) == 1;
}

bool kpk_won_ahead(const Mini& s, int plies) {
  if (s.man == no_square) return false;                          // the pawn taken
  if (s.type != pawn) return !(s.man_hangs() || s.stalemate());  // promoted: the new piece mates
  if (s.black_mated()) return true;
  if (s.stalemate()) return false;
  if (plies == 0) return kpk_won_by_rules(s);
  MiniMove list[kMaxMiniMoves];
  const int n = s.moves(list);
  for (int i = 0; i < n; ++i) {
    if (list[i].promotion == bishop || list[i].promotion == knight) continue;
    const bool won = kpk_won_ahead(s.after(list[i]), plies - 1);
    if (s.white_to_move && won) return true;
    if (!s.white_to_move && !won) return false;
  }
  return !s.white_to_move;
}

std::optional<MiniMove> kpk_pawn_move(const Mini& s) {
  MiniMove list[kMaxMiniMoves];
  const int n = s.moves(list);
  std::optional<MiniMove> best;
  using Key = std::tuple<int, int, int, int, int>;
  Key best_key{};
  for (int i = 0; i < n; ++i) {
    const MiniMove m = list[i];
    if (m.promotion == bishop || m.promotion == knight) continue;
    const Mini a = s.after(m);
    const bool unsafe = a.man_hangs() || a.stalemate();
    // Promote to a rook (the box method mates with it); a queen would do, but one mate is enough.
    if (m.promotion == rook && !unsafe) return m;
    if (m.promotion == queen) continue;
    const Mini q = on_queen_side(a);
    const Square ahead = rank_of(q.man) < 6 ? Square(q.man + 8) : q.man;
    const Key key{unsafe ? 1 : 0, kpk_won_ahead(a, kLookAhead) ? 0 : 1, -rank_of(a.man),
                  distance_to(q.wk, key_squares(ahead)) * 8 + distance_to(q.wk, key_squares(q.man)),
                  king_distance(a.wk, a.man)};
    if (!best || key < best_key) {
      best = m;
      best_key = key;
    }
  }
  return best;
}

std::optional<MiniMove> kpk_king_move(const Mini& s) {
  MiniMove list[kMaxMiniMoves];
  const int n = s.moves(list);
  std::optional<MiniMove> best;
  using Key = std::tuple<int, int, int, int, int>;
  Key best_key{};
  for (int i = 0; i < n; ++i) {
    if (list[i].to == s.man) return list[i];  // the pawn hangs: take it
    const Mini a = s.after(list[i]);
    const int pf = file_of(a.man), pr = rank_of(a.man);
    const Square front = make_square(pf, std::min(7, pr + 1));
    // The opposition: with the white king in front of its pawn and the bare king in front of
    // that, stand on the king's file an odd number of squares away, White to move.
    const int wf = file_of(a.wk), wr = rank_of(a.wk), bf = file_of(a.bk), br = rank_of(a.bk);
    const bool wk_ahead = wr > pr && std::abs(wf - pf) <= 1;
    const bool opposed = wf == bf && br > wr && (br - wr) % 2 == 0;
    const Key key{kpk_won_ahead(a, kLookAhead) ? 1 : 0, wk_ahead && br > wr && !opposed ? 1 : 0,
                  king_distance(a.bk, front), std::abs(bf - pf), king_distance(a.bk, a.man)};
    if (!best || key < best_key) {
      best = list[i];
      best_key = key;
    }
  }
  return best;
}

}  // namespace minimax::chess::endgame
