#pragma once
// The draughts engine's network learnt by self-play from the rules alone (`minimax learn
// draughts-net`; docs/learning-draughts.md). A run is a folder:
//
//   run.json            the settings and what each generation did (games, results, positions,
//                       seconds, losses), rewritten atomically after each generation
//   nets/gen-G.fnet     the network after generation G in floating point (the trainer's checkpoint)
//   nets/gen-G.nnue     the same, quantized: what the engine loads (EvalFile)
//   data/gen-G-C.bin    the positions of chunk C of generation G's games
//
// Generation 0 is a network of small random weights from the seed: it knows nothing. Generation
// G plays `games` games of the engine against itself with generation G - 1's network, a fixed node
// count a move, each from a few random plies (game i seeded from (seed, G, i)), the endgame
// databases ending a game once they hold it; every quiet position (no capture to make) is kept with
// the search's score and the game's result. The network of G - 1 is then trained on the positions
// of the last `window` generations, each labelled lambda * sigmoid(score / kEvalScale) +
// (1 - lambda) * result, and saved as generation G.
//
// Every file is written whole (core/atomic_file.hpp), each data chunk when its games are done, so a
// run killed at any moment goes on from its last chunk or generation, and, the games and the
// training being deterministic, ends with the same networks as a run never stopped. Under mpirun
// the chunks are shared among the processes (learn/distributed.hpp); rank 0 writes and trains.
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "core/expected.hpp"
#include "games/draughts/draughts.hpp"
#include "machines/draughts/egdb/egdb.hpp"
#include "nn/network.hpp"

namespace minimax::learn::draughts_net {

struct Settings {
  int games = 1000;            // a generation
  std::uint64_t nodes = 4000;  // a move
  int random_plies = 6;        // random moves from the start before the engine plays
  int max_plies = 300;         // a game that reaches it is drawn
  int hidden = 128;            // the network's hidden units per perspective
  int buckets = 1;             // its output buckets, by the number of pieces (nnue.hpp)
  int window = 3;              // generations whose positions are trained on
  double lambda = 0.5;         // weight of the search's score in the label (the rest: the result)
  int epochs = 10;
  int batch = 4096;
  double learning_rate = 0.002;
  int threads = 2;       // self-play and training threads in each process
  int chunk = 50;        // games a data file
  int egdb_pieces = 4;   // the databases that end a game (0: none)
  std::string egdb_dir;  // empty: the default cache folder
  std::uint64_t seed = 1;
};

struct Generation {
  int games = 0;
  int black_wins = 0, draws = 0, white_wins = 0;
  std::uint64_t positions = 0;  // kept from this generation's games
  std::uint64_t trained_on = 0;
  double play_seconds = 0, train_seconds = 0;
  double train_loss = 0, validation_loss = 0;
  double average_plies = 0;
  Settings settings;  // those it was played and trained with
};

struct Run {
  Settings settings;
  std::vector<Generation> generations;  // [0] is generation 1
};

// One kept position: Strachey's words, the side to move, the game's result and the search's score
// from the side to move's view.
struct Sample {
  draughts::Bits black = 0, white = 0, kings = 0;
  bool black_to_move = true;
  std::int8_t result = 0;  // +1 won, 0 drawn, -1 lost
  std::int16_t score = 0;
};

struct GameRecord {
  int result = 0;  // for Black: +1, 0, -1
  int plies = 0;
  std::vector<Sample> samples;
};

// Game `index` of generation `generation`, played with `net` (nullptr: the hand-set evaluation).
GameRecord play_game(const Settings& settings, const nn::Network* net,
                     const draughts::egdb::Database* db, int generation, int index);

// Runs generations until the run has `generations` of them. A folder with a run goes on from it
// with the run's settings, except those named in `changed` (run.json's keys: "nodes", "lambda",
// ...), which `settings` gives from the next generation on; "hidden", "chunk" and "seed" belong to
// the whole run and cannot change, and a generation whose games have begun is played to its end
// with the settings it began with. A new run takes `settings`. Progress lines go to `out`; an
// Error stops the run with everything done so far kept.
Status run(const std::string& dir, const Settings& settings,
           const std::vector<std::string>& changed, int generations, std::ostream& out);

// A fresh network (random weights from `settings.seed`, of `settings.hidden` units and
// `settings.buckets` buckets) trained on the positions of generations `first` to `last` of the run
// in `dir` (its data files, labelled with `settings.lambda`), written to `path` (the engine's
// format) and `path` + ".fnet" (the trainer's): for trying a shape, a label or a training setting
// on data already played, without playing again.
Status fit(const std::string& dir, int first, int last, const Settings& settings,
           const std::string& path, std::ostream& out);

// The keys of run.json's settings that stay what the run began with.
inline const std::vector<std::string> kWholeRunSettings = {"hidden", "buckets", "chunk", "seed"};
// Those that decide the games (the others only the training).
inline const std::vector<std::string> kPlaySettings = {"games",     "nodes",       "random_plies",
                                                       "max_plies", "egdb_pieces", "egdb_dir"};

Expected<Run> load_run(const std::string& dir);

}  // namespace minimax::learn::draughts_net
