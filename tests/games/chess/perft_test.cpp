// Exact perft: the legal move tree counted to a depth equals the published counts.
// Built-in table: the chessprogramming wiki's six standard positions (CPW "Perft Results"), so a
// clone without ../shared still checks them; the files in ../shared/data to the depths issue 2
// asks.
#include "games/chess/perft.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

#include "../../test_paths.hpp"
#include "games/chess/position.hpp"

namespace minimax::chess {
namespace {

struct PerftCase {
  const char* name;
  const char* fen;
  std::vector<std::uint64_t> counts;  // D1, D2, ...
};

// Counts published on the chessprogramming wiki "Perft Results" page.
const std::vector<PerftCase> kCpw = {
    {"initial",
     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     {20, 400, 8902, 197281, 4865609}},
    {"kiwipete",
     "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
     {48, 2039, 97862, 4085603, 193690690}},
    {"pos3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", {14, 191, 2812, 43238, 674624, 11030083}},
    {"pos4",
     "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
     {6, 264, 9467, 422333, 15833292}},
    {"pos4 mirrored",
     "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
     {6, 264, 9467, 422333, 15833292}},
    {"pos5",
     "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
     {44, 1486, 62379, 2103487}},
    {"pos6",
     "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
     {46, 2079, 89890, 3894594}},
    // Chess960 (Stockfish tests/perft.sh and Ethereal's fischer.epd).
    {"960 HFhf",
     "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
     {21, 528, 12189, 326672}},
    {"960 E",
     "rr6/2kpp3/1ppnb1p1/p4q1p/P4P1P/1PNN2P1/2PP2Q1/1K2RR2 w E - 1 19",
     {0, 0, 0, 2098209}},
};

TEST(Perft, BuiltInTable) {
  // With ../shared the file tests below go deeper; without it this table goes to D5.
  const int max_depth = test::shared_data_dir().empty() ? 5 : 4;
  for (const auto& c : kCpw) {
    auto pos = Position::from_fen(c.fen, std::string_view(c.name).substr(0, 3) == "960");
    ASSERT_TRUE(pos.ok()) << c.name << ": " << pos.error();
    for (int d = 1; d <= static_cast<int>(c.counts.size()) && d <= max_depth; ++d) {
      if (c.counts[d - 1] == 0) continue;
      EXPECT_EQ(pos->perft(d), c.counts[d - 1]) << c.name << " D" << d;
    }
    EXPECT_EQ(pos->fen(), Position::from_fen(c.fen, pos->chess960())->fen());
  }
}

// The game's own generator with play()/undo() (what search uses) against the same counts: perft's
// fast counter (perft_counter.cpp) is separate code, so both are checked against the tables.
TEST(Perft, GameGeneratorWithPlayAndUndo) {
  for (const auto& c : kCpw) {
    auto pos = Position::from_fen(c.fen, std::string_view(c.name).substr(0, 3) == "960");
    ASSERT_TRUE(pos.ok()) << c.name;
    for (int d = 1; d <= static_cast<int>(c.counts.size()) && d <= 4; ++d) {
      if (c.counts[d - 1] == 0) continue;
      EXPECT_EQ(perft_by_play(*pos, d), c.counts[d - 1]) << c.name << " D" << d;
    }
  }
}

TEST(Perft, DepthZeroIsOne) { EXPECT_EQ(Position().perft(0), 1u); }

TEST(Perft, DivideSumsToPerft) {
  auto pos = Position::from_fen(kCpw[1].fen);
  ASSERT_TRUE(pos.ok());
  auto divide = perft_divide(*pos, 3);
  EXPECT_EQ(divide.size(), 48u);
  std::uint64_t sum = 0;
  for (const auto& [m, n] : divide) sum += n;
  EXPECT_EQ(sum, 97862u);
  EXPECT_EQ(pos->fen(), kCpw[1].fen);  // divide leaves the position as it found it
}

struct FileTotals {
  int checked = 0, skipped = 0;
};

// Checks every line of a shared perft file with the given limits; every mismatch is a failure.
FileTotals check_file(const char* name, const PerftOptions& options) {
  FileTotals t;
  std::ifstream in(test::shared_data_dir() / name);
  EXPECT_TRUE(in) << name;
  std::string line;
  int line_number = 0;
  while (std::getline(in, line)) {
    ++line_number;
    if (epd_is_blank_or_comment(line)) continue;
    auto record = parse_epd(line);
    EXPECT_TRUE(record.ok()) << name << ":" << line_number << ": " << record.error();
    if (!record) continue;
    auto r = check_perft(*record, options);
    EXPECT_TRUE(r.ok()) << name << ":" << line_number << ": " << r.error();
    if (!r) continue;
    for (const auto& d : r->depths)
      EXPECT_EQ(d.counted, d.expected)
          << name << ":" << line_number << " D" << d.depth << "  " << r->fen;
    if (r->depths.empty())
      ++t.skipped;
    else
      ++t.checked;
  }
  return t;
}

#define REQUIRE_SHARED() \
  if (test::shared_data_dir().empty()) GTEST_SKIP() << "../shared/data not found"

TEST(PerftFiles, CpwToDepth5) {
  REQUIRE_SHARED();
  PerftOptions o;
  o.max_depth = 5;
  EXPECT_EQ(check_file("perft_cpw.epd", o).checked, 7);
}

TEST(PerftFiles, PerftsuiteToDepth4) {
  REQUIRE_SHARED();
  PerftOptions o;
  o.max_depth = 4;
  EXPECT_EQ(check_file("perftsuite.epd", o).checked, 126);
}

TEST(PerftFiles, Chess960FischerToDepth3) {
  REQUIRE_SHARED();
  PerftOptions o;
  o.max_depth = 3;
  EXPECT_EQ(check_file("perft960_ethereal_fischer.epd", o).checked, 960);
}

// Stockfish's perft.sh checks, all 20 (13.2 billion nodes; issue 2 puts the whole file in make
// test): some 20-30 seconds on one core with bulk counting.
TEST(PerftFiles, StockfishTests) {
  REQUIRE_SHARED();
  PerftOptions o;
  o.max_nodes = 4'000'000'000;
  auto t = check_file("perft_stockfish_tests.epd", o);
  EXPECT_EQ(t.checked, 20);
  EXPECT_EQ(t.skipped, 0);
}

}  // namespace
}  // namespace minimax::chess

