#include "session/pgn_record.hpp"

#include <fstream>

#include "core/atomic_file.hpp"
#include "games/chess/pgn.hpp"

namespace minimax::session {

void PgnRecord::game_started(const chess::Position& start) {
  start_ = start;
  if (mode_ == Mode::rewrite) rewrite({}, "*");  // the file exists from the first moment
}

void PgnRecord::position_changed(const chess::Position&, std::span<const chess::Move> moves) {
  if (mode_ == Mode::rewrite) rewrite(std::vector<chess::Move>(moves.begin(), moves.end()), "*");
}

void PgnRecord::game_ended(const ChessResult& r) {
  const std::string result = result_text(r);
  if (mode_ == Mode::rewrite) {
    rewrite(r.moves, result);
    return;
  }
  // As `minimax match` has always written its games (the FEN tags come first here).
  Tags tags = tags_;
  tags.emplace_back("Termination", r.reason);
  if (r.start.fen() != chess::Position().fen()) {
    tags.emplace_back("SetUp", "1");
    tags.emplace_back("FEN", r.start.fen());
  }
  if (const Status st = append_file_atomically(
          path_, chess::write_pgn(chess::make_pgn_game(r.start, r.moves, result, tags)) + '\n')) {
    written_ = true;
    failure_.clear();
  } else {
    failure_ = st.error();
    warn(st.error());
  }
}

void PgnRecord::rewrite(const std::vector<chess::Move>& moves, const std::string& result) {
  const std::string text = chess::write_pgn(chess::make_pgn_game(start_, moves, result, tags_));
  if (const Status st = write_file_atomically(path_, text)) {
    written_ = true;
    failure_.clear();
  } else {
    failure_ = st.error();
    warn(st.error() + "; the game is not being saved");
  }
}

void PgnRecord::warn(const std::string& what) {
  if (warned_ || !err_) return;
  warned_ = true;
  *err_ << who_ << what << '\n';
}

}  // namespace minimax::session
