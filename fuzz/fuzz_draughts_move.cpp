// Draughts FEN and move text: the first line is a FEN (written back and read again to the same
// FEN), the rest a move in standard or Strachey's notation; what is accepted is legal.
#include <algorithm>

#include "fuzz_common.hpp"
#include "games/draughts/notation.hpp"

using namespace minimax;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto [fen, text] = fuzz::first_line(fuzz::text_of(data, size));
  auto pos = draughts::parse_fen(fen);
  if (!pos) {
    fuzz::one_line(pos.error(), "draughts::parse_fen");
    return 0;
  }
  const std::string written = draughts::to_fen(*pos);
  auto again = draughts::parse_fen(written);
  fuzz::require(again && draughts::to_fen(*again) == written,
                "draughts FEN round trip: " + written);
  if (text.find('\n') != std::string_view::npos) return 0;
  draughts::Draughts::MoveList moves;
  pos->generate_moves(moves);
  for (auto reader : {&draughts::parse_move, &draughts::parse_strachey_move}) {
    auto m = reader(*pos, text);
    if (!m) {
      fuzz::one_line(m.error(), "draughts move reader");
      continue;
    }
    fuzz::require(std::find(moves.begin(), moves.end(), *m) != moves.end(),
                  "a draughts move reader accepted an illegal move in " + written);
  }
  return 0;
}
