#pragma once
// English draughts in the one game loop (session/game_loop.hpp): the adapter that names the rules'
// ends (no legal move, the third repetition, 40 moves each without a man's move or a capture), and
// the PDN record of a finished game appended to a file, as `minimax match` and `minimax
// tournament` keep their games. PDN 3.0 gives the result from the first side to move's view,
// Black's here: "1-0" is a win for Black, as the loop's for_first is.
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "games/draughts/draughts.hpp"
#include "session/game_loop.hpp"

namespace minimax::session {

using DraughtsResult = GameResult<draughts::Draughts>;
using DraughtsObserver = GameObserver<draughts::Draughts>;

// end_reason: "no legal move", "threefold repetition", "40-move rule"; move_text: standard
// notation, "(none)" for no move, "from-to" for an illegal one.
GameAdapter<draughts::Draughts> draughts_adapter();

// Appends each finished game to `path` as PDN: the tags given, then Result, GameType 21 and the
// reason in a Termination tag (and the FEN when the start is not the usual one). `opening`: the
// moves from the initial position that led to the game's start (a three-move ballot), written as
// the game's first moves. A file that cannot be written gets one line on `err` (once).
class PdnRecord final : public DraughtsObserver {
 public:
  using Tags = std::vector<std::pair<std::string, std::string>>;
  PdnRecord(std::string path, Tags tags, std::vector<draughts::Move> opening = {},
            std::ostream* err = nullptr)
      : path_(std::move(path)), tags_(std::move(tags)), opening_(std::move(opening)), err_(err) {}
  void game_ended(const DraughtsResult& result) override;
  [[nodiscard]] bool written() const { return written_; }
  // Why the game could not be saved; empty when saved.
  [[nodiscard]] const std::string& failure() const { return failure_; }

 private:
  std::string path_;
  Tags tags_;
  std::vector<draughts::Move> opening_;
  std::ostream* err_;
  std::string failure_;
  bool written_ = false, warned_ = false;
};

}  // namespace minimax::session
