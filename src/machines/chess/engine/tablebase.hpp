#pragma once
// Endgame tables as the engine sees them: a source of perfect knowledge about positions with few
// pieces. The engine asks two things (docs/syzygy.md):
//   - in the search, the win/draw/loss of a position just after a capture or pawn move
//     (probe_wdl; several threads at once);
//   - at the root, every legal move with its distance to zeroing (rank_root_moves; once a
//     search), so that it plays only moves that keep the best result and still converts within
//     the fifty-move rule.
// Syzygy (machines/chess/syzygy.hpp, through Debian's libfathom) is the first source; any other
// (minimax's own retrograde tables) plugs in by implementing this class and being handed to
// Engine::set_tablebase.
//
// The search calls probe_wdl through a virtual call: a probe reads a compressed table and costs
// far more than the call, and it happens only at nodes that pass the cheap tests in search.cpp.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "games/chess/position.hpp"

namespace minimax::chess::engine {

// The value of a position for the side to move, in Syzygy's five classes: a cursed win is a win
// that the fifty-move rule turns into a draw, a blessed loss a loss it saves.
enum class TbWdl : std::int8_t { loss = -2, blessed_loss = -1, draw = 0, cursed_win = 1, win = 2 };

// "win", "cursed win", "draw", "blessed loss", "loss".
std::string_view to_string(TbWdl wdl);
inline TbWdl negate(TbWdl wdl) { return TbWdl(-static_cast<int>(wdl)); }

// One legal move at the root as a table sees it. `dtz` counts plies from the root (this move
// included) to the next capture, pawn move or mate on the line that keeps the result, signed
// from the root's side to move: > 0 it wins, < 0 it loses, 0 a draw. A source without distances
// to zeroing may give distances to mate (never shorter than the true distance to zeroing); the
// ranking below stays safe with either.
struct TbMove {
  Move move;
  int dtz = 0;
};

// The root as a table sees it: its own DTZ (signed as above; 0 with no legal move) and each
// legal move's.
struct TbRoot {
  int dtz = 0;
  std::vector<TbMove> moves;
};

class Tablebase {
 public:
  virtual ~Tablebase() = default;

  // One line for a person: "Syzygy: 35 WDL and 35 DTZ tables of up to 4 pieces in PATH".
  [[nodiscard]] virtual std::string description() const = 0;
  // Pieces (kings included) of the largest ending held; 0 if none.
  [[nodiscard]] virtual int max_pieces() const = 0;
  // The value for the side to move as if the fifty-move counter were zero, or nothing if the
  // position is not held (more pieces than max_pieces, castling rights, a table missing).
  // Thread-safe: every search thread calls it.
  [[nodiscard]] virtual std::optional<TbWdl> probe_wdl(const Position& pos) const = 0;
  // The root's DTZ and every legal move's from the root, the position's own fifty-move counter
  // taken into account; nothing if the position (or one of its moves) is not held. Not called by
  // two threads at once for one engine; an implementation shared between engines guards itself.
  [[nodiscard]] virtual std::optional<TbRoot> probe_root(const Position& pos) const = 0;
};

// How good a root move is, from its DTZ and the root's fifty-move counter; higher is better and
// equal ranks are equally good (after Stockfish's ranking of root moves, own code):
//   - a win that the fifty-move rule cannot spoil: 2000 - dtz, so only the moves nearest to the
//     next zeroing move share the best rank. Playing them, DTZ falls with every move and no
//     position repeats, so the win is converted within the fifty-move rule and never drawn by
//     repetition;
//   - with the fifty-move rule, a win it spoils (cursed): 1000 - (dtz + counter), still better
//     than a draw (the opponent may err);
//   - a draw: 0;
//   - a loss: -1000, or with the fifty-move rule and a fifty-move draw in sight, -1000 plus the
//     plies the loss takes (the longest resistance first).
int tb_rank(int dtz, int halfmove_clock, bool rule50);

// The value of the root for its side to move from its best move's DTZ.
TbWdl tb_root_wdl(int best_dtz, int halfmove_clock, bool rule50);

}  // namespace minimax::chess::engine
