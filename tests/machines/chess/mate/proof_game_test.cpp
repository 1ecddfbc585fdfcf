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

// One solution, the published one, and no shorter play.
void expect_sound(const Published& p) {
  const Position target = fen(p.placement, p.plies % 2 ? "b" : "w");
  const ProofGameResult r = solve_proof_game(Position::start(), target, p.plies);
  EXPECT_TRUE(r.complete) << p.source;
  ASSERT_EQ(r.solutions.size(), 1u) << p.source;
  EXPECT_EQ(line_text(r.solutions[0]), p.solution) << p.source;
  EXPECT_TRUE(r.shorter.empty()) << p.source;
}

TEST(ProofGame, PublishedProblemsHaveTheirComposersSolutions) {
  for (const Published& p : kSound) expect_sound(p);
}

// Orban's position is reached in 4.0 one way, and in 3.0 four ways: Popeye lists all five.
// Proof games of Euclide's collection without captures (svart-riddare/euclide,
// problems/no-captures.txt: author, source, PDB number), with the solutions Euclide's output
// prints, checked here as the composers' (Euclide writes castling 0-0; the moves are the same).
const Published kEuclide[] = {
    {"Gianni Donati, Noam D. Elkies, Göran Forslund, Internet Mailing List 1996 (P0008141)",
     "rnb1kbnr/pppp1ppp/8/4p3/3q4/4KP2/PPPPP1PP/RNBQ1BNR", 6, "f3 e5 Kf2 Qh4+ Ke3 Qd4#"},
    {"Andrew Buchanan, Internet Mailing List 2004 (P1013054)",
     "rnb1kbnr/pppp1ppp/8/3Qp3/3qP3/8/PPPP1PPP/RNB1KBNR", 7, "e3 e5 Qf3 Qh4 Qd5 Qd4 e4"},
    {"Richard Stanley, Internet Mailing List 1996 (P0008146)",
     "rnbqkbnr/ppppp1p1/6B1/5p2/7p/4P3/PPPP1PPP/RNBQK1NR", 7, "e3 h5 Bd3 h4 Bh7 f5 Bg6#"},
    {"Richard Stanley, Internet Mailing List 1996 (P0008149)",
     "rnb1kbnr/pppp2pp/5p2/8/4p2q/4PK2/PPPPBPPP/RNBQ2NR", 8, "e3 e5 Ke2 Qh4 Kf3 f6 Be2 e4#"},
    {"Göran Forslund, Internet Mailing List 1996 (P0008148)",
     "rnbq1bnr/ppppp1pp/2Q5/4kp2/2B5/4PN2/PPPP1PPP/RNB1K2R", 9,
     "e3 f5 Qf3 Kf7 Bc4+ Kf6 Qc6+ Ke5 Nf3#"},
    {"Noam D. Elkies, Internet Mailing List 1996 (P0008150)",
     "rnbqkbnr/ppp2p1p/6p1/3p3K/4p3/4P3/PPPP1PPP/RNBQ1BNR", 10,
     "e3 e6 Ke2 e5 Kf3 e4+ Kg4 d5+ Kh5 g6#"},
    {"Noam D. Elkies, Internet Mailing List 1996 (P0008138)",
     "rnbq2nr/pppp1pp1/4k3/4p1Kp/1b6/4P3/PPPP1PPP/RNBQ1BNR", 10,
     "e3 e5 Ke2 Bb4 Kf3 Ke7 Kg4 h5+ Kg5 Ke6#"},
    {"Olli Heimo, Internet Mailing List 1996 (P0008144)",
     "1nbqkb1r/1ppppppp/5n2/p7/5PrK/7N/PPPPP1PP/RNBQ1B1R", 10,
     "f4 a5 Kf2 Ra6 Kg3 Rg6+ Kh4 Nf6 Nh3 Rg4#"},
    {"Alexander Kisljak, Powerschennii Monarh 1993 (P0002790)",
     "rnbq1bnr/pppp1ppp/4pB2/8/4N3/kPP5/P2PPPPP/R1Q1KBNR", 13,
     "b3 e6 Bb2 Ke7 Bf6+ Kd6 Nc3 Kc5 Ne4+ Kb4 c3+ Ka3 Qc1#"},
    {"Markus Ott, feenschach 1982 (P0005313)",
     "rn2kbnr/ppB1pppp/3p4/1qp5/1QP5/3P4/PPb1PPPP/RN2KBNR", 13,
     "c4 d6 Qb3 Bf5 Qb4 Bc2 d3 Qd7 Be3 Qb5 Bb6 c5 Bc7"},
    {"J. H. Turkstra, The Problemist 1995 (P0005882)",
     "rnbkqbnr/pppp1pp1/4p3/8/5P2/2P3Pp/PP1PP2P/RNBKQBNR", 14,
     "c3 h5 Qa4 h4 Kd1 h3 Qh4 e6 f4 Qe7 Qe1 Kd8 g3 Qe8"},
    {"Olli Heimo, Internet Mailing List 1996 (P0008175)",
     "rnbq1bnr/pppp1ppp/8/1B2p3/2PP1B2/2NkPQ2/PP3PPP/2KR2NR", 15,
     "d4 e6 Bf4 Ke7 e3 Kf6 Bb5 Kf5 c4 Ke4 Qf3+ Kd3 Nc3 e5 O-O-O#"},
    {"Unto Heinonen, Internet Mailing List 1996 (P0008558)",
     "rnb2rk1/pppp3p/2n2K2/2b1ppp1/4P2q/8/PPPP1PPP/RNBQ1BNR", 16,
     "e4 e5 Ke2 Ne7 Kf3 Nec6 Kg4 Qh4+ Kf5 g5 Kf6 Bc5 Kg7 f5 Kf6 O-O#"},
    {"Andrew Buchanan, Problemesis 2002 (P1265865)",
     "rnBqkBnr/p1p2ppp/3p4/1p2p3/3P2P1/4P3/PPP2P1P/RNbQKbNR", 16,
     "d4 e5 Bd2 Be7 Bb4 Bg5 Bf8 Bc1 e3 d6 Ba6 Bh3 g4 b5 Bc8 Bf1"},
    {"Hans Gruber, Schach 1983 (P1013615)", "rnbq1bnr/ppppp1pp/B3kp2/3Q4/4P2K/5PP1/PPPP3P/RNB3NR",
     17, "e4 f6 Ba6 Kf7 Qh5+ Ke6 f3 Qe8 Kf2 Qf7 Kg3 Qg6+ Kh4 Qe8 g3 Qd8 Qd5#"},
    {"George Peter Jelliss, The Problemist 1985 (P0002285)",
     "2r2rk1/pppn1ppp/3p1n2/1B2p1BQ/1b2P1bq/3P3N/PPPN1PPP/2KRR3", 18,
     "e4 e5 Bb5 Qh4 d3 Nf6 Bg5 Bb4+ Nd2 O-O Qh5 d6 O-O-O Bg4 Nh3 Nbd7 Rhe1 Rac8"},
    {"Unto Heinonen, Internet Mailing List 1996 (P0008173)",
     "rnb2rk1/ppppb1pp/2n1p1q1/8/4PK2/4Qp2/PPPPNPPP/RNBBR3", 20,
     "e4 f5 Ke2 f4 Qe1 f3+ Ke3 e6 Be2 Qf6 Bd1 Qg6 Kf4 Ne7 Qe3 Nec6 Ne2 Be7 Re1 O-O#"},
};

