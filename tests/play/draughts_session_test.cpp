// `minimax play draughts`: a person against Strachey's machine at the terminal, and the machine
// against itself; the game ends with its PDN, which reads back.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "games/draughts/pdn.hpp"

namespace minimax::cli {
namespace {

int run_play(std::vector<std::string> args, const std::string& input, std::string& out,
             std::string& err) {
  args.insert(args.begin(), {"play", "draughts"});
  std::istringstream in(input);
  std::ostringstream o, e;
  const int rc = run_main(args, in, o, e);
  out = o.str();
  err = e.str();
  return rc;
}

TEST(PlayDraughts, PersonWinsWithACapture) {
  std::string out, err;
  // A wrong move, a move that ignores the compulsory capture, then the capture that ends it.
  EXPECT_EQ(run_play({"B:W18:B14,1"}, "11-15\n1-5\n14x23\n", out, err), 0) << err;
  EXPECT_NE(out.find("no black piece on 11"), std::string::npos) << out;
  EXPECT_NE(out.find("Black must capture (14x23)"), std::string::npos) << out;
  EXPECT_NE(out.find("You win"), std::string::npos) << out;
  EXPECT_NE(out.find("[Result \"1-0\"]"), std::string::npos) << out;
  auto pdn = draughts::read_pdn_game(out.substr(out.find("[Event")));
  ASSERT_TRUE(pdn.ok()) << pdn.error();
  EXPECT_EQ(pdn->moves.size(), 1u);
}

TEST(PlayDraughts, UndoTakesBackTheMoveAndTheReply) {
  std::string out, err;
  EXPECT_EQ(run_play({"--record", "-"}, "11-15\nundo\n11-16\nresign\n", out, err), 0) << err;
  auto pdn = draughts::read_pdn_game(out.substr(out.find("[Event")));
  ASSERT_TRUE(pdn.ok()) << pdn.error();
  // 11-15 and the machine's reply were taken back; the game goes on from 11-16.
  ASSERT_EQ(pdn->moves.size(), 2u) << out;
  EXPECT_EQ(pdn->start.move_to_string(pdn->moves[0].move), "11-16");
}

TEST(PlayDraughts, MachineFirstInStracheysNotation) {
  std::string out, err;
  EXPECT_EQ(run_play({"B:W18:B14", "--machine-first", "--notation", "strachey", "--explain"}, "",
                     out, err),
            0)
      << err;
  EXPECT_NE(out.find("the machine (Black) plays 13\u201422(17)"), std::string::npos) << out;
  EXPECT_NE(out.find("strategy 2"), std::string::npos) << out;
  EXPECT_NE(out.find("The machine wins"), std::string::npos) << out;
}

TEST(PlayDraughts, MachinesPlayAWholeGame) {
  std::string out, err;
  EXPECT_EQ(run_play({"--machines", "--seed", "3"}, "", out, err), 0) << err;
  EXPECT_TRUE(out.find(" wins (") != std::string::npos || out.find("A draw") != std::string::npos)
      << out;
  auto pdn = draughts::read_pdn_game(out.substr(out.find("[Event")));
  ASSERT_TRUE(pdn.ok()) << pdn.error();
  EXPECT_GT(pdn->moves.size(), 10u);
  EXPECT_NE(pdn->final_position().outcome(), Outcome::none);
}

TEST(PlayDraughts, PersonResigns) {
  std::string out, err;
  EXPECT_EQ(run_play({}, "quit\n", out, err), 0) << err;
  EXPECT_NE(out.find("The machine wins (you resigned"), std::string::npos) << out;
}

TEST(PlayDraughts, BadArgumentsAreOneLine) {
  std::string out, err;
  EXPECT_EQ(run_play({"B:W33:B1"}, "", out, err), 2);
  EXPECT_NE(err.find("'33'"), std::string::npos) << err;
  EXPECT_EQ(run_play({"--strategy", "3"}, "", out, err), 2);
  EXPECT_NE(err.find("--strategy"), std::string::npos) << err;
  EXPECT_EQ(run_play({"--notation", "chess"}, "", out, err), 2);
  EXPECT_NE(err.find("'chess'"), std::string::npos) << err;
  EXPECT_EQ(run_play({"--fast"}, "", out, err), 2);
  EXPECT_NE(err.find("'--fast'"), std::string::npos) << err;
  EXPECT_EQ(run_play({"B:W18:B"}, "", out, err), 2);
  EXPECT_NE(err.find("already over"), std::string::npos) << err;
}

}  // namespace
}  // namespace minimax::cli
