// PDN games of draughts read and written: tags, move numbers, comments, results, FEN set-ups,
// and bad input answered by one line naming the fault.
#include "games/draughts/pdn.hpp"

#include <gtest/gtest.h>

#include <string>

#include "games/draughts/notation.hpp"

namespace minimax::draughts {
namespace {

constexpr std::string_view kGame = R"([Event "Example"]
[Black "Machine"]
[White "Strachey"]
[Result "*"]

{Strachey (Bowden 1953), the opening of his game in standard numbers}
1. 12-16 24-19 2. 8-12 {a comment} 22-18 3. 9-13 21-17 4. 13x22 26x17
5. 10-15 19x10 6. 7x21 28-24 *
)";

TEST(DraughtsPdn, ReadsTagsMovesCommentsResult) {
  auto g = read_pdn_game(kGame);
  ASSERT_TRUE(g.ok()) << g.error();
  EXPECT_EQ(g->tag("White"), "Strachey");
  EXPECT_EQ(g->moves.size(), 12u);
  EXPECT_EQ(g->result, "*");
  EXPECT_EQ(g->moves[2].comment, "a comment");
  EXPECT_NE(g->opening_comment.find("Bowden 1953"), std::string::npos);
  // 7x21 is the machine's 6—20(16,9) (two men).
  EXPECT_EQ(count(g->moves[10].move.captured), 2);
}

TEST(DraughtsPdn, WriteThenReadGivesTheSameGame) {
  auto g = read_pdn_game(kGame);
  ASSERT_TRUE(g.ok());
  const std::string text = write_pdn(*g);
  auto again = read_pdn_game(text);
  ASSERT_TRUE(again.ok()) << again.error() << "\n" << text;
  EXPECT_EQ(again->tags, g->tags);
  ASSERT_EQ(again->moves.size(), g->moves.size());
  for (std::size_t i = 0; i < g->moves.size(); ++i) {
    EXPECT_EQ(again->moves[i].move, g->moves[i].move);
    EXPECT_EQ(again->moves[i].comment, g->moves[i].comment);
  }
  EXPECT_EQ(write_pdn(*again), text);
  EXPECT_EQ(again->final_position().to_string(), g->final_position().to_string());
}

TEST(DraughtsPdn, FenSetupWhiteToMoveAndResults) {
  constexpr std::string_view text = R"([GameType "21"]
[FEN "W:WK10:B14,15,22,23"]

1... 10x17x26x19x10 1-0

[Event "second"]
1. 11-15 23-19 2. 8-11! 22-17? 1/2-1/2
[Event "third"] 1.9-14 2-0
)";
  auto games = read_pdn(text);
  ASSERT_TRUE(games.ok()) << games.error();
  ASSERT_EQ(games->size(), 3u);
  const PdnGame& g = (*games)[0];
  EXPECT_EQ(g.start.side_to_move(), kWhite);
  ASSERT_EQ(g.moves.size(), 1u);
  EXPECT_EQ(g.result, "1-0");
  EXPECT_EQ(g.final_position().to_string(), "B:WK10:B");
  const std::string written = write_pdn(g);
  EXPECT_NE(written.find("[FEN \"W:WK10:B14,15,22,23\"]"), std::string::npos) << written;
  EXPECT_NE(written.find("1... 10x10 1-0"), std::string::npos) << written;
  EXPECT_EQ((*games)[1].moves.size(), 4u);
  EXPECT_EQ((*games)[1].result, "1/2-1/2");
  EXPECT_EQ((*games)[2].moves.size(), 1u);
  EXPECT_EQ((*games)[2].result, "1-0");
}

TEST(DraughtsPdn, SkipsVariations) {
  auto g = read_pdn_game("1. 11-15 (1. 9-14 22-18 (1... 23-19)) 23-19 *");
  ASSERT_TRUE(g.ok()) << g.error();
  EXPECT_EQ(g->moves.size(), 2u);
}

TEST(DraughtsPdn, BadInputNamesTheFault) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"", "no game"},
      {"[Event \"x\"\n1. 11-15 *", "closing"},
      {"[Event x]\n1. 11-15 *", "no quoted value"},
      {"[FEN \"B:W33:B1\"]\n*", "'33'"},
      {"[GameType \"20\"]\n1. 32-28 *", "GameType"},
      {"1. 11-15 23-19 2. 11-16 *", "ply 3 (Black)"},
      {"1. 11-15 23-19 2. 15x24 *", "'15x24'"},
      {"1. 11-15 {never closed", "never closed"},
      {"1. 11-15 (23-19 *", "never closed"},
  };
  for (const auto& [text, needle] : cases) {
    auto g = read_pdn(text);
    ASSERT_FALSE(g.ok()) << text;
    EXPECT_NE(g.error().find(needle), std::string::npos) << text << " -> " << g.error();
    EXPECT_EQ(g.error().find('\n'), std::string::npos) << g.error();
  }
}

}  // namespace
}  // namespace minimax::draughts

namespace minimax::draughts {
namespace {

// Found by make fuzz: an escaped line break put a line break into a tag's value, which the writer
// then wrote as it was and could not read back. Only \" and \\ are escapes; a value ends at a
// line break; what is read writes back and reads again.
TEST(DraughtsPdn, ABackslashBeforeALineBreakDoesNotEscapeIt) {
  auto bad = read_pdn("[Event \"a\\\n\"]\n1. 11-15 *\n");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().find('\n'), std::string::npos) << bad.error();
  auto g = read_pdn_game("[Event \"a\\\\b \\\"c\\\" \\x\"]\n1. 11-15 *\n");
  ASSERT_TRUE(g.ok()) << g.error();
  EXPECT_EQ(g->tag("Event"), "a\\b \"c\" \\x");
  auto again = read_pdn_game(write_pdn(*g));
  ASSERT_TRUE(again.ok()) << again.error();
  EXPECT_EQ(again->tag("Event"), g->tag("Event"));
}

}  // namespace
}  // namespace minimax::draughts
