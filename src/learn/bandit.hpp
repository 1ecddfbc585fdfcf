#pragma once
// The two-armed bandit of Michie 1966, section 8: two arms (in his Fig. 7, the two openings M1 and
// M2 against a fallible opponent) pay 1 with unknown probabilities p1 and p2, independent and
// uniformly distributed a priori. After s successes and f failures an arm's posterior is
// Beta(1 + s, 1 + f). The learner wants the most successes in N trials; Michie's point is that
// choosing the arm with the better estimate maximises the next trial only, "the right answer to
// the wrong question", while the information an uncertain arm gives is worth cash later.
//
// What is here, each computed exactly (or to a stated accuracy):
//  - the Bayes-optimal policy for N trials, by backward induction over the posterior states
//    (s1, f1, s2, f2), one layer of states with the same number of trials at a time;
//  - the exact expected successes of any index policy (greedy, UCB1, Gittins) over N trials, by
//    the same induction with the policy's choice in place of the maximum;
//  - the Gittins index of a Beta(a, b) arm for a discount factor, by calibration against a
//    retirement reward (Gittins 1979; Gittins, Glazebrook and Weber 2011).
// The simulations (regret curves, Fig. 7's game) are in bandit_sim.hpp.
#include <cstdint>
#include <vector>

namespace minimax::learn {

// An arm's posterior Beta(a, b); with the uniform prior, a = successes + 1, b = failures + 1.
struct BetaArm {
  int a = 1;
  int b = 1;
  double mean() const { return static_cast<double>(a) / (a + b); }
  friend bool operator==(const BetaArm&, const BetaArm&) = default;
};

// The largest horizon the induction accepts: a layer of states holds about N^3/12 values (N = 400:
// two layers, about 85 MB).
inline constexpr int kMaxOptimalTrials = 400;

// --- The Bayes-optimal policy for a finite number of trials ---

// The expected successes over `trials` trials when the next trial pulls arm 1 (value1) or arm 2
// (value2) and every later one is chosen optimally; the optimal value is the larger.
struct FirstChoice {
  double value1 = 0;
  double value2 = 0;
  double best() const { return value1 > value2 ? value1 : value2; }
};

// Backward induction from posteriors arm1, arm2 with `trials` trials to go (0 <= trials <=
// kMaxOptimalTrials). When the two posteriors are equal, only states with arm 1 pulled no more
// often than arm 2 are stored (the value is symmetric), halving the work.
FirstChoice optimal_first_choice(BetaArm arm1, BetaArm arm2, int trials);

// The expected successes of the optimal policy for `trials` trials from uniform priors.
double optimal_expected_successes(int trials);

// The same value by plain recursion over every history, no tables: for checking small cases.
double brute_force_optimal(BetaArm arm1, BetaArm arm2, int trials);

// The optimal policy's choices at every state for a horizon, for simulating it: a byte per state
// (+1 arm 1, -1 arm 2, 0 equal), uniform priors, arms stored symmetrically.
class OptimalPolicyTable {
 public:
  explicit OptimalPolicyTable(int trials);
  int trials() const { return trials_; }
  // The choice with arm 1 at s1 successes and f1 failures and arm 2 at s2, f2.
  int choice(int s1, int f1, int s2, int f2) const;

 private:
  int trials_;
  std::vector<std::vector<std::int8_t>> layers_;
};

// --- Index policies, evaluated exactly ---

enum class Policy { greedy, optimal, gittins, ucb1, thompson };
const char* policy_name(Policy p);

// Greedy: the arm with the larger posterior mean (Laplace's (s + 1) / (n + 2)), ties at random.
// UCB1 (Auer, Cesa-Bianchi and Fischer 2002): each arm once, then the arm with the larger
// s/n + sqrt(2 ln t / n), t the trials so far, ties at random.
// Expected successes over `trials` trials from uniform priors (trials <= kMaxOptimalTrials).
double greedy_expected_successes(int trials);
double ucb1_expected_successes(int trials);

// The Bayes expected successes of always pulling the better arm, as if p1 and p2 were known:
// E max(p1, p2) = 2/3 a trial under uniform priors. Regret is measured from it.
inline double clairvoyant_expected_successes(int trials) { return trials * 2.0 / 3.0; }

// UCB1's index of an arm pulled n > 0 times with s successes, after t trials in all.
double ucb1_index(int s, int n, int t);

// P(X1 > X2) for independent X1 ~ Beta(arm1), X2 ~ Beta(arm2): the probability that Thompson
// sampling pulls arm 1 (exact for integer parameters, a sum of a2 terms).
double thompson_probability_first(BetaArm arm1, BetaArm arm2);

// --- Gittins indices by calibration ---

// For a discount factor g in (0, 1), the index of an arm is the retirement reward lambda (paid
// every trial for ever once the arm is given up) at which pulling the arm once more and retiring
// at once are worth the same. The value of the optimal stopping problem is computed by backward
// induction over the arm's posteriors Beta(a + i, b + j), i + j <= H, with the value at depth H
// taken as max(lambda, mean) / (1 - g) (the arm's mean treated as known). That undervalues the
// arm by at most g^H * sd / (1 - g), sd <= 1 / (2 sqrt(a + b + H + 1)) the posterior's standard
// deviation there, and the index by no more (the stopping problem's value minus the retirement
// value falls at least one for one with lambda); H is chosen so that this bound is below
// `truncation_error`. Lambda is found by bisection to an interval narrower than `tolerance`.
struct GittinsOptions {
  double truncation_error = 1e-7;
  double tolerance = 1e-8;
  int horizon = 0;  // H; 0 chooses it from truncation_error
  int max_horizon = 20000;
  // Newton's method on the same function instead of bisection: the same root in a few steps (for
  // the simulations, which need thousands of indices). The tests check that both agree.
  bool newton = false;
};

struct GittinsResult {
  double index = 0;
  int horizon = 0;         // the H used
  double error_bound = 0;  // truncation bound + half the bisection interval
};

// The smallest H whose truncation bound for an arm with a + b = n is at most `error`.
int gittins_horizon(double discount, int n, double error);
double gittins_truncation_bound(double discount, int n, int horizon);

GittinsResult gittins_index(BetaArm arm, double discount, const GittinsOptions& options = {});

// Gittins indices computed on demand and kept, for a policy that asks for many states.
class GittinsCache {
 public:
  GittinsCache(double discount, GittinsOptions options) : discount_(discount), options_(options) {}
  double index(BetaArm arm);
  double discount() const { return discount_; }

 private:
  double discount_;
  GittinsOptions options_;
  std::vector<std::vector<double>> table_;  // [a][b], NaN where not yet computed
};

// The exact expected successes over `trials` trials, from uniform priors, of the policy that pulls
// the arm with the larger Gittins index (at the cache's discount), ties at random. It needs the
// indices of every state with a + b <= trials + 1: thousands for a hundred trials.
double gittins_expected_successes(int trials, GittinsCache& indices);

}  // namespace minimax::learn
