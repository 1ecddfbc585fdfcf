// SOMAC, rule by rule (Michie 1966, appendix "Rules of SOMAC"), on hand-made positions.
#include "machines/chess/somac.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "machines/chess/somac_rules.hpp"

namespace minimax::chess::somac {
namespace {

Position from_fen(std::string_view fen) {
  auto p = Position::from_fen(fen);
  EXPECT_TRUE(p.ok()) << fen;
  return p.ok() ? *p : Position();
}

int attacks_from(const Position& pos, Color c, Square s) {
  int n = 0;
  for (const Attack& a : attacks(pos, c)) n += a.from == s;
  return n;
}

bool attacks_square(const Position& pos, Color c, Square from, Square to) {
  const auto all = attacks(pos, c);
  return std::any_of(all.begin(), all.end(),
                     [&](const Attack& a) { return a.from == from && a.to == to; });
}

// Note (1): the queen's 90/100 rule.
TEST(Somac, QueenIsNinetyOffTheBackRanksBeforeCastling) {
  EXPECT_EQ(piece_value(Position(), d1), 100);
  const Position out = from_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/5Q2/PPPP1PPP/RNB1KBNR b KQkq - 1 2");
  EXPECT_EQ(piece_value(out, f3), 90);  // 2.Q-B3? (comment E): the value drops by 10
  const Position second = from_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPPQPPP/RNB1KBNR b KQkq - 1 2");
  EXPECT_EQ(piece_value(second, e2), 100);  // still on the back two ranks
  const Position castled = from_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/5Q2/PPPP1PPP/RNB2RK1 b kq - 1 5");
  EXPECT_EQ(piece_value(castled, f3), 100);  // after castling
  EXPECT_EQ(piece_value(Position(), e1), 1000);
  EXPECT_EQ(piece_value(Position(), b1), 30);
  EXPECT_EQ(piece_value(Position(), c1), 30);
  EXPECT_EQ(piece_value(Position(), a1), 50);
  EXPECT_EQ(piece_value(Position(), a2), 10);
}

// Note (2): +1 a square attacked, +1 more in the centre, +2 more next to the enemy king.
TEST(Somac, SquaresAttacked) {
  // Knight a1 (b3 c2) and king h1 (g1 g2 h2): 5 squares, none central, the black king far away.
  const Position corner = from_fen("k7/8/8/8/8/8/8/N6K w - - 0 1");
  EXPECT_EQ(evaluate(corner, white).squares, 5);
  // Knight c3: 8 squares, two of them central (d5, e4); king h1: 3.
  const Position centre = from_fen("k7/8/8/8/8/2N5/8/7K w - - 0 1");
  EXPECT_EQ(evaluate(centre, white).squares, 8 + 2 + 3);
  // Knight c6 near the black king a8: a7 b8 (next to the king, +2 each), d8 e7 e5 d4 (+1 each for
  // the centre squares e5, d4) b4 a5: 8 squares; king h1: 3.
  const Position near = from_fen("k7/8/2N5/8/8/8/8/7K w - - 0 1");
  EXPECT_EQ(evaluate(near, white).squares, 8 + 2 + 4 + 3);
  // Rook b1: the b-file b2..b8 (7) and a1, c1..h1 (7, its own king's square too); b7 and b8 are
  // next to the king (+2 each); king h1: g1 g2 h2 (each attacker counts separately).
  const Position rook = from_fen("k7/8/8/8/8/8/8/1R5K w - - 0 1");
  EXPECT_EQ(evaluate(rook, white).squares, 14 + 4 + 3);
}

// Note (2i): transparencies.
TEST(Somac, Transparencies) {
  // R transparent to R: the rook on a1 sees through the rook on a2 up the file.
  const Position rr = from_fen("8/8/7k/8/8/8/R7/R6K w - - 0 1");
  EXPECT_TRUE(attacks_square(rr, white, a1, a5));
  EXPECT_FALSE(attacks_square(rr, white, a2, a1) && false);
  // Q transparent to R: the rook on a1 sees through the queen on a2.
  const Position rq = from_fen("8/8/7k/8/8/8/Q7/R6K w - - 0 1");
  EXPECT_TRUE(attacks_square(rq, white, a1, a6));
  // R transparent to Q on files and ranks only: the queen on a1 through the rook on a2.
  const Position qr = from_fen("8/8/7k/8/8/8/R7/Q6K w - - 0 1");
  EXPECT_TRUE(attacks_square(qr, white, a1, a6));
  // B transparent to Q on diagonals: the queen a1 through the bishop b2 to h8's diagonal.
  const Position qb = from_fen("8/8/7k/8/8/8/1B6/Q6K w - - 0 1");
  EXPECT_TRUE(attacks_square(qb, white, a1, e5));
  // ... but a bishop is not transparent to a rook.
  const Position rb = from_fen("8/8/7k/8/8/8/B7/R6K w - - 0 1");
  EXPECT_FALSE(attacks_square(rb, white, a1, a3));
  // P transparent to B forwards, one square beyond: Bc1, Pd2: e3 yes, f4 no.
  const Position bp = from_fen("k7/8/8/8/8/8/3P4/2B4K w - - 0 1");
  EXPECT_TRUE(attacks_square(bp, white, c1, e3));
  EXPECT_FALSE(attacks_square(bp, white, c1, f4));
  // ... and not backwards: Be3, Pd2: c1 is not attacked through the pawn.
  const Position back = from_fen("k7/8/8/8/8/4B3/3P4/7K w - - 0 1");
  EXPECT_FALSE(attacks_square(back, white, e3, c1));
  // For Black, forwards is down the board: Bc8, Pd7: e6 yes.
  const Position black_bp = from_fen("2b4k/3p4/8/8/8/8/8/K7 b - - 0 1");
  EXPECT_TRUE(attacks_square(black_bp, black, c8, e6));
}

// Note (2i): pins.
TEST(Somac, PinsWithholdSquares) {
  // The knight d2 is pinned to its king by the bishop b4 (a king is worth more than a bishop):
  // it attacks nothing.
  const Position pinned = from_fen("k7/8/8/8/1b6/8/3N4/4K3 w - - 0 1");
  EXPECT_EQ(attacks_from(pinned, white, d2), 0);
  // The knight a5 screens an undefended bishop a2 from the rook a8: the bishop is worth less than
  // the rook, but undefended, so the knight attacks nothing.
  const Position screen = from_fen("r6k/8/8/N7/8/8/B7/7K w - - 0 1");
  EXPECT_EQ(attacks_from(screen, white, a5), 0);
  // Defend the bishop (rook b2 guards a2): the knight's squares count again (b7 c6 c4 b3).
  const Position guarded = from_fen("r6k/8/8/N7/8/8/BR6/7K w - - 0 1");
  EXPECT_EQ(attacks_from(guarded, white, a5), 4);
}

// Note (3), step A: swap-off values.
TEST(Somac, SwapOffWithMoreDefendersThanAttackers) {
  // (i) n > N: a rook (50) defended by N, N, Q, attacked by N, Q: w1 50, b1 20, w2 50, b2 -40;
  // the largest b is 20 and the smallest w before it 50: S = 20.
  EXPECT_EQ(swap_off(50, {30, 30, 90}, {30, 90}), 20);
  // A knight defended by a pawn and attacked by a pawn: w1 30, b1 20 -> S = 20.
  EXPECT_EQ(swap_off(30, {10}, {10}), 20);
  // Attacked by a rook instead: b1 = -20, S negative (Black would not take).
  EXPECT_LT(swap_off(30, {10}, {50}), 0);
}

TEST(Somac, SwapOffWithFewerDefendersThanAttackers) {
  // (ii) n < N: a rook (50) defended by a pawn, attacked by N and Q: w1 50, b1 20, w2 30; the
  // smallest w is 30 and the largest b before it 20: S = 30.
  EXPECT_EQ(swap_off(50, {10}, {30, 90}), 30);
  // Undefended: S is the piece's value.
  EXPECT_EQ(swap_off(90, {}, {10}), 90);
}

TEST(Somac, TransparencyOrdersTheSwapOff) {
  // Note 3i: the rook a1 attacks a5 only through the queen a2, so it cannot capture first even
  // though it is worth less. The black rook a5, defended by the pawn b6: Q first gives
  // w1 50, b1 -50, w2 -40 -> S = -40 (not worth taking); R first would give S = 10.
  const Position pos = from_fen("7k/8/1p6/r7/8/8/Q7/R6K b - - 0 1");
  EXPECT_EQ(swap_off(50, {10}, {100, 50}), -40);
  EXPECT_EQ(swap_off(50, {10}, {50, 100}), 10);
  EXPECT_EQ(evaluate(pos, white).exchange_enemy, 0);  // the order 3i gives: no positive S
}

// Note (3), steps B and C.
TEST(Somac, ExchangeValuesOfOurPieces) {
  // White (to be valued after its move, Black to move): knight c3 attacked by the pawn b4
  // (S 30), rook h4 attacked by the bishop f6? no: by the knight f5... rook h4 attacked by Ng6?
  // Knight c3 en prise to pawn b4 (S = 30), rook e5 en prise to pawn d6 (S = 50):
  // V_EW = 50 + 5.
  const Position pos = from_fen("7k/8/3p4/4R3/1p6/2N5/8/K7 b - - 0 1");
  EXPECT_EQ(evaluate(pos, white).exchange_own, 55);
}

TEST(Somac, ExchangeValuesOfTheirPiecesAndForks) {
  // The knight d5 forks the undefended rooks c7 and e7 (the pawn d7 keeps them apart): r = 2,
  // V_EB = 5 (r - 1) + the second highest S = 5 + 50.
  const Position fork = from_fen("7k/2rpr3/8/3N4/8/8/8/K7 b - - 0 1");
  EXPECT_EQ(evaluate(fork, white).exchange_enemy, 55);
  // One black piece en prise: +5 for the initiative.
  const Position one = from_fen("7k/2rp4/8/3N4/8/8/8/K7 b - - 0 1");
  EXPECT_EQ(evaluate(one, white).exchange_enemy, 5);
  // The forking knight itself en prise (to the pawn e6) with S >= 0 holds only one rook: r = 1.
  const Position hit = from_fen("7k/2rpr3/4p3/3N4/8/8/8/K7 b - - 0 1");
  EXPECT_EQ(evaluate(hit, white).exchange_enemy, 5);
  EXPECT_EQ(evaluate(hit, white).exchange_own, 30);
  // A forking knight with negative S (attacked by the rook d8, defended by the pawn e4:
  // S = 30 - 50 = -20) against rooks c7, e7 that guard each other (S = 50 - 30 = 20 each):
  // V_EB would be 5 + 20, but without the knight r would be 0, so it is capped at S' = 20.
  const Position capped = from_fen("3r3k/2r1r3/8/3N4/4P3/8/8/K7 b - - 0 1");
  const Terms t = evaluate(capped, white);
  EXPECT_EQ(t.exchange_enemy, 20);
}

// Comment B: -5 per piece an enemy pawn move could attack, once per piece (note 4).
TEST(Somac, PawnThreats) {
  // Knight d4: ...e7-e5 or ...c7-c5 would attack it: -5 once.
  const Position two = from_fen("7k/2p1p3/8/8/3N4/8/8/K7 b - - 0 1");
  EXPECT_EQ(evaluate(two, white).pawn_threats, 5);
  // A second piece, the bishop f4, threatened by ...g7-g5 (and ...e7-e5): -10.
  const Position more = from_fen("7k/2p1p1p1/8/8/3N1B2/8/8/K7 b - - 0 1");
  EXPECT_EQ(evaluate(more, white).pawn_threats, 10);
  // A piece already attacked by a pawn is not counted; pawns of ours are never counted.
  const Position already = from_fen("7k/8/8/4p3/3N4/8/8/K7 b - - 0 1");
  EXPECT_EQ(evaluate(already, white).pawn_threats, 0);
}

// Comment C: +5/x for check; a mate (x = 0) is infinite, so SOMAC mates when it can.
TEST(Somac, CheckRuleChoosesMate) {
  // After Ra8+ Black has one move? The king g8 in the corner with pawns f7 g7 h7: Rd8 is mate.
  Position pos = from_fen("6k1/5ppp/8/8/8/8/8/3R2K1 w - - 0 1");
  Somac machine;
  EXPECT_EQ(pos.move_to_string(machine.choose(pos, {}).move), "d1d8");
  Position after = pos;
  after.play(*after.parse_uci("d1d8"));
  EXPECT_EQ(evaluate(after, white).check, kMateBonus);
  // A check with x replies: 5/x. Qh5+ against Ke8 (Black to move): x counted by the rules.
  Position check = from_fen("4k3/8/8/7Q/8/8/8/4K3 b - - 0 1");
  Position::MoveList replies;
  check.generate_moves(replies);
  EXPECT_DOUBLE_EQ(evaluate(check, white).check, 5.0 / static_cast<double>(replies.size()));
}

// Comment D, note (5): +5 while castling is legal; +16 after O-O, +14 after O-O-O (net 11, 9).
TEST(Somac, CastlingPoints) {
  const Position pos = from_fen("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1");
  EXPECT_EQ(evaluate(pos, white).castling, 5);
  Position oo = pos;
  oo.play(*oo.parse_uci("e1g1"));
  EXPECT_EQ(evaluate(oo, white).castling, 16);
  Position ooo = pos;
  ooo.play(*ooo.parse_uci("e1c1"));
  EXPECT_EQ(evaluate(ooo, white).castling, 14);
  // The one-move analyser castles when nothing else matters more.
  Position quiet = from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
  Somac machine;
  EXPECT_EQ(quiet.move_to_string(machine.choose(quiet, {}).move), "e1g1");
}

// Castling is a fact of the game (Position::castled): after O-O the king walks to h1 and back to
// g1 and the rook leaves f1, and the +16 stays, earned once; the queen stays at 100 off its back
// ranks. Only a position set up from a FEN, without its moves, is read from the board.
TEST(Somac, CastlingCreditedFromTheGameNotTheBoard) {
  Position pos = from_fen("r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
  auto play = [&](std::string_view uci) {
    auto m = pos.parse_uci(uci);
    ASSERT_TRUE(m.ok()) << uci;
    pos.play(*m);
  };
  play("e1g1");
  EXPECT_EQ(evaluate(pos, white).castling, 16);
  play("d7d6");
  play("g1h1");  // the king leaves its castled square: the credit stays (the board reading lost it)
  EXPECT_EQ(evaluate(pos, white).castling, 16);
  play("c8g4");
  play("h1g1");  // and back: no new credit
  EXPECT_EQ(evaluate(pos, white).castling, 16);
  play("a7a6");
  play("f1e1");  // the castled rook moves: kept
  EXPECT_EQ(evaluate(pos, white).castling, 16);
  play("a6a5");
  play("d1e2");
  play("a5a4");
  play("e2e3");  // the queen off its back two ranks: 100, White has castled
  EXPECT_EQ(piece_value(pos, make_square(4, 2)), 100);
  // Black has not castled: its queen off the back ranks is 90.
  EXPECT_EQ(pos.castled(black), no_castling);
  // From a FEN: the board is all there is. Kg1 + Rf1 without rights reads as castled, and the
  // king's walk from there keeps it; a king on h1 that walks to g1 never castled.
  Position fen_castled = from_fen("4k3/8/8/8/8/8/5PPP/5RK1 w - - 0 1");
  EXPECT_EQ(evaluate(fen_castled, white).castling, 16);
  fen_castled.play(*fen_castled.parse_uci("g1h1"));
  EXPECT_EQ(evaluate(fen_castled, white).castling, 16);
  Position fen_walk = from_fen("4k3/8/8/8/8/8/5PPP/5R1K w - - 0 1");
  EXPECT_EQ(evaluate(fen_walk, white).castling, 0);
  fen_walk.play(*fen_walk.parse_uci("h1g1"));
  EXPECT_EQ(evaluate(fen_walk, white).castling, 0);
}

// Comment E: without the queen rule, after 1.P-K4 P-K4 SOMAC "would play 2.Q-B3? instead of
// 2.Kt-KB3". Reproduced: Q-B3 attacks 64 squares' worth (the most of any move) and would score 64,
// above 2.P-Q4 (62) and 2.Kt-KB3 (61); the rule takes 10 off the queen (54). With it SOMAC plays
// 2.P-Q4, one square ahead of Maynard Smith's 2.Kt-KB3 (57 + 5 against 56 + 5).
TEST(Somac, CommentEQueenRuleStopsQueenB3) {
  Position pos;
  for (const char* u : {"e2e4", "e7e5"}) pos.play(*pos.parse_uci(u));
  auto after = [&](const char* uci) {
    Position p = pos;
    p.play(*p.parse_uci(uci));
    return evaluate(p, white);
  };
  const Terms qb3 = after("d1f3"), ktb3 = after("g1f3"), pq4 = after("d2d4");
  EXPECT_EQ(qb3.material, -10);  // the queen rule
  EXPECT_DOUBLE_EQ(qb3.total(), 54);
  EXPECT_DOUBLE_EQ(qb3.total() - qb3.material, 64);  // what Q-B3 would score without the rule
  EXPECT_DOUBLE_EQ(pq4.total(), 62);
  EXPECT_DOUBLE_EQ(ktb3.total(), 61);
  Somac machine;
  EXPECT_EQ(pos.move_to_string(machine.choose(pos, {}).move), "d2d4");
}

TEST(Somac, OneMoveAnalyserTakesMaterialAndIsSeeded) {
  Position hanging = from_fen("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1");
  Somac machine;
  EXPECT_EQ(hanging.move_to_string(machine.choose(hanging, {}).move), "d2d5");
  Somac a(9), b(9);
  Position pa, pb;
  for (int i = 0; i < 8; ++i) {
    const Move ma = a.choose(pa, {}).move, mb = b.choose(pb, {}).move;
    ASSERT_EQ(ma, mb);
    pa.play(ma);
    pb.play(mb);
  }
}

// Michie (1966): "when allowed a lookahead of 2". A position from a random game (seed 5, 24 random
// plies): the one-move analysis plays Qxe7+, its queen's danger (V_EW 90) outweighed by the
// threats it makes (V_EB 115) and the check; but Black need not answer the threats: Nxe7 takes
// the queen (with Bxe7 Kxe7 to follow). At lookahead 2 the least value after a reply is -40 for
// Qxe7+ and +20 for Qd2, and SOMAC keeps its queen.
TEST(Somac, LookaheadTwoRefusesAMoveWhoseReplyWinsTheQueen) {
  const Position pos =
      from_fen("r1bqk1nr/p2pp2p/n6b/1p4B1/1QP2Pp1/R2P3P/1P2P3/1N2KBNR w Kkq - 1 13");
  Somac one, two;
  ASSERT_TRUE(two.set_option("Lookahead", "2"));
  EXPECT_EQ(pos.move_to_string(one.choose(pos, {}).move), "b4e7");
  const auto t = two.choose(pos, {});
  EXPECT_NE(pos.move_to_string(t.move), "b4e7");
  // Qxe7+ backed up: the least value a reply leaves, each reply judged as Black's position after
  // Black's move (negated); the worst is Nxe7, which takes the queen.
  Position after = pos;
  after.play(*after.parse_uci("b4e7"));
  Position::MoveList replies;
  after.generate_moves(replies);
  double worst = 1e18;
  std::string worst_reply;
  for (const Move& r : replies) {
    after.play(r);
    const double v = -evaluate(after, black).total();
    after.undo(r);
    if (v < worst) worst = v, worst_reply = after.move_to_string(r);
  }
  EXPECT_EQ(worst_reply, "g8e7");
  EXPECT_LT(worst, *t.score - 50) << worst << " against " << *t.score;
  // Still the mate in one (5/0 after our move, whatever the replies), and a bad value is one line.
  const Position mate = from_fen("6k1/5ppp/8/8/8/8/8/3R2K1 w - - 0 1");
  EXPECT_EQ(mate.move_to_string(two.choose(mate, {}).move), "d1d8");
  const auto bad = two.set_option("Lookahead", "4");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("Lookahead"), std::string::npos) << bad.error();
}

// At lookahead 2 SOMAC sees a mate in one against itself. In this position from a random game the
// one-move analysis plays Nf3, after which Black mates at once; at lookahead 2 no move it chooses
// leaves Black a mate.
TEST(Somac, LookaheadTwoNeverAllowsAMateInOne) {
  const Position pos = from_fen("rq2kbnr/pp2pp1p/n1p5/5bP1/P2p3P/NP6/2PPP1PR/R1BQKBN1 w Qkq - 0 8");
  auto mate_allowed = [&pos](const Move& m) {
    Position after = pos;
    after.play(m);
    Position::MoveList replies;
    after.generate_moves(replies);
    for (const Move& r : replies) {
      after.play(r);
      const bool mate = after.is_checkmate();
      after.undo(r);
      if (mate) return true;
    }
    return false;
  };
  Somac one, two;
  const Move m1 = one.choose(pos, {}).move;
  EXPECT_EQ(pos.move_to_string(m1), "g1f3");
  EXPECT_TRUE(mate_allowed(m1));
  ASSERT_TRUE(two.set_option("Lookahead", "2"));
  EXPECT_FALSE(mate_allowed(two.choose(pos, {}).move));
}

}  // namespace
}  // namespace minimax::chess::somac
