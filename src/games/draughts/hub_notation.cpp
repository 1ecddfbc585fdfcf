#include "games/draughts/hub_notation.hpp"

#include <charconv>
#include <vector>

#include "games/draughts/notation.hpp"

namespace minimax::draughts {

std::string hub_position(const Draughts& p) {
  std::string out(1, p.side_to_move() == kBlack ? 'B' : 'W');
  for (int s = 0; s < 32; ++s) {
    const Bits b = bit(s);
    const bool king = (p.kings() & b) != 0;
    out += (p.black() & b) ? (king ? 'B' : 'b') : (p.white() & b) ? (king ? 'W' : 'w') : 'e';
  }
  return out;
}

Expected<Draughts> parse_hub_position(std::string_view text) {
  if (text.size() != 33)
    return Error{"bad Hub position '" + std::string(text) +
                 "': expected the side to move and 32 squares (" + std::to_string(text.size()) +
                 " characters)"};
  if (text[0] != 'B' && text[0] != 'W')
    return Error{"bad Hub position '" + std::string(text) + "': the side to move must be B or W"};
  Bits black = 0, white = 0, kings = 0;
  for (int s = 0; s < 32; ++s) {
    const char c = text[static_cast<std::size_t>(s) + 1];
    switch (c) {
      case 'b':
        black |= bit(s);
        break;
      case 'B':
        black |= bit(s), kings |= bit(s);
        break;
      case 'w':
        white |= bit(s);
        break;
      case 'W':
        white |= bit(s), kings |= bit(s);
        break;
      case 'e':
        break;
      default:
        return Error{"bad Hub position '" + std::string(text) + "': square " +
                     std::to_string(s + 1) + " is '" + std::string(1, c) +
                     "' (expected b, w, B, W or e)"};
    }
  }
  return Draughts::from_words(black, white, kings, text[0] == 'B' ? kBlack : kWhite);
}

std::string hub_move(const Draughts&, Move m) {
  if (!m.captured) return std::to_string(m.from + 1) + "-" + std::to_string(m.to + 1);
  std::string out = std::to_string(m.from + 1) + "x" + std::to_string(m.to + 1);
  for (Bits c = m.captured; c; c &= c - 1) out += "x" + std::to_string(lowest_square(c) + 1);
  return out;
}

Expected<Move> parse_hub_move(const Draughts& p, std::string_view text) {
  const auto bad = [&](const std::string& why) {
    return Error{"bad move '" + std::string(text) + "': " + why};
  };
  const bool capture = text.find('x') != std::string_view::npos;
  std::vector<int> squares;
  for (std::size_t at = 0; at <= text.size();) {
    std::size_t end = text.find(capture ? 'x' : '-', at);
    if (end == std::string_view::npos) end = text.size();
    int sq = 0;
    const auto part = text.substr(at, end - at);
    const auto r = std::from_chars(part.data(), part.data() + part.size(), sq);
    if (part.empty() || r.ec != std::errc() || r.ptr != part.data() + part.size() || sq < 1 ||
        sq > 32)
      return bad("'" + std::string(part) + "' is not a square 1-32");
    squares.push_back(sq - 1);
    at = end + 1;
  }
  if (squares.size() < 2) return bad("expected from-to or fromxto[xtaken...]");
  Draughts::MoveList moves;
  p.generate_moves(moves);
  if (!capture) {
    if (squares.size() != 2) return bad("a move that takes nothing has a start and an end");
    for (const Move& m : moves)
      if (!m.captured && m.from == squares[0] && m.to == squares[1]) return m;
    return bad("not a legal move here");
  }
  // from x to x the men taken (any order), or from x to alone.
  Bits taken = 0;
  for (std::size_t k = 2; k < squares.size(); ++k) taken |= bit(squares[k]);
  const Move* found = nullptr;
  int matches = 0;
  for (const Move& m : moves)
    if (m.captured && m.from == squares[0] && m.to == squares[1] &&
        (squares.size() == 2 || m.captured == taken)) {
      found = &m;
      ++matches;
    }
  if (matches == 1) return *found;
  if (matches > 1) return bad("several captures go from there to there; name the men taken");
  // Not start, end and men taken: perhaps the standard notation's path of landing squares.
  if (auto m = parse_move(p, text)) return *m;
  return bad("not a legal move here");
}

}  // namespace minimax::draughts
