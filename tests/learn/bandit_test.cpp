// The two-armed bandit (Michie 1966, section 8): the optimal policy's induction against hand
// calculation and brute force, the Gittins indices against their defining properties and published
// values, the simulations against the exact values, and the command's answers to bad input.
#include "learn/bandit.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "../search/xml_check.hpp"
#include "cli/commands.hpp"
#include "learn/bandit_sim.hpp"

namespace minimax::learn {
namespace {

TEST(BanditOptimal, HandCalculatedValues) {
  EXPECT_DOUBLE_EQ(optimal_expected_successes(0), 0.0);
  EXPECT_DOUBLE_EQ(optimal_expected_successes(1), 0.5);
  // First pull 1/2; after a success the same arm's mean is 2/3, after a failure the other arm's
  // 1/2: 1/2 + 1/2 * 2/3 + 1/2 * 1/2 = 13/12.
  EXPECT_NEAR(optimal_expected_successes(2), 13.0 / 12.0, 1e-12);
}

TEST(BanditOptimal, AgreesWithBruteForceUpToSixTrials) {
  for (int n = 0; n <= 6; ++n) {
    EXPECT_NEAR(optimal_expected_successes(n), brute_force_optimal({}, {}, n), 1e-12) << n;
    // Unequal priors (no symmetry used) too, e.g. Michie's two arms.
    const auto c = optimal_first_choice({2, 2}, {51, 50}, n);
    EXPECT_NEAR(c.best(), brute_force_optimal({2, 2}, {51, 50}, n), 1e-12) << n;
    EXPECT_NEAR(optimal_first_choice({3, 1}, {1, 2}, n).best(),
                brute_force_optimal({3, 1}, {1, 2}, n), 1e-12);
  }
}

TEST(BanditOptimal, NeverWorseThanGreedyOrUcb1AndNeverBetterThanKnowingP) {
  for (int n = 1; n <= 40; ++n) {
    const double best = optimal_expected_successes(n);
    EXPECT_GE(best + 1e-12, greedy_expected_successes(n)) << n;
    EXPECT_GE(best + 1e-12, ucb1_expected_successes(n)) << n;
    EXPECT_LE(best, clairvoyant_expected_successes(n)) << n;
  }
  GittinsOptions calibration;
  calibration.newton = true;
  GittinsCache indices(0.9, calibration);
  for (int n = 1; n <= 20; ++n)
    EXPECT_GE(optimal_expected_successes(n) + 1e-12, gittins_expected_successes(n, indices)) << n;
  // From four trials on, greedy's refusal to explore costs something.
  EXPECT_GT(optimal_expected_successes(4) - greedy_expected_successes(4), 1e-3);
}

TEST(BanditOptimal, PolicyTableMatchesTheInduction) {
  const OptimalPolicyTable table(8);
  EXPECT_EQ(table.choice(0, 0, 0, 0), 0);  // equal arms: no preference
  // The table's choices, played exactly, earn the optimal value: follow every branch.
  struct Walk {
    const OptimalPolicyTable& t;
    double operator()(int s1, int f1, int s2, int f2, int left) const {
      if (left == 0) return 0;
      auto pull = [&](int arm) {
        const double p = arm == 0 ? (s1 + 1.0) / (s1 + f1 + 2) : (s2 + 1.0) / (s2 + f2 + 2);
        return arm == 0 ? p * (1 + (*this)(s1 + 1, f1, s2, f2, left - 1)) +
                              (1 - p) * (*this)(s1, f1 + 1, s2, f2, left - 1)
                        : p * (1 + (*this)(s1, f1, s2 + 1, f2, left - 1)) +
                              (1 - p) * (*this)(s1, f1, s2, f2 + 1, left - 1);
      };
      const int c = t.choice(s1, f1, s2, f2);
      return c > 0 ? pull(0) : c < 0 ? pull(1) : 0.5 * (pull(0) + pull(1));
    }
  };
  EXPECT_NEAR(Walk{table}(0, 0, 0, 0, 8), optimal_expected_successes(8), 1e-12);
}

TEST(BanditMichie, OptimalPolicyPrefersTheLessKnownArmWithTwoTrialsToGo) {
  // Michie 1966's example: M1 2 trials 1 success, M2 99 trials 50 successes.
  const BetaArm m1{2, 2}, m2{51, 50};
  EXPECT_LT(m1.mean(), m2.mean());  // greedy plays M2
  const auto one = optimal_first_choice(m1, m2, 1);
  EXPECT_LT(one.value1, one.value2);
  for (int n : {2, 3, 5, 10, 20}) {
    const auto c = optimal_first_choice(m1, m2, n);
    EXPECT_GT(c.value1, c.value2) << n;
  }
  // By hand, N = 2: M1 first gives 1/2 + 1/2 * 3/5 + 1/2 * 51/101.
  EXPECT_NEAR(optimal_first_choice(m1, m2, 2).value1, 0.5 + 0.3 + 0.5 * 51.0 / 101.0, 1e-12);
}

TEST(BanditThompson, ProbabilityOfTheFirstArm) {
  EXPECT_NEAR(thompson_probability_first({1, 1}, {1, 1}), 0.5, 1e-12);
  EXPECT_NEAR(thompson_probability_first({2, 1}, {1, 1}), 2.0 / 3.0, 1e-12);  // P(max of 2 > U)
  EXPECT_NEAR(
      thompson_probability_first({5, 3}, {2, 7}) + thompson_probability_first({2, 7}, {5, 3}), 1.0,
      1e-12);
}

TEST(BanditGittins, PublishedValues) {
  // The tables of Gittins indices at discounts 0.9 and 0.99 printed by Christian and Griffiths 2016
  // (ch. 2; indexed by the record wins-losses, so Beta(wins + 1, losses + 1)): at 0.9, 0-0 0.7029,
  // 1-1 0.6346, 2-2 0.6010, 9-1 0.8695; at 0.99, 0-0 0.8699.
  EXPECT_NEAR(gittins_index({1, 1}, 0.9).index, 0.7029, 5e-5);
  EXPECT_NEAR(gittins_index({2, 2}, 0.9).index, 0.6346, 5e-5);
  EXPECT_NEAR(gittins_index({3, 3}, 0.9).index, 0.6010, 5e-5);
  EXPECT_NEAR(gittins_index({10, 2}, 0.9).index, 0.8695, 5e-5);
  EXPECT_NEAR(gittins_index({1, 1}, 0.99).index, 0.8699, 5e-5);
  // The expected values in the tests of the Julia package GittinsIndices.jl (ydalmia on GitHub), at
  // 0.9: 1-0 0.8001, 2-0 0.8452, 0-1 0.5001, 0-2 0.3796.
  EXPECT_NEAR(gittins_index({2, 1}, 0.9).index, 0.8001, 5e-5);
  EXPECT_NEAR(gittins_index({3, 1}, 0.9).index, 0.8452, 5e-5);
  EXPECT_NEAR(gittins_index({1, 2}, 0.9).index, 0.5001, 5e-5);
  EXPECT_NEAR(gittins_index({1, 3}, 0.9).index, 0.3796, 5e-5);
}

TEST(BanditGittins, AboveTheMeanAndTendingToItAsTheDiscountFalls) {
  for (int a = 1; a <= 4; ++a)
    for (int b = 1; b <= 4; ++b) {
      const BetaArm arm{a, b};
      double previous = 2;
      for (double g : {0.9, 0.5, 0.1, 0.01, 0.001}) {
        const double index = gittins_index(arm, g).index;
        EXPECT_GT(index, arm.mean()) << a << ',' << b << ' ' << g;
        EXPECT_LT(index, previous) << a << ',' << b << ' ' << g;
        previous = index;
      }
      EXPECT_NEAR(previous, arm.mean(), 1e-3) << a << ',' << b;
    }
}

TEST(BanditGittins, IncreasesWithSuccessesDecreasesWithFailures) {
  for (int a = 1; a <= 5; ++a)
    for (int b = 1; b <= 5; ++b) {
      EXPECT_LT(gittins_index({a, b}, 0.9).index, gittins_index({a + 1, b}, 0.9).index);
      EXPECT_GT(gittins_index({a, b}, 0.9).index, gittins_index({a, b + 1}, 0.9).index);
    }
}

TEST(BanditGittins, NewtonAgreesWithBisectionAndTruncationIsWithinItsBound) {
  GittinsOptions newton;
  newton.newton = true;
  for (double g : {0.5, 0.9, 0.95})
    for (int a = 1; a <= 6; a += 2)
      for (int b = 1; b <= 6; b += 2) {
        const auto x = gittins_index({a, b}, g), y = gittins_index({a, b}, g, newton);
        EXPECT_NEAR(x.index, y.index, 1e-7) << a << ',' << b << ' ' << g;
        // A horizon twice as long moves the index by less than the stated bound.
        GittinsOptions longer;
        longer.horizon = 2 * x.horizon;
        EXPECT_NEAR(gittins_index({a, b}, g, longer).index, x.index, 2 * x.error_bound)
            << a << ',' << b;
        EXPECT_LT(x.error_bound, 1e-6);
      }
}

TEST(BanditSimulation, MatchesTheExactValuesAndIsReproducible) {
  SimulationOptions o;
  o.trials = 10;
  o.runs = 4000;
  o.gittins_discount = 0.9;
  const auto r = simulate(o);
  ASSERT_EQ(r.records.size(), 5u);
  for (const auto& rec : r.records) {
    ASSERT_EQ(rec.regret.size(), 10u);
    for (std::size_t t = 1; t < rec.regret.size(); ++t) EXPECT_GE(rec.regret[t], rec.regret[t - 1]);
    double exact = NAN;
    if (rec.policy == Policy::optimal) exact = optimal_expected_successes(10);
    if (rec.policy == Policy::greedy) exact = greedy_expected_successes(10);
    if (rec.policy == Policy::ucb1) exact = ucb1_expected_successes(10);
    GittinsOptions calibration;
    calibration.newton = true;
    GittinsCache indices(0.9, calibration);
    if (rec.policy == Policy::gittins) exact = gittins_expected_successes(10, indices);
    // Bayes regret: within five standard errors of the exact value.
    if (!std::isnan(exact)) {
      EXPECT_NEAR(rec.regret.back(), clairvoyant_expected_successes(10) - exact,
                  5 * rec.regret_error + 1e-9)
          << policy_name(rec.policy);
    }
  }
  const auto again = simulate(o);
  EXPECT_EQ(again.records[3].regret, r.records[3].regret);
  EXPECT_EQ(again.records[4].wins, r.records[4].wins);
}

TEST(BanditSimulation, FallibleOpponentWithKnownProbabilities) {
  SimulationOptions o;
  o.trials = 30;
  o.runs = 300;
  o.policies = {Policy::greedy, Policy::ucb1, Policy::thompson};
  FallibleOpponent opponent;
  opponent.p[0] = 0.0, opponent.p[1] = 1.0;  // M2 always wins, M1 never
  o.opponent = opponent;
  const auto r = simulate(o);
  EXPECT_DOUBLE_EQ(r.best_wins, 30.0);
  for (const auto& rec : r.records) {
    EXPECT_GT(rec.wins, 25.0) << policy_name(rec.policy);
    EXPECT_LE(rec.wins, 30.0);
  }
}

TEST(BanditSimulation, BetaDrawsHaveTheRightMean) {
  Rng rng(7);
  double sum = 0;
  const int n = 20000;
  for (int i = 0; i < n; ++i) sum += sample_beta({3, 7}, rng);
  EXPECT_NEAR(sum / n, 0.3, 0.01);
}

}  // namespace
}  // namespace minimax::learn

