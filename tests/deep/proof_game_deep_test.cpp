// Longer proof games (make check-deep): published problems of 8.5 to 15.5 moves from Popeye's
// proof-game examples, and two a=>b with four and eight promotions, each with the solutions their
// composers give (and Popeye prints).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "games/chess/san.hpp"
#include "machines/chess/mate/proof_game.hpp"

namespace minimax::chess::mate {
namespace {

Position fen(const std::string& placement, const char* side) {
  auto p = Position::from_fen(placement + " " + side + " - - 0 1");
  EXPECT_TRUE(p) << placement;
  return *p;
}

std::vector<std::string> lines(const Position& start, const std::vector<std::vector<Move>>& all) {
  std::vector<std::string> out;
  for (const auto& line : all) {
    std::string s;
    for (const std::string& san : to_san_line(start, line)) s += (s.empty() ? "" : " ") + san;
    out.push_back(s);
  }
  return out;
}

TEST(ProofGameDeep, LongerPublishedProblems) {
  struct Case {
    const char* source;
    const char* placement;
    int plies;
    std::vector<std::string> solutions;
  };
  const std::vector<Case> cases = {
      {"Turkstra, The Problemist 1994",
       "rnbqkr1K/pppppp1p/5npb/8/5P2/4P3/PPPP2PP/RNBQ1BNR",
       18,
       {"e3 g6 Ke2 Bg7 Kf3 Be5 Kg4 Nf6+ Kg5 Rf8 Kh6 Bf4+ Kg7 Ng8 Kh8 Bh6 f4 Nf6#"}},
      {"Gruber, Problemkiste 1983 (two solutions)",
       "rnbqkbnr/ppppp1pp/5p2/7Q/4PP1K/7B/PPPP2PP/RNB3NR",
       17,
       {"e4 f6 Be2 Kf7 Bg4 Kg6 Bh3 Kg5 f4+ Kh6 Kf2 Kg6 Kg3 Kf7 Kh4 Ke8 Qh5+",
        "f4 f6 Kf2 Kf7 Kg3 Ke6 Kh4 Kd5 e4+ Kd6 Be2 Ke6 Bg4+ Kf7 Bh3 Ke8 Qh5+"}},
      {"Wilts, Shortest Proof Games 1991",
       "nrbqkbrn/pppppppp/8/3B4/4QK2/6P1/PPPPPP1P/RNB3NR",
       20,
       {"g3 Nf6 Bg2 Nd5 Kf1 Nb6 Bd5 Nc6 Kg2 Ne5 Qf1 Ng6 Kf3 Rg8 Qg2 Nh8 Kf4 Rb8 Qe4 Na8"}},
      {"Wilts & Geissler, feenschach 1994",
       "8/5k2/8/8/8/8/3K4/6Nb",
       31,
       {"e4 d5 exd5 Qxd5 Bd3 Qxa2 Bxh7 Qxb1 Rxa7 Qxc2 Rxb7 Bxb7 Qxc2 Bxg2 Qxc7 Bxh1 Qxb8+ Rxb8 "
        "Bxg8 Rxb2 Bxb2 Rxh2 Bxg7 Rxf2 Bxf8 Rxd2 Bxe7 Kxe7 Bxf7 Kxf7 Kxd2"}},
      {"Donati, Thema Danicum 2000 (P1000059; the solution as Euclide prints it)",
       "rnb3nr/pppp1ppp/7b/4p3/4q2k/5P2/PPPPP1PP/RNBQKBNR",
       20,
       {"f3 e5 Kf2 Qh4+ Ke3 Ke7 Qe1 Kf6 Qg3 Be7 Qf2 Kg5 Qe1 Qe4+ Kf2 Kh4 Qd1 Bg5 Ke1 Bh6"}},
  };
  for (const Case& c : cases) {
    const Position target = fen(c.placement, c.plies % 2 ? "b" : "w");
    const ProofGameResult r = solve_proof_game(Position::start(), target, c.plies);
    EXPECT_TRUE(r.complete) << c.source;
    EXPECT_EQ(lines(Position::start(), r.solutions), c.solutions) << c.source;
    EXPECT_TRUE(r.shorter.empty()) << c.source;
  }
}

// Geissler & Sick, Andernach 2001: a=>b 5.5, Black first, four promotions.
TEST(ProofGameDeep, FromOnePositionToAnotherWithPromotions) {
  const Position a = fen("8/P1Pk1P2/8/3P3K/8/8/2p4p/8", "b");
  const ProofGameResult r = solve_proof_game(a, fen("8/3k4/8/7K/8/8/8/8", "w"), 11);
  EXPECT_EQ(lines(a, r.solutions),
            std::vector<std::string>{"h1=B a8=Q Bxd5 Qxd5+ Kxc7 Qd1 cxd1=R f8=N Rd7 Nxd7 Kxd7"});
}

// Andernach 2001 (Popeye's BEISPIEL/atob.inp): a=>b 16, eight promotions, every one of the four
// promoted types on each side; its one solution is the one Popeye prints. The squares of the
// diagram go to different units (four queens, rooks, bishops and knights wanting the one pawn on
// a2 is no bound): without that the search was open after 150 s.
TEST(ProofGameDeep, EightPromotionsToTheirSquares) {
  const Position a = fen("8/6P1/1P4K1/p7/p3P3/p2P4/p7/5k2", "w");
  const ProofGameResult r = solve_proof_game(a, fen("3N1q1R/8/6K1/8/3br3/1n2Q3/8/1B3k2", "w"), 32);
  EXPECT_TRUE(r.complete);
  EXPECT_EQ(lines(a, r.solutions),
            std::vector<std::string>{"g8=B a1=N Ba2 Nb3 Bb1 a2 b7 a1=Q b8=R Qa3 Rh8 Qf8 e5 a3 e6 "
                                     "a2 e7 a1=R e8=Q Ra4 Qe3 Re4 d4 a4 d5 a3 d6 a2 d7 a1=B d8=N "
                                     "Bd4"});
}

}  // namespace
}  // namespace minimax::chess::mate
