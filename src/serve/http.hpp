#pragma once
// The HTTP server `minimax serve` runs on, as an interface: what serve/server.cpp needs of one and
// no more. Its one implementation, over cpp-httplib, is serve/http_module.cpp, built as the
// loadable module minimax_http.so beside the executable (CMakeLists.txt), so that only `minimax
// serve` loads cpp-httplib and the libraries it links (OpenSSL, zlib, brotli); server.cpp loads
// the module with dlopen when a Server is first made (core/module.hpp).
//
// The module and minimax share this header and nothing else: it holds only standard types, and
// the module exports one C function, kFactorySymbol, of type Factory.
#include <cstddef>
#include <exception>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace minimax::serve::http {

// Raised whenever this header changes in a way that changes the interface's layout; the module
// refuses to make a server for another version.
inline constexpr int kInterfaceVersion = 1;

struct Request {
  std::string method;  // "GET", "POST"
  std::string path;    // without the query
  std::string body;
  std::vector<std::string> matches;                // the route's match: [0] the path, [i] group i
  std::multimap<std::string, std::string> params;  // the query's, decoded

  [[nodiscard]] bool has_param(const std::string& key) const { return params.count(key) > 0; }
  // The first value of `key`, or "" when the query has none.
  [[nodiscard]] std::string get_param_value(const std::string& key) const {
    const auto it = params.find(key);
    return it == params.end() ? std::string() : it->second;
  }
};

struct Response {
  int status = -1;   // -1 until a handler sets it: the server then answers 200
  std::string body;  // as the server holds it when a handler is called (an error handler's may
                     // already have one)
  // What the handler adds: headers, and the content with its type (set_content).
  std::vector<std::pair<std::string, std::string>> headers;
  std::string content_type;
  bool content_set = false;

  void set_header(std::string name, std::string value) {
    headers.emplace_back(std::move(name), std::move(value));
  }
  void set_content(std::string text, std::string type) {
    body = std::move(text);
    content_type = std::move(type);
    content_set = true;
  }
};

using Handler = std::function<void(const Request&, Response&)>;
using ExceptionHandler = std::function<void(const Request&, Response&, std::exception_ptr)>;

class Server {
 public:
  virtual ~Server() = default;

  // Before bind: the threads that serve requests (each long poll holds one while it waits), and
  // the largest request body accepted.
  virtual void set_thread_count(int threads) = 0;
  virtual void set_payload_max_length(std::size_t bytes) = 0;

  // Routes: `pattern` is a regular expression (ECMAScript) matched against the whole path.
  virtual void get(const std::string& pattern, Handler handler) = 0;
  virtual void post(const std::string& pattern, Handler handler) = 0;
  // Called for every answer with a status of 400 or more (no route found: 404), after the route.
  virtual void set_error_handler(Handler handler) = 0;
  // Called when a route's handler throws; the response holds what the handler had set.
  virtual void set_exception_handler(ExceptionHandler handler) = 0;
  // Serves the files of `dir` under the URL prefix `prefix`; false if dir is not a folder.
  virtual bool mount(const std::string& prefix, const std::string& dir) = 0;

  // Binds host:port (port 0: any free port): the port bound, or -1.
  virtual int bind(const std::string& host, int port) = 0;
  // Serves until stop() (after bind); false if it could not.
  virtual bool listen_after_bind() = 0;
  [[nodiscard]] virtual bool is_running() const = 0;
  // Makes listen_after_bind() return; does nothing before it runs.
  virtual void stop() = 0;
};

// The module's one export: a new server (the caller owns it), or nullptr when `version` is not
// kInterfaceVersion (a module built from other sources than the minimax loading it).
using Factory = Server* (*)(int version);
inline constexpr const char* kFactorySymbol = "minimax_http_new_server";

}  // namespace minimax::serve::http
