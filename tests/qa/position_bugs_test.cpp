// Faults the fuzzing found in the FEN and UCI-move readers (src/games/chess/position.cpp), fixed;
// each test states what holds.
#include <gtest/gtest.h>

#include "games/chess/position.hpp"

namespace minimax::chess {
namespace {

// A Shredder-FEN castling field (rook files) makes the position Chess960, and fen() writes X-FEN
// (KQkq for the outermost rooks), the form GUIs and PGN's [Variant "Chess960"] expect; X-FEN is
// read back as Chess960 when the reader is told so (as `--chess960` and UCI_Chess960 do).
TEST(QaPositionBugs, ShredderCastlingWithoutTheFlagReadsBack) {
  const auto p =
      Position::from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
  ASSERT_TRUE(p);
  ASSERT_TRUE(p->chess960());
  const auto again = Position::from_fen(p->fen(), p->chess960());
  ASSERT_TRUE(again) << p->fen() << ": " << again.error();
  EXPECT_EQ(again->key(), p->key());
  EXPECT_EQ(again->fen(), p->fen());
}

// The fullmove number is read as a 64-bit integer, cast to int, and doubled into game_ply_
// (position.cpp, parse_fen_fields: game_ply_ = 2 * (fullmove - 1) + ...): 2147483647 overflows a
// signed int (undefined behaviour; here fen() then writes move -1, which from_fen rejects), and
// 2147483648 becomes a negative int and fen() writes move 0. UBSan (-fsanitize=undefined) reports
// "position.cpp:261: signed integer overflow: 2147483646 * 2 cannot be represented in type int".
// A number that does not fit should be an Error naming it (or be clamped).
TEST(QaPositionBugs, HugeFullmoveNumbersAreRejectedOrKept) {
  for (const char* n : {"2147483647", "2147483648", "9223372036854775807"}) {
    const std::string fen =
        std::string("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 ") + n;
    const auto p = Position::from_fen(fen);
    if (!p) continue;  // an Error is a fine answer
    EXPECT_GE(p->fullmove_number(), 1) << fen;
    const auto again = Position::from_fen(p->fen());
    EXPECT_TRUE(again) << fen << " -> " << p->fen();
  }
}

// parse_uci quotes its input in the message as it is: a text holding a line break gives an error
// of two lines. (Lines read from a terminal or a pipe hold none, so this is minor.)
TEST(QaPositionBugs, UciMoveErrorsAreOneLine) {
  const auto m = Position().parse_uci("e2\ne4");
  ASSERT_FALSE(m);
  EXPECT_EQ(m.error().find('\n'), std::string::npos) << m.error();
}

}  // namespace
}  // namespace minimax::chess
