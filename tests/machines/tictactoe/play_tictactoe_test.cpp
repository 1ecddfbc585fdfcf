// `minimax play tictactoe`: a person (scripted input) against the perfect player.
#include <gtest/gtest.h>

#include <sstream>

#include "cli/commands.hpp"

namespace minimax::cli {
namespace {

std::string play(const std::string& input, std::vector<std::string> extra = {}, int* rc = nullptr) {
  std::istringstream in(input);
  std::ostringstream out, err;
  std::vector<std::string> args{"play", "tictactoe"};
  args.insert(args.end(), extra.begin(), extra.end());
  const int r = run_main(args, in, out, err);
  if (rc) *rc = r;
  return out.str() + err.str();
}

TEST(PlayTicTacToe, IllegalMovesGetANewPrompt) {
  int rc = 0;
  // Every square in turn: taken squares and nonsense are refused, the game goes on to its end.
  const std::string o = play("0\nten\n5\n5\n1\n2\n3\n4\n6\n7\n8\n9\n", {}, &rc);
  EXPECT_EQ(rc, 0);
  EXPECT_NE(o.find("type a number from 1 to 9"), std::string::npos);
  EXPECT_NE(o.find("'ten'"), std::string::npos);
  EXPECT_NE(o.find("square 5 is taken"), std::string::npos);
  EXPECT_EQ(o.find("You win"), std::string::npos) << o;  // the machine never loses
  EXPECT_TRUE(o.find("A draw") != std::string::npos ||
              o.find("The machine wins") != std::string::npos);
}

TEST(PlayTicTacToe, TheMachineTakesAWin) {
  // O to move can win at 3 (3-5-7 diagonal); the person is X, so the machine as O moves first.
  const std::string o = play("", {"xx./.o./o.x"});
  EXPECT_NE(o.find("the machine (O) plays 3"), std::string::npos) << o;
  EXPECT_NE(o.find("The machine wins (three in a row)"), std::string::npos) << o;
}

TEST(PlayTicTacToe, BadSetup) {
  int rc = 0;
  play("", {"--nonsense"}, &rc);
  EXPECT_NE(rc, 0);
  play("", {"xxxx....."}, &rc);
  EXPECT_NE(rc, 0);
}

}  // namespace
}  // namespace minimax::cli
