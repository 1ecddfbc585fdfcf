// Shannon's f(P) counted on hand-made positions (Shannon 1950), and type A against the generic
// minimax of src/search on the same evaluation.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "../../test_paths.hpp"
#include "core/text.hpp"
#include "games/chess/san.hpp"
#include "machines/chess/shannon_a.hpp"
#include "machines/chess/shannon_b.hpp"
#include "machines/chess/shannon_eval.hpp"
#include "search/minimax.hpp"

namespace minimax::chess::shannon {
namespace {

Position from_fen(std::string_view fen) {
  auto p = Position::from_fen(fen);
  EXPECT_TRUE(p.ok()) << fen;
  return p.ok() ? *p : Position();
}

TEST(ShannonEval, InitialPositionIsZero) {
  Position pos;
  const Terms t = terms(pos);
  EXPECT_EQ(t.side[white].mobility, 20);
  EXPECT_EQ(t.side[black].mobility, 20);
  EXPECT_EQ(t.side[white].doubled + t.side[white].backward + t.side[white].isolated, 0);
  EXPECT_DOUBLE_EQ(evaluate(pos, Weights{}), 0.0);
}

TEST(ShannonEval, DoubledPawns) {
  // White: pawns c2 c3 (doubled pair) and e4; Black: f7 f6 f5 (tripled).
  Position pos = from_fen("4k3/5p2/5p2/5p2/4P3/2P5/2P5/4K3 w - - 0 1");
  EXPECT_EQ(doubled_pawns(pos, white), 2);
  EXPECT_EQ(doubled_pawns(pos, black), 3);
}

TEST(ShannonEval, IsolatedPawns) {
  // White a2 (isolated), c2 d2 (not), h3 (isolated); Black: a7 b7 (not), e6 (isolated).
  Position pos = from_fen("4k3/pp6/4p3/8/8/7P/P1PP4/4K3 w - - 0 1");
  EXPECT_EQ(isolated_pawns(pos, white), 2);
  EXPECT_EQ(isolated_pawns(pos, black), 1);
}

TEST(ShannonEval, BackwardPawns) {
  // White d3 with e4 ahead of it and a black pawn on e5... d3's stop square d4 is attacked by the
  // black pawn on c5/e5: d3 is backward (its neighbours c4, e4 are ahead of it).
  Position pos = from_fen("4k3/8/8/2p1p3/2P1P3/3P4/8/4K3 w - - 0 1");
  EXPECT_EQ(backward_pawns(pos, white), 1);
  EXPECT_EQ(isolated_pawns(pos, white), 0);
  // Black's c5 and e5: neighbours? none on b/d/f files for c5 (d-file empty for black): isolated.
  EXPECT_EQ(isolated_pawns(pos, black), 2);
  EXPECT_EQ(backward_pawns(pos, black), 0);  // isolated pawns are not counted again as backward
  // The same d3 pawn with its stop square free of enemy pawns is not backward.
  Position free = from_fen("4k3/8/8/8/2P1P3/3P4/8/4K3 w - - 0 1");
  EXPECT_EQ(backward_pawns(free, white), 0);
  // Black mirrored: d6 behind c5 and e5, White pawns on c4... d5 attacked by white e4/c4.
  Position b = from_fen("4k3/8/3p4/2p1p3/2P1P3/8/8/4K3 w - - 0 1");
  EXPECT_EQ(backward_pawns(b, black), 1);
}

TEST(ShannonEval, MobilityBothSides) {
  // Kings and a rook: White to move Ke1 (5 moves) + Ra1 (a2..a8 7, b1..d1 3 = 10) = 15;
  // Black Ke8 alone: d8 d7 e7 f7 f8 -> but a-file rook does not reach; 5.
  Position pos = from_fen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
  const Terms t = terms(pos);
  EXPECT_EQ(t.side[white].mobility, 16);  // O-O-O included: a legal move
  EXPECT_EQ(t.side[black].mobility, 5);
  // f = 5 (rook) + 0.1 * (16 - 5)
  EXPECT_NEAR(evaluate(pos, Weights{}), 5 + 1.1, 1e-9);
}

TEST(ShannonEval, FullFormula) {
  // White: Q, 2 pawns doubled on c-file + isolated; Black: R, pawn.
  Position pos = from_fen("4k3/7p/8/8/8/2P5/2P5/r2QK3 w - - 0 1");
  const Terms t = terms(pos);
  const Weights w;
  const double expected = 9 * 1 - 5 * 1 + (2 - 1) -
                          0.5 * ((t.side[white].doubled - t.side[black].doubled) +
                                 (t.side[white].backward - t.side[black].backward) +
                                 (t.side[white].isolated - t.side[black].isolated)) +
                          0.1 * (t.side[white].mobility - t.side[black].mobility);
  EXPECT_EQ(t.side[white].doubled, 2);
  EXPECT_EQ(t.side[white].isolated, 2);
  EXPECT_EQ(t.side[black].isolated, 1);
  EXPECT_NEAR(evaluate(pos, w), expected, 1e-9);
}

TEST(ShannonEval, CheckmatedKingCountsZero) {
  // Fool's mate: White is mated, K - K' = -1, so f is below -190.
  Position pos = from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
  EXPECT_EQ(terms(pos).side[white].kings, 0);
  EXPECT_LT(evaluate(pos, Weights{}), -190);
}

TEST(ShannonEval, CoefficientsAreStyle) {
  Position pos = from_fen("4k3/5p2/5p2/5p2/4P3/2P5/2P5/4K3 w - - 0 1");
  Weights w;
  const double base = evaluate(pos, w);
  w.doubled = 2.0;  // a "positional" player: doubled pawns weigh more
  EXPECT_NEAR(evaluate(pos, w) - base, -(2.0 - 0.5) * (2 - 3), 1e-9);
}

// Type A at depth 1 and 2 returns exactly what the generic minimax returns on the same f(P).
class TypeAvsMinimax : public ::testing::TestWithParam<const char*> {};

TEST_P(TypeAvsMinimax, SameValue) {
  const Weights w;
  for (int depth : {1, 2}) {
    Position a = from_fen(GetParam());
    Position b = a;
    std::uint64_t nodes = 0;
    const int ours = type_a_value(a, depth, w, nodes);
    auto eval = [&](const Position& p) { return evaluate_for_mover(const_cast<Position&>(p), w); };
    const auto generic = search::minimax(b, depth, eval);
    EXPECT_EQ(ours, generic.score) << GetParam() << " depth " << depth;
    const auto root = type_a_root(a, depth, w, 0);
    EXPECT_EQ(root.best, generic.score);
  }
}

INSTANTIATE_TEST_SUITE_P(
    Positions, TypeAvsMinimax,
    ::testing::Values("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                      "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
                      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
                      "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"));

TEST(ShannonA, FindsAMateInOneAndWinsMaterial) {
  ShannonA machine;
  Position mate = from_fen("6k1/5ppp/8/8/8/8/8/3R2K1 w - - 0 1");
  EXPECT_EQ(mate.move_to_string(machine.choose(mate, {}).move), "d1d8");
  Position hanging = from_fen("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1");
  EXPECT_EQ(hanging.move_to_string(machine.choose(hanging, {}).move), "d2d5");
}

TEST(ShannonA, SeededChoiceAmongEqualMovesIsReproducible) {
  ShannonA a(3), b(3);
  Limits l;
  l.depth = 2;
  Position pa, pb;
  for (int i = 0; i < 6; ++i) {
    auto ma = a.choose(pa, l).move, mb = b.choose(pb, l).move;
    ASSERT_EQ(ma, mb);
    pa.play(ma);
    pb.play(mb);
  }
}

}  // namespace
}  // namespace minimax::chess::shannon

