// Notation round trips over random games (the notation half of the random-playout test, beside
// chess-rules' playout_test.cpp): at every ply, for every legal move, SAN, descriptive notation and
// UCI are written and read back to the same move, and no two legal moves share a SAN or a
// descriptive text. Standard chess and Chess960 (castling as king-takes-rook).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "core/rng.hpp"
#include "games/chess/descriptive.hpp"
#include "games/chess/move_text.hpp"
#include "games/chess/san.hpp"

namespace minimax::chess {
namespace {

// A random Chess960 back rank (bishops on opposite colours, the king between the rooks), as FEN
// with Shredder-FEN castling letters.
std::string random_chess960_fen(Rng& rng) {
  std::string rank(8, ' ');
  rank[2 * rng.below(4)] = 'b';
  rank[2 * rng.below(4) + 1] = 'b';
  auto place = [&](char piece) {
    std::vector<int> empty;
    for (int i = 0; i < 8; ++i)
      if (rank[i] == ' ') empty.push_back(i);
    rank[empty[rng.below(empty.size())]] = piece;
  };
  place('q');
  place('n');
  place('n');
  std::vector<int> rest;
  for (int i = 0; i < 8; ++i)
    if (rank[i] == ' ') rest.push_back(i);
  rank[rest[0]] = 'r';
  rank[rest[1]] = 'k';
  rank[rest[2]] = 'r';
  std::string upper = rank;
  for (char& c : upper) c = static_cast<char>(std::toupper(c));
  std::string castling{static_cast<char>('A' + rest[2]), static_cast<char>('A' + rest[0]),
                       static_cast<char>('a' + rest[2]), static_cast<char>('a' + rest[0])};
  return rank + "/pppppppp/8/8/8/8/PPPPPPPP/" + upper + " w " + castling + " - 0 1";
}

// Checks every legal move's notations at every ply of one random game; returns the plies played.
int play_and_check(Position pos, Rng& rng, int max_plies) {
  int plies = 0;
  for (; plies < max_plies; ++plies) {
    Position::MoveList list;
    pos.generate_moves(list);
    if (list.empty() || pos.is_fifty_move_draw() || pos.is_insufficient_material()) break;
    std::set<std::string> sans, descs;
    for (Move m : list) {
      const std::string san = to_san(pos, m);
      auto back = parse_san(pos, san);
      EXPECT_TRUE(back.ok() && *back == m)
          << pos.fen() << " " << san << ": " << (back ? "other move" : back.error());
      auto any = parse_move_text(pos, san);
      EXPECT_TRUE(any.ok() && *any == m) << pos.fen() << " " << san;
      const std::string uci = pos.move_to_string(m);
      auto from_uci = parse_san(pos, uci);
      EXPECT_TRUE(from_uci.ok() && *from_uci == m) << pos.fen() << " " << uci;
      const std::string desc = to_descriptive(pos, m);
      auto dback = parse_descriptive(pos, desc);
      EXPECT_TRUE(dback.ok() && *dback == m) << pos.fen() << " " << san << " -> " << desc << ": "
                                             << (dback ? to_san(pos, *dback) : dback.error());
      EXPECT_TRUE(sans.insert(san).second) << pos.fen() << " two moves write " << san;
      EXPECT_TRUE(descs.insert(desc).second) << pos.fen() << " two moves write " << desc;
      if (::testing::Test::HasFailure()) return plies;
    }
    pos.play(list[rng.below(list.size())]);
  }
  return plies;
}

TEST(NotationPlayout, RandomGamesOfChess) {
  Rng rng(2024);
  long plies = 0;
  for (int game = 0; game < 60 && !HasFailure(); ++game)
    plies += play_and_check(Position(), rng, 160);
  EXPECT_GT(plies, 3000);
}

TEST(NotationPlayout, RandomGamesOfChess960) {
  Rng rng(960);
  long plies = 0;
  for (int game = 0; game < 40 && !HasFailure(); ++game) {
    const std::string fen = random_chess960_fen(rng);
    auto pos = Position::from_fen(fen, true);
    ASSERT_TRUE(pos.ok()) << fen << ": " << pos.error();
    plies += play_and_check(*pos, rng, 160);
  }
  EXPECT_GT(plies, 2000);
}

// Promotions, under-promotions and en passant come rarely in random games: positions full of them.
TEST(NotationPlayout, PromotionsAndEnPassant) {
  Rng rng(8);
  for (const char* fen :
       {"r3k2r/1P4P1/8/3pP3/8/8/1p4p1/R3K2R w KQkq d6 0 1",
        "n1n3k1/1P1P4/8/8/8/8/1p1p4/N1N3K1 w - - 0 1", "4k3/8/8/2pPp3/8/8/8/4K3 w - c6 0 1"}) {
    auto pos = Position::from_fen(fen);
    ASSERT_TRUE(pos.ok()) << fen << ": " << pos.error();
    play_and_check(*pos, rng, 40);
  }
}

}  // namespace
}  // namespace minimax::chess
