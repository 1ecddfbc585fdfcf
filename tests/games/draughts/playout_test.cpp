// Draughts passes the random-playout test every game must pass (tests/games/playout.hpp), and
// every legal move met on the way reads back from each of its written forms.
#include "../playout.hpp"

#include <gtest/gtest.h>

#include "games/draughts/notation.hpp"

namespace minimax::draughts {
namespace {

TEST(DraughtsPlayout, RandomGamesFromTheStart) {
  Draughts start;
  auto stats = test::check_random_playouts(start, 2000, 20261123);
  EXPECT_EQ(stats.games, 2000u);
  // Games end by a loss for the side to move or by a draw; with random play, both happen.
  EXPECT_GT(stats.outcomes[static_cast<int>(Outcome::loss)], 0u);
  EXPECT_GT(stats.outcomes[static_cast<int>(Outcome::draw)], 0u);
  EXPECT_EQ(stats.outcomes[static_cast<int>(Outcome::none)], 0u);
}

TEST(DraughtsPlayout, RandomGamesFromKingEndings) {
  // Kings only: long reversible stretches, so repetitions and the move limit end most games.
  auto p = parse_fen("B:WK18,K27,K32:BK1,K6,K14");
  ASSERT_TRUE(p.ok());
  auto stats = test::check_random_playouts(*p, 200, 7);
  EXPECT_EQ(stats.games, 200u);
}

TEST(DraughtsPlayout, EveryMoveReadsBackFromEveryNotation) {
  Rng rng(42);
  std::uint64_t checked = 0;
  for (int game = 0; game < 300; ++game) {
    Draughts p;
    for (int ply = 0; ply < 300 && p.outcome() == Outcome::none; ++ply) {
      Draughts::MoveList moves;
      p.generate_moves(moves);
      for (const Move& m : moves) {
        for (const std::string& text : {move_text(p, m), move_path_text(p, m)}) {
          auto back = parse_move(p, text);
          ASSERT_TRUE(back.ok()) << text << " in " << p.to_string() << ": " << back.error();
          EXPECT_EQ(*back, m) << text << " in " << p.to_string();
        }
        const std::string strachey = strachey_move_text(p, m);
        auto back = parse_strachey_move(p, strachey);
        ASSERT_TRUE(back.ok()) << strachey << " in " << p.to_string() << ": " << back.error();
        EXPECT_EQ(*back, m) << strachey;
        ++checked;
      }
      // The position reads back from its FEN, key and all.
      auto again = parse_fen(p.to_string());
      ASSERT_TRUE(again.ok()) << again.error();
      EXPECT_EQ(again->key(), p.key());
      p.play(moves[rng.below(moves.size())]);
    }
  }
  EXPECT_GT(checked, 10000u);
}

}  // namespace
}  // namespace minimax::draughts
