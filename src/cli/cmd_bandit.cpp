// minimax bandit optimal|gittins|michie|regret|game: the two-armed bandit of Michie 1966, section 8
// and Fig. 7 (docs/bandit.md). The computations live in learn/bandit.hpp and learn/bandit_sim.hpp.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/app.hpp"
#include "cli/commands.hpp"
#include "core/atomic_file.hpp"
#include "core/expected.hpp"
#include "core/svg.hpp"
#include "core/text.hpp"
#include "learn/bandit.hpp"
#include "learn/bandit_sim.hpp"

namespace minimax::cli {

namespace {

using learn::BetaArm;
using learn::Policy;

// --- Reading the arguments: one line naming what was wrong ---

Expected<int> whole_number(const std::string& text, const std::string& what, int lo, int hi) {
  auto v = parse_int(text);
  if (!v || *v < lo || *v > hi)
    return Error{what + " must be a whole number from " + std::to_string(lo) + " to " +
                 std::to_string(hi) + ", not '" + text + "'"};
  return static_cast<int>(*v);
}

Expected<double> discount_factor(const std::string& text, const std::string& what) {
  auto v = parse_double(text);
  if (!v || !std::isfinite(*v) || *v <= 0 || *v >= 1)
    return Error{what + " must be a number strictly between 0 and 1, not '" + text + "'"};
  return *v;
}

Expected<double> probability(const std::string& text, const std::string& what) {
  auto v = parse_double(text);
  if (!v || !std::isfinite(*v) || *v < 0 || *v > 1)
    return Error{what + " must be a probability from 0 to 1, not '" + text + "'"};
  return *v;
}

std::string fixed(double x, int digits) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(digits) << x;
  return s.str();
}

std::string padded(const std::string& s, std::size_t width) {
  return s.size() >= width ? s : std::string(width - s.size(), ' ') + s;
}

// --- minimax bandit optimal N... ---

int run_optimal(const std::vector<std::string>& ns, bool compare, const std::string& gittins_text,
                std::ostream& out, std::ostream& err) {
  std::optional<learn::GittinsCache> gittins;
  if (!gittins_text.empty()) {
    auto g = discount_factor(gittins_text, "--gittins");
    if (!g) {
      err << "minimax bandit optimal: " << g.error() << '\n';
      return 2;
    }
    learn::GittinsOptions calibration;
    calibration.newton = true;
    gittins.emplace(*g, calibration);
  }
  std::vector<int> trials;
  for (const auto& text : ns) {
    auto n = whole_number(text, "N", 0, learn::kMaxOptimalTrials);
    if (!n) {
      err << "minimax bandit optimal: " << n.error() << '\n';
      return 2;
    }
    trials.push_back(*n);
  }
  out << "Expected successes in N trials, uniform priors on p1 and p2 (exact, by backward "
         "induction)\n";
  out << padded("N", 5) << padded("optimal", 14);
  if (compare) out << padded("greedy", 14) << padded("ucb1", 14);
  if (gittins) out << padded("gittins " + gittins_text, 16);
  if (compare) out << padded("2N/3", 14);
  out << '\n';
  for (int n : trials) {
    out << padded(std::to_string(n), 5)
        << padded(fixed(learn::optimal_expected_successes(n), 6), 14);
    if (compare)
      out << padded(fixed(learn::greedy_expected_successes(n), 6), 14)
          << padded(fixed(learn::ucb1_expected_successes(n), 6), 14);
    if (gittins) out << padded(fixed(learn::gittins_expected_successes(n, *gittins), 6), 16);
    if (compare) out << padded(fixed(learn::clairvoyant_expected_successes(n), 6), 14);
    out << '\n';
  }
  if (compare) out << "2N/3: what knowing p1 and p2 would earn (E max(p1, p2) = 2/3 a trial)\n";
  return 0;
}

// --- minimax bandit gittins A B DISCOUNT | --table [AMAX BMAX] DISCOUNT ---

int run_gittins(const std::vector<std::string>& args, bool table, std::ostream& out,
                std::ostream& err) {
  const std::string who = "minimax bandit gittins: ";
  if (!(args.size() == 3 || (table && args.size() == 1))) {
    err << who << "expected A B DISCOUNT" << (table ? " (or, with --table, DISCOUNT alone)" : "")
        << ", got " << args.size() << " argument" << (args.size() == 1 ? "" : "s") << '\n';
    return 2;
  }
  auto discount = discount_factor(args.back(), "DISCOUNT");
  if (!discount) {
    err << who << discount.error() << '\n';
    return 2;
  }
  int a = table ? 10 : 1, b = table ? 10 : 1;
  if (args.size() == 3) {
    auto pa = whole_number(args[0], "A", 1, 10000), pb = whole_number(args[1], "B", 1, 10000);
    if (!pa || !pb) {
      err << who << (!pa ? pa.error() : pb.error()) << '\n';
      return 2;
    }
    a = *pa, b = *pb;
    if (table && (a > 50 || b > 50)) {
      err << who << "a table goes up to A, B = 50\n";
      return 2;
    }
  }
  if (!table) {
    const auto r = learn::gittins_index({a, b}, *discount);
    out << "Gittins index of Beta(" << a << ", " << b << ") at discount " << *discount << ": "
        << fixed(r.index, 6) << '\n';
    out << "(mean " << fixed(static_cast<double>(a) / (a + b), 6)
        << "; value iteration truncated at " << r.horizon
        << " further trials, bisection; error below " << std::setprecision(1) << std::scientific
        << r.error_bound << ")\n";
    return 0;
  }
  out << "Gittins indices of Beta(a, b) arms at discount " << *discount
      << " (a = successes + 1, b = failures + 1 under a uniform prior)\n";
  out << "a\\b";
  for (int j = 1; j <= b; ++j) out << padded(std::to_string(j), 8);
  out << '\n';
  double worst = 0;
  for (int i = 1; i <= a; ++i) {
    out << padded(std::to_string(i), 3);
    for (int j = 1; j <= b; ++j) {
      const auto r = learn::gittins_index({i, j}, *discount);
      worst = std::max(worst, r.error_bound);
      out << padded(fixed(r.index, 4), 8);
    }
    out << '\n';
  }
  out << "(each by bisection over a truncated value iteration; error below " << std::setprecision(1)
      << std::scientific << worst << ")\n";
  return 0;
}

// --- minimax bandit michie [--horizons N,...] ---

int run_michie(const std::vector<std::string>& horizon_text, std::ostream& out, std::ostream& err) {
  std::vector<int> horizons;
  for (const auto& text : horizon_text) {
    for (const auto& piece : split(text, ',')) {
      auto n = whole_number(std::string(trim(piece)), "a horizon", 1, 300);
      if (!n) {
        err << "minimax bandit michie: " << n.error() << '\n';
        return 2;
      }
      horizons.push_back(*n);
    }
  }
  if (horizons.empty()) horizons = {1, 2, 3, 5, 10, 20, 50, 100};
  // Michie 1966: "M1: 2 trials, 1 success, M2: 99 trials, 50 successes".
  const BetaArm m1{2, 2}, m2{51, 50};
  const auto name = [](bool first) { return first ? "M1" : "M2"; };
  out << "Michie 1966: M1 has had 2 trials and 1 success, M2 99 trials and 50 successes. With "
         "uniform\n"
         "priors their posteriors are Beta(2, 2), mean "
      << fixed(m1.mean(), 6) << ", and Beta(51, 50), mean " << fixed(m2.mean(), 6) << ".\n\n";
  out << "Which opening each policy plays next, with N trials to go (this one included):\n";
  out << padded("N", 4) << padded("if M1", 12) << padded("if M2", 12) << padded("optimal", 9)
      << padded("greedy", 8) << padded("gittins", 9) << padded("ucb1", 6)
      << padded("thompson P(M1)", 16) << '\n';
  const bool ucb_m1 = learn::ucb1_index(1, 2, 101) > learn::ucb1_index(50, 99, 101);
  const double thompson = learn::thompson_probability_first(m1, m2);
  for (int n : horizons) {
    const auto c = learn::optimal_first_choice(m1, m2, n);
    // Gittins for a horizon of N trials: the discount 1 - 1/N, whose mean discounted lifetime is N.
    const double g = 1.0 - 1.0 / n;
    const bool gittins_m1 =
        n > 1 && learn::gittins_index(m1, g).index > learn::gittins_index(m2, g).index;
    out << padded(std::to_string(n), 4) << padded(fixed(c.value1, 6), 12)
        << padded(fixed(c.value2, 6), 12) << padded(name(c.value1 > c.value2), 9)
        << padded(name(m1.mean() > m2.mean()), 8) << padded(name(gittins_m1), 9)
        << padded(name(ucb_m1), 6) << padded(fixed(thompson, 4), 16) << '\n';
  }
  out << "if M1, if M2: the expected successes in N trials if this one plays M1 or M2 and the "
         "rest\n"
         "are played optimally; optimal: the larger;\n"
         "greedy: the larger posterior mean; gittins: the larger index at discount 1 - 1/N (the\n"
         "posterior mean at N = 1); ucb1: s/n + sqrt(2 ln 101 / n); thompson: P(a draw from M1's\n"
         "posterior beats one from M2's).\n\n";
  out << "Gittins indices, horizon-free:\n";
  for (double g : {0.5, 0.9, 0.95, 0.99}) {
    const double i1 = learn::gittins_index(m1, g).index, i2 = learn::gittins_index(m2, g).index;
    out << "  discount " << std::setw(4) << g << ": M1 " << fixed(i1, 6) << ", M2 " << fixed(i2, 6)
        << " -> " << name(i1 > i2) << '\n';
  }
  int first = 0;
  for (int n = 1; n <= 300 && !first; ++n) {
    const auto c = learn::optimal_first_choice(m1, m2, n);
    if (c.value1 > c.value2) first = n;
  }
  out << "\nThe optimal policy first prefers M1 with N = " << first << " trials to go.\n";
  return 0;
}

// --- The regret plot, drawn with the shared SVG writer (core/svg.hpp) ---

double tick_step(double top, int count) {
  const double raw = std::max(top, 1e-9) / count,
               power = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * power >= raw) return m * power;
  return 10 * power;
}