TEST(ProofGame, EuclidesCollectionHasEuclidesSolutions) {
  for (const Published& p : kEuclide) expect_sound(p);
}

struct Twice {
  const char* source;
  const char* placement;
  int plies;
  const char* first;
  const char* second;
};

// Published with two solutions (the composer's intention: twins in one diagram), both found.
const Twice kTwoSolutions[] = {
    {"Gianni Donati, Probleemblad 2000 (P1001166)",
     "r1bqkbnr/pppppppp/1B6/8/3P4/1n6/PPP1PPPP/RN1QKBNR", 7, "d3 Nc6 Be3 Na5 Bb6 Nb3 d4",
     "d4 Na6 Bd2 Nc5 Ba5 Nb3 Bb6"},
    {"Gerd Wilts, Internet Mailing List 1997 (P0008828)",
     "rnbqk1nr/pppp1ppp/3B4/4p3/1P6/4b3/P1PPPPPP/RN1QKBNR", 8, "b3 e5 Ba3 Be7 Bd6 Bg5 b4 Be3",
     "b4 e6 Bb2 Bc5 Be5 Be3 Bd6 e5"},
    {"Mark Kirtley, Problem Paradise (P1004157)",
     "rnb1kbnr/pp1p1ppp/2p1p3/2B5/q2P4/8/PPP1PPPP/RN1QKBNR", 8, "d3 e6 Be3 Qh4 Bc5 Qa4 d4 c6",
     "d4 c6 Bd2 Qa5 Bb4 Qa4 Bc5 e6"},
};

TEST(ProofGame, TwoSolutionProblemsHaveBoth) {
  for (const Twice& p : kTwoSolutions) {
    const Position target = fen(p.placement, p.plies % 2 ? "b" : "w");
    const ProofGameResult r = solve_proof_game(Position::start(), target, p.plies);
    EXPECT_TRUE(r.complete) << p.source;
    std::vector<std::string> got;
    for (const auto& line : r.solutions) got.push_back(line_text(line));
    std::sort(got.begin(), got.end());
    EXPECT_EQ(got, (std::vector<std::string>{p.first, p.second})) << p.source;
  }
}

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

// Each square of the diagram is brought its own unit: in Popeye's a=>b 16 with eight promotions
// (Andernach 2001; make check-deep solves it), each side's four pawns become the four pieces, and
// the bound is 15 of the 16 moves each side's solution takes, where each square's nearest unit
// alone (the one pawn a move from promoting, for all four of Black's squares) says 10 for Black.
TEST(ProofGame, TheBoundGivesEachSquareItsOwnUnit) {
  const Position a = fen("8/6P1/1P4K1/p7/p3P3/p2P4/p7/5k2");
  EXPECT_EQ(proof_game_bounds(a, fen("3N1q1R/8/6K1/8/3br3/1n2Q3/8/1B3k2")),
            (std::vector<int>{15, 15}));
  // Knights for b1 and d1: the one on c3 is a move from either but goes to one; the one on h8
  // needs five moves to the other (2 for the nearest knight alone).
  const Position knights = fen("7N/8/8/8/8/2N5/8/K6k");
  EXPECT_EQ(proof_game_bounds(knights, fen("8/8/8/8/8/8/8/KN1N3k")), (std::vector<int>{6, 0}));
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
