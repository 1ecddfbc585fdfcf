// The Hub protocol (docs/hub.md): `minimax hub` driven by a small driver written from the
// protocol's text alone (not minimax's client), minimax's client (hub: players) against `minimax
// hub` in a match, and the faults an external engine can have: it dies, it plays an illegal move,
// it answers garbage; each is one line, and the game ends by forfeit with its record saved.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "../cli_run.hpp"
#include "core/child_process.hpp"
#include "games/draughts/draughts.hpp"
#include "games/draughts/hub_notation.hpp"
#include "machines/draughts/hub_engine.hpp"

namespace minimax {
namespace {

namespace fs = std::filesystem;

// The GUI's side as the protocol's text describes it: send a line, read the lines back.
class HubDriver {
 public:
  HubDriver() {
    auto p = ChildProcess::start({MINIMAX_BINARY, "hub"});
    EXPECT_TRUE(p);
    process_ = std::move(*p);
  }
  void send(const std::string& line) { process_->send(line); }
  // Lines up to and including one that starts with `last` (or every line read in 20 s).
  std::vector<std::string> until(const std::string& last) {
    std::vector<std::string> lines;
    std::string line;
    while (process_->read_line(line, 20000)) {
      lines.push_back(line);
      if (line.rfind(last, 0) == 0) break;
    }
    return lines;
  }

