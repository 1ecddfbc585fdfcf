// Draughts notation: standard numbers, whole paths when needed, FEN, Strachey's own notation (and
// his 1952 game against the machine, replayed), and bad input answered by one line naming it.
#include "games/draughts/notation.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "games/draughts/pdn.hpp"
#include "strachey_game.hpp"

namespace minimax::draughts {
namespace {

TEST(DraughtsNotation, FenRoundTrips) {
  for (const std::string& fen : {std::string(kStartFen), std::string("W:WK10:B14,15,22,23"),
                                 std::string("B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29"),
                                 std::string("W:W:B1"), std::string("B:W9,14:B5")}) {
    auto p = parse_fen(fen);
    ASSERT_TRUE(p.ok()) << fen << ": " << p.error();
    EXPECT_EQ(to_fen(*p), fen);
  }
}

TEST(DraughtsNotation, FenRangesFieldOrderAndSpaces) {
  auto p = parse_fen("B:W21-32:B1-12");
  ASSERT_TRUE(p.ok()) << p.error();
  EXPECT_EQ(p->to_string(), kStartFen);
  auto q = parse_fen(" W : B1,K2 : WK29-30,31. ");
  ASSERT_TRUE(q.ok()) << q.error();
  EXPECT_EQ(q->to_string(), "W:W31,K29,K30:B1,K2");
}

TEST(DraughtsNotation, BadFenNamesTheFault) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"", "empty"},
      {"X:W21:B1", "'X'"},
      {"B:W33:B1", "'33'"},
      {"B:W21,21:B1", "21 given twice"},
      {"B:W21:B21", "21 given twice"},
      {"B:Y21:B1", "'Y21'"},
      {"B:W21:W22", "two fields"},
      {"B:W21,,22:B1", "empty square"},
      {"B:W22-21:B1", "'22-21'"},
      {"B:W21:B29", "crowned"},
      {"W:W1:B29", "crowned"},
      {"B:W5-17:B20", "more than 12"},
      {"B:W1:B2:W3", "more than two"},
  };
  for (const auto& [fen, needle] : cases) {
    auto p = parse_fen(fen);
    ASSERT_FALSE(p.ok()) << fen;
    EXPECT_NE(p.error().find(needle), std::string::npos) << fen << " -> " << p.error();
    EXPECT_EQ(p.error().find('\n'), std::string::npos) << p.error();
  }
}

TEST(DraughtsNotation, AmbiguousCaptureNeedsTheWholePath) {
  // Black's man on 6 reaches 22 over 9 and 17 (6x13x22) or over 10 and 18 (6x15x22): the case of
  // Strachey's note 3 (Bowden 1953), his 5—21(9,17) beside 5—21(8,16).
  auto p = parse_fen("B:W9,10,17,18:B6");
  ASSERT_TRUE(p.ok());
  Draughts::MoveList moves;
  p->generate_moves(moves);
  ASSERT_EQ(moves.size(), 2u);
  std::vector<std::string> names = {move_text(*p, moves[0]), move_text(*p, moves[1])};
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{"6x13x22", "6x15x22"}));
  auto ambiguous = parse_move(*p, "6x22");
  ASSERT_FALSE(ambiguous.ok());
  EXPECT_NE(ambiguous.error().find("ambiguous"), std::string::npos) << ambiguous.error();
  EXPECT_NE(ambiguous.error().find("6x13x22"), std::string::npos) << ambiguous.error();
  EXPECT_NE(ambiguous.error().find("6x15x22"), std::string::npos) << ambiguous.error();
  auto a = parse_move(*p, "6x13x22");
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(a->captured, bit(8) | bit(16));
  EXPECT_EQ(strachey_move_text(*p, *a), "5\u201421(8,16)");
  auto b = parse_strachey_move(*p, "5-21(17,9)");
  ASSERT_TRUE(b.ok()) << b.error();
  EXPECT_EQ(move_text(*p, *b), "6x15x22");
  auto c = parse_strachey_move(*p, "5\u201421");
  ASSERT_FALSE(c.ok());
  EXPECT_NE(c.error().find("ambiguous"), std::string::npos) << c.error();
}

