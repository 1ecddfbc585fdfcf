// `minimax solve nim|tictactoe` and `minimax tree`: what they print, and one clear line for bad
// input.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "../test_paths.hpp"
#include "cli/commands.hpp"
#include "xml_check.hpp"

namespace minimax::cli {
namespace {

struct Run {
  int rc;
  std::string out, err;
};

Run run(std::vector<std::string> args, const std::string& input = "") {
  std::istringstream in(input);
  std::ostringstream o, e;
  const int rc = run_main(args, in, o, e);
  return {rc, o.str(), e.str()};
}

bool one_line(const std::string& s) { return std::count(s.begin(), s.end(), '\n') == 1; }

TEST(SolveCli, NimValueAndEveryWinningMove) {
  auto r = run({"solve", "nim", "7", "4", "5", "2", "--k", "2", "--misere"});
  EXPECT_EQ(r.rc, 0) << r.err;
  EXPECT_NE(r.out.find("value: win for the player to move"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("winning moves (1 of 133)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("A2 D1 (leaves 5 4 5 1)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Nimrod: case (a), plays A2 D1"), std::string::npos) << r.out;
  // Normal play, k = 1: 3 4 5 has nim-sum 2, and three winning moves? Only one: 3 -> 1.
  auto n = run({"solve", "nim", "3,4,5"});
  EXPECT_EQ(n.rc, 0);
  EXPECT_NE(n.out.find("winning moves (1 of 12)"), std::string::npos) << n.out;
  EXPECT_NE(n.out.find("A2 (leaves 1 4 5)"), std::string::npos) << n.out;
  // A losing position: no winning move, Nimrod moves at random.
  auto p = run({"solve", "nim", "5", "4", "5", "1", "--k", "2", "--misere"});
  EXPECT_NE(p.out.find("value: loss"), std::string::npos);
  EXPECT_NE(p.out.find("none"), std::string::npos);
  EXPECT_NE(p.out.find("random move"), std::string::npos);
  // Bowden's universal-computer size: Moore's rule answers without listing billions of moves.
  auto big = run({"solve", "nim", "31", "30", "29", "28", "27", "26", "25", "24", "--k", "7"});
  EXPECT_EQ(big.rc, 0);
  EXPECT_NE(big.out.find("too many moves"), std::string::npos) << big.out;
}

TEST(SolveCli, NimBadInput) {
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"solve", "nim"},
           {"solve", "nim", "7", "x4"},
           {"solve", "nim", "7", "-3"},
           {"solve", "nim", "7", "4", "--k", "0"},
           {"solve", "nim", "7", "4", "--k", "2"},  // k must be less than the number of heaps
           {"solve", "nim", "7", "4", "--k"},
           {"solve", "nim", "7", "4", "--k", "two"},
           {"solve", "nim", "7", "4", "--frobnicate"},
           {"solve", "nim", "99999999"},
           {"solve", "chequers"},
       }) {
    auto r = run(args);
    EXPECT_NE(r.rc, 0) << args.back();
    EXPECT_TRUE(one_line(r.err)) << args.back() << ": " << r.err;
  }
  auto r = run({"solve", "nim", "7", "x4"});
  EXPECT_NE(r.err.find("'x4'"), std::string::npos);
  auto k = run({"solve", "nim", "7", "4", "--k", "2"});
  EXPECT_NE(k.err.find("less than the number of heaps"), std::string::npos) << k.err;
}

TEST(SolveCli, TicTacToeStats) {
  auto r = run({"solve", "tictactoe", "--stats"});
  EXPECT_EQ(r.rc, 0) << r.err;
  EXPECT_NE(r.out.find("value: draw"), std::string::npos);
  EXPECT_NE(r.out.find("positions reachable: 5478"), std::string::npos);
  EXPECT_NE(r.out.find("possible games: 255168"), std::string::npos);
  // Nodes searched to the end from the empty board, squares tried in order 1-9: the whole tree
  // for minimax (a published count), and this program's alpha-beta signatures.
  EXPECT_NE(r.out.find("minimax               549946"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("alpha-beta            20866"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("alpha-beta with table 5476"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("iterative deepening   48851 (depths 1-9"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("retrograde solver     5478 positions, 16167 moves"), std::string::npos)
      << r.out;
}

TEST(SolveCli, TicTacToePosition) {
  auto r = run({"solve", "tictactoe", "x.o/.x./..o"});
  EXPECT_EQ(r.rc, 0);
  EXPECT_NE(r.out.find("6=draw*"), std::string::npos) << r.out;  // X must block 3-6-9
  auto win = run({"solve", "tictactoe", "xx./oo./..."});
  EXPECT_NE(win.out.find("value: win for X in 1 plies"), std::string::npos) << win.out;
  for (const auto& bad : {"xxxx.....", "x.q......", "x.o"}) {
    auto b = run({"solve", "tictactoe", bad});
    EXPECT_NE(b.rc, 0);
    EXPECT_TRUE(one_line(b.err)) << b.err;
  }
  EXPECT_NE(run({"solve", "tictactoe", "--fast"}).rc, 0);
}

TEST(TreeCli, ShannonsFigureTwo) {
  const std::string file = test::project_test_data("trees/shannon_fig2.tree").string();
  auto r = run({"tree", file});
  EXPECT_EQ(r.rc, 0) << r.err;
  EXPECT_EQ(test::xml_problem(r.out), "");
  EXPECT_NE(r.out.find("value +1, best move upper"), std::string::npos);
  for (const char* v : {">+1<", ">-7<", ">-6<", ">+3<", ">+4<", ">+2<", ">+5<", ">0<"})
    EXPECT_NE(r.out.find(v), std::string::npos) << v;
  auto ab = run({"tree", file, "--alphabeta"});
  EXPECT_EQ(test::xml_problem(ab.out), "");
  EXPECT_NE(ab.out.find(">pruned<"), std::string::npos);
  EXPECT_NE(ab.out.find("&lt;=-7"), std::string::npos);
  auto dot = run({"tree", file, "--alphabeta", "--dot"});
  EXPECT_EQ(dot.out.rfind("digraph", 0), 0u);
  auto text = run({"tree", file, "--text"});
  EXPECT_NE(text.out.find("upper [min] +1 *"), std::string::npos) << text.out;
}

TEST(TreeCli, RealGames) {
  auto t = run({"tree", "tictactoe", "xx./oo./...", "--alphabeta"});
  EXPECT_EQ(t.rc, 0) << t.err;
  EXPECT_EQ(test::xml_problem(t.out), "");
  EXPECT_NE(t.out.find("best move 3"), std::string::npos);
  auto n = run({"tree", "nim", "3", "2", "--misere", "--text"});
  EXPECT_EQ(n.rc, 0) << n.err;
  EXPECT_NE(n.out.find("value W"), std::string::npos) << n.out;  // 3 2 misere: first player wins
  auto big = run({"tree", "tictactoe", "--depth", "9"});
  EXPECT_NE(big.rc, 0);
  EXPECT_TRUE(one_line(big.err)) << big.err;
}

TEST(TreeCli, BadInput) {
  const std::string bad = test::project_test_data("trees/bad_unclosed.tree").string();
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"tree"},
           {"tree", bad},
           {"tree", test::project_test_data("trees/bad_token.tree").string()},
           {"tree", "/no/such/file.tree"},
           {"tree", "nim", "3", "x"},
           {"tree", "tictactoe", "xxx"},
           {"tree", "tictactoe", "--depth", "0"},
           {"tree", "tictactoe", "--depth"},
       }) {
    auto r = run(args);
    EXPECT_NE(r.rc, 0) << args.back();
    EXPECT_TRUE(one_line(r.err)) << args.back() << ": " << r.err;
  }
  auto r = run({"tree", bad});
  EXPECT_NE(r.err.find("never closed"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace minimax::cli
