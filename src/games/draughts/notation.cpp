#include "games/draughts/notation.hpp"

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "core/text.hpp"

namespace minimax::draughts {

namespace {

std::string quote(std::string_view s) { return "'" + std::string(s) + "'"; }

// A square number in [lo, hi]; nullopt for anything else.
std::optional<int> square_number(std::string_view token, int lo, int hi) {
  if (token.empty() || token.size() > 2) return std::nullopt;
  for (char c : token)
    if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
  const int n = std::stoi(std::string(token));
  if (n < lo || n > hi) return std::nullopt;
  return n;
}

// The square jumped over between two landing squares a and b, or -1 if b is not a jump from a.
int jumped_square(int a, int b) {
  for (Direction d : kAllDirections)
    if (kJumps.land[d][static_cast<std::size_t>(a)] == bit(b))
      return lowest_square(kJumps.over[d][static_cast<std::size_t>(a)]);
  return -1;
}

std::string standard(int strachey_square) { return std::to_string(strachey_square + 1); }

// The men ascending, then the kings ascending, as PDN 3.0's own example writes them.
std::string fen_pieces(Bits pieces, Bits kings) {
  std::string s;
  for (Bits b = pieces & ~kings; b; b &= b - 1)
    s += (s.empty() ? "" : ",") + standard(lowest_square(b));
  for (Bits b = pieces & kings; b; b &= b - 1)
    s += (s.empty() ? "K" : ",K") + standard(lowest_square(b));
  return s;
}

Draughts::MoveList legal_moves(const Draughts& p) {
  Draughts::MoveList list;
  p.generate_moves(list);
  return list;
}

}  // namespace

std::string to_fen(const Draughts& p) {
  std::string s = p.side_to_move() == kBlack ? "B" : "W";
  s += ":W" + fen_pieces(p.white(), p.kings());
  s += ":B" + fen_pieces(p.black(), p.kings());
  return s;
}

Expected<Draughts> parse_fen(std::string_view text) {
  std::string fen;
  for (char c : text)
    if (!std::isspace(static_cast<unsigned char>(c))) fen += c;
  const std::string where = "FEN " + quote(text) + ": ";
  if (fen.empty()) return Error{"FEN is empty"};
  if (fen.back() == '.') fen.pop_back();
  const std::vector<std::string> fields = split(fen, ':');
  Side side;
  if (fields[0] == "B" || fields[0] == "b") {
    side = kBlack;
  } else if (fields[0] == "W" || fields[0] == "w") {
    side = kWhite;
  } else {
    return Error{where + "side to move " + quote(fields[0]) + " is not B or W"};
  }
  if (fields.size() > 3) return Error{where + "more than two piece fields"};
  Bits colour_pieces[2] = {0, 0}, kings = 0;
  bool seen[2] = {false, false};
  for (std::size_t f = 1; f < fields.size(); ++f) {
    const std::string& field = fields[f];
    if (field.empty()) return Error{where + "empty field"};
    const char c = static_cast<char>(std::toupper(static_cast<unsigned char>(field[0])));
    if (c != 'W' && c != 'B')
      return Error{where + "field " + quote(field) + " does not start with W or B"};
    const int colour = c == 'B' ? 0 : 1;
    if (seen[colour]) return Error{where + "two fields for " + (colour ? "White" : "Black")};
    seen[colour] = true;
    if (field.size() == 1) continue;
    for (const std::string& token : split(std::string_view(field).substr(1), ',')) {
      if (token.empty()) return Error{where + "empty square in " + quote(field)};
      std::string_view t = token;
      const bool king = t[0] == 'K' || t[0] == 'k';
      if (king) t.remove_prefix(1);
      int lo, hi;
      const auto dash = t.find('-');
      if (dash == std::string_view::npos) {
        const auto n = square_number(t, 1, 32);
        if (!n) return Error{where + "bad square " + quote(token) + " (squares are 1-32)"};
        lo = hi = *n;
      } else {
        const auto a = square_number(t.substr(0, dash), 1, 32);
        const auto b = square_number(t.substr(dash + 1), 1, 32);
        if (!a || !b || *a > *b)
          return Error{where + "bad range " + quote(token) + " (squares are 1-32, low-high)"};
        lo = *a;
        hi = *b;
      }
      for (int n = lo; n <= hi; ++n) {
        const Bits b = bit(n - 1);
        if ((colour_pieces[0] | colour_pieces[1]) & b)
          return Error{where + "square " + std::to_string(n) + " given twice"};
        colour_pieces[colour] |= b;
        if (king) kings |= b;
      }
    }
  }
  const Bits black = colour_pieces[0], white = colour_pieces[1];
  if (const Bits b = black & ~kings & kBottomRow)
    return Error{where + "a black man on " + standard(lowest_square(b)) +
                 " (the far row) would have been crowned"};
  if (const Bits w = white & ~kings & kTopRow)
    return Error{where + "a white man on " + standard(lowest_square(w)) +
                 " (the far row) would have been crowned"};
  if (count(black) > 12 || count(white) > 12)
    return Error{where + "more than 12 pieces a side (" + std::to_string(count(black)) +
                 " black, " + std::to_string(count(white)) + " white)"};
  return Draughts::from_words(black, white, kings, side);
}

Expected<Draughts> Draughts::from_fen(std::string_view fen) { return parse_fen(fen); }
std::string Draughts::to_string() const { return to_fen(*this); }
std::string Draughts::move_to_string(Move m) const { return move_text(*this, m); }

std::string move_path_text(const Draughts& p, Move m) {
  if (!m.captured) return standard(m.from) + "-" + standard(m.to);
  std::string s = standard(m.from);
  for (int sq : p.jump_path(m)) s += "x" + standard(sq);
  return s;
}

std::string move_text(const Draughts& p, Move m) {
  if (!m.captured) return standard(m.from) + "-" + standard(m.to);
  for (const Move& other : legal_moves(p))
    if (other.from == m.from && other.to == m.to && other.captured != m.captured)
      return move_path_text(p, m);
  return standard(m.from) + "x" + standard(m.to);
}

Expected<Move> parse_move(const Draughts& p, std::string_view text) {
  const std::string t(trim(text));
  const std::string what = "move " + quote(t);
  const bool capture = t.find_first_of("xX") != std::string::npos;
  const bool simple = t.find('-') != std::string::npos;
  if (t.empty()) return Error{"empty move"};
  if (capture == simple)
    return Error{what + ": write a move as 11-15, a capture as 18x11 or 1x10x19"};
  std::vector<int> squares;
  std::string token;
  for (std::size_t i = 0; i <= t.size(); ++i) {
    if (i == t.size() || t[i] == '-' || t[i] == 'x' || t[i] == 'X') {
      const auto n = square_number(token, 1, 32);
      if (!n) return Error{what + ": " + quote(token) + " is not a square (1-32)"};
      squares.push_back(*n - 1);
      token.clear();
    } else {
      token += t[i];
    }
  }
  const auto moves = legal_moves(p);
  const std::string side = p.side_to_move() == kBlack ? "Black" : "White";
  if (!(p.pieces(p.side_to_move()) & bit(squares.front())))
    return Error{what + ": no " + (side == "Black" ? "black" : "white") + " piece on " +
                 standard(squares.front())};
  if (!capture) {
    if (squares.size() != 2) return Error{what + ": a move has a start and an end"};
    for (const Move& m : moves)
      if (!m.captured && m.from == squares[0] && m.to == squares[1]) return m;
    if (!moves.empty() && moves[0].captured)
      return Error{what + ": " + side + " must capture (" + move_text(p, moves[0]) + ")"};
    return Error{what + " is not legal here"};
  }
  const int from = squares.front(), to = squares.back();
  std::vector<Move> candidates;
  if (squares.size() == 2) {
    for (const Move& m : moves)
      if (m.captured && m.from == from && m.to == to) candidates.push_back(m);
  } else {
    Bits taken = 0;
    for (std::size_t i = 0; i + 1 < squares.size(); ++i) {
      const int over = jumped_square(squares[i], squares[i + 1]);
      if (over < 0)
        return Error{what + ": " + standard(squares[i]) + " to " + standard(squares[i + 1]) +
                     " is not a jump"};
      taken |= bit(over);
    }
    for (const Move& m : moves)
      if (m.from == from && m.to == to && m.captured == taken &&
          count(taken) == static_cast<int>(squares.size()) - 1)
        candidates.push_back(m);
  }
  if (candidates.size() == 1) return candidates.front();
  if (candidates.size() > 1) {
    std::string paths;
    for (std::size_t i = 0; i < candidates.size(); ++i)
      paths += (i == 0                       ? ""
                : i + 1 == candidates.size() ? " or "
                                             : ", ") +
               move_path_text(p, candidates[i]);
    return Error{what + " is ambiguous: " + paths + " (write the whole path)"};
  }
  for (const Move& m : moves)
    if (!m.captured && m.from == from && m.to == to && squares.size() == 2)
      return Error{what + " is not a capture: write " + move_text(p, m)};
  // A capture stopped short: a legal one from the same start goes through the given squares.
  for (const Move& m : moves) {
    if (!m.captured || m.from != from) continue;
    const std::vector<int> path = p.jump_path(m);
    if (path.size() + 1 <= squares.size()) continue;
    if (squares.size() == 2 ? std::find(path.begin(), path.end(), to) != path.end()
                            : std::equal(squares.begin() + 1, squares.end(), path.begin()))
      return Error{what + " is not legal here: the capture must go on (" + move_path_text(p, m) +
                   ")"};
  }
  return Error{what + " is not legal here"};
}

std::string strachey_move_text(const Draughts& p, Move m) {
  std::string s = std::to_string(m.from) + "\u2014" + std::to_string(m.to);
  if (m.captured) {
    s += '(';
    int at = m.from;
    bool first = true;
    for (int sq : p.jump_path(m)) {
      if (!first) s += ',';
      s += std::to_string(jumped_square(at, sq));
      at = sq;
      first = false;
    }
    s += ')';
  }
  const Bits crown = p.side_to_move() == kBlack ? kBottomRow : kTopRow;
  if (!(p.kings() & bit(m.from)) && (crown & bit(m.to))) s += " K";
  return s;
}

Expected<Move> parse_strachey_move(const Draughts& p, std::string_view text) {
  std::string t;
  const std::string_view em = "\u2014", en = "\u2013";
  for (std::size_t i = 0; i < text.size();) {
    if (text.substr(i, em.size()) == em || text.substr(i, en.size()) == en) {
      t += '-';
      i += em.size();  // both dashes are three bytes in UTF-8
    } else {
      // Spaces go, and so does anything outside ASCII: the footnote marks of the printed game
      // ("20—16 ⁽¹⁾") are superscripts.
      const auto c = static_cast<unsigned char>(text[i]);
      if (!std::isspace(c) && c < 0x80) t += text[i];
      ++i;
    }
  }
  const std::string what = "Strachey move " + quote(trim(text));
  while (!t.empty() && (t.back() == '?' || t.back() == '!')) t.pop_back();
  if (!t.empty() && (t.back() == 'K' || t.back() == 'k')) t.pop_back();
  const auto dash = t.find('-');
  if (dash == std::string::npos)
    return Error{what + ": write from\u2014to(taken), e.g. 12\u201421(16)"};
  const auto bracket = t.find('(');
  const std::string to_text =
      t.substr(dash + 1, bracket == std::string::npos ? std::string::npos : bracket - dash - 1);
  const auto from = square_number(std::string_view(t).substr(0, dash), 0, 31);
  const auto to = square_number(to_text, 0, 31);
  if (!from) return Error{what + ": " + quote(t.substr(0, dash)) + " is not a square (0-31)"};
  if (!to) return Error{what + ": " + quote(to_text) + " is not a square (0-31)"};
  Bits taken = 0;
  if (bracket != std::string::npos) {
    if (t.back() != ')') return Error{what + ": no closing bracket"};
    const std::string inside = t.substr(bracket + 1, t.size() - bracket - 2);
    for (const std::string& token : split(inside, ',')) {
      const auto n = square_number(token, 0, 31);
      if (!n) return Error{what + ": " + quote(token) + " is not a square (0-31)"};
      taken |= bit(*n);
    }
  }
  std::vector<Move> candidates;
  for (const Move& m : legal_moves(p))
    if (m.from == *from && m.to == *to && (bracket == std::string::npos || m.captured == taken))
      candidates.push_back(m);
  if (candidates.size() == 1) return candidates.front();
  if (candidates.size() > 1) {
    std::string list;
    for (const Move& m : candidates)
      list += (list.empty() ? "" : " or ") + strachey_move_text(p, m);
    return Error{what + " is ambiguous: " + list};
  }
  return Error{what + " is not legal here"};
}

std::string board_picture(const Draughts& p, bool strachey_numbers) {
  std::string s;
  for (int row = 0; row < 8; ++row) {
    s += "  ";
    for (int column = 0; column < 8; ++column) {
      const bool dark = (row % 2 == 0) == (column % 2 == 1);
      if (!dark) {
        s += "  .";
        continue;
      }
      const int sq = 4 * row + column / 2;
      const Bits b = bit(sq);
      const bool king = p.kings() & b;
      std::string cell;
      if (p.black() & b) {
        cell = king ? "B" : "b";
      } else if (p.white() & b) {
        cell = king ? "W" : "w";
      } else {
        cell = std::to_string(strachey_numbers ? sq : sq + 1);
      }
      s += std::string(3 - cell.size(), ' ') + cell;
    }
    s += '\n';
  }
  s += std::string("  ") + (p.side_to_move() == kBlack ? "Black" : "White") + " to move\n";
  return s;
}

}  // namespace minimax::draughts
