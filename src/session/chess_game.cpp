#include "session/chess_game.hpp"

#include "machines/chess/uci_engine.hpp"

namespace minimax::session {

using chess::Position;

std::string rules_end(const Position& pos, std::string& result) {
  if (!pos.has_legal_move()) {
    if (pos.in_check()) {
      result = pos.side() == chess::white ? "0-1" : "1-0";
      return "checkmate";
    }
    result = "1/2-1/2";
    return "stalemate";
  }
  result = "1/2-1/2";
  if (pos.is_insufficient_material()) return "insufficient material";
  if (pos.is_fifty_move_draw()) return "fifty-move rule";
  if (pos.is_repetition(3)) return "threefold repetition";
  result = "*";
  return {};
}

GameAdapter<Position> chess_adapter() {
  GameAdapter<Position> a;
  a.end_reason = [](const Position& pos) {
    std::string result;
    return rules_end(pos, result);
  };
  a.move_text = [](const Position& pos, chess::Move m) {
    return m ? pos.move_to_string(m) : std::string("(none)");
  };
  a.tell_game = [](chess::ChessPlayer& player, const Position& start,
                   const std::vector<chess::Move>& moves) {
    chess::tell_game(player, start, moves);
  };
  return a;
}

GameRecord play_chess_game(const Position& start, chess::ChessPlayer& white,
                           chess::ChessPlayer& black, const GameSettings& settings,
                           const std::vector<ChessObserver*>& observers) {
  ChessResult r = play_game(start, white, black, settings, chess_adapter(), observers);
  GameRecord rec;
  rec.start = start;
  rec.moves = std::move(r.moves);
  rec.result = result_text(r);
  rec.reason = std::move(r.reason);
  rec.illegal = r.illegal();
  return rec;
}

}  // namespace minimax::session
