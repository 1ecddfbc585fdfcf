// Bugs the fuzzing found in the FEN reader (src/games/chess/position.cpp), which others are still
// editing: each test is DISABLED until the fix lands, and states what should hold.
#include <gtest/gtest.h>

#include "games/chess/position.hpp"

namespace minimax::chess {
namespace {

// A Shredder-FEN castling field (rook files) read without the Chess960 flag is accepted with its
// rights, but the position does not become Chess960, so fen() writes "KQkq" for kings on g1/g8
// and rooks on h and f: a FEN that from_fen itself rejects ("castling right 'K' needs the white
// king on e1 and a rook on h1"). `minimax show` prints that FEN. Either from_fen should set
// chess960 when the field names files (or the king and rooks are not on their squares), or fen()
// should write the files then.
TEST(QaPositionBugs, DISABLED_ShredderCastlingWithoutTheFlagReadsBack) {
  const auto p = Position::from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
  ASSERT_TRUE(p);
  const auto again = Position::from_fen(p->fen());
  ASSERT_TRUE(again) << p->fen() << ": " << again.error();
  EXPECT_EQ(again->key(), p->key());
}

// The fullmove number is read as a 64-bit integer, cast to int, and doubled into game_ply_
// (position.cpp, parse_fen_fields: game_ply_ = 2 * (fullmove - 1) + ...): 2147483647 overflows a
// signed int (undefined behaviour; here fen() then writes move -1, which from_fen rejects), and
// 2147483648 becomes a negative int and fen() writes move 0. UBSan (-fsanitize=undefined) reports
// "position.cpp:261: signed integer overflow: 2147483646 * 2 cannot be represented in type int".
// A number that does not fit should be an Error naming it (or be clamped).
TEST(QaPositionBugs, DISABLED_HugeFullmoveNumbersAreRejectedOrKept) {
  for (const char* n : {"2147483647", "2147483648", "9223372036854775807"}) {
    const std::string fen = std::string("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 ") + n;
    const auto p = Position::from_fen(fen);
    if (!p) continue;  // an Error is a fine answer
    EXPECT_GE(p->fullmove_number(), 1) << fen;
    const auto again = Position::from_fen(p->fen());
    EXPECT_TRUE(again) << fen << " -> " << p->fen();
  }
}

// parse_uci quotes its input in the message as it is: a text holding a line break gives an error
// of two lines. (Lines read from a terminal or a pipe hold none, so this is minor.)
TEST(QaPositionBugs, DISABLED_UciMoveErrorsAreOneLine) {
  const auto m = Position().parse_uci("e2\ne4");
  ASSERT_FALSE(m);
  EXPECT_EQ(m.error().find('\n'), std::string::npos) << m.error();
}

}  // namespace
}  // namespace minimax::chess
