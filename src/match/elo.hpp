#pragma once
// Elo from game results: the logistic model (an expected score s = 1 / (1 + 10^(-d/400)) for a
// rating difference d), its 95% error from the spread of the game scores, and ratings for a round
// robin by maximum likelihood.
#include <string>
#include <vector>

namespace minimax::match {

struct Score {
  int wins = 0, draws = 0, losses = 0;
  [[nodiscard]] int games() const { return wins + draws + losses; }
  [[nodiscard]] double points() const { return wins + 0.5 * draws; }
};

struct EloEstimate {
  double score = 0.5;  // fraction of the points
  double elo = 0;      // rating difference
  double error = 0;    // half-width of the 95% interval
  bool bound = false;  // every game won or every game lost: elo is only a bound
};

double elo_from_score(double s);  // s in (0, 1)
EloEstimate estimate_elo(const Score& s);

// Ratings for players 0..n-1 from points[i][j] (points i scored against j) and games[i][j],
// by maximum likelihood with one virtual draw per pair (keeps a perfect score finite);
// anchored so that player `anchor` is 0 (or the mean is 0 when anchor < 0).
std::vector<double> round_robin_ratings(const std::vector<std::vector<double>>& points,
                                        const std::vector<std::vector<int>>& games, int anchor);

// The ratings of a crosstable (table[i][j]: what player i scored against j), anchored at the
// player named "random" when one plays (its index in `anchor`, else -1: the mean is 0).
std::vector<double> crosstable_ratings(const std::vector<std::vector<Score>>& table,
                                       const std::vector<std::string>& names, int& anchor);

std::string format_elo(const EloEstimate& e);  // "+123 ± 45" or ">= +480"

}  // namespace minimax::match
