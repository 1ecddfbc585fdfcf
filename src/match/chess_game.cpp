#include "match/chess_game.hpp"

#include "core/clock.hpp"
#include "match/uci_engine.hpp"

namespace minimax::match {

using chess::Color;
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

GameRecord play_chess_game(const Position& start, chess::ChessPlayer& white, chess::ChessPlayer& black,
                           const GameSettings& settings, const MoveHook& on_move) {
  GameRecord rec;
  rec.start = start;
  Position pos = start;
  white.new_game();
  black.new_game();
  std::int64_t left[2] = {0, 0};
  if (settings.clock) left[0] = left[1] = settings.clock->base_ms;
  for (int ply = 0;; ++ply) {
    std::string result;
    const std::string end = rules_end(pos, result);
    if (!end.empty()) {
      rec.result = result;
      rec.reason = end;
      return rec;
    }
    if (ply >= settings.max_plies) {
      rec.result = "1/2-1/2";
      rec.reason = "move limit (" + std::to_string(settings.max_plies / 2) + " moves), adjudicated a draw";
      return rec;
    }
    const Color mover = pos.side();
    chess::ChessPlayer& player = mover == chess::white ? white : black;
    Limits limits = settings.limits;
    if (settings.clock) {
      limits.time_left_ms[0] = left[0];
      limits.time_left_ms[1] = left[1];
      limits.increment_ms[0] = limits.increment_ms[1] = settings.clock->increment_ms;
    }
    tell_game(player, start, rec.moves);  // an external engine hears the moves, for repetitions
    const TimePoint t0 = now();
    const Thought<chess::Move> thought = player.choose(pos, limits);
    const std::int64_t spent = elapsed_ms(t0);
    const char* loser_result = mover == chess::white ? "0-1" : "1-0";
    if (thought.resigns) {
      rec.result = loser_result;
      rec.reason = player.name() + " resigned";
      return rec;
    }
    if (!thought.move || !pos.is_legal(thought.move)) {
      rec.result = loser_result;
      rec.illegal = true;
      rec.reason = "illegal move " + (thought.move ? pos.move_to_string(thought.move) : std::string("(none)")) +
                   " by " + player.name();
      return rec;
    }
    if (settings.clock) {
      left[mover] -= spent;
      if (left[mover] < 0) {
        rec.result = loser_result;
        rec.reason = player.name() + " lost on time";
        return rec;
      }
      left[mover] += settings.clock->increment_ms;
    }
    if (on_move) on_move(pos, thought.move, thought);
    pos.play(thought.move);
    rec.moves.push_back(thought.move);
  }
}

}  // namespace minimax::match
