// check-deep: minimax's own chess tables, every one of them on every position: win, draw or loss
// against Syzygy (libfathom), the distances to mate move by move, and the longest mates and
// conversions against the published maxima. Builds into a fresh folder (about a minute for all).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <iostream>
#include <map>

#include "../machines/chess/endgame/dtm_check.hpp"
#include "machines/chess/endgame/tables.hpp"
#ifdef MINIMAX_TEST_FATHOM
#include "../machines/chess/endgame/syzygy_compare.hpp"
#endif

namespace minimax::chess::endgame {
namespace {

namespace fs = std::filesystem;

class ChessTablesDeep : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new fs::path(fs::temp_directory_path() /
                        ("minimax_chess_tables_deep_" + std::to_string(::getpid())));
    tables_ = new Tables(dir_->string());
    for (const auto& e : standard_endings()) {
      auto r = tables_->ensure(e);
      ASSERT_TRUE(r) << r.error();
      for (const auto& t : *r) names_->push_back(t.name);
    }
  }
  static void TearDownTestSuite() {
    delete tables_;
    std::error_code ec;
    fs::remove_all(*dir_, ec);
    delete dir_;
  }
  static fs::path* dir_;
  static Tables* tables_;
  static std::vector<std::string>* names_;
};
fs::path* ChessTablesDeep::dir_ = nullptr;
Tables* ChessTablesDeep::tables_ = nullptr;
std::vector<std::string>* ChessTablesDeep::names_ = new std::vector<std::string>;

TEST_F(ChessTablesDeep, EveryTableHoldsMoveByMove) {
  ASSERT_EQ(names_->size(), 22u);  // the 11 asked for and the 11 KPKP's promotions lead to
  for (const auto& e : *names_) {
    const auto c = test::chess_tables::check_distances(*tables_, e);
    std::cout << e << ": distances hold on " << c.consistent << " of " << c.checked << '\n';
    EXPECT_EQ(c.consistent, c.checked) << e << ": " << c.first_fault;
  }
}

#ifdef MINIMAX_TEST_FATHOM
TEST_F(ChessTablesDeep, EveryTableAgreesWithSyzygyOnEveryPosition) {
  if (!test::chess_tables::syzygy_ready()) GTEST_SKIP() << "../shared/data/syzygy absent";
  for (const auto& e : *names_) {
    const auto a = test::chess_tables::compare_with_syzygy(*tables_, e);
    std::cout << e << ": " << a.agree << " of " << a.compared << " agree with Syzygy (cursed wins "
              << a.cursed_wins << ", blessed losses " << a.blessed_losses << ")\n";
    EXPECT_EQ(a.failed, 0u) << e;
    EXPECT_EQ(a.agree, a.compared) << e << ": " << (a.mismatches.empty() ? "" : a.mismatches[0]);
    EXPECT_EQ(a.compared, tables_->report(e)->positions) << e;
  }
}
#endif

// The longest wins in moves (a win in p plies is mate on move (p + 1) / 2). DTM: Thompson's and
// Nalimov's tables as listed by Karrer (maxDTM statistics) and on the Kryukov endgame forum
// (KQK 10, KRK 16, KPK 28 with White to move), Conrady (2000: KRKP the longest 4-man mate, 85
// plies). DTC (to the capture or promotion that converts): Thompson (1986): KQKR 31, KRKB 18,
// KRKN 27.
TEST_F(ChessTablesDeep, LongestMatesAreThePublishedMaxima) {
  const std::map<std::string, int> dtm_moves = {{"KQK", 10},  {"KRK", 16},  {"KPK", 28},
                                                {"KBNK", 33}, {"KBBK", 19}, {"KQKR", 35},
                                                {"KRKB", 29}, {"KRKN", 40}, {"KRKP", 43}};
  for (const auto& [e, moves] : dtm_moves) {
    const auto r = tables_->report(e);
    ASSERT_TRUE(r) << e;
    EXPECT_EQ((r->longest + 1) / 2, moves) << e << ' ' << r->longest_fen;
  }
  EXPECT_EQ(tables_->report("KRKP")->longest, 85);
  EXPECT_EQ(tables_->report("KBK")->longest, -1);
  EXPECT_EQ(tables_->report("KNK")->longest, -1);
  for (const auto& [e, moves] :
       std::map<std::string, int>{{"KQKR", 31}, {"KRKB", 18}, {"KRKN", 27}}) {
    const auto plies = tables_->longest_conversion(e);
    ASSERT_TRUE(plies) << plies.error();
    EXPECT_EQ((*plies + 1) / 2, moves) << e;
  }
}

}  // namespace
}  // namespace minimax::chess::endgame
