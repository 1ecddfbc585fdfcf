#pragma once
// Texel-style tuning of the engine's evaluation table (Peter Österlund's method, 2014): over many
// positions with known game results, choose the coefficients that minimise the mean squared
// difference between the result (1, 1/2, 0 for White) and a logistic function of the evaluation.
// The evaluation is linear in the table (engine/evaluate.hpp's trace), so the gradient is exact
// and cheap; the optimiser is Adam over all entries at once.
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "core/expected.hpp"
#include "games/chess/position.hpp"
#include "machines/chess/engine/eval_params.hpp"

namespace minimax::learn {

struct TuningEntry {
  std::vector<std::pair<std::int16_t, std::int16_t>>
      coef;  // (parameter index, count), nonzero only
  std::int16_t phase = 0;
  std::int16_t scale = 64;
  float result = 0.5f;     // for White: 1 win, 0.5 draw, 0 loss (any value in [0, 1] is accepted)
  bool has_score = false;  // a search score followed the result
  float score = 0;         // that score, centipawns from White's side
};

// One line: a FEN (4 to 6 fields) and a result anywhere after it: 1-0, 0-1, 1/2-1/2 (optionally
// quoted, as in c9 "1-0";) or a number in [0, 1], optionally followed by a search score in
// centipawns from White's side (what `tune --selfplay` writes). Lines starting with '#' are
// skipped.
Expected<TuningEntry> parse_tuning_line(const std::string& line,
                                        const chess::engine::EvalParams& params);
Expected<std::vector<TuningEntry>> read_tuning_set(std::istream& in,
                                                   const chess::engine::EvalParams& params);

struct TunerOptions {
  int epochs = 300;
  double learning_rate = 1.0;  // Adam: the step, in centipawns; plain gradient descent: the factor
  // Adam (the default) moves every entry at about the same pace, however few positions touch it;
  // plain gradient descent moves each in proportion to its gradient, so rare entries move little.
  bool adam = true;
  bool tune_k = true;  // fit the logistic scale K first
  double k = 1.0;
  // The last fraction of the set (contiguous, so mostly other games than the training part) is
  // held out; the table returned is the one with the lowest error there (early stopping).
  double validation_fraction = 0.0;
  // Ridge penalty pulling every entry towards its starting value: l2 * mean over entries of
  // ((value - start) / 100)^2 is added to the error, so an entry that few positions touch stays
  // near where chess knowledge put it instead of fitting their noise.
  double l2 = 0.0;
  // The target of each position: lambda * result + (1 - lambda) * logistic(K * score / 400) where
  // a search score is given (1: the game result alone, Texel's original; less: the search's
  // opinion of the position too, which is far less noisy than one game's result).
  double lambda = 1.0;
};

struct TunerReport {
  double k = 1.0;
  double initial_error = 0, final_error = 0;           // on the training part
  double initial_validation = 0, best_validation = 0;  // on the held-out part (if any)
  int best_epoch = 0;
  int epochs = 0;
};

// The mean squared error of the table over the set, with logistic scale k.
double tuning_error(const std::vector<TuningEntry>& set, const chess::engine::EvalParams& params,
                    double k);
// The K that minimises the error for the given table (golden-section search on [0.1, 4]).
double fit_k(const std::vector<TuningEntry>& set, const chess::engine::EvalParams& params);
// Tunes `params` in place; returns what it did.
TunerReport tune(const std::vector<TuningEntry>& set, chess::engine::EvalParams& params,
                 const TunerOptions& options, std::ostream* progress = nullptr);

}  // namespace minimax::learn
