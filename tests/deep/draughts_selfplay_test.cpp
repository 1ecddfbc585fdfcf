// Self-play of the draughts engine, to measure a search step or an evaluation weight in games
// (docs/draughts-engine.md). Not run by default (a measurement, not a check):
//
//   MINIMAX_SELFPLAY_A="Disable Steps=0" MINIMAX_SELFPLAY_B="Disable Steps=512"
//   MINIMAX_SELFPLAY_GAMES=40 MINIMAX_SELFPLAY_NODES=20000
//   (those four set in the environment, then)
//   build/minimax_deep_tests --gtest_also_run_disabled_tests --gtest_filter='*SelfPlay*'
//
// A and B are option lists "Name=Value;Name=Value". Each opening (random moves from the start,
// MINIMAX_SELFPLAY_PLIES of them, default 6) is played twice, colours swapped; a game goes on until
// the rules end it (the draw rules on) or 300 plies (a draw). Prints A's wins, draws and losses and
// the Elo difference with its 95% error.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <iostream>
#include <string>

#include "core/rng.hpp"
#include "core/text.hpp"
#include "games/draughts/notation.hpp"
#include "machines/draughts/engine/engine_player.hpp"

namespace minimax::draughts {
namespace {

std::string env(const char* name, const char* fallback) {
  const char* v = std::getenv(name);
  return v && *v ? v : fallback;
}

std::unique_ptr<Player<Draughts>> make(const std::string& options) {
  auto p = make_engine_player();
  for (const auto& item : split(options, ';')) {
    const auto eq = item.find('=');
    if (eq == std::string::npos) continue;
    const auto st = p->set_option(trim(item.substr(0, eq)), trim(item.substr(eq + 1)));
    EXPECT_TRUE(st.ok()) << item;
  }
  return p;
}

TEST(DraughtsSelfPlay, DISABLED_Match) {
  const std::string a_options = env("MINIMAX_SELFPLAY_A", ""),
                    b_options = env("MINIMAX_SELFPLAY_B", "");
  const int games = std::stoi(env("MINIMAX_SELFPLAY_GAMES", "40"));
  const int plies = std::stoi(env("MINIMAX_SELFPLAY_PLIES", "6"));
  Limits limits;
  limits.nodes = std::stoull(env("MINIMAX_SELFPLAY_NODES", "20000"));
  if (const char* ms = std::getenv("MINIMAX_SELFPLAY_MOVETIME")) {
    limits.nodes.reset();
    limits.movetime_ms = std::stoll(ms);
  }
  auto a = make(a_options), b = make(b_options);
  Rng rng(std::stoull(env("MINIMAX_SELFPLAY_SEED", "10")));
  int wins = 0, draws = 0, losses = 0;
  std::uint64_t nodes = 0, moves = 0;
  Draughts opening;
  for (int g = 0; g < games; ++g) {
    if (g % 2 == 0) {
      opening = Draughts();
      for (int i = 0; i < plies && opening.outcome() == Outcome::none; ++i) {
        Draughts::MoveList list;
        opening.generate_moves(list);
        opening.play(list[rng.below(list.size())]);
      }
      a->new_game();
      b->new_game();
    }
    const bool a_black = g % 2 == 0;
    Draughts p = opening;
    int ply = 0;
    while (p.outcome() == Outcome::none && ply < 300) {
      Player<Draughts>& mover = (p.side_to_move() == kBlack) == a_black ? *a : *b;
      const auto t = mover.choose(p, limits);
      nodes += t.nodes;
      ++moves;
      p.play(t.move);
      ++ply;
    }
    const char* result = "draw";
    if (p.outcome() == Outcome::loss) {
      const bool a_lost = (p.side_to_move() == kBlack) == a_black;
      (a_lost ? losses : wins)++;
      result = a_lost ? "B wins" : "A wins";
    } else {
      ++draws;
    }
    std::cout << "game " << g + 1 << " (A " << (a_black ? "Black" : "White") << ", opening "
              << to_fen(opening) << "): " << result << " after " << ply << " plies\n";
  }
  const double n = wins + draws + losses;
  const double score = (wins + 0.5 * draws) / n;
  const double var = (wins * std::pow(1 - score, 2) + draws * std::pow(0.5 - score, 2) +
                      losses * std::pow(score, 2)) /
                     n;
  auto elo = [](double s) {
    return -400.0 * std::log10(1.0 / std::clamp(s, 1e-3, 1 - 1e-3) - 1.0);
  };
  const double err = 1.96 * std::sqrt(var / n);
  std::cout << "A (" << a_options << ") against B (" << b_options << "): +" << wins << " =" << draws
            << " -" << losses << ", score " << score << ", Elo " << std::lround(elo(score))
            << " +/- "
            << std::lround((elo(std::min(score + err, 0.999)) - elo(std::max(score - err, 0.001))) /
                           2)
            << "; " << nodes / std::max<std::uint64_t>(1, moves) << " nodes a move\n";
}

}  // namespace
}  // namespace minimax::draughts