namespace minimax::chess {
namespace {

// The game's generator with play()/undo() on every perftsuite position (D3) and every Chess960
// position (D2), against the published counts.
TEST(PerftFiles, GameGeneratorOnSharedFiles) {
  if (test::shared_data_dir().empty()) GTEST_SKIP() << "../shared/data not found";
  int checked = 0;
  for (auto [name, depth] :
       {std::pair{"perftsuite.epd", 3}, std::pair{"perft960_ethereal_fischer.epd", 2}}) {
    std::ifstream in(test::shared_data_dir() / name);
    std::string line;
    while (std::getline(in, line)) {
      if (epd_is_blank_or_comment(line)) continue;
      auto r = parse_epd(line);
      ASSERT_TRUE(r.ok());
      auto pos = Position::from_fen(r->fen(), r->chess960());
      ASSERT_TRUE(pos.ok()) << pos.error();
      const auto counts = r->perft_counts();  // kept: a range-for over *temporary would dangle
      ASSERT_TRUE(counts.ok());
      for (const auto& [d, count] : *counts)
        if (d <= depth) {
          EXPECT_EQ(perft_by_play(*pos, d), count) << name << " D" << d << " " << r->fen();
        }
      ++checked;
    }
  }
  EXPECT_EQ(checked, 126 + 960);
}

}  // namespace
}  // namespace minimax::chess
