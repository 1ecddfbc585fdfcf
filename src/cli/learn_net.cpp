#include "cli/learn_net.hpp"

#include <filesystem>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "core/text.hpp"
#include "learn/chess_net.hpp"
#include "learn/distributed.hpp"
#include "learn/draughts_net.hpp"
#include "learn/net_run.hpp"

namespace minimax::cli {

namespace {

namespace nr = learn::net_run;

// What differs between the games' learning commands.
struct NetCommand {
  std::string game;  // "draughts" or "chess": the commands are GAME-net and GAME-fit
  const nr::Game& (*spec)();
  nr::Settings defaults;
  bool databases = false;  // --egdb-pieces and --egdb-dir
};

NetCommand draughts_command() {
  return {"draughts", learn::draughts_net::game, nr::Settings{}, true};
}
NetCommand chess_command() {
  return {"chess", learn::chess_net::game, learn::chess_net::default_settings(), false};
}

std::string default_run_dir(const std::string& game) {
  const char* cache = std::getenv("XDG_CACHE_HOME");
  const char* home = std::getenv("HOME");
  const std::filesystem::path base =
      cache && *cache ? std::filesystem::path(cache)
                      : std::filesystem::path(home && *home ? home : ".") / ".cache";
  return (base / "minimax" / "learn" / (game + "-net")).string();
}

template <class T>
std::string text(const T& v) {
  std::ostringstream s;
  s << v;
  return s.str();
}

// The flags of the training, shared by GAME-net and GAME-fit.
void add_training_flags(CLI::App* command, nr::Settings& s, const nr::Settings& d) {
  command
      ->add_option("--hidden", s.hidden,
                   "hidden units per perspective (default " + text(d.hidden) + ")")
      ->check(CLI::IsMember({16, 32, 64, 128, 256, 512}));
  command
      ->add_option(
          "--buckets", s.buckets,
          "output buckets, by the number of pieces on the board (default " + text(d.buckets) + ")")
      ->check(whole_number(1, 8));
  command
      ->add_option("--activation", s.activation,
                   "the hidden units' activation: crelu (clipped to [0, 1]) or screlu (clipped "
                   "and squared) (default " +
                       d.activation + ")")
      ->check(CLI::IsMember({"crelu", "screlu"}));
  command
      ->add_option("--layer2", s.layer2,
                   "units of a second hidden layer between the first and the output, 0 for none "
                   "(default " +
                       text(d.layer2) + ")")
      ->check(CLI::IsMember({0, 8, 16, 32, 64}));
  command->add_flag("--patterns", s.patterns,
                    "draughts: patterns of two rows' eight squares, each state with its own weight "
                    "added to the output (docs/learning-draughts.md)");
  command->add_flag("--mirror", s.mirror,
                    "chess: each position trained on also as its mirror image, left and right "
                    "exchanged (docs/learning-chess-net.md)");
  command
      ->add_option("--lambda", s.lambda,
                   "weight of the search's score in the label; the rest is the result "
                   "(default " +
                       text(d.lambda) + ")")
      ->check(real_number(0, 1));
  command->add_option("--epochs", s.epochs, "training epochs (default " + text(d.epochs) + ")")
      ->check(whole_number(1, 10000));
  command->add_option("--batch", s.batch, "positions a minibatch (default " + text(d.batch) + ")")
      ->check(whole_number(1, 1000000));
  command
      ->add_option("--rate", s.learning_rate, "Adam's step (default " + text(d.learning_rate) + ")")
      ->check(real_number(0, 1, true));
  command
      ->add_option("--threads", s.threads,
                   "threads of each process (default " + text(d.threads) + ")")
      ->check(whole_number(1, 256));
}

std::function<int(std::ostream&, std::ostream&)> add_run_command(CLI::App& learn,
                                                                 CLI::App*& command,
                                                                 const NetCommand& spec) {
  struct Args {
    std::string dir;
    int generations = 1;
    nr::Settings settings;
  };
  auto a = std::make_shared<Args>();
  a->settings = spec.defaults;
  auto& s = a->settings;
  const nr::Settings& d = spec.defaults;
  command = learn.add_subcommand(
      spec.game + "-net",
      "the " + spec.game +
          " engine's network learnt by self-play: generations of games at a fixed node count, "
          "each followed by training; resumable after a kill (run it again); mpirun -n K shares "
          "the games among K processes");
  command->add_option(
      "--dir", a->dir,
      "the run's folder (default $XDG_CACHE_HOME/minimax/learn/" + spec.game + "-net)");
  command
      ->add_option("--generations", a->generations,
                   "run until the run has this many generations (default 1)")
      ->check(whole_number(1, 10000));
  command
      ->add_option("--games", s.games,
                   "self-play games a generation (default " + text(d.games) + ")")
      ->check(whole_number(1, 10000000));
  command->add_option("--nodes", s.nodes, "nodes a move (default " + text(d.nodes) + ")")
      ->check(whole_number(1, 100000000));
  command
      ->add_option("--random-plies", s.random_plies,
                   "random opening plies (default " + text(d.random_plies) + ")")
      ->check(whole_number(0, 40));
  command
      ->add_option("--max-plies", s.max_plies,
                   "a longer game is a draw (default " + text(d.max_plies) + ")")
      ->check(whole_number(10, 2000));
  command
      ->add_option("--window", s.window,
                   "generations of positions trained on (default " + text(d.window) + ")")
      ->check(whole_number(1, 1000));
  add_training_flags(command, s, d);
  command->add_option("--chunk", s.chunk, "games a data file (default " + text(d.chunk) + ")")
      ->check(whole_number(1, 100000));
  if (spec.databases) {
    command
        ->add_option("--egdb-pieces", s.egdb_pieces,
                     "endgame databases that end a game, up to this many pieces (default " +
                         text(d.egdb_pieces) + "; 0 none)")
        ->check(whole_number(0, 8));
    command->add_option("--egdb-dir", s.egdb_dir, "the databases' folder (default: the cache)");
  }
  command->add_option("--seed", s.seed, "seed of the openings and the first network (default 1)");
  command->add_option("--start", s.start,
                      "a network to begin a new run from (a .fnet, as " + spec.game +
                          "-fit writes, or a .nnue such as the built-in one) instead of " +
                          (spec.game == "chess" ? "the hand-set evaluation" : "random weights"));
  CLI::App* self = command;
  return [a, self, spec](std::ostream& out, std::ostream& err) {
    if (a->dir.empty()) a->dir = default_run_dir(spec.game);
    // The settings named on the command line: a run going on takes them from its next
    // generation (learn/net_run.hpp says which cannot change).
    std::vector<std::string> changed;
    for (const auto& [flag, key] : std::initializer_list<std::pair<const char*, const char*>>{
             {"--games", "games"},
             {"--nodes", "nodes"},
             {"--random-plies", "random_plies"},
             {"--max-plies", "max_plies"},
             {"--hidden", "hidden"},
             {"--buckets", "buckets"},
             {"--activation", "activation"},
             {"--layer2", "layer2"},
             {"--patterns", "patterns"},
             {"--mirror", "mirror"},
             {"--window", "window"},
             {"--lambda", "lambda"},
             {"--epochs", "epochs"},
             {"--batch", "batch"},
             {"--rate", "learning_rate"},
             {"--threads", "threads"},
             {"--chunk", "chunk"},
             {"--egdb-pieces", "egdb_pieces"},
             {"--egdb-dir", "egdb_dir"},
             {"--seed", "seed"},
             {"--start", "start"}})
      if (const auto* o = self->get_option_no_throw(flag); o && o->count() > 0)
        changed.emplace_back(key);
    const auto status = nr::run(spec.spec(), a->dir, a->settings, changed, a->generations, out);
    learn::distributed::finish();
    if (!status) {
      err << ("minimax learn " + spec.game + "-net: " + status.error() + "\n") << std::flush;
      return 1;
    }
    return 0;
  };
}

std::function<int(std::ostream&, std::ostream&)> add_fit_command(CLI::App& learn,
                                                                 CLI::App*& command,
                                                                 const NetCommand& spec) {
  struct Args {
    std::string dir, out;
    int first = 1, last = 0;
    std::vector<std::string> also;
    nr::Settings settings;
  };
  auto a = std::make_shared<Args>();
  a->settings = spec.defaults;
  a->settings.epochs = 12;
  const nr::Settings d = a->settings;
  command = learn.add_subcommand(
      spec.game + "-fit",
      "a fresh " + spec.game + " network trained on the positions a " + spec.game +
          "-net run has played, playing no games: for trying a shape or a label on data already "
          "made");
  command->add_option("OUT", a->out, "the network file to write (OUT.fnet beside it)")->required();
  command->add_option(
      "--dir", a->dir,
      "the run's folder (default $XDG_CACHE_HOME/minimax/learn/" + spec.game + "-net)");
  command->add_option("--from", a->first, "the first generation trained on (default 1)")
      ->check(whole_number(1, 10000));
  command->add_option("--to", a->last, "the last generation trained on (default the run's last)")
      ->check(whole_number(1, 10000));
  command->add_option("--also", a->also,
                      "the positions of another run too: DIR:G-H (its generations G to H); "
                      "repeatable");
  add_training_flags(command, a->settings, d);
  command->add_option("--seed", a->settings.seed,
                      "seed of the first weights and the order (default 1)");
  return [a, spec](std::ostream& out, std::ostream& err) {
    const std::string me = "minimax learn " + spec.game + "-fit: ";
    if (a->dir.empty()) a->dir = default_run_dir(spec.game);
    int last = a->last;
    if (last == 0) {
      const auto run = nr::load_run(a->dir);
      if (!run) {
        err << me << run.error() << "\n";
        return 1;
      }
      last = static_cast<int>(run->generations.size());
    }
    std::vector<nr::Source> sources = {{a->dir, a->first, last}};
    for (const std::string& also : a->also) {
      const auto colon = also.rfind(':');
      const auto dash = colon == std::string::npos ? colon : also.find('-', colon);
      const auto g = colon == std::string::npos
                         ? std::nullopt
                         : parse_int(also.substr(colon + 1, dash - colon - 1));
      const auto h = dash == std::string::npos ? std::nullopt : parse_int(also.substr(dash + 1));
      if (!g || !h) {
        err << me << "--also '" << also
            << "': expected DIR:G-H (generations G to H of the run in DIR)\n";
        return 1;
      }
      sources.push_back({also.substr(0, colon), static_cast<int>(*g), static_cast<int>(*h)});
    }
    const auto status = nr::fit(spec.spec(), sources, a->settings, a->out, out);
    if (!status) {
      err << ("minimax learn " + spec.game + "-fit: " + status.error() + "\n") << std::flush;
      return 1;
    }
    return 0;
  };
}

}  // namespace

std::function<int(std::ostream&, std::ostream&)> add_learn_draughts_net(CLI::App& learn,
                                                                        CLI::App*& command) {
  return add_run_command(learn, command, draughts_command());
}
std::function<int(std::ostream&, std::ostream&)> add_learn_draughts_fit(CLI::App& learn,
                                                                        CLI::App*& command) {
  return add_fit_command(learn, command, draughts_command());
}
std::function<int(std::ostream&, std::ostream&)> add_learn_chess_net(CLI::App& learn,
                                                                     CLI::App*& command) {
  return add_run_command(learn, command, chess_command());
}
std::function<int(std::ostream&, std::ostream&)> add_learn_chess_fit(CLI::App& learn,
                                                                     CLI::App*& command) {
  return add_fit_command(learn, command, chess_command());
}

}  // namespace minimax::cli
