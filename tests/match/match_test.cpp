// Matches and tournaments: Elo arithmetic, openings files, an external engine through a pipe,
// and the command line's answers to bad input.
#include "match/match.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "../cli_run.hpp"
#include "cli/commands.hpp"
#include "machines/chess/players.hpp"
#include "match/elo.hpp"
#include "session/chess_game.hpp"

namespace minimax::match {
namespace {

std::filesystem::path temp_file(const std::string& name, const std::string& text) {
  const auto p = std::filesystem::temp_directory_path() / ("minimax_match_" + name);
  std::ofstream(p) << text;
  return p;
}

TEST(Elo, FromScore) {
  EXPECT_NEAR(elo_from_score(0.5), 0.0, 1e-9);
  EXPECT_NEAR(elo_from_score(0.75), 190.85, 0.01);  // 400 log10(3)
  EXPECT_NEAR(elo_from_score(0.25), -190.85, 0.01);
  EXPECT_NEAR(elo_from_score(10.0 / 11.0), 400.0, 1e-9);  // odds 10:1 are 400 points
}

TEST(Elo, ErrorFromTheSpreadOfScores) {
  // 10 wins, 10 losses: s = 0.5, standard error sqrt(0.25/20); 95% interval 0.5 +- 0.219.
  const EloEstimate e = estimate_elo(Score{10, 0, 10});
  EXPECT_NEAR(e.elo, 0.0, 1e-9);
  EXPECT_NEAR(e.error, elo_from_score(0.5 + 1.96 * std::sqrt(0.25 / 20)), 1e-6);
  EXPECT_FALSE(e.bound);
  // All draws: no spread, no error.
  EXPECT_NEAR(estimate_elo(Score{0, 20, 0}).error, 0.0, 1e-9);
  // A clean sweep is only a bound.
  EXPECT_TRUE(estimate_elo(Score{20, 0, 0}).bound);
}

TEST(Elo, RoundRobinRatings) {
  // A scores 75 of 100 against B: the difference comes out near 191 (the virtual draw pulls it
  // slightly in: 75.5/101 -> 188.6).
  const auto r = round_robin_ratings({{0, 75}, {25, 0}}, {{0, 100}, {100, 0}}, 1);
  EXPECT_NEAR(r[1], 0.0, 1e-9);
  EXPECT_NEAR(r[0], elo_from_score(75.5 / 101.0), 0.5);
  // Three players in a chain: A beats B 3:1, B beats C 3:1 -> A above B above C.
  const auto c = round_robin_ratings({{0, 30, 20}, {10, 0, 30}, {20, 10, 0}},
                                     {{0, 40, 40}, {40, 0, 40}, {40, 40, 0}}, -1);
  EXPECT_GT(c[0], c[1]);
  EXPECT_GT(c[1], c[2]);
  EXPECT_NEAR(c[0] + c[1] + c[2], 0.0, 1e-6);
}

TEST(Openings, FensMovesAndErrors) {
  const auto path = temp_file("openings.txt",
                              "# a comment\n"
                              "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"
                              "\n"
                              "1. e4 e5 2. Nf3\n"
                              "d2d4 d7d5\n");
  auto o = read_openings(path.string());
  ASSERT_TRUE(o.ok()) << o.error();
  ASSERT_EQ(o->size(), 3u);
  // (The move-number field is left out: Position::fullmove_number() counts one too many after a
  // move from the initial position, reported to the rules' owner.)
  EXPECT_EQ((*o)[1].fen().substr(0, 60),
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1");
  EXPECT_EQ((*o)[2].side(), chess::white);
  const auto bad = temp_file("bad_openings.txt", "e4 e5\ne4 Ke3\n");
  auto b = read_openings(bad.string());
  ASSERT_FALSE(b.ok());
  EXPECT_NE(b.error().find(":2:"), std::string::npos);
  EXPECT_NE(b.error().find("'Ke3'"), std::string::npos);
  EXPECT_FALSE(read_openings("/nonexistent/openings").ok());
}

TEST(Match, ColoursAlternateAndScoresAddUp) {
  MatchSettings s;
  s.games = 4;
  s.game.max_plies = 60;
  std::ostringstream out;
  auto r = run_match("turochamp", "random", s, out);
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r->games(), 4);
  const std::string text = out.str();
  EXPECT_NE(text.find("game 1: turochamp - random"), std::string::npos);
  EXPECT_NE(text.find("game 2: random - turochamp"), std::string::npos);
  EXPECT_NE(text.find("Elo difference"), std::string::npos);
  EXPECT_EQ(text.find("illegal"), std::string::npos);
}

TEST(Match, ExternalUciEngineThroughAPipe) {
  // A stand-in engine: answers the handshake and always plays e2e4.
  const auto script = temp_file("fake_engine.sh",
                                "#!/bin/sh\n"
                                "while read line; do\n"
                                "  case \"$line\" in\n"
                                "    uci) echo 'id name fakefish'; echo uciok;;\n"
                                "    isready) echo readyok;;\n"
                                "    go*) echo 'info depth 1 score cp 13'; echo 'bestmove e2e4';;\n"
                                "    quit) exit 0;;\n"
                                "  esac\n"
                                "done\n");
  std::filesystem::permissions(script, std::filesystem::perms::owner_all);
  auto p = chess::make_chess_player("uci:" + script.string());
  ASSERT_TRUE(p.ok()) << p.error();
  EXPECT_EQ((*p)->name(), "fakefish");
  (*p)->new_game();
  const auto t = (*p)->choose(chess::Position(), {});
  EXPECT_EQ(chess::Position().move_to_string(t.move), "e2e4");
  EXPECT_EQ(t.score, 13);
  // In a match its second e2e4 is illegal: it loses those games, and the match goes on.
  MatchSettings s;
  s.games = 2;
  std::ostringstream out;
  auto r = run_match("uci:" + script.string(), "random", s, out);
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r->losses, 2);
  EXPECT_NE(out.str().find("illegal move"), std::string::npos);
  EXPECT_FALSE(chess::make_chess_player("uci:/nonexistent/engine").ok());
}

TEST(Match, ExternalUciEngineWithOptions) {
  // A stand-in engine that plays e2e4 only once told "setoption name Skill Level value 3".
  const auto script =
      temp_file("fake_engine_options.sh",
                "#!/bin/sh\n"
                "skill=none\n"
                "while read line; do\n"
                "  case \"$line\" in\n"
                "    uci) echo 'id name optfish'; echo uciok;;\n"
                "    'setoption name Skill Level value 3') skill=3;;\n"
                "    isready) echo readyok;;\n"
                "    go*) if [ $skill = 3 ]; then echo 'bestmove e2e4'; else echo 'bestmove "
                "a2a3'; fi;;\n"
                "    quit) exit 0;;\n"
                "  esac\n"
                "done\n");
  std::filesystem::permissions(script, std::filesystem::perms::owner_all);
  auto plain = chess::make_chess_player("uci:" + script.string());
  ASSERT_TRUE(plain.ok()) << plain.error();
  (*plain)->new_game();
  EXPECT_EQ(chess::Position().move_to_string((*plain)->choose(chess::Position(), {}).move), "a2a3");
  auto told = chess::make_chess_player("uci:" + script.string() + ": Skill Level = 3");
  ASSERT_TRUE(told.ok()) << told.error();
  (*told)->new_game();
  EXPECT_EQ(chess::Position().move_to_string((*told)->choose(chess::Position(), {}).move), "e2e4");
  auto bad = chess::make_chess_player("uci:" + script.string() + ":Hash=1,Threads");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().find("'Threads' is not Name=Value"), std::string::npos) << bad.error();
}

