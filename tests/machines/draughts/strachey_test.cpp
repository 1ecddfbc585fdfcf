// Strachey's draughts machine (Bowden 1953, ch. 25): material values, the random choice among equal
// moves, strategy 1's useless sacrifice against a crowning it cannot stop, and strategy 2 (with
// its king at 2 7/8) declining it.
#include "machines/draughts/strachey.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "../../games/draughts/strachey_game.hpp"
#include "games/draughts/notation.hpp"
#include "search/minimax.hpp"

namespace minimax::draughts {
namespace {

Draughts from_fen(const std::string& fen) {
  auto p = parse_fen(fen);
  EXPECT_TRUE(p.ok()) << fen;
  return p.ok() ? *p : Draughts();
}

std::set<std::string> names(const Draughts& p, const std::vector<Move>& moves) {
  std::set<std::string> s;
  for (const Move& m : moves) s.insert(move_text(p, m));
  return s;
}

StracheySettings strategy(int n, int king_eighths) {
  StracheySettings s;
  s.strategy = n;
  s.king_eighths = king_eighths;
  return s;
}

TEST(Strachey, TakesAKingRatherThanAMan) {
  // 7x16 takes the king on 11 (3), 14x23 the man on 18 (1): a free choice, valued by material.
  const Draughts p = from_fen("B:W18,K11:B7,14");
  StracheySettings s = strategy(1, 24);
  s.stages = 1;
  const auto c = strachey_choices(p, s);
  EXPECT_EQ(names(p, c.equal), std::set<std::string>{"7x16"});
  EXPECT_EQ(c.value, 16 - 8);  // two men against one man, in eighths
}

TEST(Strachey, Strategy1IsFullWidthMinimaxOnMaterial) {
  // The alpha-beta root value equals plain minimax to the same number of stages.
  Draughts p;
  for (const std::string& fen : {std::string(kStartFen), std::string("B:W5,19,22:B4,11,13"),
                                 std::string("W:W18,22,25,K11:B7,14,15,K27")}) {
    Draughts q = from_fen(fen);
    for (int stages = 1; stages <= 4; ++stages) {
      StracheySettings s = strategy(1, 24);
      s.stages = stages;
      const auto c = strachey_choices(q, s);
      const auto mm = search::minimax(q, stages, StracheyMaterial{8, 24});
      EXPECT_EQ(c.value, mm.score) << fen << " stages " << stages;
    }
  }
}

TEST(Strachey, ChoosesAtRandomAmongEqualMoves) {
  const Draughts start;
  StracheySettings s = strategy(1, 24);
  s.stages = 1;
  EXPECT_EQ(strachey_choices(start, s).equal.size(), 7u);  // nothing is taken in one stage
  std::set<std::string> chosen;
  for (int seed = 0; seed < 30; ++seed) {
    StracheyMachine machine(1, static_cast<std::uint64_t>(seed));
    ASSERT_TRUE(machine.set_option("Stages", "1").ok());
    chosen.insert(move_text(start, machine.choose(start, {}).move));
  }
  EXPECT_GE(chosen.size(), 4u);
}

// White's man on 5 crowns next move (5-1) and Black cannot stop it; Black can only offer a man
// (11-15, 11-16 or 13-17), which White must take at once. Then White crowns all the same.
constexpr const char* kCrowningFen = "B:W5,19,22:B4,11,13";

TEST(Strachey, Strategy1SacrificesToPostponeACrowning) {
  const Draughts p = from_fen(kCrowningFen);
  const auto c = strachey_choices(p, strategy(1, 24));  // three stages
  // A man lost (-1) looks better than a king made (-2): the crowning is over the horizon.
  EXPECT_EQ(names(p, c.equal), (std::set<std::string>{"11-15", "11-16", "13-17"}));
  EXPECT_EQ(c.value, -8);
}

TEST(Strachey, Strategy2SeesTheCrowningAndKeepsItsMen) {
  const Draughts p = from_fen(kCrowningFen);
  const auto c = strachey_choices(p, strategy(2, 23));
  EXPECT_EQ(names(p, c.equal), std::set<std::string>{"4-8"});
  EXPECT_EQ(c.value, -15);  // the opponent's man becomes a king: 2 7/8 - 1
  // With the king at 3, two men sacrificed in four stages equal one king made: Strachey's reason
  // for 2 7/8. Every move is then equal.
  const auto three = strachey_choices(p, strategy(2, 24));
  EXPECT_EQ(names(p, three.equal), (std::set<std::string>{"4-8", "11-15", "11-16", "13-17"}));
  EXPECT_EQ(three.value, -16);
  // The machine itself, with its default (strategy 2), keeps its men.
  StracheyMachine machine;
  EXPECT_EQ(move_text(p, machine.choose(p, {}).move), "4-8");
}

// Replays Strachey's printed game (Bowden 1953) and counts the machine's (Black's) moves that are
// among strategy 2's moves of best value in their position; `wrong` receives the others.
int machine_moves_among_best(bool count_last_move, std::vector<std::string>& wrong) {
  StracheySettings s = strategy(2, 23);
  s.count_last_move = count_last_move;
  Draughts p;
  int found = 0;
  for (std::size_t i = 0; i < test::kStracheyGame.size(); ++i) {
    auto m = parse_strachey_move(p, test::kStracheyGame[i]);
    EXPECT_TRUE(m.ok());
    if (!m.ok()) return found;
    if (p.side_to_move() == kBlack) {
      const auto c = strachey_choices(p, s);
      if (std::find(c.equal.begin(), c.equal.end(), *m) != c.equal.end())
        ++found;
      else
        wrong.push_back(std::to_string(i / 2 + 1) + ". " + test::kStracheyGame[i]);
    }
    p.play(*m);
  }
  return found;
}

TEST(Strachey, ReproducesTheMachinesMovesInStracheysGame) {
  // 34 machine moves. Counting from the root, all but one are among strategy 2's best: at move 26
  // it finds 31—26 better than the machine's 10—15. Counting the opponent's last move as well, all
  // 34 are.
  std::vector<std::string> wrong;
  EXPECT_EQ(machine_moves_among_best(false, wrong), 33);
  EXPECT_EQ(wrong, std::vector<std::string>{"26. 10—15"});
  wrong.clear();
  EXPECT_EQ(machine_moves_among_best(true, wrong), 34);
  EXPECT_TRUE(wrong.empty());
}

TEST(Strachey, PlaysWholeGamesAgainstItself) {
  StracheyMachine one(1, 5), two(2, 6);
  Draughts game;
  int plies = 0;
  while (game.outcome() == Outcome::none && plies < 400) {
    StracheyMachine& mover = game.side_to_move() == kBlack ? one : two;
    const auto t = mover.choose(game, {});
    Draughts::MoveList legal;
    game.generate_moves(legal);
    ASSERT_TRUE(legal.contains(t.move)) << game.to_string();
    EXPECT_FALSE(t.explanation.empty());
    game.play(t.move);
    ++plies;
  }
  EXPECT_NE(game.outcome(), Outcome::none) << game.to_string();
}

TEST(Strachey, OptionsAreChecked) {
  StracheyMachine m;
  EXPECT_EQ(m.settings().strategy, 2);
  EXPECT_EQ(m.settings().king_eighths, 23);
  ASSERT_TRUE(m.set_option("strategy", "1").ok());
  EXPECT_EQ(m.settings().king_eighths, 24);
  auto bad = m.set_option("Stages", "7");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().find("Stages"), std::string::npos) << bad.error();
  EXPECT_FALSE(m.set_option("Depth", "3").ok());
  ASSERT_TRUE(m.set_option("CountLastMove", "true").ok());
  EXPECT_TRUE(m.settings().count_last_move);
  EXPECT_FALSE(m.set_option("CountLastMove", "maybe").ok());
}

}  // namespace
}  // namespace minimax::draughts