std::string regret_svg(const learn::SimulationResult& r, const std::string& title) {
  constexpr double kWidth = 760, kHeight = 480, kLeft = 70, kRight = 170, kTop = 50, kBottom = 60;
  const double plot_w = kWidth - kLeft - kRight, plot_h = kHeight - kTop - kBottom;
  double top = 0;
  for (const auto& rec : r.records) top = std::max(top, rec.regret.back());
  const double ystep = tick_step(top, 6), ymax = std::ceil(top / ystep) * ystep;
  const double xstep = tick_step(r.trials, 8);
  auto x = [&](double t) { return kLeft + plot_w * t / r.trials; };
  auto y = [&](double v) { return kTop + plot_h * (1 - v / (ymax > 0 ? ymax : 1)); };
  static const char* kColours[] = {"#c0392b", "#2c3e50", "#27ae60",
                                   "#8e44ad", "#d68910", "#7f8c8d"};
  svg::Document doc(kWidth, kHeight, {{"font-family", "sans-serif"}, {"font-size", 12}});
  doc.title(title).rect(0, 0, kWidth, kHeight, {{"fill", "white"}});
  doc.text(kLeft, 24, title, {{"font-size", 14}, {"font-weight", "bold"}});
  doc.begin_group({{"class", "axes"}, {"stroke", "#333333"}})
      .line(kLeft, y(0), x(r.trials), y(0))
      .line(kLeft, y(0), kLeft, y(ymax))
      .end_group();
  doc.begin_group({{"class", "ticks"}, {"font-size", 11}, {"fill", "#333333"}});
  for (double t = 0; t <= r.trials + 1e-9; t += xstep) {
    std::ostringstream label;
    label << t;
    doc.line(x(t), y(0), x(t), y(0) + 5, {{"stroke", "#333333"}})
        .text(x(t), y(0) + 18, label.str(), {{"text-anchor", "middle"}});
  }
  for (double v = 0; v <= ymax + 1e-9; v += ystep) {
    std::ostringstream label;
    label << v;
    doc.line(kLeft, y(v), x(r.trials), y(v), {{"stroke", "#e5e5e5"}})
        .text(kLeft - 8, y(v) + 4, label.str(), {{"text-anchor", "end"}});
  }
  doc.end_group();
  doc.text(kLeft + plot_w / 2, kHeight - 18, "games played (trials)", {{"text-anchor", "middle"}});
  std::ostringstream rotate;
  rotate << "translate(18," << kTop + plot_h / 2 << ") rotate(-90)";
  doc.text(0, 0, "mean cumulative regret",
           {{"transform", rotate.str()}, {"text-anchor", "middle"}});
  for (std::size_t k = 0; k < r.records.size(); ++k) {
    const auto& rec = r.records[k];
    const char* colour = kColours[k % 6];
    std::ostringstream points;
    points << x(0) << ',' << y(0);
    for (std::size_t t = 0; t < rec.regret.size(); ++t)
      points << ' ' << x(t + 1.0) << ',' << y(rec.regret[t]);
    doc.element("polyline", {{"class", std::string(learn::policy_name(rec.policy))},
                             {"fill", "none"},
                             {"stroke", colour},
                             {"stroke-width", 2},
                             {"points", points.str()}});
    const double ly = kTop + 20 + 22 * static_cast<double>(k);
    doc.line(kWidth - kRight + 20, ly, kWidth - kRight + 45, ly,
             {{"stroke", colour}, {"stroke-width", 3}})
        .text(kWidth - kRight + 52, ly + 4,
              std::string(learn::policy_name(rec.policy)) + ' ' + fixed(rec.regret.back(), 2));
  }
  doc.text(kLeft, 40,
           std::to_string(r.runs) +
               " runs, p1 and p2 drawn from the uniform prior each run; regret = sum of "
               "max(p1, p2) - p(chosen)",
           {{"font-size", 11}, {"fill", "#555555"}});
  return doc.str();
}

