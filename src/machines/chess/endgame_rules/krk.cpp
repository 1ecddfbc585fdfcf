#include "machines/chess/endgame_rules/krk.hpp"

#include <array>
#include <tuple>
#include <vector>

#include "games/chess/attacks.hpp"

namespace minimax::chess::endgame {

namespace {

// Every square a king on `from` reaches stepping only on `open` squares.
Bitboard king_flood(Square from, Bitboard open) {
  Bitboard reached = bb(from), frontier = reached;
  while (frontier) {
    Bitboard next = 0;
    for (Bitboard f = frontier; f;) next |= king_attacks(pop_lsb(f));
    next &= open & ~reached;
    reached |= next;
    frontier = next;
  }
  return reached;
}

int centre_distance(Square s) {
  const int f = file_of(s), r = rank_of(s);
  return std::max(f < 4 ? 3 - f : f - 4, r < 4 ? 3 - r : r - 4);
}

}  // namespace

int bare_king_room(const Mini& s) {
  return popcount(king_flood(s.bk, ~(s.white_attacks() | bb(s.wk) | bb(s.man))));
}

// The box: the squares the bare king could walk to without crossing the man's lines (the white
// king's own guard is left out, so that the king may walk round without the box seeming to grow).
Bitboard box(const Mini& s) { return king_flood(s.bk, ~(s.man_attacks() | bb(s.man))); }

int box_area(const Mini& s) { return popcount(box(s)); }

namespace {

// How far the white king is from taking the opposition across the man's line (Torres y
// Quevedo's rules 4 and 5): with the bare king cut off below the man's rank, the king belongs two
// ranks above the bare king, an odd number of files from it after White's move (the bare king
// must then step towards it or away to the board's edge; at file distance 0 the man checks).
// Measured for a cut along a rank or a file, whichever is less.
int opposition_distance(const Mini& a) {
  int best = 1000;
  for (int axis = 0; axis < 2; ++axis) {
    // axis 0: the man cuts along a rank; axis 1: along a file (the same with files and ranks
    // exchanged).
    auto along = [&](Square s) { return axis == 0 ? rank_of(s) : file_of(s); };
    auto across = [&](Square s) { return axis == 0 ? file_of(s) : rank_of(s); };
    const int line = along(a.man), b = along(a.bk);
    if (line == b) continue;
    const int dir = b < line ? 1 : -1;  // from the bare king towards the man's line
    const int target = b + 2 * dir;     // the opposition square's line
    const int w = along(a.wk);
    if ((w - line) * dir < 0) continue;  // the white king is on the bare king's side of the line
    const int d = std::abs(across(a.wk) - across(a.bk));
    const int off_line = std::abs(w - target);
    const int parity = d == 0 ? 2 : (d % 2 == 1 ? d : d + 1);
    best = std::min(best, off_line * 16 + std::max(off_line, parity));
  }
  return best == 1000 ? 64 : best;
}

}  // namespace

namespace {
std::optional<MiniMove> greedy_box_move(const Mini& s) {
  MiniMove list[kMaxMiniMoves];
  const int n = s.moves(list);
  std::optional<MiniMove> best;
  // Smaller is better, compared in order: the rules of docs/endgame-rules.md.
  using Key = std::tuple<int, int, int, int, int, int>;
  Key best_key{};
  for (int i = 0; i < n; ++i) {
    const Mini a = s.after(list[i]);
    const Bitboard b = box(a);
    // Rule 1: mate when there is a mate.
    if (a.black_mated()) return list[i];
    // Rule 2: never leave the man where the king takes it, never stalemate.
    const bool unsafe = a.man_hangs() || a.stalemate();
    // Rule 3: shrink the box; rule 4: bring the king to the opposition across the man's line;
    // rule 5: a waiting move keeps the man far from the bare king.
    const Key key{unsafe ? 1 : 0,         (b & bb(a.wk)) ? 1 : 0,         popcount(b),
                  opposition_distance(a), 8 - king_distance(a.man, a.bk), centre_distance(a.man)};
    if (!best || key < best_key) {
      best = list[i];
      best_key = key;
    }
  }
  return best;
}
}  // namespace

namespace {

// One of the eight symmetries of the board (no pawn, no castling: all eight keep the rules).
struct Frame {
  bool flip_file = false, flip_rank = false, transpose = false;
  [[nodiscard]] Square to_frame(Square sq) const {
    int f = file_of(sq), r = rank_of(sq);
    if (transpose) std::swap(f, r);
    if (flip_file) f = 7 - f;
    if (flip_rank) r = 7 - r;
    return make_square(f, r);
  }
  [[nodiscard]] Square from_frame(Square sq) const {
    int f = file_of(sq), r = rank_of(sq);
    if (flip_file) f = 7 - f;
    if (flip_rank) r = 7 - r;
    if (transpose) std::swap(f, r);
    return make_square(f, r);
  }
};

// Torres y Quevedo's position, seen in a frame: the rook's rank between the two kings, the bare
// king below it, the white king above it.
bool torres_form(const Mini& f) {
  return rank_of(f.man) > rank_of(f.bk) && rank_of(f.wk) > rank_of(f.man);
}

// A legal, sound move of the strong side: the bare king cannot take the man, not stalemate.
bool sound(const Mini& s, MiniMove m) {
  MiniMove list[kMaxMiniMoves];
  const int n = s.moves(list);
  bool found = false;
  for (int i = 0; i < n; ++i) found = found || list[i] == m;
  if (!found) return false;
  const Mini a = s.after(m);
  return a.black_mated() || (!a.man_hangs() && !a.stalemate());
}

// Torres y Quevedo's rules in the frame (Atkinson 1993's account of the 1912 machine, extended
// from the machine's fixed start to any position of this form).
MiniMove torres_rule(const Mini& f) {
  const int bf = file_of(f.bk), br = rank_of(f.bk);
  const int rf = file_of(f.man), rr = rank_of(f.man);
  const int wf = file_of(f.wk), wr = rank_of(f.wk);
  // Rule 1: the bare king and the rook on one wing (files a-c, or f-h), or side by side: the
  // rook runs to the other end of its rank.
  if ((bf <= 2 && rf <= 2) || (bf >= 5 && rf >= 5) || std::abs(rf - bf) <= 1) {
    const int far = bf >= 4 ? 0 : 7;
    return {f.man, make_square(far, rr), no_piece_type};
  }
  // Rule 2: the rook more than a rank above the bare king comes down one rank.
  if (rr > br + 1) return {f.man, make_square(rf, rr - 1), no_piece_type};
  // Rule 3: the white king more than two ranks above comes down (towards the bare king's file).
  if (wr > br + 2) {
    const int step = bf > wf ? 1 : bf < wf ? -1 : 0;
    return {f.wk, make_square(wf + step, wr - 1), no_piece_type};
  }
  const int d = std::abs(wf - bf);
  // Rule 4: the kings an odd number of files apart: a waiting move along the rook's rank.
  if (d % 2 == 1) {
    const int to = rf == 0 ? 1 : rf == 1 ? 0 : rf == 7 ? 6 : rf == 6 ? 7 : (bf >= 4 ? 0 : 7);
    return {f.man, make_square(to, rr), no_piece_type};
  }
  // Rule 5: in opposition, the rook checks one rank down (mate on the edge); else the white
  // king steps along its rank towards the bare king.
  if (d == 0) return {f.man, make_square(rf, rr - 1), no_piece_type};
  return {f.wk, make_square(wf + (bf > wf ? 1 : -1), wr), no_piece_type};
}

Mini in_frame(const Mini& s, const Frame& fr) {
  Mini f = s;
  f.wk = fr.to_frame(s.wk);
  f.bk = fr.to_frame(s.bk);
  f.man = fr.to_frame(s.man);
  return f;
}

std::vector<Frame> frames() {
  std::vector<Frame> all;
  for (int t = 0; t < 2; ++t)
    for (int ff = 0; ff < 2; ++ff)
      for (int fr = 0; fr < 2; ++fr) all.push_back({ff == 1, fr == 1, t == 1});
  return all;
}

// The Torres move from a position of his form, in the frame where the box is smallest.
std::optional<MiniMove> torres_move(const Mini& s) {
  std::optional<MiniMove> best;
  int best_rank = 99;
  for (const Frame& fr : frames()) {
    const Mini f = in_frame(s, fr);
    if (!torres_form(f) || rank_of(f.man) >= best_rank) continue;
    const MiniMove m = torres_rule(f);
    const MiniMove back{fr.from_frame(m.from), fr.from_frame(m.to), no_piece_type};
    if (!sound(s, back)) continue;
    best = back;
    best_rank = rank_of(f.man);
  }
  return best;
}

}  // namespace

std::optional<MiniMove> box_mate_move(const Mini& s) {
  MiniMove list[kMaxMiniMoves];
  const int n = s.moves(list);
  for (int i = 0; i < n; ++i)
    if (s.after(list[i]).black_mated()) return list[i];
  if (s.type == rook) {
    if (auto m = torres_move(s)) return m;
    // Setting up: a rook move to a line between the kings that puts the position in Torres's
    // form, with the smallest box.
    std::optional<MiniMove> best;
    int best_area = 1 << 20;
    // Then a king move that brings the white king over the rook's line, nearest the bare king.
    for (const Square mover : {s.man, s.wk}) {
      for (int i = 0; i < n; ++i) {
        if (list[i].from != mover || !sound(s, list[i])) continue;
        const Mini a = s.after(list[i]);
        bool form = false;
        for (const Frame& fr : frames()) form = form || torres_form(in_frame(a, fr));
        const int area = box_area(a) * 16 + king_distance(a.wk, a.bk);
        if (form && area < best_area) {
          best = list[i];
          best_area = area;
        }
      }
      if (best) return best;
    }
    // No line between the kings within the rook's reach (the white king in the way): the rook
    // goes as far from the bare king's file and rank as it can, to cut it off next move.
    int far = -1;
    for (int i = 0; i < n; ++i) {
      if (list[i].from != s.man || !sound(s, list[i])) continue;
      const int d = std::min(file_distance(list[i].to, s.bk), rank_distance(list[i].to, s.bk)) * 8 -
                    king_distance(list[i].to, s.wk);
      if (d > far) {
        best = list[i];
        far = d;
      }
    }
    if (best) return best;
  }
  return greedy_box_move(s);
}

std::optional<MiniMove> bare_king_move(const Mini& s) {
  MiniMove list[kMaxMiniMoves];
  const int n = s.moves(list);
  std::optional<MiniMove> best;
  using Key = std::tuple<int, int, int>;
  Key best_key{};
  for (int i = 0; i < n; ++i) {
    if (list[i].to == s.man) return list[i];  // the man hangs: take it, the game is drawn
    const Mini a = s.after(list[i]);
    const Key key{-bare_king_room(a), centre_distance(a.bk), -king_distance(a.bk, a.wk)};
    if (!best || key < best_key) {
      best = list[i];
      best_key = key;
    }
  }
  return best;
}

}  // namespace minimax::chess::endgame
