// minimax's own tables as the engine's tablebase (machines/chess/own_tablebase.hpp): what the
// engine probes when no Syzygy path is set. The tables are built for the test in a fresh folder
// (KQK and KRK take a fraction of a second).
#include "machines/chess/own_tablebase.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <sstream>
#include <string>

#include "machines/chess/endgame/tables.hpp"
#include "machines/chess/engine/engine.hpp"
#include "uci/uci.hpp"

namespace minimax::chess {
namespace {

namespace fs = std::filesystem;

class OwnTablebase : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new fs::path(fs::temp_directory_path() /
                        ("minimax_own_tablebase_" + std::to_string(::getpid())));
    endgame::Tables build(dir_->string());
    for (const char* e : {"KQK", "KRK"}) ASSERT_TRUE(build.ensure(e));
  }
  static void TearDownTestSuite() {
    std::error_code ec;
    fs::remove_all(*dir_, ec);
    delete dir_;
  }
  static Position at(const std::string& fen) { return *Position::from_fen(fen); }
  static fs::path* dir_;
};
fs::path* OwnTablebase::dir_ = nullptr;

TEST_F(OwnTablebase, OpensWhatTheCacheHolds) {
  auto tables = open_own_tables(dir_->string());
  ASSERT_TRUE(tables) << tables.error();
  EXPECT_EQ((*tables)->description(),
            "minimax tables: 2 endings of up to 3 pieces in " + dir_->string());
  EXPECT_EQ((*tables)->max_pieces(), 3);
  EXPECT_EQ((*tables)->probe_wdl(at("8/8/8/4k3/8/8/8/R3K3 w - - 0 1")), engine::TbWdl::win);
  EXPECT_EQ((*tables)->probe_wdl(at("8/8/8/4k3/8/8/8/R3K3 b - - 0 1")), engine::TbWdl::loss);
  // The rook hangs: Black to move takes it.
  EXPECT_EQ((*tables)->probe_wdl(at("8/8/8/8/8/3k4/4R3/7K b - - 0 1")), engine::TbWdl::draw);
  EXPECT_FALSE((*tables)->probe_wdl(at("8/8/8/4k3/8/8/8/1B2K3 w - - 0 1")))
      << "KBK was not built: not held";

  auto empty = open_own_tables((*dir_ / "nothing-here").string());
  ASSERT_FALSE(empty);
  EXPECT_EQ(empty.error(), "no tables folder '" + (*dir_ / "nothing-here").string() + "'");
  fs::create_directories(*dir_ / "empty");
  empty = open_own_tables((*dir_ / "empty").string());
  ASSERT_FALSE(empty);
  EXPECT_NE(empty.error().find("minimax tables build"), std::string::npos) << empty.error();
}

// The root's moves: the distance to mate of each, from the root's side, agreeing with the
// tables' own choice of best moves.
TEST_F(OwnTablebase, RootMovesAreDistancesToMate) {
  auto tables = open_own_tables(dir_->string());
  ASSERT_TRUE(tables);
  endgame::Tables reference(dir_->string());
  ASSERT_TRUE(reference.ensure("KRK"));
  const Position pos = at("8/8/8/4k3/8/8/8/R3K3 w - - 0 1");
  const auto root = (*tables)->probe_root(pos);
  ASSERT_TRUE(root);
  const auto here = reference.probe(pos);
  ASSERT_TRUE(here);
  EXPECT_EQ(root->dtz, here->dtm);
  int best = 1000;
  for (const auto& m : root->moves)
    if (m.dtz > 0) best = std::min(best, m.dtz);
  EXPECT_EQ(best, here->dtm) << "the quickest mate is the root's distance";
  for (const Move m : reference.best_moves(pos)) {
    const auto it = std::find_if(root->moves.begin(), root->moves.end(),
                                 [&](const engine::TbMove& t) { return t.move == m; });
    ASSERT_NE(it, root->moves.end());
    EXPECT_EQ(it->dtz, best);
  }
}

// The engine with only its own tables mates from a KRK position in exactly the table's distance
// against the table's best defence; every move it plays keeps the win.
TEST_F(OwnTablebase, TheEngineMatesInTheTablesDistance) {
  auto tables = open_own_tables(dir_->string());
  ASSERT_TRUE(tables);
  endgame::Tables reference(dir_->string());
  ASSERT_TRUE(reference.ensure("KRK"));
  engine::Engine e;
  e.set_fallback_tablebase([t = *tables] { return t; });
  Position pos = at("8/8/8/4k3/8/8/8/R3K3 w - - 0 1");
  const int dtm = reference.probe(pos)->dtm;
  int plies = 0;
  for (; plies < 100; ++plies) {
    Position::MoveList list;
    pos.generate_moves(list);
    if (list.size() == 0) break;
    Move m;
    if (pos.side() == white) {
      engine::SearchLimits limits;
      limits.depth = 3;
      const auto r = e.search(pos, limits);
      EXPECT_GT(r.tbhits, 0u);
      m = r.best;
    } else {
      m = *reference.best_move(pos);
    }
    pos.play(m);
    if (pos.side() == black) {
      const auto after = reference.probe(pos);
      ASSERT_TRUE(after);
      EXPECT_EQ(after->wdl, Outcome::loss) << "a move that lets the win go: " << pos.fen();
    }
  }
  EXPECT_TRUE(pos.in_check()) << pos.fen();
  EXPECT_EQ(plies, dtm) << "mated in " << plies << " plies; the table says " << dtm;
}

// Through UCI: TablesPath, the info string, tbhits; a bad folder is one line.
TEST_F(OwnTablebase, UciTablesPath) {
  auto session = [](const std::string& input) {
    std::istringstream in(input);
    std::ostringstream out;
    uci::run_uci(in, out);
    return out.str();
  };
  const std::string out = session("setoption name TablesPath value " + dir_->string() +
                                  "\nposition fen 8/8/8/4k3/8/8/8/R3K3 w - - 0 1\ngo depth 4\n");
  EXPECT_NE(out.find("info string minimax tables: 2 endings of up to 3 pieces in "),
            std::string::npos)
      << out;
  EXPECT_NE(out.find(" tbhits "), std::string::npos) << out;
  EXPECT_EQ(out.find(" tbhits 0 "), std::string::npos) << out;
  const std::string bad = session("setoption name TablesPath value /nonexistent\nquit\n");
  EXPECT_NE(bad.find("info string bad value '/nonexistent' for option TablesPath: no tables folder "
                     "'/nonexistent'"),
            std::string::npos)
      << bad;
  const std::string none = session("uci\nquit\n");
  EXPECT_NE(none.find("option name TablesPath type string default <default>"), std::string::npos);
}

}  // namespace
}  // namespace minimax::chess
