// The problem solver (issue 6): Prinz's problem and trace (Bowden 1953), composed problems with
// complete key sets (vaeth/chessproblem, cross-checked with Popeye), and the short matetrack
// positions.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <tuple>

#include "../../../test_paths.hpp"
#include "machines/chess/mate/mate_targets.hpp"
#include "machines/chess/mate/notation.hpp"
#include "machines/chess/mate/prinz.hpp"
#include "problem_data.hpp"

namespace minimax::test::mate {
namespace {

inline constexpr const char* kPrinzFen = "5Kbk/6pp/6P1/8/8/8/8/7R w - - 0 1";

ProblemResult solve_fen(const std::string& fen, Stipulation s, int n, const Rules& rules = {}) {
  SolveOptions o;
  o.rules = rules;
  o.tt_log2 = 16;
  return solve_problem(*Position::from_fen(fen), s, n, o);
}

// Bowden 1953: "The move is R-R6", under the normal rules and under the machine's own.
TEST(MateSolver, PrinzProblemHasTheUniqueKeyRh6) {
  for (const Rules& rules : {Rules{}, Rules::prinz()}) {
    const ProblemResult r = solve_fen(kPrinzFen, Stipulation::direct, 2, rules);
    ASSERT_TRUE(r.complete);
    ASSERT_EQ(r.keys.size(), 1u);
    EXPECT_EQ(problem_move(*Position::from_fen(kPrinzFen), r.keys[0].key), "Rh1-h6");
    EXPECT_EQ(r.shortest, 2);               // no mate in one
    EXPECT_EQ(r.keys[0].threat_length, 0);  // a zugzwang: Black's bishop holds h7 while it stays
  }
}

// Bowden 1953 prints every first move the machine tried, then MATE.
TEST(MateSolver, PrinzTraceIsTheSeedsList) {
  const PrinzTrace t = prinz_trace(*Position::from_fen(kPrinzFen), 2, Rules::prinz());
  const std::vector<std::string> seed = {"Pawn to 78.", "Rook to 17.", "Rook to 16.", "Rook to 15.",
                                         "Rook to 14.", "Rook to 13.", "Rook to 12.", "Rook to 11.",
                                         "Rook to 28.", "Rook to 38.", "Rook to 48.", "Rook to 58.",
                                         "Rook to 68.", "MATE."};
  EXPECT_EQ(t.lines, seed);
  EXPECT_EQ(manchester_square(h6), 68);
  EXPECT_EQ(manchester_square(a1), 11);
  EXPECT_EQ(manchester_square(h8), 88);
}

// Bowden 1953: "about 450 possible moves (of which about 100 were illegal)". The literal reading of
// the method (prinz.hpp: construct, test for legality, master routine with cut-offs, the printed
// order at every level) constructs 525 moves, 116 of them illegal (docs/prinz.md).
TEST(MateSolver, PrinzMovesTriedUnderTheLiteralReading) {
  const PrinzCount c = prinz_count(*Position::from_fen(kPrinzFen), 2);
  EXPECT_EQ(problem_move(*Position::from_fen(kPrinzFen), c.key), "Rh1-h6");
  EXPECT_EQ(c.first_moves, 13u);  // the printed list
  EXPECT_EQ(c.tried, 525u);
  EXPECT_EQ(c.illegal, 116u);
  // White's first moves 13 (none illegal), Black's replies 20 (1), White's second moves 228 (36),
  // Black's moves constructed in the test for "no move" 264 (79).
  const std::uint64_t tried[4] = {13, 20, 228, 264}, illegal[4] = {0, 1, 36, 79};
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(c.tried_at[i], tried[i]) << "ply " << i;
    EXPECT_EQ(c.illegal_at[i], illegal[i]) << "ply " << i;
  }
}

TEST(MateSolver, PrinzRulesDropCastlingDoubleStepEnPassantPromotion) {
  auto pos = *Position::from_fen("r3k2r/1P6/8/3pP3/8/8/P7/R3K2R w KQkq d6 0 1");
  Position::MoveList all, prinz;
  pos.generate_moves(all);
  generate_problem_moves(pos, Rules::prinz(), prinz);
  int dropped = 0;
  for (const Move m : all) dropped += !prinz.contains(m);
  // 2 castlings, a2-a4, e5*d6 e.p., b7-b8 and b7*a8 with 4 pieces each.
  EXPECT_EQ(dropped, 2 + 1 + 1 + 8);
}

// Prinz: mate and stalemate are not told apart, so a stalemating move "mates".
TEST(MateSolver, PrinzRulesCountStalemateAsMate) {
  const std::string fen = "k7/8/1QK5/8/8/8/8/8 w - - 0 1";  // 1.Qb6-? : Qc7 or Qb5.. stalemate
  const ProblemResult orthodox = solve_fen(fen, Stipulation::direct, 1);
  const ProblemResult prinz = solve_fen(fen, Stipulation::direct, 1, Rules::prinz());
  EXPECT_GT(prinz.keys.size(), orthodox.keys.size());
}

TEST(MateSolver, NoSolutionIsAProof) {
  const ProblemResult r = solve_fen("8/8/8/8/8/8/8/k1K5 w - - 0 1", Stipulation::direct, 2);
  EXPECT_TRUE(r.complete);
  EXPECT_FALSE(r.solved());
  EXPECT_EQ(r.shortest, 0);
}

TEST(MateSolver, LimitsMarkTheAnswerIncomplete) {
  SolveOptions o;
  o.node_limit = 2000;
  o.tt_log2 = 12;
  const ProblemResult r = solve_problem(
      *Position::from_fen("1r3n2/2pB1pq1/1bR3p1/N2NR2b/KP1kpp1r/1p2p3/1PP2Q1n/8 w - - 0 1"),
      Stipulation::direct, 5, o);
  EXPECT_FALSE(r.complete);
}

TEST(MateSolver, StipulationsParseAndBadOnesAreRejected) {
  EXPECT_EQ(parse_stipulation("#2")->n, 2);
  EXPECT_EQ(parse_stipulation("s#4")->stipulation, Stipulation::self);
  EXPECT_TRUE(parse_stipulation("h#2.5")->half_move);
  EXPECT_FALSE(parse_stipulation("#0"));
  EXPECT_FALSE(parse_stipulation("#99"));
  EXPECT_FALSE(parse_stipulation("x#2"));
  EXPECT_FALSE(parse_stipulation("#two"));
  EXPECT_EQ(parse_stipulation("ser-h#7")->stipulation, Stipulation::series_help);
  EXPECT_EQ(parse_stipulation("SER-#5")->stipulation, Stipulation::series_mate);
  EXPECT_EQ(parse_stipulation("ser-=4")->stipulation, Stipulation::series_stalemate);
  EXPECT_EQ(parse_stipulation("ser-h=3")->stipulation, Stipulation::series_help_stalemate);
  EXPECT_EQ(parse_stipulation("s#3")->stipulation, Stipulation::self);
  EXPECT_TRUE(parse_stipulation("h=1.5")->half_move);
  EXPECT_FALSE(parse_stipulation("ser-#2.5"));  // a series has no half move
  EXPECT_FALSE(parse_stipulation("ser-r#2"));   // reflex play is not supported
  EXPECT_FALSE(parse_stipulation("ser-#"));
}

// Built-in facts for when ../shared is absent (from the vaeth set, cross-checked with Popeye).
TEST(MateSolver, BuiltInComposedProblems) {
  const std::vector<ProblemCase> cases = {
      {"cooked #3", "8/2P5/8/8/8/8/N7/k1K5 w - -", "#3", {"c7-c8=Q", "c7-c8=R"}},
      {"e.p. key", "7R/7p/5P1k/4PKpP/8/8/8/8 w - g6", "#2", {"h5*g6ep"}},
      {"no e.p.: none", "7R/7p/5P1k/4PKpP/8/8/8/8 w - -", "#2", {}},
      {"s#2 Elkies", "7k/8/8/5Q2/8/2p5/p1p1p3/2KbN3 w - -", "s#2", {"Qf5-f7"}},
      {"h#3 Kahl",
       "RK6/P7/2q5/8/8/8/6P1/3N1k2 b - -",
       "h#3",
       {"Qc6*a8 Kb8-c7 Qa8*g2 a7-a8=Q Qg2-e2 Qa8-h1"}},
  };
  SolveOptions o;
  o.tt_log2 = 16;
  for (const ProblemCase& c : cases) EXPECT_EQ(solve_normalised(c, o), c.expected) << c.source;
}

// The composers' stipulations with Popeye's semantics: each answer is Popeye 4.104's full solution
// set for the position (bench/popeye_problems.py sample, matetrack positions). As Popeye answers,
// help and series play list the solutions of every length up to N.
TEST(MateSolver, ComposersStipulationsAgreeWithPopeye) {
  const std::vector<ProblemCase> cases = {
      {"h=2",
       "8/8/8/5K2/7k/7p/7N/7N b - -",
       "h=2",
       {"Kh4-h5 Kf5-f4 Kh5-h4 Nh1-g3", "Kh4-h5 Kf5-f6 Kh5-h4 Kf6-g6",
        "Kh4-h5 Nh1-g3 Kh5-h4 Kf5-f4"}},
      {"h=3, with the h=2 lines",
       "8/8/8/5K2/7k/7p/7N/7N b - -",
       "h=3",
       {"Kh4-h5 Kf5-e4 Kh5-g5 Nh1-g3 Kg5-h4 Ke4-f4", "Kh4-h5 Kf5-e5 Kh5-g5 Nh1-g3 Kg5-h4 Ke5-f4",
        "Kh4-h5 Kf5-e6 Kh5-g5 Ke6-f7 Kg5-h4 Kf7-g6", "Kh4-h5 Kf5-f4 Kh5-h4 Nh1-g3",
        "Kh4-h5 Kf5-f6 Kh5-h4 Kf6-g6", "Kh4-h5 Nh1-g3 Kh5-h4 Kf5-f4",
        "Kh4-h5 Nh2-g4 Kh5-h4 Kf5-g6 h3-h2 Ng4-f2", "Kh4-h5 Nh2-g4 Kh5-h4 Ng4-f2 h3-h2 Kf5-g6",
        "Kh4-h5 Nh2-g4 h3-h2 Ng4-f2 Kh5-h4 Kf5-g6"}},
      {"ser-#3, shorter series too",
       "8/4N3/4n2K/3Np2p/6k1/6n1/4P1P1/8 w - -",
       "ser-#3",
       {"Ne7-g6 Nd5-e3", "Ne7-g6 e2-e4 Nd5-e3", "Ne7-g6 e2-e4 Nd5-f6", "e2-e4 Ne7-g6 Nd5-e3",
        "e2-e4 Ne7-g6 Nd5-f6"}},
      {"ser-=3", "4k3/5n2/5Q2/4p3/4N3/3K4/8/8 w - -", "ser-=3", {"Ne4-g5 Ng5*f7 Nf7*e5"}},
      {"ser-h#3",
       "8/5p2/8/5p2/5P2/p7/2K5/k1N5 b - -",
       "ser-h#3",
       {"a3-a2 Nc1-b3", "a3-a2 f7-f6 Nc1-b3", "f7-f6 a3-a2 Nc1-b3"}},
      {"ser-h=3", "8/8/8/5K2/7k/7p/7N/7N b - -", "ser-h=3", {"Kh4-h5 Kh5-h4 Kf5-g6"}},
      // Linß, IMR 1984, corrected 1995 (Popeye's intell.inp; its intelligent mode's line): solved
      // only toward the targets, where the pawn b3 already checking a king on a4 or c4 rules out
      // every target with the king there.
      {"ser-h#9, Linß",
       "8/8/knb5/npq5/rbr5/1P1K4/8/8 b - - 0 1",
       "ser-h#9",
       {"Bc6-b7 Na5-c6 Ra4-a5 Nb6-a4 Qc5-b6 Bb4-c5 b5-b4 Ka6-b5 Bb7-a6 b3*c4"}},
  };
  SolveOptions o;
  o.tt_log2 = 16;
  for (const ProblemCase& c : cases)
    EXPECT_EQ(solve_normalised(c, o), sorted(c.expected)) << c.source;
}

// All 70 of vaeth/chessproblem's tests: every key and no other (cooks), "no solution" cases.
TEST(MateSolver, VaethCollectionCompleteKeySets) {
  const auto dir = shared_data_dir();
  if (dir.empty()) GTEST_SKIP() << "../shared/data absent";
  const auto cases = read_vaeth(dir / "mates" / "vaeth_chessproblem_tests.epd");
  ASSERT_EQ(cases.size(), 70u);
  SolveOptions o;
  o.tt_log2 = 18;
  o.variation_depth = 1;
  int ok = 0;
  for (const ProblemCase& c : cases) {
    ProblemResult r;
    const auto got = solve_normalised(c, o, &r);
    EXPECT_TRUE(r.complete) << c.source;
    EXPECT_EQ(got, c.expected) << c.source << " " << c.fen << " " << c.stipulation;
    ok += got == c.expected;
  }
  EXPECT_EQ(ok, 70);
}

// matetrack's #1-#3 positions and every eighth #4: proved at the stated length, no shorter mate,
// Popeye's key set (all 297 #1-#5 in check-deep).
TEST(MateSolver, MatetrackShortMatesAgreeWithPopeye) {
  const auto dir = shared_data_dir();
  if (dir.empty()) GTEST_SKIP() << "../shared/data absent";
  const auto cases = read_matetrack_popeye(dir / "mates" / "matetrack_short_popeye.jsonl");
  ASSERT_EQ(cases.size(), 297u);
  SolveOptions o;
  o.tt_log2 = 18;
  o.variation_depth = 1;
  int tried = 0, fours = 0;
  for (const MatetrackCase& c : cases) {
    if (c.n > 4 || (c.n == 4 && fours++ % 8 != 0)) continue;
    ++tried;
    ProblemCase pc{"matetrack", c.fen, "#" + std::to_string(c.n), c.keys};
    ProblemResult r;
    EXPECT_EQ(solve_normalised(pc, o, &r), c.keys) << c.fen;
    EXPECT_EQ(r.shortest, c.n) << c.fen;
  }
  EXPECT_EQ(tried, 44 + 9);
}

// Every direct mate and selfmate of vaeth/chessproblem's set, and matetrack's #3 and every eighth
// #4 of its short sample.
std::vector<ProblemCase> direct_and_self_cases(const std::filesystem::path& dir) {
  std::vector<ProblemCase> cases;
  for (const ProblemCase& c : read_vaeth(dir / "mates" / "vaeth_chessproblem_tests.epd"))
    if (c.stipulation[0] == '#' || c.stipulation[0] == 's') cases.push_back(c);
  int fours = 0;
  for (const MatetrackCase& c :
       read_matetrack_popeye(dir / "mates" / "matetrack_short_popeye.jsonl"))
    if (c.n >= 3 && c.n <= 4 && (c.n == 3 || fours++ % 8 == 0))
      cases.push_back({"matetrack", c.fen, "#" + std::to_string(c.n), c.keys});
  return cases;
}

// A case solved: its keys, the solution as written (without the counts), and the nodes.
std::tuple<std::vector<std::string>, std::string, std::uint64_t> solved_text(const ProblemCase& c,
                                                                             SolveOptions o) {
  o.tt_log2 = 18;
  o.variation_depth = 1;
  o.time_limit_s = 120;  // a net for a search that never ends; each takes well under a second
  ProblemResult r;
  const auto keys = solve_normalised(c, o, &r);
  EXPECT_TRUE(r.complete) << c.source;
  std::ostringstream text;
  write_solution_text(text, *Position::from_fen(c.fen), r, o.rules);
  std::string t = text.str();
  t.erase(t.rfind("nodes "));  // the counts differ, the solution may not
  return std::make_tuple(keys, t, r.nodes);
}

// The proof-number search (df-pn) answers every direct mate and selfmate of the cases above as the
// AND/OR search does: the same keys (cooks included), the same "no solution", and the same
// solution tree written out (threats, defences, duals).
TEST(MateSolver, ProofNumbersAgreeWithTheAndOrSearch) {
  const auto dir = shared_data_dir();
  if (dir.empty()) GTEST_SKIP() << "../shared/data absent";
  const std::vector<ProblemCase> cases = direct_and_self_cases(dir);
  ASSERT_GE(cases.size(), 40u);
  int selfmates = 0;
  std::size_t other_counts = 0;
  for (const ProblemCase& c : cases) {
    SolveOptions o;
    o.method = SearchMethod::proof_number;
    const auto pn = solved_text(c, o);
    const auto ab = solved_text(c, {});
    EXPECT_EQ(std::get<0>(pn), c.expected) << c.source << " " << c.fen << " " << c.stipulation;
    EXPECT_EQ(std::get<1>(pn), std::get<1>(ab)) << c.source << " " << c.fen << " " << c.stipulation;
    selfmates += c.stipulation[0] == 's';
    other_counts += std::get<2>(pn) != std::get<2>(ab);
  }
  EXPECT_GT(selfmates, 0);
  // The two searches really differ: most problems take each a different number of nodes.
  EXPECT_GT(2 * other_counts, cases.size());
}

// Composed selfmates with the key their source prints (bench/data/selfmates.txt, which names each
// composer, publication and address): every s#2 and s#3 there has that key and no other. The
// s#4 and s#5 take longer and are in check-deep.
TEST(MateSolver, ComposedSelfmatesHaveTheirPrintedKeys) {
  int checked = 0;
  for (const ComposedSelfmate& c : read_composed_selfmates()) {
    if (c.n > 3 || c.printed_key.empty()) continue;
    SolveOptions o;
    o.tt_log2 = 18;
    o.variation_depth = 1;
    o.time_limit_s = 120;  // a net; each takes well under a second
    EXPECT_EQ(solved_selfmate_key(c, o), c.printed_key) << c.source;
    ++checked;
  }
  EXPECT_GE(checked, 20);
}

// The AND/OR search with its first moves shared among threads (three here, more than this
// machine's cores, so that they interleave) writes the same solution as with one, on every other
// case above and on help and series problems; the threads share one table, whose entries are
// read and written without locks.
TEST(MateSolver, ThreadsGiveTheSameSolution) {
  const auto dir = shared_data_dir();
  if (dir.empty()) GTEST_SKIP() << "../shared/data absent";
  std::vector<ProblemCase> cases;
  const std::vector<ProblemCase> direct = direct_and_self_cases(dir);
  for (std::size_t i = 0; i < direct.size(); i += 2) cases.push_back(direct[i]);  // every other
  ASSERT_GE(cases.size(), 20u);
  // Help and series play: vaeth's helpmates, the stipulations of
  // ComposersStipulationsAgreeWithPopeye and Kahl's h#3 posed as h#4 (13,056 lines), whose lines
  // must come in the same order.
  for (const ProblemCase& c : read_vaeth(dir / "mates" / "vaeth_chessproblem_tests.epd"))
    if (c.stipulation[0] == 'h') cases.push_back(c);
  for (const auto& [stip, fen] : std::vector<std::pair<std::string, std::string>>{
           {"h=3", "8/8/8/5K2/7k/7p/7N/7N b - -"},
           {"ser-#3", "8/4N3/4n2K/3Np2p/6k1/6n1/4P1P1/8 w - -"},
           {"ser-=3", "4k3/5n2/5Q2/4p3/4N3/3K4/8/8 w - -"},
           {"ser-h#3", "8/5p2/8/5p2/5P2/p7/2K5/k1N5 b - -"},
           {"ser-h=3", "8/8/8/5K2/7k/7p/7N/7N b - -"},
           {"h#4", "RK6/P7/2q5/8/8/8/6P1/3N1k2 b - - 0 1"}})
    cases.push_back({stip, fen, stip, {}});
  SolveOptions threads;
  threads.threads = 3;
  for (const ProblemCase& c : cases) {
    const auto one = solved_text(c, {});
    const auto three = solved_text(c, threads);
    if (!c.expected.empty()) {
      EXPECT_EQ(std::get<0>(three), c.expected) << c.source << " " << c.fen << " " << c.stipulation;
    }
    EXPECT_EQ(std::get<1>(three), std::get<1>(one))
        << c.source << " " << c.fen << " " << c.stipulation;
  }
}

}  // namespace
}  // namespace minimax::test::mate

