#pragma once
// The two-armed bandit played: Michie 1966's Fig. 7 game against a fallible opponent, and the
// regret curves of every policy, by simulation.
//
// Fig. 7: the first player opens M1 or M2; the opponent, who would win every game if he never
// erred, answers opening i with a losing reply with probability p_i, unknown to the first player.
// Over N games the first player learns which opening to prefer, and his wins are a bandit's
// successes. Here p1 and p2 are either given or drawn from the uniform prior at each run.
//
// Every policy plays the same runs: the same p1 and p2, and the same opponent, whose k-th reply to
// opening i is fixed in advance for the run (common random numbers, so the differences between
// policies are measured with less noise than their values). Regret after t games is the
// pseudo-regret: the sum over the games so far of max(p1, p2) - p(chosen opening).
#include <cstdint>
#include <optional>
#include <vector>

#include "core/rng.hpp"
#include "learn/bandit.hpp"

namespace minimax::learn {

// Michie's fallible opponent: replies to opening i with a losing move with probability p[i].
struct FallibleOpponent {
  double p[2] = {0.5, 0.5};
  // The opponent's reply to the opening `opening` (0 = M1, 1 = M2): true if it loses.
  bool replies_badly(int opening, double uniform) const { return uniform < p[opening]; }
};

// The simulated optimal policy needs a table of a byte per state: about trials^4 / 48 bytes.
inline constexpr int kMaxSimulatedOptimalTrials = 250;

struct SimulationOptions {
  int trials = 200;  // games per run (N)
  int runs = 1000;
  std::uint64_t seed = 1;
  double gittins_discount = 0.95;
  std::optional<FallibleOpponent> opponent;  // none: p1, p2 drawn uniformly at each run
  std::vector<Policy> policies = {Policy::greedy, Policy::optimal, Policy::gittins, Policy::ucb1,
                                  Policy::thompson};
};

struct PolicyRecord {
  Policy policy = Policy::greedy;
  std::vector<double> regret;  // mean cumulative regret after t + 1 games, t = 0 .. trials - 1
  double regret_error = 0;     // standard error of the final mean regret
  double wins = 0;             // mean wins (successes) in `trials` games
  double wins_error = 0;       // its standard error
};

struct SimulationResult {
  int trials = 0;
  int runs = 0;
  double best_wins = 0;  // mean over runs of trials * max(p1, p2): what knowing p1, p2 would earn
  std::vector<PolicyRecord> records;
};

// Runs every policy in `options.policies` (the optimal one only if trials <=
// kMaxSimulatedOptimalTrials; otherwise it is left out).
SimulationResult simulate(const SimulationOptions& options);

// A draw from Beta(a, b), a, b >= 1 (as the ratio of two gamma draws, Marsaglia and Tsang 2000).
double sample_beta(BetaArm arm, Rng& rng);

}  // namespace minimax::learn
