// The draughts network's learning run (learn/draughts_net.hpp and `minimax learn draughts-net`):
// games that depend only on their seed, positions kept only when quiet, and a run killed with
// kill -9 that goes on to the very networks of a run never stopped.
#include "learn/draughts_net.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "../cli_run.hpp"

namespace minimax::learn::draughts_net {
namespace {

namespace fs = std::filesystem;

std::string file_bytes(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

int learn_command(std::vector<std::string> args, std::string& out, std::string& err) {
  args.insert(args.begin(), "learn");
  const auto r = test::run_cli(args);
  out = r.out;
  err = r.err;
  return r.status;
}

TEST(DraughtsNet, AGameDependsOnlyOnItsSeedAndKeepsQuietPositions) {
  Settings s;
  s.nodes = 500;
  const GameRecord a = play_game(s, nullptr, nullptr, 3, 7);
  const GameRecord b = play_game(s, nullptr, nullptr, 3, 7);
  const GameRecord c = play_game(s, nullptr, nullptr, 3, 8);
  ASSERT_FALSE(a.samples.empty());
  ASSERT_EQ(a.samples.size(), b.samples.size());
  EXPECT_EQ(a.plies, b.plies);
  for (std::size_t i = 0; i < a.samples.size(); ++i) {
    EXPECT_EQ(a.samples[i].black, b.samples[i].black);
    EXPECT_EQ(a.samples[i].score, b.samples[i].score);
  }
  EXPECT_TRUE(a.samples.size() != c.samples.size() || a.samples[0].black != c.samples[0].black ||
              a.samples.back().white != c.samples.back().white);
  for (const Sample& x : a.samples) {
    auto p = draughts::Draughts::from_words(x.black, x.white, x.kings,
                                            x.black_to_move ? draughts::kBlack : draughts::kWhite);
    ASSERT_TRUE(p);
    EXPECT_FALSE(p->has_capture());
    EXPECT_EQ(x.result, x.black_to_move ? a.result : -a.result);
  }
}

TEST(DraughtsNetCli, AKilledRunGoesOnToTheNetworksOfARunNeverStopped) {
  const fs::path dir = fs::temp_directory_path() / "minimax_draughts_net_kill";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::vector<std::string> flags = {
      "--games",  "60", "--chunk",   "5", "--nodes",       "400", "--epochs",    "2",
      "--hidden", "16", "--threads", "1", "--egdb-pieces", "0",   "--max-plies", "120"};
  std::string out, err;
  std::vector<std::string> whole = {"draughts-net", "--dir", (dir / "whole").string(),
                                    "--generations", "2"};
  whole.insert(whole.end(), flags.begin(), flags.end());
  ASSERT_EQ(learn_command(whole, out, err), 0) << err;

  const fs::path killed = dir / "killed";
  std::string cmd = std::string(MINIMAX_BINARY) + " learn draughts-net --dir " + killed.string() +
                    " --generations 2";
  for (const auto& f : flags) cmd += " " + f;
  cmd += " > /dev/null 2>&1 & echo $! > " + (dir / "pid").string();
  ASSERT_EQ(std::system(cmd.c_str()), 0);
  const fs::path some = killed / "data" / "gen-1-3.bin";
  for (int i = 0; i < 600 && !fs::exists(some); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  ASSERT_TRUE(fs::exists(some)) << "no chunk was written in 12 s";
  // A second run on the folder while the first works: one line, and nothing touched.
  EXPECT_EQ(
      learn_command({"draughts-net", "--dir", killed.string(), "--generations", "2"}, out, err), 1);
  EXPECT_NE(err.find("another run is working in"), std::string::npos) << err;
  ASSERT_EQ(std::system(("kill -9 " + file_bytes(dir / "pid")).c_str()), 0);
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_FALSE(fs::exists(killed / "nets" / "gen-2.nnue"));

  ASSERT_EQ(
      learn_command({"draughts-net", "--dir", killed.string(), "--generations", "2"}, out, err), 0)
      << err;
  EXPECT_NE(out.find("going on with the run"), std::string::npos) << out;
  for (const char* f : {"nets/gen-1.nnue", "nets/gen-2.nnue", "nets/gen-2.fnet"})
    EXPECT_EQ(file_bytes(killed / f), file_bytes(dir / "whole" / f)) << f;
  for (const auto& f : fs::recursive_directory_iterator(killed))
    EXPECT_EQ(f.path().filename().string().find(".tmp"), std::string::npos) << f.path();

  // The network's shape belongs to the whole run: a flag that would change it is one line.
  EXPECT_EQ(learn_command({"draughts-net", "--dir", killed.string(), "--hidden", "32"}, out, err),
            1);
  EXPECT_NE(err.find("hidden belongs to the whole run"), std::string::npos) << err;
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
  // The games' settings change from the next generation on, each generation keeping its own; the
  // training reads every generation's chunks however many games each had.
  ASSERT_EQ(learn_command({"draughts-net", "--dir", killed.string(), "--generations", "3",
                           "--nodes", "900", "--games", "7", "--chunk", "5"},
                          out, err),
            0)
      << err;
  EXPECT_NE(out.find("nodes: 400 -> 900 from generation 3"), std::string::npos) << out;
  auto run = load_run(killed.string());
  ASSERT_TRUE(run.ok()) << run.error();
  ASSERT_EQ(run->generations.size(), 3u);
  EXPECT_EQ(run->generations[1].settings.nodes, 400u);
  EXPECT_EQ(run->generations[2].settings.nodes, 900u);
  EXPECT_EQ(run->generations[2].games, 7);
  EXPECT_EQ(run->generations[2].trained_on, run->generations[0].positions +
                                                run->generations[1].positions +
                                                run->generations[2].positions);
  EXPECT_TRUE(fs::exists(killed / "data" / "gen-3-1.bin"));
  EXPECT_FALSE(fs::exists(killed / "data" / "gen-3-2.bin"));
  // A generation whose games have begun is finished with the settings it began with.
  std::ofstream(killed / "data" / "gen-4-0.bin") << "begun";
  EXPECT_EQ(learn_command(
                {"draughts-net", "--dir", killed.string(), "--generations", "4", "--nodes", "1000"},
                out, err),
            1);
  EXPECT_NE(err.find("generation 4 has begun its games with nodes 900"), std::string::npos) << err;
  fs::remove_all(dir);
}

// A run begun from a fitted network: its generation 0 is that network (shape included), and
// generation 1 plays with it; a network of another game's inputs, or a file that is no network,
// is one line.
TEST(DraughtsNetCli, ARunBegunFromANetworkPlaysWithIt) {
  const fs::path dir = fs::temp_directory_path() / "minimax_draughts_net_start";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::vector<std::string> flags = {
      "--games",   "10", "--chunk",       "5", "--nodes",     "300", "--epochs", "1",
      "--threads", "1",  "--egdb-pieces", "0", "--max-plies", "100"};
  std::string out, err;
  std::vector<std::string> first = {"draughts-net", "--dir", (dir / "a").string(), "--hidden",
                                    "32"};
  first.insert(first.end(), flags.begin(), flags.end());
  ASSERT_EQ(learn_command(first, out, err), 0) << err;
  const fs::path start = dir / "a" / "nets" / "gen-1.fnet";
  std::vector<std::string> second = {"draughts-net", "--dir", (dir / "b").string(), "--start",
                                     start.string()};
  second.insert(second.end(), flags.begin(), flags.end());
  ASSERT_EQ(learn_command(second, out, err), 0) << err;
  EXPECT_NE(out.find("the run takes the shape of"), std::string::npos) << out;
  EXPECT_EQ(file_bytes(dir / "b" / "nets" / "gen-0.fnet"), file_bytes(start));
  EXPECT_EQ(file_bytes(dir / "b" / "nets" / "gen-0.nnue"),
            file_bytes(dir / "a" / "nets" / "gen-1.nnue"));
  auto run = load_run((dir / "b").string());
  ASSERT_TRUE(run.ok()) << run.error();
  EXPECT_EQ(run->settings.hidden, 32);
  EXPECT_EQ(run->settings.start, start.string());
  // From the engine's file of the same network: its integers as floats, quantized again to the
  // same file.
  std::vector<std::string> from_nnue = {"draughts-net", "--dir", (dir / "d").string(), "--start",
                                        (dir / "a" / "nets" / "gen-1.nnue").string()};
  from_nnue.insert(from_nnue.end(), flags.begin(), flags.end());
  ASSERT_EQ(learn_command(from_nnue, out, err), 0) << err;
  EXPECT_EQ(file_bytes(dir / "d" / "nets" / "gen-0.nnue"),
            file_bytes(dir / "a" / "nets" / "gen-1.nnue"));
  // What it may not start from.
  std::ofstream(dir / "junk.fnet") << "not a network";
  EXPECT_EQ(learn_command({"draughts-net", "--dir", (dir / "c").string(), "--start",
                           (dir / "junk.fnet").string()},
                          out, err),
            1);
  EXPECT_NE(err.find("junk.fnet: "), std::string::npos) << err;
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
  // The start belongs to the whole run.
  EXPECT_EQ(learn_command({"draughts-net", "--dir", (dir / "b").string(), "--start",
                           (dir / "junk.fnet").string()},
                          out, err),
            1);
  EXPECT_NE(err.find("start belongs to the whole run"), std::string::npos) << err;
  // A fit on the positions of both runs.
  ASSERT_EQ(learn_command({"draughts-fit", (dir / "both.nnue").string(), "--dir",
                           (dir / "a").string(), "--also", (dir / "b").string() + ":1-1",
                           "--hidden", "16", "--epochs", "1", "--threads", "1"},
                          out, err),
            0)
      << err;
  auto a = load_run((dir / "a").string());
  ASSERT_TRUE(a.ok());
  const auto positions = a->generations[0].positions + run->generations[0].positions;
  EXPECT_NE(out.find("on " + std::to_string(positions) + " positions of generations 1 to 1 of "),
            std::string::npos)
      << out;
  EXPECT_TRUE(fs::exists(dir / "both.nnue.fnet"));
  EXPECT_EQ(learn_command({"draughts-fit", (dir / "x.nnue").string(), "--dir", (dir / "a").string(),
                           "--also", (dir / "b").string() + ":1-9"},
                          out, err),
            1);
  EXPECT_NE(err.find("has generations 1 to 1: cannot fit on 1 to 9"), std::string::npos) << err;
  // A network with a second layer, fitted, then the start of a run that plays with it.
  ASSERT_EQ(learn_command({"draughts-fit", (dir / "deep.nnue").string(), "--dir",
                           (dir / "a").string(), "--hidden", "16", "--layer2", "8", "--patterns",
                           "--epochs", "1", "--threads", "1"},
                          out, err),
            0)
      << err;
  EXPECT_NE(out.find("a second layer of 8, patterns"), std::string::npos) << out;
  std::vector<std::string> deep = {"draughts-net", "--dir", (dir / "e").string(), "--start",
                                   (dir / "deep.nnue").string()};
  deep.insert(deep.end(), flags.begin(), flags.end());
  ASSERT_EQ(learn_command(deep, out, err), 0) << err;
  EXPECT_EQ(file_bytes(dir / "e" / "nets" / "gen-0.nnue"), file_bytes(dir / "deep.nnue"));
  auto e = load_run((dir / "e").string());
  ASSERT_TRUE(e.ok()) << e.error();
  EXPECT_EQ(e->settings.layer2, 8);
  EXPECT_TRUE(e->settings.patterns);
  EXPECT_EQ(e->generations[0].games, 10);
  EXPECT_EQ(learn_command({"draughts-fit", (dir / "y.nnue").string(), "--dir", (dir / "a").string(),
                           "--layer2", "12"},
                          out, err),
            2);
  EXPECT_NE(err.find("--layer2"), std::string::npos) << err;
  // The draughts board has no mirror image that keeps a position's worth: one line.
  EXPECT_EQ(learn_command({"draughts-fit", (dir / "z.nnue").string(), "--dir", (dir / "a").string(),
                           "--mirror"},
                          out, err),
            1);
  EXPECT_NE(err.find("has no mirror image"), std::string::npos) << err;
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
  fs::remove_all(dir);
}

TEST(DraughtsNetCli, ADamagedRunIsOneLine) {
  const fs::path dir = fs::temp_directory_path() / "minimax_draughts_net_damaged";
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::ofstream(dir / "run.json") << "{\"settings\": 3";
  std::string out, err;
  EXPECT_EQ(learn_command({"draughts-net", "--dir", dir.string()}, out, err), 1);
  EXPECT_NE(err.find("run.json"), std::string::npos) << err;
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
  fs::remove_all(dir);
}

}  // namespace
}  // namespace minimax::learn::draughts_net