#include "machines/chess/shannon_b.hpp"

namespace minimax::chess::shannon {
namespace {

TEST(ShannonB, StabilityFunctionG) {
  EXPECT_FALSE(unstable(Position()));
  // A knight attacked by a pawn (lower value): unstable.
  EXPECT_TRUE(unstable(from_fen("4k3/8/8/3n4/4P3/8/8/4K3 b - - 0 1")));
  // A pawn attacked by a knight and defended by a pawn: stable.
  EXPECT_FALSE(unstable(from_fen("4k3/8/8/3p4/4p3/8/5N2/4K3 w - - 0 1")));
  // The same pawn undefended (more attackers than defences): unstable.
  EXPECT_TRUE(unstable(from_fen("4k3/8/8/8/4p3/8/5N2/4K3 w - - 0 1")));
  // A check on a square the opponent controls: Qh5-f7+ into the defended f7.
  EXPECT_TRUE(unstable(from_fen("4k3/4bp2/8/7Q/8/8/8/4K3 w - - 0 1")));
}

TEST(ShannonB, SelectionFunctionH) {
  Position pos = from_fen("r3k2r/ppp2ppp/2n5/3pp3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 0 1");
  auto grade = [&](std::string_view uci) {
    auto m = pos.parse_uci(uci);
    EXPECT_TRUE(m.ok()) << uci;
    return selection_grade(pos, *m, true);
  };
  EXPECT_EQ(grade("e4d5"), 3);  // capture
  EXPECT_EQ(grade("f1b5"), 2);  // development (the pin on c6 attacks no major piece)
  EXPECT_EQ(grade("f1c4"), 2);
  EXPECT_EQ(grade("d2d4"), 2);  // a centre pawn's first step
  EXPECT_EQ(grade("a2a3"), 0);
  EXPECT_EQ(grade("c3b5"), 0);  // a knight already developed, no attack on Q or R
  // An attack on a rook (a major piece): Nc1-d3 attacks the rook b4; Ng1-f3 attacks nothing.
  Position rook = from_fen("r3k3/8/8/8/8/8/8/4K1N1 w - - 0 1");
  EXPECT_EQ(selection_grade(rook, *rook.parse_uci("g1f3"), true), 2);
  Position rook2 = from_fen("4k3/8/8/8/1r6/8/8/2N1K3 w - - 0 1");
  EXPECT_EQ(selection_grade(rook2, *rook2.parse_uci("c1d3"), true), 3);
  // A check: Qh5+.
  Position check = from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
  EXPECT_EQ(selection_grade(check, *check.parse_uci("d1h5"), true), 3);
  // Defensive: the attacked knight moves away.
  Position hit = from_fen("4k3/8/8/3n4/4P3/8/8/4K3 b - - 0 1");
  EXPECT_EQ(selection_grade(hit, *hit.parse_uci("d5b6"), true), 1);
  // A threat of mate: Qg4 ... the back-rank: Rd1-d2 threatens nothing; Qh3-? (mate threats are
  // graded 3 even when quiet): Ra1-a7 threatens Rd8 mate? White Ra1, Rb1 v Kg8 pawns f7 g7 h7.
  Position mate = from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
  EXPECT_EQ(selection_grade(mate, *mate.parse_uci("a1a2"), true), 3);  // threatens Ra8 mate
  EXPECT_EQ(selection_grade(mate, *mate.parse_uci("a1a2"), false), 0);
  // Narrowing with depth.
  EXPECT_EQ(required_grade(0), 0);
  EXPECT_EQ(required_grade(1), 1);
  EXPECT_EQ(required_grade(2), 2);
  EXPECT_EQ(required_grade(5), 3);
}

TEST(ShannonB, SeesTheRecaptureTypeADoesNot) {
  // QxP on d5 is defended by the pawn e6: type A at depth 1 takes it (f counts the pawn), type B
  // follows the capture until quiet and declines it.
  Position pos = from_fen("4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1");
  ShannonA a;
  Limits one;
  one.depth = 1;
  EXPECT_EQ(pos.move_to_string(a.choose(pos, one).move), "d1d5");
  ShannonB b;
  EXPECT_NE(pos.move_to_string(b.choose(pos, {}).move), "d1d5");
  // And it takes a free queen.
  Position hanging = from_fen("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1");
  EXPECT_EQ(hanging.move_to_string(b.choose(hanging, {}).move), "d2d5");
}

// A mate score: the mated king's 200 is gone from f (hundredths), whatever else is on the board.
bool is_mate_score(int score) { return score >= 15000 || score <= -15000; }

// Issue 17: below its full-width plies type B let the side to move choose only among the moves h
// rates highly, so after 1.Re1 Black could not answer ...h6 or ...Kf8 and the back-rank "mate" was
// forced on it (+206.27 at depth 4). The side to move now stands on f for the moves h passed over:
// no mate, and 1.bxa4 wins the knight.
TEST(ShannonB, NoBackRankMateThatAQuietMoveRefutes) {
  const Position pos = from_fen("6k1/5ppp/8/8/n7/1P6/P4PPP/R5K1 w - - 0 1");
  ShannonB b;
  Limits four;
  four.depth = 4;
  const auto t = b.choose(pos, four);
  EXPECT_FALSE(is_mate_score(t.score.value_or(0))) << t.explanation;
  EXPECT_EQ(pos.move_to_string(t.move), "b3a4");
}

// tests/data/shannon_b_false_mates.epd (method in docs/shannon.md): positions from engine games
// where the old type B reported a mate at depth 4 and Stockfish, searching 22 plies, finds none
// (its score, "ce", is in centipawns). Type B must report no mate in any of them.
TEST(ShannonB, NoMateThatADeepSearchRefutes) {
  std::ifstream in(test::project_test_data("shannon_b_false_mates.epd"));
  ASSERT_TRUE(in) << "tests/data/shannon_b_false_mates.epd";
  std::string line;
  int positions = 0;
  ShannonB b;
  Limits four;
  four.depth = 4;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const auto fields = split_whitespace(line);
    ASSERT_GE(fields.size(), 4u) << line;
    const std::string fen = fields[0] + " " + fields[1] + " " + fields[2] + " " + fields[3];
    const Position pos = from_fen(fen);
    const auto t = b.choose(pos, four);
    EXPECT_FALSE(is_mate_score(t.score.value_or(0)))
        << fen << ": " << pos.move_to_string(t.move) << " " << t.explanation;
    ++positions;
  }
  EXPECT_GE(positions, 50);
}

// Shannon 1950 (section 5): the random strategy is "unbelievably bad"; his game against it,
// 1.g3 e5 2.d3 Bc5 3.Bd2 Qf6 4.Nc3 Qxf2 mate, and footnote 6's 1.f3 e5 2.g4 Qh4 mate, replay as
// legal games that end in mate. Both of his machines find the last move as Black.
TEST(ShannonRandom, ShannonsGameAgainstRandomPlayEndsInMate) {
  for (const char* game : {"g3 e5 d3 Bc5 Bd2 Qf6 Nc3 Qxf2#", "f3 e5 g4 Qh4#"}) {
    Position pos;
    const auto moves = split_whitespace(game);
    for (std::size_t i = 0; i < moves.size(); ++i) {
      if (i + 1 == moves.size()) {
        ShannonA a;
        ShannonB b;
        const auto mate = parse_san(pos, moves[i]);
        ASSERT_TRUE(mate.ok());
        EXPECT_EQ(a.choose(pos, {}).move, *mate) << game;
        EXPECT_EQ(b.choose(pos, {}).move, *mate) << game;
      }
      const auto m = parse_san(pos, moves[i]);
      ASSERT_TRUE(m.ok()) << moves[i];
      pos.play(*m);
    }
    EXPECT_TRUE(pos.is_checkmate()) << game;
    EXPECT_EQ(pos.outcome(), Outcome::loss) << game;  // White, to move, has lost
  }
}

}  // namespace
}  // namespace minimax::chess::shannon
