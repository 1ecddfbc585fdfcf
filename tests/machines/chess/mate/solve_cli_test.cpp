// `minimax solve mate|selfmate|helpmate`: output and bad input (through the hook the solve command
// calls, so the test does not depend on the dispatcher).
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "cli/solve_chess.hpp"

namespace minimax::cli {
namespace {

int solve(std::string_view kind, std::vector<std::string> args, std::string& out,
          std::string& err) {
  std::istringstream in;
  std::ostringstream o, e;
  const int rc = solve_chess_problem(kind, Args(args), in, o, e);
  out = o.str();
  err = e.str();
  return rc;
}

const std::vector<std::string> kPrinz = {"5Kbk/6pp/6P1/8/8/8/8/7R", "w", "-", "-", "0", "1"};

std::vector<std::string> with(std::vector<std::string> head, const std::vector<std::string>& tail) {
  head.insert(head.end(), tail.begin(), tail.end());
  return head;
}

TEST(SolveCli, MateInTwoPrintsTheKeyAndTheProof) {
  std::string out, err;
  ASSERT_EQ(solve("mate", with({"2"}, kPrinz), out, err), 0) << err;
  EXPECT_NE(out.find("1.Rh1-h6 !"), std::string::npos) << out;
  EXPECT_NE(out.find("2.g6-g7 #"), std::string::npos) << out;
  EXPECT_NE(out.find("1 key; no shorter solution (proved)"), std::string::npos) << out;
  EXPECT_NE(out.find("nodes"), std::string::npos);
}

TEST(SolveCli, FenAsOneTokenAndJson) {
  std::string out, err;
  ASSERT_EQ(solve("mate", {"2", "5Kbk/6pp/6P1/8/8/8/8/7R w - - 0 1", "--json"}, out, err), 0)
      << err;
  EXPECT_NE(out.find("\"key\":\"Rh1-h6\""), std::string::npos) << out;
  EXPECT_NE(out.find("\"shorter_exists\":false"), std::string::npos) << out;
  EXPECT_NE(out.find("\"complete\":true"), std::string::npos) << out;
}

TEST(SolveCli, ShorterMateIsReported) {
  std::string out, err;
  ASSERT_EQ(solve("mate", with({"3"}, kPrinz), out, err), 0) << err;
  EXPECT_NE(out.find("a shorter solution exists: #2"), std::string::npos) << out;
}

TEST(SolveCli, PrinzTraceEndsWithMate) {
  std::string out, err;
  ASSERT_EQ(solve("mate", with({"2"}, with(kPrinz, {"--prinz", "--trace"})), out, err), 0) << err;
  EXPECT_EQ(out.substr(0, 12), "Pawn to 78.\n");
  EXPECT_NE(out.find("Rook to 68.\nMATE.\n"), std::string::npos) << out;
}

TEST(SolveCli, SelfmateAndHelpmate) {
  std::string out, err;
  ASSERT_EQ(solve("selfmate", {"2", "7k/8/8/5Q2/8/2p5/p1p1p3/2KbN3 w - - 0 1"}, out, err), 0)
      << err;
  EXPECT_NE(out.find("1.Qf5-f7 !"), std::string::npos) << out;
  ASSERT_EQ(solve("helpmate", {"3", "RK6/P7/2q5/8/8/8/6P1/3N1k2 b - - 0 1"}, out, err), 0) << err;
  EXPECT_NE(out.find("1.Qc6*a8 + Kb8-c7 2.Qa8*g2 a7-a8=Q 3.Qg2-e2 Qa8-h1 #"), std::string::npos)
      << out;
  EXPECT_NE(out.find("1 solution"), std::string::npos) << out;
}

TEST(SolveCli, ProofNumberMethodGivesTheSameSolution) {
  std::string ab, pn, err;
  const std::vector<std::string> self = {"2", "7k/8/8/5Q2/8/2p5/p1p1p3/2KbN3 w - - 0 1"};
  ASSERT_EQ(solve("selfmate", self, ab, err), 0) << err;
  ASSERT_EQ(solve("selfmate", with(self, {"--method", "proof-number"}), pn, err), 0) << err;
  const std::size_t at_ab = ab.rfind("nodes"), at_pn = pn.rfind("nodes");
  EXPECT_EQ(pn.substr(0, at_pn), ab.substr(0, at_ab));
  // ... by another search: the node counts differ ("nodes N  time T").
  EXPECT_NE(pn.substr(at_pn, pn.find(' ', at_pn + 6) - at_pn),
            ab.substr(at_ab, ab.find(' ', at_ab + 6) - at_ab));
}

TEST(SolveCli, ThreadsGiveTheSameSolution) {
  std::string one, two, err;
  const std::vector<std::string> mate = {
      "3", "r1b2k1r/ppp1bppp/8/1B1Q4/5q2/2P5/PPP2PPP/R3R1K1 w - - 0 1"};
  ASSERT_EQ(solve("mate", mate, one, err), 0) << err;
  ASSERT_EQ(solve("mate", with(mate, {"--threads", "2"}), two, err), 0) << err;
  EXPECT_EQ(two.substr(0, two.rfind("nodes")), one.substr(0, one.rfind("nodes")));
  EXPECT_NE(one.find("1.Qd5-d8 + !"), std::string::npos) << one;
}

TEST(SolveCli, NoSolutionIsSaid) {
  std::string out, err;
  ASSERT_EQ(solve("mate", {"2", "8/8/8/8/8/8/8/k1K5 w - - 0 1"}, out, err), 0) << err;
  EXPECT_NE(out.find("no solution (proved: no #2)"), std::string::npos) << out;
}

TEST(SolveCli, BadInputIsOneLineAndNonZero) {
  struct Case {
    std::string kind;
    std::vector<std::string> args;
    std::string says;
  };
  const std::vector<Case> cases = {
      {"mate", {"2", "5Kbk/6pp/6P1/8/8/8/8/7X w - - 0 1"}, "bad FEN"},
      {"mate", {"2", "5Kbk/6pp/6P1/8/8/8/8 w - - 0 1"}, "bad FEN"},
      {"mate", {"0", "5Kbk/6pp/6P1/8/8/8/8/7R w - - 0 1"}, "out of range"},
      {"mate", {"99", "5Kbk/6pp/6P1/8/8/8/8/7R w - - 0 1"}, "out of range"},
      {"mate", {"two", "5Kbk/6pp/6P1/8/8/8/8/7R w - - 0 1"}, "'two'"},
      {"stalemate", {"2", "5Kbk/6pp/6P1/8/8/8/8/7R w - - 0 1"}, "unknown stipulation 'stalemate'"},
      {"mate", {"2"}, "missing FEN"},
      {"mate", {}, "missing N"},
      {"mate", {"2", "5Kbk/6pp/6P1/8/8/8/8/7R w - - 0 1", "--frob"}, "'--frob'"},
      {"mate", {"2", "5Kbk/6pp/6P1/8/8/8/8/7R w - - 0 1", "--time", "-1"}, "--time"},
      {"mate", {"2", "5Kbk/6pp/6P1/8/8/8/8/7R w - - 0 1", "--method", "fast"}, "'fast'"},
      {"mate", {"2", "5Kbk/6pp/6P1/8/8/8/8/7R w - - 0 1", "--threads", "0"}, "--threads"},
      {"problem",
       {"ser-r#2", "5Kbk/6pp/6P1/8/8/8/8/7R w - - 0 1"},
       "unknown stipulation 'ser-r#2'"},
      {"problem", {"h#0", "5Kbk/6pp/6P1/8/8/8/8/7R b - - 0 1"}, "out of range"},
      {"problem", {"ser-h#31", "5Kbk/6pp/6P1/8/8/8/8/7R b - - 0 1"}, "out of range"},
      {"problem", {"h#0.5", "k7/8/8/8/8/8/8/R1K5 w - - 0 1"}, "(black) is in check"},
      {"problem", {"h=2", "5Kbk/6pp/6P1/8/8/8/8/7R b - - 0 1", "--prinz"}, "--prinz"},
      {"problem", {}, "missing STIPULATION"},
  };
  for (const Case& c : cases) {
    std::string out, err;
    EXPECT_NE(solve(c.kind, c.args, out, err), 0) << c.says;
    EXPECT_NE(err.find(c.says), std::string::npos) << err;
    EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
  }
}

TEST(SolveCli, HelpSaysUsage) {
  std::string out, err;
  EXPECT_EQ(solve("mate", {"--help"}, out, err), 0);
  EXPECT_EQ(out.rfind("usage:", 0), 0u);
}

}  // namespace
}  // namespace minimax::cli