bool write_atomically(const std::string& path, const std::string& text, std::ostream& err) {
  if (auto s = write_file_atomically(path, text); !s) {
    err << "minimax bandit regret: " << s.error() << '\n';
    return false;
  }
  return true;
}

// --- minimax bandit regret / game ---

struct SimulationArgs {
  int trials = 100;
  int runs = 1000;
  long long seed = 1;
  std::string discount = "0.95";
};

Expected<learn::SimulationOptions> simulation_options(const SimulationArgs& a) {
  learn::SimulationOptions o;
  auto g = discount_factor(a.discount, "--discount");
  if (!g) return Error{g.error()};
  o.trials = a.trials;
  o.runs = a.runs;
  o.seed = static_cast<std::uint64_t>(a.seed);
  o.gittins_discount = *g;
  return o;
}

int run_regret(const SimulationArgs& args, const std::string& svg, std::ostream& out,
               std::ostream& err) {
  auto options = simulation_options(args);
  if (!options) {
    err << "minimax bandit regret: " << options.error() << '\n';
    return 2;
  }
  const auto r = learn::simulate(*options);
  out << "Mean cumulative regret over " << r.runs << " runs of " << r.trials
      << " trials (p1, p2 uniform each run; gittins at discount " << options->gittins_discount
      << ")\n";
  out << padded("t", 6);
  for (const auto& rec : r.records) out << padded(learn::policy_name(rec.policy), 11);
  out << '\n';
  std::vector<int> rows;
  for (int base = 1; base <= r.trials; base *= 10)
    for (int m : {1, 2, 5})
      if (m * base <= r.trials) rows.push_back(m * base);
  if (rows.empty() || rows.back() != r.trials) rows.push_back(r.trials);
  for (int t : rows) {
    out << padded(std::to_string(t), 6);
    for (const auto& rec : r.records)
      out << padded(fixed(rec.regret[static_cast<std::size_t>(t - 1)], 3), 11);
    out << '\n';
  }
  out << padded("+-", 6);
  for (const auto& rec : r.records) out << padded(fixed(rec.regret_error, 3), 11);
  out << "  (standard error at t = " << r.trials << ")\n";
  if (r.trials <= learn::kMaxSimulatedOptimalTrials) {
    const double best = learn::clairvoyant_expected_successes(r.trials);
    out << "exact Bayes regret at t = " << r.trials << ": optimal "
        << fixed(best - learn::optimal_expected_successes(r.trials), 3) << ", greedy "
        << fixed(best - learn::greedy_expected_successes(r.trials), 3) << ", ucb1 "
        << fixed(best - learn::ucb1_expected_successes(r.trials), 3) << '\n';
  } else {
    out << "(the optimal policy is simulated up to " << learn::kMaxSimulatedOptimalTrials
        << " trials only)\n";
  }
  if (!svg.empty()) {
    if (!write_atomically(svg, regret_svg(r, "Two-armed bandit: regret of each policy"), err))
      return 1;
    out << "plot written to " << svg << '\n';
  }
  return 0;
}

