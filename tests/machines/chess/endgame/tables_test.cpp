// minimax's own chess endgame tables (machines/chess/endgame): the 3-man tables against Syzygy
// on every position, their longest mates against the published maxima, play along the best moves,
// the cache's damaged files. The 4-man tables are built and checked whole by check-deep
// (tests/deep/chess_tables_test.cpp); here one, KRKN, against a sample.
#include "machines/chess/endgame/tables.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>

#include "dtm_check.hpp"
#include "games/chess/position.hpp"
#ifdef MINIMAX_TEST_FATHOM
#include "syzygy_compare.hpp"
#endif

namespace minimax::chess::endgame {
namespace {

namespace fs = std::filesystem;

// One folder of tables for the whole file: the 3-man tables take well under a second.
class ChessTables : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new fs::path(fs::temp_directory_path() /
                        ("minimax_chess_tables_" + std::to_string(::getpid())));
    tables_ = new Tables(dir_->string());
    for (const char* e : {"KQK", "KRK", "KBK", "KNK", "KPK"}) ASSERT_TRUE(tables_->ensure(e));
  }
  static void TearDownTestSuite() {
    delete tables_;
    std::error_code ec;
    fs::remove_all(*dir_, ec);
    delete dir_;
  }
  static Position at(const std::string& fen) { return *Position::from_fen(fen); }
  static fs::path* dir_;
  static Tables* tables_;
};
fs::path* ChessTables::dir_ = nullptr;
Tables* ChessTables::tables_ = nullptr;

TEST(ChessTablesMaterial, NamesAreCanonicalAndSubEndingsComplete) {
  EXPECT_EQ(Material::parse("krkq")->canonical().name(), "KQKR");
  EXPECT_EQ(Material::parse("KKP")->canonical().name(), "KPK");
  EXPECT_EQ(Material::parse("KPKP")->canonical().name(), "KPKP");
  EXPECT_FALSE(Material::parse("KQ"));
  EXPECT_FALSE(Material::parse("KQXK"));
  EXPECT_FALSE(Material::parse("KQRKR"));
  std::vector<std::string> subs;
  for (const auto& m : Material::parse("KPKP")->sub_endings()) subs.push_back(m.name());
  EXPECT_EQ(subs, (std::vector<std::string>{"KPK", "KQKP", "KRKP", "KBKP", "KNKP"}));
  subs.clear();
  for (const auto& m : Material::parse("KQKR")->sub_endings()) subs.push_back(m.name());
  EXPECT_EQ(subs, (std::vector<std::string>{"KRK", "KQK"}));
}

TEST(ChessTablesIndex, EveryLegalIndexDecodesAndEncodesBack) {
  for (const char* e : {"KQK", "KPK", "KBBK", "KPKP"}) {
    const TableIndex index(*Material::parse(e));
    std::uint64_t valid = 0;
    // A sample across the index (the whole of KPKP is 9.6 million).
    const std::uint64_t step = index.size() > 1'000'000 ? 97 : 1;
    for (std::uint64_t i = 0; i < index.size(); i += step) {
      Men m;
      if (!index.decode(i, m)) continue;
      ++valid;
      ASSERT_EQ(index.encode(m), i) << e << ' ' << m.fen();
      ASSERT_FALSE(m.opponent_in_check()) << m.fen();
    }
    EXPECT_GT(valid, 0u) << e;
  }
}

TEST_F(ChessTables, ThreeManDistancesHoldMoveByMove) {
  for (const char* e : {"KQK", "KRK", "KBK", "KNK", "KPK"}) {
    const auto c = test::chess_tables::check_distances(*tables_, e);
    EXPECT_EQ(c.consistent, c.checked) << e << ": " << c.first_fault;
    EXPECT_EQ(c.checked, tables_->report(e)->positions) << e;
  }
}

#ifdef MINIMAX_TEST_FATHOM
TEST_F(ChessTables, ThreeManTablesAgreeWithSyzygyOnEveryPosition) {
  if (!test::chess_tables::syzygy_ready()) GTEST_SKIP() << "../shared/data/syzygy absent";
  for (const char* e : {"KQK", "KRK", "KBK", "KNK", "KPK"}) {
    const auto a = test::chess_tables::compare_with_syzygy(*tables_, e);
    const auto r = tables_->report(e);
    EXPECT_EQ(a.compared, r->positions) << e;
    EXPECT_EQ(a.failed, 0u) << e;
    EXPECT_EQ(a.agree, a.compared) << e << ": " << (a.mismatches.empty() ? "" : a.mismatches[0]);
  }
}
#endif

