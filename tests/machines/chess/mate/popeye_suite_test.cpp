// Popeye's own regression problems (../shared/data/popeye, *.inp with the expected *.tst): every
// orthodox #N, s#N and h#N problem, with Popeye's key set (or solution lines) as the reference.
#include <gtest/gtest.h>

#include <iostream>

#include "../../../test_paths.hpp"
#include "problem_data.hpp"

namespace minimax::test::mate {
namespace {

TEST(MatePopeye, OrthodoxProblemsMatchPopeye) {
  const auto dir = shared_data_dir();
  if (dir.empty()) GTEST_SKIP() << "../shared/data absent";
  SolveOptions o;
  o.tt_log2 = 16;
  o.variation_depth = 1;
  int solved = 0, total = 0, skipped = 0;
  for (const char* name : {"battle_play", "goal_is_end", "help_play", "intell", "series_play"}) {
    const PopeyeRead read = read_popeye(dir / "popeye" / (std::string(name) + ".inp"));
    skipped += static_cast<int>(read.skipped.size());
    for (const std::string& s : read.skipped) std::cout << "  skipped " << s << "\n";
    for (const ProblemCase& c : read.cases) {
      ++total;
      auto pos = Position::from_fen(c.fen);
      if (c.expect_illegal) {
        EXPECT_FALSE(pos) << c.source << " " << c.fen;
        solved += !pos;
        continue;
      }
      ASSERT_TRUE(pos) << c.source << " " << c.fen << ": " << pos.error();
      const auto got = solve_normalised(c, o);
      EXPECT_EQ(got, c.expected) << c.source << " " << c.fen << " " << c.stipulation;
      solved += got == c.expected;
    }
  }
  std::cout << "  Popeye orthodox problems: " << solved << " of " << total << " agree; " << skipped
            << " skipped\n";
  EXPECT_EQ(solved, total);
  EXPECT_GE(total, 20);
}

}  // namespace
}  // namespace minimax::test::mate
