#pragma once
// The record of a game that has no record format of its own (Nim, noughts and crosses), as an
// observer of the game loop: a few lines of text, rewritten whole after every move (to PATH.tmp,
// then renamed) like the chess PGN record, so a game in progress is never lost.
//
//   # minimax play nim
//   start: 7 4 5 2
//   moves: A2 D1 B1 ...
//   result: 0-1 (the game ended)        1-0: the first player won; * while unfinished
#include <optional>
#include <ostream>
#include <string>
#include <utility>

#include "session/game_loop.hpp"
#include "session/pgn_record.hpp"

namespace minimax::session {

template <Game G>
class TextRecord final : public GameObserver<G> {
 public:
  using Move = typename G::Move;
  TextRecord(std::string path, std::string title, std::ostream* err = nullptr, std::string who = {})
      : path_(std::move(path)), title_(std::move(title)), err_(err), who_(std::move(who)) {}

  void game_started(const G& start) override {
    start_ = start;
    write({}, "*");
  }
  void position_changed(const G&, std::span<const Move> moves) override { write(moves, "*"); }
  void game_ended(const GameResult<G>& r) override {
    const char* score = r.for_first == Outcome::win    ? "1-0"
                        : r.for_first == Outcome::loss ? "0-1"
                        : r.for_first == Outcome::draw ? "1/2-1/2"
                                                       : "*";
    write(r.moves, std::string(score) + " (" + r.reason + ")");
  }
  [[nodiscard]] bool written() const { return written_; }

 private:
  void write(std::span<const Move> moves, const std::string& result) {
    G position = *start_;
    std::string text = "# " + title_ + "\nstart: " + position.to_string() + "\nmoves:";
    for (const Move& m : moves) {
      text += " " + position.move_to_string(m);
      position.play(m);
    }
    text += "\nresult: " + result + "\n";
    std::string error;
    if (write_file_atomically(path_, text, error)) {
      written_ = true;
    } else if (err_ && !warned_) {
      warned_ = true;
      *err_ << who_ << error << '\n';
    }
  }

  std::string path_, title_;
  std::ostream* err_;
  std::string who_;
  std::optional<G> start_;
  bool written_ = false, warned_ = false;
};

}  // namespace minimax::session
