#pragma once
// English draughts (checkers): the rules only. docs/draughts-rules.md has the rules, the sources
// and the decisions; in short:
//   - 8x8, 12 men a side; Black (Side::first, men on standard squares 1-12) moves first;
//   - men move and capture diagonally forward only, kings both ways, one square at a time;
//   - capturing is compulsory, with a free choice among the captures (not the most men); a
//     capture must be followed to its end; a man reaching the far row is crowned and its move ends;
//   - a side with no legal move (no pieces, or all blocked) loses;
//   - draws (WCDF rules, applied as if claimed at once): the same position with the same side to
//     move for the third time, and 40 moves by each side (80 plies) with no man moved and nothing
//     captured.
// A move, a multi-jump included, is one Move: its start, its end and the set of men it takes. Two
// orders of jumping the same men from the same start to the same end (a king going round a ring of
// men one way or the other) are one move, generated once.
//
// The position is Strachey's three words (board.hpp). The key is Zobrist's: a fixed random number
// for each (piece, square) and one for Black to move, combined by exclusive or and kept up to date
// by play and undo. to_string() is the FEN (notation.hpp), the position's identity.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.hpp"
#include "core/game.hpp"
#include "core/move_list.hpp"
#include "core/side.hpp"
#include "games/draughts/board.hpp"

namespace minimax::draughts {

inline constexpr Side kBlack = Side::first;
inline constexpr Side kWhite = Side::second;

struct Move {
  Bits captured = 0;      // the men and kings taken (Strachey's squares)
  std::uint8_t from = 0;  // Strachey's squares 0-31
  std::uint8_t to = 0;
  [[nodiscard]] bool is_capture() const { return captured != 0; }
  bool operator==(const Move&) const = default;
};

// The most moves a legal position has is far below this (a side's 12 pieces, kings at most 4
// moves each; multi-jump trees are small); 128 leaves room for any set-up position.
inline constexpr std::size_t kMaxMoves = 128;

// The draw rules; a solver or a test may turn them off.
struct DrawRules {
  bool threefold = true;  // the same position, same side to move, for the third time
  int move_limit = 40;    // moves by each side without a man's move or a capture; 0: off
};

class Draughts {
 public:
  using Move = draughts::Move;
  using MoveList = minimax::MoveList<Move, kMaxMoves>;

  // The starting position: Black's men on 1-12, White's on 21-32, Black to move.
  Draughts();
  // From Strachey's words (black pieces, white pieces, kings) and the side to move; the words
  // must not overlap and every king must be a piece; no other checks.
  static Expected<Draughts> from_words(Bits black, Bits white, Bits kings, Side to_move);
  // From FEN ("B:W21,22,K30:B1,2"); see notation.hpp.
  static Expected<Draughts> from_fen(std::string_view fen);

  [[nodiscard]] Side side_to_move() const { return side_; }
  // Every legal move (captures only, if there are any). Draw claims do not remove moves:
  // outcome() is what ends a game.
  void generate_moves(MoveList& list) const;
  // The same, but a capture reachable by several jump paths is listed once per path (perft's
  // --paths count).
  void generate_move_paths(MoveList& list) const;
  void play(Move m);
  void undo(Move m);
  // loss: no legal move; draw: threefold repetition or the move limit; none otherwise.
  [[nodiscard]] Outcome outcome() const;
  [[nodiscard]] std::uint64_t key() const { return key_; }
  [[nodiscard]] std::string move_to_string(Move m) const;  // standard notation (notation.hpp)
  [[nodiscard]] std::string to_string() const;             // FEN

  // Strachey's words.
  [[nodiscard]] Bits black() const { return black_; }
  [[nodiscard]] Bits white() const { return white_; }
  [[nodiscard]] Bits kings() const { return kings_; }
  [[nodiscard]] Bits pieces(Side s) const { return s == kBlack ? black_ : white_; }
  [[nodiscard]] Bits empty() const { return ~(black_ | white_); }

  [[nodiscard]] bool has_legal_move() const;
  [[nodiscard]] bool has_capture() const;
  // Plies since the last man's move or capture (the move-limit count).
  [[nodiscard]] int quiet_plies() const { return quiet_plies_; }
  // Plies played since this object was set up (what undo can take back).
  [[nodiscard]] std::size_t plies_played() const { return history_.size(); }
  // How many times the current position (same side to move) has stood on the board, this one
  // included, as far as the history since set-up shows.
  [[nodiscard]] int repetitions() const;
  // Whether the last move played (since set-up) took a piece; false if none was played.
  [[nodiscard]] bool last_move_captured() const {
    if (history_.empty()) return false;
    const Undo& u = history_.back();
    return count(u.black | u.white) > count(black_ | white_);
  }
  [[nodiscard]] const DrawRules& draw_rules() const { return rules_; }
  void set_draw_rules(DrawRules r) { rules_ = r; }

  // The squares, in jump order, that a capture lands on after its start (its last is m.to); for a
  // move by several paths, the first path the generator finds. A non-capture gives {m.to}.
  [[nodiscard]] std::vector<int> jump_path(Move m) const;

  // The key computed from scratch (tests check the incremental one against it).
  [[nodiscard]] std::uint64_t compute_key() const;

 private:
  struct Undo {
    Bits black, white, kings;
    std::uint64_t key;
    int quiet_plies;
  };
  template <bool kEveryPath>
  void generate(MoveList& list) const;
  template <bool kEveryPath>
  void add_jumps(MoveList& list, std::size_t first, int from, int at, bool king, Bits captured,
                 Bits targets, Bits empty) const;

  Bits black_ = 0, white_ = 0, kings_ = 0;
  Side side_ = kBlack;
  int quiet_plies_ = 0;
  std::uint64_t key_ = 0;
  DrawRules rules_;
  std::vector<Undo> history_;
};

static_assert(Game<Draughts>);

}  // namespace minimax::draughts
