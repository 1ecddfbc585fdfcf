// minimax serve: the page (play any machine, see it think, game trees, solved problems) on a local
// web server. docs/serve.md.
#include <csignal>
#include <cstdlib>
#include <iostream>
#include <ostream>
#include <string>
#include <thread>

#include "cli/app.hpp"
#include "cli/commands.hpp"
#include "serve/server.hpp"

namespace minimax::cli {

namespace {

volatile std::sig_atomic_t g_signal = 0;
extern "C" void on_signal(int sig) { g_signal = sig; }

bool plain_host(const std::string& host) {
  if (host.empty()) return false;
  for (char c : host)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != ':' && c != '-')
      return false;
  return true;
}

}  // namespace

int cmd_serve(Args args, std::istream& in, std::ostream& out, std::ostream& err) {
  serve::ServeOptions o;
  o.web_dir = serve::default_web_dir();
  bool open = false, check = false, no_record = false;
  CommandApp app("serve",
                 "Serves the page on a local web server: play chess, draughts, Nim and noughts "
                 "and crosses against any machine, see each machine's numbers, draw game trees "
                 "and solve problems. Listens on 127.0.0.1 unless --host says otherwise; stop it "
                 "with Ctrl-C. Games are saved in the data folder as `minimax play` saves them. "
                 "See docs/serve.md.");
  app.add_option("--port", o.port, "the port (0: any free one)")
      ->check(whole_number(0, 65535))
      ->capture_default_str();
  app.add_option("--host", o.host,
                 "the address to listen on (another than 127.0.0.1 lets other machines in)")
      ->capture_default_str();
  app.add_flag("--open", open, "open the page in the desktop's browser (xdg-open)");
  app.add_option("--web-dir", o.web_dir,
                 "the built page (default: web/ beside the executable, or ../share/minimax/web)")
      ->type_name("DIR");
  app.add_flag("--no-record", no_record, "keep no game records");
  app.add_flag("--check", check, "bind the port, print the address and exit (for scripts)");
  if (auto status = parse_args(app, args, out, err)) return *status;
  if (!plain_host(o.host)) {
    err << "minimax serve: --host '" << o.host << "' is not an address\n";
    return 2;
  }
  o.records = !no_record;
  // The HTTP server is a module loaded now (serve/http.hpp); without it, one line and status 2.
  if (auto loaded = serve::load_http_module(); !loaded) {
    err << "minimax serve: " << loaded.error() << '\n';
    return 2;
  }
  serve::Server server(o);
  const auto port = server.bind();
  if (!port) {
    err << "minimax serve: " << port.error() << '\n';
    return 1;
  }
  const std::string url = "http://" +
                          (o.host.find(':') != std::string::npos ? "[" + o.host + "]" : o.host) +
                          ":" + std::to_string(*port) + "/";
  out << "minimax serve: " << url
      << (server.page_built() ? "" : " (API only: the page is not built)") << '\n';
  if (o.host != "127.0.0.1" && o.host != "localhost" && o.host != "::1")
    out << "minimax serve: listening on " << o.host
        << ": whoever can reach it can play and start machines here\n";
  if (check) return 0;
  out.flush();
  if (open && std::system(("xdg-open '" + url + "' >/dev/null 2>&1 &").c_str()) != 0)
    out << "minimax serve: could not start a browser; open " << url << '\n';

  // Ctrl-C or a TERM stops the server; so does the end of `in` when it is not the terminal's
  // standard input (tests call the command with a stream of their own).
  g_signal = 0;
  auto old_int = std::signal(SIGINT, on_signal);
  auto old_term = std::signal(SIGTERM, on_signal);
  std::atomic<bool> done{false};
  std::thread watcher([&] {
    if (&in != &std::cin) {
      std::string line;
      while (std::getline(in, line)) {
      }
      server.stop();
      return;
    }
    while (!done && g_signal == 0) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    server.stop();
  });
  server.run();
  done = true;
  watcher.join();
  std::signal(SIGINT, old_int);
  std::signal(SIGTERM, old_term);
  out << "minimax serve: stopped\n";
  return 0;
}

}  // namespace minimax::cli
