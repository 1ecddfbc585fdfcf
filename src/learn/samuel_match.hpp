#pragma once
// Games of draughts between two machines from varied openings, for Samuel's learning and for
// measuring what it learnt.
//
// The openings are three-move openings in the manner of the American Checker Federation's ballots:
// a first move for Black, a reply for White and a second move for Black, drawn from a deck. The
// ACF's deck leaves out the openings known to lose; we have no copy of its list, so the deck here
// is every legal three-move opening (docs/samuel.md), in a fixed order.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/player.hpp"
#include "games/draughts/draughts.hpp"

namespace minimax::learn::samuel {

using draughts::Draughts;

// Every legal sequence of three plies from the start, in move-generation order.
std::vector<std::vector<draughts::Move>> three_move_openings();

struct GameSettings {
  int max_plies = 160;  // an unfinished game is a draw
};

// The game's result for Black (win, draw or loss) and its moves, the opening's included.
struct DraughtsGame {
  Outcome for_black = Outcome::draw;
  std::vector<draughts::Move> moves;
  std::string reason;  // how it ended, in the game loop's words
};

// Plays one game from the opening. after_move(position before, side, thought), if given, sees
// every move the players chose.
using AfterMove = std::function<void(const Draughts&, Side, const Thought<draughts::Move>&)>;
DraughtsGame play_draughts_game(Player<Draughts>& black, Player<Draughts>& white,
                                const std::vector<draughts::Move>& opening,
                                const GameSettings& settings, const AfterMove& after_move = {});

// A match: each opening from `first_opening` on played twice, colours exchanged. Points are A's.
struct MatchScore {
  int wins = 0, draws = 0, losses = 0;
  // Each player's moves and the sum of the depths it reported (Thought::depth; for samuel the
  // deepest ply its look-ahead reached, a rote position counted as its saved depth more).
  std::int64_t moves[2] = {0, 0}, depth_sum[2] = {0, 0};
  [[nodiscard]] int games() const { return wins + draws + losses; }
  [[nodiscard]] double mean_depth(int player) const {
    return moves[player] ? static_cast<double>(depth_sum[player]) / moves[player] : 0.0;
  }
  [[nodiscard]] double points() const { return wins + 0.5 * draws; }
};
// `report(game number, opening text, result for A, the game)` after each game, if given.
MatchScore play_draughts_match(
    Player<Draughts>& a, Player<Draughts>& b, int games, std::size_t first_opening,
    const GameSettings& settings,
    const std::function<void(int, const std::string&, Outcome, const DraughtsGame&)>& report);

// Game i (0-based) of that match alone, added to `score`: what play_draughts_match plays for each
// i, for a match whose games are shared among processes (learn/distributed.hpp).
void play_draughts_match_game(
    Player<Draughts>& a, Player<Draughts>& b, int i, std::size_t first_opening,
    const GameSettings& settings, const std::vector<std::vector<draughts::Move>>& openings,
    MatchScore& score,
    const std::function<void(int, const std::string&, Outcome, const DraughtsGame&)>& report);

}  // namespace minimax::learn::samuel
