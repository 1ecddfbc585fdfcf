#pragma once
// Chess in the one game loop (session/game_loop.hpp): the adapter that names the rules' ends
// (checkmate, stalemate, repetition, fifty moves, bare material, all from Position::outcome()) and
// tells an external engine the game so far, the PGN result of a game, and the whole game between
// two chess Players as `minimax match` and `minimax tournament` record it.
#include <string>
#include <vector>

#include "games/chess/position.hpp"
#include "machines/chess/registry.hpp"
#include "session/game_loop.hpp"

namespace minimax::session {

using ChessResult = GameResult<chess::Position>;
using ChessObserver = GameObserver<chess::Position>;

// The reason the rules ended the game at `pos` (empty when they did not), and the result string.
std::string rules_end(const chess::Position& pos, std::string& result);

// end_reason: rules_end; move_text: UCI, "(none)" for no move; tell_game: chess::tell_game.
GameAdapter<chess::Position> chess_adapter();

// A game as a match keeps it.
struct GameRecord {
  chess::Position start;
  std::vector<chess::Move> moves;
  std::string result = "*";  // 1-0, 0-1, 1/2-1/2
  std::string reason;        // "checkmate", "stalemate", "illegal move e2e5 by shannon-a", ...
  bool illegal = false;      // someone made an illegal move (or none)
  // +1 white won, 0 draw, -1 black won
  [[nodiscard]] int white_score_sign() const {
    return result == "1-0" ? 1 : result == "0-1" ? -1 : 0;
  }
};

// One game through play_game with the chess adapter.
GameRecord play_chess_game(const chess::Position& start, chess::ChessPlayer& white,
                           chess::ChessPlayer& black, const GameSettings& settings,
                           const std::vector<ChessObserver*>& observers = {});

}  // namespace minimax::session
