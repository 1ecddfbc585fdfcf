#pragma once
// Intelligent help play (docs/mate-solver.md): the mates the material on the board can build in
// the moves that are left, as targets for the search.
//
// In any mate the mated king stands on some square K, a man of the other side attacks K, and
// each of K's neighbours (its flights) is attacked by the mating side or occupied by one of the
// mated side's own men. A target fixes those roles: K, the checking man's square and type, and
// for each flight not already covered by a unit placed before it (in a fixed order), either a man
// of the mated side that blocks it or a unit of the mating side (its king included) that guards
// it from a chosen square. Every other unit is free. A unit needs at least as many moves to reach
// its square as on an empty board, so a target is kept only when each side's roles fit in the
// moves that side has left; the search toward a target drops every move after which they no
// longer fit. Every mate contains the roles of some target (attacks on the empty board include
// the real ones), so no solution is lost; a target need not be a mate, and the search checks the
// real goal at the end. This follows the method of Popeye's "Option Intelligent" (Popeye's
// optimisations/intelligent sources: place the king, the checking piece, then guard or block each
// flight, counting moves), without its finer roles (pins, interceptions). As Popeye counts the
// squares that must be cleared, a unit without a role that stands where the mate needs the square
// (MateTarget::vacate) must leave it, by a move of its own side or by being taken.
#include <cstdint>
#include <vector>

#include "games/chess/position.hpp"

namespace minimax::chess::mate {

// One unit with a role: where it stands now and what it is, where and what it is in the mate.
struct Role {
  Square now = no_square;
  PieceType type = no_piece_type;
  Color color = white;
  Square target = no_square;
  PieceType target_type = no_piece_type;
};

struct MateTarget {
  Role roles[32];
  int n = 0;               // roles[0] is the mated king
  std::uint64_t hash = 0;  // distinguishes targets in the search's table
  // Squares no unit without a role may stand on in the mate: K, the roles' squares, the line of
  // the check and the guards' lines to their flights. (Where two ways of building give the same
  // roles, the squares both need.)
  Bitboard vacate = 0;
  // The mating side's role that attacks K where nothing can come between (a knight, a pawn, a
  // line piece beside K), if any: it gives check whenever it stands on its square, and the side to
  // be mated moves (in series mate: no check is given) just before the mating move, so it must
  // make the mating move itself. If it stands on its square before, it must leave and come back
  // (a pawn cannot). A target with two such roles is no mate: only one can move last.
  int checks_unblockably = -1;
  // Stalemate: every man of the stalemated side that is on the board at the end has a role (the
  // others are taken before it, each by a move of the other side).
  bool every_mated_unit = false;
};

// What moves_needed and pawn_captures_needed answer when a unit never can.
inline constexpr int kUnreachable = 99;

// Every target for `mated` to be mated by the other side's last move, the mating side having
// `mater_moves` moves (the mating move counted) and the mated side `mated_moves`, into `out`.
// False (and `out` incomplete) when there are more than `limit`.
//
// With `stalemate` the goal is a stalemate of `mated`: a target then fixes K and the guard or
// block of each flight, with no checking man, and gives every other man of the stalemated side a
// role too (MateTarget::every_mated_unit): it stands, unable to move, on a square it can reach, or
// it is taken. A man that could still move among the units placed is held by a unit placed for
// it: a man of its own side on the square it would go to, a unit of the other side in front of a
// pawn, or a line piece of the other side pinning it (Popeye's intelligent stalemate: immobilise
// the "trouble makers", then place or take the men left over). Every stalemate holds the roles of
// some target. False too when building them takes too long (then the plain search runs).
bool mate_targets(const Position& pos, Color mated, int mater_moves, int mated_moves,
                  std::size_t limit, std::vector<MateTarget>& out, bool stalemate = false);

// Moves a unit of colour c, now `type` on `from`, needs at least to stand on `to` as
// `target_type` (a pawn may promote on the way), counted on an empty board; castling counts for
// a king whose side still has the right in `pos`. kUnreachable when it never can.
int moves_needed(const Position& pos, Color c, PieceType type, Square from, PieceType target_type,
                 Square to);

// A pawn changes file only by taking: the captures a pawn of colour c on `from` must make to stand
// on `to` as `target_type` in at most `budget` moves (for a promotion, the fewest over the files
// it may promote on within the budget); kUnreachable when it cannot.
int pawn_captures_needed(Color c, Square from, PieceType target_type, Square to, int budget);

// The squares a pawn of colour c on `from` could take on, on any way forward: every square ahead
// of it no more files aside than ranks ahead.
Bitboard capture_cone(Color c, Square from);

}  // namespace minimax::chess::mate