namespace minimax::cli {
namespace {

int run_bandit(std::vector<std::string> args, std::string& out, std::string& err) {
  args.insert(args.begin(), "bandit");
  std::istringstream in;
  std::ostringstream o, e;
  const int rc = run_main(args, in, o, e);
  out = o.str();
  err = e.str();
  return rc;
}

TEST(BanditCli, OptimalPrintsSixDecimals) {
  std::string out, err;
  ASSERT_EQ(run_bandit({"optimal", "2"}, out, err), 0) << err;
  EXPECT_NE(out.find("1.083333"), std::string::npos) << out;
  ASSERT_EQ(run_bandit({"optimal", "1", "3", "--compare"}, out, err), 0) << err;
  EXPECT_NE(out.find("0.500000"), std::string::npos);
  EXPECT_NE(out.find("1.666667"), std::string::npos);
}

TEST(BanditCli, GittinsIndexAndTable) {
  std::string out, err;
  ASSERT_EQ(run_bandit({"gittins", "1", "1", "0.9"}, out, err), 0) << err;
  EXPECT_NE(out.find("0.7028"), std::string::npos) << out;
  ASSERT_EQ(run_bandit({"gittins", "--table", "3", "3", "0.9"}, out, err), 0) << err;
  EXPECT_NE(out.find("0.7029"), std::string::npos) << out;
  EXPECT_NE(out.find("0.6346"), std::string::npos) << out;
}

TEST(BanditCli, MichieNamesTheFirstHorizonForM1) {
  std::string out, err;
  ASSERT_EQ(run_bandit({"michie", "--horizons", "1,2"}, out, err), 0) << err;
  EXPECT_NE(out.find("first prefers M1 with N = 2 trials"), std::string::npos) << out;
}

TEST(BanditCli, RegretWritesTheTableAndThePlot) {
  const auto svg = std::filesystem::temp_directory_path() / "minimax_bandit_test.svg";
  std::filesystem::remove(svg);
  std::string out, err;
  ASSERT_EQ(run_bandit({"regret", "--trials", "8", "--runs", "50", "--discount", "0.9", "--svg",
                        svg.string()},
                       out, err),
            0)
      << err;
  EXPECT_NE(out.find("thompson"), std::string::npos);
  std::ifstream f(svg);
  std::stringstream text;
  text << f.rdbuf();
  EXPECT_NE(text.str().find("<svg"), std::string::npos);
  EXPECT_NE(text.str().find("</svg>"), std::string::npos);
  EXPECT_EQ(test::xml_problem(text.str()), "");
  EXPECT_FALSE(std::filesystem::exists(svg.string() + ".tmp"));
  std::filesystem::remove(svg);
  ASSERT_EQ(
      run_bandit({"game", "--games", "5", "--runs", "20", "--p1", "0.2", "--p2", "0.7"}, out, err),
      0)
      << err;
  EXPECT_NE(out.find("knowing p"), std::string::npos);
}

TEST(BanditCli, BadInputIsOneLineAndNonZero) {
  const std::vector<std::vector<std::string>> bad = {{"optimal", "-3"},
                                                     {"optimal", "ten"},
                                                     {"optimal", "100000"},
                                                     {"gittins", "1", "1", "1.5"},
                                                     {"gittins", "1", "1", "0"},
                                                     {"gittins", "1", "x", "0.9"},
                                                     {"gittins", "1", "0.9"},
                                                     {"michie", "--horizons", "0"},
                                                     {"regret", "--trials", "abc"},
                                                     {"regret", "--discount", "1"},
                                                     {"game", "--p1", "0.5"},
                                                     {"game", "--p1", "2", "--p2", "0.5"},
                                                     {},
                                                     {"frobnicate"}};
  for (const auto& args : bad) {
    std::string out, err;
    EXPECT_NE(run_bandit(args, out, err), 0) << (args.empty() ? "" : args[0]);
    EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
  }
  std::string out, err;
  run_bandit({"optimal", "-3"}, out, err);
  EXPECT_NE(err.find("'-3'"), std::string::npos) << err;
  run_bandit({"gittins", "1", "1", "1.5"}, out, err);
  EXPECT_NE(err.find("DISCOUNT"), std::string::npos) << err;
}

}  // namespace
}  // namespace minimax::cli
