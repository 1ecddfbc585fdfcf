// FEN read and write: round trips, X-FEN/Shredder-FEN castling, and every fault issue 2 names
// rejected with a message naming it.
#include <gtest/gtest.h>

#include <string>

#include "games/chess/position.hpp"

namespace minimax::chess {
namespace {

TEST(Fen, RoundTrips) {
  for (const char* fen : {
           "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
           "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
           "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
           "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 17 52",
           "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
       }) {
    auto pos = Position::from_fen(fen);
    ASSERT_TRUE(pos.ok()) << fen << ": " << pos.error();
    EXPECT_EQ(pos->fen(), fen);
  }
}

TEST(Fen, CountersMayBeOmitted) {
  auto pos = Position::from_fen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -");
  ASSERT_TRUE(pos.ok()) << pos.error();
  EXPECT_EQ(pos->fen(), "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1");
  auto black = Position::from_fen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 b - - 3 40");
  ASSERT_TRUE(black.ok());
  EXPECT_EQ(black->fullmove_number(), 40);
  EXPECT_EQ(black->halfmove_clock(), 3);
}

// Polyglot's rule: the en-passant square counts only when a pawn of the side to move can take.
TEST(Fen, EnPassantSquareKeptOnlyWhenACaptureIsPossible) {
  auto after_e4 = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  ASSERT_TRUE(after_e4.ok()) << after_e4.error();
  EXPECT_EQ(after_e4->ep_square(), no_square);
  EXPECT_EQ(after_e4->fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  auto f6 = Position::from_fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
  ASSERT_TRUE(f6.ok());
  EXPECT_EQ(f6->ep_square(), Square::f6);
}

TEST(Fen, Chess960Castling) {
  // Shredder-FEN letters are rook files; written back as X-FEN (KQkq where the rook is outermost).
  auto pos =
      Position::from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true);
  ASSERT_TRUE(pos.ok()) << pos.error();
  EXPECT_TRUE(pos->chess960());
  EXPECT_EQ(pos->castling_rook(white_oo), h1);
  EXPECT_EQ(pos->castling_rook(white_ooo), f1);
  EXPECT_EQ(pos->castling_rook(black_oo), h8);
  EXPECT_EQ(pos->castling_rook(black_ooo), f8);
  EXPECT_EQ(pos->fen(), "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");
  auto again = Position::from_fen(pos->fen(), true);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->key(), pos->key());
  EXPECT_EQ(again->castling_rook(white_ooo), f1);

  // An inner rook needs its file letter (X-FEN): rooks on b1 and d1... the d-file rook castles.
  auto inner = Position::from_fen("1r2k3/8/8/8/8/8/8/1R1RK3 w D - 0 1", true);
  ASSERT_TRUE(inner.ok()) << inner.error();
  EXPECT_EQ(inner->castling_rook(white_ooo), d1);
  EXPECT_EQ(inner->fen(), "1r2k3/8/8/8/8/8/8/1R1RK3 w D - 0 1");
}

struct BadFen {
  const char* fen;
  const char* fault;  // a part of the message that names the fault
};

TEST(Fen, FaultsAreNamed) {
  const BadFen cases[] = {
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", "has 3 fields"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", "has 7 fields"},
      {"", "has 0 fields"},
      {"rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "bad piece letter 'x'"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1R w KQkq - 0 1", "rank 1"},
      {"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 7"},
      {"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 6"},
      {"rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "7 ranks"},
      {"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "no black king"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", "no white king"},
      {"rnbqkbnr/pppppppp/8/8/8/4K3/PPPPPPPP/RNBQKBNR w kq - 0 1", "2 white kings"},
      {"4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "side not to move (black) is in check"},
      {"4k3/8/8/8/8/3n4/8/4K3 b - - 0 1", "side not to move (white) is in check"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move"},
      {"r3k2r/8/8/8/8/8/8/R3K1R1 w K - 0 1", "castling right 'K'"},
      {"r3k2r/8/8/8/8/8/8/R2K3R w Q - 0 1", "castling right 'Q'"},
      {"r3k3/8/8/8/8/8/8/R3K2R w KQk - 0 1", "castling right 'k'"},
      {"r3k2r/8/8/8/8/8/8/R3K2R w KX - 0 1", "bad castling letter 'X'"},
      {"r3k2r/8/8/8/8/8/8/R3K2R w KK - 0 1", "given twice"},
      {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1",
       "impossible en-passant square 'e4'"},
      {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq d3 0 1",
       "impossible en-passant square 'd3'"},
      {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1",
       "impossible en-passant square 'e3'"},
      {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq z9 0 1", "bad en-passant square 'z9'"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "halfmove clock 'x'"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 y", "fullmove number 'y'"},
      {"Pnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", "pawn"},
  };
  for (const auto& c : cases) {
    auto pos = Position::from_fen(c.fen);
    ASSERT_FALSE(pos.ok()) << "accepted: " << c.fen;
    EXPECT_NE(pos.error().find(c.fault), std::string::npos)
        << c.fen << "\n  message: " << pos.error() << "\n  should name: " << c.fault;
    EXPECT_EQ(pos.error().find('\n'), std::string::npos) << pos.error();  // one line
  }
}

}  // namespace
}  // namespace minimax::chess

namespace minimax::chess {
namespace {

// The move number goes up after Black's move, also when the game starts from a FEN with Black to
// move.
TEST(Fen, MoveNumbersAfterMoves) {
  Position pos;
  for (const char* m : {"e2e4", "e7e5", "g1f3"}) pos.play(*pos.parse_uci(m));
  EXPECT_EQ(pos.fen(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
  auto black = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  ASSERT_TRUE(black.ok());
  black->play(*black->parse_uci("c7c5"));
  EXPECT_EQ(black->fen(), "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
  black->play(*black->parse_uci("g1f3"));
  EXPECT_EQ(black->fen(), "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
}

}  // namespace
}  // namespace minimax::chess
