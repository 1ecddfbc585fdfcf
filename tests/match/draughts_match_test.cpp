// Draughts in `minimax match` and `minimax tournament`: the machines by name, the three-move
// ballots, reproducible matches, the PDN records, and one-line answers to bad input.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "../cli_run.hpp"
#include "../test_paths.hpp"
#include "cli/commands.hpp"
#include "games/draughts/notation.hpp"
#include "games/draughts/pdn.hpp"
#include "machines/draughts/registry.hpp"
#include "match/draughts_openings.hpp"
#include "match/match.hpp"

namespace minimax::match {
namespace {

std::string read_text(const std::filesystem::path& p) {
  std::ifstream f(p);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

TEST(DraughtsRegistry, MachinesByNameWithOptions) {
  std::vector<std::string> names;
  for (const auto& m : draughts::draughts_machines()) names.emplace_back(m.name);
  ASSERT_GE(names.size(), 3u);
  EXPECT_EQ(names.front(), "random");
  for (const auto& n : names) EXPECT_TRUE(draughts::make_draughts_machine(n).ok()) << n;
  EXPECT_TRUE(draughts::make_draughts_machine("Strachey-1").ok());  // case-insensitive
  EXPECT_TRUE(draughts::make_draughts_player("strongest").ok());
  EXPECT_TRUE(draughts::make_draughts_player("strachey-1:Stages=2,Seed=5").ok());
  auto unknown = draughts::make_draughts_machine("chinook");
  ASSERT_FALSE(unknown.ok());
  EXPECT_NE(unknown.error().find("'chinook'"), std::string::npos);
  EXPECT_NE(unknown.error().find("strachey-2"), std::string::npos);  // lists the names
  auto bad = draughts::make_draughts_player("strachey-1:Stages=x");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().find("'x'"), std::string::npos);
  EXPECT_EQ(bad.error().find('\n'), std::string::npos);
}

TEST(DraughtsBallots, The156AreLegalDistinctAndAsInTheDataFile) {
  const auto& ballots = three_move_ballots();
  ASSERT_EQ(ballots.size(), 156u);
  auto positions = ballot_openings();
  ASSERT_TRUE(positions.ok()) << positions.error();
  std::set<std::string> texts, fens;
  for (std::size_t i = 0; i < ballots.size(); ++i) {
    texts.insert(std::string(ballots[i]));
    fens.insert(draughts::to_fen((*positions)[i].position));
    EXPECT_EQ((*positions)[i].moves.size(), 3u) << ballots[i];
    EXPECT_EQ((*positions)[i].position.side_to_move(), draughts::kWhite) << ballots[i];
  }
  EXPECT_EQ(texts.size(), 156u);
  EXPECT_EQ(fens.size(), 156u);  // no two ballots reach the same position
  // The barred ballots are not in the deck (ACF 3 and 171, for two).
  EXPECT_EQ(texts.count("9-13 21-17 10-14"), 0u);
  EXPECT_EQ(texts.count("12-16 23-19 16x23"), 0u);
  EXPECT_EQ(texts.count("9-13 21-17 5-9"), 1u);
  // The data file holds the same list, in the same order.
  const auto path = test::project_test_data("draughts/three_move_ballots.txt");
  auto from_file = read_draughts_openings(path.string());
  ASSERT_TRUE(from_file.ok()) << from_file.error();
  ASSERT_EQ(from_file->size(), positions->size());
  for (std::size_t i = 0; i < positions->size(); ++i)
    EXPECT_EQ(draughts::to_fen((*from_file)[i].position),
              draughts::to_fen((*positions)[i].position))
        << i;
}

TEST(DraughtsOpenings, FileOfMovesAndFensWithErrorsNamingTheLine) {
  const auto dir = std::filesystem::temp_directory_path();
  const auto good = dir / "minimax_draughts_openings.txt";
  std::ofstream(good) << "# two openings\n1. 11-15 23-19 2. 8-11\n\nW:W18,21-31:B1-12\n";
  auto o = read_draughts_openings(good.string());
  ASSERT_TRUE(o.ok()) << o.error();
  ASSERT_EQ(o->size(), 2u);
  EXPECT_EQ((*o)[0].position.side_to_move(), draughts::kWhite);
  EXPECT_EQ((*o)[0].moves.size(), 3u);
  EXPECT_TRUE((*o)[1].moves.empty());  // a FEN
  const auto bad = dir / "minimax_draughts_openings_bad.txt";
  std::ofstream(bad) << "11-15 23-19\n11-15 11-16\n";
  auto b = read_draughts_openings(bad.string());
  ASSERT_FALSE(b.ok());
  EXPECT_NE(b.error().find(":2:"), std::string::npos);
  EXPECT_NE(b.error().find("'11-16'"), std::string::npos);
}

MatchSettings draughts_settings() {
  MatchSettings s;
  s.game_name = "draughts";
  s.games = 4;
  s.game.max_plies = 80;
  auto ballots = ballot_openings();
  EXPECT_TRUE(ballots.ok());
  s.draughts_openings = *ballots;
  return s;
}

TEST(DraughtsMatch, TwoSeededMachinesPlayTheSameGamesAgain) {
  const auto dir = std::filesystem::temp_directory_path();
  std::string outs[2], pdns[2];
  for (int run = 0; run < 2; ++run) {
    const auto pdn = dir / ("minimax_draughts_match_" + std::to_string(run) + ".pdn");
    std::filesystem::remove(pdn);
    MatchSettings s = draughts_settings();
    s.seed = 7;
    s.pgn = pdn.string();
    std::ostringstream out;
    auto r = run_match("strachey-1:Stages=2", "random", s, out);
    ASSERT_TRUE(r.ok()) << r.error();
    EXPECT_EQ(r->games(), 4);
    outs[run] = out.str();
    pdns[run] = read_text(pdn);
  }
  EXPECT_EQ(outs[0], outs[1]);
  EXPECT_EQ(pdns[0], pdns[1]);
  EXPECT_NE(outs[0].find("game 1: strachey-1 - random"), std::string::npos);
  EXPECT_NE(outs[0].find("game 2: random - strachey-1"), std::string::npos);
  EXPECT_EQ(outs[0].find("illegal"), std::string::npos);
  auto games = draughts::read_pdn(pdns[0]);
  ASSERT_TRUE(games.ok()) << games.error();
  ASSERT_EQ(games->size(), 4u);
  // Games 1 and 2 start from the first ballot, 3 and 4 from the second; the record starts from
  // the initial position with the ballot's three moves.
  for (std::size_t g = 0; g < 4; ++g) {
    auto ballot = draughts_opening(three_move_ballots()[g / 2]);
    ASSERT_TRUE(ballot.ok());
    const auto& game = (*games)[g];
    EXPECT_EQ(draughts::to_fen(game.start), draughts::kStartFen);
    ASSERT_GE(game.moves.size(), 3u);
    for (std::size_t k = 0; k < 3; ++k) EXPECT_EQ(game.moves[k].move, ballot->moves[k]) << g;
  }
  EXPECT_EQ((*games)[0].tag("Black"), "strachey-1");
  EXPECT_EQ((*games)[1].tag("Black"), "random");
}

TEST(DraughtsTournament, ThreeMachinesTwoGamesCrosstableAndPdn) {
  const auto pdn = std::filesystem::temp_directory_path() / "minimax_draughts_tournament.pdn";
  std::filesystem::remove(pdn);
  MatchSettings s = draughts_settings();
  s.games = 2;
  s.pgn = pdn.string();
  std::ostringstream out;
  auto t = run_tournament({"random", "strachey-1:Stages=2", "strachey-2:Limit=2"}, s, out);
  ASSERT_TRUE(t.ok()) << t.error();
  std::ostringstream table;
  print_crosstable(*t, table);
  EXPECT_NE(table.str().find("| # | player |"), std::string::npos);
  EXPECT_NE(table.str().find("strachey-2:Limit=2"), std::string::npos);
  EXPECT_NE(table.str().find("Illegal moves: 0"), std::string::npos);
  // The ratings are anchored at random, which played, and the plot says so; without random, at
  // the mean.
  EXPECT_EQ(t->anchor, "random");
  EXPECT_NE(ratings_svg(*t).find("Elo (random = 0)"), std::string::npos);
  TournamentResult unanchored = *t;
  unanchored.anchor.clear();
  EXPECT_NE(ratings_svg(unanchored).find("Elo (the mean = 0)"), std::string::npos);
  auto games = draughts::read_pdn(read_text(pdn));
  ASSERT_TRUE(games.ok()) << games.error();
  ASSERT_EQ(games->size(), 6u);
  int points2 = 0;  // twice the points, from the PDN results
  for (const auto& g : *games) {
    EXPECT_EQ(g.tag("GameType"), "21");
    EXPECT_NE(g.result, "*");
    points2 += 2;
    (void)g.final_position();  // every move reads back legal
  }
  double total = 0;
  for (const auto& row : t->table)
    for (const auto& sc : row) total += sc.points();
  EXPECT_DOUBLE_EQ(2 * total, points2);
}

int lines(const std::string& s) { return static_cast<int>(std::count(s.begin(), s.end(), '\n')); }

TEST(DraughtsMatchCli, BadInputIsOneLineNamingIt) {
  test::CliRun r = test::run_cli({"match", "random", "chinook", "--game", "draughts"});
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("'chinook'"), std::string::npos) << r.err;
  EXPECT_EQ(lines(r.err), 1) << r.err;
  r = test::run_cli({"match", "random", "strachey-1:Stages=x", "--game", "draughts"});
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("'x'"), std::string::npos) << r.err;
  EXPECT_EQ(lines(r.err), 1) << r.err;
  r = test::run_cli({"tournament", "random", "random", "--game", "go"});
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("'go'"), std::string::npos) << r.err;
  EXPECT_EQ(lines(r.err), 1) << r.err;
  r = test::run_cli(
      {"match", "random", "random", "--game", "draughts", "--openings", "/nonexistent"});
  EXPECT_NE(r.status, 0);
  EXPECT_EQ(lines(r.err), 1) << r.err;
}

