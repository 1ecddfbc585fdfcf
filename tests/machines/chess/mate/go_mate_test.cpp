// The UCI `go mate N` hook answered by the exact solver.
#include "uci/go_mate.hpp"

#include <gtest/gtest.h>

#include <string>

#include "machines/chess/engine/engine.hpp"

namespace minimax::uci {
namespace {

TEST(GoMate, ProvedMateComesWithScoreAndLine) {
  chess::engine::Engine engine;
  const auto pos = *chess::Position::from_fen("5Kbk/6pp/6P1/8/8/8/8/7R w - - 0 1");
  chess::engine::SearchLimits limits;
  limits.mate = 3;
  int reports = 0;
  chess::engine::SearchCallbacks cb;
  cb.on_line = [&](const chess::engine::LineReport&) { ++reports; };
  const auto r = go_mate(engine, pos, limits, cb);
  EXPECT_EQ(pos.move_to_string(r.best), "h1h6");
  EXPECT_EQ(r.score, chess::engine::kMate - 3);  // mate in 2 moves = 3 plies
  ASSERT_EQ(r.pv.size(), 3u);
  EXPECT_EQ(reports, 1);
}

TEST(GoMate, NoMateWithinNStillGivesALegalMove) {
  chess::engine::Engine engine;
  const auto pos = *chess::Position::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
  chess::engine::SearchLimits limits;
  limits.mate = 2;
  limits.depth = 4;
  std::string said;
  chess::engine::SearchCallbacks cb;
  cb.on_info = [&](const std::string& text) { said += text; };
  const auto r = go_mate(engine, pos, limits, cb);
  // Issue 6: the user is told that none exists within N before the normal search's move.
  EXPECT_NE(said.find("no mate in 2 moves"), std::string::npos) << said;
  EXPECT_TRUE(pos.is_legal(r.best));
  EXPECT_LT(r.score, chess::engine::kMateInMaxPly);
}

}  // namespace
}  // namespace minimax::uci