namespace minimax::test::mate {
namespace {

// Each case solved by the intelligent method and by the default driver gives the plain search's
// written solution; with `threads`, every third case also with three threads sharing the targets.
// The number of the plain search's lines.
std::size_t expect_the_plain_lines(const std::vector<ProblemCase>& cases, bool threads) {
  SolveOptions plain, intelligent, automatic, three;
  plain.help_method = HelpMethod::plain;
  intelligent.help_method = three.help_method = HelpMethod::intelligent;
  three.threads = 3;
  std::size_t lines = 0;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const ProblemCase& c = cases[i];
    const auto reference = solved_text(c, plain);
    lines += std::get<0>(reference).size();
    EXPECT_EQ(std::get<1>(solved_text(c, intelligent)), std::get<1>(reference))
        << c.source << " " << c.fen << " " << c.stipulation;
    EXPECT_EQ(std::get<1>(solved_text(c, automatic)), std::get<1>(reference))
        << c.source << " " << c.fen << " " << c.stipulation;
    if (threads && i % 3 == 0) {
      EXPECT_EQ(std::get<1>(solved_text(c, three)), std::get<1>(reference))
          << c.source << " " << c.fen << " " << c.stipulation;
    }
  }
  return lines;
}

// Intelligent help and series play (mate_targets.hpp) finds exactly the lines of the plain search,
// in the same order, whether it runs from the start or after the automatic driver's plain trial:
// vaeth's and Popeye's helpmates, Kahl's h#3 posed as h#4 (13,056 lines), ten h#3 and h#2 from
// matetrack positions (Black to move), h#N.5, and positions where castling, promotion and the
// pieces' roles changing hands are in play.
TEST(MateSolver, IntelligentHelpPlayFindsThePlainLines) {
  const auto dir = shared_data_dir();
  if (dir.empty()) GTEST_SKIP() << "../shared/data absent";
  std::vector<ProblemCase> cases;
  for (const ProblemCase& c : read_vaeth(dir / "mates" / "vaeth_chessproblem_tests.epd"))
    if (c.stipulation.rfind("h#", 0) == 0) cases.push_back(c);
  auto toward_mate = [](const std::string& stip) {
    return stip.rfind("h#", 0) == 0 || stip.rfind("ser-h#", 0) == 0 || stip.rfind("ser-#", 0) == 0;
  };
  for (const char* name : {"help_play", "intell", "series_play"})
    for (const ProblemCase& c : read_popeye(dir / "popeye" / (std::string(name) + ".inp")).cases)
      if (toward_mate(c.stipulation) && !c.expect_illegal) cases.push_back(c);
  for (const auto& [stip, fen] : std::vector<std::pair<std::string, std::string>>{
           {"h#4", "RK6/P7/2q5/8/8/8/6P1/3N1k2 b - - 0 1"},
           {"h#2", "8/3pp2N/3pp1p1/3pk3/3p2P1/3P1K2/2P5/BN6 b - - 0 1"},
           {"h#3", "3K4/1p1N4/1p1k4/1P2p3/2p1P3/pBP5/P7/8 b - - 0 1"},
           {"h#3", "8/8/8/1K1k1B1p/P1N3P1/1P2B2p/1P5P/8 b - - 0 1"},
           {"h#3", "8/8/8/6B1/2K1k3/3N2p1/6P1/6N1 b - - 0 1"},
           {"h#3", "1r4RK/2n5/7k/8/8/8/8/8 b - - 0 1"},
           {"h#3", "3N4/kBp5/2p5/b1p5/1pP5/1K6/6P1/8 b - - 0 1"},
           {"h#2", "3k1KRB/3p1PP1/B1pP4/2P5/p7/8/8/8 b - - 0 1"},
           {"h#3", "1R6/8/p7/8/1B6/8/k6N/5K2 b - - 0 1"},
           {"h#3", "7k/p6P/7K/8/8/1P6/P7/8 b - - 0 1"},
           {"h#3", "8/7p/7p/7P/8/5BKN/8/5k2 b - - 0 1"},
           {"h#2.5", "8/8/8/6B1/2K1k3/3N2p1/6P1/6N1 w - - 0 1"},
           {"h#2", "8/8/6p1/6pp/6pk/6Rp/6PP/4K2R b K - 0 1"},
           {"h#2", "8/8/8/3ppp2/3pkp2/1B1ppp2/8/RN2K3 b Q - 0 1"},
           {"h#2", "8/1Rp5/3p4/3P4/2k5/8/8/R3K3 b Q - 0 1"},
           {"h#2", "8/8/2Q5/3ppp2/3pkp2/3ppp2/7P/R3K2R b KQ - 0 1"},
           {"ser-#3", "8/4N3/4n2K/3Np2p/6k1/6n1/4P1P1/8 w - -"},
           {"ser-h#3", "8/5p2/8/5p2/5P2/p7/2K5/k1N5 b - -"},
           {"ser-h#4", "8/2p5/2P5/3p1p2/3P1p2/2P1kp2/2K1prp1/1B2RbN1 b - - 0 1"},
           {"ser-h#4", "8/p1p5/p3p3/2K1P3/kP6/P7/1PP5/8 b - - 0 1"},
           {"ser-#4", "8/8/8/6B1/2K1k3/3N2p1/6P1/6N1 w - - 0 1"}})
    cases.push_back({stip, fen, stip, {}});
  ASSERT_GE(cases.size(), 23u);
  EXPECT_GT(expect_the_plain_lines(cases, true), 13056u);
}

// Asked for the intelligent method, a position with more targets than it keeps (pawns that may
// promote on every file: tens of millions, which once filled 24 GB) is solved by the plain search,
// with the same line (Popeye's h#7 from its own example files).
TEST(MateSolver, IntelligentWithTooManyTargetsSearchesPlainly) {
  SolveOptions o;
  o.tt_log2 = 16;
  o.help_method = HelpMethod::intelligent;
  const ProblemCase c{"h#7", "Bk6/bP1p1pPP/1n1P1P2/5p2/6p1/6pb/6p1/6K1 b - - 0 1", "h#7", {}};
  EXPECT_EQ(solve_normalised(c, o),
            std::vector<std::string>{"f5-f4 h7-h8=N f4-f3 Nh8-g6 f7*g6 g7-g8=B g6-g5 Bg8-e6 "
                                     "d7*e6 d6-d7 Kb8-c7 b7-b8=R e6-e5 d7-d8=Q"});
}

// A pawn changes file only by taking: the captures a pawn role needs, within the moves it may
// spend, and the squares it could take on (Ebersz's h#5: the f5 pawn becomes a rook on g6 in
// five moves only by taking on the g-file, f5-f4-f3-f2xg1=R-g6).
TEST(MateSolver, PawnRolesCountTheCapturesTheyNeed) {
  EXPECT_EQ(mate::pawn_captures_needed(black, f5, rook, g6, 5), 1);
  EXPECT_EQ(mate::pawn_captures_needed(black, f5, rook, g6, 6), 0);  // f1=R, Rg1, Rg6
  EXPECT_EQ(mate::pawn_captures_needed(black, f5, rook, g6, 4), mate::kUnreachable);
  EXPECT_EQ(mate::pawn_captures_needed(white, e2, pawn, e4, 1), 0);  // the double step
  EXPECT_EQ(mate::pawn_captures_needed(white, e2, pawn, g4, 2), 2);
  EXPECT_EQ(mate::pawn_captures_needed(white, e2, pawn, g3, 9),
            mate::kUnreachable);  // two files, one rank
  EXPECT_EQ(mate::capture_cone(white, e6),
            bb(d7) | bb(e7) | bb(f7) | bb(c8) | bb(d8) | bb(e8) | bb(f8) | bb(g8));
  EXPECT_EQ(popcount(mate::capture_cone(black, a2)), 2);  // a1, b1
}

// A target whose roles, alone on the board, leave the mated side a defence that nothing else could
// stop is dropped. Linß's ser-h#9 (8/8/knb5/npq5/rbr5/1P1K4/8/8 b): White has its king and the
// pawn, which mates by b3xc4 with the king on b5; every black man but the one taken on c4 has a
// role, so the roles are the whole mate. Where the knight a5 stays on a5 it takes on c4; in the
// solution it has gone to c6 (and the knight b6 to a4).
TEST(MateSolver, TargetsNoMateCanHoldAreDropped) {
  auto pos = Position::from_fen("8/8/knb5/npq5/rbr5/1P1K4/8/8 b - - 0 1");
  ASSERT_TRUE(pos);
  std::vector<mate::MateTarget> targets;
  ASSERT_TRUE(mate::mate_targets(*pos, black, 1, 9, 1000000, targets));
  auto role_to = [](const mate::MateTarget& t, Square from) {
    for (int i = 0; i < t.n; ++i)
      if (t.roles[i].now == from) return t.roles[i].target;
    return no_square;
  };
  int knight_stays = 0, solution = 0;
  for (const mate::MateTarget& t : targets) {
    if (t.roles[0].target != b5 || role_to(t, b3) != c4) continue;
    if (role_to(t, a5) == a5) ++knight_stays;
    if (role_to(t, a5) == c6 && role_to(t, b6) == a4 && role_to(t, c5) == b6 &&
        role_to(t, b4) == c5 && role_to(t, b5) == b4 && role_to(t, a4) == a5 &&
        role_to(t, c6) == a6)
      ++solution;
  }
  EXPECT_EQ(knight_stays, 0);
  EXPECT_EQ(solution, 1);
  // The cut asks that the mating side have no unit left without a role (such a unit might pin a
  // defender or guard a square): with a white rook on h5 those targets stay.
  auto with_rook = Position::from_fen("8/8/knb5/npq4R/rbr5/1P1K4/8/8 b - - 0 1");
  ASSERT_TRUE(with_rook);
  ASSERT_TRUE(mate::mate_targets(*with_rook, black, 1, 9, 1000000, targets));
  knight_stays = 0;
  for (const mate::MateTarget& t : targets)
    if (t.roles[0].target == b5 && role_to(t, b3) == c4 && role_to(t, a5) == a5) ++knight_stays;
  EXPECT_GT(knight_stays, 0);
}

// Geissler's h#7 (B1k5/1bp5/8/8/3r4/8/2q2p1r/5Kn1 b, Die Schwalbe 1991): White has its king and
// the bishop, Black seven men more, and both sides have moves to spare. A target is dropped when a
// black role can always stop the check, however White's king (with no role) stands: the bishop
// checking on c8 from h3 while a black rook stands on d8, which comes between on d7. A black pawn
// role that must change file has nothing to take (White's bishop has a role, its king cannot be
// taken). The solution's mate stays, and the search toward the targets finds the one line.
TEST(MateSolver, TargetsWhereABlackRoleStopsTheCheckAreDropped) {
  auto pos = Position::from_fen("B1k5/1bp5/8/8/3r4/8/2q2p1r/5Kn1 b - - 0 1");
  ASSERT_TRUE(pos);
  std::vector<mate::MateTarget> targets;
  ASSERT_TRUE(mate::mate_targets(*pos, black, 7, 7, 1000000, targets));
  auto stands = [](const mate::MateTarget& t, Color c, PieceType type, Square sq,
                   Square from = no_square) {
    for (int i = 0; i < t.n; ++i)
      if (t.roles[i].color == c && t.roles[i].target_type == type && t.roles[i].target == sq &&
          (from == no_square || t.roles[i].now == from))
        return true;
    return false;
  };
  int interposed = 0, file_changed = 0, solution = 0;
  for (const mate::MateTarget& t : targets) {
    if (t.roles[0].target == c8 && stands(t, white, bishop, h3) && stands(t, black, rook, d8))
      ++interposed;
    for (int i = 0; i < t.n; ++i)
      if (t.roles[i].color == black && t.roles[i].target_type == pawn &&
          file_of(t.roles[i].target) != file_of(t.roles[i].now))
        ++file_changed;
    if (t.roles[0].target == d7 && stands(t, white, king, d5) && stands(t, white, bishop, c6) &&
        stands(t, black, queen, e7, c2) && stands(t, black, rook, d8, d4) &&
        stands(t, black, bishop, c8, b7) && stands(t, black, pawn, c7))
      ++solution;
  }
  EXPECT_EQ(interposed, 0);
  EXPECT_EQ(file_changed, 0);
  EXPECT_EQ(solution, 1);
  EXPECT_LT(targets.size(), 300u);  // 4,941 when a role's defence was not looked at

  SolveOptions o;
  o.help_method = HelpMethod::intelligent;
  const ProblemCase c{"h#7", "B1k5/1bp5/8/8/3r4/8/2q2p1r/5Kn1 b - - 0 1", "h#7", {}};
  EXPECT_EQ(solve_normalised(c, o),
            std::vector<std::string>{"Bb7-h1 Ba8-g2 Qc2-h7 Kf1*f2 Rd4-d8 Kf2-e3 Kc8-d7 Bg2-a8 "
                                     "Bh1-b7 Ke3-d4 Bb7-c8 Kd4-d5 Qh7-e7 Ba8-c6"});
}

// Stalemate goals by the intelligent method: the plain search's lines, in its order, on matetrack
// positions posed as h=, ser-= and ser-h= problems (with and without solutions), and on composed
// help-stalemates from Popeye's hpint.inp (Bursać, Vitale, Berlinger, Bartel, Winterberg) whose
// plain search takes under a second.
TEST(MateSolver, IntelligentStalemateFindsThePlainLines) {
  std::vector<ProblemCase> cases;
  for (const auto& [stip, fen] : std::vector<std::pair<std::string, std::string>>{
           {"h=2", "8/8/8/3Q4/3p4/7K/6P1/4Nq1k b - - 0 1"},
           {"h=3", "2N5/3BB3/8/3k4/5p2/3K1P2/8/8 b - - 0 1"},
           {"h=3", "8/5K2/4N1Pk/B7/8/8/7p/6b1 b - - 0 1"},
           {"ser-=3", "4K2k/6pP/3p2P1/8/3P4/3N4/3P4/8 w - - 0 1"},
           {"ser-=4", "2N5/3BB3/8/3k4/5p2/3K1P2/8/8 w - - 0 1"},
           {"ser-h=3", "8/P7/P7/2P5/8/7p/5K2/3q3k b - - 0 1"},
           {"ser-h=3", "7N/7B/7B/7k/4p2b/7K/7n/7N b - - 0 1"},
           {"h=3", "8/2P5/3p4/2pP2p1/2P1K1k1/8/1p5P/8 b - - 0 1"},
           {"h=3", "7b/8/5R2/4KBk1/5N2/4p1n1/8/8 b - - 0 1"},
           {"h=3", "8/2p1p3/2P1B3/3K1P2/7p/6pN/6kp/7r b - - 0 1"},
           {"h=4", "kr6/b1p5/8/8/2K5/8/2P5/8 b - - 0 1"},
           {"h=5", "8/p6k/8/7P/8/1p6/1Pp2P2/2K5 b - - 0 1"}})
    cases.push_back({stip, fen, stip, {}});
  EXPECT_GT(expect_the_plain_lines(cases, false), 3000u);
}

// Help-stalemate by the intelligent method: a stalemate target gives every man of the stalemated
// side a role (it stands where the target puts it, unable to move, or is taken), so the moves each
// side's men need bound the search as in helpmates. Steudel's h=5 (Problemkiste 1994, from
// Popeye's hpint.inp) builds three black promotions; the plain search is open after 95 million
// nodes. Its stalemate is one target's roles: the black men a7, h5, g4, h4 and h3 stay, e2 becomes
// a knight on g2, h2 a bishop on h1, and b2 (a rook taken on b6) has none.
TEST(MateSolver, StalemateTargetsImmobiliseEveryMan) {
  auto pos = Position::from_fen("8/p7/B7/7p/P3K1pr/7b/1p2p2p/6k1 b - - 0 1");
  ASSERT_TRUE(pos);
  std::vector<mate::MateTarget> targets;
  ASSERT_TRUE(mate::mate_targets(*pos, black, 5, 5, 1000000, targets, true));
  ASSERT_FALSE(targets.empty());
  std::vector<std::tuple<Square, Square, PieceType>> stalemate = {
      {g1, g1, king}, {a7, a7, pawn},   {h5, h5, pawn},   {g4, g4, pawn},
      {h4, h4, rook}, {h3, h3, bishop}, {e2, g2, knight}, {h2, h1, bishop}};
  std::sort(stalemate.begin(), stalemate.end());
  int holding = 0;
  for (const mate::MateTarget& t : targets) {
    EXPECT_TRUE(t.every_mated_unit);
    std::vector<std::tuple<Square, Square, PieceType>> black_roles;
    for (int i = 0; i < t.n; ++i)
      if (t.roles[i].color == black)
        black_roles.emplace_back(t.roles[i].now, t.roles[i].target, t.roles[i].target_type);
    std::sort(black_roles.begin(), black_roles.end());
    holding += black_roles == stalemate;
  }
  EXPECT_GE(holding, 1);
  SolveOptions o;
  o.help_method = HelpMethod::intelligent;
  const ProblemCase c{"h=5", "8/p7/B7/7p/P3K1pr/7b/1p2p2p/6k1 b - - 0 1", "h=5", {}};
  ProblemResult r;
  EXPECT_EQ(solve_normalised(c, o, &r),
            std::vector<std::string>{"b2-b1=R a4-a5 Rb1-b6 a5*b6 e2-e1=N b6-b7 Ne1-g2 b7-b8=Q "
                                     "h2-h1=B Qb8-g3"});
  EXPECT_TRUE(r.complete);
  EXPECT_LT(r.nodes, 1000000u);
}

// The engine's `go mate N` hook: a proved shortest mate with a line to it.
TEST(MateSolver, FindMateGivesTheShortestMateAndALine) {
  const auto pos = *Position::from_fen(kPrinzFen);
  const MateLine m = find_mate(pos, 5);
  ASSERT_TRUE(m.complete);
  EXPECT_EQ(m.length, 2);
  ASSERT_EQ(m.line.size(), 3u);
  EXPECT_EQ(pos.move_to_string(m.line[0]), "h1h6");
  Position p = pos;
  for (const Move mv : m.line) p.play(mv);
  EXPECT_TRUE(p.is_checkmate());
  const MateLine none = find_mate(*Position::from_fen("8/8/8/8/8/8/8/k1K5 w - - 0 1"), 3);
  EXPECT_TRUE(none.complete);
  EXPECT_EQ(none.length, 0);
}

}  // namespace
}  // namespace minimax::test::mate
