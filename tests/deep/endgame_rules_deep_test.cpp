// The end-game rule programs over every legal position of their ending, against Syzygy
// (docs/endgame-rules.md; about a minute each): KRK is exact, KPK's figures are pinned from below.
#include <gtest/gtest.h>

#include <filesystem>

#include "../test_paths.hpp"
#include "machines/chess/endgame_rules/check.hpp"
#include "machines/chess/syzygy.hpp"

namespace minimax {
namespace {

std::string syzygy_dir() {
  const auto d = test::shared_data_dir();
  return d.empty() ? std::string() : (d / "syzygy").string();
}

TEST(EndgameRulesDeep, KrkMatesFromEveryPosition) {
  if (!chess::syzygy_built()) GTEST_SKIP() << "built without libfathom";
  const std::string dir = syzygy_dir();
  if (dir.empty() || !std::filesystem::exists(dir + "/KRvK.rtbw")) GTEST_SKIP() << "no KRvK table";
  auto r = chess::endgame::check_ending("krk", dir);
  ASSERT_TRUE(static_cast<bool>(r)) << r.error();
  EXPECT_EQ(r->positions, 399112u);  // both sides to move
  EXPECT_EQ(r->won, 376868u);
  EXPECT_EQ(r->won_against_tb, r->won);
  EXPECT_EQ(r->won_against_all, r->won);
  EXPECT_EQ(r->drawn_held, r->drawn);
  EXPECT_EQ(r->optimum_longest, 16);  // the published longest KRK mate
  EXPECT_LE(r->longest, 50);          // within the fifty-move rule against perfect defence
}

TEST(EndgameRulesDeep, KpkEveryPosition) {
  if (!chess::syzygy_built()) GTEST_SKIP() << "built without libfathom";
  const std::string dir = syzygy_dir();
  if (dir.empty() || !std::filesystem::exists(dir + "/KPvK.rtbw")) GTEST_SKIP() << "no KPvK table";
  auto r = chess::endgame::check_ending("kpk", dir);
  ASSERT_TRUE(static_cast<bool>(r)) << r.error();
  EXPECT_EQ(r->positions, 331352u);
  EXPECT_EQ(r->won, 222564u);
  EXPECT_EQ(r->drawn, 108788u);
  // Exact by rule alone (no look-ahead): every won position won against any defence, every drawn
  // one held by the lone king.
  EXPECT_EQ(r->won_against_tb, r->won);
  EXPECT_EQ(r->won_against_all, r->won);
  EXPECT_EQ(r->drawn_held, r->drawn);
}

}  // namespace
}  // namespace minimax
