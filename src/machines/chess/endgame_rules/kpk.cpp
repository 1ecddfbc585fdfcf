#include "machines/chess/endgame_rules/kpk.hpp"

#include <tuple>

#include "games/chess/attacks.hpp"
#include "machines/chess/endgame_rules/krk.hpp"

namespace minimax::chess::endgame {

namespace {

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

// King moves from `from` to the nearest of `targets`, never through `barred` (99: none reached).
int path_distance(Square from, Bitboard targets, Bitboard barred) {
  Bitboard seen = bb(from), frontier = bb(from);
  for (int d = 0; d < 16; ++d) {
    if (frontier & targets) return d;
    Bitboard next = 0;
    for (Bitboard f = frontier; f;) next |= king_attacks(pop_lsb(f));
    next &= ~seen & ~barred;
    if (!next) return 99;
    seen |= next;
    frontier = next;
  }
  return 99;
}

// The pawn kept: White pushes it k times at once (the double step one move) and then brings its
// king beside it, and the bare king, going straight for it, can take it neither on the way nor
// before the king arrives. `s` turned to the queen's side.
bool pawn_kept_by_pushes(const Mini& s, int k) {
  const int pf = file_of(s.man), pr = rank_of(s.man);
  const int tempo = s.white_to_move ? 0 : 1;
  for (int j = 1; j <= k; ++j) {
    const Square pj = make_square(pf, pr + j);
    if (pj == s.wk || pj == s.bk) return false;
    if (j == 2 && pr == 1 && (make_square(pf, pr + 1) == s.wk || make_square(pf, pr + 1) == s.bk))
      return false;
    const int t = j - (pr == 1 && j >= 2 ? 1 : 0);  // White's moves to push it there
    // The double step goes over the 3rd rank: the pawn never stands there to be taken, and only a
    // bare king that moves first can block it there.
    if (pr == 1 && j == 1 && k >= 2) {
      if (king_distance(s.bk, pj) <= tempo) return false;
      continue;
    }
    if (j < k && king_distance(s.wk, pj) > 1 && king_distance(s.bk, pj) <= t + tempo) return false;
  }
  const Square pk = make_square(pf, pr + k);
  const int t = k - (pr == 1 && k >= 2 ? 1 : 0);
  if (t > 0 && king_distance(s.bk, pk) <= t + tempo && king_distance(s.wk, pk) > 1) return false;
  const int guard = path_distance(s.wk, king_attacks(pk), king_attacks(s.bk) | bb(pk) | bb(s.bk));
  return t + guard <= king_distance(s.bk, pk) - tempo;
}

bool pawn_kept(const Mini& s) {
  for (int k = 0; rank_of(s.man) + k <= 6; ++k)
    if (pawn_kept_by_pushes(s, k)) return true;
  return false;
}

// The race for the pawn, `s` turned to the queen's side: the bare king's moves to a square beside
// it (round the squares it may not cross; the move Black is ahead taken off) and the white king's
// moves to guard it (round the bare king).
struct PawnRace {
  int bk_to_pawn;
  int wk_to_guard;
};

// The squares outside the square of the pawn (White to move): a bare king stepping there lets
// the pawn run, unless the white king stands in its way. `s` turned to the queen's side.
Bitboard outside_square(const Mini& s) {
  const Square p = s.man;
  if (file_of(s.wk) == file_of(p) && rank_of(s.wk) > rank_of(p)) return 0;
  const Square queening = make_square(file_of(p), 7);
  Bitboard out = 0;
  for (int sq = 0; sq < 64; ++sq)
    if (king_distance(Square(sq), queening) > pawn_moves(p)) out |= bb(Square(sq));
  return out;
}

PawnRace pawn_race(const Mini& s) {
  const Square p = s.man;
  const Bitboard bk_barred =
      pawn_attacks(white, p) | king_attacks(s.wk) | bb(p) | bb(s.wk) | outside_square(s);
  return {std::min(path_distance(s.bk, king_attacks(p) & ~bk_barred, bk_barred), 20) -
              (s.white_to_move ? 0 : 1),
          path_distance(s.wk, king_attacks(p), king_attacks(s.bk) | bb(p) | bb(s.bk))};
}

// The pawn surely safe: guarded, or guarded by the time the bare king gets next to it (with White
// to move, on the move after).
bool pawn_surely_safe(const Mini& s, const PawnRace& r) {
  return king_distance(s.wk, s.man) == 1 ||
         r.bk_to_pawn + (s.white_to_move ? 1 : 0) >= r.wk_to_guard;
}

// The pawn surely safe or kept by pushes (the measures of kpk_rule_verdict), `s` turned to the
// queen's side.
bool pawn_secure(const Mini& s) { return pawn_surely_safe(s, pawn_race(s)) || pawn_kept(s); }

// A rook's pawn on its 2nd rank, a3 and a4 free (`s` turned to the queen's side): the double step
// dodges the bare king. Coming beside the pawn (on a1, b1 or b2; b3 is struck by it) it is met by
// a2-a4, and needs a move more to strike a4: the white king has until then to guard a4. Only on a3,
// in front of the pawn, does the bare king stop the dodge (reached without passing beside it): the
// white king must guard a2 by the move after. The white king's moves to guard a4 (-1: no dodge).
int dodge_guard(const Mini& s) {
  const Square p = s.man;
  if (file_of(p) != 0 || rank_of(p) != 1) return -1;
  const Square a3 = make_square(0, 2), a4 = make_square(0, 3);
  if (a3 == s.wk || a3 == s.bk || a4 == s.wk || a4 == s.bk) return -1;
  // The white king shoulders the bare king: the bare king no further from the pawn's file than the
  // white king (from the far side it slips under the white king towards the b-file).
  if (file_of(s.bk) > file_of(s.wk)) return -1;
  const int tempo = s.white_to_move ? 0 : 1;
  const Bitboard beside = king_attacks(p) & ~bb(a3) & ~pawn_attacks(white, p);
  const Bitboard barred_b = pawn_attacks(white, p) | king_attacks(s.wk) | bb(p) | bb(s.wk);
  const Bitboard barred_w = king_attacks(s.bk) | bb(p) | bb(s.bk);
  const int attack = path_distance(s.bk, beside, barred_b) - tempo;
  const int block = path_distance(s.bk, bb(a3), barred_b | beside) - tempo;
  // The bare king's next step may take away the white king's way: the squares it strikes from
  // wherever it can step count as barred. The guard stands on the b-file (on the a-file the bare
  // king shuts it in).
  Bitboard reach = 0;
  for (Bitboard n = king_attacks(s.bk) & ~barred_b; n;) reach |= king_attacks(pop_lsb(n));
  const Bitboard b_file = bb(make_square(1, 2)) | bb(make_square(1, 3)) | bb(make_square(1, 4));
  const int guard_a4 = path_distance(s.wk, b_file, barred_w | reach | bb(a3));
  const int guard_a2 = path_distance(s.wk, king_attacks(p), barred_w);
  if (guard_a4 <= attack + 1 && guard_a2 <= block + 1) return guard_a4;
  return -1;
}

// The race to the square two ahead of the pawn (for a rook's pawn, White to b7/b8 against Black
// to the corner and c7/c8), in moves White is ahead: the tie-break of both programs.
int race_margin(const Mini& s0) {
  const Mini s = on_queen_side(s0);
  const int pf = file_of(s.man), pr = rank_of(s.man);
  const int tempo = s.white_to_move ? 0 : 1;
  if (pf == 0) {
    const Bitboard zone = bb(make_square(0, 7)) | bb(make_square(1, 7)) | bb(make_square(2, 7)) |
                          bb(make_square(2, 6)) | bb(make_square(0, 6)) | bb(make_square(1, 6));
    const int dw = distance_to(s.wk, bb(make_square(1, 6)) | bb(make_square(1, 7)));
    return distance_to(s.bk, zone) - dw - tempo;
  }
  const Square b = make_square(pf, std::min(7, pr + 2));
  return king_distance(s.bk, b) - (king_distance(s.wk, b) - 1) - tempo;
}

// A rook's pawn: the bare king's moves to its corner by the back rank (a8, b8 or c8, the pawn
// turned to the queen's side), the way that keeps it away from the white king.
int corner_distance(const Mini& s0) {
  const Mini s = on_queen_side(s0);
  const Bitboard corner = bb(make_square(0, 7)) | bb(make_square(1, 7)) | bb(make_square(2, 7));
  return distance_to(s.bk, corner);
}

// The race for the file ahead of the pawn (rule 19), in moves the bare king is ahead: its
// moves to stand on the file two or more squares ahead of the pawn against the white king's to
// step onto it, each going round the squares the other king and the pawn guard.
int file_race(const Mini& s0) {
  const Mini s = on_queen_side(s0);
  const Square p = s.man;
  const int pf = file_of(p), pr = rank_of(p);
  if (pf == 0 || pr > 4) return 0;
  Bitboard file_ahead = 0;
  for (int y = pr + 1; y < 8; ++y) file_ahead |= bb(make_square(pf, y));
  const Bitboard barred_b = pawn_attacks(white, p) | king_attacks(s.wk) | bb(p) | bb(s.wk);
  const Bitboard barred_w = king_attacks(s.bk) | bb(p) | bb(s.bk);
  const int tw = path_distance(s.wk, file_ahead, barred_w);
  const int tb = path_distance(s.bk, file_ahead & ~bb(make_square(pf, pr + 1)), barred_b);
  // A king walled off from the file for now (by the other king and the pawn): 20 moves.
  if (tb >= 99) return -20;
  if (tw >= 99) return 20;
  return tw + (s.white_to_move ? 0 : 1) - tb;
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
  const PawnRace race = pawn_race(s);
  const int bk_to_pawn = race.bk_to_pawn, wk_to_guard = race.wk_to_guard;
  const int wk_to_pawn = king_distance(s.wk, p) - 1;
  // The pawn safe: guarded by its king, or its king able to guard it (going round the bare king)
  // at the latest on the move after the bare king first attacks it.
  const bool pawn_safe = wk_to_pawn == 0 || bk_to_pawn + 1 >= wk_to_guard;
  // Surer (the same with White to move; with Black to move, guarded by the time the bare king gets
  // next to it): the bare king's attack square cannot then bar the white king's way.
  const bool pawn_sure = pawn_surely_safe(s, race);
  // The pawn kept by pushes (pawn_kept), asked at most once; safe or kept: held.
  int kept = -1;
  auto pawn_kept_once = [&] {
    if (kept < 0) kept = pawn_kept(s) ? 1 : 0;
    return kept == 1;
  };
  auto pawn_held = [&] { return pawn_safe || pawn_kept_once(); };
  // The pawn lost: the bare king attacks it before the white king can guard it, standing beside
  // or in front of it, the pawn cannot run (the square) and pushing it towards its king does not
  // keep it (pawn_kept) nor does the double step dodge the bare king (dodge_guard). Except for a
  // rook's pawn, the bare king's attack is also counted by its
  // path (bk_to_pawn: round the squares the white king and the pawn guard, inside the square):
  // a king shut off from the pawn does not catch it.
  const bool pawn_caught = king_distance(s.wk, p) >= king_distance(s.bk, p) + 2 - tempo &&
                           (pf == 0 || king_distance(s.wk, p) - 1 >= bk_to_pawn + 2);
  const int dodge = dodge_guard(s);
  if (pawn_caught && br >= pr - 1 && king_distance(s.bk, queening) - tempo <= pawn_moves(p) &&
      dodge < 0 && !pawn_kept_once())
    return rule = 4, 0;
  if (pf == 0) {
    // The rook's pawn: the bare king in the corner (a7, a8, b7, b8) or in front of the pawn draws.
    if (bf <= 1 && br > pr && br >= 6) return rule = 5, 0;
    if (bf == 0 && br > pr) return rule = 6, 0;
    // The white king on b7/b8 (the key squares), the pawn safe or kept by pushes: won.
    if ((s.wk == make_square(1, 6) || s.wk == make_square(1, 7)) && pawn_held()) return rule = 7, 1;
    // The pawn on a7, its king on b7 or next to it (not on a8), the bare king off a8, b8 and b7:
    // b8 is the pawn's, b7 the king's, and the bare king cannot get in front of the pawn.
    if (pr == 6 && king_distance(s.wk, make_square(1, 6)) <= 1 && s.wk != queening &&
        s.bk != queening && s.bk != make_square(1, 7) && s.bk != make_square(1, 6))
      return rule = 7, 1;
    // The race to the corner: won when the white king reaches b7/b8 before the bare king reaches
    // the corner or c6-c8 (at the same time when the bare king comes from beyond the c-file or
    // moves first: White's step to b7/b8 then comes before the bare king's last), each going
    // round the squares the other king and the pawn guard; the pawn safe or kept by pushes; and,
    // with Black to move, a pawn below the 6th rank that its king does not guard kept while the
    // white king goes: out of the bare king's reach (in king moves) until the white king is on
    // b7/b8 (else the white king cannot both guard the pawn and win the race), or the white king
    // on the b-file above the pawn (the pawn, pushed, comes up beside it: the king escorts it and
    // shoulders the bare king off the b-file), or the bare king shut off from the pawn (its path
    // to a square beside it, inside its square and round the white king, at least two moves
    // longer than the white king's way to b7/b8), or the pawn surely safe with time for the white
    // king both to guard it and to win the race (its moves to guard the pawn and to b7/b8 added,
    // fewer than the bare king's to the corner), or the double step dodging the bare king
    // (dodge_guard) with time for both (the white king's moves to the b-file beside a4 and to
    // b7/b8 added, no more than the bare king's to the corner). The dodge also counts as the pawn
    // held.
    const Bitboard zone = bb(make_square(0, 7)) | bb(make_square(1, 7)) | bb(make_square(2, 7)) |
                          bb(make_square(2, 6)) | bb(make_square(0, 6)) | bb(make_square(1, 6)) |
                          bb(make_square(2, 5));
    const Bitboard barred_b = pawn_attacks(white, p) | king_attacks(s.wk) | bb(p) | bb(s.wk);
    const Bitboard barred_w = king_attacks(s.bk) | bb(p) | bb(s.bk);
    const int dw = path_distance(s.wk, bb(make_square(1, 6)) | bb(make_square(1, 7)), barred_w);
    const int db = path_distance(s.bk, zone, barred_b);
    if ((dw + tempo < db || (dw + tempo == db && (bf > wf + 2 || !s.white_to_move))) &&
        (pawn_held() || dodge >= 0) &&
        (pr >= 5 || wk_to_pawn == 0 || s.white_to_move || king_distance(s.bk, p) - 1 - tempo > dw ||
         (wf == 1 && wr > pr) || bk_to_pawn > dw + 1 ||
         (pawn_sure && dw + tempo + wk_to_guard < db) || (dodge >= 0 && dw + tempo + dodge <= db)))
      return rule = 8, 1;
    return rule = 9, 0;
  }
  // The squares each king may cross: the bare king not next to the white king nor where the pawn
  // strikes; the white king not next to the bare king; neither through the pawn.
  const Bitboard barred_b = pawn_attacks(white, p) | king_attacks(s.wk) | bb(p) | bb(s.wk);
  const Bitboard barred_w = king_attacks(s.bk) | bb(p) | bb(s.bk);
  // The white king on a key square, the pawn safe or kept by pushes.
  if ((key_squares(p) & bb(s.wk)) && pawn_held()) return rule = 10, 1;
  // The white king two or more ranks ahead of its pawn, on its file or the next: the key squares
  // or beyond them, the pawn safe or kept by pushes.
  if (wr >= pr + 2 && std::abs(wf - pf) <= 1 && pawn_held()) return rule = 11, 1;
  // A pawn on the 6th rank with its king beside it: won, unless the bare king holds the
  // opposition on the back rank (standing on the white king's file there with White to move, or
  // stepping there or standing on the queening square with Black to move), or, before a
  // knight's pawn with the white king on the far side, the corner (the stalemate defence).
  if (pr == 5 && wr == 5 && std::abs(wf - pf) == 1 && pawn_safe) {
    const Square facing = make_square(wf, 7), corner = make_square(0, 7);
    const bool knight = pf == 1;
    const bool holds = s.white_to_move
                           ? s.bk == facing || (knight && s.bk == corner)
                           : s.bk == queening || king_distance(s.bk, facing) == 1 ||
                                 (knight && wf == 2 && king_distance(s.bk, corner) == 1);
    return rule = 12, holds ? 0 : 1;
  }
  // A pawn on the 6th rank with its king one rank below it, within two files, the bare king no
  // nearer the pawn (in king moves, counting the move it has) than the white king (or, two files
  // or more away from the pawn, none nearer by its path distance than the white king to a square
  // beside the pawn), and not in front of it (on the 7th or 8th rank within a file of it): won.
  if (pr == 5 && wr == 4 && std::abs(wf - pf) <= 2 &&
      (king_distance(s.bk, p) - 1 - tempo >= std::max(0, wk_to_pawn) ||
       (bk_to_pawn >= wk_to_guard && std::abs(bf - pf) >= 2)) &&
      !(br >= 6 && std::abs(bf - pf) <= 1))
    return rule = 13, 1;
  // A pawn on its 2nd, 3rd or 4th rank with its king diagonally in front of it (one rank ahead on
  // the next file): won (on the 2nd and 3rd ranks the pawn's spare tempo wins the opposition),
  // unless the bare king holds the opposition two squares in front of that king (standing there
  // with White to move, stepping there with Black to move).
  if (pr <= 3 && wr == pr + 1 && std::abs(wf - pf) == 1 &&
      king_distance(s.bk, make_square(wf, wr + 2)) != (s.white_to_move ? 0 : 1))
    return rule = 14, 1;
  // The opposition: the white king ahead of its pawn (on a higher rank, on any file) and the bare
  // king further up the same file an even number of ranks away, Black to move (White holds the
  // opposition); with White to move, a step of the white king gives it that.
  auto holds_opposition = [&](Square k) {
    return rank_of(k) > pr && file_of(k) == bf && br - rank_of(k) >= 2 &&
           (br - rank_of(k)) % 2 == 0;
  };
  if (!s.white_to_move && holds_opposition(s.wk)) return rule = 15, 1;
  if (s.white_to_move) {
    for (Bitboard steps = king_attacks(s.wk) & ~bb(p); steps;)
      if (holds_opposition(pop_lsb(steps))) return rule = 15, 1;
  }
  // The opposition at a distance: the white king in front of its pawn, the bare king further
  // ahead, the kings on the corners of a rectangle with even sides, Black to move.
  if (wr > pr && wr <= 5 && std::abs(wf - pf) <= 1 && br > wr + 1 && std::abs(bf - wf) <= br - wr &&
      pawn_safe && (br - wr) % 2 == 0 && std::abs(bf - wf) % 2 == 0 && !s.white_to_move)
    return rule = 16, 1;
  // The white king higher up the board than the bare king and ahead of its pawn, within two files
  // of it, the bare king not on the pawn's file in front of it, the pawn guarded before the bare
  // king can take it: the white king is between the bare king and the queening square.
  if (wr > pr && (wr > br || (wr == br && br < 7)) && std::abs(wf - pf) <= 2 &&
      !(bf == pf && br > pr) && pawn_sure)
    return rule = 17, 1;
  // The race for the key squares: the white king gets to one before the bare king can stand on
  // one of them, the pawn not caught on the way. White may first push the pawn k steps (its key
  // squares move up with it).
  for (int k = 0; pr + k < 7; ++k) {
    const Square pk = make_square(pf, pr + k);
    if (k > 0 && (pk == s.wk || pk == s.bk)) break;
    if (k > 0 && king_distance(s.bk, pk) - 1 - tempo - k < king_distance(s.wk, pk) - 1) break;
    const Bitboard keys = key_squares(pk);
    const int steps = k - (pr == 1 && k >= 2 ? 1 : 0);  // the double step
    const int dw = distance_to(s.wk, keys) + steps + tempo;
    const int db = distance_to(s.bk, keys);
    if (dw < db && king_distance(s.bk, pk) - tempo - k > king_distance(s.wk, pk))
      return rule = 18, 1;
  }
  // The race for the file ahead of the pawn: the white king gets in front of its pawn (onto its
  // file, ahead of it) a move before the bare king can stand on that file two or more squares
  // ahead of the pawn, each going round the squares the other king and the pawn guard, the pawn
  // surely safe.
  if (pr <= 4 && pawn_sure) {
    Bitboard file_ahead = 0;
    for (int y = pr + 1; y < 8; ++y) file_ahead |= bb(make_square(pf, y));
    const int tw = path_distance(s.wk, file_ahead, barred_w);
    const int tb = path_distance(s.bk, file_ahead & ~bb(make_square(pf, pr + 1)), barred_b);
    if (tw + tempo <= tb - 1) return rule = 19, 1;
  }
  return rule = 20, 0;
}

}  // namespace

bool kpk_won_by_rules(const Mini& s) {
  int rule;
  return kpk_rule_verdict(s, rule) == 1;
}

int kpk_deciding_rule(const Mini& s) {
  int rule;
  kpk_rule_verdict(s, rule);
  return rule;
}

std::optional<MiniMove> kpk_pawn_move(const Mini& s) {
  MiniMove list[kMaxMiniMoves];
  const int n = s.moves(list);
  std::optional<MiniMove> best;
  using Key = std::tuple<int, int, int, int, int, int>;
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
    // Among the moves after which the rules say "won": the pawn as far up as that allows, then
    // the king nearest the queening square and the pawn together, then nearest the key squares
    // of the pawn one step on and where it stands, then the king higher up the board, then on the
    // pawn's file (behind it: free to go round it either side; but off a rook's pawn's file, where
    // the king in front of its pawn is shut in) and near it, then on the files away from the bare
    // king, last nearer the edge (the a-file, the pawn turned to the queen's side). Without such a
    // move: the fallback below.
    const bool won = !unsafe && kpk_won_by_rules(a);
    const Square queening = make_square(file_of(q.man), 7);
    const int approach = (king_distance(q.wk, queening) + king_distance(q.wk, q.man)) * 64 +
                         distance_to(q.wk, key_squares(ahead)) * 8 +
                         distance_to(q.wk, key_squares(q.man));
    const int placing = (((file_of(q.wk) == file_of(q.man)) == (file_of(q.man) != 0) ? 0 : 16) +
                         king_distance(a.wk, a.man)) *
                            128 +
                        (8 - file_distance(a.wk, a.bk)) * 8 + file_of(q.wk);
    // Without a move called won: a rook's pawn surely safe or kept by pushes after the move, its
    // king off the rook's file (where the bare king shuts it in) and, when the bare king is nearer
    // the pawn than the white king, the king near the pawn (in files and ranks added); for another
    // pawn, when the bare king is nearer the pawn, a king move before a pawn move, the king as near
    // the pawn as it can get (it must come back to it; in king moves, then in files and ranks
    // added); then the race.
    const bool bare_king_nearer = king_distance(s.bk, s.man) < king_distance(s.wk, s.man);
    const bool pawn_threatened = file_of(q.man) != 0 && bare_king_nearer;
    const int fallback =
        (file_of(q.man) == 0 && !pawn_secure(q) ? 256 : 0) +
        (file_of(q.man) == 0 && file_of(q.wk) == 0 ? 128 : 0) +
        (file_of(q.man) == 0 && bare_king_nearer ? 2 * manhattan(a.wk, a.man) : 0) +
        (pawn_threatened
             ? (m.from != s.wk ? 64 : 0) + king_distance(a.wk, a.man) * 4 + manhattan(a.wk, a.man)
             : 0) -
        race_margin(a);
    const Key key{unsafe ? 1 : 0,           won ? 0 : 1, won ? -rank_of(a.man) : fallback, approach,
                  won ? -rank_of(a.wk) : 0, placing};
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
  using Key = std::tuple<int, int, int, int, int, int, int>;
  Key best_key{};
  for (int i = 0; i < n; ++i) {
    if (list[i].to == s.man) return list[i];  // the pawn hangs: take it
    const Mini a = s.after(list[i]);
    const int pf = file_of(a.man), pr = rank_of(a.man);
    const Square front = make_square(pf, std::min(7, pr + 1));
    // The opposition: with the white king level with or in front of its pawn and the bare king
    // in front of that, on the pawn's file or the next, stand on the king's file or the pawn's an
    // odd number of squares away, White to move.
    const int wf = file_of(a.wk), wr = rank_of(a.wk), bf = file_of(a.bk), br = rank_of(a.bk);
    const bool wk_ahead = wr >= pr && std::abs(wf - pf) <= 1 && std::abs(bf - pf) <= 1;
    const bool opposed = (bf == wf || bf == pf) && br > wr && (br - wr) % 2 == 0;
    // First a move after which the rules do not say "won", and among those one after which they
    // say "drawn" for a reason (the pawn hangs or is caught, the king in the rook's pawn's corner
    // or in front of it: rules 1, 4, 5, 6) before one they call drawn only because no rule calls it
    // won. Then: inside the square of the pawn (how far outside it, by king distance; the
    // double step counted). Then the race for the square two ahead of the pawn (for a rook's
    // pawn, to the corner: race_margin), then keeping the white king away from its pawn (its
    // moves to guard it, going round the bare king), then, for a rook's pawn, nearest the corner
    // by the back rank (a8, b8, c8), else nearest the square in front of the pawn and best placed
    // in the race for the file ahead of it (file_race), then on the pawn's file and near the pawn,
    // last an even number of ranks from the white king (White to move: when the two kings race
    // across the board for the pawn, the white king cannot step in front of the bare king).
    const bool rook = pf == 0 || pf == 7;
    const Square queening = make_square(pf, 7);
    const int run = pawn_moves(a.man);
    const int outside = std::max(0, king_distance(a.bk, queening) - run);
    int rule = 0;
    const bool won = kpk_rule_verdict(a, rule) == 1;
    const bool sure_draw = rule == 1 || rule == 4 || rule == 5 || rule == 6;
    const Key key{
        (won ? 2 : 0) + (sure_draw ? 0 : 1),
        outside,
        (wk_ahead && br > wr && !opposed ? 64 : 0) + race_margin(a),
        -path_distance(a.wk, king_attacks(a.man), king_attacks(a.bk) | bb(a.bk) | bb(a.man)),
        rook ? corner_distance(a) : king_distance(a.bk, front) * 64 - file_race(a),
        std::abs(bf - pf),
        king_distance(a.bk, a.man) * 2 + rank_distance(a.wk, a.bk) % 2};
    if (!best || key < best_key) {
      best = list[i];
      best_key = key;
    }
  }
  return best;
}

}  // namespace minimax::chess::endgame
