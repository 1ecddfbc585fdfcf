// Bad input at every notation edge: malformed FENs, SAN, descriptive moves, PGN and EPD lines. Each
// gets one clear line that names the bad token; nothing crashes. (Command-line arguments to show
// and legal: notation_cli_test.cpp.)
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "games/chess/descriptive.hpp"
#include "games/chess/descriptive_game.hpp"
#include "games/chess/epd.hpp"
#include "games/chess/move_text.hpp"
#include "games/chess/pgn.hpp"
#include "games/chess/san.hpp"

namespace minimax::chess {
namespace {

struct Case {
  std::string input;
  std::string must_mention;  // the bad token (or the fault) the message names
};

void expect_one_line(const std::string& message, const Case& c) {
  EXPECT_FALSE(message.empty()) << c.input;
  EXPECT_EQ(message.find('\n'), std::string::npos) << c.input << " -> " << message;
  EXPECT_NE(message.find(c.must_mention), std::string::npos) << c.input << " -> " << message;
}

TEST(BadInput, Fens) {
  const std::vector<Case> cases = {
      {"", "fields"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "fields"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "7 ranks"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "'X'"},
      {"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "9"},
      {"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "ppppppp"},
      {"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "black king"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w KQkq - 0 1", "white kings"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "'x'"},
      {"4k3/8/8/8/8/8/4r3/4K3 b - - 0 1", "side not to move"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", "'K'"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1", "e4"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "'x'"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 y", "'y'"},
      {"P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "a8"},
  };
  for (const auto& c : cases) {
    auto p = Position::from_fen(c.input);
    ASSERT_FALSE(p.ok()) << c.input;
    expect_one_line(p.error(), c);
  }
}

TEST(BadInput, SanMoves) {
  Position start;
  const std::vector<Case> cases = {
      {"", "empty"},
      {"Zf3", "'Zf3'"},
      {"Nf9", "'Nf9'"},
      {"e9", "'e9'"},
      {"Nf3f3f3", "'Nf3f3f3'"},
      {"O-O-O-O", "'O-O-O-O'"},
      {"Qh5", "no white queen can move to h5"},
      {"e5", "no white pawn"},
      {"N", "'N'"},
      {"e2e9", "'e2e9'"},
      {"e7e8x", "'e7e8x'"},
      {"Kxe2", "no white king"},
      {"++", "'++'"},
  };
  for (const auto& c : cases) {
    auto m = parse_san(start, c.input);
    ASSERT_FALSE(m.ok()) << c.input;
    expect_one_line(m.error(), c);
  }
}

TEST(BadInput, DescriptiveMoves) {
  Position start;
  const std::vector<Case> cases = {
      {"", "empty"},
      {"P-K9", "'K9'"},
      {"X-K4", "'X-K4'"},
      {"P-", "'P-'"},
      {"P-K4-K5", "'P-K4-K5'"},
      {"PP-K4", "'PP'"},
      {"Kt-B3", "could be Nc3, Nf3"},
      {"P-K5", "e5"},
      {"P x P", "can make that capture"},
      {"R-R3", "rook"},
      {"P-Q8=X", "'P-Q8=X'"},
      {"KQ-K4", "'KQ'"},
      {"(", "'('"},
      {"R(K9)-K1", "'K9'"},
  };
  for (const auto& c : cases) {
    for (auto mode : {DescriptiveMode::strict, DescriptiveMode::lenient}) {
      auto m = parse_descriptive(start, c.input, mode);
      ASSERT_FALSE(m.ok()) << c.input;
      expect_one_line(m.error(), c);
    }
  }
}

TEST(BadInput, DescriptiveRecords) {
  const std::vector<Case> cases = {
      {"1 | P-K4 | 4.2x | P-K4", "'4.2x'"},
      {"2 | P-K4 | | P-K4", "'2'"},
      {"1 | P-K4 | P-K4", "3 fields"},
      {"just words", "'just words'"},
      {"1 |  | | P-K4", "White's move is missing"},
  };
  for (const auto& c : cases) {
    auto r = parse_descriptive_record(c.input);
    ASSERT_FALSE(r.ok()) << c.input;
    expect_one_line(r.error(), c);
    EXPECT_TRUE(r.error().starts_with("record line 1: ")) << r.error();
  }
  // A record whose move fits nothing, even leniently, stops there and says which move.
  auto rec =
      parse_descriptive_record("1 | P-K4 | | P-K4\n2 | Q-KR5 | | Kt-QB3\n3 | Q x KBP | | K-K2");
  ASSERT_TRUE(rec.ok());
  auto game = replay_descriptive(Position(), rec->plies());
  ASSERT_FALSE(game.ok());
  expect_one_line(game.error(), {"", "3... K-K2"});
}

TEST(BadInput, MovesInAnyNotation) {
  Position start;
  for (const Case& c :
       std::vector<Case>{{"hello", "'hello'"}, {"e2e5", "e5"}, {"P-K5", "e5"}, {"", "''"}}) {
    auto m = parse_move_text(start, c.input);
    ASSERT_FALSE(m.ok()) << c.input;
    expect_one_line(m.error(), c);
  }
}

TEST(BadInput, PgnText) {
  const std::vector<Case> cases = {
      {"1. e4 e5 2. Ke3 *", "'Ke3'"},
      {"[Event \"x\"", "'Event'"},
      {"[ \"x\"]", "'\"'"},
      {"[Event \"x]\n1. e4 *", "'Event'"},
      {"1. e4 {no end", "'{'"},
      {"1. e4 (1. d4", "')'"},
      {"1. e4 (e5", "'e5'"},
      {"1. e4 ))", "')'"},
      {"1. e4 $x *", "'$x'"},
      {"1. e4 ??? *",
       "'??"
       "?'"},
      {"1. e4 e5!!? *", "'e5!!?'"},
      {"12 e4 *", "'12'"},
      {"$1 e4 *", "'$1'"},
      {"1. e4 e5 [Event \"next\"]", "'['"},
      {"[FEN \"bad\"]\n1. e4 *", "FEN"},
      {"[Result \"1-0\"]\n1. e4 0-1", "Result"},
  };
  for (const auto& c : cases) {
    auto g = parse_pgn(c.input);
    ASSERT_FALSE(g.ok()) << c.input;
    expect_one_line(g.error(), c);
    EXPECT_TRUE(g.error().starts_with("PGN line ")) << g.error();
  }
}

TEST(BadInput, EpdLines) {
  const std::vector<Case> cases = {
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", "missing"},
      {"4k3/8/8/8/8/8/8/4K3 w - - id \"unterminated", "unterminated"},
  };
  for (const auto& c : cases) {
    auto r = parse_epd(c.input);
    ASSERT_FALSE(r.ok()) << c.input;
    expect_one_line(r.error(), c);
  }
  // A line that parses as EPD but holds a bad position: the FEN check names the fault.
  auto rec = parse_epd("4k3/8/8/8/8/8/8/4K2X w - - bm Kd2;");
  ASSERT_TRUE(rec.ok()) << rec.error();
  {
    auto p = Position::from_fen(rec->fen());
    ASSERT_FALSE(p.ok());
    expect_one_line(p.error(), {"", "'X'"});
  }
  // A bad perft count is named.
  auto counts = parse_epd("4k3/8/8/8/8/8/8/4K3 w - - ;D1 five");
  ASSERT_TRUE(counts.ok()) << counts.error();
  {
    auto c = counts->perft_counts();
    ASSERT_FALSE(c.ok());
    expect_one_line(c.error(), {"", "five"});
  }
}

}  // namespace
}  // namespace minimax::chess