TEST(DraughtsNotation, BadMovesNameTheFault) {
  Draughts start;
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"", "empty"},
      {"11-16-20", "start and an end"},
      {"11", "write a move"},
      {"11-19", "not legal"},
      {"33-29", "'33'"},
      {"a-b", "'a'"},
      {"21-17", "no black piece on 21"},
      {"11x15", "not a capture: write 11-15"},
      {"11x20", "not legal"},
      {"11x18x26", "not a jump"},
  };
  for (const auto& [text, needle] : cases) {
    auto m = parse_move(start, text);
    ASSERT_FALSE(m.ok()) << text;
    EXPECT_NE(m.error().find(needle), std::string::npos) << text << " -> " << m.error();
  }
  auto p = parse_fen("B:W18:B14,1");
  auto forced = parse_move(*p, "1-5");
  ASSERT_FALSE(forced.ok());
  EXPECT_NE(forced.error().find("must capture (14x23)"), std::string::npos) << forced.error();
  auto dash = parse_move(*p, "14-23");
  ASSERT_FALSE(dash.ok());
  EXPECT_NE(dash.error().find("must capture"), std::string::npos) << dash.error();
  auto not_capture = parse_move(*parse_fen("B:W32:B14"), "14x18");
  ASSERT_FALSE(not_capture.ok());
  EXPECT_NE(not_capture.error().find("not a capture: write 14-18"), std::string::npos)
      << not_capture.error();
  for (const std::string bad : {"10\u201416", "12-21(16", "x-1", "1-40", "5-9(7)"}) {
    auto s = parse_strachey_move(start, bad);
    EXPECT_FALSE(s.ok()) << bad;
  }
}

TEST(DraughtsNotation, StracheysGameReplays) {
  Draughts p;
  for (std::size_t i = 0; i < test::kStracheyGame.size(); ++i) {
    auto m = parse_strachey_move(p, test::kStracheyGame[i]);
    ASSERT_TRUE(m.ok()) << "ply " << i + 1 << ": " << m.error() << " in " << p.to_string();
    // Written back in his notation, it reads the same (marks aside).
    std::string text = strachey_move_text(p, *m);
    auto again = parse_strachey_move(p, text);
    ASSERT_TRUE(again.ok()) << text;
    EXPECT_EQ(*again, *m);
    if (i == 10) {  // move 6: "Better than 5—21(9,17)" (his note 3): that was legal too
      auto alternative = parse_strachey_move(p, "5—21(9,17)");
      EXPECT_TRUE(alternative.ok()) << alternative.error();
    }
    p.play(*m);
  }
  EXPECT_EQ(p.outcome(), Outcome::none);  // "the game was stopped at this point"
}

// The game written back as PDN in standard numbers (tests/data/games/strachey_game.pdn), read back
// to the same moves and position: the record as a draughts player reads it today.
TEST(DraughtsNotation, StracheysGameWrittenAsPdn) {
  PdnGame game;
  game.tags = {{"Event", "Machine v Strachey (Bowden 1953, ch. 25)"},
               {"Black", "Strachey's machine (strategy 2)"},
               {"White", "Strachey"},
               {"Result", "*"},
               {"GameType", "21"}};
  Draughts p;
  for (const auto& text : test::kStracheyGame) {
    auto m = parse_strachey_move(p, text);
    ASSERT_TRUE(m.ok()) << m.error();
    game.moves.push_back({*m, ""});
    p.play(*m);
  }
  const std::string pdn = write_pdn(game);
  std::ifstream f(std::string(MINIMAX_SOURCE_DIR) + "/tests/data/games/strachey_game.pdn");
  std::ostringstream expected;
  expected << f.rdbuf();
  EXPECT_EQ(pdn, expected.str());
  auto again = read_pdn_game(pdn);
  ASSERT_TRUE(again.ok()) << again.error();
  ASSERT_EQ(again->moves.size(), game.moves.size());
  EXPECT_EQ(again->final_position().to_string(), p.to_string());
}

TEST(DraughtsNotation, StracheyReadsTheFootnoteMarksOfThePrintedGame) {
  Draughts p;
  auto m = parse_strachey_move(p, "8\u201412 \u207d\u00b9\u207e");  // 8—12 ⁽¹⁾
  ASSERT_TRUE(m.ok()) << m.error();
  EXPECT_EQ(move_text(p, *m), "9-13");
}

TEST(DraughtsNotation, StracheyWritesCrowningAndCaptures) {
  Draughts start;
  auto m = parse_move(start, "11-15");
  ASSERT_TRUE(m.ok());
  EXPECT_EQ(strachey_move_text(start, *m), "10\u201414");
  auto p = parse_fen("B:W25,26:B23");
  auto c = parse_move(*p, "23x30");
  EXPECT_EQ(strachey_move_text(*p, *c), "22\u201429(25) K");
}

}  // namespace
}  // namespace minimax::draughts
