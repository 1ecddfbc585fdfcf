// The records the page replays (src/machines/chess/turing_games.cpp: UCI moves, printed values,
// notes) against the transcriptions of the printed games in descriptive notation
// (tests/data/games/turing_game{1,2}.txt, read by the careful reader in games/chess): the same
// moves, and every value printed after a White move with its asterisk.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "../../test_paths.hpp"
#include "core/text.hpp"
#include "games/chess/descriptive_game.hpp"
#include "machines/chess/turing_games.hpp"

namespace minimax::chess::turing {
namespace {

DescriptiveRecord load(const std::string& name) {
  std::ifstream f(test::project_test_data(name));
  std::stringstream ss;
  ss << f.rdbuf();
  auto rec = parse_descriptive_record(ss.str());
  EXPECT_TRUE(rec.ok()) << name << ": " << (rec ? "" : rec.error());
  return rec ? *rec : DescriptiveRecord{};
}

struct Case {
  std::size_t index;
  const char* file;
};

class TuringRecord : public ::testing::TestWithParam<Case> {};

TEST_P(TuringRecord, MovesAreTheDescriptiveRecordsReadBack) {
  const Record& r = records()[GetParam().index];
  const DescriptiveRecord printed = load(GetParam().file);
  auto game = replay_descriptive(Position(), printed.plies());
  ASSERT_TRUE(game.ok()) << game.error();
  Position pos;
  std::vector<Move> ours;
  for (const auto& text : split_whitespace(r.moves)) {
    auto m = pos.parse_uci(text);
    ASSERT_TRUE(m.ok()) << r.id << " " << text << ": " << m.error();
    ours.push_back(*m);
    pos.play(*m);
  }
  EXPECT_EQ(ours, game->moves) << r.id;
}

TEST_P(TuringRecord, PrintedValuesAreTheRecordsColumn) {
  const Record& r = records()[GetParam().index];
  const DescriptiveRecord printed = load(GetParam().file);
  const auto moves = split_whitespace(r.moves);
  int found = 0;
  for (const auto& row : printed.rows) {
    const auto value = parse_position_play_value(row.value);
    const std::string played = moves[static_cast<std::size_t>(2 * (row.number - 1))];
    const PrintedValue* ours = nullptr;
    for (const auto& v : r.printed)
      if (v.move_no == row.number && v.uci == played) ours = &v;
    if (!value) {
      EXPECT_TRUE(row.value.empty()) << r.id << " move " << row.number << ": " << row.value;
      EXPECT_EQ(ours, nullptr) << r.id << " move " << row.number << ": nothing printed";
      continue;
    }
    ASSERT_NE(ours, nullptr) << r.id << " move " << row.number << ": printed " << row.value;
    ++found;
    EXPECT_DOUBLE_EQ(ours->tenths / 10.0, value->increase) << r.id << " move " << row.number;
    EXPECT_EQ(ours->asterisk, value->best) << r.id << " move " << row.number;
  }
  // Beside these, each record has the one value note 1 prints for B-Q2 at move 4.
  EXPECT_EQ(static_cast<std::size_t>(found) + 1, r.printed.size()) << r.id;
  int note1 = 0;
  for (const auto& v : r.printed) note1 += v.move_no == 4 && v.uci == "c1d2" && v.asterisk;
  EXPECT_EQ(note1, 1) << r.id;
}

INSTANTIATE_TEST_SUITE_P(Games, TuringRecord,
                         ::testing::Values(Case{0, "games/turing_game1.txt"},
                                           Case{1, "games/turing_game2.txt"}),
                         [](const auto& info) { return "game" + std::to_string(info.index + 1); });

}  // namespace
}  // namespace minimax::chess::turing