 private:
  std::unique_ptr<ChildProcess> process_;
};

TEST(Hub, ASessionAsTheProtocolDescribesIt) {
  HubDriver hub;
  hub.send("hub");
  const auto intro = hub.until("wait");
  ASSERT_FALSE(intro.empty());
  EXPECT_EQ(intro.front().rfind("id name=minimax", 0), 0u) << intro.front();
  EXPECT_EQ(intro.back(), "wait");
  bool variant = false;
  for (const auto& l : intro) variant |= l.rfind("param name=variant value=english", 0) == 0;
  EXPECT_TRUE(variant);
  hub.send("set-param name=Hash value=8");
  hub.send("set-param name=variant value=english");
  hub.send("init");
  EXPECT_EQ(hub.until("ready").back(), "ready");
  hub.send("new-game");
  hub.send("pos start moves=\"11-15 23-19 8-11 22-17\"");
  hub.send("level depth=6");
  hub.send("go think");
  const auto answer = hub.until("done");
  ASSERT_GE(answer.size(), 2u);
  EXPECT_EQ(answer[answer.size() - 2].rfind("info depth=", 0), 0u) << answer[0];
  const std::string& done = answer.back();
  ASSERT_EQ(done.rfind("done move=", 0), 0u) << done;
  draughts::Draughts p;
  for (const char* m : {"11-15", "23-19", "8-11", "22-17"}) p.play(*draughts::parse_hub_move(p, m));
  const auto space = done.find(' ', 10);
  EXPECT_TRUE(draughts::parse_hub_move(p, done.substr(10, space - 10))) << done;
  hub.send("ping");
  EXPECT_EQ(hub.until("pong").back(), "pong");
  // A search stopped early still answers with a move; a command sent right after `stop` waits
  // for it instead of being refused.
  hub.send("pos start");
  hub.send("go analyze");
  hub.send("stop");
  hub.send("pos start moves=\"9-13\"");
  hub.send("ping");
  const auto stopped = hub.until("pong");
  ASSERT_GE(stopped.size(), 2u);
  EXPECT_EQ(stopped[stopped.size() - 2].rfind("done move=", 0), 0u) << stopped[0];
  for (const auto& l : stopped) EXPECT_EQ(l.rfind("error", 0), std::string::npos) << l;
  hub.send("quit");
}

// The protocol text's own example session, written for 10x10 (the variant frisian, Scan's book
// parameter, a position of 50 squares): each of those is refused in one line, and the same session
// in English draughts plays. The GUI waits for `done` after `go think`, and stops the ponder search
// before its next game.
TEST(Hub, TheProtocolsExampleSession) {
  const std::string start = "B" + std::string(12, 'b') + std::string(8, 'e') + std::string(12, 'w');
  HubDriver hub;
  hub.send("hub");
  EXPECT_EQ(hub.until("wait").back(), "wait");
  hub.send("set-param name=variant value=frisian");
  hub.send("set-param name=book value=false");
  hub.send("init");
  const auto init = hub.until("ready");
  ASSERT_EQ(init.size(), 3u);
  EXPECT_NE(init[0].find("english"), std::string::npos) << init[0];
  EXPECT_NE(init[1].find("book"), std::string::npos) << init[1];
  hub.send("pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww");
  hub.send("pos pos=" + start);
  hub.send("level move-time=0.1");
  hub.send("go think");
  const auto first = hub.until("done");
  ASSERT_GE(first.size(), 3u);
  EXPECT_EQ(first[0].rfind("error bad Hub position", 0), 0u) << first[0];
  hub.send("new-game");
  hub.send("pos pos=" + start + " moves=\"11-15 23-19 8-11 22-17\"");
  hub.send("level moves=9 time=0.5");
  hub.send("go ponder");
  hub.send("ping");
  EXPECT_EQ(hub.until("pong").back(), "pong");
  hub.send("stop");
  const auto pondered = hub.until("done");
  draughts::Draughts p;
  for (const char* m : {"11-15", "23-19", "8-11", "22-17"}) p.play(*draughts::parse_hub_move(p, m));
  const std::string& done = pondered.back();
  EXPECT_TRUE(draughts::parse_hub_move(p, done.substr(10, done.find(' ', 10) - 10))) << done;
  hub.send("new-game");
  hub.send("ping");
  EXPECT_EQ(hub.until("pong"), std::vector<std::string>{"pong"});
  hub.send("quit");
}

TEST(Hub, MalformedLinesGetOneErrorLineEachAndTheEngineGoesOn) {
  HubDriver hub;
  hub.send("hub");
  hub.until("wait");
  hub.send("init");
  hub.until("ready");
  const std::vector<std::string> bad = {
      "fly to the moon",
      "pos pos=Bbbb",
      "pos start moves=\"11-15 11-15\"",
      "pos start moves=\"11-15",
      "level move-time=soon",
      "level hurry=1",
      "set-param name=Hash value=huge",
      "set-param name=Nonsense value=1",
      "set-param name=variant value=international",
      "set-param value=3",
      "ponder-hit",
  };
  for (const auto& line : bad) {
    hub.send(line);
    hub.send("ping");
    const auto lines = hub.until("pong");
    ASSERT_EQ(lines.size(), 2u) << line;
    EXPECT_EQ(lines[0].rfind("error ", 0), 0u) << line << " -> " << lines[0];
  }
  hub.send("pos start");
  hub.send("level nodes=3000");
  hub.send("go think");
  EXPECT_EQ(hub.until("done").back().rfind("done move=", 0), 0u);
  hub.send("quit");
}

int run(const std::vector<std::string>& args, std::string& out, std::string& err) {
  const auto r = test::run_cli(args);
  out = r.out;
  err = r.err;
  return r.status;
}

TEST(HubEngine, TheClientPlaysAMatchAgainstMinimaxHub) {
  const fs::path pdn = fs::temp_directory_path() / "minimax_hub_match.pdn";
  fs::remove(pdn);
  std::string out, err;
  ASSERT_EQ(
      run({"match", "engine", std::string("hub:") + MINIMAX_BINARY + " hub", "--game", "draughts",
           "--games", "2", "--nodes", "3000", "--openings", "ballots", "--pgn", pdn.string()},
          out, err),
      0)
      << err;
  EXPECT_NE(out.find("game 2: hub - engine"), std::string::npos) << out;
  EXPECT_EQ(out.find("forfeit"), std::string::npos) << out;
  std::ifstream in(pdn);
  std::stringstream read;
  read << in.rdbuf();
  const std::string games = read.str();
  EXPECT_EQ(std::count(games.begin(), games.end(), '\n') > 10, true) << games;
  EXPECT_NE(games.find("[Termination"), games.rfind("[Termination")) << games;
  fs::remove(pdn);
}

// A Hub engine as a shell script: it answers the handshake, then what `on_go` says.
std::string script_engine(const fs::path& dir, const std::string& name, const std::string& on_go) {
  const fs::path path = dir / name;
  std::ofstream(path) << "#!/bin/sh\n"
                         "while read line; do\n"
                         "  case \"$line\" in\n"
                         "    hub) echo 'id name=faulty'; echo wait ;;\n"
                         "    init) echo ready ;;\n"
                         "    ping) echo pong ;;\n"
                         "    go*) "
                      << on_go
                      << " ;;\n"
                         "    quit) exit 0 ;;\n"
                         "  esac\n"
                         "done\n";
  fs::permissions(path, fs::perms::owner_all);
  return "hub:" + path.string();
}

TEST(HubEngine, AFaultyEngineIsOneLineAndTheGameIsSaved) {
  const fs::path dir = fs::temp_directory_path() / "minimax_hub_faults";
  fs::remove_all(dir);
  fs::create_directories(dir);
  struct Case {
    std::string name, on_go, expected;
  } cases[] = {
      {"dies.sh", "exit 3", "died (exit status 3)"},
      {"illegal.sh", "echo 'done move=1-5'", "played an illegal move 1-5"},
      {"garbage.sh", "echo 'done please'", "not a move"},
  };
  for (const auto& c : cases) {
    const fs::path pdn = dir / (c.name + ".pdn");
    std::string out, err;
    const int rc = run({"match", script_engine(dir, c.name, c.on_go), "engine", "--game",
                        "draughts", "--games", "1", "--nodes", "1000", "--pgn", pdn.string()},
                       out, err);
    EXPECT_EQ(rc, 0) << err;
    EXPECT_NE(out.find(c.expected), std::string::npos) << c.name << ": " << out;
    EXPECT_NE(out.find("forfeits (a machine that could not move): 1"), std::string::npos) << out;
    EXPECT_TRUE(fs::exists(pdn)) << c.name;
  }
  std::string out, err;
  EXPECT_NE(run({"match", "hub:/no/such/engine", "engine", "--game", "draughts"}, out, err), 0);
  EXPECT_NE(err.find("cannot start Hub engine '/no/such/engine'"), std::string::npos) << err;
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
  fs::remove_all(dir);
}

}  // namespace
}  // namespace minimax
