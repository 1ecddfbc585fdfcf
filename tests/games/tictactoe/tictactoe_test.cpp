// Noughts and crosses: the rules, the position notation, and the playout test.
#include "games/tictactoe/tictactoe.hpp"

#include <gtest/gtest.h>

#include "../playout.hpp"

namespace minimax::tictactoe {
namespace {

TEST(TicTacToe, PlaysAndScores) {
  TicTacToe t;
  TicTacToe::MoveList moves;
  t.generate_moves(moves);
  EXPECT_EQ(moves.size(), 9u);
  for (int sq : {0, 3, 1, 4}) t.play(Move{static_cast<std::uint8_t>(sq)});
  EXPECT_EQ(t.outcome(), Outcome::none);
  t.play(Move{2});                        // X completes the top row
  EXPECT_EQ(t.outcome(), Outcome::loss);  // for O, to move
  EXPECT_EQ(t.to_string(), "xxx/oo./...");
  t.generate_moves(moves);
  EXPECT_TRUE(moves.empty());
}

TEST(TicTacToe, ReadsPositions) {
  auto t = TicTacToe::from_string("x.o/.x./..o");
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(t->side_to_move(), Side::first);
  EXPECT_EQ(t->to_string(), "x.o/.x./..o");
  EXPECT_EQ(TicTacToe::from_string("x........")->side_to_move(), Side::second);
  auto full = TicTacToe::from_string("xox/xoo/oxx");
  ASSERT_TRUE(full.ok());
  EXPECT_EQ(full->outcome(), Outcome::draw);
}

TEST(TicTacToe, RejectsBadPositions) {
  EXPECT_NE(TicTacToe::from_string("x.q......").error().find("'q'"), std::string::npos);
  EXPECT_NE(TicTacToe::from_string("x.o").error().find("need nine"), std::string::npos);
  EXPECT_NE(TicTacToe::from_string("xxx......").error().find("cannot happen"), std::string::npos);
  EXPECT_NE(TicTacToe::from_string("xxx/ooo/...").error().find("ended"), std::string::npos);
  EXPECT_NE(TicTacToe::from_string("xxx/oo./o..").error().find("ended"), std::string::npos);
  EXPECT_FALSE(TicTacToe::from_string("x........x").ok());
}

TEST(TicTacToe, ParsesMoves) {
  TicTacToe t;
  EXPECT_EQ(t.parse_move("5")->square, 4);
  t.play(Move{4});
  EXPECT_NE(t.parse_move("5").error().find("taken"), std::string::npos);
  EXPECT_NE(t.parse_move("0").error().find("1 to 9"), std::string::npos);
  EXPECT_NE(t.parse_move("e4").error().find("'e4'"), std::string::npos);
}

TEST(TicTacToe, RandomPlayouts) {
  auto stats = test::check_random_playouts(TicTacToe{}, 500, 42);
  EXPECT_EQ(stats.games, 500u);
  // Random games end in all three ways.
  EXPECT_GT(stats.outcomes[static_cast<int>(Outcome::loss)], 0u);
  EXPECT_GT(stats.outcomes[static_cast<int>(Outcome::draw)], 0u);
}

}  // namespace
}  // namespace minimax::tictactoe
