#include "learn/bandit.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace minimax::learn {

namespace {

// The states after t trials: arm 1 pulled n1 times with s1 successes, arm 2 pulled n2 = t - n1
// times with s2 successes, stored block by block in n1, then s1, then s2. With `symmetric` (equal
// priors), only the blocks with n1 <= n2 are stored: a state and its mirror image (the arms
// swapped) have the same value.
class Layer {
 public:
  Layer(int t, bool symmetric) : t_(t), symmetric_(symmetric), last_n1_(symmetric ? t / 2 : t) {}
  std::size_t size() const { return offset(last_n1_ + 1); }
  int last_n1() const { return last_n1_; }
  // Where a state is stored; a state beyond the stored half is found as its mirror image.
  std::size_t at(int n1, int s1, int s2) const {
    if (mirrored(n1)) std::swap(s1, s2), n1 = t_ - n1;
    return offset(n1) + static_cast<std::size_t>(s1) * static_cast<std::size_t>(t_ - n1 + 1) +
           static_cast<std::size_t>(s2);
  }
  bool mirrored(int n1) const { return symmetric_ && 2 * n1 > t_; }

 private:
  // Where block n1 starts: the sum over k < n1 of (k + 1)(t - k + 1) states, in closed form.
  std::size_t offset(int n1) const {
    const auto n = static_cast<std::size_t>(n1), t = static_cast<std::size_t>(t_);
    return n * (n + 1) / 2 * (t + 2) - n * (n + 1) * (2 * n + 1) / 6;
  }

  int t_;
  bool symmetric_;
  int last_n1_;
};

// What a policy sees before a trial.
struct PullState {
  int s1, n1, s2, n2;  // successes and pulls of each arm
  double p1, p2;       // the posterior means
  int remaining;       // trials left, this one included
};

// Values this close are a tie (the induction's sums of probabilities carry rounding error).
bool nearly_equal(double x, double y) {
  return std::abs(x - y) <= 1e-12 * std::max(1.0, std::abs(x));
}

int sign_of_difference(double x, double y) { return nearly_equal(x, y) ? 0 : x > y ? 1 : -1; }

// Backward induction over the layers from the last trial to the first. `combine(state, q1, q2)`
// gives a state's value from the values of pulling arm 1 (q1) and arm 2 (q2) and then going on:
// their maximum for the optimal policy, their mixture by the policy's choice for any other.
// With `choices`, the sign of q1 - q2 at every state is kept, layer by layer.
template <class Combine>
FirstChoice induction(BetaArm arm1, BetaArm arm2, int trials, Combine combine,
                      std::vector<std::vector<std::int8_t>>* choices = nullptr) {
  FirstChoice root;
  if (trials <= 0) return root;
  const bool symmetric = arm1 == arm2;
  if (choices) choices->assign(static_cast<std::size_t>(trials), {});
  std::vector<double> next(Layer(trials, symmetric).size(), 0.0), current;
  for (int t = trials - 1; t >= 0; --t) {
    const Layer here(t, symmetric), after(t + 1, symmetric);
    current.assign(here.size(), 0.0);
    std::int8_t* choice = nullptr;
    if (choices) {
      (*choices)[static_cast<std::size_t>(t)].assign(here.size(), 0);
      choice = (*choices)[static_cast<std::size_t>(t)].data();
    }
    std::size_t i = 0;
    for (int n1 = 0; n1 <= here.last_n1(); ++n1) {
      const int n2 = t - n1;
      for (int s1 = 0; s1 <= n1; ++s1) {
        const double p1 = static_cast<double>(arm1.a + s1) / (arm1.a + arm1.b + n1);
        for (int s2 = 0; s2 <= n2; ++s2, ++i) {
          const double p2 = static_cast<double>(arm2.a + s2) / (arm2.a + arm2.b + n2);
          const double q1 = p1 * (1 + next[after.at(n1 + 1, s1 + 1, s2)]) +
                            (1 - p1) * next[after.at(n1 + 1, s1, s2)];
          const double q2 =
              p2 * (1 + next[after.at(n1, s1, s2 + 1)]) + (1 - p2) * next[after.at(n1, s1, s2)];
          current[i] = combine(PullState{s1, n1, s2, n2, p1, p2, trials - t}, q1, q2);
          if (choice) choice[i] = static_cast<std::int8_t>(sign_of_difference(q1, q2));
          if (t == 0) root = {q1, q2};
        }
      }
    }
    std::swap(current, next);
  }
  return root;
}

// The probability that a policy pulls arm 1 when it prefers arm 1 (+1), arm 2 (-1) or neither (0):
// ties are broken at random, so every policy here treats the arms alike.
double pull_first(int preference) { return preference > 0 ? 1.0 : preference < 0 ? 0.0 : 0.5; }

double mixture(double w, double q1, double q2) { return w * q1 + (1 - w) * q2; }

double log_beta(double a, double b) { return std::lgamma(a) + std::lgamma(b) - std::lgamma(a + b); }

}  // namespace

