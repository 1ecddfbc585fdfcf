// The bitboard generator against a plain one written from the rules on an 8x8 array of rows and
// columns, with no shifts, masks or tables: the same moves (start, end, men taken), the same
// number of jump paths, and the same position after each move, on random positions of every kind
// (kings in rings of men included) and on positions from random games.
#include <gtest/gtest.h>

#include <array>
#include <map>
#include <set>
#include <tuple>

#include "core/rng.hpp"
#include "games/draughts/notation.hpp"

namespace minimax::draughts {
namespace {

// 0 empty; 1 black man, 2 black king, 3 white man, 4 white king.
using Grid = std::array<std::array<int, 8>, 8>;

// Standard square (1-32) of a dark square, or 0 for a light or off-board one: row by row from
// Black's side; even rows hold the dark squares of columns 1, 3, 5, 7, odd rows 0, 2, 4, 6.
int square_at(int r, int c) {
  if (r < 0 || r > 7 || c < 0 || c > 7) return 0;
  if ((r % 2 == 0) != (c % 2 == 1)) return 0;
  return 4 * r + c / 2 + 1;
}

Grid grid_of(const Draughts& p) {
  Grid g{};
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 8; ++c) {
      const int s = square_at(r, c);
      if (!s) continue;
      const Bits b = bit(s - 1);
      const bool king = p.kings() & b;
      if (p.black() & b) g[r][c] = king ? 2 : 1;
      if (p.white() & b) g[r][c] = king ? 4 : 3;
    }
  return g;
}

using Key = std::tuple<int, int, Bits>;  // from, to (Strachey's squares), men taken

struct Reference {
  Grid g;
  bool black;
  std::map<Key, int> paths;  // each move with its number of jump paths

  bool own(int v) const { return black ? (v == 1 || v == 2) : (v == 3 || v == 4); }
  bool enemy(int v) const { return v != 0 && !own(v); }
  bool is_king(int v) const { return v == 2 || v == 4; }

  void jumps(int from, int r, int c, bool king, Bits taken, int sr, int sc) {
    bool more = false;
    for (int dr : {-1, 1})
      for (int dc : {-1, 1}) {
        if (!king && dr != (black ? 1 : -1)) continue;
        const int mr = r + dr, mc = c + dc, lr = r + 2 * dr, lc = c + 2 * dc;
        if (!square_at(lr, lc)) continue;
        const Bits m = bit(square_at(mr, mc) - 1);
        if (!enemy(g[mr][mc]) || (taken & m)) continue;
        const bool empty = g[lr][lc] == 0 || (lr == sr && lc == sc);
        if (!empty) continue;
        more = true;
        const bool crowns = !king && lr == (black ? 7 : 0);
        if (crowns)
          ++paths[{from, square_at(lr, lc) - 1, taken | m}];
        else
          jumps(from, lr, lc, king, taken | m, sr, sc);
      }
    if (!more && taken) ++paths[{from, square_at(r, c) - 1, taken}];
  }

