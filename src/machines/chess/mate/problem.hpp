#pragma once
// Chess problems: the vocabulary of the solver (issue 6). Turing (1953) asked whether a machine
// could tell if White has a forced mate in three; Prinz (Bowden 1953) made the Manchester machine
// do a mate in two in 1951. A solve is a proof: every key, or the fact that there is none.
#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.hpp"
#include "games/chess/position.hpp"

namespace minimax::chess::mate {

// #N (direct mate), s#N (selfmate: the side to move forces the other to mate it), h#N (helpmate:
// the side to move starts and both cooperate until the other side mates it on the last move), and
// the composers' stipulations with Popeye's meaning:
//   h=N     help-stalemate: as h#N, the last move stalemates the side that started;
//   ser-#N  series mate: the side to move makes N moves in a row, the last one mates; no move
//           before the last may give check (the other side never moves);
//   ser-=N  series stalemate: as ser-#N, the last move stalemates;
//   ser-h#N series helpmate: the side to move makes N moves in a row (none but the last may give
//           check), then the other side mates it in one;
//   ser-h=N series help-stalemate: as ser-h#N, the other side's one move stalemates.
// The series side's moves are legal moves; the other side's turns in between are passes (no move,
// so an en passant right lapses), and whether it could move then is not asked.
enum class Stipulation {
  direct,
  self,
  help,
  help_stalemate,
  series_mate,
  series_stalemate,
  series_help,
  series_help_stalemate
};

// "#", "s#", "h#", "h=", "ser-#", "ser-=", "ser-h#", "ser-h="
std::string_view stipulation_prefix(Stipulation s);
// Help and series play: the answer is every solution line (not keys and defences).
inline bool solved_by_lines(Stipulation s) {
  return s != Stipulation::direct && s != Stipulation::self;
}
inline bool is_series(Stipulation s) {
  return s == Stipulation::series_mate || s == Stipulation::series_stalemate ||
         s == Stipulation::series_help || s == Stipulation::series_help_stalemate;
}
// The goal is stalemate (h=, ser-=, ser-h=), not mate.
inline bool goal_is_stalemate(Stipulation s) {
  return s == Stipulation::help_stalemate || s == Stipulation::series_stalemate ||
         s == Stipulation::series_help_stalemate;
}
// ser-h# and ser-h=: the other side's one move after the series ends the play.
inline bool ends_with_other_sides_move(Stipulation s) {
  return s == Stipulation::series_help || s == Stipulation::series_help_stalemate;
}
// Help play where N.5 is allowed (h#N.5, h=N.5: the side to move makes a single first ply).
inline bool allows_half_move(Stipulation s) {
  return s == Stipulation::help || s == Stipulation::help_stalemate;
}

// The rules the problem is solved under. Orthodox by default; prinz() is the Manchester machine's
// simplified chess (Bowden 1953): no castling, no double pawn step, no en passant, no promotion,
// and no distinction between mate and stalemate.
struct Rules {
  bool castling = true;
  bool double_step = true;
  bool en_passant = true;
  bool promotion = true;
  bool stalemate_is_mate = false;

  static Rules prinz() { return Rules{false, false, false, false, true}; }
  [[nodiscard]] bool orthodox() const {
    return castling && double_step && en_passant && promotion && !stalemate_is_mate;
  }
};

// How direct mates and selfmates are searched: the AND/OR search over the moves (alpha_beta, the
// default: faster on every class measured, docs/mate-solver.md) or the proof-number search (df-pn).
// Help and series play have their own searches.
enum class SearchMethod { alpha_beta, proof_number };
enum class HelpMethod { automatic, plain, intelligent };

struct SolveOptions {
  Rules rules;
  int variation_depth = 3;  // attacker moves of the solution tree spelled out per key
  int tt_log2 = 20;         // transposition table: 2^tt_log2 entries of 16 bytes
  SearchMethod method = SearchMethod::alpha_beta;
  double time_limit_s = 0;       // 0: none. When it runs out the result is marked incomplete.
  std::uint64_t node_limit = 0;  // 0: none (each thread counts its own)
  // The first move's alternatives shared among this many threads, which share the table (direct
  // mates and selfmates by the AND/OR search, help and series play); the answer is the same for
  // any number.
  int threads = 1;
  // Help play toward mate: every line searched (plain), or the search toward each mate the
  // material can build (intelligent, mate_targets.hpp), or the driver's choice (automatic: the
  // plain search first within a budget, then the targets). The same solutions in the same order.
  HelpMethod help_method = HelpMethod::automatic;
  const std::atomic<bool>* stop =
      nullptr;  // set from outside (UCI stop): ends the solve as incomplete
};

// One defence in a solution tree and how the attacker goes on.
struct Variation {
  Move defence;
  bool ends_play = false;  // the defence itself reaches the goal (selfmate: it mates)
  int length = 0;          // attacker moves still needed after the defence
  std::vector<Move>
      continuations;            // every attacker move that keeps `length` (more than one: duals)
  std::vector<Variation> next;  // the defences to continuations[0], when spelled out
};

struct KeyMove {
  Move key;
  int length = 0;             // the shortest goal this key forces (<= n)
  bool check = false;         // the key gives check (then there is no threat)
  int threat_length = 0;      // 0: no threat (the key checks, or nothing is threatened)
  std::vector<Move> threats;  // every attacker move that carries out the threat
  std::vector<Variation> defences;
};

struct ProblemResult {
  Stipulation stipulation = Stipulation::direct;
  int n = 0;                  // moves; for help play, plies = 2n (+1 if half_move)
  bool half_move = false;     // h#N.5, h=N.5
  bool complete = true;       // false: a time or node limit cut the search (nothing proved)
  int shortest = 0;           // direct/self: fewest moves that force the goal (0: none <= n)
  std::vector<KeyMove> keys;  // direct/self: every key (a second one is a cook)
  std::vector<std::vector<Move>> help_solutions;  // help and series play: every solution line
  std::uint64_t nodes = 0;
  double seconds = 0;
  [[nodiscard]] bool solved() const { return !keys.empty() || !help_solutions.empty(); }
};

// Parses "#2", "s#4", "h#3", "h#2.5", "h=3", "h=1.5", "ser-#5", "ser-=4", "ser-h#7", "ser-h=3".
struct StipulationSpec {
  Stipulation stipulation = Stipulation::direct;
  int n = 0;
  bool half_move = false;
};
Expected<StipulationSpec> parse_stipulation(std::string_view text);
// The number of moves alone ("3", "2.5" where half a move is allowed) of a stipulation already
// known; stipulation_text, when given, is what an error quotes.
Expected<StipulationSpec> parse_moves(Stipulation stipulation, std::string_view moves,
                                      std::string_view stipulation_text = {});

inline constexpr int kMaxMoves = 30;  // deeper than any solver finishes; the range check for N

}  // namespace minimax::chess::mate
