// Game trees drawn and solved: Shannon's fig. 2, the lecture-style exercise, real games, bad files.
#include "search/game_tree.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "../test_paths.hpp"
#include "games/nim/nim.hpp"
#include "games/tictactoe/tictactoe.hpp"
#include "search/alpha_beta.hpp"
#include "search/minimax.hpp"
#include "search/tree_file.hpp"
#include "search/tree_render.hpp"
#include "xml_check.hpp"

namespace minimax::search {
namespace {

std::string read(const std::string& name) {
  std::ifstream f(test::project_test_data("trees/" + name));
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

ExplicitTree load(const std::string& name) {
  auto t = ExplicitTree::parse(read(name));
  EXPECT_TRUE(t.ok()) << (t.ok() ? "" : t.error());
  return *t;
}

TEST(GameTree, ShannonsFigureTwo) {
  ExplicitTree t = load("shannon_fig2.tree");
  EXPECT_EQ(t.height(), 2);
  auto tree = build_tree(t, t.height(), LeafValueForMover{}, false);
  ASSERT_TRUE(tree.ok());
  // "Minimizing on the upper three gives +1 ... the second and third moves lead to values of -7
  // and -6. Maximizing on White's move, we obtain +1 with the upper move as White's best choice."
  EXPECT_EQ(tree->root_value(), 1);
  const auto& root = tree->nodes[0];
  ASSERT_EQ(root.children.size(), 3u);
  EXPECT_EQ(tree->nodes[static_cast<std::size_t>(root.children[0])].value, 1);
  EXPECT_EQ(tree->nodes[static_cast<std::size_t>(root.children[1])].value, -7);
  EXPECT_EQ(tree->nodes[static_cast<std::size_t>(root.children[2])].value, -6);
  const auto line = tree->principal_line();
  ASSERT_EQ(line.size(), 2u);
  EXPECT_EQ(line[0], root.children[0]);
  EXPECT_EQ(tree->nodes[static_cast<std::size_t>(line[0])].move, "upper");
  EXPECT_EQ(tree->searched, 13u);  // the root, three White moves, nine Black replies
  // The generic minimax and alpha-beta agree.
  auto mm = minimax(t, 2, LeafValueForMover{});
  EXPECT_EQ(mm.score, 1);
  EXPECT_EQ(t.move_to_string(*mm.best), "upper");
  auto ab = alpha_beta(t, 2, LeafValueForMover{});
  EXPECT_EQ(ab.score, 1);
  EXPECT_EQ(ab.nodes, 10u);
  // With alpha-beta: the middle move is refuted by its second reply (-7 < +1), the lower by its
  // first (-6), so three replies are pruned; the tree's count matches the search's.
  auto pruned = build_tree(t, 2, LeafValueForMover{}, true);
  ASSERT_TRUE(pruned.ok());
  EXPECT_EQ(pruned->root_value(), 1);
  EXPECT_EQ(pruned->searched, ab.nodes);
  int cut = 0;
  for (const auto& n : pruned->nodes) cut += n.kind == NodeValue::pruned;
  EXPECT_EQ(cut, 3);
  EXPECT_EQ(value_text(pruned->nodes[static_cast<std::size_t>(root.children[1])]), "<=-7");
}

TEST(GameTree, SvgIsWellFormedAndShowsEveryValue) {
  ExplicitTree t = load("shannon_fig2.tree");
  for (bool alphabeta : {false, true}) {
    auto tree = build_tree(t, 2, LeafValueForMover{}, alphabeta);
    ASSERT_TRUE(tree.ok());
    const std::string svg = render_svg(*tree, {"Shannon, fig. 2 <&>"});
    EXPECT_EQ(test::xml_problem(svg), "") << svg;
    for (const auto& n : tree->nodes) {
      if (n.kind == NodeValue::pruned) continue;
      std::string v = value_text(n);
      // In XML text >= and <= are escaped.
      for (std::size_t p; (p = v.find('>')) != std::string::npos;) v.replace(p, 1, "&gt;");
      for (std::size_t p; (p = v.find('<')) != std::string::npos;) v.replace(p, 1, "&lt;");
      EXPECT_NE(svg.find(">" + v + "</text>"), std::string::npos) << v;
    }
    EXPECT_NE(svg.find("value +1, best move upper"), std::string::npos);
    const std::string dot = render_dot(*tree);
    EXPECT_EQ(dot.rfind("digraph", 0), 0u);
    EXPECT_NE(dot.find("color=red"), std::string::npos);
    if (alphabeta) {
      EXPECT_NE(dot.find("style=dashed"), std::string::npos);
    }
  }
  // xmllint, when installed, agrees (optional: the test above does not need it).
  if (std::system("command -v xmllint >/dev/null 2>&1") == 0) {
    auto tree = build_tree(t, 2, LeafValueForMover{}, true);
    const std::string path = ::testing::TempDir() + "fig2.svg";
    std::ofstream(path) << render_svg(*tree, {"fig. 2"});
    EXPECT_EQ(std::system(("xmllint --noout " + path).c_str()), 0);
  }
}

TEST(GameTree, TheLectureExercise) {
  ExplicitTree t = load("lecture_exercise.tree");
  auto full = build_tree(t, t.height(), LeafValueForMover{}, false);
  auto cut = build_tree(t, t.height(), LeafValueForMover{}, true);
  ASSERT_TRUE(full.ok() && cut.ok());
  EXPECT_EQ(full->root_value(), 6);
  EXPECT_EQ(cut->root_value(), 6);
  EXPECT_LT(cut->searched, full->searched);
  EXPECT_EQ(cut->searched, alpha_beta(t, t.height(), LeafValueForMover{}).nodes);
  EXPECT_EQ(full->searched, minimax(t, t.height(), LeafValueForMover{}).nodes);
  std::printf("[tree] lecture exercise: minimax %llu nodes, alpha-beta %llu\n",
              (unsigned long long)full->searched, (unsigned long long)cut->searched);
}

TEST(GameTree, RealGames) {
  // Noughts and crosses two plies deep from the empty board: 1 + 9 + 72 nodes.
  tictactoe::TicTacToe t;
  auto tree = build_tree(
      t, 2, [](const tictactoe::TicTacToe&) { return 0; }, false);
  ASSERT_TRUE(tree.ok());
  EXPECT_EQ(tree->nodes.size(), 82u);
  EXPECT_EQ(test::xml_problem(render_svg(*tree)), "");
  // Nim 3 2 (misere, k = 1) to the end: the tree's value agrees with minimax and alpha-beta, and
  // the alpha-beta tree visits exactly as many nodes as alpha_beta().
  auto nim = nim::Nim::make({3, 2}, nim::Rules{1, true});
  ASSERT_TRUE(nim.ok());
  auto zero = [](const nim::Nim&) { return 0; };
  auto full = build_tree(*nim, 10, zero, false, 100000);
  auto cut = build_tree(*nim, 10, zero, true, 100000);
  ASSERT_TRUE(full.ok() && cut.ok());
  EXPECT_EQ(full->root_value(), minimax(*nim, 10, zero).score);
  EXPECT_EQ(cut->root_value(), full->root_value());
  EXPECT_EQ(cut->searched, alpha_beta(*nim, 10, zero).nodes);
  EXPECT_EQ(test::xml_problem(render_svg(*cut)), "");
  // Too big a tree is an error, not a crash.
  auto big = build_tree(
      t, 9, [](const tictactoe::TicTacToe&) { return 0; }, false, 1000);
  EXPECT_FALSE(big.ok());
}

TEST(GameTree, MalformedFilesSayWhere) {
  auto unclosed = ExplicitTree::parse(read("bad_unclosed.tree"));
  ASSERT_FALSE(unclosed.ok());
  EXPECT_NE(unclosed.error().find("never closed"), std::string::npos) << unclosed.error();
  EXPECT_NE(unclosed.error().find("line 2"), std::string::npos) << unclosed.error();
  auto token = ExplicitTree::parse(read("bad_token.tree"));
  ASSERT_FALSE(token.ok());
  EXPECT_NE(token.error().find("'four'"), std::string::npos) << token.error();
  EXPECT_NE(token.error().find("line 2, column 12"), std::string::npos) << token.error();
  for (const char* bad : {"", "   # only a comment\n", "()", "(1 2))", ")", "(1 (2 3) x:)",
                          "(1 :2)", "(1 99999999999)", "((1) (2)) 3", "(1 2", "(1 2.5)"}) {
    auto r = ExplicitTree::parse(bad);
    EXPECT_FALSE(r.ok()) << "'" << bad << "' parsed";
    if (!r.ok()) {
      EXPECT_EQ(r.error().find('\n'), std::string::npos);
    }
  }
  auto ok = ExplicitTree::parse("(a:1, b:(2 3)) # fine");
  ASSERT_TRUE(ok.ok());
  EXPECT_EQ(ok->size(), 5u);
}

}  // namespace
}  // namespace minimax::search
