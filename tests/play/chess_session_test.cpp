// `minimax play chess` driven through its input: moves in three notations, bad input, undo,
// resign, draw offers, and the PGN it saves (read back with the PGN reader).
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "games/chess/pgn.hpp"

namespace minimax {
namespace {

struct Session {
  int status;
  std::string out, err;
};

Session play(std::vector<std::string> args, const std::string& input) {
  args.insert(args.begin(), {"play", "chess"});
  std::istringstream in(input);
  std::ostringstream out, err;
  const int status = cli::run_main(args, in, out, err);
  return {status, out.str(), err.str()};
}

std::string temp_pgn(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("minimax_play_" + name + ".pgn")).string();
}

chess::PgnGame read_pgn(const std::string& path) {
  std::ifstream f(path);
  std::stringstream ss;
  ss << f.rdbuf();
  auto games = chess::parse_pgn(ss.str());
  EXPECT_TRUE(games.ok()) << (games.ok() ? "" : games.error()) << "\n" << ss.str();
  if (!games.ok() || games->empty()) return {};
  return games->front();
}

TEST(PlayChess, ThreeNotationsAndBadInput) {
  const std::string pgn = temp_pgn("notations");
  // Both sides human: White e4 (SAN), Black e7e5 (UCI), White Kt-KB3 (descriptive), then junk.
  const Session r = play({"--white", "human", "--black", "human", "--pgn", pgn},
                         "e4\ne7e5\nKt-KB3\nbanana\nNf9\ne2e4\nP-K4\n\nNc6\nresign\n");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("not a move here: 'banana'"), std::string::npos);
  EXPECT_NE(r.out.find("not a move here: 'Nf9'"), std::string::npos);
  EXPECT_NE(r.out.find("not a move here: 'e2e4'"), std::string::npos);  // the e-pawn has moved
  EXPECT_NE(r.out.find("not a move here: 'P-K4'"), std::string::npos);
  EXPECT_NE(r.out.find("game over: 0-1 (human resigns)"), std::string::npos);
  const auto g = read_pgn(pgn);
  ASSERT_EQ(g.moves.size(), 4u);
  EXPECT_EQ(g.moves[2].san, "Nf3");
  EXPECT_EQ(g.moves[3].san, "Nc6");
  EXPECT_EQ(g.result, "0-1");
}

TEST(PlayChess, UndoTakesBackThePersonsMoveAndTheReply) {
  const std::string pgn = temp_pgn("undo");
  const Session r =
      play({"--white", "human", "--black", "random", "--pgn", pgn}, "e4\nundo\nundo\nd4\n");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("taken back"), std::string::npos);
  EXPECT_NE(r.out.find("nothing to undo"), std::string::npos);
  EXPECT_NE(r.out.find("input ended"), std::string::npos);
  const auto g = read_pgn(pgn);
  ASSERT_EQ(g.moves.size(), 2u);  // d4 and the reply
  EXPECT_EQ(g.moves[0].san, "d4");
  EXPECT_EQ(g.result, "*");
}

TEST(PlayChess, DrawOffersToAMachine) {
  const std::string pgn = temp_pgn("draw");
  // Level material: declined. After 1.e4 d5 2.exd5 (a pawn up for White... the human is Black
  // here and behind): the machine (White) declines; we only check the message and that play goes
  // on.
  const Session r =
      play({"--white", "human", "--black", "turochamp", "--pgn", pgn}, "draw\ne4\nresign\n");
  EXPECT_NE(r.out.find("turochamp declines the draw"), std::string::npos);
  // The machine behind in material accepts: White (human) has an extra queen.
  const Session r2 = play({"--white", "human", "--black", "turochamp", "--pgn", pgn, "--fen",
                           "4k3/8/8/8/8/8/8/3QK3 w - - 0 1"},
                          "draw\n");
  EXPECT_NE(r2.out.find("game over: 1/2-1/2 (draw agreed)"), std::string::npos);
  EXPECT_EQ(read_pgn(pgn).result, "1/2-1/2");
}

