// Syzygy tablebases through Fathom (machines/chess/syzygy.hpp) on the 3-4 man tables in
// ../shared/data/syzygy, against values nobody here computed: the WDL and DTZ that python-chess's
// own Syzygy reader gives (Fiekas, python-chess's data/endgame.epd and its Syzygy tests; the
// KBNK position is the example of its documentation). Then the engine: the root keeps only moves
// that keep the table's result, WDL probes happen in the search after captures (tbhits), and the
// UCI options and `minimax tb probe` answer bad input with one line.
#include "machines/chess/syzygy.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "../../test_paths.hpp"
#include "cli/commands.hpp"
#include "core/text.hpp"
#include "games/chess/position.hpp"
#include "machines/chess/engine/engine.hpp"
#include "uci/uci.hpp"

namespace minimax::chess {
namespace {

using engine::TbWdl;

std::string tables_dir() {
  const auto data = test::shared_data_dir();
  return data.empty() ? std::string() : (data / "syzygy").string();
}

#define REQUIRE_TABLES()                                                                      \
  do {                                                                                        \
    if (!syzygy_built()) GTEST_SKIP() << syzygy_not_built_message();                          \
    if (tables_dir().empty()) GTEST_SKIP() << "no ../shared/data/syzygy beside the checkout"; \
  } while (0)

std::shared_ptr<const engine::Tablebase> open_tables() {
  auto t = open_syzygy(tables_dir());
  EXPECT_TRUE(t.ok()) << (t.ok() ? "" : t.error());
  return t.ok() ? *t : nullptr;
}

Position pos_of(const std::string& fen) {
  auto p = Position::from_fen(fen);
  EXPECT_TRUE(p.ok()) << fen;
  return p.ok() ? *p : Position();
}

struct Known {
  const char* fen;
  int wdl;  // -2 loss .. 2 win, for the side to move
  int dtz;
};

// From python-chess's data/endgame.epd (one position of each of several endings) and its
// documentation (KBNK) and Syzygy tests (the two en-passant positions).
const Known kKnown[] = {
    {"8/2K5/4B3/3N4/8/8/4k3/8 b - - 0 1", -2, -53},  // KBNK, the documented example
    {"3B4/K7/8/k3N3/8/8/8/8 b - - 0 1", -2, -53},    // KBNK
    {"4k3/8/8/8/8/4b3/1K6/n7 b - - 0 1", 2, 56},     // KBNK, Black the stronger side
    {"8/8/8/2R5/1K6/8/5k2/8 w - - 0 1", 2, 21},      // KRK
    {"8/8/8/8/4k3/8/8/1R2R1K1 b - - 0 1", -2, -8},   // KRRK
    {"7B/8/8/7B/8/3k4/8/6K1 b - - 0 1", -2, -33},    // KBBK
    {"8/5q2/8/2K5/8/8/k7/1R6 w - - 0 1", -2, -54},   // KQ v KR
    {"8/5K2/3k1r2/8/8/8/2Q5/8 w - - 0 1", 2, 1},     // KQ v KR, the rook falls
    {"q7/k2K4/5B2/8/8/8/8/8 b - - 0 1", 2, 19},      // KQ v KB
    {"1K6/8/8/8/5k2/1Q6/8/5b2 b - - 0 1", -2, -22},  // KQ v KB
    {"2q5/8/8/8/6N1/8/4K3/k7 w - - 0 1", -2, -30},   // KQ v KN
    {"7K/6p1/8/8/k1R5/8/8/8 b - - 0 1", -2, -4},     // KR v KP
    {"8/8/3P1K1p/1k6/8/8/8/8 b - - 0 1", -2, -3},    // KP v KP
    {"8/8/K7/5k2/3R4/8/7b/8 w - - 0 1", 0, 0},       // KR v KB, a draw
    {"K2R4/8/8/8/2n5/8/8/6k1 w - - 0 1", 0, 0},      // KR v KN, a draw
    {"8/3k4/8/8/8/8/4P3/3K4 w - - 0 1", 0, 0},       // KPK, a draw
    {"2K5/8/2P5/8/4k3/8/3r4/8 w - - 0 1", 0, 0},     // KP v KR, a draw
    {"8/8/8/k2Pp3/8/8/8/4K3 w - e6 0 2", 2, 1},      // KP v KP won only by en passant
    {"8/8/8/8/2pP4/2K5/4k3/8 b - d3 0 1", 2, 1},     // en passant wins at once
};

TEST(Syzygy, WdlAndDtzAgreeWithPythonChess) {
  REQUIRE_TABLES();
  auto tables = open_tables();
  ASSERT_TRUE(tables);
  EXPECT_EQ(tables->max_pieces(), 4);
  for (const auto& k : kKnown) {
    const Position pos = pos_of(k.fen);
    const auto wdl = tables->probe_wdl(pos);
    ASSERT_TRUE(wdl.has_value()) << k.fen;
    EXPECT_EQ(static_cast<int>(*wdl), k.wdl) << k.fen;
    const auto root = tables->probe_root(pos);
    ASSERT_TRUE(root.has_value()) << k.fen;
    EXPECT_EQ(root->dtz, k.dtz) << k.fen;
    Position::MoveList legal;
    pos.generate_moves(legal);
    EXPECT_EQ(root->moves.size(), legal.size()) << k.fen;
  }
}

// Each move's DTZ from the root agrees with the table seen from the position after it: a move
// into a won position for the opponent loses, and a zeroing move is scored by that WDL alone.
TEST(Syzygy, RootMovesAgreeWithWdlAfterThem) {
  REQUIRE_TABLES();
  auto tables = open_tables();
  ASSERT_TRUE(tables);
  for (const auto& k : kKnown) {
    Position pos = pos_of(k.fen);
    const auto root = tables->probe_root(pos);
    ASSERT_TRUE(root.has_value());
    int best = 1 << 30;
    for (const auto& m : root->moves) {
      pos.play(m.move);
      const auto after = pos.is_checkmate()          ? std::optional<TbWdl>(TbWdl::loss)
                         : pos.halfmove_clock() == 0 ? tables->probe_wdl(pos)
                                                     : std::nullopt;
      if (after) {
        const int sign = m.dtz > 0 ? 1 : m.dtz < 0 ? -1 : 0;
        EXPECT_EQ(-static_cast<int>(*after) / 2, sign) << k.fen << " " << m.move.raw();
      }
      pos.undo(m.move);
      if (k.wdl > 0 && m.dtz > 0) best = std::min(best, m.dtz);
    }
    if (k.wdl > 0) {
      EXPECT_EQ(best, k.dtz) << k.fen << ": the best win is the root's DTZ";
    }
  }
}

TEST(Syzygy, FiftyMoveCounterMakesCursedAndBlessed) {
  REQUIRE_TABLES();
  auto tables = open_tables();
  ASSERT_TRUE(tables);
  // KBNK lost in 53 plies: with 60 plies already gone the fifty-move rule saves Black.
  const auto fresh = tables->probe_root(pos_of("8/2K5/4B3/3N4/8/8/4k3/8 b - - 0 1"));
  const auto late = tables->probe_root(pos_of("8/2K5/4B3/3N4/8/8/4k3/8 b - - 60 1"));
  ASSERT_TRUE(fresh && late);
  EXPECT_EQ(engine::tb_root_wdl(fresh->dtz, 0, true), TbWdl::loss);
  EXPECT_EQ(engine::tb_root_wdl(late->dtz, 60, true), TbWdl::blessed_loss);
  EXPECT_EQ(engine::tb_root_wdl(late->dtz, 60, false), TbWdl::loss);
  EXPECT_EQ(engine::tb_root_wdl(56, 50, true), TbWdl::cursed_win);
  EXPECT_EQ(engine::tb_root_wdl(50, 50, true), TbWdl::win);  // the 100th ply still converts
  // A safe win ranks above every cursed one, the nearer zeroing move above the farther.
  EXPECT_GT(engine::tb_rank(3, 0, true), engine::tb_rank(5, 0, true));
  EXPECT_GT(engine::tb_rank(90, 10, true), engine::tb_rank(60, 50, true));
  EXPECT_GT(engine::tb_rank(60, 50, true), engine::tb_rank(0, 50, true));
}

TEST(Syzygy, WhatTheTablesDoNotHold) {
  REQUIRE_TABLES();
  auto tables = open_tables();
  ASSERT_TRUE(tables);
  EXPECT_FALSE(tables->probe_wdl(Position()).has_value());  // 32 pieces
  EXPECT_FALSE(tables->probe_wdl(pos_of("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1")).has_value());
  EXPECT_FALSE(tables->probe_root(pos_of("8/8/3k4/8/8/2P5/8/2K1R2r w - - 0 1")).has_value());
  auto none = open_syzygy("/nonexistent/syzygy");
  ASSERT_FALSE(none.ok());
  EXPECT_EQ(none.error(), "no directory '/nonexistent/syzygy'");
  auto empty = open_syzygy(test::project_test_data("qa").string());
  ASSERT_FALSE(empty.ok());
  EXPECT_NE(empty.error().find("no Syzygy tables"), std::string::npos) << empty.error();
}

// The engine keeps only the moves that keep the table's result: in each won position its move
// leaves the opponent lost, and is a move nearest to zeroing; in a drawn one it never loses.
TEST(Syzygy, EngineRootKeepsTheResult) {
  REQUIRE_TABLES();
  auto tables = open_tables();
  ASSERT_TRUE(tables);
  engine::Engine e;
  e.set_tablebase(tables);
  for (const auto& k : kKnown) {
    Position pos = pos_of(k.fen);
    engine::SearchLimits limits;
    limits.depth = 6;
    const auto r = e.search(pos, limits);
    ASSERT_TRUE(r.best) << k.fen;
    EXPECT_EQ(r.tbhits,
              [&] {
                Position::MoveList l;
                pos.generate_moves(l);
                return static_cast<std::uint64_t>(l.size());
              }())
        << k.fen << ": the root probe, and no probes in the search";
    const auto root = tables->probe_root(pos);
    ASSERT_TRUE(root);
    const auto chosen = std::find_if(root->moves.begin(), root->moves.end(),
                                     [&](const engine::TbMove& m) { return m.move == r.best; });
    ASSERT_NE(chosen, root->moves.end());
    if (k.wdl > 0) {
      EXPECT_EQ(chosen->dtz, k.dtz) << k.fen << ": a move nearest to zeroing";
      EXPECT_GE(r.score, engine::kTbWinInMaxPly) << k.fen;
    } else if (k.wdl == 0) {
      EXPECT_EQ(chosen->dtz, 0) << k.fen << ": a drawing move";
      EXPECT_EQ(r.score, 0) << k.fen;
    } else {
      EXPECT_LE(r.score, -engine::kTbWinInMaxPly) << k.fen;
    }
  }
}

// Five pieces: the root is not in the tables, but the search probes after captures, and finds
// the capture into a won four-piece ending (Rxh1; KRP v K).
TEST(Syzygy, SearchProbesAfterCaptures) {
  REQUIRE_TABLES();
  const Position pos = pos_of("8/8/3k4/8/8/2P5/8/2K1R2r w - - 0 1");
  engine::SearchLimits limits;
  limits.depth = 6;
  engine::Engine with;
  with.set_tablebase(open_tables());
  const auto r = with.search(pos, limits);
  EXPECT_GT(r.tbhits, 0u);
  EXPECT_EQ(pos.move_to_string(r.best), "e1h1");
  EXPECT_GE(r.score, engine::kTbWinInMaxPly);
  engine::Engine without;
  EXPECT_EQ(without.search(pos, limits).tbhits, 0u);
}

std::string uci_session(const std::string& input) {
  std::istringstream in(input);
  std::ostringstream out;
  uci::run_uci(in, out);
  return out.str();
}

TEST(Syzygy, UciOptionsAndTbhits) {
  const std::string listed = uci_session("uci\nquit\n");
  for (const char* line : {"option name SyzygyPath type string default <empty>",
                           "option name SyzygyProbeDepth type spin default 1 min 1 max 100",
                           "option name Syzygy50MoveRule type check default true",
                           "option name SyzygyProbeLimit type spin default 7 min 0 max 7"})
    EXPECT_NE(listed.find(line), std::string::npos) << line << "\n" << listed;
  const std::string bad = uci_session("setoption name SyzygyPath value /nonexistent\nquit\n");
  const std::string reason =
      syzygy_built() ? "no directory '/nonexistent'" : syzygy_not_built_message();
  EXPECT_NE(bad.find("info string bad value '/nonexistent' for option SyzygyPath: " + reason),
            std::string::npos)
      << bad;
  REQUIRE_TABLES();
  const std::string out =
      uci_session("setoption name SyzygyPath value " + tables_dir() +
                  "\nposition fen 8/8/3k4/8/8/2P5/8/2K1R2r w - - 0 1\ngo depth 6\n");
  EXPECT_NE(out.find("info string Syzygy: 35 WDL and 35 DTZ tables of up to 4 pieces"),
            std::string::npos)
      << out;
  // The last report counts the probes the search made after captures.
  const auto at = out.rfind(" tbhits ");
  ASSERT_NE(at, std::string::npos) << out;
  const auto hits = parse_int(split_whitespace(out.substr(at + 8, 20))[0]);
  ASSERT_TRUE(hits.has_value());
  EXPECT_GT(*hits, 0) << out;
  EXPECT_NE(out.find("bestmove e1h1"), std::string::npos) << out;
}

int run_cli(const std::vector<std::string>& args, std::string& out, std::string& err) {
  std::istringstream in;
  std::ostringstream o, e;
  const int status = cli::run_main(args, in, o, e);
  out = o.str();
  err = e.str();
  return status;
}

TEST(Syzygy, CliProbe) {
  REQUIRE_TABLES();
  std::string out, err;
  ASSERT_EQ(run_cli({"tb", "probe", tables_dir(), "8/2K5/4B3/3N4/8/8/4k3/8 b - - 0 1"}, out, err),
            0)
      << err;
  EXPECT_NE(out.find("side to move: black\nresult: loss\ndtz: -53\nbest move: Kd3 (e2d3)\n"),
            std::string::npos)
      << out;
  // The FEN as separate fields, with the fifty-move counter late enough to save Black.
  ASSERT_EQ(
      run_cli({"tb", "probe", tables_dir(), "8/2K5/4B3/3N4/8/8/4k3/8", "b", "-", "-", "60", "1"},
              out, err),
      0);
  EXPECT_NE(out.find("result: blessed loss\n"), std::string::npos) << out;
  ASSERT_EQ(run_cli({"tb", "probe", tables_dir(), "8/8/8/2R5/1K6/8/5k2/8 w - - 0 1"}, out, err), 0);
  EXPECT_NE(out.find("result: win\ndtz: 21\n"), std::string::npos) << out;
}

TEST(Syzygy, CliBadInputIsOneLine) {
  REQUIRE_TABLES();
  std::string out, err;
  const std::string krk = "8/8/8/2R5/1K6/8/5k2/8 w - - 0 1";
  struct Case {
    std::vector<std::string> args;
    int status;
    std::string message;
  };
  const Case cases[] = {
      {{"tb", "probe", "/nonexistent", krk}, 1, "no directory '/nonexistent'"},
      {{"tb", "probe", tables_dir(), "8/8/8/8 w"}, 2, "FEN"},
      {{"tb", "probe", tables_dir(), "startpos"}, 1, "32 pieces"},
      {{"tb", "probe", tables_dir(), "8/8/3k4/8/8/2P5/8/2K1R2r w - - 0 1"}, 1, "5 pieces"},
      {{"tb", "probe", tables_dir(), "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"}, 1, "castling"},
      {{"tb", "probe", tables_dir()}, 2, "FEN"},
  };
  for (const auto& c : cases) {
    EXPECT_EQ(run_cli(c.args, out, err), c.status) << join(c.args, " ") << "\n" << err;
    EXPECT_TRUE(out.empty()) << out;
    EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
    EXPECT_NE(err.find(c.message), std::string::npos) << err;
  }
}

}  // namespace
}  // namespace minimax::chess
