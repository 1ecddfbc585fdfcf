#pragma once
// What a chess learning run learnt, in Elo: each saved table (the checkpoints of
// learn/chess_learning) plays fixed opponents (material only, Shannon's f(P), the shipped table)
// from random openings, each opening twice with colours exchanged, at a fixed node count a move;
// the score gives the Elo difference with its 95% error (match/elo.hpp, in the command that
// reports it: cli/learn_chess_report.hpp, as learn may not include match). The games are jobs for
// learn/distributed.hpp: game g of checkpoint c against opponent o is seeded from (seed, pair g/2)
// alone, so every checkpoint meets the same openings and the result does not depend on how many
// processes play them.
#include <cstdint>
#include <string>
#include <vector>

#include "core/expected.hpp"
#include "learn/chess_learning.hpp"

namespace minimax::learn::chess_elo {

struct Settings {
  int games = 100;             // per checkpoint and opponent
  std::uint64_t nodes = 3000;  // per move
  int random_plies = 8;
  int max_plies = 300;
  std::uint64_t seed = 1;
  std::vector<int> checkpoints;  // iterations measured (0: the start); empty: every one
  std::vector<std::string> opponents = {"material", "shannon", "shipped"};
};

// The checkpoint's games against one opponent.
struct Score {
  int wins = 0, draws = 0, losses = 0;
};

struct Point {
  int iteration = 0;
  int selfplay_games = 0;
  std::vector<Score> scores;  // against each opponent, in Settings::opponents order
  std::vector<bool> itself;   // the checkpoint is that opponent's table: not played
};

struct Measurement {
  Settings settings;
  std::vector<Point> points;
};

// Checks the settings against the run (checkpoints that exist, opponents by name).
Status check(const Settings& settings, const chess_learning::Run& run);

// The number of jobs and job(i) -> its text ("1", "0.5" or "0": the checkpoint's points), and the
// measurement from every job's text in order.
int job_count(const Settings& settings, const chess_learning::Run& run);
std::string play_job(const Settings& settings, const chess_learning::Run& run, int job);
Measurement tally(const Settings& settings, const chess_learning::Run& run,
                  const std::vector<std::string>& results);

}  // namespace minimax::learn::chess_elo
