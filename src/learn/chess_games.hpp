#pragma once
// One game of the chess engine against itself, each side with its own evaluation table, for
// learning from self-play (learn/chess_learning) and for measuring what was learnt
// (learn/chess_elo). A game depends only on the two tables and its GameSpec: each side gets a
// fresh engine (an empty hash table and history), the opening's random plies come from the
// spec's seed, and the search stops at a fixed node count, so the same game is played on any
// machine, in any process, in any order.
#include <cstdint>
#include <string>
#include <vector>

#include "core/expected.hpp"
#include "machines/chess/engine/eval_params.hpp"

namespace minimax::learn::chess_games {

using chess::engine::EvalParams;

struct GameSpec {
  std::uint64_t seed = 1;      // of the random opening plies
  int random_plies = 8;        // legal moves chosen uniformly at random, for variety
  std::uint64_t nodes = 3000;  // per move
  int max_plies = 300;         // then a draw
  bool keep_positions = false;
};

struct PlayedGame {
  std::string result;  // "1-0", "0-1" or "1/2-1/2", White's view
  int plies = 0;       // after the opening's random plies
  // Quiet positions as the tuner reads them (learn/tuner.hpp): "FEN result score", the score the
  // search gave, centipawns from White's side (only with keep_positions).
  std::vector<std::string> positions;
  [[nodiscard]] double white_points() const {
    return result == "1-0" ? 1.0 : result == "0-1" ? 0.0 : 0.5;
  }
};

// White plays with `white`, Black with `black`. The engine's table (eval_params()) is set before
// each move of each side and restored when the game ends.
PlayedGame play_game(const EvalParams& white, const EvalParams& black, const GameSpec& spec);

// A seed for job `index` of round `round` of a run seeded `seed`: the same numbers give the same
// seed wherever the job is played (splitmix64 over the three).
std::uint64_t job_seed(std::uint64_t seed, std::uint64_t round, std::uint64_t index);

// A game as text, to pass between processes, and back.
std::string to_text(const PlayedGame& game);
Expected<PlayedGame> from_text(const std::string& text);

// The tables the learners start from and are measured against:
//  - material only: Shannon's 9/5/3/3/1 in centipawns (queen 900 ... pawn 100), every other
//    entry 0;
//  - Shannon 1950's f(P) as far as the engine's terms express it (docs/learning-chess.md):
//    material as above; doubled, isolated and backward pawns -50 each (a doubled pair counts once
//    in the engine and twice in Shannon's count, so the engine's entry is -100); 0.1 a move is
//    10 centipawns per square a knight, bishop, rook or queen reaches (the engine's mobility
//    counts such squares, not legal moves, and not the pawns' and king's);
//  - the shipped table: tuned_params(), what the engine plays with.
EvalParams material_only_params();
EvalParams shannon_params();
Expected<EvalParams> named_params(const std::string& name);  // material, shannon, shipped

}  // namespace minimax::learn::chess_games