// Kryukov endgame forum (Karrer's and Guido's counts from Nalimov's tables): KQK 10 moves (only
// Ka1 Qb2 kf5), KRK 16 (Ka1 Rb2 kc3 among 121), KPK 28 to mate, the promotion on the way (Ka2 Pg2
// kb5 among three).
TEST_F(ChessTables, LongestThreeManMatesAreThePublishedOnes) {
  EXPECT_EQ(tables_->report("KQK")->longest, 19);
  EXPECT_EQ(tables_->report("KQK")->longest_fen, "8/8/8/5k2/8/8/1Q6/K7 w - - 0 1");
  EXPECT_EQ(tables_->report("KRK")->longest, 31);
  EXPECT_EQ(tables_->report("KPK")->longest, 55);
  EXPECT_EQ(tables_->report("KBK")->longest, -1);
  EXPECT_EQ(tables_->report("KNK")->longest, -1);
  const auto kpk = tables_->probe(at("8/8/8/1k6/8/8/K5P1/8 w - - 0 1"));
  ASSERT_TRUE(kpk);
  EXPECT_EQ(kpk->wdl, Outcome::win);
  EXPECT_EQ(kpk->dtm, 55);
  // The same position with the colours exchanged is read from the same table.
  const auto flipped = tables_->probe(at("8/k5p1/8/8/1K6/8/8/8 b - - 0 1"));
  ASSERT_TRUE(flipped);
  EXPECT_EQ(flipped->wdl, Outcome::win);
  EXPECT_EQ(flipped->dtm, 55);
}

TEST_F(ChessTables, BestMovesMateInExactlyTheDistance) {
  for (const std::string fen : {"8/8/8/5k2/8/8/1Q6/K7 w - - 0 1", "8/8/8/8/8/2k5/1R6/K7 w - - 0 1",
                                "8/8/8/1k6/8/8/K5P1/8 w - - 0 1"}) {
    Position p = at(fen);
    const int dtm = tables_->probe(p)->dtm;
    int plies = 0;
    while (!p.is_checkmate() && plies < 200) {
      const auto m = tables_->best_move(p);
      ASSERT_TRUE(m) << p.fen();
      // Each best move keeps the distance one ply shorter.
      const int before = tables_->probe(p)->dtm;
      p.play(*m);
      ++plies;
      ASSERT_EQ(tables_->probe(p)->dtm, before - 1) << p.fen();
    }
    EXPECT_TRUE(p.is_checkmate()) << fen;
    EXPECT_EQ(plies, dtm) << fen;
  }
  // Drawn: KBK; lost: the longest defence. No table for five men or castling rights.
  EXPECT_EQ(tables_->probe(at("8/8/8/4k3/8/8/8/KB6 w - - 0 1"))->wdl, Outcome::draw);
  EXPECT_EQ(tables_->probe(at("8/8/8/4k3/8/8/1Q6/K7 b - - 0 1"))->wdl, Outcome::loss);
  EXPECT_FALSE(tables_->probe(at("8/8/8/4k3/8/8/PPP5/K7 w - - 0 1")));
  EXPECT_FALSE(tables_->probe(at("4k3/8/8/8/8/8/8/4K2R w K - 0 1")));
}

TEST_F(ChessTables, ADamagedCacheFileIsFoundAndBuiltAgain) {
  const fs::path file = *dir_ / "KQK.mmtb";
  ASSERT_TRUE(fs::exists(file));
  const auto size = fs::file_size(file);
  for (int damage = 0; damage < 2; ++damage) {
    if (damage == 0) {
      fs::resize_file(file, size - 100);  // truncated
    } else {
      std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
      f.seekp(5000);
      f.put('\x7f');  // one byte changed
    }
    Tables fresh(dir_->string());
    std::vector<std::string> lines;
    ASSERT_TRUE(fresh.ensure("KQK", [&](const std::string& l) { lines.push_back(l); }));
    ASSERT_FALSE(lines.empty());
    EXPECT_NE(lines[0].find("is damaged ("), std::string::npos) << lines[0];
    EXPECT_NE(lines[0].find(damage == 0 ? "bytes" : "checksum"), std::string::npos) << lines[0];
    EXPECT_EQ(fs::file_size(file), size);
    EXPECT_EQ(fresh.report("KQK")->longest, 19);
    EXPECT_TRUE(fresh.report("KQK")->built);
  }
  Tables again(dir_->string());
  std::vector<std::string> lines;
  ASSERT_TRUE(again.ensure("KQK", [&](const std::string& l) { lines.push_back(l); }));
  EXPECT_TRUE(lines.empty());
  EXPECT_FALSE(again.report("KQK")->built);  // read from the cache
}

#ifdef MINIMAX_TEST_FATHOM
// One 4-man table in make test (about two seconds to build): KRKN against Syzygy on a sample,
// and its longest mate (40 moves; 27 to conversion, Thompson 1986) checked in check-deep.
TEST_F(ChessTables, KrknAgreesWithSyzygyOnASample) {
  if (!test::chess_tables::syzygy_ready()) GTEST_SKIP() << "../shared/data/syzygy absent";
  ASSERT_TRUE(tables_->ensure("KRKN"));
  const auto a = test::chess_tables::compare_with_syzygy(*tables_, "KRKN", 487);
  EXPECT_GT(a.compared, 5000u);
  EXPECT_EQ(a.failed, 0u);
  EXPECT_EQ(a.agree, a.compared) << (a.mismatches.empty() ? "" : a.mismatches[0]);
  const auto c = test::chess_tables::check_distances(*tables_, "KRKN", 487);
  EXPECT_EQ(c.consistent, c.checked) << c.first_fault;
  EXPECT_EQ(tables_->report("KRKN")->longest, 79);
}
#endif

}  // namespace
}  // namespace minimax::chess::endgame
