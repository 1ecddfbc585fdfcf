// minimax tune: the Texel tuner for the engine's evaluation table (src/learn/tuner.hpp), and the
// self-play games that give it positions.
#include <cmath>
#include <fstream>
#include <iostream>
#include <ostream>
#include <string>

#include "cli/commands.hpp"
#include "core/text.hpp"
#include "games/chess/position.hpp"
#include "learn/tuner.hpp"
#include "learn/tuner_selfplay.hpp"
#include "machines/chess/engine/eval_params.hpp"

namespace minimax::cli {

int cmd_tune(Args args, std::istream&, std::ostream& out, std::ostream& err) {
  std::string positions, out_file, params_file;
  learn::TunerOptions options;
  learn::SelfPlayOptions selfplay;
  bool generate = false;
  bool random_plies_set = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&](const char* what) -> std::optional<std::string> {
      if (i + 1 >= args.size()) {
        err << "minimax tune: " << a << " needs " << what << '\n';
        return std::nullopt;
      }
      return args[++i];
    };
    auto number = [&](std::int64_t lo, std::int64_t hi) -> std::optional<std::int64_t> {
      auto v = value("a number");
      if (!v) return std::nullopt;
      auto n = parse_int(*v, a, lo, hi);
      if (!n) {
        err << "minimax tune: " << n.error() << '\n';
        return std::nullopt;
      }
      return *n;
    };
    // A real number in [lo, hi] (above lo when lo_open), or a one-line error naming `what`.
    auto real = [&](const char* what, double lo, double hi, bool lo_open, const char* range) -> std::optional<double> {
      auto v = value("a number");
      if (!v) return std::nullopt;
      auto d = parse_double(*v);
      if (!d || !std::isfinite(*d) || *d < lo || (lo_open && *d == lo) || *d > hi) {
        err << "minimax tune: bad " << what << " '" << *v << "'" << range << '\n';
        return std::nullopt;
      }
      return *d;
    };
    constexpr double kHuge = 1e300;
    if (a == "--epochs") {
      auto n = number(0, 1000000);
      if (!n) return 2;
      options.epochs = static_cast<int>(*n);
    } else if (a == "--lr") {
      auto d = real("learning rate", 0, kHuge, true, "");
      if (!d) return 2;
      options.learning_rate = *d;
    } else if (a == "--validation") {
      auto d = real("validation fraction", 0, 0.9, false, " (0 to 0.9)");
      if (!d) return 2;
      options.validation_fraction = *d;
    } else if (a == "--k") {
      auto d = real("K", 0, kHuge, true, "");
      if (!d) return 2;
      options.k = *d;
      options.tune_k = false;
    } else if (a == "--out") {
      auto v = value("a file name");
      if (!v) return 2;
      out_file = *v;
    } else if (a == "--params") {
      auto v = value("a file name");
      if (!v) return 2;
      params_file = *v;
    } else if (a == "--selfplay") {
      auto n = number(1, 1000000);
      if (!n) return 2;
      generate = true;
      selfplay.games = static_cast<int>(*n);
    } else if (a == "--nodes") {
      auto n = number(100, 100000000);
      if (!n) return 2;
      selfplay.nodes = static_cast<std::uint64_t>(*n);
    } else if (a == "--openings") {
      auto v = value("a file of FENs or EPD lines");
      if (!v) return 2;
      std::ifstream of(*v);
      if (!of) {
        err << "minimax tune: cannot read openings '" << *v << "'\n";
        return 1;
      }
      std::string line;
      int n = 0;
      while (std::getline(of, line)) {
        ++n;
        auto t = split_whitespace(line);
        if (t.empty() || t[0][0] == '#') continue;
        if (t.size() < 4) {
          err << "minimax tune: " << *v << " line " << n << ": not a FEN: '" << line << "'\n";
          return 1;
        }
        std::string fen = t[0] + ' ' + t[1] + ' ' + t[2] + ' ' + t[3];
        if (auto p = chess::Position::from_fen(fen); !p) {
          err << "minimax tune: " << *v << " line " << n << ": " << p.error() << '\n';
          return 1;
        }
        selfplay.openings.push_back(fen);
      }
      if (selfplay.openings.empty()) {
        err << "minimax tune: no positions in '" << *v << "'\n";
        return 1;
      }
      if (!random_plies_set) selfplay.random_plies = 2;
    } else if (a == "--random-plies") {
      auto n = number(0, 40);
      if (!n) return 2;
      selfplay.random_plies = static_cast<int>(*n);
      random_plies_set = true;
    } else if (a == "--optimizer") {
      auto v = value("adam or gd");
      if (!v) return 2;
      if (*v == "adam") options.adam = true;
      else if (*v == "gd") options.adam = false;
      else {
        err << "minimax tune: unknown optimizer '" << *v << "' (adam or gd)\n";
        return 2;
      }
    } else if (a == "--lambda") {
      auto d = real("lambda", 0, 1, false, " (0 to 1)");
      if (!d) return 2;
      options.lambda = *d;
    } else if (a == "--l2") {
      auto d = real("L2 weight", 0, kHuge, false, "");
      if (!d) return 2;
      options.l2 = *d;
    } else if (a == "--seed") {
      auto n = number(0, std::int64_t(1) << 62);
      if (!n) return 2;
      selfplay.seed = static_cast<std::uint64_t>(*n);
    } else if (!a.empty() && a[0] == '-') {
      err << "minimax tune: unknown option '" << a << "'\n";
      return 2;
    } else if (positions.empty()) {
      positions = a;
    } else {
      err << "minimax tune: unexpected argument '" << a << "'\n";
      return 2;
    }
  }

  if (generate) {
    if (out_file.empty()) {
      err << "minimax tune: --selfplay needs --out FILE for the positions\n";
      return 2;
    }
    std::ofstream f(out_file);
    if (!f) {
      err << "minimax tune: cannot write '" << out_file << "'\n";
      return 1;
    }
    const int n = learn::generate_selfplay_positions(selfplay, f, &out);
    out << n << " positions written to " << out_file << '\n';
    return 0;
  }

  if (positions.empty()) {
    err << "minimax tune: name a file of positions with results (or use --selfplay)\n";
    return 2;
  }
  auto params = chess::engine::eval_params();
  if (!params_file.empty()) {
    std::ifstream pf(params_file);
    if (!pf) {
      err << "minimax tune: cannot read '" << params_file << "'\n";
      return 1;
    }
    auto s = chess::engine::read_params(pf, params);
    if (!s) {
      err << "minimax tune: " << s.error() << '\n';
      return 1;
    }
  }
  std::ifstream f(positions);
  if (!f) {
    err << "minimax tune: cannot read '" << positions << "'\n";
    return 1;
  }
  auto set = learn::read_tuning_set(f, params);
  if (!set) {
    err << "minimax tune: " << positions << ": " << set.error() << '\n';
    return 1;
  }
  out << set->size() << " positions\n";
  const auto report = learn::tune(*set, params, options, &out);
  out << "K " << report.k << "\ninitial error " << report.initial_error << "\nfinal error " << report.final_error
      << '\n';
  if (options.validation_fraction > 0)
    out << "validation error " << report.initial_validation << " -> " << report.best_validation << " (epoch "
        << report.best_epoch << ", the table kept)\n";
  if (!out_file.empty()) {
    std::ofstream o(out_file);
    if (!o) {
      err << "minimax tune: cannot write '" << out_file << "'\n";
      return 1;
    }
    chess::engine::write_params(o, params);
    out << "table written to " << out_file << '\n';
  } else {
    chess::engine::write_params(out, params);
  }
  return 0;
}

}  // namespace minimax::cli
