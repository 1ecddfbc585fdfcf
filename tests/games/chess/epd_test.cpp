#include "games/chess/epd.hpp"

#include <gtest/gtest.h>

#include <fstream>

#include "../../test_paths.hpp"

namespace minimax::chess {
namespace {

TEST(Epd, StandardOperations) {
  auto r =
      parse_epd("2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id \"WAC.001\";");
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r->placement, "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1");
  EXPECT_EQ(r->side, "w");
  EXPECT_EQ(r->castling, "-");
  EXPECT_EQ(r->en_passant, "-");
  EXPECT_FALSE(r->halfmove);
  EXPECT_EQ(r->fen(), "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1");
  EXPECT_EQ(r->operand("bm"), "Qg6");
  EXPECT_EQ(r->operand("id"), "WAC.001");
  EXPECT_TRUE(r->find("id")->quoted);
  EXPECT_FALSE(r->operand("am"));
  EXPECT_EQ(write_epd(*r),
            "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id \"WAC.001\";");
}

TEST(Epd, SeveralMovesAndComments) {
  auto r = parse_epd("4k3/8/8/8/8/8/8/4K2R w K - bm Rh8+ Kd2;am Kf1; dm 3; c0 \"a; b\"; c9 \"x\";");
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r->operand("bm"), "Rh8+ Kd2");
  EXPECT_EQ(r->operand("am"), "Kf1");
  EXPECT_EQ(r->operand("dm"), "3");
  EXPECT_EQ(r->operand("c0"), "a; b");  // ';' inside a string is not a separator
  EXPECT_EQ(r->operand("c9"), "x");
}

TEST(Epd, PerftSpellings) {
  // The spellings the perft files in ../shared/data use.
  for (const char* line : {
           "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902",
           "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1; D1 20; D2 400; D3 8902",
           "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -  0 1; D3 8902 ;D1 20 ;D2 400\r",
           "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - D1 20; D2 400; D3 8902;",
       }) {
    auto r = parse_epd(line);
    ASSERT_TRUE(r.ok()) << line << ": " << r.error();
    EXPECT_EQ(r->fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") << line;
    auto counts = r->perft_counts();
    ASSERT_TRUE(counts.ok()) << counts.error();
    ASSERT_EQ(counts->size(), 3u) << line;
    EXPECT_EQ((*counts)[0], (std::pair<int, std::uint64_t>{1, 20}));
    EXPECT_EQ((*counts)[1], (std::pair<int, std::uint64_t>{2, 400}));
    EXPECT_EQ((*counts)[2], (std::pair<int, std::uint64_t>{3, 8902}));
    EXPECT_FALSE(r->chess960());
  }
}

TEST(Epd, CountersAndBigCounts) {
  auto r = parse_epd(
      "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10 ;D6 6923051137");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->halfmove, 0);
  EXPECT_EQ(r->fullmove, 10);
  EXPECT_EQ(r->fen(), "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10");
  EXPECT_EQ((*r->perft_counts())[0].second, 6923051137ULL);
  EXPECT_EQ(
      write_epd(*r),
      "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10 D6 6923051137;");
  auto h = parse_epd("8/8/8/8/8/8/8/K1k5 b - - hmvc 12; fmvn 40;");
  ASSERT_TRUE(h.ok());
  EXPECT_EQ(h->fen(), "8/8/8/8/8/8/8/K1k5 b - - 12 40");
}

TEST(Epd, Chess960) {
  auto shredder =
      parse_epd("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9 ;D1 21");
  ASSERT_TRUE(shredder.ok());
  EXPECT_TRUE(shredder->chess960());
  auto flagged = parse_epd(
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D6 119060324 ;c960 true");
  ASSERT_TRUE(flagged.ok());
  EXPECT_TRUE(flagged->chess960());
  auto off = parse_epd(
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D6 119060324 ;c960 false");
  EXPECT_FALSE(off->chess960());
}

TEST(Epd, SetReplacesOrAppends) {
  auto r = parse_epd("8/8/8/8/8/8/8/K1k5 b - - bm Kb2;");
  ASSERT_TRUE(r.ok());
  r->set("bm", "Kd1");
  r->set("id", "x y", true);
  EXPECT_EQ(write_epd(*r), "8/8/8/8/8/8/8/K1k5 b - - bm Kd1; id \"x y\";");
  auto back = parse_epd(write_epd(*r));
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(write_epd(*back), write_epd(*r));
}

TEST(Epd, BadLinesNameTheFault) {
  auto short_line = parse_epd("8/8/8/8/8/8/8/K1k5 b");
  ASSERT_FALSE(short_line.ok());
  EXPECT_NE(short_line.error().find("castling"), std::string::npos) << short_line.error();
  auto unterminated = parse_epd("8/8/8/8/8/8/8/K1k5 b - - id \"abc");
  ASSERT_FALSE(unterminated.ok());
  EXPECT_NE(unterminated.error().find("unterminated"), std::string::npos);
  auto bad_op = parse_epd("8/8/8/8/8/8/8/K1k5 b - - 0 1 5x 3;");
  ASSERT_FALSE(bad_op.ok());
  EXPECT_NE(bad_op.error().find("'5x'"), std::string::npos) << bad_op.error();
  auto bad_count = parse_epd("8/8/8/8/8/8/8/K1k5 b - - ;D1 twenty");
  ASSERT_TRUE(bad_count.ok());
  auto counts = bad_count->perft_counts();
  ASSERT_FALSE(counts.ok());
  EXPECT_NE(counts.error().find("'twenty'"), std::string::npos) << counts.error();
  EXPECT_FALSE(parse_epd("").ok());
}

TEST(Epd, CommentsAndBlankLines) {
  EXPECT_TRUE(epd_is_blank_or_comment(""));
  EXPECT_TRUE(epd_is_blank_or_comment("   \r"));
  EXPECT_TRUE(epd_is_blank_or_comment("# Chessprogramming wiki"));
  EXPECT_FALSE(epd_is_blank_or_comment("8/8/8/8/8/8/8/K1k5 b - -"));
}

// Every line of every shared perft file parses and has at least one count.
TEST(Epd, SharedPerftFilesParse) {
  auto dir = test::shared_data_dir();
  if (dir.empty()) GTEST_SKIP() << "../shared/data not found";
  int lines = 0;
  for (const char* name :
       {"perft_cpw.epd", "perftsuite.epd", "perft960_ethereal_fischer.epd",
        "perft_stockfish_tests.epd", "perft_marcel.epd", "perft_whittington_stress.epd",
        "perft_ferdy_double_checks.epd", "perft_ferdy_enpassant.epd"}) {
    std::ifstream in(dir / name);
    ASSERT_TRUE(in) << name;
    std::string line;
    while (std::getline(in, line)) {
      if (epd_is_blank_or_comment(line)) continue;
      auto r = parse_epd(line);
      ASSERT_TRUE(r.ok()) << name << ": " << r.error();
      auto counts = r->perft_counts();
      ASSERT_TRUE(counts.ok()) << name << ": " << counts.error();
      EXPECT_FALSE(counts->empty()) << name << ": " << line;
      ++lines;
    }
  }
  EXPECT_EQ(lines, 11 - 4 + 126 + 960 + 20 + 6838 + 174 + 184 + 3760);
}

}  // namespace
}  // namespace minimax::chess