FirstChoice optimal_first_choice(BetaArm arm1, BetaArm arm2, int trials) {
  return induction(arm1, arm2, std::clamp(trials, 0, kMaxOptimalTrials),
                   [](const PullState&, double q1, double q2) { return std::max(q1, q2); });
}

double optimal_expected_successes(int trials) {
  return optimal_first_choice({}, {}, trials).best();
}

double brute_force_optimal(BetaArm arm1, BetaArm arm2, int trials) {
  if (trials <= 0) return 0;
  const double p1 = arm1.mean(), p2 = arm2.mean();
  const double q1 = p1 * (1 + brute_force_optimal({arm1.a + 1, arm1.b}, arm2, trials - 1)) +
                    (1 - p1) * brute_force_optimal({arm1.a, arm1.b + 1}, arm2, trials - 1);
  const double q2 = p2 * (1 + brute_force_optimal(arm1, {arm2.a + 1, arm2.b}, trials - 1)) +
                    (1 - p2) * brute_force_optimal(arm1, {arm2.a, arm2.b + 1}, trials - 1);
  return std::max(q1, q2);
}

OptimalPolicyTable::OptimalPolicyTable(int trials)
    : trials_(std::clamp(trials, 0, kMaxOptimalTrials)) {
  induction(
      {}, {}, trials_, [](const PullState&, double q1, double q2) { return std::max(q1, q2); },
      &layers_);
}

int OptimalPolicyTable::choice(int s1, int f1, int s2, int f2) const {
  const int n1 = s1 + f1, n2 = s2 + f2, t = n1 + n2;
  if (t >= trials_ || t < 0) return 0;
  const Layer layer(t, true);
  if (layer.mirrored(n1)) return -choice(s2, f2, s1, f1);
  return layers_[static_cast<std::size_t>(t)][layer.at(n1, s1, s2)];
}

const char* policy_name(Policy p) {
  switch (p) {
    case Policy::greedy:
      return "greedy";
    case Policy::optimal:
      return "optimal";
    case Policy::gittins:
      return "gittins";
    case Policy::ucb1:
      return "ucb1";
    case Policy::thompson:
      return "thompson";
  }
  return "?";
}

double greedy_expected_successes(int trials) {
  return induction({}, {}, std::clamp(trials, 0, kMaxOptimalTrials),
                   [](const PullState& s, double q1, double q2) {
                     // Compare (s1 + 1) / (n1 + 2) with (s2 + 1) / (n2 + 2) in integers: exact
                     // ties.
                     const long lhs = static_cast<long>(s.s1 + 1) * (s.n2 + 2),
                                rhs = static_cast<long>(s.s2 + 1) * (s.n1 + 2);
                     return mixture(pull_first(lhs > rhs ? 1 : lhs < rhs ? -1 : 0), q1, q2);
                   })
      .best();
}

double ucb1_index(int s, int n, int t) {
  return static_cast<double>(s) / n + std::sqrt(2.0 * std::log(static_cast<double>(t)) / n);
}

double ucb1_expected_successes(int trials) {
  return induction({}, {}, std::clamp(trials, 0, kMaxOptimalTrials),
                   [](const PullState& s, double q1, double q2) {
                     int preference = 0;
                     if (s.n1 == 0 || s.n2 == 0)
                       preference = (s.n1 == 0) - (s.n2 == 0);
                     else
                       preference = sign_of_difference(ucb1_index(s.s1, s.n1, s.n1 + s.n2),
                                                       ucb1_index(s.s2, s.n2, s.n1 + s.n2));
                     return mixture(pull_first(preference), q1, q2);
                   })
      .best();
}

double gittins_expected_successes(int trials, GittinsCache& indices) {
  return induction({}, {}, std::clamp(trials, 0, kMaxOptimalTrials),
                   [&indices](const PullState& s, double q1, double q2) {
                     const double i1 = indices.index({1 + s.s1, 1 + s.n1 - s.s1});
                     const double i2 = indices.index({1 + s.s2, 1 + s.n2 - s.s2});
                     return mixture(pull_first(sign_of_difference(i1, i2)), q1, q2);
                   })
      .best();
}

double thompson_probability_first(BetaArm arm1, BetaArm arm2) {
  // P(X1 > X2) = sum over i < a1 of B(a2 + i, b1 + b2) / ((b1 + i) B(1 + i, b1) B(a2, b2))
  // (the closed form for integer parameters, from writing X1's tail as a binomial sum).
  double total = 0;
  for (int i = 0; i < arm1.a; ++i)
    total += std::exp(log_beta(arm2.a + i, arm1.b + arm2.b) - std::log(arm1.b + i) -
                      log_beta(1 + i, arm1.b) - log_beta(arm2.a, arm2.b));
  return std::clamp(total, 0.0, 1.0);
}

