#include "match/elo.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/text.hpp"

namespace minimax::match {

double elo_from_score(double s) { return -400.0 * std::log10(1.0 / s - 1.0); }

EloEstimate estimate_elo(const Score& sc) {
  EloEstimate e;
  const int n = sc.games();
  if (n == 0) return e;
  const double s = sc.points() / n;
  e.score = s;
  const double var =
      (sc.wins * (1 - s) * (1 - s) + sc.draws * (0.5 - s) * (0.5 - s) + sc.losses * s * s) / n;
  const double se = std::sqrt(var / n);
  const double lo_clamp = 0.5 / n, hi_clamp = 1 - 0.5 / n;
  e.bound = s <= 0 || s >= 1;
  e.elo = elo_from_score(std::clamp(s, lo_clamp, hi_clamp));
  const double lo = std::clamp(s - 1.96 * se, lo_clamp, hi_clamp);
  const double hi = std::clamp(s + 1.96 * se, lo_clamp, hi_clamp);
  e.error = (elo_from_score(hi) - elo_from_score(lo)) / 2;
  return e;
}

std::vector<double> round_robin_ratings(const std::vector<std::vector<double>>& points,
                                        const std::vector<std::vector<int>>& games, int anchor) {
  const std::size_t n = points.size();
  std::vector<double> r(n, 0.0);
  auto expected = [](double a, double b) { return 1.0 / (1.0 + std::pow(10.0, (b - a) / 400.0)); };
  for (int iter = 0; iter < 5000; ++iter) {
    double moved = 0;
    for (std::size_t i = 0; i < n; ++i) {
      double got = 0, exp = 0, count = 0;
      for (std::size_t j = 0; j < n; ++j) {
        if (i == j || games[i][j] == 0) continue;
        got += points[i][j] + 0.5;  // one virtual draw
        const double g = games[i][j] + 1;
        exp += g * expected(r[i], r[j]);
        count += g;
      }
      if (count == 0) continue;
      const double step = 400.0 * (got - exp) / count;
      r[i] += step;
      moved = std::max(moved, std::fabs(step));
    }
    if (moved < 1e-6) break;
  }
  double base = 0;
  if (anchor >= 0 && static_cast<std::size_t>(anchor) < n)
    base = r[static_cast<std::size_t>(anchor)];
  else if (n) {
    for (double x : r) base += x;
    base /= static_cast<double>(n);
  }
  for (double& x : r) x -= base;
  return r;
}

std::vector<double> crosstable_ratings(const std::vector<std::vector<Score>>& table,
                                       const std::vector<std::string>& names, int& anchor) {
  const std::size_t n = table.size();
  std::vector<std::vector<double>> points(n, std::vector<double>(n));
  std::vector<std::vector<int>> games(n, std::vector<int>(n));
  anchor = -1;
  for (std::size_t i = 0; i < n; ++i) {
    if (i < names.size() && iequals(names[i], "random")) anchor = static_cast<int>(i);
    for (std::size_t j = 0; j < n; ++j) {
      points[i][j] = table[i][j].points();
      games[i][j] = table[i][j].games();
    }
  }
  return round_robin_ratings(points, games, anchor);
}

std::string format_elo(const EloEstimate& e) {
  char buf[64];
  const double elo = std::fabs(e.elo) < 0.5 ? 0.0 : e.elo;  // no "-0"
  if (e.bound)
    std::snprintf(buf, sizeof buf, "%s %+.0f", elo > 0 ? ">=" : "<=", elo);
  else
    std::snprintf(buf, sizeof buf, "%+.0f +- %.0f", elo, e.error);
  return buf;
}

}  // namespace minimax::match
