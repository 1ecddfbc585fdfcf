#include "match/draughts_openings.hpp"

#include <fstream>

#include "core/text.hpp"
#include "games/draughts/notation.hpp"

namespace minimax::match {

using draughts::Draughts;

Expected<Draughts> draughts_opening(std::string_view text) {
  if (text.find(':') != std::string_view::npos) return draughts::parse_fen(text);
  Draughts position;
  for (const auto& token : split_whitespace(text)) {
    if (token.back() == '.') continue;  // a move number, "1." or "1..."
    auto m = draughts::parse_move(position, token);
    if (!m) return Error{"'" + token + "': " + m.error()};
    position.play(*m);
  }
  return position;
}

Expected<std::vector<Draughts>> ballot_openings() {
  std::vector<Draughts> out;
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

Expected<std::vector<Draughts>> read_draughts_openings(const std::string& path) {
  if (path == "ballots") return ballot_openings();
  std::ifstream f(path);
  if (!f) return Error{"cannot read openings file '" + path + "'"};
  std::vector<Draughts> out;
  std::string line;
  int number = 0;
  while (std::getline(f, line)) {
    ++number;
    const std::string text(trim(line));
    if (text.empty() || text[0] == '#') continue;
    auto p = draughts_opening(text);
    if (!p) return Error{path + ":" + std::to_string(number) + ": " + p.error()};
    if (p->outcome() != Outcome::none)
      return Error{path + ":" + std::to_string(number) + ": the game is already over"};
    out.push_back(*p);
  }
  if (out.empty()) return Error{"openings file '" + path + "' has no openings"};
  return out;
}

}  // namespace minimax::match
