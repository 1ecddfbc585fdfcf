#pragma once
// The record of a game as an observer of the game loop, rewritten whole after every move
// (atomically: core/atomic_file.hpp) like the chess PGN record, so a game in progress is never
// lost. A game with a record format of its own gives it as `format` (draughts: PDN); the others
// (Nim, noughts and crosses) get a few lines of text:
//
//   # minimax play nim
//   start: 7 4 5 2
//   moves: A2 D1 B1 ...
//   result: 0-1 (the game ended)        1-0: the first player won; * while unfinished
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <utility>

#include "core/atomic_file.hpp"
#include "session/game_loop.hpp"

namespace minimax::session {

template <Game G>
class TextRecord final : public GameObserver<G> {
 public:
  using Move = typename G::Move;
  // The record's text from the start, the moves, the result ("1-0": the first side won; "*"
  // while unfinished) and the reason the game ended (empty while it goes on).
  using Format = std::function<std::string(const G& start, std::span<const Move> moves,
                                           const std::string& result, const std::string& reason)>;
  TextRecord(std::string path, std::string title, std::ostream* err = nullptr, std::string who = {},
             Format format = {})
      : path_(std::move(path)),
        title_(std::move(title)),
        err_(err),
        who_(std::move(who)),
        format_(std::move(format)) {}

  void game_started(const G& start) override {
    start_ = start;
    write({}, "*", {});
  }
  void position_changed(const G&, std::span<const Move> moves) override { write(moves, "*", {}); }
  void game_ended(const GameResult<G>& r) override { write(r.moves, result_text(r), r.reason); }
  [[nodiscard]] bool written() const { return written_; }

 private:
  void write(std::span<const Move> moves, const std::string& result, const std::string& reason) {
    std::string text;
    if (format_) {
      text = format_(*start_, moves, result, reason);
    } else {
      G position = *start_;
      text = "# " + title_ + "\nstart: " + position.to_string() + "\nmoves:";
      for (const Move& m : moves) {
        text += " " + position.move_to_string(m);
        position.play(m);
      }
      text += "\nresult: " + result + (reason.empty() ? "" : " (" + reason + ")") + "\n";
    }
    if (const Status st = write_file_atomically(path_, text)) {
      written_ = true;
    } else if (err_ && !warned_) {
      warned_ = true;
      *err_ << who_ << st.error() << "; the game is not being saved\n";
    }
  }

  std::string path_, title_;
  std::ostream* err_;
  std::string who_;
  Format format_;
  std::optional<G> start_;
  bool written_ = false, warned_ = false;
};

}  // namespace minimax::session
