// The perfect player never loses, whatever the opponent does (exhaustive over every sequence of
// opponent moves, and over every move the player might pick among its equally best ones).
#include "machines/tictactoe/perfect.hpp"

#include <gtest/gtest.h>

namespace minimax::tictactoe {
namespace {

struct Tally {
  std::uint64_t games = 0, wins = 0, draws = 0, losses = 0;
};

// The player is `me`; every opponent move is tried, and every best move of the player.
void explore(TicTacToe& t, Side me, Tally& tally) {
  const Outcome o = t.outcome();
  if (o != Outcome::none) {
    ++tally.games;
    const bool my_turn = t.side_to_move() == me;
    if (o == Outcome::draw)
      ++tally.draws;
    else if ((o == Outcome::win) == my_turn)
      ++tally.wins;
    else
      ++tally.losses;
    return;
  }
  if (t.side_to_move() == me) {
    for (Move m : best_moves(t)) {
      t.play(m);
      explore(t, me, tally);
      t.undo(m);
    }
  } else {
    TicTacToe::MoveList moves;
    t.generate_moves(moves);
    for (Move m : moves) {
      t.play(m);
      explore(t, me, tally);
      t.undo(m);
    }
  }
}

TEST(PerfectPlayer, NeverLoses) {
  for (Side me : {Side::first, Side::second}) {
    TicTacToe t;
    Tally tally;
    explore(t, me, tally);
    EXPECT_EQ(tally.losses, 0u) << (me == Side::first ? "as X" : "as O");
    EXPECT_GT(tally.wins, 0u);
    std::printf("[perfect] as %s: %llu games, %llu won, %llu drawn\n",
                me == Side::first ? "X" : "O", (unsigned long long)tally.games,
                (unsigned long long)tally.wins, (unsigned long long)tally.draws);
  }
}

TEST(PerfectPlayer, TheGameIsADraw) {
  EXPECT_EQ(solved_tictactoe().positions(), 5'478u);
  EXPECT_EQ(solved_tictactoe().root().value, Outcome::draw);
  // Every first move draws: all nine are best.
  EXPECT_EQ(best_moves(TicTacToe{}).size(), 9u);
}

TEST(PerfectPlayer, WinsWhenItCanAndBlocks) {
  // X to move with two in the top row: square 3 wins at once.
  auto t = TicTacToe::from_string("xx./oo./...");
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(best_moves(*t), (std::vector<Move>{Move{2}}));
  // O to move must block square 3.
  auto u = TicTacToe::from_string("xx./o../...");
  ASSERT_TRUE(u.ok());
  EXPECT_EQ(best_moves(*u), (std::vector<Move>{Move{2}}));
  PerfectPlayer p;
  auto thought = p.choose(*t, Limits{});
  EXPECT_EQ(thought.move.square, 2);
  EXPECT_EQ(thought.score, 1);
}

}  // namespace
}  // namespace minimax::tictactoe
