// minimax learn samuel ...: Samuel's learning by generalization (Alpha against Beta), saved and
// resumable, with its coefficient history drawn as in Michie 1966, Fig. 6; and
// minimax learn samuel-match A B ...: what a polynomial learnt, measured in games; and
// minimax learn chess ... / chess-elo RUN ...: the chess engine's evaluation learnt by self-play
// from material only, and its Elo against self-play games. The chess commands (and samuel-match
// without rote learning) share their games among the processes of `mpirun -n K minimax learn ...`
// (learn/distributed.hpp).
#include <filesystem>
#include <iostream>
#include <iterator>
#include <memory>
#include <ostream>
#include <sstream>
#include <string>
#include <string_view>

#include "cli/app.hpp"
#include "cli/commands.hpp"
#include "cli/learn_chess_report.hpp"
#include "cli/learn_net.hpp"
#include "core/atomic_file.hpp"
#include "core/text.hpp"
#include "learn/chess_elo.hpp"
#include "learn/chess_learning.hpp"
#include "learn/distributed.hpp"
#include "learn/samuel_learning.hpp"
#include "learn/samuel_match.hpp"
#include "machines/draughts/samuel.hpp"
#include "machines/draughts/strachey.hpp"

namespace minimax::cli {

namespace {

namespace ls = learn::samuel;
namespace dist = learn::distributed;

// Every process under mpirun says why it cannot join the world: the line goes out in one write,
// so two processes' lines never interleave on a shared stderr.
void world_error(std::ostream& err, std::string_view command, const std::string& why) {
  err << ("minimax learn " + std::string(command) + ": " + why + '\n') << std::flush;
}

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

struct SamuelMatchArgs {
  std::string a, b;
  int games = 20, depth = 4, max_plies = 160;
  int first_opening = 0;
  bool rote_a = false, rote_b = false, quiet = false;
  std::string rote_file_a;
};

int run_samuel_match(const SamuelMatchArgs& m, std::ostream& out, std::ostream& err) {
  auto a = match_player(m.a, m.depth, m.rote_a, m.rote_file_a);
  auto b = match_player(m.b, m.depth, m.rote_b, "");
  if (!a || !b) {
    err << "minimax learn samuel-match: " << (!a ? a.error() : b.error()) << '\n';
    return 2;
  }
  ls::GameSettings gs;
  gs.max_plies = m.max_plies;
  auto report = [&](std::ostream& to, int n, const std::string& opening, Outcome r,
                    const ls::DraughtsGame& g) {
    if (m.quiet) return;
    to << "game " << n << " (" << opening << ", A " << (n % 2 == 1 ? "Black" : "White") << "): A "
       << (r == Outcome::win    ? "won"
           : r == Outcome::loss ? "lost"
                                : "drew")
       << " in " << g.moves.size() << " plies (" << g.reason << ")" << std::endl;
  };
  auto world = dist::world();
  if (!world) {
    world_error(err, "samuel-match", world.error());
    return 1;
  }
  ls::MatchScore score;
  if (world->size == 1) {
    score =
        ls::play_draughts_match(**a, **b, m.games, static_cast<std::size_t>(m.first_opening), gs,
                                [&](int n, const std::string& opening, Outcome r,
                                    const ls::DraughtsGame& g) { report(out, n, opening, r, g); });
    dist::finish();
  } else {
    // Shared among processes: each game is independent of the others unless a player learns by
    // rote (its store goes from game to game), which only one process can play.
    if (m.rote_a || m.rote_b || !m.rote_file_a.empty()) {
      if (world->leader())
        err << "minimax learn samuel-match: rote learning carries its store from game to game; "
               "play it in one process, not under mpirun\n";
      dist::finish();
      return 2;
    }
    const auto openings = ls::three_move_openings();
    const auto games = dist::run_jobs(m.games, [&](int i) {
      ls::MatchScore one;
      std::ostringstream line;
      ls::play_draughts_match_game(
          **a, **b, i, static_cast<std::size_t>(m.first_opening), gs, openings, one,
          [&](int n, const std::string& opening, Outcome r, const ls::DraughtsGame& g) {
            report(line, n, opening, r, g);
          });
      std::ostringstream text;
      text << one.wins << ' ' << one.draws << ' ' << one.losses << ' ' << one.moves[0] << ' '
           << one.moves[1] << ' ' << one.depth_sum[0] << ' ' << one.depth_sum[1] << '\n'
           << line.str();
      return text.str();
    });
    dist::finish();
    if (!world->leader()) return 0;
    for (const auto& g : games) {
      std::istringstream in(g);
      ls::MatchScore one;
      in >> one.wins >> one.draws >> one.losses >> one.moves[0] >> one.moves[1] >>
          one.depth_sum[0] >> one.depth_sum[1];
      in.ignore(1);
      std::string rest((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      out << rest;
      score.wins += one.wins;
      score.draws += one.draws;
      score.losses += one.losses;
      for (int p = 0; p < 2; ++p) {
        score.moves[p] += one.moves[p];
        score.depth_sum[p] += one.depth_sum[p];
      }
    }
  }
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

namespace cl = learn::chess_learning;

struct ChessArgs {
  std::string out;
  int iterations = 1;
  bool resume = false, verbose = false;
  cl::Settings settings;
};

// Rank 0 decides and tells the others; an error it meets reaches every process as "error: ...",
// so that all stop together.
constexpr std::string_view kErrorMark = "error: ";

int run_learn_chess(const ChessArgs& a, std::ostream& out, std::ostream& err) {
  auto world = dist::world();
  if (!world) {
    world_error(err, "chess", world.error());
    return 1;
  }
  const bool leader = world->leader();
  std::ostream& say = out;
  cl::Run run;
  std::string state;
  if (leader) {
    Expected<cl::Run> r = Error{""};
    if (a.resume)
      r = cl::load_run(a.out);
    else if (std::filesystem::exists(a.out))
      r = Error{"'" + a.out + "' exists: go on with --resume, or name another --out"};
    else
      r = cl::new_run(a.settings);
    if (r) {
      run = std::move(*r);
      state = cl::to_json(run, false);
    } else {
      state = std::string(kErrorMark) + r.error();
    }
  }
  state = dist::broadcast(state);
  if (state.rfind(kErrorMark, 0) == 0) {
    if (leader) err << "minimax learn chess: " << state.substr(kErrorMark.size()) << '\n';
    dist::finish();
    return 1;
  }
  if (!leader) run = *cl::from_json(state, false);
  if (leader) {
    if (a.resume)
      say << "resuming after " << run.iterations.size() << " iterations (" << run.games()
          << " games)\n";
    if (world->size > 1) say << world->size << " processes play the games\n";
  }
  for (int n = 0; n < a.iterations; ++n) {
    const int t = static_cast<int>(run.iterations.size()) + 1;
    const cl::EvalParams table = run.current();
    const auto games = dist::run_jobs(run.settings.games, [&](int i) {
      return cl::play_selfplay_job(run.settings, table, t, i);
    });
    std::string next;
    if (leader) {
      auto s = cl::finish_iteration(run, games, a.verbose ? &say : nullptr);
      if (s) s = cl::save_run(run, a.out);
      if (!s) {
        next = std::string(kErrorMark) + s.error();
      } else {
        const auto& it = run.iterations.back();
        char line[256];
        std::snprintf(line, sizeof line,
                      "iteration %d: %d games (+%d =%d -%d for White), %d positions, fit on %d: "
                      "error %.5f -> %.5f (K %.3f); saved %s\n",
                      t, static_cast<int>(it.results.size()), it.white_wins, it.draws,
                      it.black_wins, it.positions, it.fitted, it.error_before, it.error_after,
                      run.k, a.out.c_str());
        say << line << std::flush;
        next = cl::params_to_json(run.current());
      }
    }
    next = dist::broadcast(next);
    if (next.rfind(kErrorMark, 0) == 0) {
      if (leader) err << "minimax learn chess: " << next.substr(kErrorMark.size()) << '\n';
      dist::finish();
      return 1;
    }
    if (!leader) {
      cl::Iteration it;
      it.params = *cl::params_from_json(next);
      run.iterations.push_back(std::move(it));
    }
  }
  if (leader) {
    const auto& p = run.current();
    namespace eng = chess::engine;
    say << "after " << run.iterations.size() << " iterations (" << run.games()
        << " games): material (mg/eg) P " << eng::mg_value(p[eng::kMaterial]) << '/'
        << eng::eg_value(p[eng::kMaterial]) << " N " << eng::mg_value(p[eng::kMaterial + 1]) << '/'
        << eng::eg_value(p[eng::kMaterial + 1]) << " B " << eng::mg_value(p[eng::kMaterial + 2])
        << '/' << eng::eg_value(p[eng::kMaterial + 2]) << " R "
        << eng::mg_value(p[eng::kMaterial + 3]) << '/' << eng::eg_value(p[eng::kMaterial + 3])
        << " Q " << eng::mg_value(p[eng::kMaterial + 4]) << '/'
        << eng::eg_value(p[eng::kMaterial + 4]) << '\n';
  }
  dist::finish();
  return 0;
}

struct ChessEloArgs {
  std::string run, svg, table, checkpoints, against = "material,shannon,shipped";
  learn::chess_elo::Settings settings;
  bool nodes_given = false;
};

// "0,2,4" -> {0, 2, 4}.
Expected<std::vector<int>> int_list(const std::string& text, const std::string& what) {
  std::vector<int> v;
  for (const auto& part : split(text, ',')) {
    auto n = parse_int(trim(part));
    if (!n || *n < 0 || *n > 100000)
      return Error{"bad " + what + " '" + std::string(part) + "': expected whole numbers"};
    v.push_back(static_cast<int>(*n));
  }
  return v;
}

int run_chess_elo(ChessEloArgs a, std::ostream& out, std::ostream& err) {
  namespace ce = learn::chess_elo;
  auto world = dist::world();
  if (!world) {
    world_error(err, "chess-elo", world.error());
    return 1;
  }
  // Every process reads the run (they share its folder, or each host has a copy of it).
  auto run = cl::load_run(a.run);
  auto fail = [&](const std::string& what, int rc) {
    if (world->leader()) err << "minimax learn chess-elo: " << what << '\n';
    dist::finish();
    return rc;
  };
  if (!run) return fail(run.error(), 1);
  if (!a.checkpoints.empty()) {
    auto c = int_list(a.checkpoints, "checkpoint list");
    if (!c) return fail(c.error(), 2);
    a.settings.checkpoints = *c;
  }
  a.settings.opponents.clear();
  for (const auto& o : split(a.against, ',')) a.settings.opponents.emplace_back(trim(o));
  if (!a.nodes_given) a.settings.nodes = run->settings.nodes;
  a.settings.random_plies = run->settings.random_plies;
  a.settings.max_plies = run->settings.max_plies;
  if (auto s = ce::check(a.settings, *run); !s) return fail(s.error(), 2);
  const auto results = dist::run_jobs(ce::job_count(a.settings, *run),
                                      [&](int job) { return ce::play_job(a.settings, *run, job); });
  int rc = 0;
  if (world->leader()) {
    const auto m = ce::tally(a.settings, *run, results);
    const std::string stem =
        a.run.size() > 5 && a.run.ends_with(".json") ? a.run.substr(0, a.run.size() - 5) : a.run;
    const std::string svg = a.svg.empty() ? stem + "-elo.svg" : a.svg;
    const std::string table = a.table.empty() ? stem + "-elo.md" : a.table;
    const std::string text = chess_elo_table(m);
    out << text;
    Status s = write_file_atomically(svg, chess_elo_svg(m));
    if (s) s = write_file_atomically(table, text);
    if (!s) {
      err << "minimax learn chess-elo: " << s.error() << '\n';
      rc = 1;
    } else {
      out << "saved " << table << " and " << svg << '\n';
    }
  }
  dist::finish();
  return rc;
}

}  // namespace

int cmd_learn(Args args, std::istream&, std::ostream& out, std::ostream& err) {
  CommandApp app(
      "learn",
      "Samuel's learning by generalization for draughts (Samuel 1959; Michie 1966, "
      "Fig. 6), and matches to measure what it learnt; the chess engine's evaluation "
      "learnt by self-play, and its Elo curve; the draughts engine's network learnt by self-play.");
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

  SamuelMatchArgs m;
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

  ChessArgs c;
  auto* chess = app.add_subcommand(
      "chess",
      "the chess engine's evaluation learnt by self-play alone from material only: iterations "
      "of self-play games and a Texel fit; saved after each iteration (mpirun -n K shares the "
      "games among K processes)");
  chess->add_option("--out", c.out, "the run's JSON file (written after every iteration)")
      ->required();
  chess->add_option("--iterations", c.iterations, "iterations to play now (default 1)")
      ->check(whole_number(1, 10000));
  chess->add_flag("--resume", c.resume, "go on from the run in --out (its settings kept)");
  chess->add_flag("--verbose", c.verbose, "the fit's progress");
  chess->add_option("--games", c.settings.games, "self-play games an iteration (default 100)")
      ->check(whole_number(1, 1000000));
  chess->add_option("--nodes", c.settings.nodes, "nodes a move (default 3000)")
      ->check(whole_number(1, 100000000));
  chess->add_option("--seed", c.settings.seed, "seed of the games' openings (default 1)");
  chess->add_option("--start", c.settings.start, "the starting table: material or shannon")
      ->check(CLI::IsMember({"material", "shannon"}));
  chess
      ->add_option("--random-plies", c.settings.random_plies,
                   "random opening plies of each game (default 8)")
      ->check(whole_number(0, 40));
  chess->add_option("--max-plies", c.settings.max_plies, "a longer game is a draw (default 300)")
      ->check(whole_number(10, 2000));
  chess->add_option("--epochs", c.settings.epochs, "the fit's epochs an iteration (default 200)")
      ->check(whole_number(1, 100000));
  chess->add_option("--rate", c.settings.learning_rate, "the fit's step, centipawns (default 2)")
      ->check(real_number(0, 1000, true));
  chess
      ->add_option("--lambda", c.settings.lambda,
                   "weight of the game result against the search's score (default 1)")
      ->check(real_number(0, 1));
  chess
      ->add_option("--positions", c.settings.positions_per_game,
                   "quiet positions kept a game, spread along it (default 20; 0: all)")
      ->check(whole_number(0, 10000));
  chess
      ->add_option("--l2", c.settings.l2,
                   "ridge pull of each fit towards the table it starts from (default 20)")
      ->check(real_number(0, 1e6));
  chess
      ->add_option("--validation", c.settings.validation_fraction,
                   "fraction of the newest positions held out for early stopping (default 0)")
      ->check(real_number(0, 0.5));
  chess
      ->add_option("--window", c.settings.window,
                   "iterations whose positions are fitted (default 0: all)")
      ->check(whole_number(0, 10000));

  ChessEloArgs e;
  auto* chess_elo = app.add_subcommand(
      "chess-elo",
      "each checkpoint of a chess learning run against material only, Shannon's f(P) and the "
      "shipped table: a table of Elo and a curve against self-play games (SVG)");
  chess_elo->add_option("RUN", e.run, "the run's JSON file")->required();
  chess_elo
      ->add_option("--games", e.settings.games,
                   "games per checkpoint and opponent, in pairs (default 100)")
      ->check(whole_number(2, 100000));
  chess_elo->add_option("--nodes", e.settings.nodes, "nodes a move (default: the run's)")
      ->check(whole_number(1, 100000000));
  chess_elo->add_option("--seed", e.settings.seed, "seed of the openings (default 1)");
  chess_elo->add_option("--checkpoints", e.checkpoints,
                        "iterations to measure, e.g. 0,2,4,8 (default: all, 0 the start)");
  chess_elo->add_option("--against", e.against,
                        "opponents among material, shannon, shipped (default all three)");
  chess_elo->add_option("--svg", e.svg, "the curve (default: RUN-elo.svg)");
  chess_elo->add_option("--table", e.table, "the table (default: RUN-elo.md)");

  CLI::App* draughts_net = nullptr;
  const auto run_draughts_net = add_learn_draughts_net(app, draughts_net);
  CLI::App* draughts_fit = nullptr;
  const auto run_draughts_fit = add_learn_draughts_fit(app, draughts_fit);
  CLI::App* chess_net = nullptr;
  const auto run_chess_net = add_learn_chess_net(app, chess_net);
  CLI::App* chess_fit = nullptr;
  const auto run_chess_fit = add_learn_chess_fit(app, chess_fit);

  if (auto status = parse_args(app, args, out, err)) return *status;
  if (draughts_net->parsed()) return run_draughts_net(out, err);
  if (draughts_fit->parsed()) return run_draughts_fit(out, err);
  if (chess_net->parsed()) return run_chess_net(out, err);
  if (chess_fit->parsed()) return run_chess_fit(out, err);
  if (samuel->parsed()) return run_learn(l, out, err);
  if (chess->parsed()) {
    if (c.resume)
      for (const char* fixed :
           {"--games", "--nodes", "--seed", "--start", "--random-plies", "--max-plies", "--epochs",
            "--rate", "--lambda", "--window", "--l2", "--validation", "--positions"})
        if (chess->count(fixed) > 0) {
          err << "minimax learn chess: " << fixed
              << " cannot be given with --resume (the run keeps its settings)\n";
          return 2;
        }
    return run_learn_chess(c, out, err);
  }
  if (chess_elo->parsed()) {
    e.nodes_given = chess_elo->count("--nodes") > 0;
    return run_chess_elo(e, out, err);
  }
  return run_samuel_match(m, out, err);
}

}  // namespace minimax::cli
