// Turing's end-game programs and the Torres y Quevedo-style KRK machine (docs/endgame-rules.md):
// the three-man board against the rules core, the programs against Syzygy (through libfathom, on a
// sample; the full sweep is tests/deep/endgame_rules_deep_test.cpp), the machines and TUROCHAMP's
// Endgame option.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "../../test_paths.hpp"
#include "machines/chess/endgame_rules/check.hpp"
#include "machines/chess/endgame_rules/endgame_player.hpp"
#include "machines/chess/endgame_rules/kpk.hpp"
#include "machines/chess/endgame_rules/mini_board.hpp"
#include "machines/chess/endgame_rules/rules.hpp"
#include "machines/chess/players.hpp"
#include "machines/chess/syzygy.hpp"

namespace minimax::chess {
namespace {

using endgame::Mini;
using endgame::MiniMove;

Position at(const std::string& fen) {
  auto p = Position::from_fen(fen);
  EXPECT_TRUE(static_cast<bool>(p)) << fen;
  return p ? *p : Position();
}

std::string syzygy_dir() {
  const auto d = test::shared_data_dir();
  return d.empty() ? std::string() : (d / "syzygy").string();
}

// Every legal position of a sample: the mini board's moves are exactly the rules core's.
TEST(EndgameRules, MiniBoardMovesAreTheRulesCoresMoves) {
  for (PieceType t : {rook, pawn}) {
    int checked = 0;
    for (std::uint32_t i = 0; i < Mini::kIndexSize; i += 53) {
      const Mini s = Mini::from_index(i, t);
      if (!s.legal()) continue;
      auto pos = Position::from_fen(s.fen());
      ASSERT_TRUE(static_cast<bool>(pos)) << s.fen();
      Position::MoveList real;
      pos->generate_moves(real);
      MiniMove list[endgame::kMaxMiniMoves];
      const int n = s.moves(list);
      ASSERT_EQ(static_cast<std::size_t>(n), real.size()) << s.fen();
      const endgame::MiniView view{s, false};
      for (int k = 0; k < n; ++k)
        EXPECT_TRUE(pos->is_legal(endgame::to_move(view, list[k]))) << s.fen();
      EXPECT_EQ(s.black_mated(), pos->is_checkmate()) << s.fen();
      EXPECT_EQ(s.stalemate(), pos->is_stalemate()) << s.fen();
      ++checked;
    }
    EXPECT_GT(checked, 5000);
  }
}

// A real position with the strong side Black is read with the ranks flipped, and the move comes
// back on the real board.
TEST(EndgameRules, BlackStrongSideIsReadFlipped) {
  const Position pos = at("k1K5/r7/8/8/8/8/8/8 b - - 0 1");
  const auto view = endgame::read_mini(pos);
  ASSERT_TRUE(view.has_value());
  EXPECT_TRUE(view->flipped);
  EXPECT_TRUE(view->mini.white_to_move);
  EXPECT_EQ(view->mini.type, rook);
  const auto m = endgame::rule_move(pos);
  ASSERT_TRUE(m.has_value());
  EXPECT_TRUE(pos.is_legal(*m));
  EXPECT_FALSE(endgame::read_mini(Position::start()).has_value());
  EXPECT_FALSE(endgame::rule_move(at("8/8/8/8/8/8/Q7/K1k5 w - - 0 1")).has_value());  // KQK
}

// The lone king takes a pawn or rook left hanging.
TEST(EndgameRules, TheLoneKingTakesWhatHangs) {
  const Position kpk = at("8/8/8/8/8/3k4/3P4/7K b - - 0 1");
  EXPECT_EQ(kpk.move_to_string(*endgame::rule_move(kpk)), "d3d2");
  const Position krk = at("8/8/8/8/8/3k4/3R4/7K b - - 0 1");
  EXPECT_EQ(krk.move_to_string(*endgame::rule_move(krk)), "d3d2");
}

// Syzygy's verdict on a sample of every KRK position (White or Black to move): every won one is
// mated against the perfect defender and against every defence, every drawn one held.
TEST(EndgameRules, KrkSampleMatesAgainstSyzygy) {
  if (!chess::syzygy_built()) GTEST_SKIP() << "built without libfathom";
  const std::string dir = syzygy_dir();
  if (dir.empty() || !std::filesystem::exists(dir + "/KRvK.rtbw")) GTEST_SKIP() << "no KRvK table";
  auto r = chess::endgame::check_ending("krk", dir, 4099);
  ASSERT_TRUE(static_cast<bool>(r)) << r.error();
  EXPECT_GT(r->won, 50u);
  EXPECT_EQ(r->won_against_tb, r->won);
  EXPECT_EQ(r->won_against_all, r->won);
  EXPECT_EQ(r->drawn_held, r->drawn);
  EXPECT_LE(r->optimum_longest, 16);  // the published longest KRK mate
  EXPECT_GE(r->longest, r->optimum_longest);
  EXPECT_TRUE(r->failures.empty());
}

// KPK on a sample: the counts are real, and the program wins and holds every position of it (the
// full sweep, every position, is EndgameRulesDeep.KpkEveryPosition in make check-deep).
TEST(EndgameRules, KpkSampleAgainstSyzygy) {
  if (!chess::syzygy_built()) GTEST_SKIP() << "built without libfathom";
  const std::string dir = syzygy_dir();
  if (dir.empty() || !std::filesystem::exists(dir + "/KPvK.rtbw")) GTEST_SKIP() << "no KPvK table";
  auto r = chess::endgame::check_ending("kpk", dir, 1999);
  ASSERT_TRUE(static_cast<bool>(r)) << r.error();
  EXPECT_GT(r->won, 30u);
  EXPECT_GT(r->drawn, 10u);
  EXPECT_EQ(r->won_against_tb, r->won);
  EXPECT_EQ(r->won_against_all, r->won);
  EXPECT_EQ(r->drawn_held, r->drawn);
}

// Hard positions played out against Syzygy: wins that need a king manoeuvre or the pawn's spare
// tempo (either side to move; the rules call them drawn, and the pawn's side finds the winning
// king move by its order of preference; with the rook's pawn on a2, 1.Kb5 keeps it by the double
// step), and drawn positions of the Stockfish bench that the lone
// king holds.
TEST(EndgameRules, KpkHardPositionsAgainstSyzygy) {
  if (!chess::syzygy_built()) GTEST_SKIP() << "built without libfathom";
  const std::string dir = syzygy_dir();
  if (dir.empty() || !std::filesystem::exists(dir + "/KPvK.rtbw")) GTEST_SKIP() << "no KPvK table";
  for (const char* fen : {"8/8/8/8/k7/3P4/8/2K5 w - - 0 1", "8/k7/8/8/8/3P4/8/3K4 w - - 0 1",
                          "8/8/8/8/7k/3P4/8/K7 b - - 0 1", "8/8/8/8/K7/2k5/P7/8 w - - 0 1"}) {
    auto g = chess::endgame::play_against_tablebase(at(fen), dir);
    ASSERT_TRUE(static_cast<bool>(g)) << g.error();
    EXPECT_EQ(std::abs(g->start_wdl), 2) << fen;
    EXPECT_EQ(g->ending, "checkmate") << fen;
  }
  for (const char* fen : {"4k3/4p3/8/8/4K3/8/8/8 w - - 0 1", "8/3k4/8/8/3p4/8/3K4/8 b - - 0 1",
                          "8/2k5/2p5/8/8/8/2K5/8 w - - 0 1"}) {
    auto g = chess::endgame::play_against_tablebase(at(fen), dir);
    ASSERT_TRUE(static_cast<bool>(g)) << g.error();
    EXPECT_EQ(g->start_wdl, 0) << fen;
    EXPECT_NE(g->ending, "checkmate") << fen;
  }
}

// The rule program's move in fen is `move` (UCI).
void expect_rule_move(const char* fen, const char* move) {
  const Position pos = at(fen);
  const auto m = endgame::rule_move(pos);
  ASSERT_TRUE(m.has_value()) << fen;
  EXPECT_EQ(pos.move_to_string(*m), move) << fen;
}

// The lone king's former failures (docs/endgame-rules.md): the kings racing across the board for
// a pawn on the other wing (the bare king keeps an even number of ranks from the white king), and
// a rook's pawn attacked at once (a draw by rule 4) rather than the race to the corner.
TEST(EndgameRules, KpkLoneKingRacesAndAttacks) {
  for (const auto& [fen, move] : {std::pair{"8/8/1K6/8/8/k7/6P1/8 b - - 0 1", "a3b4"},
                                  std::pair{"8/1K6/8/8/k4P2/8/8/8 b - - 0 1", "a4b5"},
                                  std::pair{"2K5/8/2k5/P7/8/8/8/8 b - - 0 1", "c6b5"},
                                  std::pair{"8/K7/8/8/6k1/3P4/8/8 b - - 0 1", "g4f4"}}) {
    expect_rule_move(fen, move);
  }
}

// The pawn's side's former failures with a rook's pawn (docs/endgame-rules.md, rule 8): the king
// comes back to the b-file to escort its pawn, or the pawn runs while the bare king is shut off
// from it, or the king shoulders the bare king while the pawn's double step dodges it (1.Kd5:
// 1...Kc3 2.Kc5 Kb2 3.a4); each of these moves is the only one, or one of two, that wins (Syzygy).
// The position after it, Black to move, is won by rule 8.
TEST(EndgameRules, KpkRookPawnEscortedOrShutOff) {
  for (const auto& [fen, move] : {std::pair{"8/2K5/8/8/3k4/8/P7/8 w - - 0 1", "c7b6"},
                                  std::pair{"8/2K5/8/3k4/8/8/P7/8 w - - 0 1", "c7b6"},
                                  std::pair{"8/8/2K5/8/8/2k5/P7/8 w - - 0 1", "c6b5"},
                                  std::pair{"8/8/3K4/8/8/P2k4/8/8 w - - 0 1", "d6c5"},
                                  std::pair{"8/8/8/3K4/8/3k4/P7/8 w - - 0 1", "a2a4"},
                                  std::pair{"8/8/8/4K3/8/3k4/P7/8 w - - 0 1", "e5d5"},
                                  std::pair{"8/5K2/8/8/4k3/8/7P/8 w - - 0 1", "f7g6"}}) {
    expect_rule_move(fen, move);
    const Position pos = at(fen);
    const auto view = endgame::read_mini(pos);
    ASSERT_TRUE(view.has_value()) << fen;
    const auto mm = endgame::rule_move(view->mini);
    ASSERT_TRUE(mm.has_value()) << fen;
    const Mini after = view->mini.after(*mm);
    EXPECT_TRUE(endgame::kpk_won_by_rules(after)) << fen;
    EXPECT_EQ(endgame::kpk_deciding_rule(after), 8) << fen;
  }
}

// A textbook win (Dvoretsky's key squares: the king on d6 in front of its pawn) played out to
// mate against Syzygy's longest defence.
TEST(EndgameRules, KpkTextbookWinEndsInMate) {
  if (!chess::syzygy_built()) GTEST_SKIP() << "built without libfathom";
  const std::string dir = syzygy_dir();
  if (dir.empty() || !std::filesystem::exists(dir + "/KPvK.rtbw")) GTEST_SKIP() << "no KPvK table";
  auto g = chess::endgame::play_against_tablebase(at("3k4/8/3K4/3P4/8/8/8/8 w - - 0 1"), dir);
  ASSERT_TRUE(static_cast<bool>(g)) << g.error();
  EXPECT_EQ(g->start_wdl, 2);
  EXPECT_EQ(g->ending, "checkmate");
}

TEST(EndgameRules, MachinesResignOutsideTheirEnding) {
  auto krk = make_chess_machine("krk");
  ASSERT_TRUE(static_cast<bool>(krk));
  const auto t = (*krk)->choose(Position::start(), Limits{});
  EXPECT_TRUE(t.resigns);
  EXPECT_NE(t.explanation.find("king and rook"), std::string::npos);
  const Position kpk = at("3k4/8/3K4/3P4/8/8/8/8 w - - 0 1");
  EXPECT_TRUE((*krk)->choose(kpk, Limits{}).resigns);
  auto kpk_machine = make_chess_machine("kpk");
  ASSERT_TRUE(static_cast<bool>(kpk_machine));
  const auto m = (*kpk_machine)->choose(kpk, Limits{});
  EXPECT_FALSE(m.resigns);
  EXPECT_TRUE(kpk.is_legal(m.move));
}

TEST(EndgameRules, TurochampEndgameOption) {
  auto plain = make_chess_player("turochamp");
  auto rules = make_chess_player("turochamp:Endgame=rules");
  ASSERT_TRUE(static_cast<bool>(plain));
  ASSERT_TRUE(static_cast<bool>(rules));
  const auto options = (*plain)->options();
  const auto it = std::find_if(options.begin(), options.end(),
                               [](const OptionInfo& o) { return o.name == "Endgame"; });
  ASSERT_NE(it, options.end());
  EXPECT_EQ(it->default_value, "none");
  // In KRK the rule program's move; elsewhere TUROCHAMP's own, as without the option.
  const Position krk = at("8/8/8/3k4/8/8/R7/K7 w - - 0 1");
  EXPECT_EQ((*rules)->choose(krk, Limits{}).move, *endgame::rule_move(krk));
  const Position middle = at("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
  EXPECT_EQ((*rules)->choose(middle, Limits{}).move, (*plain)->choose(middle, Limits{}).move);
  auto bad = make_chess_player("turochamp:Endgame=tables");
  ASSERT_FALSE(static_cast<bool>(bad));
  EXPECT_NE(bad.error().find("Endgame"), std::string::npos);
}

}  // namespace
}  // namespace minimax::chess
