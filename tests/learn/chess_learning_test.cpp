// Chess learning from self-play (learn/chess_games, chess_learning, chess_elo and the commands
// learn chess / chess-elo): the starting tables, games that depend only on their seed, the run's
// JSON, resuming (after an ordinary stop and after kill -9) and bad input answered by one line.
#include "learn/chess_learning.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "cli/commands.hpp"
#include "games/chess/position.hpp"
#include "learn/chess_elo.hpp"
#include "learn/chess_games.hpp"
#include "machines/chess/engine/evaluate.hpp"
#include "machines/chess/shannon_eval.hpp"

namespace minimax::learn {
namespace {

namespace fs = std::filesystem;
namespace eng = chess::engine;

std::string read_file(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

int run_learn(std::vector<std::string> args, std::string& out, std::string& err) {
  std::istringstream in;
  std::ostringstream o, e;
  args.insert(args.begin(), "learn");
  const int rc = cli::run_main(args, in, o, e);
  out = o.str();
  err = e.str();
  return rc;
}

int evaluate_with(const std::string& fen, const eng::EvalParams& params) {
  auto pos = chess::Position::from_fen(fen);
  EXPECT_TRUE(pos) << fen;
  eng::EvalTrace trace;
  return eng::evaluate_traced(*pos, params, trace);
}

TEST(ChessLearningTables, MaterialOnlyCountsMaterialAndNothingElse) {
  const auto p = chess_games::material_only_params();
  EXPECT_EQ(evaluate_with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", p), 0);
  // A knight up, a pawn down, kings anywhere: 300 - 100 whatever the phase.
  EXPECT_EQ(evaluate_with("4k3/pp6/8/8/8/8/P7/4K1N1 w - - 0 1", p), 200);
  EXPECT_EQ(evaluate_with("4k3/pp6/8/8/8/8/P7/4K1N1 b - - 0 1", p), 200);  // no tempo
  int nonzero = 0;
  for (int i = 0; i < eng::kNumParams; ++i) nonzero += p[i] != 0;
  EXPECT_EQ(nonzero, 5);
}

// In pawn endings (no piece has mobility) the engine's terms with shannon_params() are Shannon's
// f(P) without its mobility term, as minimax's shannon machine computes it (Shannon 1950), where
// doubled pawns come in pairs (the engine counts a pair once, Shannon twice).
TEST(ChessLearningTables, ShannonTableAgreesWithShannonsPawnTerms) {
  const auto p = chess_games::shannon_params();
  chess::shannon::Weights w;
  w.mobility = 0;
  for (const std::string fen : {
           "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
           "4k3/p1p3pp/8/2p5/8/3P4/P1P1P1PP/4K3 w - - 0 1",  // doubled, isolated
           "4k3/8/2p5/1p6/1P6/P7/8/4K3 b - - 0 1",           // backward c6? and b-pawns
           "6k1/5ppp/8/3p4/3P4/2P5/2P2PPP/6K1 w - - 0 1",    // doubled c-pawns
           "8/k1p5/1p6/8/P7/1P6/1P6/K7 w - - 0 1",           // doubled b-pawns, isolated a
       }) {
    auto pos = chess::Position::from_fen(fen);
    ASSERT_TRUE(pos) << fen;
    const double f = chess::shannon::evaluate(*pos, w);
    EXPECT_EQ(evaluate_with(fen, p), static_cast<int>(std::lround(100 * f))) << fen;
  }
  // Mobility: 10 centipawns a square a rook reaches (the rook on a1 reaches 13, the king blocks
  // none; the black king's side has no piece).
  EXPECT_EQ(evaluate_with("7k/8/8/8/8/8/8/R6K w - - 0 1", p) -
                evaluate_with("7k/8/8/8/8/8/8/R6K w - - 0 1", chess_games::material_only_params()),
            130);
}

TEST(ChessLearningGames, AGameDependsOnlyOnItsSeed) {
  chess_games::GameSpec spec;
  spec.seed = chess_games::job_seed(7, 1, 3);
  spec.nodes = 300;
  spec.max_plies = 60;
  spec.keep_positions = true;
  const auto table = chess_games::material_only_params();
  const auto a = chess_games::play_game(table, table, spec);
  // Another game in between (another table in the engine) changes nothing.
  (void)chess_games::play_game(chess_games::shannon_params(), table, spec);
  const auto b = chess_games::play_game(table, table, spec);
  EXPECT_EQ(a.result, b.result);
  EXPECT_EQ(a.plies, b.plies);
  EXPECT_EQ(a.positions, b.positions);
  EXPECT_FALSE(a.positions.empty());
  // The engine's own table is back as it was.
  EXPECT_EQ(eng::eval_params(), eng::tuned_params());
  // Seeds differ by round and by index.
  EXPECT_NE(chess_games::job_seed(7, 1, 3), chess_games::job_seed(7, 2, 3));
  EXPECT_NE(chess_games::job_seed(7, 1, 3), chess_games::job_seed(7, 1, 4));
  EXPECT_NE(chess_games::job_seed(7, 1, 3), chess_games::job_seed(8, 1, 3));
  // The text form goes back and forth; damaged text is an Error.
  const auto back = chess_games::from_text(chess_games::to_text(a));
  ASSERT_TRUE(back);
  EXPECT_EQ(back->result, a.result);
  EXPECT_EQ(back->positions, a.positions);
  EXPECT_FALSE(chess_games::from_text(""));
  EXPECT_FALSE(chess_games::from_text("2-0 14\n"));
}

TEST(ChessLearningRun, JsonGoesBackAndForthAndDamageIsNamed) {
  chess_learning::Settings s;
  s.games = 2;
  s.nodes = 200;
  s.max_plies = 40;
  s.epochs = 5;
  auto run = chess_learning::new_run(s);
  ASSERT_TRUE(run);
  std::vector<std::string> games;
  for (int i = 0; i < s.games; ++i)
    games.push_back(chess_learning::play_selfplay_job(s, run->current(), 1, i));
  ASSERT_TRUE(chess_learning::finish_iteration(*run, games));
  ASSERT_EQ(run->iterations.size(), 1u);
  EXPECT_EQ(run->games(), 2);
  EXPECT_GT(run->k, 0);
  const std::string text = chess_learning::to_json(*run);
  auto back = chess_learning::from_json(text);
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(chess_learning::to_json(*back), text);
  EXPECT_EQ(back->current(), run->current());

  EXPECT_FALSE(chess_learning::from_json("{not json"));
  auto wrong = chess_learning::from_json(R"({"format": "samuel-learning 1"})");
  ASSERT_FALSE(wrong);
  EXPECT_NE(wrong.error().find("not a chess learning run"), std::string::npos);
  std::string cut = text;
  cut.replace(cut.find("\"material\"", cut.find("start_params")), 10, "\"materiel\"");
  auto missing = chess_learning::from_json(cut);
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().find("no group 'material'"), std::string::npos) << missing.error();
  std::string start = text;
  start.replace(start.find("\"start\": \"material\""), 19, "\"start\": \"nothing\"");
  EXPECT_FALSE(chess_learning::from_json(start));
  std::string counts = text;
  counts.replace(counts.find("\"games\": 2"), 10, "\"games\": 3");
  EXPECT_FALSE(chess_learning::from_json(counts));
  // A number too big for its field is one line, not undefined behaviour (found by make fuzz).
  std::string huge = text;
  const auto at = huge.find("\"games\": 2");
  huge.replace(at, 10, "\"games\": 3e63");
  auto too_big = chess_learning::from_json(huge);
  ASSERT_FALSE(too_big);
  EXPECT_NE(too_big.error().find("expected a whole number in range"), std::string::npos)
      << too_big.error();
  EXPECT_EQ(too_big.error().find('\n'), std::string::npos);
  EXPECT_FALSE(chess_learning::new_run([] {
    chess_learning::Settings bad;
    bad.start = "stockfish";
    return bad;
  }()));
}

const std::vector<std::string> kTiny = {"--games",     "2",  "--nodes",  "200",
                                        "--max-plies", "40", "--epochs", "20"};

std::vector<std::string> learn_args(const fs::path& out, int iterations, bool resume) {
  std::vector<std::string> a = {"chess", "--out", out.string(), "--iterations",
                                std::to_string(iterations)};
  if (resume)
    a.push_back("--resume");
  else
    a.insert(a.end(), kTiny.begin(), kTiny.end());
  return a;
}

TEST(ChessLearningCli, AResumedRunEqualsAnUninterruptedOne) {
  const fs::path dir = fs::temp_directory_path() / "minimax_chess_learning_resume";
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::string out, err;
  ASSERT_EQ(run_learn(learn_args(dir / "whole.json", 2, false), out, err), 0) << err;
  EXPECT_NE(out.find("iteration 2: 2 games"), std::string::npos) << out;
  ASSERT_EQ(run_learn(learn_args(dir / "parts.json", 1, false), out, err), 0) << err;
  ASSERT_EQ(run_learn(learn_args(dir / "parts.json", 1, true), out, err), 0) << err;
  EXPECT_NE(out.find("resuming after 1 iterations (2 games)"), std::string::npos) << out;
  EXPECT_EQ(read_file(dir / "whole.json"), read_file(dir / "parts.json"));

  // The Elo measurement: a table and a curve, every checkpoint against the two tables asked.
  ASSERT_EQ(run_learn({"chess-elo", (dir / "whole.json").string(), "--games", "2", "--against",
                       "material,shipped", "--nodes", "200"},
                      out, err),
            0)
      << err;
  EXPECT_NE(out.find("| 0 | 0 | 0 (itself) |"), std::string::npos) << out;
  EXPECT_NE(out.find("| 2 | 4 |"), std::string::npos) << out;
  const std::string svg = read_file(dir / "whole-elo.svg");
  EXPECT_NE(svg.find("against shipped"), std::string::npos);
  EXPECT_EQ(read_file(dir / "whole-elo.md").substr(0, 40), out.substr(0, 40));
  fs::remove_all(dir);
}

TEST(ChessLearningCli, BadInputIsOneLine) {
  const fs::path dir = fs::temp_directory_path() / "minimax_chess_learning_bad";
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::string out, err;
  auto one_line = [&](const std::string& e) { return !e.empty() && e.find('\n') == e.size() - 1; };
  EXPECT_EQ(run_learn({"chess", "--out", (dir / "r.json").string(), "--nodes", "0"}, out, err), 2);
  EXPECT_TRUE(one_line(err)) << err;
  EXPECT_EQ(run_learn({"chess", "--out", (dir / "r.json").string(), "--start", "x"}, out, err), 2);
  EXPECT_TRUE(one_line(err)) << err;
  {
    std::ofstream f(dir / "corrupt.json");
    f << "{\"format\": \"chess-learning 1\", \"settings\": {}}";
  }
  EXPECT_EQ(run_learn({"chess", "--out", (dir / "corrupt.json").string(), "--resume"}, out, err),
            1);
  EXPECT_TRUE(one_line(err)) << err;
  EXPECT_NE(err.find("corrupt.json"), std::string::npos) << err;
  EXPECT_EQ(run_learn({"chess-elo", (dir / "corrupt.json").string()}, out, err), 1);
  EXPECT_TRUE(one_line(err)) << err;
  EXPECT_EQ(run_learn({"chess", "--out", (dir / "corrupt.json").string()}, out, err), 1);
  EXPECT_NE(err.find("exists"), std::string::npos) << err;
  EXPECT_EQ(
      run_learn({"chess", "--out", (dir / "corrupt.json").string(), "--resume", "--nodes", "5"},
                out, err),
      2);
  EXPECT_NE(err.find("--nodes cannot be given with --resume"), std::string::npos) << err;
  ASSERT_EQ(run_learn(learn_args(dir / "ok.json", 1, false), out, err), 0) << err;
  EXPECT_EQ(run_learn({"chess-elo", (dir / "ok.json").string(), "--checkpoints", "0,5"}, out, err),
            2);
  EXPECT_NE(err.find("checkpoint 5 is not in the run"), std::string::npos) << err;
  EXPECT_EQ(run_learn({"chess-elo", (dir / "ok.json").string(), "--against", "fritz"}, out, err),
            2);
  EXPECT_NE(err.find("unknown table 'fritz'"), std::string::npos) << err;
  fs::remove_all(dir);
}

// kill -9 in the middle of an iteration: the saved run is whole (the iterations finished before),
// and resuming it gives what an uninterrupted run gives.
TEST(ChessLearningCli, AKilledRunResumesWithoutLoss) {
  const fs::path dir = fs::temp_directory_path() / "minimax_chess_learning_kill";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path run = dir / "run.json";
  // Iterations of a few tenths of a second; killed once the first is saved.
  std::string cmd = std::string(MINIMAX_BINARY) + " learn chess --out " + run.string() +
                    " --iterations 1000 --games 4 --nodes 300 --max-plies 60 --epochs 20 " +
                    "> /dev/null 2>&1 & echo $! > " + (dir / "pid").string();
  ASSERT_EQ(std::system(cmd.c_str()), 0);
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  const std::string pid = read_file(dir / "pid");
  ASSERT_FALSE(pid.empty());
  for (int i = 0; i < 600 && !fs::exists(run); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  ASSERT_TRUE(fs::exists(run)) << "no iteration was saved in 30 s";
  std::this_thread::sleep_for(std::chrono::milliseconds(150));  // into a later iteration
  ASSERT_EQ(std::system(("kill -9 " + pid).c_str()), 0);
  std::this_thread::sleep_for(std::chrono::milliseconds(100));

  auto saved = chess_learning::load_run(run.string());
  ASSERT_TRUE(saved) << saved.error();
  const int done = static_cast<int>(saved->iterations.size());
  ASSERT_GE(done, 1);
  std::string out, err;
  ASSERT_EQ(run_learn({"chess", "--out", run.string(), "--iterations", "1", "--resume"}, out, err),
            0)
      << err;
  // The kill may land between a save's temporary and its rename; the resumed run's save removes
  // what the killed process left, so no temporary file is there to confuse anyone.
  for (const auto& f : fs::directory_iterator(dir))
    EXPECT_TRUE(f.path().filename() == "run.json" || f.path().filename() == "pid") << f.path();
  ASSERT_EQ(run_learn({"chess", "--out", (dir / "whole.json").string(), "--iterations",
                       std::to_string(done + 1), "--games", "4", "--nodes", "300", "--max-plies",
                       "60", "--epochs", "20"},
                      out, err),
            0)
      << err;
  EXPECT_EQ(read_file(run), read_file(dir / "whole.json"));
  fs::remove_all(dir);
}

TEST(ChessElo, TallyCountsEachCheckpointAndOpponent) {
  chess_learning::Run run = *chess_learning::new_run({});
  chess_learning::Iteration it;
  it.games = 10;
  it.params = chess_games::shannon_params();
  run.iterations.push_back(it);
  chess_elo::Settings s;
  s.games = 2;
  s.opponents = {"material", "shannon"};
  ASSERT_TRUE(chess_elo::check(s, run));
  EXPECT_EQ(chess_elo::job_count(s, run), 8);
  // Checkpoint 0 (material) against material: itself; checkpoint 1 (Shannon's) against shannon.
  const auto m = chess_elo::tally(s, run, {"-", "-", "1", "0.5", "0", "1", "-", "-"});
  ASSERT_EQ(m.points.size(), 2u);
  EXPECT_TRUE(m.points[0].itself[0]);
  EXPECT_EQ(m.points[0].scores[1].wins, 1);
  EXPECT_EQ(m.points[0].scores[1].draws, 1);
  EXPECT_EQ(m.points[1].scores[0].losses, 1);
  EXPECT_EQ(m.points[1].selfplay_games, 10);
  EXPECT_TRUE(m.points[1].itself[1]);
  // play_job knows the same: a checkpoint never plays its own table.
  EXPECT_EQ(chess_elo::play_job(s, run, 0), "-");
  EXPECT_EQ(chess_elo::play_job(s, run, 7), "-");
  s.checkpoints = {2};
  EXPECT_FALSE(chess_elo::check(s, run));
}

}  // namespace
}  // namespace minimax::learn
