// `minimax play nim`: a person (scripted input) against Nimrod through the generic game loop.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli/commands.hpp"

namespace minimax::cli {
namespace {

TEST(PlayNim, BadMovesGetANewPromptAndNimrodWins) {
  // The person moves first from 7 4 5 2 (k = 2, misere); every bad line gets one line and a new
  // prompt; then the person plays badly and Nimrod wins.
  std::istringstream in(
      "Z1\nA9\nA1 B1 "
      "C1\nhelp\nA1\nA1\nA1\nA1\nA1\nA1\nA1\nA1\nB1\nB1\nB1\nB1\nC1\nC1\nC1\nC1\nC1\nD1\nD1\n");
  std::ostringstream out, err;
  const std::vector<std::string> args{"play", "nim", "7", "4", "5", "2", "--k", "2", "--misere"};
  const int rc = run_main(args, in, out, err);
  const std::string o = out.str();
  EXPECT_EQ(rc, 0) << err.str();
  EXPECT_NE(o.find("there is no heap Z"), std::string::npos);
  EXPECT_NE(o.find("heap A has only 7 matches"), std::string::npos);
  EXPECT_NE(o.find("at most 2"), std::string::npos);
  EXPECT_NE(o.find("133 legal moves"), std::string::npos);
  EXPECT_NE(o.find("Nimrod wins"), std::string::npos) << o;
}

TEST(PlayNim, MachineFirstPlaysTheSeedsMove) {
  std::istringstream in("quit\n");
  std::ostringstream out, err;
  const std::vector<std::string> args{"play", "nim", "7", "4",        "5",
                                      "2",    "--k", "2", "--misere", "--machine-first"};
  EXPECT_EQ(run_main(args, in, out, err), 0);
  EXPECT_NE(out.str().find("Nimrod takes A2 D1, leaving 5 4 5 1"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("Nimrod wins (you resigned"), std::string::npos) << out.str();
}

TEST(PlayNim, EndOfInputEndsTheGameWithoutACrash) {
  std::istringstream in("");
  std::ostringstream out, err;
  const std::vector<std::string> args{"play", "nim", "3", "4"};
  EXPECT_EQ(run_main(args, in, out, err), 0);
  EXPECT_NE(out.str().find("input ended"), std::string::npos) << out.str();
}

TEST(PlayNim, BadSetup) {
  for (const auto& args :
       std::vector<std::vector<std::string>>{{"play", "nim"},
                                             {"play", "nim", "7", "q"},
                                             {"play", "nim", "7", "4", "--k", "5"},
                                             {"play", "nim", "7", "--seed"},
                                             {"play", "nim", "0", "0"}}) {
    std::istringstream in;
    std::ostringstream out, err;
    EXPECT_NE(run_main(args, in, out, err), 0);
    const std::string e = err.str();
    EXPECT_EQ(std::count(e.begin(), e.end(), '\n'), 1) << e;
  }
}

}  // namespace
}  // namespace minimax::cli

namespace minimax::cli {
namespace {

// The record of the game, rewritten after every move, goes where --record says (or to the data
// folder); its path is printed at the end.
TEST(PlayNim, TheRecordIsSavedAndItsPathPrinted) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("minimax_play_nim_" + std::to_string(::getpid()) + ".txt");
  std::istringstream in("");
  std::ostringstream out, err;
  const std::vector<std::string> args{"play",     "nim",        "7", "4",        "5",
                                      "2",        "--k",        "2", "--misere", "--machine-first",
                                      "--record", path.string()};
  EXPECT_EQ(run_main(args, in, out, err), 0) << err.str();
  EXPECT_NE(out.str().find("game record: " + path.string()), std::string::npos) << out.str();
  std::ifstream f(path);
  std::stringstream text;
  text << f.rdbuf();
  EXPECT_NE(text.str().find("moves: A2 D1\n"), std::string::npos) << text.str();
  EXPECT_NE(text.str().find("result: 1-0 (you resigned (input ended))"), std::string::npos)
      << text.str();
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace minimax::cli
