// FEN and X-FEN: what is read writes back to a FEN that reads to the same position, and every legal
// move plays and undoes with the key restored.
#include "fuzz_common.hpp"
#include "games/chess/position.hpp"

using namespace minimax;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto text = fuzz::text_of(data, size);
  if (text.find('\n') != std::string_view::npos) return 0;  // one line, as the callers split it
  for (const bool chess960 : {false, true}) {
    auto pos = chess::Position::from_fen(text, chess960);
    if (!pos) {
      fuzz::one_line(pos.error(), "Position::from_fen");
      continue;
    }
    const std::string fen = pos->fen();
    // A Shredder-FEN field makes the position Chess960 (tests/qa/position_bugs_test.cpp): read
    // back as such.
    auto again = chess::Position::from_fen(fen, pos->chess960());
    fuzz::require(static_cast<bool>(again), "FEN written back does not read: " + fen);
    fuzz::require(again->fen() == fen, "FEN round trip changed: " + fen + " -> " + again->fen());
    fuzz::require(again->key() == pos->key(), "key changed in the round trip: " + fen);
    chess::Position::MoveList moves;
    pos->generate_moves(moves);
    const auto key = pos->key();
    for (const auto m : moves) {
      pos->play(m);
      pos->undo(m);
      fuzz::require(pos->key() == key && pos->fen() == fen, "play/undo changed " + fen);
    }
  }
  return 0;
}
