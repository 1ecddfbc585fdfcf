// English descriptive notation, as the seeds print their games (Turing 1953; Bowden 1953).
#include "games/chess/descriptive.hpp"

#include <gtest/gtest.h>

#include <string>

#include "games/chess/san.hpp"

namespace minimax::chess {
namespace {

Position at(std::string_view fen) {
  auto p = Position::from_fen(fen);
  EXPECT_TRUE(p.ok()) << fen << ": " << (p ? "" : p.error());
  return p ? *p : Position();
}

Position after(std::initializer_list<const char*> sans) {
  Position p;
  for (const char* s : sans) {
    auto m = parse_san(p, s);
    EXPECT_TRUE(m.ok()) << s;
    if (m) p.play(*m);
  }
  return p;
}

// The move read, in SAN, or "error: ...".
std::string read(const Position& p, std::string_view text,
                 DescriptiveMode mode = DescriptiveMode::strict) {
  std::string slip;
  auto m = parse_descriptive(p, text, mode, &slip);
  if (!m) return "error: " + m.error();
  return to_san(p, *m) + (slip.empty() ? "" : " [" + slip + "]");
}

std::string write(const Position& p, std::string_view san) {
  auto m = parse_san(p, san);
  EXPECT_TRUE(m.ok()) << san;
  return m ? to_descriptive(p, *m) : "";
}

TEST(DescriptiveRead, FilesFromEachSidesOwnView) {
  Position start;
  EXPECT_EQ(read(start, "P-K4"), "e4");
  EXPECT_EQ(read(start, "Kt-KB3"), "Nf3");
  EXPECT_EQ(read(start, "N-KB3"), "Nf3");
  EXPECT_EQ(read(start, "kt-qb3"), "Nc3");
  EXPECT_EQ(read(start, "P-QR3"), "a3");
  // Black's K4 is e5, Black's Q4 is d5.
  Position black = after({"e4"});
  EXPECT_EQ(read(black, "P-K4"), "e5");
  EXPECT_EQ(read(black, "P-Q4"), "d5");
  EXPECT_EQ(read(black, "Kt-KB3"), "Nf6");
  // The printed forms of the seeds: spaces, dots, em dashes.
  EXPECT_EQ(read(start, "P—K 4"), "e4");
  EXPECT_EQ(read(start, "Kt—Q B 3"), "Nc3");
  EXPECT_EQ(read(start, "Kt. - KB3"), "Nf3");
}

TEST(DescriptiveRead, CapturesNameThePieceTaken) {
  // 1. e4 d5: P x P.
  Position p = after({"e4", "d5"});
  EXPECT_EQ(read(p, "P x P"), "exd5");
  EXPECT_EQ(read(p, "PxQP"), "exd5");
  EXPECT_EQ(read(p, "KP x P"), "exd5");
  // 1. e4 d5 2. exd5 Qxd5 3. Nc3: Q x Kt is not possible from d5? It is not: the queen takes
  // nothing.
  Position q = after({"e4", "e5", "Nf3", "Nc6", "Bb5", "a6"});
  EXPECT_EQ(read(q, "B x Kt"), "Bxc6");
  EXPECT_EQ(read(q, "B x P"), "Bxa6");
  EXPECT_EQ(read(q, "B x RP"), "Bxa6");
  EXPECT_EQ(read(q, "Kt x P"), "Nxe5");
  EXPECT_EQ(read(q, "Kt x KP"), "Nxe5");
  // En passant: 1. e4 a6 2. e5 d5: P x P e.p.
  Position ep = after({"e4", "a6", "e5", "d5"});
  EXPECT_EQ(read(ep, "P x P e.p."), "exd6");
  EXPECT_EQ(read(ep, "PxP"), "exd6");
  EXPECT_EQ(read(ep, "P x QP"), "exd6");
}

TEST(DescriptiveRead, ChecksMatesPromotionsCastling) {
  Position mate = at("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
  EXPECT_EQ(read(mate, "R-R8 mate"), "Ra8#");
  EXPECT_EQ(read(mate, "R-R8 ch."), "Ra8#");
  EXPECT_EQ(read(mate, "R-R8"), "Ra8#");
  EXPECT_EQ(read(mate, "R-R7 ch."), "error: illegal: 'R-R7 ch.': Ra7 gives no check");
  Position promo = at("7k/3P4/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(read(promo, "P-Q8=Q ch."), "d8=Q+");
  EXPECT_EQ(read(promo, "P-Q8 (Kt)"), "d8=N");
  EXPECT_EQ(read(promo, "P-Q8=R"), "d8=R+");
  EXPECT_EQ(read(promo, "P-Q8/B"), "d8=B");
  EXPECT_EQ(read(promo, "P-Q8"),
            "error: illegal: 'P-Q8': a promotion must name its piece (e.g. =Q)");
  EXPECT_EQ(read(promo, "P-Q7"), "error: illegal: 'P-Q7': no white pawn can move to d7");
  EXPECT_EQ(read(promo, "P-Q8", DescriptiveMode::lenient),
            "d8=Q+ [no promotion piece named; a queen assumed]");
  Position castle = at("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  EXPECT_EQ(read(castle, "O-O"), "O-O");
  EXPECT_EQ(read(castle, "0-0-0"), "O-O-O");
  EXPECT_EQ(read(castle, "O—O—O"), "O-O-O");
  EXPECT_EQ(read(castle, "Castles"), "error: ambiguous: 'Castles' could be O-O, O-O-O");
}

TEST(DescriptiveRead, QualifiersNarrowAndAmbiguityIsNamed) {
  Position start;
  EXPECT_EQ(read(start, "Kt-B3"), "error: ambiguous: 'Kt-B3' could be Nc3, Nf3");
  // Rooks on a1 and h1, b1 and g1 empty (Turing's 15. KR-Kt1).
  Position rooks = at("4k3/8/8/8/8/8/8/R3K2R w - - 0 1");
  EXPECT_EQ(read(rooks, "R-Kt1"), "error: ambiguous: 'R-Kt1' could be Rb1, Rg1");
  EXPECT_EQ(read(rooks, "KR-Kt1"), "Rg1");
  EXPECT_EQ(read(rooks, "QR-Kt1"), "Rb1");
  EXPECT_EQ(read(rooks, "R-KKt1"), "Rg1");
  EXPECT_EQ(read(rooks, "R(QR1)-Q1"), "Rd1");
  EXPECT_EQ(read(rooks, "R-Q1"), "Rd1");
  EXPECT_EQ(read(rooks, "R-B1"), "error: ambiguous: 'R-B1' could be Rc1, Rf1");
  // KB and QB by the colour of their squares: White's king's bishop runs on light squares.
  Position bishops = at("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1");
  EXPECT_EQ(read(bishops, "KB-Q3"), "Bd3");
  EXPECT_EQ(read(bishops, "QB-Kt5"), "Bg5");
  EXPECT_EQ(read(bishops, "B-Kt5"), "error: ambiguous: 'B-Kt5' could be Bg5, Bb5+");
  // The check mark narrows: only one knight capture gives check.
  Position checks = at("4k3/8/3p1p2/8/4N3/8/8/4K3 w - - 0 1");
  EXPECT_EQ(read(checks, "Kt x P"), "error: ambiguous: 'Kt x P' could be Nxd6+, Nxf6+");
}

TEST(DescriptiveRead, LenientResolvesSlipsAndSaysWhich) {
  // Only queenside castling is legal: a knight stands on g1 (Turing's 18. O-O).
  Position castle = at("r3k2r/8/8/8/8/8/8/R3K1NR w KQkq - 0 1");
  EXPECT_EQ(read(castle, "O-O"), "error: illegal: 'O-O': that castling is not legal (O-O-O is)");
  EXPECT_EQ(read(Position(), "O-O"), "error: illegal: 'O-O': castling is not legal here");
  EXPECT_EQ(read(castle, "O-O", DescriptiveMode::lenient),
            "O-O-O [castling on the wrong side: O-O is not legal, O-O-O is]");
  // '-' written for a capture.
  Position cap = after({"e4", "d5"});
  EXPECT_EQ(read(cap, "P-Q5"), "error: illegal: 'P-Q5': exd5 is a capture, written with 'x'");
  EXPECT_EQ(read(cap, "P-Q5", DescriptiveMode::lenient), "exd5 [written '-' for a capture]");
  // A check mark on a move that gives none.
  Position start;
  EXPECT_EQ(read(start, "P-K4 ch.", DescriptiveMode::lenient),
            "e4 [marked check, but the move gives no check]");
  // The wrong wing: the king's knight cannot reach QB3.
  EXPECT_EQ(read(start, "KKt-QB3", DescriptiveMode::lenient),
            "Nc3 [the piece's K/Q wing does not fit; read without it]");
  EXPECT_EQ(read(start, "KKt-QB3"),
            "error: illegal: 'KKt-QB3': the piece's K/Q wing does not fit (Nc3)");
  // A pawn named by the wrong file: only one pawn move reaches K4... the text says QBP.
  EXPECT_EQ(read(start, "QBP-K4", DescriptiveMode::lenient),
            "e4 [the pawn's file does not fit; read as the only pawn move of that kind]");
}

TEST(DescriptiveRead, MalformedTextIsNamed) {
  Position start;
  EXPECT_EQ(read(start, "P-K9"),
            "error: malformed descriptive move 'P-K9': 'K9' is not a square (e.g. K4, QB3, Kt5)");
  EXPECT_EQ(read(start, "Z-K4"),
            "error: malformed descriptive move 'Z-K4': expected a piece (P, Kt, B, R, Q, K)");
  EXPECT_EQ(read(start, "PK4"), "error: malformed descriptive move 'PK4': 'PK' is not a piece");
  EXPECT_EQ(read(start, "P4"),
            "error: malformed descriptive move 'P4': expected '-' or 'x' after the piece");
  EXPECT_EQ(read(start, ""), "error: malformed descriptive move '': empty");
  EXPECT_EQ(read(start, "KQ-K4"), "error: malformed descriptive move 'KQ-K4': 'KQ' is not a piece");
}

TEST(DescriptiveWrite, ShortestUnambiguousInTheSeedsStyle) {
  Position start;
  EXPECT_EQ(write(start, "e4"), "P-K4");
  EXPECT_EQ(write(start, "Nf3"), "Kt-KB3");
  EXPECT_EQ(write(start, "Nc3"), "Kt-QB3");
  EXPECT_EQ(write(start, "a4"), "P-QR4");  // P-R4 could be h4
  EXPECT_EQ(write(after({"e4"}), "e5"), "P-K4");
  EXPECT_EQ(write(after({"e4", "d5"}), "exd5"), "P x P");
  EXPECT_EQ(write(after({"e4", "e5", "Nf3", "Nc6", "Bb5", "a6"}), "Bxc6"), "B x Kt");
  EXPECT_EQ(write(after({"e4", "e5", "Nf3", "Nc6", "Bb5", "a6"}), "Bxa6"), "B x P");
  EXPECT_EQ(write(at("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"), "Ra8#"), "R-R8 mate");
  EXPECT_EQ(write(at("4k3/8/8/8/8/8/8/R3K2R w - - 0 1"), "Rg1"), "R-KKt1");
  EXPECT_EQ(write(at("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"), "O-O-O"), "O-O-O");
  EXPECT_EQ(write(at("7k/3P4/8/8/8/8/8/4K3 w - - 0 1"), "d8=Q+"), "P-Q8=Q ch.");
  EXPECT_EQ(write(after({"e4", "a6", "e5", "d5"}), "exd6"), "P x P e.p.");
  EXPECT_EQ(write(at("4k3/8/3p1p2/8/4N3/8/8/4K3 w - - 0 1"), "Nxd6+"), "Kt x QP ch.");
  // Two rooks on the king's side both reach g2: the square the rook stands on names it.
  EXPECT_EQ(write(at("4k3/8/8/8/8/8/5R1R/4K3 w - - 0 1"), "Rfg2"), "R(KB2)-KKt2");
}

}  // namespace
}  // namespace minimax::chess
