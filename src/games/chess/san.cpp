#include "games/chess/san.hpp"

#include <cctype>

#include "core/text.hpp"
#include "games/chess/move_reasons.hpp"

namespace minimax::chess {

namespace {

constexpr char kLetters[] = " PNBRQK";

PieceType piece_from_san_letter(char c) {
  switch (c) {
    case 'N':
      return knight;
    case 'B':
      return bishop;
    case 'R':
      return rook;
    case 'Q':
      return queen;
    case 'K':
      return king;
    case 'P':
      return pawn;
    default:
      return no_piece_type;
  }
}

bool is_file(char c) { return c >= 'a' && c <= 'h'; }
bool is_rank(char c) { return c >= '1' && c <= '8'; }

std::string check_suffix(const Position& pos, Move m) {
  if (!pos.gives_check(m)) return "";
  Position after = pos;
  after.play(m);
  return after.has_legal_move() ? "+" : "#";
}

// Strips the annotations a SAN token may carry: + # ! ? and a trailing "e.p." / "ep".
std::string strip_annotations(std::string_view text) {
  std::string s(trim(text));
  for (bool changed = true; changed && !s.empty();) {
    changed = false;
    while (!s.empty() &&
           (s.back() == '+' || s.back() == '#' || s.back() == '!' || s.back() == '?')) {
      s.pop_back();
      changed = true;
    }
    for (std::string_view suffix : {"e.p.", "ep", " e.p.", " ep"}) {
      if (s.size() > suffix.size() + 2 && s.ends_with(suffix)) {
        s.resize(s.size() - suffix.size());
        changed = true;
      }
    }
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.pop_back();
  }
  return s;
}

// The parts of a SAN move once its syntax is read.
struct SanParts {
  PieceType piece = pawn;
  int from_file = -1, from_rank = -1;
  Square to = no_square;
  PieceType promotion = no_piece_type;
  bool piece_was_lowercase = false;
};

// Reads the syntax; nullopt-like Error when it is not SAN at all.
Expected<SanParts> read_parts(const std::string& s, bool lowercase_piece) {
  SanParts p;
  std::string body = s;
  // Promotion suffix: =Q, Q, (Q), /Q.
  auto promo_at_end = [&]() -> PieceType {
    if (body.empty()) return no_piece_type;
    char c = static_cast<char>(std::toupper(static_cast<unsigned char>(body.back())));
    if (body.size() >= 3 && body.back() == ')' && body[body.size() - 3] == '(') {
      c = static_cast<char>(std::toupper(static_cast<unsigned char>(body[body.size() - 2])));
      PieceType t = piece_from_san_letter(c);
      if (t == knight || t == bishop || t == rook || t == queen) {
        body.resize(body.size() - 3);
        return t;
      }
      return no_piece_type;
    }
    PieceType t = piece_from_san_letter(c);
    if (!(t == knight || t == bishop || t == rook || t == queen)) return no_piece_type;
    // A bare trailing letter only counts when a rank digit precedes it (e8Q, e8q).
    const bool marked =
        body.size() >= 2 && (body[body.size() - 2] == '=' || body[body.size() - 2] == '/');
    if (!marked && !(body.size() >= 2 && is_rank(body[body.size() - 2]))) return no_piece_type;
    body.resize(body.size() - (marked ? 2 : 1));
    return t;
  };
  p.promotion = promo_at_end();
  if (body.size() < 2) return Error{"too short"};
  const char rank_c = body.back(), file_c = body[body.size() - 2];
  if (!is_file(file_c) || !is_rank(rank_c)) return Error{"does not end in a square"};
  p.to = make_square(file_c - 'a', rank_c - '1');
  body.resize(body.size() - 2);
  if (!body.empty() &&
      (body.back() == 'x' || body.back() == 'X' || body.back() == ':' || body.back() == '-'))
    body.pop_back();
  std::size_t i = 0;
  if (!body.empty()) {
    char c0 = body[0];
    if (std::isupper(static_cast<unsigned char>(c0))) {
      p.piece = piece_from_san_letter(c0);
      if (p.piece == no_piece_type) return Error{std::string("unknown piece letter '") + c0 + "'"};
      i = 1;
    } else if (lowercase_piece) {
      PieceType t =
          piece_from_san_letter(static_cast<char>(std::toupper(static_cast<unsigned char>(c0))));
      if (t == no_piece_type || t == pawn) return Error{"not a piece letter"};
      p.piece = t;
      p.piece_was_lowercase = true;
      i = 1;
    }
  }
  for (; i < body.size(); ++i) {
    char c = body[i];
    if (is_file(c) && p.from_file < 0 && p.from_rank < 0)
      p.from_file = c - 'a';
    else if (is_rank(c) && p.from_rank < 0)
      p.from_rank = c - '1';
    else if ((c == 'x' || c == '-') && i + 1 == body.size()) {
    } else
      return Error{std::string("unexpected '") + c + "'"};
  }
  return p;
}

bool fits(const Position& pos, Move m, const SanParts& p) {
  if (m.is_castling()) {
    // "Kg1" for O-O in standard chess.
    if (pos.chess960() || p.piece != king || p.from_rank >= 0 || p.from_file >= 0) return false;
    return p.to == make_square(m.to() > m.from() ? 6 : 2, rank_of(m.from()));
  }
  if (type_of(pos.moved_piece(m)) != p.piece || m.to() != p.to) return false;
  if (p.from_file >= 0 && file_of(m.from()) != p.from_file) return false;
  if (p.from_rank >= 0 && rank_of(m.from()) != p.from_rank) return false;
  if (!m.is_promotion()) return p.promotion == no_piece_type;
  if (p.promotion == no_piece_type) return true;  // reported as "must name its piece"
  if (m.is_promotion() && m.promotion_piece() != p.promotion) return false;
  return true;
}

Expected<Move> parse_castling(const Position& pos, std::string_view text, bool kingside) {
  Position::MoveList list;
  pos.generate_moves(list);
  for (Move m : list)
    if (m.is_castling() && (m.to() > m.from()) == kingside) return m;
  std::string why;
  const CastlingRight right =
      CastlingRight((kingside ? white_oo : white_ooo) << (pos.side() == white ? 0 : 2));
  if (!(pos.castling_rights() & right))
    why = "the castling right is gone";
  else if (pos.in_check())
    why = "the king is in check";
  else
    why = "the squares between are occupied or attacked";
  return Error{"illegal: " + std::string(text) + ": " + why};
}

}  // namespace

std::string to_san(const Position& pos, Move m) {
  if (m.is_castling()) return (m.to() > m.from() ? "O-O" : "O-O-O") + check_suffix(pos, m);
  const PieceType pt = type_of(pos.moved_piece(m));
  std::string s;
  if (pt == pawn) {
    if (pos.is_capture(m)) s = std::string{char('a' + file_of(m.from())), 'x'};
    s += square_name(m.to());
    if (m.is_promotion()) s += std::string{'=', kLetters[m.promotion_piece()]};
    return s + check_suffix(pos, m);
  }
  s += kLetters[pt];
  Position::MoveList list;
  pos.generate_moves(list);
  bool others = false, same_file = false, same_rank = false;
  for (Move o : list) {
    if (o == m || o.is_castling() || o.to() != m.to() || type_of(pos.moved_piece(o)) != pt)
      continue;
    others = true;
    if (file_of(o.from()) == file_of(m.from())) same_file = true;
    if (rank_of(o.from()) == rank_of(m.from())) same_rank = true;
  }
  if (others) {
    if (!same_file)
      s += char('a' + file_of(m.from()));
    else if (!same_rank)
      s += char('1' + rank_of(m.from()));
    else
      s += square_name(m.from());
  }
  if (pos.is_capture(m)) s += 'x';
  s += square_name(m.to());
  return s + check_suffix(pos, m);
}

Expected<Move> parse_san(const Position& pos, std::string_view text) {
  const std::string quoted = "'" + std::string(trim(text)) + "'";
  std::string s = strip_annotations(text);
  if (s.empty()) return Error{"malformed move " + quoted + ": empty"};
  // Castling: O-O, 0-0, o-o (and the long forms).
  {
    std::string c;
    for (char ch : s) c += (ch == '0' || ch == 'o') ? 'O' : ch;
    if (c == "O-O" || c == "OO") return parse_castling(pos, quoted, true);
    if (c == "O-O-O" || c == "OOO") return parse_castling(pos, quoted, false);
  }
  // UCI long algebraic (e2e4, e7e8q, e1g1).
  if (s.size() >= 4 && s.size() <= 5 && is_file(s[0]) && is_rank(s[1]) && is_file(s[2]) &&
      is_rank(s[3])) {
    auto m = pos.parse_uci(s);
    if (m) return m;
    const Square from = make_square(s[0] - 'a', s[1] - '1'),
                 to = make_square(s[2] - 'a', s[3] - '1');
    const Piece pc = pos.piece_on(from);
    const bool promo_missing =
        s.size() == 4 && type_of(pc) == pawn && relative_rank(pos.side(), to) == 7;
    if (pc && color_of(pc) == pos.side() && !promo_missing &&
        m.error().find("bad promotion") == std::string::npos)
      return Error{"illegal: " + quoted + ": " + why_no_move(pos, type_of(pc), bb(from), to)};
    return Error{"illegal: " + quoted + ": " + m.error()};
  }
  auto parts = read_parts(s, false);
  if (!parts && std::islower(static_cast<unsigned char>(s[0])))
    parts = read_parts(s, true);  // "nf3"
  if (!parts) return Error{"malformed move " + quoted + ": " + parts.error()};
  Position::MoveList list;
  pos.generate_moves(list);
  auto collect = [&](const SanParts& p) {
    std::vector<Move> found;
    for (Move m : list)
      if (fits(pos, m, p)) found.push_back(m);
    return found;
  };
  std::vector<Move> found = collect(*parts);
  // "nf3", "qd1": a lowercase piece letter, tried when the pawn reading finds nothing.
  if (found.empty() && !s.empty() && std::islower(static_cast<unsigned char>(s[0]))) {
    auto lower = read_parts(s, true);
    if (lower) {
      auto f2 = collect(*lower);
      if (!f2.empty()) {
        parts = lower;
        found = std::move(f2);
      }
    }
  }
  const SanParts& p = *parts;
  if (found.size() > 1 && p.promotion == no_piece_type && found[0].is_promotion())
    return Error{"illegal: " + quoted + ": a promotion must name its piece (e.g. " +
                 square_name(p.to) + "=Q)"};
  if (found.size() == 1) return found[0];
  if (found.size() > 1) {
    std::string names;
    for (Move m : found) names += (names.empty() ? "" : ", ") + to_san(pos, m);
    return Error{"ambiguous: " + quoted + " could be " + names};
  }
  Bitboard mask = ~Bitboard(0);
  if (p.from_file >= 0) mask &= file_bb(p.from_file);
  if (p.from_rank >= 0) mask &= rank_bb(p.from_rank);
  return Error{"illegal: " + quoted + ": " + why_no_move(pos, p.piece, mask, p.to)};
}

Expected<std::vector<Move>> play_san_line(Position& pos, const std::vector<std::string>& sans) {
  std::vector<Move> moves;
  for (std::size_t i = 0; i < sans.size(); ++i) {
    auto m = parse_san(pos, sans[i]);
    if (!m) return Error{"ply " + std::to_string(i + 1) + ": " + m.error()};
    pos.play(*m);
    moves.push_back(*m);
  }
  return moves;
}

std::vector<std::string> to_san_line(const Position& pos, const std::vector<Move>& moves) {
  Position p = pos;
  std::vector<std::string> out;
  for (Move m : moves) {
    out.push_back(to_san(p, m));
    p.play(m);
  }
  return out;
}

}  // namespace minimax::chess
