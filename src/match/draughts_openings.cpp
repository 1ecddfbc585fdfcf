#include "match/draughts_openings.hpp"

#include "core/text.hpp"
#include "games/draughts/notation.hpp"
#include "match/openings_file.hpp"

namespace minimax::match {

using draughts::Draughts;

Expected<DraughtsOpening> draughts_opening(std::string_view text) {
  if (text.find(':') != std::string_view::npos) {
    auto p = draughts::parse_fen(text);
    if (!p) return Error{p.error()};
    return DraughtsOpening{*p, {}};
  }
  DraughtsOpening o;
  for (const auto& token : split_whitespace(text)) {
    if (token.back() == '.') continue;  // a move number, "1." or "1..."
    auto m = draughts::parse_move(o.position, token);
    if (!m) return Error{"'" + token + "': " + m.error()};
    o.position.play(*m);
    o.moves.push_back(*m);
  }
  return o;
}

Expected<std::vector<DraughtsOpening>> ballot_openings() {
  std::vector<DraughtsOpening> out;
  int number = 0;
  for (const std::string_view ballot : three_move_ballots()) {
    ++number;
    auto p = draughts_opening(ballot);
    if (!p)
      return Error{"ballot " + std::to_string(number) + " (" + std::string(ballot) +
                   "): " + p.error()};
    out.push_back(*p);
  }
  return out;
}

Expected<std::vector<DraughtsOpening>> read_draughts_openings(const std::string& path) {
  if (path == "ballots") return ballot_openings();
  return read_openings_file<DraughtsOpening>(
      path, [](const std::string& text) -> Expected<DraughtsOpening> {
        auto p = draughts_opening(text);
        if (p && p->position.outcome() != Outcome::none) return Error{"the game is already over"};
        return p;
      });
}

}  // namespace minimax::match
