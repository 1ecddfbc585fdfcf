// Fuzzing the command line and the UCI loop in-process: every command in cli::commands() gets
// damaged versions of a cheap valid invocation (a token replaced by garbage, dropped, doubled, a
// character flipped, an unknown option inserted). Whatever comes back: no exception escapes, and a
// failure is a non-zero status with one line on standard error. The arguments stay cheap: numbers
// are only ever replaced by invalid or tiny ones, so no damage turns a depth 1 into a depth 9.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "../test_paths.hpp"
#include "cli/commands.hpp"
#include "fuzz.hpp"
#include "hub/hub.hpp"
#include "uci/uci.hpp"

namespace minimax::qa {
namespace {

namespace fs = std::filesystem;

const std::vector<std::string>& bad_args() {
  static const std::vector<std::string> k = {"",
                                             "-1",
                                             "0",
                                             "99999999999999999999",
                                             "-99999999999999999999",
                                             "x",
                                             "--bogus",
                                             "-z",
                                             "\xff",
                                             "\xe2\x99\x94",
                                             "--",
                                             "-",
                                             "nan",
                                             "1e9",
                                             "1.5",
                                             "+",
                                             "=",
                                             "startpos",
                                             "--depth",
                                             "--games",
                                             "KQkq",
                                             "8/8/8/8 w"};
  return k;
}

// A character that is never a digit, so a damaged number never becomes a larger valid one.
char non_digit(Rng& rng) {
  static const std::string_view k = "abcxyzKQkq/-=+ .,\xff\t";
  return k[rng.below(k.size())];
}

std::vector<std::string> mutate_args(std::vector<std::string> args, Rng& rng) {
  const int n = 1 + static_cast<int>(rng.below(3));
  for (int i = 0; i < n; ++i) {
    const std::size_t at = rng.below(args.size() + 1);
    switch (rng.below(5)) {
      case 0:
        if (!args.empty()) args[rng.below(args.size())] = bad_args()[rng.below(bad_args().size())];
        break;
      case 1:
        if (!args.empty())
          args.erase(args.begin() + static_cast<std::ptrdiff_t>(rng.below(args.size())));
        break;
      case 2:
        args.insert(args.begin() + static_cast<std::ptrdiff_t>(at),
                    bad_args()[rng.below(bad_args().size())]);
        break;
      case 3:
        if (!args.empty()) {
          auto& a = args[rng.below(args.size())];
          if (a.empty()) break;
          const std::size_t j = rng.below(a.size());
          if (rng.below(2))
            a[j] = non_digit(rng);
          else
            a.insert(j, 1, non_digit(rng));
        }
        break;
      default:
        if (!args.empty()) {
          auto& a = args[rng.below(args.size())];
          a.resize(rng.below(a.size() + 1));
        }
    }
  }
  return args;
}

class QaCliFuzz : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("minimax_qa_cli_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    old_ = fs::current_path();
    fs::current_path(dir_);  // a command that writes a default file writes it here
    std::ofstream(dir_ / "fig2.tree") << "((3 1 4) (2 -7 5) (-6 4 0))\n";
    std::ofstream(dir_ / "perft.epd")
        << "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D1 20 ;D2 400\n";
    std::ofstream(dir_ / "openings.txt") << "e2e4 e7e5\n";
    std::ofstream(dir_ / "tune.txt")
        << "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 0.5\n";
  }
  void TearDown() override {
    fs::current_path(old_);
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  fs::path dir_, old_;
};

// Cheap valid invocations of every command (bench and tune only with arguments that fail early:
// their valid runs are long).
std::vector<std::vector<std::string>> templates() {
  const std::string kiwi = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
  return {
      {"bandit", "optimal", "5", "--compare"},
      {"bandit", "gittins", "2", "3", "0.5"},
      {"bandit", "michie", "--horizons", "1,2"},
      {"bandit", "regret", "--trials", "5", "--runs", "3", "--discount", "0.5", "--svg", "r.svg"},
      {"bandit", "game", "--games", "4", "--runs", "3", "--p1", "0.2", "--p2", "0.6"},
      {"bench", "x"},
      {"book", "probe", "no-such.bin", "startpos", "--moves", "e4", "e5"},
      {"book", "make", "no-such.pgn", "-o", "b.bin", "--max-ply", "8", "--min-games", "1"},
      {"book", "dump", "no-such.bin"},
      {"egdb", "build", "--pieces", "2", "--dir", "egdb", "--quiet"},
      {"egdb", "probe", "B:WK32:BK1,K6", "--dir", "egdb"},
      {"solve", "draughts", "B:WK32:BK1", "--dir", "egdb"},
      {"endgame", "play", "krk", "8/8/8/8/8/8/R7/K1k5 w - - 0 1"},
      {"endgame", "check", "kpk", "--tb", "no-such-dir"},
      {"help", "perft"},
      {"learn", "samuel", "--games", "1", "--depth", "1", "--max-plies", "10", "--out", "l.json"},
      {"learn", "samuel-match", "untrained", "strachey", "--games", "1", "--depth", "1",
       "--max-plies", "10", "--quiet"},
      {"learn", "chess", "--games", "1", "--nodes", "50", "--max-plies", "10", "--epochs", "1",
       "--out", "c.json"},
      {"learn", "chess-elo", "no-such-run.json", "--games", "2", "--checkpoints", "0"},
      {"legal", "startpos", "e4"},
      {"legal", kiwi, "O-O", "--chess960"},
      {"legal", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "w", "KQkq", "-", "0", "1", "P-K4"},
      {"machines", "chess"},
      {"match", "random", "random", "--games", "2", "--depth", "1", "--max-moves", "6", "--seed",
       "3"},
      {"match", "random", "random", "--games", "1", "--openings", "openings.txt", "--max-moves",
       "4", "--pgn", "m.pgn"},
      {"perft", "startpos", "2", "--divide"},
      {"perft", kiwi, "1", "--by-play"},
      {"perft", "--epd", "perft.epd", "--depth", "1", "--jobs", "1"},
      {"play", "chess", "--white", "random", "--black", "random", "--depth", "1", "--seed", "1",
       "--pgn", "g.pgn"},
      {"play", "chess", "--fen", kiwi, "--notation", "descriptive", "--pgn", "h.pgn"},
      {"play", "nim", "3", "4", "5", "--k", "1"},
      {"play", "tictactoe", "x.o/.x./..o", "--machine-first"},
      {"serve", "--port", "0", "--check", "--no-record"},
      {"show", "startpos", "--ascii"},
      {"show", kiwi},
      {"solve", "nim", "3", "4", "5", "--misere"},
      {"solve", "tictactoe", "x.o/.x./..o"},
      {"solve", "mate", "1", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"},
      {"tb", "probe", (test::shared_data_dir() / "syzygy").string(),
       "8/8/8/2R5/1K6/8/5k2/8 w - - 0 1"},
      {"tables", "build", "KRK", "--dir", "tb", "--quiet"},
      {"tables", "probe", "8/8/8/5k2/8/8/1Q6/K7 w - - 0 1", "--dir", "tb"},
      {"tables", "info", "--dir", "tb"},
      {"tournament", "random", "random", "--games", "1", "--max-moves", "4"},
      {"tree", "fig2.tree", "--alphabeta", "--text"},
      {"tree", "nim", "2", "2", "--depth", "2", "--dot"},
      {"tree", "tictactoe", "xo./.x./o..", "--depth", "2", "-o", "t.svg"},
      {"tune", "no-such-file.txt"},
      {"tune", "tune.txt", "--epochs", "x"},
      {"tune", "tune.txt", "--optimizer", "gd", "--l2", "1", "--epochs", "x"},
      {"tune", "--selfplay", "1", "--openings", "no-such-file.epd", "--out", "sp.txt"},
      {"uci"},
      {"hub"},
  };
}

TEST_F(QaCliFuzz, EveryCommandAnswersDamagedArgumentsWithOneLine) {
  // Every command has a template (a new command without one fails here, as a reminder).
  const auto tmpl = templates();
  for (const auto& c : cli::commands()) {
    bool found = false;
    for (const auto& t : tmpl) found = found || t[0] == c.name;
    EXPECT_TRUE(found) << "no fuzz template for command '" << c.name << "'";
  }
  Rng rng(2026);
  for (const auto& t : tmpl) {
    const std::vector<std::string> tail(t.begin() + 1, t.end());
    for (int round = 0; round < 8; ++round) {
      std::vector<std::string> args = {t[0]};
      for (const auto& a : mutate_args(tail, rng)) args.push_back(a);
      std::string shown_args;
      for (const auto& a : args) shown_args += "[" + shown(a) + "] ";
      std::istringstream in;  // nobody at the keyboard: a prompt sees the end of input at once
      std::ostringstream out, err;
      int rc = 0;
      try {
        rc = cli::run_main(args, in, out, err);
      } catch (const std::exception& e) {
        ADD_FAILURE() << "exception '" << e.what() << "' escaped from: " << shown_args;
        continue;
      }
      if (rc != 0) {
        const std::string e = err.str();
        EXPECT_FALSE(e.empty()) << "status " << rc << " with nothing on stderr: " << shown_args;
        const auto lines = std::count(e.begin(), e.end(), '\n');
        EXPECT_LE(lines, 1) << "a failure's stderr spans " << lines << " lines: " << shown_args
                            << "\n"
                            << e;
      }
    }
  }
}

// UCI commands, damaged, between valid ones: the loop keeps serving and answers isready at the end.
TEST(QaUciFuzz, GarbageLinesNeverStopTheLoop) {
  const std::vector<std::string> seeds = {
      "uci",
      "isready",
      "ucinewgame",
      "position startpos moves e2e4 e7e5 g1f3",
      "position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 moves "
      "e1g1 a6b5",
      "setoption name Hash value 1",
      "setoption name MultiPV value 2",
      "setoption name UCI_Chess960 value false",
      "debug off",
      "stop",
      "ponderhit",
      "register later"};
  Rng rng(99);
  for (int session = 0; session < 30; ++session) {
    std::string script;
    std::vector<std::string> lines;
    for (int i = 0; i < 25; ++i) {
      std::string line = rng.below(3) == 0 ? seeds[rng.below(seeds.size())]
                                           : mutate(seeds[rng.below(seeds.size())], rng);
      for (char& c : line)
        if (c == '\n' || c == '\r') c = ' ';
      if (starts_with(trim(line), "go") || starts_with(trim(line), "quit"))
        line = "x" + line;  // searches are added below
      lines.push_back(line);
      if (rng.below(8) == 0) lines.push_back("go depth 1");
    }
    for (const auto& l : lines) script += l + "\n";
    script += "isready\n";
    std::istringstream in(script);
    std::ostringstream out;
    try {
      (void)uci::run_uci(in, out);
    } catch (const std::exception& e) {
      ADD_FAILURE() << "exception '" << e.what() << "' escaped from run_uci with:\n"
                    << shown(script);
      continue;
    }
    const std::string o = out.str();
    EXPECT_NE(o.find("readyok"), std::string::npos) << "no readyok after:\n"
                                                    << script << "\nout:\n"
                                                    << o;
  }
}

// Hub lines, damaged, between valid ones: the loop keeps serving and answers ping at the end (a
// search is stopped at the end of the input, so every go is answered too).
TEST(QaHubFuzz, GarbageLinesNeverStopTheLoop) {
  const std::vector<std::string> seeds = {
      "hub",
      "init",
      "new-game",
      "pos start moves=\"11-15 23-19 8-11 22-17\"",
      "pos pos=Bbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"9-13\"",
      "set-param name=Hash value=1",
      "set-param name=\"EGDB Pieces\" value=0",
      "set-param name=machine value=random",
      "level depth=2",
      "level move-time=0.01",
      "level time=1 inc=0.01 moves=10",
      "stop",
      "ponder-hit",
      "ping"};
  Rng rng(77);
  for (int session = 0; session < 30; ++session) {
    std::string script;
    for (int i = 0; i < 25; ++i) {
      std::string line = rng.below(3) == 0 ? seeds[rng.below(seeds.size())]
                                           : mutate(seeds[rng.below(seeds.size())], rng);
      for (char& c : line)
        if (c == '\n' || c == '\r') c = ' ';
      if (starts_with(trim(line), "go") || starts_with(trim(line), "quit")) line = "x" + line;
      script += line + "\n";
      if (rng.below(8) == 0) script += "level depth=1\ngo think\n";
    }
    script += "ping\n";
    std::istringstream in(script);
    std::ostringstream out;
    try {
      (void)hub::run_hub(in, out);
    } catch (const std::exception& e) {
      ADD_FAILURE() << "exception '" << e.what() << "' escaped from run_hub with:\n"
                    << shown(script);
      continue;
    }
    const std::string o = out.str();
    EXPECT_NE(o.find("pong"), std::string::npos) << "no pong after:\n" << script << "\nout:\n" << o;
  }
}

}  // namespace
}  // namespace minimax::qa
