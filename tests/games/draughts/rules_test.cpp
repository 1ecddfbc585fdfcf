// The rules of English draughts, one hand-made position for each (standard square numbers).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "games/draughts/notation.hpp"

namespace minimax::draughts {
namespace {

Draughts from_fen(const std::string& fen) {
  auto p = parse_fen(fen);
  EXPECT_TRUE(p.ok()) << fen << ": " << (p.ok() ? "" : p.error());
  return p.ok() ? *p : Draughts();
}

std::set<std::string> moves_of(const Draughts& p) {
  Draughts::MoveList list;
  p.generate_moves(list);
  std::set<std::string> names;
  for (const Move& m : list) names.insert(move_text(p, m));
  EXPECT_EQ(names.size(), list.size()) << "two moves written alike in " << p.to_string();
  return names;
}

using Names = std::set<std::string>;

TEST(DraughtsRules, StartPosition) {
  Draughts start;
  EXPECT_EQ(start.side_to_move(), kBlack);
  EXPECT_EQ(moves_of(start), (Names{"9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"}));
  EXPECT_EQ(start.outcome(), Outcome::none);
  // Strachey's words for the opening position (Bowden 1953): B = squares 0-11, W = 20-31, K = 0.
  EXPECT_EQ(start.black(), 0x00000FFFu);
  EXPECT_EQ(start.white(), 0xFFF00000u);
  EXPECT_EQ(start.kings(), 0u);
}

TEST(DraughtsRules, CaptureIsCompulsory) {
  // Black could move 1-5, 1-6, 14-17 or 14-18, but 14x23 is there, so it is the only move.
  EXPECT_EQ(moves_of(from_fen("B:W18:B1,14")), Names{"14x23"});
}

TEST(DraughtsRules, FreeChoiceAmongCaptures) {
  // 7x16 takes one man, 14x32 (14x23x32) two: both are legal (no rule of the greater number).
  EXPECT_EQ(moves_of(from_fen("B:W11,18,27:B7,14")), (Names{"7x16", "14x32"}));
}

TEST(DraughtsRules, JumpSequenceMustBeCompleted) {
  // 14x23 alone is not a move: the man must go on over 27.
  Draughts p = from_fen("B:W18,27:B14");
  EXPECT_EQ(moves_of(p), Names{"14x32"});
  auto m = parse_move(p, "14x23");
  ASSERT_FALSE(m.ok());
  EXPECT_NE(m.error().find("14x23x32"), std::string::npos) << m.error();
  // Three men in one move, written by its ends or its whole path.
  Draughts q = from_fen("B:W10,19,27:B6");
  EXPECT_EQ(moves_of(q), Names{"6x31"});
  EXPECT_EQ(move_path_text(q, *parse_move(q, "6x31")), "6x15x24x31");
  EXPECT_FALSE(parse_move(q, "6x15x24").ok());
}

TEST(DraughtsRules, CrowningEndsTheMove) {
  // 23x30 crowns; the new king may not go on over 25 to 21 in the same move.
  Draughts p = from_fen("B:W25,26:B23");
  EXPECT_EQ(moves_of(p), Names{"23x30"});
  auto m = parse_move(p, "23x30");
  ASSERT_TRUE(m.ok()) << m.error();
  p.play(*m);
  EXPECT_EQ(p.to_string(), "W:W25:BK30");
  EXPECT_EQ(p.side_to_move(), kWhite);
  EXPECT_EQ(p.key(), p.compute_key());
}

TEST(DraughtsRules, KingsCaptureBackwardsMenDoNot) {
  EXPECT_EQ(moves_of(from_fen("B:W18:BK23")), Names{"23x14"});
  EXPECT_EQ(moves_of(from_fen("B:W18:B23")), (Names{"23-26", "23-27"}));
  // White's men capture up the board, and only up.
  EXPECT_EQ(moves_of(from_fen("W:W23:B18")), Names{"23x14"});
  EXPECT_EQ(moves_of(from_fen("W:W14:B18")), (Names{"14-9", "14-10"}));
}

TEST(DraughtsRules, MenMoveForwardOnlyKingsBothWays) {
  EXPECT_EQ(moves_of(from_fen("B:W32:B14")), (Names{"14-17", "14-18"}));
  EXPECT_EQ(moves_of(from_fen("B:W32:BK14")), (Names{"14-9", "14-10", "14-17", "14-18"}));
  EXPECT_EQ(moves_of(from_fen("W:W19:B1")), (Names{"19-15", "19-16"}));
}

TEST(DraughtsRules, NoMoveLoses) {
  // No pieces left.
  EXPECT_EQ(from_fen("B:W18:B").outcome(), Outcome::loss);
  // Blocked: the man on 5 can go only to 9, which is taken, and 14 behind it is taken too.
  Draughts blocked = from_fen("B:W9,14:B5");
  EXPECT_TRUE(moves_of(blocked).empty());
  EXPECT_EQ(blocked.outcome(), Outcome::loss);
  EXPECT_FALSE(blocked.has_legal_move());
}

TEST(DraughtsRules, ThreefoldRepetitionDraws) {
  Draughts p = from_fen("B:WK32:BK1");
  const std::vector<std::string> shuffle = {"1-6", "32-28", "6-1", "28-32"};
  for (int round = 0; round < 2; ++round)
    for (const std::string& t : shuffle) {
      EXPECT_EQ(p.outcome(), Outcome::none) << p.repetitions();
      auto m = parse_move(p, t);
      ASSERT_TRUE(m.ok()) << m.error();
      p.play(*m);
    }
  // The start stands for the third time, Black to move.
  EXPECT_EQ(p.repetitions(), 3);
  EXPECT_EQ(p.outcome(), Outcome::draw);
  DrawRules off;
  off.threefold = false;
  p.set_draw_rules(off);
  EXPECT_EQ(p.outcome(), Outcome::none);
}

TEST(DraughtsRules, FortyMovesEachWithoutAManMovedOrACaptureDraw) {
  Draughts p = from_fen("B:WK32,20:BK1,13");
  DrawRules rules;
  rules.threefold = false;  // the shuffle repeats; only the move limit is tested here
  p.set_draw_rules(rules);
  const std::vector<std::string> shuffle = {"1-6", "32-28", "6-1", "28-32"};
  for (int ply = 0; ply < 80; ++ply) {
    EXPECT_EQ(p.outcome(), Outcome::none) << ply;
    p.play(*parse_move(p, shuffle[static_cast<std::size_t>(ply % 4)]));
  }
  EXPECT_EQ(p.quiet_plies(), 80);
  EXPECT_EQ(p.outcome(), Outcome::draw);
  // A man's move starts the count again.
  p.play(*parse_move(p, "13-17"));
  EXPECT_EQ(p.quiet_plies(), 0);
  EXPECT_EQ(p.outcome(), Outcome::none);
}

TEST(DraughtsRules, SameMenInTwoOrdersIsOneMove) {
  // A white king on 10 in a ring of black men on 14, 22, 23, 15: round by 17, 26, 19 or by 19,
  // 26, 17, back to 10 with the same four men. One move, listed once.
  Draughts p = from_fen("W:WK10:B14,15,22,23");
  Draughts::MoveList moves, paths;
  p.generate_moves(moves);
  p.generate_move_paths(paths);
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_EQ(paths.size(), 2u);
  EXPECT_EQ(paths[0], paths[1]);
  EXPECT_EQ(moves[0].from, moves[0].to);
  EXPECT_EQ(move_text(p, moves[0]), "10x10");
  for (const char* t : {"10x10", "10x17x26x19x10", "10x19x26x17x10"}) {
    auto m = parse_move(p, t);
    ASSERT_TRUE(m.ok()) << t << ": " << m.error();
    EXPECT_EQ(*m, moves[0]);
  }
  p.play(moves[0]);
  EXPECT_EQ(p.to_string(), "B:WK10:B");
  EXPECT_EQ(p.outcome(), Outcome::loss);
}

TEST(DraughtsRules, KeyFollowsPlayAndUndo) {
  Draughts p = from_fen("B:W10,18,27,K5:B6,14,K29");
  const std::uint64_t before = p.key();
  Draughts::MoveList moves;
  p.generate_moves(moves);
  for (const Move& m : moves) {
    p.play(m);
    EXPECT_EQ(p.key(), p.compute_key()) << move_text(p, m);
    p.undo(m);
    EXPECT_EQ(p.key(), before);
  }
  // The side to move is in the key.
  EXPECT_NE(from_fen("B:W18:B14").key(), from_fen("W:W18:B14").key());
}

}  // namespace
}  // namespace minimax::draughts
