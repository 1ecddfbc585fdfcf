// The incremental key equals Polyglot's key: the published test keys of the Polyglot book format
// (../shared/data/polyglot/polyglot_testkeys.epd, from book_format.html), by FEN and by playing
// the move sequences the format page gives for them.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "../../test_paths.hpp"
#include "games/chess/epd.hpp"
#include "games/chess/position.hpp"

namespace minimax::chess {
namespace {

// The published keys, in the order of the format page; each position follows from the previous
// one by the move before it ("" starts again from the initial position).
struct KeyStep {
  const char* move;
  std::uint64_t key;
};
constexpr KeyStep kSteps[] = {
    {"", 0x463b96181691fc9cULL},
    {"e2e4", 0x823c9b50fd114196ULL},
    {"d7d5", 0x0756b94461c50fb0ULL},
    {"e4e5", 0x662fafb965db29d4ULL},
    {"f7f5", 0x22a48b5a8e47ff78ULL},
    {"e1e2", 0x652a607ca3f242c1ULL},
    {"e8f7", 0x00fdd303c946bdd9ULL},
    {"", 0x463b96181691fc9cULL},
    {"a2a4", 0},
    {"b7b5", 0},
    {"h2h4", 0},
    {"b5b4", 0},
    {"c2c4", 0x3c8123ea7b067637ULL},
    {"b4c3", 0},
    {"a1a3", 0x5c3f9b829b279560ULL},
};

TEST(Polyglot, KeysAlongThePublishedMoveSequences) {
  Position pos;
  int checked = 0;
  for (const auto& s : kSteps) {
    if (!*s.move) {
      pos = Position();
    } else {
      auto m = pos.parse_uci(s.move);
      ASSERT_TRUE(m.ok()) << m.error();
      pos.play(*m);
    }
    EXPECT_EQ(pos.key(), polyglot_key(pos)) << s.move;
    if (s.key) {
      EXPECT_EQ(pos.key(), s.key) << "after " << s.move << ": " << pos.fen();
      ++checked;
    }
  }
  EXPECT_EQ(checked, 10);
}

TEST(Polyglot, PublishedTestKeysByFen) {
  auto dir = test::shared_data_dir();
  if (dir.empty()) GTEST_SKIP() << "../shared/data not found";
  std::ifstream in(dir / "polyglot" / "polyglot_testkeys.epd");
  ASSERT_TRUE(in);
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    if (epd_is_blank_or_comment(line)) continue;
    auto r = parse_epd(line);
    ASSERT_TRUE(r.ok()) << r.error();
    auto key = r->operand("key");
    ASSERT_TRUE(key) << line;
    auto pos = Position::from_fen(r->fen());
    ASSERT_TRUE(pos.ok()) << pos.error();
    EXPECT_EQ(pos->key(), std::stoull(*key, nullptr, 16)) << line;
    EXPECT_EQ(polyglot_key(*pos), pos->key());
    ++n;
  }
  EXPECT_EQ(n, 9);
}

}  // namespace
}  // namespace minimax::chess
