// The routes of `minimax serve` (docs/serve.md has the API). Each answer is JSON; a bad request
// gets {"error": "..."} with a 4xx status and the server goes on serving.
#include "serve/server.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <memory>
#include <thread>
#include <utility>

#include "core/module.hpp"
#include "core/text.hpp"
#include "serve/analysis.hpp"
#include "serve/games.hpp"
#include "serve/http.hpp"
#include "serve/records.hpp"
#include "session/records.hpp"

namespace minimax::serve {

namespace {

namespace fs = std::filesystem;

void send(http::Response& res, const Json& j, int status = 200) {
  res.status = status;
  res.set_header("Cache-Control", "no-store");
  // A message may quote what the request held (a path, a FEN): bytes that are not UTF-8 are
  // replaced, never thrown on (a throw here, outside every handler, ended the server; make fuzz).
  res.set_content(j.dump(-1, ' ', false, Json::error_handler_t::replace), "application/json");
}

// An error is one line, even when it quotes a request whose text holds line breaks or other
// control characters (a path with %0a; found by make fuzz): those are shown as '?'.
void fail(http::Response& res, std::string message, int status = 400) {
  for (char& c : message)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
  send(res, Json{{"error", message}}, status);
}

// The body as a JSON object, or an answer saying why not.
std::optional<Json> body(const http::Request& req, http::Response& res) {
  if (trim(req.body).empty()) {
    fail(res, "missing body (a JSON object)");
    return std::nullopt;
  }
  Json j = Json::parse(req.body, nullptr, false);
  if (j.is_discarded() || !j.is_object()) {
    fail(res, "the request body must be a JSON object");
    return std::nullopt;
  }
  return j;
}

// A person's action in a game, {"move": TEXT} or {"undo": true} or {"resign": true}: an Error
// names the field that is wrong. Whether the action fits the game's state is the game's to say.
Status check_action(const Json& j) {
  bool named = false;
  for (const auto& [key, value] : j.items()) {
    if (key == "move") {
      if (!value.is_string()) return Error{"'move' must be a string"};
    } else if (key == "undo" || key == "resign") {
      if (!value.is_boolean()) return Error{"'" + key + "' must be true or false"};
    } else {
      return Error{"unknown field '" + key + "' (a request names a move, undo or resign)"};
    }
    named = true;
  }
  if (!named) return Error{"a request names a move, undo or resign"};
  return Ok{};
}

template <class T>
void answer(http::Response& res, const Expected<T>& r) {
  if (r)
    send(res, *r);
  else
    fail(res, r.error());
}

const char* kNoPage =
    "<!doctype html><meta charset=utf-8><title>minimax</title><h1>minimax serve</h1>"
    "<p>The page was not built (node and npm are needed at build time: install them and run "
    "<code>make build</code>). The JSON API answers at <a href=/api/machines>/api/machines</a>.";

// The HTTP server module (serve/http.hpp), loaded on the first call: its factory, or why not.
Expected<http::Factory> http_factory() {
  static const Expected<http::Factory> factory = []() -> Expected<http::Factory> {
    const std::string name = "minimax_http.so";
    auto module = load_module(name, "MINIMAX_HTTP_MODULE", MINIMAX_HTTP_MODULE_PATH);
    if (!module) return Error{module.error()};
    auto symbol = module_symbol(*module, name, http::kFactorySymbol);
    if (!symbol) return Error{symbol.error()};
    const auto make = reinterpret_cast<http::Factory>(*symbol);
    if (!std::unique_ptr<http::Server>(make(http::kInterfaceVersion)))
      return Error{name + " was built for another version of its interface than this minimax " +
                   "(serve/http.hpp): rebuild both"};
    return make;
  }();
  return factory;
}

}  // namespace

std::string default_web_dir() { return installed_file("web").string(); }

Status load_http_module() {
  auto factory = http_factory();
  if (!factory) return Error{factory.error()};
  return Ok{};
}

Server::Server(ServeOptions options) : options_(std::move(options)) {
  auto factory = http_factory();
  if (!factory) {
    load_error_ = factory.error();
    return;
  }
  http_.reset((*factory)(http::kInterfaceVersion));
  // Long polls hold a thread each while they wait: more than the default handful.
  http_->set_thread_count(32);
  http_->set_payload_max_length(1 << 20);
  routes();
}

Server::~Server() { stop(); }

bool Server::page_built() const {
  std::error_code ec;
  return !options_.web_dir.empty() && fs::exists(fs::path(options_.web_dir) / "index.html", ec);
}

Expected<int> Server::bind() {
  if (!http_) return Error{load_error_};
  const int port = http_->bind(options_.host, options_.port);
  if (port > 0) return port;
  if (options_.port == 0)
    return Error{"cannot listen on " + options_.host + " (is it an address here?)"};
  return Error{"cannot listen on " + options_.host + ":" + std::to_string(options_.port) +
               " (in use, or not an address here; --port 0 picks a free one)"};
}

void Server::run() {
  run_called_ = true;
  if (http_ && !stopping_) http_->listen_after_bind();
  run_done_ = true;
}

void Server::stop() {
  if (stopping_.exchange(true)) return;
  std::map<std::string, std::shared_ptr<AnyGame>> games;
  {
    std::lock_guard lock(mutex_);
    games.swap(games_);
  }
  for (auto& [id, g] : games) g->stop();
  games.clear();  // joins each game's thread: its record is written as it stands
  std::map<std::string, std::shared_ptr<Watch>> watches;
  {
    std::lock_guard lock(mutex_);
    watches.swap(watches_);
  }
  for (auto& [id, w] : watches) w->stop();
  watches.clear();  // each plays out the game it is in
  if (!http_) return;
  // The server's stop() does nothing before it runs: wait until it does (or has returned).
  if (run_called_)
    while (!http_->is_running() && !run_done_)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
  http_->stop();
}

std::shared_ptr<AnyGame> Server::find(const std::string& id) {
  std::lock_guard lock(mutex_);
  const auto it = games_.find(id);
  return it == games_.end() ? nullptr : it->second;
}

Expected<std::string> Server::add(const Json& request) {
  std::string id, path;
  {
    std::lock_guard lock(mutex_);
    if (static_cast<int>(games_.size()) >= options_.max_games) {
      // Make room: drop a finished game (its record is already written).
      for (auto it = games_.begin(); it != games_.end(); ++it)
        if (it->second->over()) {
          games_.erase(it);
          break;
        }
      if (static_cast<int>(games_.size()) >= options_.max_games)
        return Error{"too many games at once (" + std::to_string(options_.max_games) +
                     "); finish or stop one"};
    }
    id = "g" + std::to_string(next_id_++);
  }
  if (options_.records && request.is_object() && request.contains("game") &&
      request["game"].is_string()) {
    const std::string game = request["game"].get<std::string>();
    if (auto ext = record_extension(game)) {
      auto p = session::new_record_path(game + "-" + id, *ext);
      if (!p) return Error{p.error()};
      path = *p;
    }
  }
  auto g = make_game(request, id, path);
  if (!g) return Error{g.error()};
  std::lock_guard lock(mutex_);
  if (stopping_) return Error{"the server is stopping"};
  games_[id] = *g;
  record_paths_[id] = path;
  return id;
}

void Server::routes() {
  auto& s = *http_;
  s.set_exception_handler([](const http::Request&, http::Response& res, std::exception_ptr e) {
    std::string what = "internal error";
    try {
      if (e) std::rethrow_exception(e);
    } catch (const std::exception& x) {
      what = std::string("internal error: ") + x.what();
    } catch (...) {
    }
    fail(res, what, 500);
  });

  s.get("/api/machines",
        [](const http::Request&, http::Response& res) { send(res, machines_json()); });

  s.get("/api/games", [this](const http::Request&, http::Response& res) {
    Json list = Json::array();
    std::vector<std::shared_ptr<AnyGame>> games;
    {
      std::lock_guard lock(mutex_);
      for (auto& [id, g] : games_) games.push_back(g);
    }
    for (auto& g : games) {
      Json st = g->state();
      list.push_back({{"id", st["id"]},
                      {"game", st["game"]},
                      {"players", st["players"]},
                      {"moves", st["moves"].size()},
                      {"over", st["over"]},
                      {"result", st["result"]}});
    }
    send(res, list);
  });

  s.post("/api/games", [this](const http::Request& req, http::Response& res) {
    auto j = body(req, res);
    if (!j) return;
    auto id = add(*j);
    if (!id) return fail(res, id.error());
    send(res, find(*id)->state(), 201);
  });

  // The state; with ?since=V, waits (up to ?wait= seconds, at most 20) until it passes V.
  s.get(R"(/api/games/([A-Za-z0-9]+))", [this](const http::Request& req, http::Response& res) {
    auto g = find(req.matches[1]);
    if (!g) return fail(res, "no game '" + std::string(req.matches[1]) + "'", 404);
    if (req.has_param("since")) {
      auto since = parse_int(req.get_param_value("since"));
      if (!since || *since < 0) return fail(res, "'since' must be a whole number");
      std::int64_t wait_s = 15;
      if (req.has_param("wait")) {
        auto w = parse_int(req.get_param_value("wait"));
        if (!w || *w < 0 || *w > 20) return fail(res, "'wait' must be 0..20 seconds");
        wait_s = *w;
      }
      g->wait(static_cast<std::uint64_t>(*since), std::chrono::seconds(wait_s));
    }
    send(res, g->state());
  });

  s.post(R"(/api/games/([A-Za-z0-9]+))", [this](const http::Request& req, http::Response& res) {
    auto g = find(req.matches[1]);
    if (!g) return fail(res, "no game '" + std::string(req.matches[1]) + "'", 404);
    auto j = body(req, res);
    if (!j) return;
    if (auto st = check_action(*j); !st) return fail(res, st.error());
    Json r = g->act(*j);
    send(res, r, r.contains("error") ? 409 : 200);
  });

  s.post(R"(/api/games/([A-Za-z0-9]+)/stop)",
         [this](const http::Request& req, http::Response& res) {
           auto g = find(req.matches[1]);
           if (!g) return fail(res, "no game '" + std::string(req.matches[1]) + "'", 404);
           g->stop();
           send(res, Json{{"ok", true}});
         });

  // The record as a file to download (the same text the server keeps in the data folder).
  s.get(R"(/api/games/([A-Za-z0-9]+)/record)",
        [this](const http::Request& req, http::Response& res) {
          auto g = find(req.matches[1]);
          if (!g) return fail(res, "no game '" + std::string(req.matches[1]) + "'", 404);
          const Json st = g->state();
          const std::string ext = st["record"]["extension"];
          res.set_header("Content-Disposition", "attachment; filename=\"minimax-" +
                                                    std::string(req.matches[1]) + "." + ext + "\"");
          res.set_content(st["record"]["text"].get<std::string>(),
                          ext == "pgn" ? "application/x-chess-pgn" : "text/plain");
        });

  s.post("/api/tree", [](const http::Request& req, http::Response& res) {
    if (auto j = body(req, res)) answer(res, tree_json(*j));
  });
  s.get("/api/turochamp", [](const http::Request& req, http::Response& res) {
    answer(res, turochamp_json(req.get_param_value("fen")));
  });
  // Watch: a match or round robin of machines played here, followed live by the page.
  s.post("/api/watch", [this](const http::Request& req, http::Response& res) {
    auto j = body(req, res);
    if (!j) return;
    std::string id;
    {
      std::lock_guard lock(mutex_);
      if (stopping_) return fail(res, "the server is stopping");
      int running = 0;
      for (const auto& [wid, w] : watches_) running += w->state()["running"].get<bool>();
      if (running >= 2) return fail(res, "two matches are being played already; stop one first");
      id = "w" + std::to_string(next_id_++);
    }
    auto w = Watch::start(*j, id);
    if (!w) return fail(res, w.error());
    std::shared_ptr<Watch> shared(std::move(*w));
    {
      std::lock_guard lock(mutex_);
      watches_[id] = shared;
    }
    send(res, shared->state(), 201);
  });
  auto find_watch = [this](const std::string& id) -> std::shared_ptr<Watch> {
    std::lock_guard lock(mutex_);
    const auto it = watches_.find(id);
    return it == watches_.end() ? nullptr : it->second;
  };
  s.get(R"(/api/watch/([A-Za-z0-9]+))",
        [find_watch](const http::Request& req, http::Response& res) {
          auto w = find_watch(req.matches[1]);
          if (!w) return fail(res, "no match '" + std::string(req.matches[1]) + "'", 404);
          send(res, w->state());
        });
  s.post(R"(/api/watch/([A-Za-z0-9]+)/stop)",
         [find_watch](const http::Request& req, http::Response& res) {
           auto w = find_watch(req.matches[1]);
           if (!w) return fail(res, "no match '" + std::string(req.matches[1]) + "'", 404);
           w->stop();
           send(res, Json{{"ok", true}});
         });
  // The project's plots (docs/*.svg: learning curves, ladders, tournaments), drawn by the page.
  s.get("/api/plots", [](const http::Request&, http::Response& res) { send(res, plots_json()); });
  s.get(R"(/api/plots/([A-Za-z0-9_.-]+))", [](const http::Request& req, http::Response& res) {
    auto svg = plot_svg(req.matches[1]);
    if (!svg) return fail(res, svg.error(), 404);
    res.set_content(*svg, "image/svg+xml");
  });
  s.get("/api/records",
        [](const http::Request&, http::Response& res) { send(res, records_json()); });
  s.get(R"(/api/records/([A-Za-z0-9_-]+))", [](const http::Request& req, http::Response& res) {
    auto r = record_json(req.matches[1]);
    if (!r) return fail(res, r.error(), 404);
    send(res, *r);
  });
  s.get("/api/shannon", [](const http::Request& req, http::Response& res) {
    answer(res, shannon_json(req.get_param_value("fen")));
  });
  s.post("/api/solve", [](const http::Request& req, http::Response& res) {
    auto j = body(req, res);
    if (!j) return;
    if (!(*j)["fen"].is_string() || !(*j)["stipulation"].is_string())
      return fail(res, "a problem is {\"fen\": \"...\", \"stipulation\": \"#2\"}");
    answer(res, solve_json((*j)["fen"], (*j)["stipulation"]));
  });

  // Unknown paths under /api/ get JSON; everything else is the page.
  s.set_error_handler([](const http::Request& req, http::Response& res) {
    if (!starts_with(req.path, "/api/") || !res.body.empty()) return;
    if (res.status == 413)
      fail(res, "body too large (at most 1 MiB)", 413);
    else
      fail(res, "no such request: " + req.method + " " + req.path, res.status);
  });
  if (page_built()) {
    s.mount("/", options_.web_dir);
  } else {
    s.get("/",
          [](const http::Request&, http::Response& res) { res.set_content(kNoPage, "text/html"); });
  }
}

}  // namespace minimax::serve
