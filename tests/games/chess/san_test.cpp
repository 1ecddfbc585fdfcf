// SAN written and read (the PGN standard's Standard Algebraic Notation, section 8.2.3).
#include "games/chess/san.hpp"

#include <gtest/gtest.h>

#include <string>

namespace minimax::chess {
namespace {

Position at(std::string_view fen, bool chess960 = false) {
  auto p = Position::from_fen(fen, chess960);
  EXPECT_TRUE(p.ok()) << fen << ": " << (p ? "" : p.error());
  return p ? *p : Position();
}

Move uci(const Position& pos, std::string_view text) {
  auto m = pos.parse_uci(text);
  EXPECT_TRUE(m.ok()) << text << ": " << (m ? "" : m.error());
  return m ? *m : Move::none();
}

std::string san(std::string_view fen, std::string_view move) {
  Position p = at(fen);
  return to_san(p, uci(p, move));
}

std::string read(std::string_view fen, std::string_view text, bool chess960 = false) {
  Position p = at(fen, chess960);
  auto m = parse_san(p, text);
  return m ? p.move_to_string(*m) : "error: " + m.error();
}

TEST(SanWrite, PawnsPiecesCapturesPromotions) {
  EXPECT_EQ(san(kStartFen, "e2e4"), "e4");
  EXPECT_EQ(san(kStartFen, "g1f3"), "Nf3");
  // 1. e4 d5: the capture names the pawn's file.
  EXPECT_EQ(san("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", "e4d5"), "exd5");
  EXPECT_EQ(san("7k/3P4/8/8/8/8/8/4K3 w - - 0 1", "d7d8q"), "d8=Q+");
  EXPECT_EQ(san("2r4k/3P4/8/8/8/8/8/4K3 w - - 0 1", "d7c8n"), "dxc8=N");
  // En passant is written as a plain pawn capture.
  EXPECT_EQ(san("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6"), "exd6");
}

TEST(SanWrite, DisambiguationByFileThenRankThenBoth) {
  // Knights b1 and f3 both reach d2: the file tells them apart.
  EXPECT_EQ(san("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "b1d2"), "Nbd2");
  EXPECT_EQ(san("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "f3d2"), "Nfd2");
  // Rooks a1 and a5 on one file: the rank.
  EXPECT_EQ(san("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3"), "R1a3");
  EXPECT_EQ(san("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a5a3"), "R5a3");
  // Queens a1, a3 and c1 all reach b2: a1 shares a file with a3 and a rank with c1.
  EXPECT_EQ(san("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "a1b2"), "Qa1b2");
  EXPECT_EQ(san("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "a3b2"), "Q3b2");
  EXPECT_EQ(san("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "c1b2"), "Qcb2");
  // A pinned knight does not count: only one knight can legally go to d2.
  EXPECT_EQ(san("4k3/8/8/6N1/1b6/2N5/8/4K3 w - - 0 1", "g5e4"), "Ne4");
  EXPECT_EQ(san("4k3/4r3/8/8/8/8/4N3/2N1K3 w - - 0 1", "c1d3"), "Nd3");
}

TEST(SanWrite, CastlingCheckAndMate) {
  EXPECT_EQ(san("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1"), "O-O");
  EXPECT_EQ(san("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1"), "O-O-O");
  EXPECT_EQ(san("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8"), "O-O-O");
  // Castling that gives check (the rook lands on f1 against a king on f8).
  EXPECT_EQ(san("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1"), "O-O+");
  // The fool's mate: 1. f3 e5 2. g4 Qh4#.
  EXPECT_EQ(san("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2", "d8h4"), "Qh4#");
  EXPECT_EQ(san("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8"), "Ra8+");
}

TEST(SanWrite, Chess960CastlingIsKingTakesRook) {
  // King f1 between rooks b1 and g1 (Shredder-FEN castling field).
  Position p = at("k7/8/8/8/8/8/8/1R3KR1 w GB - 0 1", true);
  auto oo = parse_san(p, "O-O");
  ASSERT_TRUE(oo.ok()) << oo.error();
  EXPECT_TRUE(oo->is_castling());
  EXPECT_EQ(p.move_to_string(*oo), "f1g1");
  EXPECT_EQ(to_san(p, *oo), "O-O");
  auto ooo = parse_san(p, "0-0-0");
  ASSERT_TRUE(ooo.ok()) << ooo.error();
  EXPECT_EQ(p.move_to_string(*ooo), "f1b1");
  EXPECT_EQ(to_san(p, *ooo), "O-O-O");
}

TEST(SanRead, ForgivesTheUsualSloppiness) {
  EXPECT_EQ(read(kStartFen, "e4"), "e2e4");
  EXPECT_EQ(read(kStartFen, "e2e4"), "e2e4");    // UCI
  EXPECT_EQ(read(kStartFen, "nf3"), "g1f3");     // lowercase piece letter
  EXPECT_EQ(read(kStartFen, "Ng1f3"), "g1f3");   // over-disambiguated
  EXPECT_EQ(read(kStartFen, "Ng1-f3"), "g1f3");  // long algebraic
  EXPECT_EQ(read(kStartFen, "Nf3!?"), "g1f3");   // annotations
  EXPECT_EQ(read(kStartFen, "Nxf3"), "g1f3");    // extra x
  EXPECT_EQ(read(kStartFen, "Nf3+"), "g1f3");    // a wrong check mark is only a mark
  const char* exd5 = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2";
  EXPECT_EQ(read(exd5, "exd5"), "e4d5");
  EXPECT_EQ(read(exd5, "ed5"), "e4d5");  // missing x
  EXPECT_EQ(read(exd5, "ed"), "error: malformed move 'ed': does not end in a square");
  EXPECT_EQ(read("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "exd6 e.p."), "e5d6");
  EXPECT_EQ(read("7k/3P4/8/8/8/8/8/4K3 w - - 0 1", "d8=Q"), "d7d8q");
  EXPECT_EQ(read("7k/3P4/8/8/8/8/8/4K3 w - - 0 1", "d8Q"), "d7d8q");  // missing =
  EXPECT_EQ(read("7k/3P4/8/8/8/8/8/4K3 w - - 0 1", "d8(N)"), "d7d8n");
  EXPECT_EQ(read("7k/3P4/8/8/8/8/8/4K3 w - - 0 1", "d7d8r"), "d7d8r");
  EXPECT_EQ(read("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "0-0"), "e1g1");
  EXPECT_EQ(read("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O-O+"), "e1c1");
  EXPECT_EQ(read("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "Kg1"), "e1g1");
  // A lowercase "b" is a pawn's file where a pawn move fits, else the bishop.
  EXPECT_EQ(read("4k3/8/8/8/8/2p5/1P6/4KB2 w - - 0 1", "bc3"), "b2c3");
  EXPECT_EQ(read("4k3/8/8/8/8/8/8/4KB2 w - - 0 1", "bc4"), "f1c4");
}

TEST(SanRead, SaysWhyNot) {
  EXPECT_EQ(read("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "Nd2"),
            "error: ambiguous: 'Nd2' could be Nbd2, Nfd2");
  EXPECT_EQ(read(kStartFen, "e5"), "error: illegal: 'e5': no white pawn can move to e5");
  EXPECT_EQ(read(kStartFen, "Ke2"), "error: illegal: 'Ke2': no white king can move to e2");
  EXPECT_EQ(read(kStartFen, "e2e5"), "error: illegal: 'e2e5': no white pawn can move to e5");
  EXPECT_EQ(read(kStartFen, "Qh5"), "error: illegal: 'Qh5': no white queen can move to h5");
  EXPECT_EQ(read("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "Nc3"),
            "error: illegal: 'Nc3': the king on e1 would be in check");
  EXPECT_EQ(read("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "Nf3"),
            "error: illegal: 'Nf3': there is no white knight");
  EXPECT_EQ(read("7k/3P4/8/8/8/8/8/4K3 w - - 0 1", "d8"),
            "error: illegal: 'd8': a promotion must name its piece (e.g. d8=Q)");
  EXPECT_EQ(read("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", "O-O"),
            "error: illegal: 'O-O': the castling right is gone");
  EXPECT_EQ(read("r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1", "O-O"),
            "error: illegal: 'O-O': the king is in check");
  EXPECT_EQ(read("r3k2r/8/8/8/8/8/8/R3KB1R w KQkq - 0 1", "O-O"),
            "error: illegal: 'O-O': the squares between are occupied or attacked");
  EXPECT_EQ(read(kStartFen, "Zf3"), "error: malformed move 'Zf3': unknown piece letter 'Z'");
  EXPECT_EQ(read(kStartFen, ""), "error: malformed move '': empty");
}

TEST(SanLine, MoveNumbersCountOnAfterBlacksMove) {
  // The FEN's move number goes up after Black's move, not after White's (fullmove_number()).
  Position p;
  auto moves = play_san_line(p, {"e4"});
  ASSERT_TRUE(moves.ok());
  EXPECT_EQ(p.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  ASSERT_TRUE(play_san_line(p, {"c5"}).ok());
  EXPECT_EQ(p.fullmove_number(), 2);
  auto black = Position::from_fen("4k3/8/8/8/8/8/8/4K3 b - - 0 7");
  ASSERT_TRUE(black.ok());
  EXPECT_EQ(black->fullmove_number(), 7);
  ASSERT_TRUE(play_san_line(*black, {"Kd7"}).ok());
  EXPECT_EQ(black->fullmove_number(), 8);
}

TEST(SanLine, PlaysAndWritesALine) {
  Position p;
  auto moves = play_san_line(p, {"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O"});
  ASSERT_TRUE(moves.ok()) << moves.error();
  EXPECT_EQ(to_san_line(Position(), *moves),
            (std::vector<std::string>{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O"}));
  Position q;
  auto bad = play_san_line(q, {"e4", "e5", "Ke3"});
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error(), "ply 3: illegal: 'Ke3': no white king can move to e3");
}

}  // namespace
}  // namespace minimax::chess
