#pragma once
// The perfect noughts-and-crosses player, built on the retrograde solver.
//
// Michie (1966): for a game as small as noughts and crosses total enumeration is feasible, so
// an optimal strategy can be "an exhaustive list of positions, with a recommended move entered
// against each". This player is that list: the solver labels every position reachable from the
// empty board (5,478 of them) won, drawn or lost with its distance to the end, once, and a move is
// chosen by looking the successors up: a win as quickly as possible, else a draw, else a loss as
// late as possible. That is Turing's rule (Turing 1953: choose a move marked 'win', else one marked
// 'draw'; he allows any move when all lose, and adds that it is "practically applicable in the game
// of noughts and crosses"), with distances added so a win is not put off and a loss is delayed.
// Among equally good moves it picks at random (seeded), so games vary.
#include <vector>

#include "core/player.hpp"
#include "core/rng.hpp"
#include "games/tictactoe/tictactoe.hpp"
#include "search/retrograde.hpp"

namespace minimax::tictactoe {

// The solved game from the empty board, built on first use and shared.
const search::SolvedGraph& solved_tictactoe();

// The label of a position for the side to move (every legal position is reachable, so it is found).
search::Label label_of(const TicTacToe& position);

// Every move that is best by the rule above, in square order.
std::vector<Move> best_moves(const TicTacToe& position);

class PerfectPlayer final : public Player<TicTacToe> {
 public:
  explicit PerfectPlayer(std::uint64_t seed = 1966) : rng_(seed) {}
  [[nodiscard]] std::string name() const override { return "perfect"; }
  Thought<Move> choose(const TicTacToe& position, const Limits& limits) override;

 private:
  Rng rng_;
};

}  // namespace minimax::tictactoe
