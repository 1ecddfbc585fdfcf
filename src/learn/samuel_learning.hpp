#pragma once
// Samuel's learning by generalization (Samuel 1959; Michie 1966, section 7 and Fig. 6).
//
// Two players, Alpha and Beta, play each other with the same search and their own scoring
// polynomials (machines/draughts/samuel.hpp). Beta's polynomial stays fixed during a game; Alpha
// changes its own after each of its moves:
//   - delta: the backed-up score the look-ahead gave the position Alpha moved from, minus
//     Alpha's static score of that same position (Samuel's delta), clipped to one man either way;
//   - the static score, for the side to move, is piece advantage minus the sum of c * f, f a term's
//     value for the passive side; each working coefficient moves by -rate * delta * f / (1 + sum
//     of f^2), a normalised least-mean-squares step that brings the static score towards the
//     backed-up one, and is kept within +-kMaxCoefficient.
// After each game: if Alpha won, Beta takes Alpha's polynomial (Samuel let Beta adopt Alpha's
// after a win); and the working term with the smallest coefficient (in size) is marked; a term
// marked `swap_after` times is dropped to the back of the reserve, and the term at the front of the
// reserve comes in with coefficient 0 and no marks, and is not marked until it has played
// `swap_after` games (Michie: terms whose coefficients gravitated to zero were
// replaced from a reserve list).
//
// A run is a JSON file, written after every game (atomically), from which it can go on.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/expected.hpp"
#include "learn/samuel_match.hpp"
#include "machines/draughts/samuel.hpp"

namespace minimax::learn::samuel {

using draughts::samuel::kTermCount;
using draughts::samuel::Polynomial;
using draughts::samuel::Term;

struct LearnSettings {
  int depth = 4;           // the look-ahead of Alpha and Beta
  double rate = 0.01;      // the step size
  int swap_after = 8;      // marks as the weakest term before it goes to the reserve
  int max_plies = 160;     // a longer game is a draw
  std::uint64_t seed = 1;  // game g's opening is drawn from the deck by Rng(seed + g)
  double initial = 4.0;    // the untrained coefficients
};

struct LearningRun {
  LearnSettings settings;
  Polynomial alpha, beta;
  std::vector<Term> reserve;  // the next term in is reserve.front()
  std::array<int, kTermCount> weakest_marks{};
  std::array<int, kTermCount> joined{};  // the game after which a term came in (0: from the start)
  int games = 0, alpha_wins = 0, beta_wins = 0, draws = 0, adoptions = 0;
  // Alpha's coefficients after each game (index 0: before the first), and what happened.
  std::vector<std::array<double, kTermCount>> history;
  std::vector<std::string> events;
};

LearningRun new_run(const LearnSettings& settings);

// One step of the rule above on Alpha's polynomial; returns delta.
double learning_step(Polynomial& alpha, const draughts::Draughts& position, int backed_up,
                     double rate);

// Plays one game (Alpha Black in odd-numbered games, White in even) and applies the rules above.
// Returns the result for Alpha.
Outcome play_learning_game(LearningRun& run);

std::string run_to_json(const LearningRun& run);
Expected<LearningRun> run_from_json(const std::string& text);
Expected<LearningRun> load_run(const std::string& path);
Status save_run(const LearningRun& run, const std::string& path);

// Alpha's coefficients against games played, one line per term that was ever in the working set
// (Michie 1966, Fig. 6).
std::string coefficient_svg(const LearningRun& run);

}  // namespace minimax::learn::samuel
