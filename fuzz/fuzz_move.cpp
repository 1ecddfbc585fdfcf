// Move text in a position: the first line is a FEN (a bad one is skipped), the rest is read as UCI
// move text, SAN, descriptive notation (strict and lenient) and the front ends' move_text. What is
// accepted is a legal move of the position, and SAN written for it reads back to the same move.
#include <algorithm>

#include "fuzz_common.hpp"
#include "games/chess/descriptive.hpp"
#include "games/chess/move_text.hpp"
#include "games/chess/position.hpp"
#include "games/chess/san.hpp"

using namespace minimax;
using chess::Position;

namespace {

void legal(const Position& pos, chess::Move m, const char* reader) {
  Position::MoveList moves;
  pos.generate_moves(moves);
  fuzz::require(std::find(moves.begin(), moves.end(), m) != moves.end(),
                std::string(reader) + " accepted an illegal move in " + pos.fen());
  const std::string san = chess::to_san(pos, m);
  auto back = chess::parse_san(pos, san);
  fuzz::require(back && *back == m, "SAN " + san + " does not read back in " + pos.fen());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto [fen, text] = fuzz::first_line(fuzz::text_of(data, size));
  auto pos = Position::from_fen(fen, fen.find("HFhf") != std::string_view::npos);
  if (!pos) return 0;
  if (text.find('\n') != std::string_view::npos) return 0;
  if (auto m = pos->parse_uci(text))
    legal(*pos, *m, "parse_uci");
  else
    fuzz::one_line(m.error(), "parse_uci");
  if (auto m = chess::parse_san(*pos, text))
    legal(*pos, *m, "parse_san");
  else
    fuzz::one_line(m.error(), "parse_san");
  if (auto m = chess::parse_move_text(*pos, text))
    legal(*pos, *m, "parse_move_text");
  else
    fuzz::one_line(m.error(), "parse_move_text");
  for (auto mode : {chess::DescriptiveMode::strict, chess::DescriptiveMode::lenient}) {
    if (auto m = chess::parse_descriptive(*pos, text, mode))
      legal(*pos, *m, "parse_descriptive");
    else
      fuzz::one_line(m.error(), "parse_descriptive");
  }
  return 0;
}
