#pragma once
// One game of chess between two Players (any machine, an external UCI engine, a person): the loop
// `minimax match`, `minimax tournament` share. The game ends by the rules (mate, stalemate,
// repetition, fifty moves, bare material), by an illegal or missing move (a loss for the player
// who made it: a machine's bug must not crash a tournament), by the clock, or by a move limit
// (adjudicated a draw).
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/player.hpp"
#include "games/chess/position.hpp"
#include "machines/chess/registry.hpp"

namespace minimax::match {

struct TimeControl {
  std::int64_t base_ms = 0;
  std::int64_t increment_ms = 0;
};

struct GameSettings {
  Limits limits;                          // per move (depth, movetime, nodes), when no clock
  std::optional<TimeControl> clock;       // a game clock for each side
  int max_plies = 400;                    // then adjudicated a draw
};

struct GameRecord {
  chess::Position start;
  std::vector<chess::Move> moves;
  std::string result = "*";   // 1-0, 0-1, 1/2-1/2
  std::string reason;         // "checkmate", "stalemate", "illegal move e2e5 by shannon-a", ...
  bool illegal = false;       // someone made an illegal move (or none)
  // +1 white won, 0 draw, -1 black won
  [[nodiscard]] int white_score_sign() const { return result == "1-0" ? 1 : result == "0-1" ? -1 : 0; }
};

using MoveHook = std::function<void(const chess::Position& before, chess::Move, const Thought<chess::Move>&)>;

GameRecord play_chess_game(const chess::Position& start, chess::ChessPlayer& white, chess::ChessPlayer& black,
                           const GameSettings& settings, const MoveHook& on_move = {});

// The reason the rules ended the game at `pos` (empty when they did not), and the result string.
std::string rules_end(const chess::Position& pos, std::string& result);

}  // namespace minimax::match
