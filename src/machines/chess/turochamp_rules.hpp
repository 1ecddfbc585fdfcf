#pragma once
// Turing's paper machine (seeds 000 and 002), its rules in the paper's order: considerable moves,
// dead positions, the value of a position (W/B), the position-play value (i)-(ix) and the rule of
// play. The Player that uses them is turochamp.hpp. Turing writes for White; every function here
// takes `us`, the machine's colour, so Black plays by the same rules mirrored.
// Where the paper is ambiguous the decision is a field of TurochampRules (the defaults are the
// decisions docs/turochamp.md argues for), so tests can show what each reading gives.
#include <array>
#include <cstdint>
#include <string>

#include "games/chess/position.hpp"

namespace minimax::chess::turochamp {

struct TurochampRules {
  // Plies in which every move is considerable (Turing: "white's next move and black's reply").
  int full_width_plies = 2;
  // Beyond them only captures/recaptures/mates are followed; this caps how far (0 = no cap; the
  // chain of captures ends by itself, each one removes a piece).
  int max_plies = 0;
  // Does a king or a pawn count as a defender in (ii) and for "undefended" captures?
  bool pawns_defend = true;
  bool king_defends = true;
  // (v): 1.0 for castling still possible later, counted once (false) or once per wing (true).
  bool castling_later_per_wing = false;
  // (v) after castling: do the points for "possible later" and "possible next move" stay with a
  // side that has castled (true: 3.0 in all while it stays castled) or are they lost with the
  // castling rights (false: castling nets -1.0)? Turing's 3.2 for 18.O-O-O in Game 2 needs true.
  bool castling_points_persist = true;
  // Readings tried against the printed values (docs/turochamp.md, "Every printed value"); the
  // defaults are the decisions. (i): does a capture count two moves (Turing: "counting a capture
  // as two moves")? (ii): is the queen's defence counted too? (vii): does a pawn defend a pawn?
  bool capture_counts_two = true;
  bool queen_defence = false;
  bool pawn_defends_pawn = false;
};

// Has `c` castled in this game (Position::castled, castled.hpp): a castling move among the game's
// moves, so a king that castled and then walked keeps (v)'s points for "the actual performance
// of castling". Only for a position set up from a FEN, without its moves, is it read from the
// board (no castling rights left, king and rook where castling puts them).
bool has_castled(const Position& pos, Color c);

// Material in half-pawns (P=1 Kt=3 B=3.5 R=5 Q=10, doubled so that the bishop's half is whole).
int material_halves(const Position& pos, Color c);
int piece_value_halves(
    PieceType t);  // the king is worth more than anything else here (capture rule)

// The value of a dead position for `us`: W/B (our material over theirs); checkmate is +-1000.
// Decisions: the opponent with only a king -> 500 + W (above every finite ratio, below a mate);
// both bare kings -> 1; stalemate -> 1 (a draw is worth what equal material is).
inline constexpr double kMateValue = 1000.0;
double dead_value(const Position& pos, Color us);

// Turing's one-decimal square-root table, in tenths: 0, 10, 14, 17, 20, 22, 24, 26, 28, 30, 32,
// 33, 35, 36 for 0..13; past 13 the same rounding of the true root (decision).
int sqrt_tenths(int n);

// The position-play value of `us` in `pos`, in tenths, term by term (Turing's (i)-(ix)).
struct PositionPlay {
  int mobility = 0;       // (i)   pieces Q R B Kt: sqrt of moves, a capture counting two
  int defence = 0;        // (ii)  R B Kt: 1.0 defended, +0.5 twice defended
  int king_mobility = 0;  // (iii) king moves other than castling, as (i)
  int king_safety = 0;    // (iv)  minus the moves of a queen standing on the king's square
  int castling = 0;       // (v)   1.0 castling possible later, 1.0 next move, 1.0 castled
  int pawn_advance = 0;   // (vi)  0.2 per rank advanced
  int pawn_defence = 0;   // (vii) 0.3 defended by a piece (not a pawn)
  int mate_threat = 0;    // (viii) 1.0 threat of checkmate against the enemy king
  int check = 0;          // (ix)  0.5 the enemy king in check
  [[nodiscard]] int total() const {
    return mobility + defence + king_mobility + king_safety + castling + pawn_advance +
           pawn_defence + mate_threat + check;
  }
  [[nodiscard]] std::string describe() const;  // "i 12.3  ii 4.0 ... = 27.5"
};

// `just_castled`: the move that led here was our castling ((v)'s third point); a side that has
// castled earlier is recognised on the board (has_castled) and keeps its castling points.
PositionPlay position_play(const Position& pos, Color us, const TurochampRules& rules,
                           bool just_castled = false);

// Is `m` considerable at `ply` (0 = the machine's next move) after `previous` (Move::none() at the
// root)? Plies below full_width_plies: always. Later: a recapture of a capture, the capture of an
// undefended piece, the capture of a higher-valued piece by a lower one, or a checkmate.
bool considerable(Position& pos, Move m, int ply, Move previous, const TurochampRules& rules);

// The value of the position after the machine's move (it is the opponent's turn, ply 1), by
// Turing's backing up of considerable moves; `nodes` counts positions visited. The backing up is
// the search core's alpha-beta (src/search) in doubles, with considerable(), dead_value() and
// mate/stalemate told to it as hooks (turochamp_rules.cpp).
double analysis_value(Position& pos, Color us, const TurochampRules& rules, Move previous,
                      std::uint64_t& nodes);

// One candidate move with what the rule of play compares.
struct Candidate {
  Move move;
  double value = 0;       // the value of the position by analysis
  int position_play = 0;  // tenths, of the position after the move
};

// Every legal move at the board with its value and position-play value, in generation order.
std::vector<Candidate> evaluate_moves(Position& pos, const TurochampRules& rules,
                                      std::uint64_t& nodes);

}  // namespace minimax::chess::turochamp
