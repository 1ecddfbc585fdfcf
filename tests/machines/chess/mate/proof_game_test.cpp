// Proof games (mate/proof_game.hpp, `minimax solve problem 'spg N' FEN`, 'a=>b N'): published
// problems with the solutions their composers give (the orthodox ones of Popeye's proof-game
// examples, whose solutions Popeye prints the same), counts checked against plain enumeration, the
// bound checked never to exceed the truth, and impossible diagrams named in one line.
#include "machines/chess/mate/proof_game.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "cli/solve_chess.hpp"
#include "games/chess/san.hpp"

namespace minimax::chess::mate {
namespace {

Position fen(const std::string& placement, const char* side = "w") {
  auto p = Position::from_fen(placement + " " + side + " - - 0 1");
  EXPECT_TRUE(p) << placement;
  return *p;
}

std::string line_text(const std::vector<Move>& line, Position p = Position::start()) {
  std::string s;
  for (const std::string& san : to_san_line(p, line)) s += (s.empty() ? "" : " ") + san;
  return s;
}

struct Published {
  const char* source;
  const char* placement;
  int plies;
  const char* solution;  // SAN, the one solution
};

// Each with one solution of exactly its length and none shorter.
const Published kSound[] = {
    {"Schweig, Tukon 1938", "r1bqkbnr/ppp2ppp/3p4/8/8/8/PPPPPPPP/R1BQKBNR", 8,
     "Nc3 d6 Nd5 Nd7 Nxe7 Ndf6 Nxg8 Nxg8"},
    {"Mortimer (version Frolkin)", "rnbqkb1r/ppp2ppp/8/8/8/8/PPPPPPPP/RNBQKB1R", 8,
     "Nf3 e5 Nxe5 Ne7 Nxd7 Nec6 Nxb8 Nxb8"},
    {"Gruber, Problemkiste 1984", "rnbqkbnr/pppp1p1p/8/4p1p1/1PQP4/8/P1PNPPPP/2KR1BNR", 12,
     "d4 e5 Qd3 Ba3 b4 Bxc1 Qc4 Bh6 Nd2 g5 O-O-O Bf8"},
    {"Caillaud & Rotenberg, Europe Echecs 1991", "rn2qbnr/ppp1p1pp/5k2/8/5p2/5P2/PPPPb1PP/RNBQKBNR",
     14, "Nf3 f5 Ne5 f4 Nxd7 Kf7 Ne5+ Kf6 Nf3 Bg4 Ng1 Bxe2 f3 Qe8"},
    {"Kiesow, Die Schwalbe 2003", "rn1qkbnr/ppp1pppp/3p4/8/4P3/8/PPPP1PPP/RNBQKBNR", 7,
     "e3 d6 Qh5 Bg4 e4 Bd1 Qxd1"},
    {"Kiesow, Die Schwalbe 2003 (2)", "rnbqkbnr/ppp2ppp/3pp3/8/8/1PP5/P2PPPPP/RNB1KBNR", 8,
     "c3 e6 Qa4 Ke7 b3 d6 Qe8+ Kxe8"},
};

TEST(ProofGame, PublishedProblemsHaveTheirComposersSolutions) {
  for (const Published& p : kSound) {
    const int plies = p.plies;
    const Position target = fen(p.placement, plies % 2 ? "b" : "w");
    const ProofGameResult r = solve_proof_game(Position::start(), target, plies);
    EXPECT_TRUE(r.complete) << p.source;
    ASSERT_EQ(r.solutions.size(), 1u) << p.source;
    EXPECT_EQ(line_text(r.solutions[0]), p.solution) << p.source;
    EXPECT_TRUE(r.shorter.empty()) << p.source;
  }
}

// Orban's position is reached in 4.0 one way, and in 3.0 four ways: Popeye lists all five.
TEST(ProofGame, ShorterPlaysAreFoundAndTold) {
  const Position target = fen("rnbqkbnr/pp3ppp/2p1p3/8/4P3/8/PPPP1PPP/RNBQK1NR");
  const ProofGameResult r = solve_proof_game(Position::start(), target, 8);
  ASSERT_EQ(r.solutions.size(), 1u);
  EXPECT_EQ(line_text(r.solutions[0]), "e4 e6 Bb5 Ke7 Bxd7 c6 Be8 Kxe8");
  ASSERT_EQ(r.shorter.size(), 4u);
  for (const auto& line : r.shorter) EXPECT_EQ(line.size(), 6u);
}

// Counts checked against plain enumeration of every game of that length.
int count_by_enumeration(Position& p, const Position& target, int left) {
  if (left == 0)
    return p.fen().substr(0, p.fen().find(' ')) == target.fen().substr(0, target.fen().find(' '));
  Position::MoveList moves;
  p.generate_moves(moves);
  int n = 0;
  for (const Move m : moves) {
    p.play(m);
    n += count_by_enumeration(p, target, left - 1);
    p.undo(m);
  }
  return n;
}

TEST(ProofGame, CountsAgreeWithEnumeratingEveryGame) {
  struct Case {
    const char* placement;
    int plies;
  };
  // The start after 2.0 (16: each knight out and back), Fool's mate (two orders), after 1.e4 e5
  // 2.Ke2 (one), after 1.Nf3 d5 (one), after 1.e3 e6 2.Qh5 (one; and after 1.e4 e5 not 1.e3 e6).
  for (const Case c : {Case{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", 4},
                       Case{"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR", 4},
                       Case{"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPPKPPP/RNBQ1BNR", 3},
                       Case{"rnbqkbnr/ppp1pppp/8/3p4/8/5N2/PPPPPPPP/RNBQKB1R", 2},
                       Case{"rnbqkbnr/pppp1ppp/4p3/7Q/8/4P3/PPPP1PPP/RNB1KBNR", 3}}) {
    const Position target = fen(c.placement, c.plies % 2 ? "b" : "w");
    Position p = Position::start();
    const int expected = count_by_enumeration(p, target, c.plies);
    const ProofGameResult r = solve_proof_game(Position::start(), target, c.plies);
    EXPECT_EQ(static_cast<int>(r.solutions.size()), expected) << c.placement;
  }
}

// The bound never exceeds the moves a known play takes: along each published solution, the
// moves left to each side are at least what the bound says.
TEST(ProofGame, TheBoundNeverExceedsTheTruth) {
  for (const Published& p : kSound) {
    const Position target = fen(p.placement, p.plies % 2 ? "b" : "w");
    Position pos = Position::start();
    std::vector<std::string> sans;
    std::istringstream in(p.solution);
    for (std::string w; in >> w;) sans.push_back(w);
    auto line = play_san_line(pos, sans);
    ASSERT_TRUE(line) << line.error();
    Position walk = Position::start();
    for (int ply = 0; ply <= p.plies; ++ply) {
      const int left = p.plies - ply;
      const int ours = (left + 1) / 2, theirs = left / 2;
      const auto bounds = proof_game_bounds(walk, target);
      const int us = walk.side() == white ? 0 : 1;
      EXPECT_GE(bounds[us], 0) << p.source << " ply " << ply;
      EXPECT_LE(bounds[us], ours) << p.source << " ply " << ply;
      EXPECT_LE(bounds[1 - us], theirs) << p.source << " ply " << ply;
      if (ply < p.plies) walk.play((*line)[ply]);
    }
  }
}

// a=>b: from one position to another; Black may begin.
TEST(ProofGame, FromOnePositionToAnother) {
  const Position a = fen("4R3/2k5/bR6/8/8/1KP3r1/8/8");
  const ProofGameResult r =
      solve_proof_game(a, fen("8/8/3R4/1k1KR3/2b3r1/2P5/8/8"), 12);  // Andernach 2001
  ASSERT_EQ(r.solutions.size(), 1u);
  EXPECT_EQ(line_text(r.solutions[0], a), "Rh6 Bf1 Re2 Rg6 Kc4 Kb6 Kd5 Kb5 Re5 Rg4 Rd6 Bc4#");
}

TEST(ProofGame, ImpossibleDiagramsAreNamed) {
  struct Case {
    const char* placement;
    const char* why;
  };
  // What the FEN reader refuses, in its words.
  for (const Case c :
       {Case{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNK", "there are 2 white kings"},
        Case{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNP",
             "a pawn stands on the first or eighth"}}) {
    auto p = Position::from_fen(std::string(c.placement) + " w - - 0 1");
    ASSERT_FALSE(p) << c.placement;
    EXPECT_NE(p.error().find(c.why), std::string::npos) << p.error();
  }
  // What a game cannot reach though a FEN may say it.
  for (const Case c : {Case{"rnbqkbnr/pppppppp/8/8/8/4N3/PPPPPPPP/RNBQKBNR", "White has 17 units"},
                       Case{"rnbqkbnr/pppppppp/8/8/8/1Q6/PPPPPPPP/R1BQKBNR",
                            "White has 1 promoted pieces but only 0 pawns missing"}}) {
    auto p = Position::from_fen(std::string(c.placement) + " w - - 0 1");
    ASSERT_TRUE(p) << p.error();
    const Status st = check_proof_game_target(*p);
    ASSERT_FALSE(st) << c.placement;
    EXPECT_NE(st.error().find(c.why), std::string::npos) << st.error();
  }
}

TEST(ProofGame, StipulationsAreRead) {
  auto a = parse_proof_game("spg 5.5");
  ASSERT_TRUE(a);
  EXPECT_TRUE(a->from_initial);
  EXPECT_EQ(a->plies, 11);
  auto b = parse_proof_game("a=>b 3");
  ASSERT_TRUE(b);
  EXPECT_FALSE(b->from_initial);
  EXPECT_EQ(b->plies, 6);
  EXPECT_FALSE(parse_proof_game("spg 5.3"));
  EXPECT_FALSE(parse_proof_game("spg 0"));
  EXPECT_FALSE(parse_proof_game("spg x"));
  EXPECT_TRUE(is_proof_game("SPG 4"));
  EXPECT_FALSE(is_proof_game("h#2"));
}

int solve_cli(std::vector<std::string> args, std::string& out, std::string& err) {
  std::istringstream in;
  std::ostringstream o, e;
  const int rc = cli::solve_chess_problem("problem", cli::Args(args), in, o, e);
  out = o.str();
  err = e.str();
  return rc;
}

TEST(ProofGame, TheCommandPrintsEverySolutionAndSaysWhatIsWrongInOneLine) {
  std::string out, err;
  ASSERT_EQ(solve_cli({"spg 2", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR"}, out, err), 0)
      << err;
  EXPECT_NE(out.find("spg 2.0: 2 solutions (cooked)"), std::string::npos) << out;
  EXPECT_NE(out.find("1.f3 e5 2.g4 Qh4#"), std::string::npos) << out;
  EXPECT_NE(out.find("1.g4 e5 2.f3 Qh4#"), std::string::npos) << out;
  ASSERT_EQ(solve_cli({"spg 4.0", kSound[0].placement}, out, err), 0) << err;
  EXPECT_NE(out.find("1 solution (unique: sound)"), std::string::npos) << out;
  ASSERT_EQ(solve_cli({"spg 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "--json"}, out, err),
            0);
  EXPECT_NE(out.find("\"solutions\": []"), std::string::npos) << out;
  for (const auto& [args, why] : std::vector<std::pair<std::vector<std::string>, std::string>>{
           {{"spg 2", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNP"}, "first or eighth rank"},
           {{"spg 2.7", "8/8/8/8/8/8/8/8"}, "moves are N or N.5"},
           {{"spg 2"}, "missing the diagram"},
           {{"a=>b 2", "8/8/8/8/8/8/8/K6k w - - 0 1"}, "a=>b takes two positions"}}) {
    EXPECT_EQ(solve_cli(args, out, err), 2) << args[0];
    EXPECT_NE(err.find(why), std::string::npos) << err;
    EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
  }
}

}  // namespace
}  // namespace minimax::chess::mate
