#include "games/chess/move_text.hpp"

#include "core/text.hpp"
#include "games/chess/descriptive.hpp"
#include "games/chess/san.hpp"

namespace minimax::chess {

Expected<Move> parse_move_text(const Position& pos, std::string_view text) {
  auto san = parse_san(pos, text);
  if (san || !starts_with(san.error(), "malformed")) return san;
  // Not SAN: descriptive notation reads it, or says why not.
  auto desc = parse_descriptive(pos, text);
  if (desc || !starts_with(desc.error(), "malformed")) return desc;
  return Error{"malformed move '" + std::string(trim(text)) +
               "': not UCI (e2e4), SAN (Nf3) or descriptive notation (P-K4)"};
}

}  // namespace minimax::chess
