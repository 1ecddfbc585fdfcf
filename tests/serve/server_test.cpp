// The JSON API of `minimax serve` (src/serve): a server on a free port in this process, asked
// over HTTP. Bad input gets one clear JSON error and the server goes on serving; a connection
// closed mid-game loses nothing; games are played to their end through the one game loop and
// saved as the terminal saves them.
#include "serve/server.hpp"

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <httplib.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "cli/commands.hpp"

namespace minimax {
namespace {

using Json = nlohmann::json;
namespace fs = std::filesystem;

class ServeApi : public ::testing::Test {
 protected:
  void SetUp() override {
    serve::ServeOptions o;
    o.port = 0;
    o.web_dir = "";  // the API only
    server_ = std::make_unique<serve::Server>(o);
    auto port = server_->bind();
    ASSERT_TRUE(port) << port.error();
    port_ = *port;
    thread_ = std::thread([this] { server_->run(); });
    client_ = std::make_unique<httplib::Client>("127.0.0.1", port_);
    client_->set_read_timeout(30, 0);
  }
  void TearDown() override {
    server_->stop();
    if (thread_.joinable()) thread_.join();
  }

  // Status and body of a request.
  std::pair<int, Json> post(const std::string& path, const std::string& body) {
    auto r = client_->Post(path.c_str(), body, "application/json");
    if (!r) return {0, Json()};
    return {r->status, Json::parse(r->body, nullptr, false)};
  }
  std::pair<int, Json> get(const std::string& path) {
    auto r = client_->Get(path.c_str());
    if (!r) return {0, Json()};
    return {r->status, Json::parse(r->body, nullptr, false)};
  }
  // Waits until the game's status is `status` (a person's turn, or over).
  Json wait_for(const std::string& id, const std::string& status) {
    Json s = get("/api/games/" + id).second;
    for (int i = 0; i < 100 && s["status"] != status; ++i)
      s = get("/api/games/" + id + "?since=" + std::to_string(s["version"].get<int>()) + "&wait=5")
              .second;
    return s;
  }

