// Samuel's terms (Samuel 1959, appendix) on hand-made positions. Squares are given in the standard
// numbering (1-32, Black's men start on 1-12); every position is seen with Black as the passive
// side (the side that has just moved) and White active, unless a test turns it round.
#include "machines/draughts/samuel_terms.hpp"

#include <gtest/gtest.h>

#include <initializer_list>

namespace minimax::draughts::samuel {
namespace {

Bits squares(std::initializer_list<int> standard) {
  Bits b = 0;
  for (int s : standard) b |= bit(s - 1);
  return b;
}

// Black passive, White active.
Sides board(std::initializer_list<int> black, std::initializer_list<int> white,
            std::initializer_list<int> kings = {}) {
  return {squares(black), squares(white), squares(kings)};
}

TEST(SamuelTerms, NamesRoundTrip) {
  for (int i = 0; i < kTermCount; ++i)
    EXPECT_EQ(term_from_name(kTermNames[static_cast<std::size_t>(i)]), static_cast<Term>(i));
  EXPECT_FALSE(term_from_name("DEMMO").has_value());
}

TEST(SamuelTerms, Adv) {
  // Men on 17 and 21 (Black's 5th and 6th rows) credited, on 9 (3rd row) debited, on 1 nothing;
  // a king on 18 is not a man.
  EXPECT_EQ(term_value(ADV, board({1, 9, 17, 21, 18}, {32}, {18})), 1);
}

TEST(SamuelTerms, Apex) {
  EXPECT_EQ(term_value(APEX, board({1}, {7})), -1);
  EXPECT_EQ(term_value(APEX, board({26}, {7})), 0);           // a passive man on one of them
  EXPECT_EQ(term_value(APEX, board({1}, {7, 30}, {30})), 0);  // a king on the board
}

TEST(SamuelTerms, BackAndGuardAndOreo) {
  EXPECT_EQ(term_value(BACK, board({1, 3}, {30})), 1);
  EXPECT_EQ(term_value(BACK, board({1, 3}, {30}, {30})), 0);  // an active king
  EXPECT_EQ(term_value(BACK, board({1}, {30})), 0);
  EXPECT_EQ(term_value(GUARD, board({1, 3}, {30})), 1);
  EXPECT_EQ(term_value(GUARD, board({2, 3, 7}, {30})), 1);
  EXPECT_EQ(term_value(GUARD, board({2, 3, 7}, {30}, {30})), 0);
  EXPECT_EQ(term_value(OREO, board({2, 3, 7}, {30})), 1);
  EXPECT_EQ(term_value(OREO, board({2, 3, 7, 20}, {30}, {20})), 0);  // a passive king
}

TEST(SamuelTerms, CentreTerms) {
  // Men on 10, 14 and 19 in the centre; 9 is not; a king on 15 is not a man (but is KCENT).
  EXPECT_EQ(term_value(CENT, board({9, 10, 14, 19, 15}, {32}, {15})), 3);
  EXPECT_EQ(term_value(KCENT, board({9, 10, 14, 19, 15}, {32}, {15})), 1);
  // White on 15 and 22, both centre squares; from them it can move to 10, 11 and 18 (and 17).
  EXPECT_EQ(term_value(CNTR, board({1}, {15, 22})), 5);
}

TEST(SamuelTerms, Corn) {
  // White (active) has one king, 3 of material credit, behind Black's 4; it can reach 32.
  EXPECT_EQ(term_value(CORN, board({1, 2}, {27}, {27})), 1);
  EXPECT_EQ(term_value(CORN, board({1, 2}, {18}, {18})), 0);  // no double corner in reach
  EXPECT_EQ(term_value(CORN, board({1}, {27}, {27})), 0);     // Black not ahead
}

TEST(SamuelTerms, Cramp) {
  EXPECT_EQ(term_value(CRAMP, board({13, 9}, {17, 21, 22, 25})), 2);
  EXPECT_EQ(term_value(CRAMP, board({13, 14}, {17, 21, 22, 25})), 2);
  EXPECT_EQ(term_value(CRAMP, board({13, 9}, {17, 21, 22})), 0);
  EXPECT_EQ(term_value(CRAMP, board({13}, {17, 21, 22, 25})), 0);
}

TEST(SamuelTerms, MobilityDenialExchangeThreat) {
  // White men on 22 and 26, Black's man on 14. White can move to 17, 18 (from 22) and 23 (from
  // 26). On 17 Black takes it (14x21) and White cannot take back: denied. On 18 Black must take
  // (14x23) and White takes back (26x19): not denied, an exchange. On 23 nothing happens.
  const Sides s = board({14}, {22, 26});
  EXPECT_EQ(term_value(MOB, s), 3);
  EXPECT_EQ(term_value(DENY, s), 1);
  EXPECT_EQ(term_value(MOBIL, s), 2);
  EXPECT_EQ(term_value(EXCH, s), 1);
  EXPECT_EQ(term_value(RECAP, s), 1);
  // On 17 and on 18 the man would threaten to take the man on 14 (landing on 10 or 9).
  EXPECT_EQ(term_value(THRET, s), 2);
  // Without the man on 26 both squares are denied and there is no exchange.
  const Sides alone = board({14}, {22});
  EXPECT_EQ(term_value(DENY, alone), 2);
  EXPECT_EQ(term_value(EXCH, alone), 0);
  EXPECT_EQ(term_value(MOB, board({1}, {18}, {18})), 4);  // a king on 18
}

TEST(SamuelTerms, DiagonalFiles) {
  // 1 and 5 are on the double-corner diagonals, 2 one removed, 3 two removed, 4 three removed.
  const Sides s = board({1, 2, 3, 4, 5}, {32});
  EXPECT_EQ(term_value(DIA, s), 2);
  EXPECT_EQ(term_value(DIAV, s), 3 + 3 + 2 + 1);  // in halves: 3/2, 3/2, 1, 1/2
}

TEST(SamuelTerms, ShapesOfPieces) {
  // 1, 6, 10: three on one diagonal.
  EXPECT_EQ(term_value(DYKE, board({1, 6, 10}, {32})), 1);
  EXPECT_EQ(term_value(DYKE, board({1, 6, 10, 15}, {32})), 2);
  EXPECT_EQ(term_value(DYKE, board({1, 6, 11}, {32})), 0);
  // A man alone on 18 is flanked by empty squares (and is a node and a pole).
  EXPECT_EQ(term_value(EXPOS, board({18}, {32})), 1);
  EXPECT_EQ(term_value(NODE, board({18}, {32})), 1);
  EXPECT_EQ(term_value(POLE, board({18}, {32})), 1);
  // White on 14 and 23 (one diagonal through 18): the other, 15-22, is still empty.
  EXPECT_EQ(term_value(EXPOS, board({18}, {14, 23})), 1);
  EXPECT_EQ(term_value(POLE, board({18}, {14, 23})), 0);
  EXPECT_EQ(term_value(NODE, board({18}, {14, 23})), 0);
  EXPECT_EQ(term_value(EXPOS, board({18}, {14, 15, 23})), 0);
  // The empty 6 has Black on 1, 2 and 9 round it.
  EXPECT_EQ(term_value(HOLE, board({1, 2, 9}, {32})), 1);
  EXPECT_EQ(term_value(HOLE, board({1, 2}, {32})), 0);
}

TEST(SamuelTerms, Gap) {
  // A man on 5 (the edge): the empty 1 lies between it and the top edge.
  EXPECT_EQ(term_value(GAP, board({5}, {32})), 1);
  // Men on 1 and 10: the empty 6 between them, and the empty 5 between 1 and the left edge.
  EXPECT_EQ(term_value(GAP, board({1, 10}, {32})), 2);
}

TEST(SamuelTerms, Fork) {
  // Black side by side on 14 and 15; 18 below them with 9 and 11 beyond: White's man on 23 can
  // step to 18 and threaten both.
  EXPECT_EQ(term_value(FORK, board({14, 15}, {23})), 1);
  EXPECT_EQ(term_value(FORK, board({14, 15, 9}, {23})), 0);  // 9 taken
  EXPECT_EQ(term_value(FORK, board({14, 15}, {27})), 0);     // nothing can reach 18
}

TEST(SamuelTerms, MoveSystem) {
  // Material level (a man each), under 24: one piece in the system of files b, d, f, h (on 1).
  EXPECT_EQ(term_value(MOVE, board({1}, {32})), 1);
  EXPECT_EQ(term_value(MOVE, board({1}, {28})), 0);     // 28 is on file h as well: two
  EXPECT_EQ(term_value(MOVE, board({1, 2}, {32})), 0);  // material not level
}

TEST(SamuelTerms, TurningTheBoardRoundGivesTheSameValues) {
  // The same pattern for White passive: every square n becomes 33 - n and the colours change.
  auto position = [](Bits black, Bits white, Bits kings, Side to_move) {
    return *Draughts::from_words(black, white, kings, to_move);
  };
  const Draughts p = position(squares({14}), squares({22, 26}), 0, kBlack);
  const Draughts turned = position(squares({33 - 22, 33 - 26}), squares({33 - 14}), 0, kWhite);
  // In p Black is to move, so White is passive; in `turned` White is to move and Black, on the
  // mirrored squares, is passive.
  const auto a = features(p);
  const auto b = features(turned);
  for (int i = 0; i < kTermCount; ++i)
    EXPECT_EQ(a[static_cast<std::size_t>(i)], b[static_cast<std::size_t>(i)])
        << kTermNames[static_cast<std::size_t>(i)];
  // And they are the hand-made board's: the passive pieces on 11 and 7, the active man on 19.
  EXPECT_EQ(b[MOB], term_value(MOB, board({11, 7}, {19})));
}

}  // namespace
}  // namespace minimax::draughts::samuel
