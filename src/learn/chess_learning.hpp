#pragma once
// The chess engine's evaluation learnt from self-play alone (issue 11 item 3).
//
// A run starts from a table with material only (or Shannon 1950's f(P) as the engine's terms
// express it, learn/chess_games.hpp) and repeats one iteration:
//   1. G games of the engine against itself with the current table, a fixed node count a move,
//      game i of iteration t seeded from (seed, t, i), from a few random opening plies;
//   2. the quiet positions of every game so far (or of the last `window` iterations), each with
//      its game's result, fitted by the Texel tuner (learn/tuner.hpp), starting from the current
//      table; the logistic scale K is fitted once, on the first iteration's positions with the
//      starting table, and kept, so that a pawn stays about 100 centipawns;
//   3. the new table saved with the run (JSON, atomically), from which the run can go on.
// The games of an iteration may be played by many processes (learn/distributed.hpp); rank 0 fits
// and saves. docs/learning-chess.md says why Texel's method and not TD-leaf or SPSA.
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "core/expected.hpp"
#include "learn/chess_games.hpp"

namespace minimax::learn::chess_learning {

using chess_games::EvalParams;

struct Settings {
  int games = 100;             // self-play games an iteration
  std::uint64_t nodes = 3000;  // per move
  int random_plies = 8;
  int max_plies = 300;
  int positions_per_game = 20;  // quiet positions kept, evenly spaced along the game (0: all)
  std::uint64_t seed = 1;
  std::string start = "material";  // material or shannon
  // The fit.
  int epochs = 200;
  double learning_rate = 2.0;        // Adam's step, centipawns
  double validation_fraction = 0.0;  // newest positions held out for early stopping
  double lambda = 1.0;               // 1: the game results alone
  double l2 = 20.0;                  // ridge pull towards the table the fit starts from
  int window = 0;                    // iterations whose positions are fitted; 0: all
};

struct Iteration {
  int games = 0;  // self-play games played in all, after this iteration
  int white_wins = 0, draws = 0, black_wins = 0;
  int positions = 0;  // quiet positions this iteration added
  int fitted = 0;     // positions the fit used
  double error_before = 0, error_after = 0, validation = 0;
  std::vector<std::string> results;  // each game's result, in game order
  EvalParams params{};               // the table after the fit
};

struct Run {
  Settings settings;
  EvalParams start{};
  double k = 0;  // the tuner's logistic scale (0 until the first fit)
  std::vector<Iteration> iterations;
  std::vector<std::vector<std::string>> positions;  // by iteration, "FEN result score" lines
  [[nodiscard]] const EvalParams& current() const {
    return iterations.empty() ? start : iterations.back().params;
  }
  [[nodiscard]] int games() const { return iterations.empty() ? 0 : iterations.back().games; }
  // The table after iteration t (0: the start).
  [[nodiscard]] const EvalParams& table(int t) const {
    return t == 0 ? start : iterations[static_cast<std::size_t>(t - 1)].params;
  }
};

Expected<Run> new_run(const Settings& settings);

// The games of iteration `iteration` (1-based) as jobs: job(i) plays game i with `table` and
// returns it as text (chess_games::to_text).
std::string play_selfplay_job(const Settings& settings, const EvalParams& table, int iteration,
                              int index);

// Adds an iteration to the run from its games' texts in game order, and fits the table.
Status finish_iteration(Run& run, const std::vector<std::string>& games,
                        std::ostream* progress = nullptr);

// JSON: the settings, the starting table, K, every iteration's table and games, and the positions
// (`with_positions` false leaves them out: what the other processes need).
std::string to_json(const Run& run, bool with_positions = true);
Expected<Run> from_json(const std::string& text, bool with_positions = true);
Expected<Run> load_run(const std::string& path);
Status save_run(const Run& run, const std::string& path);

// A table as JSON: {"material": [[mg, eg], ...], "pst": [...], ...}, and back.
std::string params_to_json(const EvalParams& params);
Expected<EvalParams> params_from_json(const std::string& text);

}  // namespace minimax::learn::chess_learning
