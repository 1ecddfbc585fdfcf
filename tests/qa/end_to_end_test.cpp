// The bar for bad input, through the real binary (MINIMAX_BINARY): every subcommand answers a bad
// argument with one line on standard error naming the bad token and a non-zero exit status; a game
// at the terminal survives garbage, illegal moves, 'undo' at the start and the end of input
// mid-game, leaving valid PGN; `minimax uci` keeps answering isready through garbage and binary
// bytes between valid commands.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/text.hpp"
#include "games/chess/pgn.hpp"
#include "run_binary.hpp"

namespace minimax::qa {
namespace {

namespace fs = std::filesystem;

TEST(QaEndToEnd, EveryCommandNamesTheBadTokenOnOneLine) {
  const std::vector<std::vector<std::string>> bad = {
      {"xyzzy"},
      {"bench", "xyzzy"},
      {"help", "xyzzy"},
      {"legal", "startpos", "xyzzy"},
      {"legal", "xyzzy", "e4"},
      {"match", "random", "xyzzy"},
      {"match", "random", "random", "--games", "xyzzy"},
      {"perft", "startpos", "xyzzy"},
      {"perft", "--epd", "xyzzy"},
      {"play", "xyzzy"},
      {"play", "chess", "--xyzzy"},
      {"play", "chess", "--fen", "xyzzy"},
      {"play", "nim", "xyzzy"},
      {"play", "tictactoe", "xyzzy"},
      {"show", "xyzzy"},
      {"solve", "xyzzy"},
      {"solve", "nim", "xyzzy"},
      {"solve", "mate", "xyzzy", "startpos"},
      {"tournament", "random", "xyzzy"},
      {"tree", "xyzzy"},
      {"tree", "nim", "xyzzy"},
      {"tune", "xyzzy"},
      {"tune", "--xyzzy"},
      {"uci", "xyzzy"},
  };
  for (const auto& args : bad) {
    std::string shown;
    for (const auto& a : args) shown += a + " ";
    const ProcessRun r = run_minimax(args);
    EXPECT_EQ(r.signal, 0) << shown;
    EXPECT_GT(r.status, 0) << shown;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << shown << "\n" << r.err;
    EXPECT_NE(r.err.find("xyzzy"), std::string::npos) << shown << "\n" << r.err;
  }
}

// `minimax perft xyzzy 1` names the bad FEN (the FEN reader quotes what it was given).
TEST(QaEndToEnd, PerftNamesTheBadFen) {
  const ProcessRun r = run_minimax({"perft", "xyzzy", "1"});
  EXPECT_GT(r.status, 0);
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find("xyzzy"), std::string::npos) << r.err;
}

TEST(QaEndToEnd, PlayChessSurvivesGarbageAndEndOfInputAndLeavesValidPgn) {
  const std::string input = std::string("undo\n\n   \nxyzzy\ne5\ne9e4\nKe2\n\xff\xfe\x01\nO-O\n") +
                            std::string(5000, 'x') +
                            "\nmoves\nboard\ne4\nundo\nd4\nNf3\nNf";  // no newline: EOF mid-line
  const fs::path pgn = scratch("garbage.pgn");
  const ProcessRun r = run_minimax({"play", "chess", "--white", "human", "--black", "random",
                                    "--seed", "7", "--pgn", pgn.string()},
                                   input);
  EXPECT_EQ(r.signal, 0);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("nothing to undo"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("'xyzzy'"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("'e9e4'"), std::string::npos) << r.out;
  const std::string text = slurp(pgn);
  auto games = chess::parse_pgn(text);
  ASSERT_TRUE(games) << games.error() << "\n" << text;
  ASSERT_EQ(games->size(), 1u) << text;
  const auto& g = games->front();
  EXPECT_EQ(g.result, "*");
  // e4 was taken back with the reply; d4, a reply, Nf3 (if legal after the reply), a reply.
  const auto line = g.main_line();
  ASSERT_GE(line.size(), 2u) << text;
  EXPECT_EQ(g.moves[0].san, "d4") << text;
}

TEST(QaEndToEnd, SmallGamesSurviveGarbageAndEndOfInput) {
  ProcessRun r = run_minimax(
      {"play", "nim", "3", "4", "5"},
      "xyzzy\n\n99999999999999999999\nZ1\nA-1\nA0\nA99\n\xff\xfe\n" + std::string(100000, 'A'));
  EXPECT_EQ(r.signal, 0);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("'xyzzy'"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("input ended"), std::string::npos) << r.out;
  r = run_minimax({"play", "tictactoe"},
                  "xyzzy\n0\n10\n-1\n99999999999999999999\n\xe2\x99\x94\n5\n5\n");
  EXPECT_EQ(r.signal, 0);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("'99999999999999999999' is not a square"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("square 5 is taken"), std::string::npos) << r.out;
}

TEST(QaEndToEnd, UciKeepsAnsweringThroughGarbage) {
  std::string input = "uci\n";
  const std::vector<std::string> garbage = {"xyzzy",
                                            "",
                                            "   ",
                                            "position",
                                            "position fen",
                                            "position fen 8/8/8 w",
                                            "position startpos moves e2e5",
                                            "position startpos moves e2e4 xyzzy",
                                            "setoption",
                                            "setoption name",
                                            "setoption name Hash value x",
                                            "setoption name NoSuchOption value 3",
                                            "go depth xyzzy",
                                            "go nodes -5",
                                            std::string(200000, 'z'),
                                            std::string("\x00\xff\xfe\x01 isready", 9),
                                            "\xe2\x99\x94 \xe2\x99\x9a",
                                            "register",
                                            "debug maybe",
                                            "ponderhit",
                                            "stop"};
  int isready = 0;
  for (const auto& g : garbage) {
    input += g + "\nisready\n";
    ++isready;
  }
  input += "position startpos moves e2e4\ngo depth 1\nisready\nquit\n";
  ++isready;
  const ProcessRun r = run_minimax({"uci"}, input);
  EXPECT_EQ(r.signal, 0);
  EXPECT_EQ(r.status, 0);
  int readyok = 0;
  std::istringstream out(r.out);
  for (std::string line; std::getline(out, line);)
    if (trim(line) == "readyok") ++readyok;
  EXPECT_EQ(readyok, isready) << r.out;
  EXPECT_NE(r.out.find("bestmove "), std::string::npos) << r.out;
}

}  // namespace
}  // namespace minimax::qa
