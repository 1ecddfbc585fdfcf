// Nealey (White) against Samuel's program (Black), Yorktown, 12 July 1962, as far as Michie 1966
// (section 7) prints it: thirty moves, the Old Fourteenth opening. The record gives each move as
// its start and end squares in the standard numbering, captures included (so "19-10" is 19x10).
//
// Two slips, resolved by the rules: Black's tenth move is printed "1-19", but the man that takes
// 6 and 15 must go on and take 23 as well (1x10x19x26); White's reply, printed "31-22", must go on
// from 22 and take 18 too (31x22x15), which is why Black's next move, "11-18", is a capture.
#include <gtest/gtest.h>

#include <iostream>
#include <string>
#include <vector>

#include "games/draughts/notation.hpp"
#include "machines/draughts/records.hpp"
#include "machines/draughts/samuel.hpp"

namespace minimax::draughts {
namespace {

// How many of the program's moves samuel (untrained, Depth 4, no rote) chooses.
constexpr int kNealeyAgreement = 6;

// As printed (src/machines/draughts/records.cpp), and the two slips.
const std::vector<std::string>& kNealeyGame = records::nealey_game();
using records::Slip;
const std::vector<Slip>& kSlips = records::nealey_slips();

// The printed move read as the record means it: a plain move, or failing that the capture with
// the same start and end.
Expected<Move> read_record_move(const Draughts& d, std::string text) {
  auto m = parse_move(d, text);
  if (m) return m;
  if (auto dash = text.find('-'); dash != std::string::npos) text[dash] = 'x';
  return parse_move(d, text);
}

std::vector<Move> replay(std::vector<Draughts>* before = nullptr) {
  Draughts d;
  std::vector<Move> moves;
  for (std::size_t i = 0; i < kNealeyGame.size(); ++i) {
    std::string text = kNealeyGame[i];
    for (const Slip& s : kSlips)
      if (s.index == i) {
        EXPECT_EQ(text, s.printed);
        EXPECT_FALSE(read_record_move(d, text).ok()) << "the printed " << text << " is legal";
        text = s.played;
      }
    auto m = read_record_move(d, text);
    EXPECT_TRUE(m.ok()) << "move " << i + 1 << " " << text << ": " << (m ? "" : m.error());
    if (!m) break;
    if (before) before->push_back(d);
    d.play(*m);
    moves.push_back(*m);
  }
  return moves;
}

TEST(SamuelNealey, TheRecordReplaysWithTwoSlipsResolved) {
  const auto moves = replay();
  ASSERT_EQ(moves.size(), kNealeyGame.size());
  // The slips, as played: three men taken, then two.
  EXPECT_EQ(count(moves[18].captured), 3);
  EXPECT_EQ(count(moves[19].captured), 2);
  // Nothing else in the record is a slip: every other printed move reads as it stands.
}

TEST(SamuelNealey, HowManyOfTheProgramsMovesSamuelChooses) {
  std::vector<Draughts> before;
  const auto moves = replay(&before);
  ASSERT_EQ(before.size(), moves.size());
  SamuelMachine samuel;
  ASSERT_TRUE(samuel.set_option("Rote", "false").ok());
  int black_moves = 0, same = 0, forced = 0;
  for (std::size_t i = 0; i < moves.size(); i += 2) {  // Black's moves
    ++black_moves;
    Draughts::MoveList legal;
    before[i].generate_moves(legal);
    if (legal.size() == 1) ++forced;
    const auto t = samuel.choose(before[i], {});
    if (t.move == moves[i]) ++same;
  }
  EXPECT_EQ(black_moves, 15);
  RecordProperty("program_moves", black_moves);
  RecordProperty("samuel_same", same);
  RecordProperty("forced", forced);
  std::cout << "samuel (untrained, depth 4) chooses " << same << " of the program's " << black_moves
            << " moves (" << forced << " forced)\n";
  // The figure in docs/samuel.md; it changes only if the search or the polynomial does.
  EXPECT_EQ(same, kNealeyAgreement);
}

}  // namespace
}  // namespace minimax::draughts
