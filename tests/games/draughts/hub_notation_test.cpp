// English draughts in the Hub protocol's notation (games/draughts/hub_notation.hpp): the start
// position's string, every move of random games written and read back, and bad text refused with
// a line naming it.
#include "games/draughts/hub_notation.hpp"

#include <gtest/gtest.h>

#include "core/rng.hpp"

namespace minimax::draughts {
namespace {

TEST(HubNotation, TheStartPosition) {
  EXPECT_EQ(hub_position(Draughts()),
            "B" + std::string(12, 'b') + std::string(8, 'e') + std::string(12, 'w'));
  auto p = parse_hub_position(hub_position(Draughts()));
  ASSERT_TRUE(p) << p.error();
  EXPECT_EQ(p->key(), Draughts().key());
}

TEST(HubNotation, EveryMoveOfRandomGamesReadsBack) {
  Rng rng(17);
  int captures = 0;
  for (int game = 0; game < 300; ++game) {
    Draughts p;
    for (int ply = 0; ply < 150 && p.outcome() == Outcome::none; ++ply) {
      Draughts::MoveList moves;
      p.generate_moves(moves);
      for (const Move& m : moves) {
        const std::string text = hub_move(p, m);
        auto back = parse_hub_move(p, text);
        ASSERT_TRUE(back) << text << ": " << back.error();
        ASSERT_EQ(*back, m) << text;
        captures += m.captured ? 1 : 0;
      }
      auto round = parse_hub_position(hub_position(p));
      ASSERT_TRUE(round);
      ASSERT_EQ(round->key(), p.key());
      p.play(moves[rng.below(moves.size())]);
    }
  }
  EXPECT_GT(captures, 1000);
}

TEST(HubNotation, ACaptureNamesTheMenItTakes) {
  // Black man on 1 (Strachey 0) can take 6 then 15, landing on 10 then 19.
  auto p = parse_hub_position("B" + std::string("b") + std::string(4, 'e') + "w" +
                              std::string(8, 'e') + "w" + std::string(17, 'e'));
  ASSERT_TRUE(p) << p.error();
  Draughts::MoveList moves;
  p->generate_moves(moves);
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_EQ(hub_move(*p, moves[0]), "1x19x6x15");
  EXPECT_TRUE(parse_hub_move(*p, "1x19"));       // start and end alone, when only one joins them
  EXPECT_TRUE(parse_hub_move(*p, "1x19x15x6"));  // the men taken in any order
  EXPECT_TRUE(parse_hub_move(*p, "1x10x19"));    // the standard notation's path
}

TEST(HubNotation, BadTextIsOneLineNamingIt) {
  for (const char* bad :
       {"", "B", "Xbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww", "Bbbbbbbbbbbbbeeeeeeeewwwwwwwwwwwq"}) {
    auto p = parse_hub_position(bad);
    ASSERT_FALSE(p) << bad;
    EXPECT_EQ(p.error().find('\n'), std::string::npos);
  }
  const Draughts start;
  for (const char* bad : {"11-16x", "11", "33-34", "a-b", "11-14", "9x14", "11-15-19", ""}) {
    auto m = parse_hub_move(start, bad);
    ASSERT_FALSE(m) << bad;
    EXPECT_NE(m.error().find(std::string("'") + bad + "'"), std::string::npos) << m.error();
  }
}

}  // namespace
}  // namespace minimax::draughts