TEST(Match, PlayersByNameWithOptions) {
  EXPECT_TRUE(chess::make_chess_player("strongest").ok());
  EXPECT_TRUE(chess::make_chess_player("shannon-a:Depth=2,Seed=5").ok());
  auto bad = chess::make_chess_player("shannon-a:Depth=99");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().find("99"), std::string::npos);
  auto unknown = chess::make_chess_player("deep-thought");
  ASSERT_FALSE(unknown.ok());
  EXPECT_NE(unknown.error().find("'deep-thought'"), std::string::npos);
}

TEST(MatchCli, BadArguments) {
  test::CliRun r = test::run_cli({"match", "random"});
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("two players"), std::string::npos);
  r = test::run_cli({"match", "random", "random", "--games", "x"});
  EXPECT_NE(r.err.find("'x'"), std::string::npos);
  r = test::run_cli({"match", "random", "nobody"});
  EXPECT_NE(r.err.find("'nobody'"), std::string::npos);
  r = test::run_cli({"match", "random", "random", "--tc", "fast"});
  EXPECT_NE(r.err.find("'fast'"), std::string::npos);
  r = test::run_cli({"match", "random", "random", "--colour", "red"});
  EXPECT_NE(r.err.find("'--colour'"), std::string::npos);
  r = test::run_cli({"tournament", "random"});
  EXPECT_NE(r.status, 0);
}

TEST(TournamentCli, CrosstableAndSvg) {
  const auto svg = std::filesystem::temp_directory_path() / "minimax_tournament_test.svg";
  test::CliRun r = test::run_cli({"tournament", "random", "turochamp", "shannon-a:Depth=1",
                                  "--games", "2", "--max-moves", "40", "--svg", svg.string()});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("| # | player |"), std::string::npos);
  EXPECT_NE(r.out.find("Illegal moves: 0"), std::string::npos);
  std::ifstream f(svg);
  std::stringstream ss;
  ss << f.rdbuf();
  EXPECT_NE(ss.str().find("<svg"), std::string::npos);
}

}  // namespace
}  // namespace minimax::match

namespace minimax::match {
namespace {

TEST(Match, EveryHistoricalMachinePlaysLegalMovesWithBothColours) {
  // From the start and from a position with promotions, castling and en passant about.
  const char* fens[] = {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                        "r3k2r/1P4P1/8/3pP3/8/8/1p4p1/R3K2R w KQkq d6 0 1"};
  for (const char* name : {"random", "shannon-a", "shannon-b", "turochamp", "somac"}) {
    for (const char* fen : fens) {
      auto machine = chess::make_chess_player(name);
      auto opponent = chess::make_chess_player("random");
      ASSERT_TRUE(machine.ok() && opponent.ok());
      session::GameSettings s;
      s.max_plies = 24;
      s.limits.depth = 2;
      const auto start = chess::Position::from_fen(fen);
      ASSERT_TRUE(start.ok());
      for (int colour = 0; colour < 2; ++colour) {
        const session::GameRecord rec =
            colour == 0 ? session::play_chess_game(*start, **machine, **opponent, s)
                        : session::play_chess_game(*start, **opponent, **machine, s);
        EXPECT_FALSE(rec.illegal) << name << " " << rec.reason;
      }
    }
  }
}

}  // namespace
}  // namespace minimax::match
