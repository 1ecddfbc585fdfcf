#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "machines/chess/registry.hpp"

namespace minimax::cli {

int run(std::vector<std::string> args, std::string& out, std::string& err) {
  std::istringstream in;
  std::ostringstream o, e;
  int rc = run_main(args, in, o, e);
  out = o.str();
  err = e.str();
  return rc;
}

TEST(Cli, HelpListsCommands) {
  std::string out, err;
  EXPECT_EQ(run({"help"}, out, err), 0);
  EXPECT_NE(out.find("help"), std::string::npos);
}

TEST(Cli, UnknownCommandIsOneLineErrorAndNonZero) {
  std::string out, err;
  EXPECT_NE(run({"frobnicate"}, out, err), 0);
  EXPECT_NE(err.find("unknown command 'frobnicate'"), std::string::npos);
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1);
}

TEST(Cli, EveryCommandAnswersHelp) {
  for (const auto& c : commands()) {
    std::string out, err;
    EXPECT_EQ(run({std::string(c.name), "--help"}, out, err), 0) << c.name;
    EXPECT_NE(out.find("usage:"), std::string::npos) << c.name;
  }
}

TEST(Cli, MachinesListsEveryMachineWithItsOptions) {
  std::string out, err;
  EXPECT_EQ(run({"machines"}, out, err), 0) << err;
  for (const char* text :
       {"chess (", "  shannon-a   Shannon (1950) type A",
        "    Depth (an integer 1..8, default 4): plies searched full width",
        "    Seed (an integer 0..2147483647, default 1)",
        "    King (a number -10000..10000, default 200)",
        "    Hash (an integer 1..65536, default 16): transposition table size in MB",
        "    MaxPlies (an integer 0..64, default 0)", "draughts (", "  strachey-2  ",
        "nim:\n  random", "  nimrod      Nimrod (Ferranti, 1951", "tictactoe:\n  random",
        "  perfect     the solved game", "    (no options)"})
    EXPECT_NE(out.find(text), std::string::npos) << text << "\n" << out;
  EXPECT_EQ(run({"machines", "nim"}, out, err), 0);
  EXPECT_EQ(out.find("shannon-a"), std::string::npos) << out;
  EXPECT_NE(run({"machines", "go"}, out, err), 0);
  EXPECT_EQ(err, "minimax machines: unknown game 'go' (games: chess, draughts, nim, tictactoe)\n");
}

// The same line for a bad option value wherever a machine's option is set (match's
// NAME:Option=Value calls set_option; UCI prints the same text after "info string").
TEST(Cli, MachineOptionsAnswerBadValuesInOneUniformLine) {
  auto m = chess::make_chess_machine("shannon-a");
  ASSERT_TRUE(m.ok());
  auto s = (*m)->set_option("depth", "x");
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error(), "bad value 'x' for option Depth of shannon-a: expected an integer 1..8");
  auto e = chess::make_chess_machine("engine");
  ASSERT_TRUE(e.ok());
  EXPECT_EQ((*e)->set_option("Hash", "lots").error(),
            "bad value 'lots' for option Hash of engine: expected an integer 1..65536");
  EXPECT_TRUE((*e)->set_option("move overhead", "20").ok());
}

}  // namespace minimax::cli
