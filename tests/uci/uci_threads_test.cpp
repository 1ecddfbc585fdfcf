// The engine's threads (Lazy SMP) through the UCI loop, as a GUI drives them: with 2 and 4
// threads, searches stopped at once and after a while, ponder then ponderhit, ponder then stop,
// Clear Hash and a new Hash size between searches, and a search cut short by quit. Every search
// gives one legal bestmove and the engine exits cleanly. Run under ThreadSanitizer by
// `make check-sanitize` (tools/check_sanitize.sh), where a data race ends the engine with an
// error and so fails these tests.
#include <gtest/gtest.h>

#include <string>

#include "core/text.hpp"
#include "games/chess/position.hpp"
#include "uci_pipe.hpp"

namespace minimax::test {
namespace {

std::string best_move(const std::string& line) {
  auto t = split_whitespace(line);
  return t.size() >= 2 && t[0] == "bestmove" ? t[1] : "";
}

void expect_legal(const std::string& fen, const std::optional<std::string>& line) {
  ASSERT_TRUE(line.has_value()) << "no bestmove";
  auto pos = chess::Position::from_fen(fen);
  ASSERT_TRUE(pos.ok());
  EXPECT_TRUE(pos->parse_uci(best_move(*line)).ok()) << *line;
}

void ready(UciPipe& uci) {
  uci.send("isready");
  ASSERT_TRUE(uci.read_starting("readyok", 30)) << "no readyok";
}

class UciThreads : public ::testing::TestWithParam<int> {};

TEST_P(UciThreads, StopPonderhitClearHashAndQuit) {
  UciPipe uci{MINIMAX_BINARY};
  ASSERT_TRUE(uci.ok());
  const std::string kiwipete =
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
  uci.send("setoption name Threads value " + std::to_string(GetParam()));
  uci.send("setoption name Hash value 8");
  uci.send("setoption name Ponder value true");
  ready(uci);
  for (int round = 0; round < 3; ++round) {
    // Stopped at once, and after the first report.
    uci.send("position fen " + kiwipete);
    uci.send("go infinite");
    uci.send("stop");
    expect_legal(kiwipete, uci.read_starting("bestmove", 30));
    uci.send("go infinite");
    ASSERT_TRUE(uci.read_starting("info depth", 30));
    uci.send("stop");
    expect_legal(kiwipete, uci.read_starting("bestmove", 30));
    // Ponder, then the move the engine expected is played.
    uci.send("position startpos moves e2e4 e7e5");
    uci.send("go ponder wtime 500 btime 500 winc 0 binc 0");
    ASSERT_TRUE(uci.read_starting("info depth", 30));
    uci.send("ponderhit");
    expect_legal("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
                 uci.read_starting("bestmove", 30));
    // Ponder, then another move: stop.
    uci.send("go ponder wtime 500 btime 500 winc 0 binc 0");
    uci.send("stop");
    expect_legal("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
                 uci.read_starting("bestmove", 30));
    // The table cleared and resized between searches; a bounded search after it.
    uci.send("setoption name Clear Hash");
    uci.send(round % 2 ? "setoption name Hash value 4" : "setoption name Hash value 16");
    uci.send("ucinewgame");
    ready(uci);
    uci.send("position fen " + kiwipete);
    uci.send("go depth 6");
    expect_legal(kiwipete, uci.read_starting("bestmove", 60));
  }
  // Quit in the middle of a search.
  uci.send("go infinite");
  ASSERT_TRUE(uci.read_starting("info depth", 30));
  uci.send("quit");
  EXPECT_EQ(uci.wait_exit(30), 0);
}

INSTANTIATE_TEST_SUITE_P(Threads, UciThreads, ::testing::Values(2, 4));

}  // namespace
}  // namespace minimax::test
