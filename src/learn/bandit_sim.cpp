#include "learn/bandit_sim.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <memory>

namespace minimax::learn {

namespace {

double standard_normal(Rng& rng) {
  // Box-Muller; 1 - uniform() lies in (0, 1], so the logarithm is finite.
  const double u = 1.0 - rng.uniform(), v = rng.uniform();
  return std::sqrt(-2.0 * std::log(u)) * std::cos(2.0 * 3.14159265358979323846 * v);
}

// Gamma(shape, 1) for shape >= 1 (Marsaglia and Tsang 2000).
double sample_gamma(double shape, Rng& rng) {
  const double d = shape - 1.0 / 3.0, c = 1.0 / std::sqrt(9.0 * d);
  for (;;) {
    double x, v;
    do {
      x = standard_normal(rng);
      v = 1.0 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const double u = 1.0 - rng.uniform();
    if (std::log(u) < 0.5 * x * x + d - d * v + d * std::log(v)) return d * v;
  }
}

// What one learner knows: successes and failures of each opening.
struct Record {
  std::array<int, 2> s{0, 0};
  std::array<int, 2> f{0, 0};
  int n(int i) const { return s[static_cast<std::size_t>(i)] + f[static_cast<std::size_t>(i)]; }
  BetaArm posterior(int i) const {
    return {s[static_cast<std::size_t>(i)] + 1, f[static_cast<std::size_t>(i)] + 1};
  }
};

// +1 prefers arm 1 (opening M1), -1 arm 2, 0 neither.
int compare(double x, double y) {
  const double eps = 1e-12 * std::max(1.0, std::abs(x));
  return x > y + eps ? 1 : y > x + eps ? -1 : 0;
}

class Chooser {
 public:
  Chooser(Policy policy, const OptimalPolicyTable* table, GittinsCache* gittins)
      : policy_(policy), table_(table), gittins_(gittins) {}

  // The opening to play (0 = M1, 1 = M2).
  int choose(const Record& r, Rng& rng) const {
    int preference = 0;
    switch (policy_) {
      case Policy::greedy: {
        const long lhs = static_cast<long>(r.s[0] + 1) * (r.n(1) + 2);
        const long rhs = static_cast<long>(r.s[1] + 1) * (r.n(0) + 2);
        preference = lhs > rhs ? 1 : lhs < rhs ? -1 : 0;
        break;
      }
      case Policy::optimal:
        preference = table_->choice(r.s[0], r.f[0], r.s[1], r.f[1]);
        break;
      case Policy::gittins:
        preference = compare(gittins_->index(r.posterior(0)), gittins_->index(r.posterior(1)));
        break;
      case Policy::ucb1:
        if (r.n(0) == 0 || r.n(1) == 0)
          preference = (r.n(0) == 0) - (r.n(1) == 0);
        else {
          const int t = r.n(0) + r.n(1);
          preference = compare(ucb1_index(r.s[0], r.n(0), t), ucb1_index(r.s[1], r.n(1), t));
        }
        break;
      case Policy::thompson:
        preference = compare(sample_beta(r.posterior(0), rng), sample_beta(r.posterior(1), rng));
        break;
    }
    if (preference == 0) return static_cast<int>(rng.below(2));
    return preference > 0 ? 0 : 1;
  }

 private:
  Policy policy_;
  const OptimalPolicyTable* table_;
  GittinsCache* gittins_;
};

}  // namespace

double sample_beta(BetaArm arm, Rng& rng) {
  const double x = sample_gamma(arm.a, rng), y = sample_gamma(arm.b, rng);
  return x / (x + y);
}

SimulationResult simulate(const SimulationOptions& options) {
  SimulationResult result;
  result.trials = std::max(options.trials, 1);
  result.runs = std::max(options.runs, 1);
  const auto trials = static_cast<std::size_t>(result.trials);

  std::unique_ptr<OptimalPolicyTable> table;
  GittinsOptions calibration;
  calibration.truncation_error = 1e-7;
  calibration.newton = true;
  GittinsCache gittins(options.gittins_discount, calibration);
  std::vector<Chooser> choosers;
  for (Policy p : options.policies) {
    if (p == Policy::optimal) {
      if (result.trials > kMaxSimulatedOptimalTrials) continue;
      if (!table) table = std::make_unique<OptimalPolicyTable>(result.trials);
    }
    choosers.emplace_back(p, table.get(), &gittins);
    PolicyRecord record;
    record.policy = p;
    record.regret.assign(trials, 0.0);
    result.records.push_back(std::move(record));
  }

  std::vector<double> wins_sq(choosers.size(), 0.0), regret_sq(choosers.size(), 0.0);
  std::array<std::vector<double>, 2> replies{std::vector<double>(trials),
                                             std::vector<double>(trials)};
  Rng world(options.seed);
  double best_total = 0;
  for (int run = 0; run < result.runs; ++run) {
    FallibleOpponent opponent;
    if (options.opponent)
      opponent = *options.opponent;
    else
      opponent.p[0] = world.uniform(), opponent.p[1] = world.uniform();
    for (auto& r : replies)
      for (double& u : r) u = world.uniform();
    const double best = std::max(opponent.p[0], opponent.p[1]);
    best_total += best * result.trials;
    for (std::size_t k = 0; k < choosers.size(); ++k) {
      // Each policy's own coin (ties, Thompson's draws) depends on the run and the policy only.
      Rng coin(options.seed * 0x9E3779B97F4A7C15ULL + static_cast<std::uint64_t>(run) * 131 + k +
               1);
      Record r;
      double regret = 0;
      int wins = 0;
      for (std::size_t t = 0; t < trials; ++t) {
        const int opening = choosers[k].choose(r, coin);
        const auto i = static_cast<std::size_t>(opening);
        const bool won =
            opponent.replies_badly(opening, replies[i][static_cast<std::size_t>(r.n(opening))]);
        (won ? r.s[i] : r.f[i]) += 1;
        wins += won;
        regret += best - opponent.p[opening];
        result.records[k].regret[t] += regret;
      }
      result.records[k].wins += wins;
      wins_sq[k] += static_cast<double>(wins) * wins;
      regret_sq[k] += regret * regret;
    }
  }
  const double runs = result.runs;
  result.best_wins = best_total / runs;
  for (std::size_t k = 0; k < result.records.size(); ++k) {
    auto& rec = result.records[k];
    for (double& x : rec.regret) x /= runs;
    rec.wins /= runs;
    const double final_regret = rec.regret.back();
    auto error = [&](double mean, double sum_sq) {
      if (result.runs < 2) return 0.0;
      const double var = std::max(0.0, (sum_sq - runs * mean * mean) / (runs - 1));
      return std::sqrt(var / runs);
    };
    rec.wins_error = error(rec.wins, wins_sq[k]);
    rec.regret_error = error(final_regret, regret_sq[k]);
  }
  return result;
}

}  // namespace minimax::learn