  void generate() {
    for (int r = 0; r < 8; ++r)
      for (int c = 0; c < 8; ++c)
        if (square_at(r, c) && own(g[r][c]))
          jumps(square_at(r, c) - 1, r, c, is_king(g[r][c]), 0, r, c);
    if (!paths.empty()) return;
    for (int r = 0; r < 8; ++r)
      for (int c = 0; c < 8; ++c) {
        if (!square_at(r, c) || !own(g[r][c])) continue;
        for (int dr : {-1, 1})
          for (int dc : {-1, 1}) {
            if (!is_king(g[r][c]) && dr != (black ? 1 : -1)) continue;
            const int to = square_at(r + dr, c + dc);
            if (to && g[r + dr][c + dc] == 0) ++paths[{square_at(r, c) - 1, to - 1, 0}];
          }
      }
  }
};

// Returns whether some move of the position has more than one jump path.
bool compare(const Draughts& p) {
  Reference ref{grid_of(p), p.side_to_move() == kBlack, {}};
  ref.generate();
  Draughts::MoveList moves, every_path;
  p.generate_moves(moves);
  p.generate_move_paths(every_path);
  std::map<Key, int> mine;
  for (const Move& m : moves) {
    const int seen = mine[Key{m.from, m.to, m.captured}]++;
    EXPECT_EQ(seen, 0) << "listed twice in " << p.to_string();
  }
  std::map<Key, int> mine_paths;
  for (const Move& m : every_path) ++mine_paths[Key{m.from, m.to, m.captured}];
  EXPECT_EQ(mine_paths, ref.paths) << p.to_string();
  EXPECT_EQ(mine.size(), ref.paths.size()) << p.to_string();
  // Each move played: the piece moves, the men taken go, a man on the far row is crowned.
  for (const Move& m : moves) {
    Grid after = ref.g;
    const int fr = m.from / 4, tr = m.to / 4;
    const int fc = column_of(m.from), tc = column_of(m.to);
    int piece = after[fr][fc];
    after[fr][fc] = 0;
    if (piece == 1 && tr == 7) piece = 2;
    if (piece == 3 && tr == 0) piece = 4;
    after[tr][tc] = piece;
    for (Bits c = m.captured; c; c &= c - 1) {
      const int s = lowest_square(c);
      after[s / 4][column_of(s)] = 0;
    }
    Draughts q = p;
    q.play(m);
    EXPECT_EQ(grid_of(q), after) << move_path_text(p, m) << " in " << p.to_string();
    EXPECT_EQ(q.key(), q.compute_key());
  }
  return every_path.size() > moves.size();
}

TEST(DraughtsReference, RandomPositions) {
  Rng rng(2026);
  for (int i = 0; i < 20000; ++i) {
    Bits b = 0, w = 0;
    const int nb = 1 + static_cast<int>(rng.below(12)), nw = 1 + static_cast<int>(rng.below(12));
    while (count(b) < nb) b |= bit(static_cast<int>(rng.below(32))) & ~w;
    while (count(w) < nw) w |= bit(static_cast<int>(rng.below(32))) & ~b;
    // Kings at random (more of them in half the positions), and never a man on its far row.
    Bits k = (b | w) & static_cast<Bits>(rng.next()) &
             (i % 2 ? ~Bits{0} : static_cast<Bits>(rng.next()));
    k |= (b & kBottomRow) | (w & kTopRow);
    auto p = Draughts::from_words(b, w, k, rng.below(2) ? kBlack : kWhite);
    ASSERT_TRUE(p.ok());
    compare(*p);
  }
}

TEST(DraughtsReference, KingsAmongMen) {
  // A lone king among many men: long jump trees, rings taken both ways.
  Rng rng(1953);
  int rings = 0;
  for (int i = 0; i < 20000; ++i) {
    const int king = static_cast<int>(rng.below(32));
    Bits men = 0;
    const int n = 4 + static_cast<int>(rng.below(9));
    while (count(men) < n) men |= bit(static_cast<int>(rng.below(32))) & ~bit(king);
    const bool white_king = rng.below(2);
    auto p = white_king
                 ? Draughts::from_words(men, bit(king), bit(king) | (men & kBottomRow), kWhite)
                 : Draughts::from_words(bit(king), men, bit(king) | (men & kTopRow), kBlack);
    ASSERT_TRUE(p.ok());
    rings += compare(*p);
  }
  EXPECT_GT(rings, 10);  // positions with a move by two jump paths were among them
}

TEST(DraughtsReference, PositionsFromRandomGames) {
  Rng rng(51);
  for (int game = 0; game < 200; ++game) {
    Draughts p;
    for (int ply = 0; ply < 200 && p.outcome() == Outcome::none; ++ply) {
      compare(p);
      Draughts::MoveList moves;
      p.generate_moves(moves);
      p.play(moves[rng.below(moves.size())]);
    }
  }
}

}  // namespace
}  // namespace minimax::draughts