TEST(PlayChess, MachinesPlayAWholeGameAndExplain) {
  const std::string pgn = temp_pgn("machines");
  const Session r = play({"--white", "turochamp", "--black", "random", "--pgn", pgn, "--explain",
                          "--notation", "descriptive", "--seed", "3"},
                         "");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("game over"), std::string::npos);
  EXPECT_NE(r.out.find("position-play"), std::string::npos);  // Turing's breakdown
  EXPECT_NE(r.out.find("1. P-K3"), std::string::npos);        // the rules' first move, descriptive
  const auto g = read_pgn(pgn);
  EXPECT_GT(g.moves.size(), 0u);
  EXPECT_NE(g.result, "*");
}

TEST(PlayChess, BadArgumentsNameTheToken) {
  Session r = play({"--white", "nobody"}, "");
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("unknown chess machine 'nobody'"), std::string::npos);
  r = play({"--notation", "klingon"}, "");
  EXPECT_NE(r.err.find("'klingon'"), std::string::npos);
  r = play({"--depth", "x"}, "");
  EXPECT_NE(r.err.find("'x'"), std::string::npos);
  r = play({"--frobnicate"}, "");
  EXPECT_NE(r.err.find("'--frobnicate'"), std::string::npos);
  r = play({"--fen", "not a fen"}, "");
  EXPECT_NE(r.status, 0);
  r = play({"--help"}, "");
  EXPECT_NE(r.out.find("usage:"), std::string::npos);
}

TEST(PlayChess, StrongestIsAName) {
  const Session r =
      play({"--white", "human", "--black", "strongest", "--pgn", "-", "--depth", "1"}, "resign\n");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("(Black)"), std::string::npos);
}

}  // namespace
}  // namespace minimax

namespace minimax {
namespace {

// Without --pgn the game goes to the data folder ($XDG_DATA_HOME/minimax/games, a scratch folder
// in the tests: tests/data_home.cpp), never the current directory; its path is printed at the end.
TEST(PlayChess, TheRecordGoesToTheDataFolder) {
  namespace fs = std::filesystem;
  const fs::path home =
      fs::temp_directory_path() / ("minimax_play_xdg_" + std::to_string(::getpid()));
  fs::remove_all(home);
  const char* old = std::getenv("XDG_DATA_HOME");
  const std::string saved = old ? old : "";
  ::setenv("XDG_DATA_HOME", home.c_str(), 1);
  auto entries = [] {
    std::vector<std::string> v;
    for (const auto& e : fs::directory_iterator(fs::current_path())) v.push_back(e.path().string());
    std::sort(v.begin(), v.end());
    return v;
  };
  const auto before = entries();
  const Session r = play({"--white", "human", "--black", "random", "--seed", "2"}, "e4\n");
  ::setenv("XDG_DATA_HOME", saved.c_str(), 1);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(entries(), before);  // nothing written in the current directory
  const auto at = r.out.find("game record: ");
  ASSERT_NE(at, std::string::npos) << r.out;
  const std::string path = r.out.substr(at + 13, r.out.find('\n', at) - at - 13);
  EXPECT_EQ(fs::path(path).parent_path(), home / "minimax" / "games");
  const auto g = read_pgn(path);
  ASSERT_EQ(g.moves.size(), 2u);  // e4 and the reply, then the input ended
  EXPECT_EQ(g.moves[0].san, "e4");
  EXPECT_EQ(g.result, "*");
  EXPECT_FALSE(fs::exists(path + ".tmp"));
  fs::remove_all(home);
}

TEST(PlayChess, HelpComesFromTheFlagsDeclared) {
  Session r = play({"--help"}, "");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("usage: minimax play chess"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("--notation"), std::string::npos) << r.out;
  // "help" at the prompt lists the words the prompt understands.
  r = play({"--white", "human", "--black", "human", "--pgn", "-"}, "help\n");
  EXPECT_NE(r.out.find("undo, resign, draw"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace minimax
