// minimax tune: the Texel tuner for the engine's evaluation table (src/learn/tuner.hpp), and the
// self-play games that give it positions.
#include <cstdint>
#include <fstream>
#include <iostream>
#include <ostream>
#include <sstream>
#include <string>

#include "cli/app.hpp"
#include "cli/commands.hpp"
#include "core/atomic_file.hpp"
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
  std::string openings_file, optimizer = "adam";
  constexpr double kHuge = 1e300;
  CommandApp app("tune",
                 "Fits the engine's evaluation table to game results (one 'FEN result [score]' per "
                 "line of POSITIONS); or, with --selfplay, plays the engine's own games and writes "
                 "their quiet positions with results. See docs/engine.md.");
  app.add_option("POSITIONS", positions, "the file of positions with results");
  app.footer(
      "forms:\n"
      "  minimax tune POSITIONS [--epochs N] [--lr X] [--k K] [--validation F] [--l2 X] [--lambda "
      "L]\n"
      "                         [--optimizer adam|gd] [--params FILE] [--out FILE]\n"
      "  minimax tune --selfplay GAMES --out FILE [--nodes N] [--seed S] [--openings FILE]\n"
      "                                           [--random-plies N]");
  app.add_option("--epochs", options.epochs, "passes over the positions")
      ->check(whole_number(0, 1000000))
      ->capture_default_str();
  app.add_option("--lr", options.learning_rate, "learning rate")
      ->check(real_number(0, kHuge, true))
      ->capture_default_str();
  app.add_option("--k", options.k, "the logistic scale K (default: fitted first)")
      ->check(real_number(0, kHuge, true))
      ->each([&](const std::string&) { options.tune_k = false; });
  app.add_option("--validation", options.validation_fraction,
                 "fraction of the positions held back to validate")
      ->check(real_number(0, 0.9))
      ->capture_default_str();
  app.add_option("--l2", options.l2, "L2 weight")
      ->check(real_number(0, kHuge))
      ->capture_default_str();
  app.add_option("--lambda", options.lambda, "weight of the game result against the search score")
      ->check(real_number(0, 1))
      ->capture_default_str();
  app.add_option("--optimizer", optimizer, "adam or gd")
      ->check(CLI::IsMember({"adam", "gd"}))
      ->capture_default_str();
  app.add_option("--params", params_file, "start from this table (default: the built-in one)")
      ->type_name("FILE");
  app.add_option("--out", out_file, "write the table (or with --selfplay the positions) here")
      ->type_name("FILE");
  auto* selfplay_option =
      app.add_option("--selfplay", selfplay.games, "play this many games and write their positions")
          ->check(whole_number(1, 1000000))
          ->type_name("GAMES");
  app.add_option("--nodes", selfplay.nodes, "self-play: nodes per move")
      ->check(whole_number(100, 100000000))
      ->capture_default_str();
  app.add_option("--seed", selfplay.seed, "self-play: seed")
      ->check(whole_number(0, std::int64_t(1) << 62))
      ->capture_default_str();
  app.add_option("--openings", openings_file, "self-play: start from these FENs or EPD lines")
      ->type_name("FILE");
  auto* random_plies_option =
      app.add_option("--random-plies", selfplay.random_plies,
                     "self-play: random plies after the opening (2 with --openings)")
          ->check(whole_number(0, 40))
          ->capture_default_str();
  if (auto status = parse_args(app, args, out, err)) return *status;
  options.adam = optimizer == "adam";
  generate = selfplay_option->count() > 0;
  if (!openings_file.empty()) {
    const std::string* v = &openings_file;
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
    if (!random_plies_option->count()) selfplay.random_plies = 2;
  }

  if (generate) {
    if (out_file.empty()) {
      err << "minimax tune: --selfplay needs --out FILE for the positions\n";
      return 2;
    }
    if (auto w = check_writable(out_file); !w) {
      err << "minimax tune: " << w.error() << '\n';
      return 1;
    }
    std::ostringstream f;
    const int n = learn::generate_selfplay_positions(selfplay, f, &out);
    if (auto w = write_file_atomically(out_file, f.str()); !w) {
      err << "minimax tune: " << w.error() << '\n';
      return 1;
    }
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
  out << "K " << report.k << "\ninitial error " << report.initial_error << "\nfinal error "
      << report.final_error << '\n';
  if (options.validation_fraction > 0)
    out << "validation error " << report.initial_validation << " -> " << report.best_validation
        << " (epoch " << report.best_epoch << ", the table kept)\n";
  if (!out_file.empty()) {
    std::ostringstream o;
    chess::engine::write_params(o, params);
    if (auto w = write_file_atomically(out_file, o.str()); !w) {
      err << "minimax tune: " << w.error() << '\n';
      return 1;
    }
    out << "table written to " << out_file << '\n';
  } else {
    chess::engine::write_params(out, params);
  }
  return 0;
}

}  // namespace minimax::cli
