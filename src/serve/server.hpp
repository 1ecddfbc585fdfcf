#pragma once
// `minimax serve`: the HTTP server behind the page (docs/serve.md). cpp-httplib serves the built
// page (build/web) and a JSON API; games run on the server through the one game loop
// (serve/web_game.hpp) and the page follows them by long polling. It listens on 127.0.0.1 unless
// told another address. cpp-httplib is reached through serve/http.hpp, in the module
// minimax_http.so that the first Server loads (load_http_module()).
//
// API:
//   Server server({.host = "127.0.0.1", .port = 0, .web_dir = "build/web"});
//   Expected<int> port = server.bind();   // 0 picks a free port
//   std::thread t([&] { server.run(); });  // serves until stop()
//   server.stop();
#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "core/expected.hpp"
#include "serve/watch.hpp"
#include "serve/web_game.hpp"

namespace minimax::serve {

namespace http {
class Server;
}

struct ServeOptions {
  std::string host = "127.0.0.1";
  int port = 8080;
  std::string web_dir;  // the built page; empty or missing: the API only, and a page saying so
  bool records = true;  // keep every game's record in the data folder (session/records.hpp)
  int max_games = 64;   // games kept at once (finished ones are dropped first)
};

// The page: web/ beside the executable (the build writes it there), or ../share/minimax/web
// (installed); "" if neither exists.
std::string default_web_dir();

// Loads the HTTP server module minimax_http.so (once; every Server needs it): from the path in
// $MINIMAX_HTTP_MODULE when it is set, else from where the build wrote it, else from the
// executable's folder. An Error of one line naming the paths tried and dlopen's reasons; a Server
// made without the module answers bind() with that Error.
Status load_http_module();

class Server {
 public:
  explicit Server(ServeOptions options);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Binds the socket; the port bound (a free one when options.port is 0), or an Error.
  Expected<int> bind();
  // Serves until stop() (call bind() first).
  void run();
  // Stops every game (each record stays as it stands, unfinished) and the server.
  void stop();
  [[nodiscard]] bool page_built() const;

 private:
  void routes();
  std::shared_ptr<AnyGame> find(const std::string& id);
  Expected<std::string> add(const Json& request);

  ServeOptions options_;
  std::unique_ptr<http::Server> http_;  // null when the module could not be loaded
  std::string load_error_;
  std::mutex mutex_;
  std::map<std::string, std::shared_ptr<AnyGame>> games_;
  std::map<std::string, std::string> record_paths_;
  std::map<std::string, std::shared_ptr<Watch>> watches_;
  std::uint64_t next_id_ = 1;
  std::atomic<bool> stopping_{false}, run_called_{false}, run_done_{false};
};

}  // namespace minimax::serve
