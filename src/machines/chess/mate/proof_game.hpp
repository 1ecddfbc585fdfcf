#pragma once
// Proof games (issue 40): "spg N" asks for every game of exactly N moves from the initial position
// (N.5: White has moved once more) that reaches the diagram; "a=>b N" for every N-move play from
// one position to another (White or Black to move as position a says). The composer claims one
// solution: several are cooks, none is an unsound problem. The diagram is a placement: the side
// to move follows from N, and castling and en-passant rights are whatever the play leaves.
//
// The search goes forward, ply by ply, and cuts a line when the moves it has left cannot reach the
// diagram: for each side, every unit the diagram shows must be brought to its square by some unit
// of that side now on the board (each arrival is a different unit's journey, so the fewest moves to
// each square add up: mate_targets' count of a unit's moves on an empty board, promotion and
// castling included, a rook's castling journey made in the king's move); every enemy unit the
// diagram lacks must be taken by a move of that side; and the captures its pawns need to change
// files must be among those. Positions a line reaches with plies left that led to no solution are
// kept and not searched again.
#include <atomic>
#include <cstdint>
#include <string_view>
#include <vector>

#include "core/expected.hpp"
#include "games/chess/position.hpp"

namespace minimax::chess::mate {

struct ProofGameOptions {
  double time_limit_s = 0;       // 0: none; then the result is marked incomplete
  std::uint64_t node_limit = 0;  // 0: none
  int max_solutions = 1000;      // a problem with more is reported as having at least this many
  // Also every shorter play that reaches the diagram with the same side to move (N-1 moves,
  // N-2, ...): a proof game must be the shortest, so any of them is a flaw.
  bool shorter = true;
  const std::atomic<bool>* stop = nullptr;
};

struct ProofGameResult {
  int plies = 0;
  std::vector<std::vector<Move>> solutions;  // each from the start position, in the order found
  std::vector<std::vector<Move>> shorter;    // plays of fewer moves that reach it, shortest first
  bool complete = true;  // false: a limit cut the search (what was found stands)
  std::uint64_t nodes = 0;
  double seconds = 0;
};

// "spg 5.5" or "spg 5" (moves from the initial position), "a=>b 3" or "a=>b 2.5"; the plies.
struct ProofGameSpec {
  bool from_initial = true;  // spg; false: a=>b
  int plies = 0;
};
Expected<ProofGameSpec> parse_proof_game(std::string_view stipulation);
// Whether text names a proof-game stipulation at all ("spg", "a=>b").
bool is_proof_game(std::string_view stipulation);

// The diagram as the target of a proof game, checked beyond what the FEN reader checks (one king a
// side, no pawn on its first or last rank): at most 16 units and 8 pawns a side, and no more
// promoted pieces than missing pawns (queens beyond 1, rooks, bishops and knights beyond 2); the
// Error names what is impossible.
Status check_proof_game_target(const Position& target);

// Every play of exactly `plies` plies from `start` that ends with the placement of `target`.
ProofGameResult solve_proof_game(const Position& start, const Position& target, int plies,
                                 const ProofGameOptions& options = {});

// The fewest moves each side (by Color) still needs from `now` to reach `target`'s placement, as
// the search counts them (a bound: never more than the truth); -1 when it cannot be reached.
std::vector<int> proof_game_bounds(const Position& now, const Position& target);

}  // namespace minimax::chess::mate
