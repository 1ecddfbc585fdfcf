#include "cli/learn_draughts_net.hpp"

#include <filesystem>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "learn/distributed.hpp"
#include "learn/draughts_net.hpp"

namespace minimax::cli {

namespace {

struct DraughtsNetArgs {
  std::string dir;
  int generations = 1;
  learn::draughts_net::Settings settings;
};

std::string default_run_dir() {
  const char* cache = std::getenv("XDG_CACHE_HOME");
  const char* home = std::getenv("HOME");
  const std::filesystem::path base =
      cache && *cache ? std::filesystem::path(cache)
                      : std::filesystem::path(home && *home ? home : ".") / ".cache";
  return (base / "minimax" / "learn" / "draughts-net").string();
}

}  // namespace

std::function<int(std::ostream&, std::ostream&)> add_learn_draughts_net(CLI::App& learn,
                                                                        CLI::App*& command) {
  auto a = std::make_shared<DraughtsNetArgs>();
  auto& s = a->settings;
  command = learn.add_subcommand(
      "draughts-net",
      "the draughts engine's network learnt by self-play from the rules alone: generations of "
      "games at a fixed node count, each followed by training; resumable after a kill (run it "
      "again); mpirun -n K shares the games among K processes");
  command->add_option("--dir", a->dir,
                      "the run's folder (default $XDG_CACHE_HOME/minimax/learn/draughts-net)");
  command
      ->add_option("--generations", a->generations,
                   "run until the run has this many generations (default 1)")
      ->check(whole_number(1, 10000));
  command->add_option("--games", s.games, "self-play games a generation (default 1000)")
      ->check(whole_number(1, 10000000));
  command->add_option("--nodes", s.nodes, "nodes a move (default 4000)")
      ->check(whole_number(1, 100000000));
  command->add_option("--random-plies", s.random_plies, "random opening plies (default 6)")
      ->check(whole_number(0, 40));
  command->add_option("--max-plies", s.max_plies, "a longer game is a draw (default 300)")
      ->check(whole_number(10, 2000));
  command->add_option("--hidden", s.hidden, "hidden units per perspective (default 128)")
      ->check(CLI::IsMember({16, 32, 64, 128, 256, 512}));
  command
      ->add_option("--buckets", s.buckets,
                   "output buckets, by the number of pieces on the board (default 1)")
      ->check(whole_number(1, 8));
  command->add_option("--window", s.window, "generations of positions trained on (default 3)")
      ->check(whole_number(1, 1000));
  command
      ->add_option("--lambda", s.lambda,
                   "weight of the search's score in the label; the rest is the result "
                   "(default 0.5)")
      ->check(real_number(0, 1));
  command->add_option("--epochs", s.epochs, "training epochs a generation (default 10)")
      ->check(whole_number(1, 10000));
  command->add_option("--batch", s.batch, "positions a minibatch (default 4096)")
      ->check(whole_number(1, 1000000));
  command->add_option("--rate", s.learning_rate, "Adam's step (default 0.002)")
      ->check(real_number(0, 1, true));
  command->add_option("--threads", s.threads, "threads of each process (default 2)")
      ->check(whole_number(1, 256));
  command->add_option("--chunk", s.chunk, "games a data file (default 50)")
      ->check(whole_number(1, 100000));
  command
      ->add_option("--egdb-pieces", s.egdb_pieces,
                   "endgame databases that end a game, up to this many pieces (default 4; 0 "
                   "none)")
      ->check(whole_number(0, 8));
  command->add_option("--egdb-dir", s.egdb_dir, "the databases' folder (default: the cache)");
  command->add_option("--seed", s.seed, "seed of the openings and the first network (default 1)");
  CLI::App* self = command;
  return [a, self](std::ostream& out, std::ostream& err) {
    if (a->dir.empty()) a->dir = default_run_dir();
    // The settings named on the command line: a run going on takes them from its next
    // generation (learn/draughts_net.hpp says which cannot change).
    std::vector<std::string> changed;
    for (const auto& [flag, key] : std::initializer_list<std::pair<const char*, const char*>>{
             {"--games", "games"},
             {"--nodes", "nodes"},
             {"--random-plies", "random_plies"},
             {"--max-plies", "max_plies"},
             {"--hidden", "hidden"},
             {"--buckets", "buckets"},
             {"--window", "window"},
             {"--lambda", "lambda"},
             {"--epochs", "epochs"},
             {"--batch", "batch"},
             {"--rate", "learning_rate"},
             {"--threads", "threads"},
             {"--chunk", "chunk"},
             {"--egdb-pieces", "egdb_pieces"},
             {"--egdb-dir", "egdb_dir"},
             {"--seed", "seed"}})
      if (self->count(flag) > 0) changed.emplace_back(key);
    const auto status = learn::draughts_net::run(a->dir, a->settings, changed, a->generations, out);
    learn::distributed::finish();
    if (!status) {
      err << ("minimax learn draughts-net: " + status.error() + "\n") << std::flush;
      return 1;
    }
    return 0;
  };
}

namespace {

struct DraughtsFitArgs {
  std::string dir, out;
  int first = 1, last = 0;
  learn::draughts_net::Settings settings;
};

}  // namespace

std::function<int(std::ostream&, std::ostream&)> add_learn_draughts_fit(CLI::App& learn,
                                                                        CLI::App*& command) {
  auto a = std::make_shared<DraughtsFitArgs>();
  auto& s = a->settings;
  s.epochs = 12;
  command = learn.add_subcommand(
      "draughts-fit",
      "a fresh draughts network trained on the positions a draughts-net run has played, playing "
      "no games: for trying a shape or a label on data already made");
  command->add_option("OUT", a->out, "the network file to write (OUT.fnet beside it)")->required();
  command->add_option("--dir", a->dir,
                      "the run's folder (default $XDG_CACHE_HOME/minimax/learn/draughts-net)");
  command->add_option("--from", a->first, "the first generation trained on (default 1)")
      ->check(whole_number(1, 10000));
  command->add_option("--to", a->last, "the last generation trained on (default the run's last)")
      ->check(whole_number(1, 10000));
  command->add_option("--hidden", s.hidden, "hidden units per perspective (default 128)")
      ->check(CLI::IsMember({16, 32, 64, 128, 256, 512}));
  command
      ->add_option("--buckets", s.buckets,
                   "output buckets, by the number of pieces on the board (default 1)")
      ->check(whole_number(1, 8));
  command
      ->add_option("--lambda", s.lambda,
                   "weight of the search's score in the label; the rest is the result "
                   "(default 0.5)")
      ->check(real_number(0, 1));
  command->add_option("--epochs", s.epochs, "training epochs (default 12)")
      ->check(whole_number(1, 10000));
  command->add_option("--batch", s.batch, "positions a minibatch (default 4096)")
      ->check(whole_number(1, 1000000));
  command->add_option("--rate", s.learning_rate, "Adam's step (default 0.002)")
      ->check(real_number(0, 1, true));
  command->add_option("--threads", s.threads, "threads (default 2)")->check(whole_number(1, 256));
  command->add_option("--seed", s.seed, "seed of the first weights and the order (default 1)");
  return [a](std::ostream& out, std::ostream& err) {
    if (a->dir.empty()) a->dir = default_run_dir();
    int last = a->last;
    if (last == 0) {
      const auto run = learn::draughts_net::load_run(a->dir);
      if (!run) {
        err << "minimax learn draughts-fit: " << run.error() << "\n";
        return 1;
      }
      last = static_cast<int>(run->generations.size());
    }
    const auto status = learn::draughts_net::fit(a->dir, a->first, last, a->settings, a->out, out);
    if (!status) {
      err << ("minimax learn draughts-fit: " + status.error() + "\n") << std::flush;
      return 1;
    }
    return 0;
  };
}

}  // namespace minimax::cli
