// check-deep: the whole matetrack #1-#5 set (297 positions) proved at its stated length, proved to
// have no shorter mate, with exactly the keys Popeye finds; the composed collections run in make
// test.
#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <iostream>
#include <set>

#include "../machines/chess/mate/problem_data.hpp"
#include "../test_paths.hpp"

namespace minimax::test::mate {
namespace {

TEST(MateDeep, MatetrackOneToFiveAllProvedWithPopeyesKeys) {
  const auto dir = shared_data_dir();
  if (dir.empty()) GTEST_SKIP() << "../shared/data absent";
  const auto cases = read_matetrack_popeye(dir / "mates" / "matetrack_short_popeye.jsonl");
  ASSERT_EQ(cases.size(), 297u);

  // The JSON lines are exactly matetrack.epd's bm #1..#5 positions.
  std::set<std::string> epd;
  std::ifstream in(dir / "matetrack" / "matetrack.epd");
  std::string line;
  while (std::getline(in, line)) {
    const auto bm = line.find(" bm #");
    if (bm == std::string::npos) continue;
    const int n = std::atoi(line.c_str() + bm + 5);
    if (n >= 1 && n <= 5) epd.insert(line.substr(0, bm));
  }
  EXPECT_EQ(epd.size(), 297u);

  SolveOptions o;
  o.tt_log2 = 20;
  o.variation_depth = 1;
  int by_n[6] = {}, ok_n[6] = {};
  double secs_n[6] = {};
  for (const MatetrackCase& c : cases) {
    EXPECT_TRUE(epd.count(c.fen)) << c.fen;
    ProblemCase pc{"matetrack", c.fen, "#" + std::to_string(c.n), c.keys};
    ProblemResult r;
    const auto got = solve_normalised(pc, o, &r);
    const bool ok = r.complete && got == c.keys && r.shortest == c.n;
    EXPECT_TRUE(ok) << c.fen << " #" << c.n << " shortest " << r.shortest;
    ++by_n[c.n];
    ok_n[c.n] += ok;
    secs_n[c.n] += r.seconds;
  }
  for (int n = 1; n <= 5; ++n)
    std::cout << "  matetrack #" << n << ": " << ok_n[n] << "/" << by_n[n]
              << " proved with Popeye's keys and no shorter mate, " << secs_n[n] << " s\n";
}

// The composed selfmates' s#4 and s#5 with the key their source prints (bench/data/selfmates.txt;
// make test checks the s#2 and s#3): that key and no other, the whole proof, on two threads.
TEST(MateDeep, ComposedLongerSelfmatesHaveTheirPrintedKeys) {
  int checked = 0;
  for (const ComposedSelfmate& c : read_composed_selfmates()) {
    if (c.n < 4 || c.printed_key.empty()) continue;
    SolveOptions o;
    o.tt_log2 = 22;
    o.variation_depth = 1;
    o.threads = 2;
    double seconds = 0;
    const std::string key = solved_selfmate_key(c, o, &seconds);
    EXPECT_EQ(key, c.printed_key) << c.source;
    std::cout << "  s#" << c.n << " " << key << " " << seconds << " s  (" << c.source << ")\n";
    ++checked;
  }
  EXPECT_GE(checked, 50);  // 52 of the 57 s#4 and s#5 print their key
}

}  // namespace
}  // namespace minimax::test::mate
