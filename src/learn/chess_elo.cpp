#include "learn/chess_elo.hpp"

#include <algorithm>

namespace minimax::learn::chess_elo {

namespace {

std::vector<int> checkpoints_of(const Settings& settings, const chess_learning::Run& run) {
  if (!settings.checkpoints.empty()) return settings.checkpoints;
  std::vector<int> all;
  for (int t = 0; t <= static_cast<int>(run.iterations.size()); ++t) all.push_back(t);
  return all;
}

// Whether a checkpoint's table is the opponent's own: the game would be against itself.
bool is_itself(const chess_learning::EvalParams& table, const std::string& opponent) {
  const auto p = chess_games::named_params(opponent);
  return p && *p == table;
}

}  // namespace

Status check(const Settings& settings, const chess_learning::Run& run) {
  for (int c : settings.checkpoints)
    if (c < 0 || c > static_cast<int>(run.iterations.size()))
      return Error{"checkpoint " + std::to_string(c) + " is not in the run (it has 0.." +
                   std::to_string(run.iterations.size()) + ")"};
  if (settings.opponents.empty()) return Error{"no opponent to measure against"};
  for (const auto& o : settings.opponents)
    if (auto p = chess_games::named_params(o); !p) return Error{p.error()};
  return Ok{};
}

int job_count(const Settings& settings, const chess_learning::Run& run) {
  return static_cast<int>(checkpoints_of(settings, run).size() * settings.opponents.size()) *
         settings.games;
}

std::string play_job(const Settings& settings, const chess_learning::Run& run, int job) {
  const auto checkpoints = checkpoints_of(settings, run);
  const int games = settings.games;
  const int opponents = static_cast<int>(settings.opponents.size());
  const int g = job % games;
  const int o = (job / games) % opponents;
  const int c = job / games / opponents;
  const auto& table = run.table(checkpoints[static_cast<std::size_t>(c)]);
  const std::string& opponent = settings.opponents[static_cast<std::size_t>(o)];
  if (is_itself(table, opponent)) return "-";
  const auto other = *chess_games::named_params(opponent);
  chess_games::GameSpec spec;
  // Round 0x454c4f ("ELO"): the openings are not any iteration's self-play openings.
  spec.seed = chess_games::job_seed(settings.seed, 0x454c4f, static_cast<std::uint64_t>(g / 2));
  spec.nodes = settings.nodes;
  spec.random_plies = settings.random_plies;
  spec.max_plies = settings.max_plies;
  const bool white = g % 2 == 0;
  const auto game = white ? chess_games::play_game(table, other, spec)
                          : chess_games::play_game(other, table, spec);
  const double points = white ? game.white_points() : 1.0 - game.white_points();
  return points == 1.0 ? "1" : points == 0.0 ? "0" : "0.5";
}

Measurement tally(const Settings& settings, const chess_learning::Run& run,
                  const std::vector<std::string>& results) {
  Measurement m;
  m.settings = settings;
  const auto checkpoints = checkpoints_of(settings, run);
  std::size_t job = 0;
  for (int c : checkpoints) {
    Point p;
    p.iteration = c;
    p.selfplay_games = c == 0 ? 0 : run.iterations[static_cast<std::size_t>(c - 1)].games;
    for (std::size_t o = 0; o < settings.opponents.size(); ++o) {
      Score s;
      bool itself = false;
      for (int g = 0; g < settings.games; ++g, ++job) {
        const std::string& r = job < results.size() ? results[job] : std::string("-");
        if (r == "-")
          itself = true;
        else
          (r == "1" ? s.wins : r == "0" ? s.losses : s.draws) += 1;
      }
      p.scores.push_back(s);
      p.itself.push_back(itself);
    }
    m.points.push_back(std::move(p));
  }
  return m;
}

}  // namespace minimax::learn::chess_elo
