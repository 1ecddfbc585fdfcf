#pragma once
// One game between two Players, whatever they are (DESIGN.md: a person, a machine, an engine
// behind a pipe are all Players, so a game is one loop). Generic over the Game concept, so chess
// can use it as well as Nim and noughts and crosses.
//
// API:
//   GameResult<G> r = play_game(game, first, second, limits, hooks);
// `game` is played in place. hooks.before_move(game) is called before each choice (e.g. to show
// the board), hooks.after_move(game_before, side, thought, move_text) after each move. A Player may
// resign (Thought::resigns); a move that is not legal ends the game as a loss for that player
// (a machine bug must not crash the program). Legality is checked with G::is_legal(move) when the
// game offers it (Nim's move lists can be astronomically long), else by generating the moves.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/game.hpp"
#include "core/player.hpp"

namespace minimax::play {

template <Game G>
struct GameResult {
  Outcome for_first = Outcome::none;  // from Side::first's point of view; none: not finished
  Side winner_side = Side::first;     // meaningful when for_first is win or loss
  std::string reason;                 // "the game ended", "resigned", "illegal move ..."
  std::vector<typename G::Move> moves;
};

template <Game G>
struct GameHooks {
  std::function<void(const G&)> before_move;
  std::function<void(const G&, Side, const Thought<typename G::Move>&, const std::string&)> after_move;
};

template <Game G>
bool is_legal_move(const G& game, const typename G::Move& m) {
  if constexpr (requires { { game.is_legal(m) } -> std::convertible_to<bool>; }) {
    return game.is_legal(m);
  } else {
    typename G::MoveList moves;
    game.generate_moves(moves);
    for (const auto& x : moves)
      if (x == m) return true;
    return false;
  }
}

template <Game G>
GameResult<G> play_game(G& game, Player<G>& first, Player<G>& second, const Limits& limits,
                        const GameHooks<G>& hooks = {}, int max_plies = 100'000) {
  GameResult<G> result;
  auto finish = [&](Side loser, std::string reason) {
    result.for_first = loser == Side::first ? Outcome::loss : Outcome::win;
    result.winner_side = opposite(loser);
    result.reason = std::move(reason);
    return result;
  };
  for (int ply = 0; ply < max_plies; ++ply) {
    const Outcome outcome = game.outcome();
    if (outcome != Outcome::none) {
      const Side mover = game.side_to_move();
      if (outcome == Outcome::draw) {
        result.for_first = Outcome::draw;
        result.reason = "the game ended";
        return result;
      }
      return finish(outcome == Outcome::loss ? mover : opposite(mover), "the game ended");
    }
    if (hooks.before_move) hooks.before_move(game);
    const Side mover = game.side_to_move();
    Player<G>& player = mover == Side::first ? first : second;
    const Thought<typename G::Move> thought = player.choose(game, limits);
    if (thought.resigns)
      return finish(mover, player.name() + " resigned" +
                               (thought.explanation.empty() || thought.explanation == "resigned"
                                    ? std::string()
                                    : " (" + thought.explanation + ")"));
    if (!is_legal_move(game, thought.move))
      return finish(mover, player.name() + " chose an illegal move (" + game.move_to_string(thought.move) + ")");
    const std::string text = game.move_to_string(thought.move);
    if (hooks.after_move) hooks.after_move(game, mover, thought, text);
    game.play(thought.move);
    result.moves.push_back(thought.move);
  }
  result.reason = "the game was stopped after " + std::to_string(max_plies) + " plies";
  return result;
}

}  // namespace minimax::play
