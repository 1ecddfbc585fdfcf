#pragma once
// The record writer of a chess game, as an observer of the game loop (session/game_loop.hpp).
//
// API:
//   PgnRecord record(path, tags, PgnRecord::Mode::rewrite, &err);
//   play_game(start, white, black, settings, chess_adapter(), {&record});
// Mode::rewrite (`minimax play`): the whole game so far is written after every move and takeback
// and at the end, atomically (core/atomic_file.hpp), so a game in progress is never lost or left
// half-written. Mode::append (`minimax match`, `minimax tournament`): the finished game is
// appended, with a Termination tag giving the reason. A file that cannot be written gets one line
// on `err` (once) and the game goes on.
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "session/chess_game.hpp"

namespace minimax::session {

class PgnRecord final : public ChessObserver {
 public:
  using Tags = std::vector<std::pair<std::string, std::string>>;
  enum class Mode { rewrite, append };
  // Warnings go to `err` (if given), after `who` ("minimax play chess: ").
  PgnRecord(std::string path, Tags tags, Mode mode, std::ostream* err = nullptr,
            std::string who = {})
      : path_(std::move(path)),
        tags_(std::move(tags)),
        mode_(mode),
        err_(err),
        who_(std::move(who)) {}

  void game_started(const chess::Position& start) override;
  void position_changed(const chess::Position& position,
                        std::span<const chess::Move> moves) override;
  void game_ended(const ChessResult& result) override;
  [[nodiscard]] const std::string& path() const { return path_; }
  [[nodiscard]] bool written() const { return written_; }
  // Why the last game could not be saved (a full disk, a folder that went away); empty when saved.
  [[nodiscard]] const std::string& failure() const { return failure_; }

 private:
  void rewrite(const std::vector<chess::Move>& moves, const std::string& result);
  void warn(const std::string& what);

  std::string path_;
  Tags tags_;
  Mode mode_;
  std::ostream* err_;
  std::string who_;
  chess::Position start_;
  std::string failure_;
  bool written_ = false, warned_ = false;
};

}  // namespace minimax::session
