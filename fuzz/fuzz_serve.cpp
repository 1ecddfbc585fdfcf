// `minimax serve`'s JSON API through the real server on a loopback socket: any request (a method,
// a path with its query, a body) gets an answer, an error is one line of JSON ({"error": ...}) and
// the server goes on serving. Input: "METHOD PATH\nBODY", METHOD one of GET and POST.
#include <httplib.h>

#include <memory>
#include <thread>

#include "fuzz_common.hpp"
#include "serve/server.hpp"

using namespace minimax;

namespace {

struct Running {
  std::unique_ptr<serve::Server> server;
  std::thread thread;
  int port = 0;
  Running() {
    server = std::make_unique<serve::Server>(
        serve::ServeOptions{.host = "127.0.0.1", .port = 0, .web_dir = "", .records = false});
    auto bound = server->bind();
    if (!bound) fuzz::fail("cannot bind: " + bound.error());
    port = *bound;
    thread = std::thread([this] { server->run(); });
  }
  ~Running() {
    server->stop();
    thread.join();
  }
};

Running& running() {
  static Running r;
  return r;
}

// Stops every game a request started, so that machines do not play on between inputs.
void stop_games(httplib::Client& client) {
  auto list = client.Get("/api/games");
  fuzz::require(list && list->status == 200, "GET /api/games failed after a request");
  auto games = serve::Json::parse(list->body, nullptr, false);
  fuzz::require(games.is_array(), "GET /api/games is not a list");
  for (const auto& g : games)
    if (g.contains("id") && g["id"].is_string() && !g["over"].get<bool>())
      client.Post("/api/games/" + g["id"].get<std::string>() + "/stop", "", "application/json");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Running& r = running();
  const auto [head, body] = fuzz::first_line(fuzz::text_of(data, size));
  const auto space = head.find(' ');
  if (space == std::string_view::npos) return 0;
  const std::string method(head.substr(0, space));
  std::string path(head.substr(space + 1));
  if (path.empty() || path[0] != '/' || path.size() > 512) return 0;
  for (char c : path)
    if (static_cast<unsigned char>(c) <= ' ' || static_cast<unsigned char>(c) >= 127) return 0;
  // Long polls wait at most a second here.
  if (path.find("wait=") == std::string::npos && path.find("since=") != std::string::npos)
    path += "&wait=0";

  httplib::Client client("127.0.0.1", r.port);
  client.set_read_timeout(60, 0);
  if (method != "GET" && method != "POST") return 0;
  httplib::Result res =
      method == "GET" ? client.Get(path) : client.Post(path, std::string(body), "application/json");
  fuzz::require(static_cast<bool>(res), "no answer to " + method + " " + path);
  if (path.rfind("/api/", 0) == 0 && res->status >= 400 &&
      res->get_header_value("Content-Type").find("json") != std::string::npos) {
    auto j = serve::Json::parse(res->body, nullptr, false);
    fuzz::require(j.is_object() && j.contains("error") && j["error"].is_string(),
                  "an error that is not {\"error\": text}: " + res->body);
    fuzz::one_line(j["error"].get<std::string>(), (method + " " + path).c_str());
  }
  fuzz::require(res->status != 500, "internal error for " + method + " " + path + ": " + res->body);
  stop_games(client);
  return 0;
}