int run_game(const SimulationArgs& args, const std::string& p1_text, const std::string& p2_text,
             std::ostream& out, std::ostream& err) {
  auto options = simulation_options(args);
  if (!options) {
    err << "minimax bandit game: " << options.error() << '\n';
    return 2;
  }
  if (p1_text.empty() != p2_text.empty()) {
    err << "minimax bandit game: give both --p1 and --p2, or neither (then they are drawn each "
           "run)\n";
    return 2;
  }
  if (!p1_text.empty()) {
    auto p1 = probability(p1_text, "--p1"), p2 = probability(p2_text, "--p2");
    if (!p1 || !p2) {
      err << "minimax bandit game: " << (!p1 ? p1.error() : p2.error()) << '\n';
      return 2;
    }
    learn::FallibleOpponent opponent;
    opponent.p[0] = *p1, opponent.p[1] = *p2;
    options->opponent = opponent;
  }
  const auto r = learn::simulate(*options);
  out << "Michie 1966, Fig. 7: " << r.runs << " matches of " << r.trials
      << " games; the opponent answers M1 with a losing move with probability p1, M2 with p2 ("
      << (options->opponent ? "p1 = " + p1_text + ", p2 = " + p2_text
                            : std::string("drawn uniformly each match"))
      << ")\n";
  out << padded("first player", 14) << padded("mean wins", 12) << padded("+-", 8)
      << padded("a game", 9) << '\n';
  for (const auto& rec : r.records)
    out << padded(learn::policy_name(rec.policy), 14) << padded(fixed(rec.wins, 3), 12)
        << padded(fixed(rec.wins_error, 3), 8) << padded(fixed(rec.wins / r.trials, 4), 9) << '\n';
  out << padded("knowing p", 14) << padded(fixed(r.best_wins, 3), 12) << padded("", 8)
      << padded(fixed(r.best_wins / r.trials, 4), 9) << "  (always the better opening)\n";
  return 0;
}

}  // namespace

