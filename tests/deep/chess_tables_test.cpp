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

#ifdef MINIMAX_TEST_FATHOM
// Syzygy's root moves against minimax's tables: in sampled won positions of every ending (every
// 61st index, about 370,000 won positions in all), every move Fathom's root probe ranks
// DTZ-optimal (a win with the least distance to zeroing, fifty-move counter 0) leads to a position
// minimax's own table calls lost for the opponent.
TEST_F(ChessTablesDeep, SyzygysDtzOptimalRootMovesKeepTheTablesWin) {
  if (!test::chess_tables::syzygy_ready()) GTEST_SKIP() << "../shared/data/syzygy absent";
  std::uint64_t won = 0, moves = 0, kept = 0;
  std::string first_fault;
  for (const auto& e : *names_) {
    const auto material = Material::parse(e)->canonical();
    const TableIndex index(material);
    std::uint64_t won_here = 0;
    for (std::uint64_t i = 0; i < index.size(); i += 61) {
      Men m;
      if (!index.decode(i, m)) continue;
      const auto ours = tables_->probe(m);
      if (!ours || ours->wdl != Outcome::win) continue;
      Position pos = *Position::from_fen(m.fen());
      std::uint64_t by_color[2] = {0, 0}, by_type[7] = {};
      for (int k = 0; k < m.count; ++k) {
        by_color[color_of(m.man[k].piece)] |= bb(m.man[k].square);
        by_type[type_of(m.man[k].piece)] |= bb(m.man[k].square);
      }
      unsigned results[TB_MAX_MOVES];
      const unsigned root = tb_probe_root(
          by_color[white], by_color[black], by_type[king], by_type[queen], by_type[rook],
          by_type[bishop], by_type[knight], by_type[pawn], 0, 0,
          m.ep == no_square ? 0u : static_cast<unsigned>(m.ep), m.side == white, results);
      ASSERT_NE(root, TB_RESULT_FAILED) << m.fen();
      if (TB_GET_WDL(root) != TB_WIN) continue;  // a cursed win: the table wins, Syzygy draws
      ++won;
      ++won_here;
      unsigned best = ~0u;
      for (int k = 0; results[k] != TB_RESULT_FAILED; ++k)
        if (TB_GET_WDL(results[k]) == TB_WIN) best = std::min(best, TB_GET_DTZ(results[k]));
      for (int k = 0; results[k] != TB_RESULT_FAILED; ++k) {
        if (TB_GET_WDL(results[k]) != TB_WIN || TB_GET_DTZ(results[k]) != best) continue;
        std::string uci = square_name(Square(TB_GET_FROM(results[k]))) +
                          square_name(Square(TB_GET_TO(results[k])));
        if (const unsigned p = TB_GET_PROMOTES(results[k])) uci += " qrbn"[p];
        const auto mv = pos.parse_uci(uci);
        ASSERT_TRUE(mv) << m.fen() << " " << uci;
        ++moves;
        pos.play(*mv);
        const auto after = tables_->probe(pos);
        pos.undo(*mv);
        if (after && after->wdl == Outcome::loss)
          ++kept;
        else if (first_fault.empty())
          first_fault = m.fen() + " " + uci;
      }
    }
    std::cout << e << ": " << won_here << " won positions sampled\n";
  }
  std::cout << "Syzygy's DTZ-optimal root moves in " << won << " won positions: " << kept << " of "
            << moves << " keep minimax's table's win\n";
  EXPECT_GE(won, 10000u);
  EXPECT_EQ(kept, moves) << first_fault;
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
