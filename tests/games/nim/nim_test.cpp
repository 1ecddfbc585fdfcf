// Nim and Nim_k: the rules, the notation, the playout test, and Moore's rule against the solver.
#include "games/nim/nim.hpp"

#include <gtest/gtest.h>

#include <set>

#include "../playout.hpp"
#include "games/nim/moore.hpp"
#include "search/retrograde.hpp"

namespace minimax::nim {
namespace {

Nim make(std::vector<int> heaps, int k, bool misere) {
  auto n = Nim::make(heaps, Rules{k, misere});
  EXPECT_TRUE(n.ok());
  return *n;
}

TEST(Nim, MovesOfTheMultipleGame) {
  // 2 2 with k = 1: A1 A2 B1 B2; with k = 2 also the four moves altering both heaps.
  Nim a = make({2, 2}, 1, false);
  Nim::MoveList list;
  a.generate_moves(list);
  EXPECT_EQ(list.size(), 4u);
  Nim b = make({2, 2}, 2, false);
  b.generate_moves(list);
  EXPECT_EQ(list.size(), 8u);
  EXPECT_DOUBLE_EQ(b.count_moves(), 8.0);
  // 7 4 5 2 with k = 2: 18 single-heap moves, 28+35+14+20+8+10 = 115 two-heap moves.
  Nim c = make({7, 4, 5, 2}, 2, true);
  c.generate_moves(list);
  EXPECT_EQ(list.size(), 18u + 115u);
  EXPECT_DOUBLE_EQ(c.count_moves(), 133.0);
  EXPECT_EQ(c.move_to_string(list[0]), "A1");
}

TEST(Nim, EndOfGame) {
  Nim normal = make({0, 0}, 1, false);
  EXPECT_EQ(normal.outcome(), Outcome::loss);  // the other player took the last match
  Nim misere = make({0, 0}, 1, true);
  EXPECT_EQ(misere.outcome(), Outcome::win);  // the other player had to take it
  EXPECT_EQ(make({0, 1}, 1, true).outcome(), Outcome::none);
}

TEST(Nim, ParsesMovesAndSaysWhatIsWrong) {
  Nim n = make({7, 4, 5, 2}, 2, true);
  auto m = n.parse_move("a2 d1");
  ASSERT_TRUE(m.ok());
  EXPECT_EQ(n.move_to_string(*m), "A2 D1");
  EXPECT_EQ(n.after(*m), (std::vector<int>{5, 4, 5, 1}));
  EXPECT_NE(n.parse_move("E1").error().find("no heap E"), std::string::npos);
  EXPECT_NE(n.parse_move("B5").error().find("only 4"), std::string::npos);
  EXPECT_NE(n.parse_move("A1 B1 C1").error().find("at most 2"), std::string::npos);
  EXPECT_NE(n.parse_move("A").error().find("how many"), std::string::npos);
  EXPECT_NE(n.parse_move("A0").error().find("how many"), std::string::npos);
  EXPECT_NE(n.parse_move("A1 a2").error().find("twice"), std::string::npos);
  EXPECT_FALSE(n.parse_move("").ok());
  // A space between the letter and the number is forgiven.
  auto spaced = n.parse_move("A 3 d 1");
  ASSERT_TRUE(spaced.ok()) << spaced.error();
  EXPECT_EQ(n.move_to_string(*spaced), "A3 D1");
}

TEST(Nim, RejectsBadHeapsAndK) {
  EXPECT_NE(parse_heaps({"7", "x4"}).error().find("'x4'"), std::string::npos);
  EXPECT_NE(parse_heaps({"7", "-1"}).error().find("out of range"), std::string::npos);
  EXPECT_FALSE(parse_heaps({}).ok());
  EXPECT_EQ(*parse_heaps({"7,4", "5"}), (std::vector<int>{7, 4, 5}));
  EXPECT_FALSE(Nim::make({1, 2}, Rules{0, false}).ok());
  EXPECT_FALSE(Nim::make({1, 2}, Rules{17, false}).ok());
  EXPECT_FALSE(Nim::make(std::vector<int>(17, 1), Rules{1, false}).ok());
}

TEST(Nim, RandomPlayouts) {
  for (bool misere : {false, true}) {
    for (int k : {1, 2, 3}) {
      auto stats = test::check_random_playouts(make({7, 4, 5, 2}, k, misere), 40, 17 + k);
      EXPECT_EQ(stats.games, 40u);
    }
    test::check_random_playouts(make({31, 17, 9, 3, 0, 12, 25, 6}, 2, misere), 10, 5, 2000, 256);
  }
}

// Every position of `heaps` heaps of at most `most` matches, as vectors.
std::vector<std::vector<int>> all_positions(int heaps, int most) {
  std::vector<std::vector<int>> out;
  std::vector<int> h(static_cast<std::size_t>(heaps), 0);
  for (;;) {
    out.push_back(h);
    int i = 0;
    while (i < heaps && h[static_cast<std::size_t>(i)] == most)
      h[static_cast<std::size_t>(i++)] = 0;
    if (i == heaps) return out;
    ++h[static_cast<std::size_t>(i)];
  }
}

// Moore's rule (and its misere form) agrees with working back from the end on every position of up
// to 4 heaps of up to 7 matches, k = 1..3.
TEST(Nim, MooresRuleAgreesWithTheSolver) {
  for (bool misere : {false, true}) {
    for (int k = 1; k <= 3; ++k) {
      Nim start = make({7, 7, 7, 7}, k, misere);
      auto solved = search::RetrogradeSolver<Nim>::solve(start);
      ASSERT_TRUE(solved.ok());
      EXPECT_EQ(solved->positions(), 4096u);
      for (const auto& h : all_positions(4, 7)) {
        const auto label = solved->label(make(h, k, misere).key());
        ASSERT_TRUE(label.has_value());
        EXPECT_EQ(label->value == Outcome::loss, is_losing_for_mover(h, Rules{k, misere}))
            << "k=" << k << (misere ? " misere" : "") << " heaps " << h[0] << h[1] << h[2] << h[3];
        EXPECT_NE(label->value, Outcome::draw);
      }
    }
  }
}

// Michie (1966), fig. 1: three heaps of two coins, one or more coins from one heap, the player
// who takes the last coin wins. His graph codes a position by its heaps and whose turn it is.
// Michie's fig. 1 codes positions as three heap sizes (in any order) and the side to move; walking
// that graph gives 16 nodes, and his fig. 2 (the tree of partial plays) 22 leaves. The figures are
// not in the text we have, so these are our counts, checked by hand for the small cases.
constexpr std::size_t kMichieGraphNodes = 16;
constexpr std::uint64_t kMichiePlays = 22;
// With the heaps told apart (A, B, C) the solver's graph has 27 positions and 222 plays.
constexpr std::uint64_t kOrderedPlays = 222;

// Plays from a set of heaps to the end, heaps unordered (moves to equal sets are one move).
std::uint64_t unordered_plays(std::multiset<int> heaps) {
  std::set<std::multiset<int>> next;
  for (int x : heaps)
    for (int t = 1; t <= x; ++t) {
      auto c = heaps;
      c.erase(c.find(x));
      c.insert(x - t);
      next.insert(c);
    }
  if (next.empty()) return 1;
  std::uint64_t n = 0;
  for (const auto& c : next) n += unordered_plays(c);
  return n;
}

TEST(Nim, MichiesFigureOne) {
  Nim start = make({2, 2, 2}, 1, false);
  auto solved = search::RetrogradeSolver<Nim>::solve(start);
  ASSERT_TRUE(solved.ok());
  // "The value of the game is thus established as a win for the first player."
  EXPECT_EQ(solved->root().value, Outcome::win);
  EXPECT_EQ(solved->positions(), 27u);  // ordered heaps 0..2 each (the key ignores the turn)
  // Michie's coding: heaps as an unordered set plus the side to move; count the graph's nodes and
  // its terminal nodes by walking it.
  std::set<std::pair<std::multiset<int>, int>> nodes;
  std::vector<std::pair<Nim, int>> stack{{start, 0}};
  while (!stack.empty()) {
    auto [n, side] = stack.back();
    stack.pop_back();
    auto hs = n.heaps();
    if (!nodes.insert({std::multiset<int>(hs.begin(), hs.end()), side}).second) continue;
    Nim::MoveList moves;
    n.generate_moves(moves);
    for (const auto& m : moves) {
      Nim c = n;
      c.play(m);
      stack.push_back({c, 1 - side});
    }
  }
  // Counted here (the chapter's figure is not in the text we have): see docs/nimrod.md.
  EXPECT_EQ(nodes.size(), kMichieGraphNodes);
  // The first player's winning move: take a whole heap, leaving 2 2 0 (nim-sum zero).
  int winning = 0;
  Nim::MoveList moves;
  start.generate_moves(moves);
  for (const auto& m : moves) {
    Nim c = start;
    c.play(m);
    if (solved->label(c.key())->value == Outcome::loss) {
      ++winning;
      EXPECT_EQ(m.matches_taken(), 2);
    }
  }
  EXPECT_EQ(winning, 3);  // any of the three heaps
  // The tree of partial plays (Michie's fig. 2) has one leaf per play of the game.
  EXPECT_EQ(unordered_plays({2, 2, 2}), kMichiePlays);
  EXPECT_EQ(solved->count_games().value(), kOrderedPlays);
}

}  // namespace
}  // namespace minimax::nim
