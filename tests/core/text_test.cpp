#include "core/text.hpp"

#include <gtest/gtest.h>

#include "core/rng.hpp"

namespace minimax {

TEST(Text, SplitWhitespaceDropsEmptyTokens) {
  auto t = split_whitespace("  go  wtime 100\tbtime\n5 ");
  ASSERT_EQ(t.size(), 5u);
  EXPECT_EQ(t[0], "go");
  EXPECT_EQ(t[4], "5");
}

TEST(Text, ParseIntRejectsJunkAndNamesIt) {
  EXPECT_EQ(parse_int("42"), 42);
  EXPECT_EQ(parse_int("-7"), -7);
  EXPECT_FALSE(parse_int("4x"));
  EXPECT_FALSE(parse_int(""));
  auto e = parse_int("abc", "depth", 1, 10);
  ASSERT_FALSE(e.ok());
  EXPECT_NE(e.error().find("'abc'"), std::string::npos);
  auto r = parse_int("11", "depth", 1, 10);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("out of range"), std::string::npos);
}

TEST(Text, CaseInsensitiveCompare) {
  EXPECT_TRUE(iequals("Clear Hash", "clear hash"));
  EXPECT_FALSE(iequals("Hash", "Hash2"));
}

TEST(Rng, SameSeedSameSequenceAndBelowInRange) {
  Rng a(7), b(7);
  for (int i = 0; i < 100; ++i) EXPECT_EQ(a.next(), b.next());
  for (int i = 0; i < 1000; ++i) EXPECT_LT(a.below(6), 6u);
}

}  // namespace minimax
