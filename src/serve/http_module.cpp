// minimax_http.so: serve/http.hpp's server over cpp-httplib, the only file that includes
// <httplib.h>. Built as a loadable module (CMakeLists.txt) that links cpp-httplib and none of
// minimax's libraries; `minimax serve` loads it with dlopen (serve/server.cpp), so no other
// command loads cpp-httplib, OpenSSL, zlib and brotli at its start.
#include <httplib.h>

#include <memory>
#include <utility>

#include "serve/http.hpp"

namespace minimax::serve::http {

namespace {

Request request_of(const httplib::Request& req) {
  Request r;
  r.method = req.method;
  r.path = req.path;
  r.body = req.body;
  r.matches.reserve(req.matches.size());
  for (const auto& m : req.matches) r.matches.push_back(m.str());
  r.params = req.params;
  return r;
}

Response response_of(const httplib::Response& res) {
  Response r;
  r.status = res.status;
  r.body = res.body;
  return r;
}

// What the handler set, back into httplib's response.
void apply(Response& r, httplib::Response& res) {
  res.status = r.status;
  for (const auto& [name, value] : r.headers) res.set_header(name, value);
  if (r.content_set)
    res.set_content(r.body, r.content_type);
  else
    res.body = std::move(r.body);
}

httplib::Server::Handler wrap(Handler handler) {
  return [handler = std::move(handler)](const httplib::Request& req, httplib::Response& res) {
    const Request rq = request_of(req);
    Response rs = response_of(res);
    try {
      handler(rq, rs);
    } catch (...) {
      apply(rs, res);  // what it set before throwing stays, as when it wrote httplib's own
      throw;
    }
    apply(rs, res);
  };
}

class HttplibServer final : public Server {
 public:
  void set_thread_count(int threads) override {
    server_.new_task_queue = [threads] {
      return new httplib::ThreadPool(static_cast<std::size_t>(threads));
    };
  }
  void set_payload_max_length(std::size_t bytes) override { server_.set_payload_max_length(bytes); }
  void get(const std::string& pattern, Handler handler) override {
    server_.Get(pattern, wrap(std::move(handler)));
  }
  void post(const std::string& pattern, Handler handler) override {
    server_.Post(pattern, wrap(std::move(handler)));
  }
  void set_error_handler(Handler handler) override {
    server_.set_error_handler(wrap(std::move(handler)));
  }
  void set_exception_handler(ExceptionHandler handler) override {
    server_.set_exception_handler([handler = std::move(handler)](const httplib::Request& req,
                                                                 httplib::Response& res,
                                                                 std::exception_ptr e) {
      const Request rq = request_of(req);
      Response rs = response_of(res);
      handler(rq, rs, std::move(e));
      apply(rs, res);
    });
  }
  bool mount(const std::string& prefix, const std::string& dir) override {
    return server_.set_mount_point(prefix, dir);
  }
  int bind(const std::string& host, int port) override {
    if (port == 0) {
      const int bound = server_.bind_to_any_port(host);
      return bound > 0 ? bound : -1;
    }
    return server_.bind_to_port(host, port) ? port : -1;
  }
  bool listen_after_bind() override { return server_.listen_after_bind(); }
  bool is_running() const override { return server_.is_running(); }
  void stop() override { server_.stop(); }

 private:
  httplib::Server server_;
};

}  // namespace

}  // namespace minimax::serve::http

// The factory, named as kFactorySymbol says.
extern "C" __attribute__((visibility("default"))) minimax::serve::http::Server*
minimax_http_new_server(int version) {
  if (version != minimax::serve::http::kInterfaceVersion) return nullptr;
  return new minimax::serve::http::HttplibServer();
}
