// The seeds' games replayed from their descriptive notation as printed: Turing's Game 1 (Turing
// 1953, the typescript; ends 29... R-R8 mate) and Game 2 (Bowden 1953; differs after move 20, White
// resigns after 29... R-Q1). Each record is read move by move by the careful reader
// (replay_descriptive), every slip it had to resolve is listed and asserted, and the game is
// written back as SAN PGN and compared with the hand-checked PGN beside the record.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "../../test_paths.hpp"
#include "core/text.hpp"
#include "games/chess/descriptive.hpp"
#include "games/chess/descriptive_game.hpp"
#include "games/chess/pgn.hpp"
#include "games/chess/san.hpp"

namespace minimax::chess {
namespace {

std::string read_text(const std::string& name) {
  std::ifstream f(test::project_test_data(name));
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

DescriptiveRecord load_record(const std::string& name) {
  auto rec = parse_descriptive_record(read_text(name));
  EXPECT_TRUE(rec.ok()) << (rec ? "" : rec.error());
  return rec ? *rec : DescriptiveRecord{};
}

std::vector<std::string> split_san(std::string_view moves) { return split_whitespace(moves); }

PgnGame as_pgn(const DescriptiveRecord& rec, const ReplayedGame& game) {
  return make_pgn_game(
      Position(), game.moves, *rec.tag("Result"),
      {{"Event", *rec.tag("Event")}, {"White", *rec.tag("White")}, {"Black", *rec.tag("Black")}});
}

std::vector<std::string> slip_list(const ReplayedGame& g) {
  std::vector<std::string> out;
  for (const auto& s : g.slips) out.push_back(s.to_string());
  return out;
}

// The SAN of Game 1 (the typescript) as the careful reader reads it.
constexpr const char* kGame1San =
    "e4 e5 Nc3 Nf6 d4 Bb4 Nf3 d6 Bd2 Nc6 d5 Nd4 h4 Bg4 a4 Nxf3+ gxf3 Bh5 Bb5+ c6 dxc6 O-O cxb7 Rb8 "
    "Ba6 Qa5 Qe2 Nd7 Rg1 Nc5 Rg5 Bg6 Bb5 Nxb7 O-O-O Nc5 Bc6 Rfc8 Bd5 Bxc3 bxc3 Qxa4 Be3 Qa3+ Kd2 "
    "Na4 "
    "Bxa7 Rb2 c4 Qc3+ Kc1 Ra2 Bxf7+ Bxf7 Rxg7+ Kxg7 Be3 Ra1#";

// Game 2 (Bowden's print): the same game to move 20, then 21. Bxc3 ... 29... Rd8.
constexpr const char* kGame2San =
    "e4 e5 Nc3 Nf6 d4 Bb4 Nf3 d6 Bd2 Nc6 d5 Nd4 h4 Bg4 a4 Nxf3+ gxf3 Bh5 Bb5+ c6 dxc6 O-O cxb7 Rb8 "
    "Ba6 Qa5 Qe2 Nd7 Rg1 Nc5 Rg5 Bg6 Bb5 Nxb7 O-O-O Nc5 Bc6 Rfc8 Bd5 Bxc3 Bxc3 Qxa4 Kd2 Ne6 Rg4 "
    "Nd4 "
    "Qd3 Nb5 Bb3 Qa6 Bc4 Bh5 Rg3 Qa4 Bxb5 Qxb5 Qxd6 Rd8";

TEST(TuringGames, Game1ReadsToCheckmateWithItsSlipsListed) {
  DescriptiveRecord rec = load_record("games/turing_game1.txt");
  ASSERT_EQ(rec.rows.size(), 29u);
  auto game = replay_descriptive(Position(), rec.plies());
  ASSERT_TRUE(game.ok()) << game.error();
  EXPECT_EQ(to_san_line(Position(), game->moves), split_san(kGame1San));
  // 29... R-R8 mate is mate.
  EXPECT_TRUE(game->final_position.is_checkmate());
  EXPECT_EQ(game->final_position.fen(), "2r5/5bkp/3p4/4p3/n1P1P2P/2q1BP2/2P1QP2/r1KR4 w - - 2 30");
  // Every slip the reader resolved, and nothing else. 18. O-O is queenside castling (kingside is
  // not legal); 25. P-B4 could be c4 or f4, and f3-f4 would make 25... Q-B6ch. a capture written
  // with '-'; 13. B-R6 could be Bh6, but then 17. B-Kt5 fits no move; 21... Q x P could take on c3,
  // but then 23... Kt. - R5 would be a capture written with '-'.
  const std::vector<std::string> expected = {
      "13. B-R6 -> Ba6: ambiguous (Bh6 or Ba6); the rest of the record reads with the fewest slips "
      "after Ba6",
      "18. O-O -> O-O-O: castling on the wrong side: O-O is not legal, O-O-O is",
      "21... Q x P -> Qxa4: ambiguous (Qxc3 or Qxa4); the rest of the record reads with the fewest "
      "slips after Qxa4",
      "25. P - B4 -> c4: ambiguous (c4 or f4); the rest of the record reads with the fewest slips "
      "after c4",
  };
  EXPECT_EQ(slip_list(*game), expected);
  EXPECT_EQ(write_pgn(as_pgn(rec, *game)), read_text("games/turing_game1.pgn"));
}

TEST(TuringGames, Game2ReadsToWhitesResignation) {
  DescriptiveRecord rec = load_record("games/turing_game2.txt");
  ASSERT_EQ(rec.rows.size(), 29u);
  auto game = replay_descriptive(Position(), rec.plies());
  ASSERT_TRUE(game.ok()) << game.error();
  EXPECT_EQ(to_san_line(Position(), game->moves), split_san(kGame2San));
  EXPECT_FALSE(game->final_position.is_checkmate());
  EXPECT_EQ(game->final_position.side(), white);  // White to move, and resigns
  EXPECT_EQ(game->final_position.fen(),
            "1r1r2k1/p4ppp/3Q4/1q2p2b/4P2P/2B2PR1/1PPK1P2/3R4 w - - 1 30");
  // Bowden's print has 18. O-O-O; only the bishop's move 13. B-R6 needs the rest of the record.
  const std::vector<std::string> expected = {
      "13. B—R 6 -> Ba6: ambiguous (Bh6 or Ba6); the rest of the record reads with the fewest "
      "slips after Ba6",
  };
  EXPECT_EQ(slip_list(*game), expected);
  EXPECT_EQ(write_pgn(as_pgn(rec, *game)), read_text("games/turing_game2.pgn"));
}

TEST(TuringGames, TheGamesAgreeToMoveTwentyAndDifferAfter) {
  auto g1 = replay_descriptive(Position(), load_record("games/turing_game1.txt").plies());
  auto g2 = replay_descriptive(Position(), load_record("games/turing_game2.txt").plies());
  ASSERT_TRUE(g1.ok() && g2.ok());
  for (int ply = 0; ply < 40; ++ply) EXPECT_EQ(g1->moves[ply], g2->moves[ply]) << "ply " << ply + 1;
  EXPECT_NE(g1->moves[40], g2->moves[40]);  // 21. P x B against 21. B x B
}

TEST(TuringGames, StrictReadingStopsAtTheFirstSlip) {
  auto g = replay_descriptive(Position(), load_record("games/turing_game1.txt").plies(), false);
  ASSERT_FALSE(g.ok());
  EXPECT_EQ(g.error(), "13. B-R6: ambiguous: 'B-R6' could be Bh6, Ba6");
}

TEST(TuringGames, PgnWrittenBackReadsAsTheSameGame) {
  for (const char* name : {"games/turing_game1.pgn", "games/turing_game2.pgn"}) {
    auto games = parse_pgn(read_text(name));
    ASSERT_TRUE(games.ok()) << games.error();
    ASSERT_EQ(games->size(), 1u);
    EXPECT_EQ((*games)[0].moves.size(), 58u) << name;
    EXPECT_EQ((*games)[0].result, "0-1");
  }
}

// The games written back in descriptive notation (the shortest unambiguous text for each move) read
// back strictly, with no slip, to the same moves.
TEST(TuringGames, WrittenBackInDescriptiveTheyReadWithoutSlips) {
  for (const char* name : {"games/turing_game1.txt", "games/turing_game2.txt"}) {
    DescriptiveRecord rec = load_record(name);
    auto game = replay_descriptive(Position(), rec.plies());
    ASSERT_TRUE(game.ok()) << game.error();
    std::vector<std::string> values;
    for (const auto& r : rec.rows) values.push_back(r.value);
    const std::string text = write_descriptive_record(Position(), game->moves, rec.tags, values);
    auto again = parse_descriptive_record(text);
    ASSERT_TRUE(again.ok()) << again.error();
    auto strict = replay_descriptive(Position(), again->plies(), false);
    ASSERT_TRUE(strict.ok()) << strict.error() << "\n" << text;
    EXPECT_EQ(strict->moves, game->moves);
    EXPECT_EQ(again->rows.size(), rec.rows.size());
    for (std::size_t i = 0; i < rec.rows.size(); ++i)
      EXPECT_EQ(again->rows[i].value, rec.rows[i].value);
  }
  // Game 1's moves the printed record gets wrong, as the writer puts them.
  DescriptiveRecord rec = load_record("games/turing_game1.txt");
  auto game = replay_descriptive(Position(), rec.plies());
  ASSERT_TRUE(game.ok());
  const std::string text = write_descriptive_record(Position(), game->moves, {});
  EXPECT_NE(text.find("13 | B-QR6 |  | Q-R4\n"), std::string::npos) << text;
  EXPECT_NE(text.find("18 | O-O-O |  | Kt-B4\n"), std::string::npos) << text;
  EXPECT_NE(text.find("21 | P x B |  | Q x RP\n"), std::string::npos) << text;
  EXPECT_NE(text.find("25 | P-QB4 |  | Q-B6 ch.\n"), std::string::npos) << text;
  EXPECT_NE(text.find("29 | B-K3 |  | R-R8 mate\n"), std::string::npos) << text;
}

// The position-play increases printed after White's moves, as the record files carry them (the
// "machines" helper tests Turing's machine against these).
TEST(TuringGames, PositionPlayValuesAsPrinted) {
  auto values = [](const DescriptiveRecord& rec) {
    std::vector<std::string> out;
    for (const auto& r : rec.rows) out.push_back(r.value);
    return out;
  };
  const std::vector<std::string> game1 = {
      "4.2*", "3.1*", "3.1*", "2.0", "3.6*", "0.2", "1.1*", "1.0*", "", "2.4*",
      "",     "",     "-1.5", "0.6", "1.2*", "",    "0.4",  "3.0*", "", "",
      "-0.7", "",     "",     "",    "",     "",    "",     "",     ""};
  const std::vector<std::string> game2 = {
      "4.2*", "3.1*", "2.6*", "2.0", "3.5*", "0.2", "1.1*", "1.0*", "", "2.4*",
      "",     "",     "-1.5", "0.6", "1.2*", "",    "0.4",  "3.2*", "", "",
      "0.7",  "",     "-0.3", "",    "",     "",    "",     "",     ""};
  EXPECT_EQ(values(load_record("games/turing_game1.txt")), game1);
  EXPECT_EQ(values(load_record("games/turing_game2.txt")), game2);
  auto v = parse_position_play_value("-1.5");
  ASSERT_TRUE(v.has_value());
  EXPECT_DOUBLE_EQ(v->increase, -1.5);
  EXPECT_FALSE(v->best);
  v = parse_position_play_value("4.2*");
  ASSERT_TRUE(v.has_value());
  EXPECT_DOUBLE_EQ(v->increase, 4.2);
  EXPECT_TRUE(v->best);
}

}  // namespace
}  // namespace minimax::chess