TEST(DraughtsMatchCli, MatchAndTournamentRun) {
  test::CliRun r =
      test::run_cli({"match", "strachey-2:Limit=2", "random", "--game", "draughts", "--games", "2",
                     "--openings", "ballots", "--max-moves", "30", "--seed", "3"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("Elo difference"), std::string::npos);
  r = test::run_cli({"tournament", "random", "strachey-1:Stages=1", "strachey-2:Limit=1", "--game",
                     "draughts", "--games", "2", "--max-moves", "30"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("| # | player |"), std::string::npos);
}

TEST(DraughtsMatchCli, ATimedMatchSaysHowLongEachSideTookAMove) {
  // The engine thinks its whole 30 ms where it has a choice; the random player answers at once
  // (no bound on either time is asserted: only that the line says which is which). A match
  // without a time limit says nothing of time.
  test::CliRun r = test::run_cli({"match", "engine", "random", "--game", "draughts", "--games", "2",
                                  "--movetime", "30", "--max-moves", "20"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string head = "time a move (where there was a choice): engine ";
  const auto at = r.out.find(head);
  ASSERT_NE(at, std::string::npos) << r.out;
  const double engine_ms = std::stod(r.out.substr(at + head.size()));
  const auto random_at = r.out.find(" random ", at + head.size());
  ASSERT_NE(random_at, std::string::npos) << r.out;
  const double random_ms = std::stod(r.out.substr(random_at + 8));
  EXPECT_GT(engine_ms, random_ms) << r.out;
  r = test::run_cli(
      {"match", "random", "random", "--game", "draughts", "--games", "2", "--max-moves", "20"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.find("time a move"), std::string::npos) << r.out;
}

TEST(ChessMatch, TheSameGamesAsBeforeDraughtsCame) {
  // Written by main's binary at 538ba31 (before the match was made generic over the game):
  // `minimax match turochamp random --games 2 --max-moves 12 --seed 3 --pgn FILE`.
  const auto pgn = std::filesystem::temp_directory_path() / "minimax_chess_pin.pgn";
  std::filesystem::remove(pgn);
  test::CliRun r = test::run_cli({"match", "turochamp", "random", "--games", "2", "--max-moves",
                                  "12", "--seed", "3", "--pgn", pgn.string()});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "game 1: turochamp - random  1-0  (checkmate, 8 moves)\n"
            "game 2: random - turochamp  1/2-1/2  (move limit (12 moves), adjudicated a draw, 12 "
            "moves)\n"
            "turochamp v random: +1 =1 -0, 1.5/2 (75.0%), Elo difference +191 +- 129 (95%)\n");
  const std::string games = read_text(pgn);
  EXPECT_NE(games.find("1. e3 f6 2. Nc3 Nc6 3. Qh5+ g6 4. Qc5 Rb8 5. Nf3 b6 6. Qd5 Na5 7. Bd3 h5\n"
                       "8. Bxg6# 1-0"),
            std::string::npos);
  EXPECT_NE(games.find("8. Qd2 Qxd2+ 9. Kxd2 Bd7 10. a3 O-O-O 11. Ra2 Bd6 12. Kc3 h5 1/2-1/2"),
            std::string::npos);
}

TEST(DraughtsPlayCli, PlayersByNameFromTheRegistry) {
  const std::vector<std::string> args = {"play",    "draughts", "--black",  "strachey-1",
                                         "--white", "random",   "--record", "-"};
  test::CliRun a = test::run_cli(args), b = test::run_cli(args);
  EXPECT_EQ(a.status, 0) << a.err;
  EXPECT_EQ(a.out, b.out);  // seeded: the same game again
  EXPECT_NE(a.out.find("[Black \"strachey-1\"]"), std::string::npos);
  EXPECT_NE(a.out.find("[White \"random\"]"), std::string::npos);
  test::CliRun bad = test::run_cli({"play", "draughts", "--white", "chinook", "--record", "-"});
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("'chinook'"), std::string::npos);
}

}  // namespace
}  // namespace minimax::match