// --- Gittins indices ---

double gittins_truncation_bound(double discount, int n, int horizon) {
  return std::pow(discount, horizon) * 0.5 / ((1 - discount) * std::sqrt(n + horizon + 1.0));
}

int gittins_horizon(double discount, int n, double error) {
  int h = 1;
  while (h < std::numeric_limits<int>::max() / 2 &&
         gittins_truncation_bound(discount, n, h) > error)
    h *= 2;
  int lo = h / 2, hi = h;  // the bound falls with h: the first h within it lies in (lo, hi]
  while (hi - lo > 1) {
    const int mid = lo + (hi - lo) / 2;
    (gittins_truncation_bound(discount, n, mid) > error ? lo : hi) = mid;
  }
  return std::max(hi, 1);
}

namespace {

// The advantage of pulling the arm once more (and going on optimally) over retiring now, with
// retirement reward `lambda` a trial, and (with `slope`) its derivative in lambda. `v` and `dv`
// are scratch space of size horizon + 2.
template <bool slope>
std::pair<double, double> continuing_advantage(BetaArm arm, double g, int horizon, double lambda,
                                               std::vector<double>& v, std::vector<double>& dv) {
  const double retire = lambda / (1 - g), dretire = 1 / (1 - g);
  const int n = arm.a + arm.b;
  // Depth `horizon`: the mean treated as known, so the arm is kept for ever or given up now.
  for (int i = 0; i <= horizon; ++i) {
    const double mean = static_cast<double>(arm.a + i) / (n + horizon);
    const auto k = static_cast<std::size_t>(i);
    const bool keep = mean / (1 - g) > retire;
    v[k] = keep ? mean / (1 - g) : retire;
    if constexpr (slope) dv[k] = keep ? 0.0 : dretire;
  }
  for (int d = horizon - 1; d >= 1; --d) {
    const double inv = 1.0 / (n + d);
    for (int i = 0; i <= d; ++i) {
      const double mean = (arm.a + i) * inv;
      const auto k = static_cast<std::size_t>(i);
      const double go_on = mean * (1 + g * v[k + 1]) + (1 - mean) * g * v[k];
      if constexpr (slope)
        dv[k] = go_on >= retire ? g * (mean * dv[k + 1] + (1 - mean) * dv[k]) : dretire;
      v[k] = std::max(retire, go_on);
    }
  }
  const double mean = arm.mean();
  const double go_on = mean * (1 + g * v[1]) + (1 - mean) * g * v[0];
  double dgo_on = 0;
  if constexpr (slope) dgo_on = g * (mean * dv[1] + (1 - mean) * dv[0]);
  return {go_on - retire, dgo_on - dretire};
}

}  // namespace

GittinsResult gittins_index(BetaArm arm, double discount, const GittinsOptions& options) {
  GittinsResult result;
  const int n = arm.a + arm.b;
  result.horizon =
      options.horizon > 0
          ? options.horizon
          : std::min(options.max_horizon, gittins_horizon(discount, n, options.truncation_error));
  std::vector<double> v(static_cast<std::size_t>(result.horizon) + 2), dv;
  // The index lies between the mean (at lambda = mean, one pull and then retiring already ties)
  // and 1 (no arm is worth more than a sure success every trial).
  double lo = arm.mean(), hi = 1.0;
  if (options.newton) {
    // The advantage of going on is convex in lambda (a maximum of functions linear in lambda) and
    // falls at least one for one, so Newton's steps from the mean approach its zero from below
    // and, the function being piecewise linear, reach it after a few steps.
    dv.resize(v.size());
    for (int step = 0; step < 200; ++step) {
      const auto [advantage, slope] =
          continuing_advantage<true>(arm, discount, result.horizon, lo, v, dv);
      const double next = std::min(1.0, lo - advantage / slope);
      if (!(next > lo + 1e-15)) break;
      lo = next;
    }
    hi = lo;
  } else {
    while (hi - lo > options.tolerance) {
      const double mid = (lo + hi) / 2;
      (continuing_advantage<false>(arm, discount, result.horizon, mid, v, dv).first >= 0 ? lo
                                                                                         : hi) =
          mid;
    }
  }
  result.index = (lo + hi) / 2;
  result.error_bound = gittins_truncation_bound(discount, n, result.horizon) + (hi - lo) / 2;
  return result;
}

double GittinsCache::index(BetaArm arm) {
  const auto a = static_cast<std::size_t>(arm.a), b = static_cast<std::size_t>(arm.b);
  if (table_.size() <= a) table_.resize(a + 1);
  auto& row = table_[a];
  if (row.size() <= b) row.resize(b + 1, std::numeric_limits<double>::quiet_NaN());
  if (std::isnan(row[b])) row[b] = gittins_index(arm, discount_, options_).index;
  return row[b];
}

}  // namespace minimax::learn
