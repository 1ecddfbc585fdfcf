// An external UCI engine as a Player hears the whole game (`position startpos moves ...`), not
// only the current FEN, so it sees the repetitions that happened before (the UCI protocol's own
// advice: send the moves since the last irreversible one at least). The engine here is minimax
// itself behind a shell script that logs every line it receives.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "../test_paths.hpp"
#include "cli/commands.hpp"
#include "core/text.hpp"
#include "machines/chess/players.hpp"
#include "machines/chess/uci_engine.hpp"
#include "session/chess_game.hpp"

namespace minimax::match {
namespace {

namespace fs = std::filesystem;
using chess::make_chess_player;
using chess::Move;
using chess::Position;
using chess::UciEngine;

class QaUciEngineHistory : public ::testing::Test {
 protected:
  void SetUp() override {
    log_ = fs::temp_directory_path() / ("minimax_qa_engine_" + std::to_string(::getpid()) + ".log");
    fs::remove(log_);
    ::setenv("MINIMAX_QA_ENGINE_LOG", log_.c_str(), 1);
    ::setenv("MINIMAX_QA_ENGINE", MINIMAX_BINARY, 1);
    script_ = test::project_test_data("qa/logging_engine.sh").string();
  }
  void TearDown() override { fs::remove(log_); }
  std::vector<std::string> logged(const std::string& prefix) const {
    std::ifstream f(log_);
    std::vector<std::string> v;
    for (std::string line; std::getline(f, line);)
      if (starts_with(line, prefix)) v.push_back(line);
    return v;
  }
  static std::vector<Move> play_uci(Position& pos, const std::vector<std::string>& moves) {
    std::vector<Move> out;
    for (const auto& s : moves) {
      auto m = pos.parse_uci(s);
      EXPECT_TRUE(m) << s;
      if (!m) break;
      out.push_back(*m);
      pos.play(*m);
    }
    return out;
  }
  fs::path log_;
  std::string script_;
};

TEST_F(QaUciEngineHistory, PositionCommandCarriesTheMovesOfARepetition) {
  auto e = UciEngine::start(script_);
  ASSERT_TRUE(e) << e.error();
  const Position start;
  Position pos = start;
  const auto moves = play_uci(pos, {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"});
  (*e)->set_game(start, moves);
  EXPECT_EQ((*e)->position_command(pos),
            "position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1");
  // The same position reached another way (no history): the game told does not lead to it.
  const Position fresh = *Position::from_fen(pos.fen());
  EXPECT_EQ((*e)->position_command(fresh), "position fen " + pos.fen());
  // A start that is not the initial position goes as its FEN.
  const std::string kiwi = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
  const Position k = *Position::from_fen(kiwi);
  Position kp = k;
  const auto castle = play_uci(kp, {"e1g1", "e8c8"});
  (*e)->set_game(k, castle);
  EXPECT_EQ((*e)->position_command(kp), "position fen " + kiwi + " moves e1g1 e8c8");
  // Moves that are not a game (illegal from the start) fall back to the FEN.
  (*e)->set_game(start, castle);
  EXPECT_EQ((*e)->position_command(pos), "position fen " + pos.fen());
}

// A program that is not a UCI engine and never ends (cat echoes 'uci' and waits) is an Error
// after the handshake's time, not a hang.
TEST(QaUciEngine, AProgramThatNeverAnswersIsAnError) {
  auto e = UciEngine::start("/bin/cat", 200);
  ASSERT_FALSE(e);
  EXPECT_NE(e.error().find("did not answer 'uci' with 'uciok'"), std::string::npos) << e.error();
  EXPECT_FALSE(UciEngine::start("/bin/true", 200));
}

TEST_F(QaUciEngineHistory, AGameSendsEveryMoveSoFar) {
  auto white = make_chess_player("uci:" + script_);
  ASSERT_TRUE(white) << white.error();
  auto black = make_chess_player("random");
  ASSERT_TRUE(black) << black.error();
  (void)(*black)->set_option("Seed", "5");
  session::GameSettings s;
  s.limits.depth = 1;
  s.max_plies = 10;
  const session::GameRecord rec = session::play_chess_game(Position(), **white, **black, s);
  ASSERT_FALSE(rec.illegal) << rec.reason;
  white->reset();  // quit the engine, so its log is complete
  const auto positions = logged("position ");
  ASSERT_FALSE(positions.empty());
  // The k-th position sent is the start and White's and Black's first 2k moves.
  Position pos;
  std::vector<std::string> texts;
  for (const Move m : rec.moves) {
    texts.push_back(pos.move_to_string(m));
    pos.play(m);
  }
  for (std::size_t k = 0; k < positions.size(); ++k) {
    std::string expected = "position startpos";
    if (k > 0)
      expected +=
          " moves " + join(std::vector<std::string>(texts.begin(), texts.begin() + 2 * k), " ");
    EXPECT_EQ(positions[k], expected);
  }
  EXPECT_EQ(positions.size(), (rec.moves.size() + 1) / 2);
}

TEST_F(QaUciEngineHistory, AGameAtTheTerminalSendsEveryMoveSoFar) {
  const fs::path pgn =
      fs::temp_directory_path() / ("minimax_qa_engine_" + std::to_string(::getpid()) + ".pgn");
  const std::vector<std::string> args = {"play",    "chess",          "--white", "human",
                                         "--black", "uci:" + script_, "--depth", "1",
                                         "--pgn",   pgn.string()};
  std::istringstream in("e4\nd4\n");  // then the end of input: the game is saved unfinished
  std::ostringstream out, err;
  EXPECT_EQ(cli::run_main(args, in, out, err), 0) << err.str();
  const auto positions = logged("position ");
  ASSERT_EQ(positions.size(), 2u) << out.str();
  EXPECT_EQ(positions[0], "position startpos moves e2e4");
  EXPECT_TRUE(starts_with(positions[1], "position startpos moves e2e4 ")) << positions[1];
  EXPECT_EQ(split_whitespace(positions[1]).size(), 6u) << positions[1];
  EXPECT_EQ(split_whitespace(positions[1]).back(), "d2d4") << positions[1];
  fs::remove(pgn);
}

}  // namespace
}  // namespace minimax::match