  std::unique_ptr<serve::Server> server_;
  std::unique_ptr<httplib::Client> client_;
  std::thread thread_;
  int port_ = 0;
};

std::string read_file(const std::string& path) {
  std::ifstream f(path);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

TEST_F(ServeApi, BadInputGetsOneClearErrorAndTheServerGoesOn) {
  auto [st1, bad_fen] =
      post("/api/games", R"({"game":"chess","players":["human","random"],"fen":"8/8/9 w"})");
  EXPECT_EQ(st1, 400);
  EXPECT_EQ(bad_fen["error"].get<std::string>().rfind("bad FEN: ", 0), 0u) << bad_fen.dump();

  auto [st2, unknown] = post("/api/games", R"({"game":"chess","players":["human","deep-blue"]})");
  EXPECT_EQ(st2, 400);
  EXPECT_NE(unknown["error"].get<std::string>().find("unknown chess machine 'deep-blue'"),
            std::string::npos)
      << unknown.dump();

  auto [st3, bad_option] =
      post("/api/games", R"({"game":"chess","players":["human","shannon-a:Depth=99"]})");
  EXPECT_EQ(st3, 400);
  EXPECT_NE(bad_option["error"].get<std::string>().find("Depth"), std::string::npos);

  auto [st4, no_game] = get("/api/games/g999");
  EXPECT_EQ(st4, 404);
  EXPECT_EQ(no_game["error"], "no game 'g999'");
  EXPECT_EQ(post("/api/games/g999", R"({"move":"e4"})").first, 404);

  auto [st5, not_json] = post("/api/games", "{\"game\": ");
  EXPECT_EQ(st5, 400);
  EXPECT_EQ(not_json["error"], "the request body must be a JSON object");

  auto [st6, unknown_game] = post("/api/games", R"({"game":"go","players":["human","random"]})");
  EXPECT_EQ(st6, 400);
  EXPECT_EQ(unknown_game["error"], "unknown game 'go' (games: chess, draughts, nim, tictactoe)");

  EXPECT_EQ(post("/api/games", R"({"game":"chess","players":["human","uci:/bin/sh"]})").first, 400);
  EXPECT_EQ(get("/api/nothing-here").first, 404);
  EXPECT_EQ(get("/api/turochamp?fen=xyz").first, 400);
  EXPECT_EQ(post("/api/solve", R"({"fen":"8/8/8/8/8/8/8/8 w - - 0 1","stipulation":"#x"})").first,
            400);

  // A game goes on through bad moves.
  auto [st7, game] = post("/api/games", R"({"game":"chess","players":["human","random"]})");
  ASSERT_EQ(st7, 201) << game.dump();
  const std::string id = game["id"];
  wait_for(id, "your-move");
  auto [st8, malformed] = post("/api/games/" + id, R"({"move":"e9e4"})");
  EXPECT_EQ(st8, 409);
  EXPECT_EQ(malformed["error"],
            "malformed move 'e9e4': not UCI (e2e4), SAN (Nf3) or descriptive notation (P-K4)");
  auto [st9, illegal] = post("/api/games/" + id, R"({"move":"Ke2"})");
  EXPECT_EQ(st9, 409);
  EXPECT_EQ(illegal["error"], "illegal: 'Ke2': no white king can move to e2");
  // A request that names no action, or a field that is not one, is the request's fault (400),
  // naming the field; a move that the game refuses is a conflict with its state (409).
  auto [st_type, wrong_type] = post("/api/games/" + id, R"({"move":7})");
  EXPECT_EQ(st_type, 400);
  EXPECT_EQ(wrong_type["error"], "'move' must be a string");
  auto [st_field, wrong_field] = post("/api/games/" + id, R"({"dance":true})");
  EXPECT_EQ(st_field, 400);
  EXPECT_EQ(wrong_field["error"], "unknown field 'dance' (a request names a move, undo or resign)");
  auto [st_empty, empty] = post("/api/games/" + id, "{}");
  EXPECT_EQ(st_empty, 400);
  EXPECT_EQ(empty["error"], "a request names a move, undo or resign");
  EXPECT_EQ(post("/api/games/" + id, R"({"resign":"yes"})").second["error"],
            "'resign' must be true or false");
  auto [st_none, none] = post("/api/games/" + id, "");
  EXPECT_EQ(st_none, 400);
  EXPECT_EQ(none["error"], "missing body (a JSON object)");
  auto [st_big, big] = post("/api/games/" + id, "{\"move\":\"" + std::string(2 << 20, 'a') + "\"}");
  EXPECT_EQ(st_big, 413);
  EXPECT_EQ(big["error"], "body too large (at most 1 MiB)");
  auto [st10, ok] = post("/api/games/" + id, R"({"move":"e4"})");
  EXPECT_EQ(st10, 200);
  EXPECT_EQ(ok["ok"], true);
  const Json s = wait_for(id, "your-move");
  ASSERT_EQ(s["moves"].size(), 2u);
  EXPECT_EQ(s["moves"][0]["text"], "e4");
  EXPECT_EQ(s["moves"][1]["thought"]["explanation"].get<std::string>().find("drawn at random") !=
                std::string::npos,
            true);
}

// Found by make fuzz (fuzz_serve): a path whose bytes are not UTF-8 once decoded ended the whole
// server, as the JSON error quoting it could not be written.
TEST_F(ServeApi, BytesThatAreNotUtf8InARequestGetAnErrorAndTheServerGoesOn) {
  auto [st1, path] = get("/api/PPPPPPRP/NBQKBNR%20w%16KQkq%20-%200%A201");
  EXPECT_EQ(st1, 404);
  EXPECT_TRUE(path["error"].is_string()) << path.dump();
  auto [st2, fen] = get("/api/turochamp?fen=%FF%FE");
  EXPECT_EQ(st2, 400);
  EXPECT_TRUE(fen["error"].is_string()) << fen.dump();
  // Found by make fuzz too: a path with a line break made a two-line error.
  auto [st4, lines] = get("/api/turoch%0aamp");
  EXPECT_EQ(st4, 404);
  EXPECT_EQ(lines["error"], "no such request: GET /api/turoch?amp");
  auto [st3, body] = post("/api/games", "{\"game\":\"chess\",\"players\":[\"human\",\"\xff\"]}");
  EXPECT_EQ(st3, 400);
  EXPECT_EQ(get("/api/machines").first, 200);
}

// Issue 13, step 4: Turing's games replayed with his printed values and TUROCHAMP's own.
TEST_F(ServeApi, TuringsGamesReplayWithThePrintedAndTheMachinesValues) {
  auto [st, list] = get("/api/records");
  ASSERT_EQ(st, 200);
  ASSERT_EQ(list.size(), 4u);
  EXPECT_EQ(list[0]["id"], "turing-1");
  auto [st1, g1] = get("/api/records/turing-1");
  ASSERT_EQ(st1, 200) << g1.dump();
  const Json& plies = g1["plies"];
  ASSERT_EQ(plies.size(), 58u);  // 29. B-K3, R-R8 mate
  EXPECT_EQ(plies[0]["san"], "e4");
  EXPECT_DOUBLE_EQ(plies[0]["printed"].get<double>(), 4.2);
  EXPECT_DOUBLE_EQ(plies[0]["ours"].get<double>(), 4.2);
  EXPECT_TRUE(plies[0]["asterisk"].get<bool>());
  EXPECT_EQ(plies[0]["choice"], "e3");  // docs/turochamp.md: the rules prefer P-K3 (4.4)
  EXPECT_FALSE(plies[0]["same"].get<bool>());
  // 4. Kt-KB3 2.0, with note 1's B-Q2 3.6 printed beside it.
  EXPECT_EQ(plies[6]["san"], "Nf3");
  EXPECT_DOUBLE_EQ(plies[6]["printed"].get<double>(), 2.0);
  ASSERT_EQ(plies[6]["others"].size(), 1u);
  EXPECT_EQ(plies[6]["others"][0]["san"], "Bd2");
  EXPECT_DOUBLE_EQ(plies[6]["others"][0]["printed"].get<double>(), 3.6);
  EXPECT_NE(plies[6]["notes"][0].get<std::string>().find("note 1"), std::string::npos);
  EXPECT_EQ(plies[57]["san"], "Ra1#");
  EXPECT_FALSE(plies[11].contains("printed")) << "6...Kt-Q5 is Black's: no value";
  EXPECT_TRUE(plies[10]["printed"].is_number()) << "6. P-Q5 0.2";
  EXPECT_TRUE(plies[8].contains("printed") && plies[8]["printed"].is_number());  // 5. B-Q2 3.6
  EXPECT_TRUE(plies[22]["printed"].is_null()) << "12. P x P: nothing printed";
  // Strachey's game (Bowden 1953) and Nealey v Samuel's program (Michie 1966): the machine's moves
  // against the machines here, as tests/machines/draughts count them.
  for (const auto& [id, plies_n, machine_n, same_n] :
       std::vector<std::tuple<std::string, int, int, int>>{{"strachey", 67, 34, 33},
                                                           {"nealey-samuel", 30, 15, 6}}) {
    auto [s, r] = get("/api/records/" + id);
    ASSERT_EQ(s, 200) << r.dump();
    ASSERT_EQ(r["plies"].size(), static_cast<std::size_t>(plies_n)) << id;
    int machine = 0, same = 0;
    for (const auto& p : r["plies"])
      if (p.contains("same")) {
        ++machine;
        same += p["same"].get<bool>();
      }
    EXPECT_EQ(machine, machine_n) << id;
    EXPECT_EQ(same, same_n) << id;
  }
  auto [st2, missing] = get("/api/records/turing-9");
  EXPECT_EQ(st2, 404);
  EXPECT_EQ(missing["error"],
            "no record 'turing-9' (records: turing-1, turing-2, strachey, nealey-samuel)");
  auto [st3, g2] = get("/api/records/turing-2");
  ASSERT_EQ(st3, 200);
  EXPECT_EQ(g2["plies"].size(), 58u);  // Game 2 as transcribed, 29 moves
  // 3. P-Q4 2.6* in Bowden's print (Game 1 prints 3.1* for it); the rules give 2.6.
  EXPECT_EQ(g2["plies"][4]["san"], "d4");
  EXPECT_DOUBLE_EQ(g2["plies"][4]["printed"].get<double>(), 2.6);
  EXPECT_TRUE(g2["plies"][4]["asterisk"].get<bool>());
  EXPECT_DOUBLE_EQ(g2["plies"][4]["ours"].get<double>(), 2.6);
  EXPECT_EQ(g2["plies"][30]["notes"][0], "Bowden's note 5: Heads in the sand!");  // 16. R-Kt5
}

// Issue 13, step 5: a round robin played by the server and watched: results, crosstable, Elo.
TEST_F(ServeApi, AWatchedRoundRobinReportsEveryGameAndTheRatings) {
  auto [st, w] =
      post("/api/watch", R"({"players":["random","shannon-a:Depth=1","random:Seed=3"],"games":2,)"
                         R"("movetime_ms":5})");
  ASSERT_EQ(st, 201) << w.dump();
  const std::string id = w["id"];
  EXPECT_EQ(w["games_total"], 6);
  Json s = w;
  for (int i = 0; i < 600 && s["running"].get<bool>(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    s = get("/api/watch/" + id).second;
  }
  ASSERT_FALSE(s["running"].get<bool>()) << s.dump();
  EXPECT_TRUE(s["error"].is_null()) << s.dump();
  ASSERT_EQ(s["results"].size(), 6u);
  double total = 0;
  for (const auto& row : s["table"])
    for (const auto& v : row)
      if (!v.is_null()) total += v.get<double>();
  EXPECT_DOUBLE_EQ(total, 6.0) << "every game's point counted once";
  ASSERT_EQ(s["elo"].size(), 3u);
  EXPECT_EQ(s["elo"][1]["name"], "shannon-a:Depth=1");
  EXPECT_EQ(s["elo"][1]["games"], 4);
  EXPECT_TRUE(s["svg"].is_string());
  EXPECT_TRUE(s["board"]["fen"].is_string());

  auto [st2, unknown] = post("/api/watch", R"({"players":["random","nobody"]})");
  EXPECT_EQ(st2, 400);
  EXPECT_NE(unknown["error"].get<std::string>().find("unknown chess machine 'nobody'"),
            std::string::npos);
  EXPECT_EQ(post("/api/watch", R"({"players":["random"]})").first, 400);
  EXPECT_EQ(post("/api/watch", R"({"players":["random","uci:/bin/sh"]})").first, 400);
  EXPECT_EQ(post("/api/watch", R"({"players":["random","random"],"games":0})").first, 400);
  EXPECT_EQ(get("/api/watch/w999").first, 404);
  auto [st3, plots] = get("/api/plots");
  ASSERT_EQ(st3, 200);
  bool learning = false;
  for (const auto& p : plots) learning |= p["name"] == "learning-chess-elo.svg";
  EXPECT_TRUE(learning) << plots.dump();
  EXPECT_EQ(get("/api/plots/nothing.svg").first, 404);
  EXPECT_EQ(get("/api/machines").first, 200);
}

TEST_F(ServeApi, NoughtsAndCrossesAgainstPerfectToTheEndIsSaved) {
  auto [st, game] = post("/api/games", R"({"game":"tictactoe","players":["human","perfect"]})");
  ASSERT_EQ(st, 201) << game.dump();
  const std::string id = game["id"];
  Json s = wait_for(id, "your-move");
  while (s["status"] == "your-move") {
    // The first legal square each turn: no match for the perfect player.
    ASSERT_EQ(post("/api/games/" + id, Json{{"move", s["legal"][0]}}.dump()).first, 200);
    s = get("/api/games/" + id + "?since=" + std::to_string(s["version"].get<int>())).second;
    while (s["status"] != "your-move" && s["status"] != "over")
      s = get("/api/games/" + id + "?since=" + std::to_string(s["version"].get<int>())).second;
  }
  ASSERT_EQ(s["status"], "over");
  EXPECT_NE(s["result"], "1-0");  // perfect play never loses
  const std::string path = s["record"]["path"];
  ASSERT_TRUE(fs::exists(path)) << path;
  EXPECT_EQ(read_file(path), s["record"]["text"].get<std::string>());
  EXPECT_NE(read_file(path).find("result: " + s["result"].get<std::string>()), std::string::npos);
  // Moves after the end are refused.
  EXPECT_EQ(post("/api/games/" + id, R"({"move":"5"})").first, 409);
}

// A connection dropped half-way through a request, and a long poll left hanging: the game and
// the server carry on, and the record keeps every move.
TEST_F(ServeApi, AClosedConnectionMidGameLosesNothing) {
  auto [st, game] = post("/api/games", R"({"game":"chess","players":["human","random"]})");
  ASSERT_EQ(st, 201);
  const std::string id = game["id"];
  wait_for(id, "your-move");
  ASSERT_EQ(post("/api/games/" + id, R"({"move":"d4"})").first, 200);
  const Json s = wait_for(id, "your-move");
  for (const std::string& half :
       {"POST /api/games/" + id + " HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"mo",
        "GET /api/games/" + id + "?since=" + std::to_string(s["version"].get<int>()) +
            "&wait=20 HTTP/1.1\r\nHost: x\r\n\r\n"}) {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    ASSERT_GE(fd, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<std::uint16_t>(port_));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ASSERT_EQ(::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a), 0);
    ASSERT_GT(::send(fd, half.data(), half.size(), 0), 0);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    ::close(fd);
  }
  ASSERT_EQ(post("/api/games/" + id, R"({"move":"c4"})").first, 200);
  const Json after = wait_for(id, "your-move");
  ASSERT_EQ(after["moves"].size(), 4u);
  const std::string path = after["record"]["path"];
  const std::string pgn = read_file(path);
  EXPECT_NE(pgn.find("1. d4 "), std::string::npos) << pgn;
  EXPECT_NE(pgn.find(" 2. c4 "), std::string::npos) << pgn;
  // Stopping the server leaves the game saved as it stands, unfinished.
  server_->stop();
  thread_.join();
  const std::string saved = read_file(path);
  EXPECT_NE(saved.find("[Result \"*\"]"), std::string::npos) << saved;
  EXPECT_NE(saved.find("2. c4 "), std::string::npos) << saved;
}

TEST_F(ServeApi, UndoGoesBackToThePersonsTurn) {
  auto [st, game] = post("/api/games", R"({"game":"chess","players":["human","random"]})");
  ASSERT_EQ(st, 201);
  const std::string id = game["id"];
  wait_for(id, "your-move");
  EXPECT_EQ(post("/api/games/" + id, R"({"undo":true})").second["error"], "nothing to undo");
  ASSERT_EQ(post("/api/games/" + id, R"({"move":"Nf3"})").first, 200);
  Json s = wait_for(id, "your-move");
  while (s["moves"].size() != 2u) s = wait_for(id, "your-move");
  ASSERT_EQ(post("/api/games/" + id, R"({"undo":true})").first, 200);
  s = get("/api/games/" + id + "?since=" + std::to_string(s["version"].get<int>())).second;
  while (s["moves"].size() != 0u)
    s = get("/api/games/" + id + "?since=" + std::to_string(s["version"].get<int>())).second;
  EXPECT_EQ(s["position"]["fen"], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
}

// A person whose clock runs out loses at that moment, without moving (the state says so within
// a second of the flag fall), and the record is saved with the result.
TEST_F(ServeApi, APersonsClockFlagsWhenItRunsOut) {
  auto [st, game] = post("/api/games", R"({"game":"draughts","players":["human","random"],
                                           "clock":{"base_ms":1000,"increment_ms":0}})");
  ASSERT_EQ(st, 201) << game.dump();
  const std::string id = game["id"];
  const auto started = std::chrono::steady_clock::now();
  const Json s = wait_for(id, "over");
  const auto waited = std::chrono::steady_clock::now() - started;
  ASSERT_EQ(s["status"], "over");
  EXPECT_EQ(s["result"], "0-1");
  EXPECT_EQ(s["reason"], "you lost on time");
  EXPECT_TRUE(s["moves"].empty());
  EXPECT_LT(waited, std::chrono::seconds(10));  // not at a move that never comes
  const std::string path = s["record"]["path"];
  EXPECT_NE(read_file(path).find("0-1"), std::string::npos);
}

// The thinking of a machine that searches by iterations (the engines; Shannon's types when they
// deepen) reaches the page while it searches: the state carries its depth, score, nodes and line
// before its move is made.
TEST_F(ServeApi, TheEnginesThinkingIsInTheStateBeforeItsMove) {
  for (const char* request :
       {R"({"game":"chess","players":["engine","human"],"movetime_ms":3000})",
        R"({"game":"draughts","players":["engine:EGDB Pieces=0","human"],"movetime_ms":3000})",
        R"({"game":"chess","players":["shannon-a:Deepen=true","human"],"movetime_ms":3000})"}) {
    auto [st, game] = post("/api/games", request);
    ASSERT_EQ(st, 201) << game.dump();
    const std::string id = game["id"];
    Json s = get("/api/games/" + id).second;
    Json thinking;
    for (int i = 0; i < 100 && s["moves"].empty(); ++i) {
      if (s.contains("thinking")) thinking = s["thinking"];
      if (!thinking.is_null() && thinking["depth"].get<int>() >= 3) break;
      s = get("/api/games/" + id + "?since=" + std::to_string(s["version"].get<int>()) + "&wait=5")
              .second;
    }
    ASSERT_FALSE(thinking.is_null()) << request;
    EXPECT_TRUE(s["moves"].empty()) << "the thinking came only with the move";
    EXPECT_EQ(thinking["side"], 0);
    EXPECT_GE(thinking["depth"].get<int>(), 1);
    EXPECT_GT(thinking["nodes"].get<long>(), 0);
    EXPECT_TRUE(thinking.contains("score"));
    EXPECT_FALSE(thinking["line"].empty());
    EXPECT_EQ(post("/api/games/" + id + "/stop", "").first, 200);
  }
}

TEST_F(ServeApi, TreesProblemsAndTurochampComeFromTheCpp) {
  // Shannon's fig. 2: the value 3 by minimax; alpha-beta searches fewer nodes to the same value.
  auto [s1, mm] = post("/api/tree", R"({"game":"file","name":"shannon_fig2"})");
  auto [s2, ab] = post("/api/tree", R"({"game":"file","name":"shannon_fig2","alphabeta":true})");
  ASSERT_EQ(s1, 200);
  ASSERT_EQ(s2, 200);
  EXPECT_EQ(mm["value"], ab["value"]);
  EXPECT_LT(ab["searched"].get<int>(), mm["searched"].get<int>());
  EXPECT_NE(ab["svg"].get<std::string>().find("pruned"), std::string::npos);
  auto [s3, sol] = post(
      "/api/solve",
      R"({"fen":"r1b2k1r/ppp1bppp/8/1B1Q4/5q2/2P5/PPP2PPP/R3R1K1 w - - 1 1","stipulation":"#2"})");
  ASSERT_EQ(s3, 200);
  EXPECT_EQ(sol["keys"][0]["key"], "Qd5-d8");
  auto [s4, t] =
      get("/api/turochamp?fen=rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR%20w%20KQkq%20-%200%201");
  ASSERT_EQ(s4, 200) << t.dump();
  EXPECT_EQ(t["candidates"].size(), 20u);
  // Turing 1953, Game 1: the paper machine's first move P-K4 (e4) with the position-play
  // increase 4.2 printed beside it; TUROCHAMP finds the same 4.2 for e4 but plays e3 (+4.4),
  // as docs/turochamp.md explains.
  for (const auto& c : t["candidates"]) {
    if (c["move"] == "e4") {
      EXPECT_DOUBLE_EQ(c["gain"].get<double>(), 4.2);
    }
    if (c["move"] == "e3") {
      EXPECT_DOUBLE_EQ(c["gain"].get<double>(), 4.4);
      EXPECT_TRUE(c["chosen"].get<bool>());
    }
  }
  EXPECT_EQ(t["move"], "e3");
}

TEST(ServeCli, ListensOnLoopbackUnlessTold) {
  std::istringstream in;
  std::ostringstream out, err;
  const std::vector<std::string> args = {"serve", "--port", "0", "--check"};
  EXPECT_EQ(cli::run_main(args, in, out, err), 0) << err.str();
  EXPECT_EQ(out.str().rfind("minimax serve: http://127.0.0.1:", 0), 0u) << out.str();
  std::ostringstream out2, err2;
  const std::vector<std::string> bad = {"serve", "--host", "a b"};
  EXPECT_EQ(cli::run_main(bad, in, out2, err2), 2);
  EXPECT_EQ(err2.str(), "minimax serve: --host 'a b' is not an address\n");
}

// The HTTP server is the module minimax_http.so (serve/http.hpp): without it, `minimax serve` says
// so in one line naming the path and exits with status 2; no other command needs it, and the
// executable links neither cpp-httplib nor MPI (each loads with its command only).
TEST(ServeCli, WithoutItsModuleSaysSoInOneLine) {
  const fs::path dir = fs::temp_directory_path() / "minimax_serve_no_module";
  fs::create_directories(dir);
  const std::string missing = (dir / "nowhere" / "minimax_http.so").string();
  const std::string bin = MINIMAX_BINARY;
  const int rc =
      std::system(("MINIMAX_HTTP_MODULE=" + missing + " " + bin + " serve --port 0 --check > " +
                   (dir / "out.txt").string() + " 2> " + (dir / "err.txt").string())
                      .c_str());
  ASSERT_TRUE(WIFEXITED(rc));
  EXPECT_EQ(WEXITSTATUS(rc), 2);
  const std::string err = read_file((dir / "err.txt").string());
  EXPECT_EQ(err.rfind("minimax serve: cannot load minimax_http.so: " + missing + ": ", 0), 0u)
      << err;
  EXPECT_NE(err.find("MINIMAX_HTTP_MODULE"), std::string::npos) << err;
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
  EXPECT_EQ(read_file((dir / "out.txt").string()), "");
  // Other commands do not look for it.
  EXPECT_EQ(std::system(("MINIMAX_HTTP_MODULE=" + missing + " " + bin +
                         " perft startpos 2 > /dev/null 2>&1")
                            .c_str()),
            0);
  fs::remove_all(dir);
}

TEST(ServeCli, TheExecutableLinksNeitherHttplibNorMpi) {
  if (std::system("command -v ldd > /dev/null 2>&1") != 0) GTEST_SKIP() << "no ldd here";
  const std::string bin = MINIMAX_BINARY;
  // grep finds none of them: status 1.
  const int rc = std::system(
      ("ldd " + bin + " | grep -E 'httplib|libssl|libcrypto|libmpi|open-pal' >&2").c_str());
  ASSERT_TRUE(WIFEXITED(rc));
  EXPECT_EQ(WEXITSTATUS(rc), 1);
}

}  // namespace
}  // namespace minimax
