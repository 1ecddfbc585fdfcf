// PGN read and written: tags, comments, NAGs, nested variations, results, several games a file.
#include "games/chess/pgn.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "core/text.hpp"
#include "games/chess/san.hpp"

namespace minimax::chess {
namespace {

constexpr const char* kTwoGames = R"([Event "Casual"]
[Site "London"]
[Date "1851.06.21"]
[Round "?"]
[White "Anderssen, Adolf"]
[Black "Kieseritzky, Lionel"]
[Result "1-0"]
[ECO "C33"]

% an escape line, ignored
{The Immortal Game, opening only.} 1. e4 e5 2. f4 exf4 3. Bc4 Qh4+ 4. Kf1 b5!? 5. Bxb5
Nf6 $1 (5... Qf6 {is also played} (5... Bb7)) ; a rest-of-line comment
6. Nf3 Qh6 7. d3 1-0

[Event "Second"]
[White "A"]
[Black "B"]
[Result "*"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]

1. e4 Kd7 2. e5 *
)";

TEST(PgnRead, TagsMovesCommentsNagsVariationsGames) {
  auto games = parse_pgn(kTwoGames);
  ASSERT_TRUE(games.ok()) << games.error();
  ASSERT_EQ(games->size(), 2u);
  const PgnGame& g = (*games)[0];
  EXPECT_EQ(g.tag("White"), "Anderssen, Adolf");
  EXPECT_EQ(g.tag("ECO"), "C33");
  EXPECT_EQ(g.result, "1-0");
  ASSERT_EQ(g.comments_before.size(), 1u);
  EXPECT_EQ(g.comments_before[0], "The Immortal Game, opening only.");
  ASSERT_EQ(g.moves.size(), 13u);
  EXPECT_EQ(g.moves[5].san, "Qh4+");
  EXPECT_EQ(g.moves[7].nags, std::vector<int>{5});  // b5!?
  EXPECT_EQ(g.moves[9].san, "Nf6");
  EXPECT_EQ(g.moves[9].nags, std::vector<int>{1});
  ASSERT_EQ(g.moves[9].variations.size(), 1u);
  const auto& var = g.moves[9].variations[0];
  ASSERT_EQ(var.size(), 1u);
  EXPECT_EQ(var[0].san, "Qf6");
  EXPECT_EQ(var[0].comments, std::vector<std::string>{"is also played"});
  ASSERT_EQ(var[0].variations.size(), 1u);  // nested: an alternative to 5... Qf6
  EXPECT_EQ(var[0].variations[0][0].san, "Bb7");
  EXPECT_EQ(g.moves[9].comments, std::vector<std::string>{"a rest-of-line comment"});
  const PgnGame& h = (*games)[1];
  EXPECT_EQ(h.result, "*");
  EXPECT_EQ(h.moves.size(), 3u);
  auto start = h.start_position();
  ASSERT_TRUE(start.ok());
  EXPECT_EQ(start->fen(), "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
}

TEST(PgnWrite, SevenTagRosterFirstAndLinesWithin80) {
  auto games = parse_pgn(kTwoGames);
  ASSERT_TRUE(games.ok()) << games.error();
  std::string text = write_pgn((*games)[0]);
  EXPECT_TRUE(text.starts_with(
      "[Event \"Casual\"]\n[Site \"London\"]\n[Date \"1851.06.21\"]\n[Round \"?\"]\n"
      "[White \"Anderssen, Adolf\"]\n[Black \"Kieseritzky, Lionel\"]\n[Result \"1-0\"]\n[ECO "
      "\"C33\"]\n\n"))
      << text;
  EXPECT_NE(text.find("{The Immortal Game, opening only.} 1. e4 e5 2. f4 exf4"), std::string::npos)
      << text;
  EXPECT_NE(text.find("4. Kf1 b5 $5"), std::string::npos) << text;
  EXPECT_NE(text.find("5. Bxb5 Nf6 $1 {a rest-of-line comment} (5... Qf6 {is also played}"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("(5... Bb7))\n6. Nf3 Qh6 7. d3 1-0"), std::string::npos) << text;
  for (const auto& line : split(text, '\n')) EXPECT_LE(line.size(), 80u) << line;
  // Written and read again, it is the same game.
  auto again = parse_pgn(text);
  ASSERT_TRUE(again.ok()) << again.error();
  EXPECT_EQ(write_pgn((*again)[0]), text);
  // A game set up from a FEN writes SetUp and FEN.
  std::string second = write_pgn((*games)[1]);
  EXPECT_NE(second.find("[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]"), std::string::npos);
  EXPECT_NE(second.find("1. e4 Kd7 2. e5 *"), std::string::npos) << second;
}

TEST(PgnWrite, LongGamesWrapAndMissingTagsAreQuestionMarks) {
  Position p;
  std::vector<Move> moves;
  // The Ruy Lopez shuffled back and forth: long enough to wrap several times.
  const char* line[] = {"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7"};
  for (const char* s : line) {
    auto m = parse_san(p, s);
    ASSERT_TRUE(m.ok());
    p.play(*m);
    moves.push_back(*m);
  }
  for (int i = 0; i < 20; ++i)
    for (const char* s : {"Nc3", "Nb8", "Nb1", "Nc6"}) {
      auto m = parse_san(p, s);
      ASSERT_TRUE(m.ok()) << s;
      p.play(*m);
      moves.push_back(*m);
    }
  PgnGame g = make_pgn_game(Position(), moves, "1/2-1/2");
  std::string text = write_pgn(g);
  EXPECT_TRUE(
      text.starts_with("[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
                       "[White \"?\"]\n[Black \"?\"]\n[Result \"1/2-1/2\"]\n\n1. e4 e5 2. Nf3"));
  auto lines = split(text, '\n');
  EXPECT_GT(lines.size(), 12u);
  for (const auto& l : lines) EXPECT_LE(l.size(), 80u) << l;
  auto again = parse_pgn(text);
  ASSERT_TRUE(again.ok()) << again.error();
  EXPECT_EQ((*again)[0].main_line(), moves);
}

TEST(PgnWrite, Chess960GamesCarryTheirVariantAndFen) {
  auto start = Position::from_fen("k7/8/8/8/8/8/8/1R3KR1 w GB - 0 1", true);
  ASSERT_TRUE(start.ok()) << start.error();
  auto oo = parse_san(*start, "O-O-O");
  ASSERT_TRUE(oo.ok());
  std::string text = write_pgn(make_pgn_game(*start, {*oo}, "*"));
  EXPECT_NE(
      text.find(
          "[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"k7/8/8/8/8/8/8/1R3KR1 w KQ - 0 1\"]"),
      std::string::npos)
      << text;
  EXPECT_NE(text.find("1. O-O-O *"), std::string::npos) << text;
  auto again = parse_pgn(text);
  ASSERT_TRUE(again.ok()) << again.error();
  EXPECT_EQ((*again)[0].main_line(), std::vector<Move>{*oo});
}

TEST(PgnRead, ErrorsNameTheTokenAndWhere) {
  auto err = [](std::string_view text) {
    auto g = parse_pgn(text);
    return g ? std::string("ok") : g.error();
  };
  EXPECT_EQ(err("1. e4 e5 2. Ke3 *"),
            "PGN line 1, column 13: 'Ke3': illegal: 'Ke3': no white king can move to e3");
  EXPECT_EQ(err("1. e4 e5\n2. Nf3 Nf7 *"),
            "PGN line 2, column 8: 'Nf7': illegal: 'Nf7': no black knight can move to f7");
  EXPECT_EQ(err("1. e4 {unclosed"),
            "PGN line 1, column 7: '{': the comment is not closed with '}'");
  EXPECT_EQ(err("1. e4 (1. d4 *"), "PGN line 1, column 14: '*': a result inside a variation");
  EXPECT_EQ(err("1. e4 (1. d4"), "PGN line 1, column 13: the variation is not closed with ')'");
  EXPECT_EQ(err("1. e4 ) *"), "PGN line 1, column 7: ')': no variation is open");
  EXPECT_EQ(err("[Event \"x\"\n1. e4 *"),
            "PGN line 1, column 1: 'Event': the tag pair is not closed with ']'");
  EXPECT_EQ(err("[Event x]\n1. e4 *"),
            "PGN line 1, column 1: 'Event': the tag's value must be a \"quoted string\"");
  EXPECT_EQ(err("1. e4 $300 *"), "PGN line 1, column 7: '$300': a NAG is $ and a number 0-255");
  EXPECT_EQ(err("1. e4 Zz9 *"),
            "PGN line 1, column 7: 'Zz9': malformed move 'Zz9': does not end in a square");
  EXPECT_EQ(
      err("( e4 )"),
      "PGN line 1, column 1: '(': a variation needs a move before it to be an alternative to");
  EXPECT_EQ(err("[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n1. e4 *"),
            "PGN line 2, column 1: PGN: bad FEN tag: FEN: there is no white king");
  EXPECT_EQ(err("[Result \"1-0\"]\n1. e4 0-1"),
            "PGN line 2, column 10: the movetext ends in 0-1 but the Result tag says 1-0");
  EXPECT_EQ(
      err("1. e4 *\n\n1. e4 e5 2. Qxf7 *"),
      "PGN line 3, column 13: 'Qxf7': illegal: 'Qxf7': no white queen can move to f7 (game 2)");
}

}  // namespace
}  // namespace minimax::chess