int cmd_bandit(Args args, std::istream&, std::ostream& out, std::ostream& err) {
  CommandApp app("bandit",
                 "The two-armed bandit of Michie 1966 (section 8, Fig. 7): the Bayes-optimal "
                 "policy, Gittins indices, Michie's example, regret curves and the Fig. 7 game.");
  app.require_subcommand(1);

  auto* optimal =
      app.add_subcommand("optimal", "expected successes of the optimal policy in N trials");
  std::vector<std::string> ns;
  bool compare = false;
  optimal->add_option("N", ns, "the number of trials (0 to 400); several give a table")->required();
  optimal->add_flag("--compare", compare, "also greedy, UCB1 and 2N/3, exactly");
  std::string gittins_discount;
  optimal->add_option("--gittins", gittins_discount,
                      "also the Gittins policy at this discount, exactly (slow beyond N = 100)");

  auto* gittins =
      app.add_subcommand("gittins", "the Gittins index of a Beta(A, B) arm at a discount");
  std::vector<std::string> gittins_args;
  bool table = false;
  gittins
      ->add_option("ARGS", gittins_args,
                   "A B DISCOUNT; with --table, DISCOUNT or AMAX BMAX DISCOUNT")
      ->required();
  gittins->add_flag("--table", table, "a table for a = 1..AMAX, b = 1..BMAX (default 10)");

  auto* michie = app.add_subcommand("michie", "which arm each policy plays in Michie's example");
  std::vector<std::string> horizons;
  michie->add_option("--horizons", horizons,
                     "trials to go, e.g. 1,2,3,10 (default 1,2,3,5,10,20,50,100)");

  SimulationArgs sim;
  std::string svg, p1, p2;
  auto* regret = app.add_subcommand("regret", "simulated regret curves of every policy");
  auto* game =
      app.add_subcommand("game", "Fig. 7's game against a fallible opponent, by each policy");
  for (auto* sub : {regret, game}) {
    sub->add_option(sub == regret ? "--trials" : "--games", sim.trials, "games per run")
        ->check(CLI::Range(1, 100000));
    sub->add_option("--runs", sim.runs, "runs (matches)")->check(CLI::Range(1, 10000000));
    sub->add_option("--seed", sim.seed, "random seed");
    sub->add_option("--discount", sim.discount, "the Gittins policy's discount (default 0.95)");
  }
  regret->add_option("--svg", svg, "draw the curves in an SVG file");
  game->add_option("--p1", p1, "probability of a losing reply to M1 (default: drawn each match)");
  game->add_option("--p2", p2, "probability of a losing reply to M2");

  if (auto status = parse_args(app, args, out, err)) return *status;
  if (optimal->parsed()) return run_optimal(ns, compare, gittins_discount, out, err);
  if (gittins->parsed()) return run_gittins(gittins_args, table, out, err);
  if (michie->parsed()) return run_michie(horizons, out, err);
  if (regret->parsed()) return run_regret(sim, svg, out, err);
  return run_game(sim, p1, p2, out, err);
}

}  // namespace minimax::cli
