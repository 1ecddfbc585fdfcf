#pragma once
// A network learnt by self-play, for any game whose engine runs an nn::Network (draughts:
// learn/draughts_net.hpp; chess: learn/chess_net.hpp). A run is a folder:
//
//   run.json            the settings and what each generation did (games, results, positions,
//                       seconds, losses), rewritten atomically after each generation
//   nets/gen-G.fnet     the network after generation G in floating point (the trainer's checkpoint)
//   nets/gen-G.nnue     the same, quantized: what the engine loads (EvalFile)
//   data/gen-G-C.bin    the positions of chunk C of generation G's games
//
// Generation 0 is a network of small random weights from the seed: it knows nothing. Generation
// G plays `games` games of the engine against itself with generation G - 1's network (for a game
// whose run starts from its hand-set evaluation, generation 1 plays with that), a fixed node count
// a move, each from a few random plies (game i seeded from (seed, G, i) alone); the game keeps its
// quiet positions with the search's score and the game's result. The network of G - 1 is then
// trained on the positions of the last `window` generations, each labelled
// lambda * sigmoid(score / eval scale) + (1 - lambda) * result, and saved as generation G.
//
// Every file is written whole (core/atomic_file.hpp), each data chunk when its games are done, so a
// run killed at any moment goes on from its last chunk or generation, and, the games and the
// training being deterministic, ends with the same networks as a run never stopped. Under mpirun
// the chunks are shared among the processes (learn/distributed.hpp); rank 0 writes and trains.
#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.hpp"
#include "nn/network.hpp"

namespace minimax::learn::net_run {

struct Settings {
  int games = 1000;                  // a generation
  std::uint64_t nodes = 4000;        // a move
  int random_plies = 6;              // random moves from the start before the engine plays
  int max_plies = 300;               // a game that reaches it is drawn
  int hidden = 128;                  // the network's hidden units per perspective
  int buckets = 1;                   // its output buckets, by the number of pieces
  std::string activation = "crelu";  // its hidden units' (nn::parse_activation)
  int layer2 = 0;                    // units of its second hidden layer (0: none)
  bool patterns = false;             // the game's patterns as direct inputs (Game::pattern_inputs)
  bool mirror = false;  // each position trained on also as its mirror image (Game::mirror)
  int window = 3;       // generations whose positions are trained on
  double lambda = 0.5;  // weight of the search's score in the label (the rest: the result)
  int epochs = 10;
  int batch = 4096;
  double learning_rate = 0.002;
  int threads = 2;       // self-play and training threads in each process
  int chunk = 50;        // games a data file
  int egdb_pieces = 4;   // draughts: the databases that end a game (0: none)
  std::string egdb_dir;  // draughts: their folder (empty: the default cache folder)
  std::uint64_t seed = 1;
  // A network (a .fnet checkpoint, as `GAME-fit` writes, or an engine's .nnue, its integers taken
  // as floats) the run begins from instead of random weights or the hand-set evaluation: its
  // generation 1 plays with it and trains on from it. Its shape is the run's (hidden, buckets,
  // activation).
  std::string start;
};

struct Generation {
  int games = 0;
  int black_wins = 0, draws = 0, white_wins = 0;  // by the game's first and second player
  std::uint64_t positions = 0;                    // kept from this generation's games
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

// One game as a run keeps it: the result for the first player (+1, 0, -1), its length, and its
// kept positions, each `Game::sample_bytes` long, one after another.
struct Played {
  int result = 0;
  int plies = 0;
  int samples = 0;
  std::string bytes;
};

// A kept position read back for training: its active inputs from the side to move's perspective
// and the other's, its output bucket, the search's score (the engine's units, the side to move's
// view) and the game's result for the side to move (+1, 0, -1).
struct Features {
  int us[48], them[48];
  int nu = 0, nt = 0, bucket = 0;
  int score = 0, result = 0;
};

// What a game brings to a run.
struct Game {
  std::string_view chunk_magic;  // 8 bytes that open its data files
  std::size_t sample_bytes = 0;
  std::string_view tag;  // the network file's tag
  int inputs = 0;
  int eval_scale = 0;  // the engine's score = the network's logit x this
  // Generation 1 plays with generation 0's random network (true) or with the game's hand-set
  // evaluation (false); either way it trains generation 0's random weights.
  bool random_start = true;
  // Called once by each process before its first game (the draughts databases).
  std::function<Status(const Settings&, bool leader, std::ostream& out)> prepare;
  // Game `index` of generation `generation`, played with `net` (nullptr: the hand-set evaluation).
  std::function<Played(const Settings&, const nn::Network* net, int generation, int index)> play;
  // One sample's bytes read back, for a network of `buckets` output buckets.
  std::function<void(std::string_view sample, int buckets, Features& out)> read;
  // The game's patterns, the network's direct inputs (nn/network.hpp; 0: the game has none), and
  // what adds a sample's to the lists `read` filled, each as `inputs` + the pattern's number.
  int pattern_inputs = 0;
  std::function<void(std::string_view sample, Features& out)> read_patterns;
  // A symmetry of the board that keeps what a position is worth (chess: left and right exchanged),
  // as what it makes of a sample's inputs: each position is then trained on twice, as itself and
  // as its image (`mirror`). Empty where the game has none.
  std::function<void(Features& f)> mirror;
};

// Runs generations until the run has `generations` of them. A folder with a run goes on from it
// with the run's settings, except those named in `changed` (run.json's keys: "nodes", "lambda",
// ...), which `settings` gives from the next generation on; kWholeRunSettings cannot change, and a
// generation whose games have begun is played to its end with the settings it began with. A new
// run takes `settings`. Progress lines go to `out`; an Error stops the run with everything done so
// far kept.
Status run(const Game& game, const std::string& dir, const Settings& settings,
           const std::vector<std::string>& changed, int generations, std::ostream& out);

// Generations `first` to `last` of the run in `dir`.
struct Source {
  std::string dir;
  int first = 1, last = 1;
};

// A fresh network (random weights from `settings.seed`, of `settings.hidden` units and
// `settings.buckets` buckets) trained on the positions of `sources` (generations of one run or of
// several, labelled with `settings.lambda`), written to `path` (the engine's format) and
// `path` + ".fnet" (the trainer's): for trying a shape, a label or a training setting on data
// already played, without playing again.
Status fit(const Game& game, const std::vector<Source>& sources, const Settings& settings,
           const std::string& path, std::ostream& out);

Expected<Run> load_run(const std::string& dir);

// The keys of run.json's settings that stay what the run began with.
inline const std::vector<std::string> kWholeRunSettings = {
    "hidden", "buckets", "activation", "layer2", "patterns", "chunk", "seed", "start"};
// Those that decide the games (the others only the training).
inline const std::vector<std::string> kPlaySettings = {"games",     "nodes",       "random_plies",
                                                       "max_plies", "egdb_pieces", "egdb_dir"};

// A 64-bit mix of two numbers (the games' and the training's seeds).
std::uint64_t mix(std::uint64_t a, std::uint64_t b);

}  // namespace minimax::learn::net_run
