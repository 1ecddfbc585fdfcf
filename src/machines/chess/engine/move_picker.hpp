#pragma once
// Move ordering, in stages so that a cut-off by an early move saves generating the rest:
//   1. the hash move (best move stored for this position by an earlier search),
//   2. captures and promotions that do not lose material by SEE, most valuable victim first
//      (MVV-LVA refined by capture history),
//   3. the two killer moves of this ply and the counter move to the opponent's last move,
//   4. the other quiet moves by butterfly + continuation history,
//   5. the captures that lose material by SEE.
// In check every legal move is generated at once (evasions). Quiescence uses stages 1-2 only.
#include <cstdint>

#include "games/chess/position.hpp"
#include "machines/chess/engine/history.hpp"

namespace minimax::chess::engine {

class MovePicker {
 public:
  // Main search.
  // `scratch` is a move list owned by the caller for this ply (generation writes into it; a list
  // per ply in the worker avoids clearing 512 bytes at every node).
  MovePicker(const Position& pos, Position::MoveList& scratch, Move tt_move, const Histories& h,
             const PieceToHistory* cont1, const PieceToHistory* cont2, Move killer1, Move killer2,
             Move counter);
  // Quiescence: noisy moves only (all evasions when in check).
  MovePicker(const Position& pos, Position::MoveList& scratch, Move tt_move, const Histories& h,
             const PieceToHistory* cont1, const PieceToHistory* cont2);

  // The next move, or Move::none() when there are no more. With skip_quiets, quiet moves not yet
  // returned are passed over (late-move pruning).
  Move next(bool skip_quiets = false);
  // The stage that produced the last move was a "good" one (hash, good capture, killer).
  [[nodiscard]] bool in_bad_captures() const { return stage_ == kBadNoisy; }

 private:
  enum Stage {
    kTT,
    kGenNoisy,
    kGoodNoisy,
    kKiller1,
    kKiller2,
    kCounter,
    kGenQuiet,
    kQuiet,
    kBadNoisy,
    kEvasionTT,
    kGenEvasions,
    kEvasions,
    kQsTT,
    kQsGenNoisy,
    kQsNoisy,
    kDone
  };
  struct Scored {  // no default member initialisers: the array is not cleared per node
    std::uint16_t raw;
    int score;
    [[nodiscard]] Move move() const { return Move::from_raw(raw); }
  };
  void score_noisy(int begin, int end);
  void score_quiet(int begin, int end);
  void score_evasions(int begin, int end);
  // Selection: the best of [cur, end) swapped to cur.
  Move pick_best(int end);
  bool is_special(Move m) const {
    return m == tt_move_ || m == killer1_ || m == killer2_ || m == counter_;
  }

  const Position& pos_;
  Position::MoveList& list_;
  const Histories& h_;
  const PieceToHistory* cont1_;
  const PieceToHistory* cont2_;
  Move tt_move_, killer1_, killer2_, counter_;
  int stage_;
  Scored moves_[256];
  int cur_ = 0, end_ = 0, bad_end_ = 0, bad_cur_ = 0;
};

}  // namespace minimax::chess::engine
