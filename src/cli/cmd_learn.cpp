// minimax learn samuel ...: Samuel's learning by generalization (Alpha against Beta), saved and
// resumable, with its coefficient history drawn as in Michie 1966, Fig. 6; and
// minimax learn samuel-match A B ...: what a polynomial learnt, measured in games.
#include <iostream>
#include <memory>
#include <ostream>
#include <string>

#include "cli/app.hpp"
#include "cli/commands.hpp"
#include "core/atomic_file.hpp"
#include "learn/samuel_learning.hpp"
#include "learn/samuel_match.hpp"
#include "machines/draughts/samuel.hpp"
#include "machines/draughts/strachey.hpp"

namespace minimax::cli {

namespace {

namespace ls = learn::samuel;

struct LearnArgs {
  int games = 10;
  std::string out, svg;
  bool resume = false;
  ls::LearnSettings settings;
};

int run_learn(const LearnArgs& a, std::ostream& out, std::ostream& err) {
  ls::LearningRun run;
  if (a.resume) {
    auto loaded = ls::load_run(a.out);
    if (!loaded) {
      err << "minimax learn samuel: " << loaded.error() << '\n';
      return 1;
    }
    run = std::move(*loaded);
    out << "resuming after " << run.games << " games\n";
  } else {
    run = ls::new_run(a.settings);
  }
  const std::string svg = a.svg.empty() ? a.out + ".svg" : a.svg;
  for (int i = 0; i < a.games; ++i) {
    const Outcome r = ls::play_learning_game(run);
    out << "game " << run.games << ": Alpha "
        << (r == Outcome::win    ? "won"
            : r == Outcome::loss ? "lost"
                                 : "drew")
        << (r == Outcome::win ? " (Beta adopts Alpha's polynomial)" : "") << '\n';
    if (!run.events.empty() &&
        run.events.back().rfind("game " + std::to_string(run.games) + ":", 0) == 0)
      out << "  " << run.events.back() << '\n';
    if (auto s = ls::save_run(run, a.out); !s) {
      err << "minimax learn samuel: " << s.error() << '\n';
      return 1;
    }
    if (auto s = write_file_atomically(svg, ls::coefficient_svg(run)); !s) {
      err << "minimax learn samuel: " << s.error() << '\n';
      return 1;
    }
  }
  out << "after " << run.games << " games: Alpha won " << run.alpha_wins << ", Beta won "
      << run.beta_wins << ", drawn " << run.draws << "\nAlpha's working terms:";
  for (auto t : run.alpha.working()) {
    char buf[48];
    std::snprintf(buf, sizeof buf, " %s %+.2f",
                  draughts::samuel::kTermNames[static_cast<std::size_t>(t)].data(),
                  run.alpha.coefficient[static_cast<std::size_t>(t)]);
    out << buf;
  }
  out << "\nsaved " << a.out << " and " << svg << '\n';
  return 0;
}

// A player for samuel-match: untrained, strachey, or a polynomial or run file.
Expected<std::unique_ptr<Player<draughts::Draughts>>> match_player(const std::string& spec,
                                                                   int depth, bool rote,
                                                                   const std::string& rote_file) {
  if (spec == "strachey")
    return std::unique_ptr<Player<draughts::Draughts>>(draughts::make_strachey(2));
  auto m = std::make_unique<draughts::SamuelMachine>();
  (void)m->set_option("Depth", std::to_string(depth));
  (void)m->set_option("Rote", rote || !rote_file.empty() ? "true" : "false");
  if (!rote_file.empty()) (void)m->set_option("RoteFile", rote_file);  // a bad file: one line
  if (spec != "untrained")
    if (auto s = m->set_option("Polynomial", spec); !s) return Error{s.error()};
  return std::unique_ptr<Player<draughts::Draughts>>(std::move(m));
}

struct MatchArgs {
  std::string a, b;
  int games = 20, depth = 4, max_plies = 160;
  int first_opening = 0;
  bool rote_a = false, rote_b = false, quiet = false;
  std::string rote_file_a;
};

int run_samuel_match(const MatchArgs& m, std::ostream& out, std::ostream& err) {
  auto a = match_player(m.a, m.depth, m.rote_a, m.rote_file_a);
  auto b = match_player(m.b, m.depth, m.rote_b, "");
  if (!a || !b) {
    err << "minimax learn samuel-match: " << (!a ? a.error() : b.error()) << '\n';
    return 2;
  }
  ls::GameSettings gs;
  gs.max_plies = m.max_plies;
  const auto score = ls::play_draughts_match(
      **a, **b, m.games, static_cast<std::size_t>(m.first_opening), gs,
      [&](int n, const std::string& opening, Outcome r, const ls::DraughtsGame& g) {
        if (m.quiet) return;
        out << "game " << n << " (" << opening << ", A " << (n % 2 == 1 ? "Black" : "White")
            << "): A "
            << (r == Outcome::win    ? "won"
                : r == Outcome::loss ? "lost"
                                     : "drew")
            << " in " << g.moves.size() << " plies (" << g.reason << ")" << std::endl;
      });
  char buf[160];
  std::snprintf(buf, sizeof buf, "%s against %s: +%d =%d -%d, %.1f/%d (%.1f%%)\n", m.a.c_str(),
                m.b.c_str(), score.wins, score.draws, score.losses, score.points(), score.games(),
                score.games() ? 100.0 * score.points() / score.games() : 0.0);
  out << buf;
  std::snprintf(buf, sizeof buf, "mean depth of look-ahead (deepest line, plies): A %.2f, B %.2f\n",
                score.mean_depth(0), score.mean_depth(1));
  out << buf;
  return 0;
}

}  // namespace

int cmd_learn(Args args, std::istream&, std::ostream& out, std::ostream& err) {
  CommandApp app("learn",
                 "Samuel's learning by generalization for draughts (Samuel 1959; Michie 1966, "
                 "Fig. 6), and matches to measure what it learnt.");
  app.require_subcommand(1);

  LearnArgs l;
  auto* samuel = app.add_subcommand(
      "samuel",
      "Alpha plays Beta; Alpha's coefficients move after each move; saved after each game");
  samuel->add_option("--games", l.games, "games to play now (default 10)")
      ->check(whole_number(1, 100000));
  samuel->add_option("--out", l.out, "the run's JSON file (written after every game)")->required();
  samuel->add_flag("--resume", l.resume, "go on from the run in --out (its settings kept)");
  samuel->add_option("--svg", l.svg, "the coefficient plot (default: OUT.svg)");
  samuel->add_option("--depth", l.settings.depth, "look-ahead of Alpha and Beta (default 4)")
      ->check(whole_number(1, 8));
  samuel->add_option("--rate", l.settings.rate, "learning rate (default 0.01)")
      ->check(real_number(0, 10, true));
  samuel
      ->add_option("--swap-after", l.settings.swap_after,
                   "times a term is the weakest before it goes to the reserve (default 8)")
      ->check(whole_number(1, 1000));
  samuel->add_option("--max-plies", l.settings.max_plies, "a longer game is a draw (default 160)")
      ->check(whole_number(10, 1000));
  samuel->add_option("--seed", l.settings.seed, "seed of the openings drawn (default 1)");

  MatchArgs m;
  auto* match = app.add_subcommand(
      "samuel-match",
      "games between A and B from the three-move openings, colours exchanged: A and B are "
      "untrained, strachey (strategy 2) or a polynomial or run JSON file");
  match->add_option("A", m.a, "the first player")->required();
  match->add_option("B", m.b, "the second player")->required();
  match->add_option("--games", m.games, "games (default 20)")->check(whole_number(1, 100000));
  match->add_option("--depth", m.depth, "samuel's look-ahead (default 4)")
      ->check(whole_number(1, 8));
  match->add_option("--first-opening", m.first_opening, "index of the first opening (default 0)")
      ->check(whole_number(0, 100000));
  match->add_option("--max-plies", m.max_plies, "a longer game is a draw (default 160)")
      ->check(whole_number(10, 1000));
  match->add_flag("--rote-a", m.rote_a,
                  "A learns by rote as it plays (its store kept across games)");
  match->add_flag("--rote-b", m.rote_b, "B learns by rote as it plays");
  match->add_option(
      "--rote-file-a", m.rote_file_a,
      "A learns by rote with its store in this file (read first, written at each game)");
  match->add_flag("--quiet", m.quiet, "only the final score");

  if (auto status = parse_args(app, args, out, err)) return *status;
  if (samuel->parsed()) return run_learn(l, out, err);
  return run_samuel_match(m, out, err);
}

}  // namespace minimax::cli
