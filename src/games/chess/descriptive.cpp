#include "games/chess/descriptive.hpp"

#include <algorithm>
#include <cctype>

#include "core/text.hpp"
#include "games/chess/move_reasons.hpp"
#include "games/chess/san.hpp"

namespace minimax::chess {

namespace {

constexpr Bitboard kAll = ~Bitboard(0);
constexpr Bitboard kQueenHalf = file_bb(0) | file_bb(1) | file_bb(2) | file_bb(3);
constexpr Bitboard kKingHalf = ~kQueenHalf;
constexpr Bitboard kDarkSquares = 0xAA55AA55AA55AA55ULL;  // a1 is dark

enum Wing { no_wing = -1, queens_wing = 0, kings_wing = 1 };

// The files a file-naming piece letter stands for (R: a and h, Kt: b and g, B: c and f, Q: d, K:
// e).
Bitboard files_named(PieceType t) {
  switch (t) {
    case rook:
      return file_bb(0) | file_bb(7);
    case knight:
      return file_bb(1) | file_bb(6);
    case bishop:
      return file_bb(2) | file_bb(5);
    case queen:
      return file_bb(3);
    case king:
      return file_bb(4);
    default:
      return 0;
  }
}
Bitboard wing_half(int wing) {
  return wing == queens_wing ? kQueenHalf : wing == kings_wing ? kKingHalf : kAll;
}

// The squares of the colour a side's king's (or queen's) bishop runs on.
Bitboard bishop_colour(Color c, int wing) {
  Square origin = make_square(wing == kings_wing ? 5 : 2, c == white ? 0 : 7);
  return (bb(origin) & kDarkSquares) ? kDarkSquares : ~kDarkSquares;
}

// A piece as descriptive notation names it ("KR", "QBP", "Kt", "P").
struct Designator {
  PieceType type = no_piece_type;
  int wing = no_wing;
  Bitboard pawn_files = kAll;  // pawns: the files the letters name (without the wing)
  Square at = no_square;       // "(KR1)": the square it stands on
};

struct ParsedMove {
  bool castle = false;
  int castle_side = no_wing;  // kings_wing: O-O; queens_wing: O-O-O; no_wing: "castles"
  Designator mover;
  bool capture = false;
  Bitboard to = 0, to_without_wing = 0;  // '-' moves
  Designator target;                     // 'x' moves
  PieceType promotion = no_piece_type;
  bool check = false, mate = false, en_passant = false;
};

// What the lenient reading may relax, in the order it tries them.
enum Relax : unsigned {
  exact = 0,
  castle_side = 1,
  check_mark = 2,
  capture_mark = 4,
  wing_qualifier = 8,  // the moving (or taken) piece's K/Q
  square_wing = 16,    // the destination's K/Q
  pawn_file = 32,
  promotion_piece = 64,
};
constexpr Relax kRelaxOrder[] = {castle_side, check_mark, capture_mark,   wing_qualifier,
                                 square_wing, pawn_file,  promotion_piece};

// Unicode dashes and times signs, '*' and 'x' for captures, no spaces or dots, upper case.
std::string normalise(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c == 0xE2 && i + 2 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0x80 &&
        (static_cast<unsigned char>(text[i + 2]) == 0x94 ||
         static_cast<unsigned char>(text[i + 2]) == 0x93)) {
      out += '-';  // em dash, en dash
      i += 2;
    } else if (c == 0xC3 && i + 1 < text.size() &&
               static_cast<unsigned char>(text[i + 1]) == 0x97) {
      out += 'X';  // multiplication sign
      i += 1;
    } else if (c == '*' || c == ':') {
      out += 'X';
    } else if (std::isspace(c) || c == '.') {
    } else {
      out += static_cast<char>(std::toupper(c));
    }
  }
  return out;
}

class Reader {
 public:
  Reader(std::string s, Color mover) : s_(std::move(s)), mover_(mover) {}

  Expected<ParsedMove> parse() {
    ParsedMove pm;
    strip_suffixes(pm);
    if (s_.empty()) return Error{"empty"};
    if (read_castling(pm)) return pm;
    read_promotion(pm);
    auto mover = read_designator();
    if (!mover) return Error{mover.error()};
    pm.mover = *mover;
    if (i_ < s_.size() && (s_[i_] == '(' || s_[i_] == '/')) {
      auto at = read_qualifier();
      if (!at) return Error{at.error()};
      pm.mover.at = *at;
    }
    if (i_ >= s_.size() || (s_[i_] != '-' && s_[i_] != 'X'))
      return Error{"expected '-' or 'x' after the piece"};
    pm.capture = s_[i_++] == 'X';
    if (pm.capture) {
      auto target = read_designator();
      if (!target) return Error{target.error()};
      pm.target = *target;
      if (i_ < s_.size() && (s_[i_] == '(' || s_[i_] == '/')) {
        auto at = read_qualifier();
        if (!at) return Error{at.error()};
        pm.target.at = *at;
      }
    } else {
      auto sq = read_square();
      if (!sq) return Error{sq.error()};
      pm.to = sq->first;
      pm.to_without_wing = sq->second;
    }
    if (i_ != s_.size()) return Error{"unexpected '" + s_.substr(i_) + "'"};
    return pm;
  }

 private:
  void strip_suffixes(ParsedMove& pm) {
    for (bool changed = true; changed;) {
      changed = false;
      for (std::string_view suf : {"+", "#", "!", "?", "CHECK", "CH", "MATE", "EP", "DIS", "DBL"}) {
        if (s_.size() > suf.size() && s_.ends_with(suf)) {
          s_.resize(s_.size() - suf.size());
          if (suf == "+" || suf == "CH" || suf == "CHECK") pm.check = true;
          if (suf == "#" || suf == "MATE") pm.mate = true;
          if (suf == "EP") pm.en_passant = true;
          changed = true;
        }
      }
    }
  }

  bool read_castling(ParsedMove& pm) {
    std::string c;
    for (char ch : s_) c += ch == '0' ? 'O' : ch;
    pm.castle = true;
    if (c == "O-O" || c == "OO" || c == "CASTLESK" || c == "CASTLESKR")
      pm.castle_side = kings_wing;
    else if (c == "O-O-O" || c == "OOO" || c == "CASTLESQ" || c == "CASTLESQR")
      pm.castle_side = queens_wing;
    else if (c == "CASTLES")
      pm.castle_side = no_wing;
    else
      pm.castle = false;
    return pm.castle;
  }

  static PieceType promo_letter(std::string_view t) {
    if (t == "Q") return queen;
    if (t == "R") return rook;
    if (t == "B") return bishop;
    if (t == "KT" || t == "N") return knight;
    return no_piece_type;
  }

  void read_promotion(ParsedMove& pm) {
    // =Q, (Q), /Q, or a bare piece after the eighth rank (P-Q8Q).
    const std::size_t n = s_.size();
    for (std::size_t len : {std::size_t(1), std::size_t(2)}) {
      if (n < len + 2) continue;
      if (s_[n - 1] == ')' && n >= len + 3 && s_[n - len - 2] == '(') {
        PieceType t = promo_letter(s_.substr(n - len - 1, len));
        if (t != no_piece_type && std::isdigit(static_cast<unsigned char>(s_[n - len - 3]))) {
          pm.promotion = t;
          s_.resize(n - len - 2);
          return;
        }
      }
      PieceType t = promo_letter(s_.substr(n - len));
      if (t == no_piece_type) continue;
      char before = s_[n - len - 1];
      if (before == '=' || before == '/') {
        pm.promotion = t;
        s_.resize(n - len - 1);
        return;
      }
      if (before == '8') {
        pm.promotion = t;
        s_.resize(n - len);
        return;
      }
    }
  }

  // Piece-letter tokens: K Q R B N P and Kt.
  std::vector<std::string> read_tokens() {
    std::vector<std::string> toks;
    while (i_ < s_.size()) {
      char c = s_[i_];
      if (c == 'K' && i_ + 1 < s_.size() && s_[i_ + 1] == 'T') {
        toks.emplace_back("KT");
        i_ += 2;
      } else if (c == 'K' || c == 'Q' || c == 'R' || c == 'B' || c == 'N' || c == 'P') {
        toks.emplace_back(1, c);
        ++i_;
      } else {
        break;
      }
    }
    return toks;
  }

  static PieceType file_piece(const std::string& t) {
    if (t == "R") return rook;
    if (t == "KT" || t == "N") return knight;
    if (t == "B") return bishop;
    if (t == "Q") return queen;
    if (t == "K") return king;
    return no_piece_type;
  }
  static bool is_wing(const std::string& t) { return t == "K" || t == "Q"; }
  static bool is_minor_file(PieceType t) { return t == rook || t == knight || t == bishop; }

  Expected<Designator> read_designator() {
    const std::size_t start = i_;
    auto toks = read_tokens();
    const std::string word = s_.substr(start, i_ - start);
    Designator d;
    auto bad = [&]() { return Error{"'" + word + "' is not a piece"}; };
    if (toks.empty()) return Error{"expected a piece (P, Kt, B, R, Q, K)"};
    const bool pawn_named = toks.back() == "P";
    if (pawn_named) {
      toks.pop_back();
      d.type = pawn;
      if (toks.size() == 1) {
        PieceType f = file_piece(toks[0]);
        if (f == no_piece_type) return bad();
        d.pawn_files = files_named(f);
      } else if (toks.size() == 2) {
        PieceType f = file_piece(toks[1]);
        if (!is_wing(toks[0]) || !is_minor_file(f)) return bad();
        d.pawn_files = files_named(f);
        d.wing = toks[0] == "K" ? kings_wing : queens_wing;
      } else if (!toks.empty()) {
        return bad();
      }
      return d;
    }
    if (toks.size() == 1) {
      d.type = file_piece(toks[0]);
      if (d.type == no_piece_type) return bad();
      return d;
    }
    if (toks.size() == 2 && is_wing(toks[0]) && is_minor_file(file_piece(toks[1]))) {
      d.type = file_piece(toks[1]);
      d.wing = toks[0] == "K" ? kings_wing : queens_wing;
      return d;
    }
    return bad();
  }

  // A square: [K|Q] file-piece rank, from the mover's side. Returns (squares, squares without
  // wing).
  Expected<std::pair<Bitboard, Bitboard>> read_square() {
    const std::size_t start = i_;
    auto toks = read_tokens();
    if (i_ >= s_.size() || s_[i_] < '1' || s_[i_] > '8')
      return Error{"'" + s_.substr(start, i_ - start + 1) +
                   "' is not a square (e.g. K4, QB3, Kt5)"};
    const int rank = s_[i_++] - '1';
    const Bitboard rank_mask = rank_bb(mover_ == white ? rank : 7 - rank);
    PieceType f = toks.empty() ? no_piece_type : file_piece(toks.back());
    if (toks.size() == 1 && f != no_piece_type)
      return std::pair{files_named(f) & rank_mask, files_named(f) & rank_mask};
    if (toks.size() == 2 && is_wing(toks[0]) && is_minor_file(f)) {
      Bitboard all = files_named(f) & rank_mask;
      return std::pair{all & wing_half(toks[0] == "K" ? kings_wing : queens_wing), all};
    }
    return Error{"'" + s_.substr(start, i_ - start) + "' is not a square (e.g. K4, QB3, Kt5)"};
  }

  Expected<Square> read_qualifier() {
    const bool paren = s_[i_] == '(';
    ++i_;
    auto sq = read_square();
    if (!sq) return Error{sq.error()};
    if (paren) {
      if (i_ >= s_.size() || s_[i_] != ')') return Error{"missing ')'"};
      ++i_;
    }
    if (popcount(sq->first) != 1)
      return Error{"the square in a qualifier must name its wing (e.g. KR1)"};
    return lsb(sq->first);
  }

  std::string s_;
  Color mover_;
  std::size_t i_ = 0;
};

bool designator_fits(const Designator& d, Color owner, PieceType t, Square s, unsigned relax,
                     bool is_mover) {
  if (t != d.type) return false;
  if (d.at != no_square && s != d.at) return false;
  const bool ignore_wing = relax & wing_qualifier;
  if (t == pawn) {
    if (is_mover && (relax & pawn_file)) return true;
    Bitboard files = d.pawn_files;
    if (!ignore_wing) files &= wing_half(d.wing);
    return files & bb(s);
  }
  if (d.wing == no_wing || ignore_wing) return true;
  if (t == bishop) return bishop_colour(owner, d.wing) & bb(s);
  return wing_half(d.wing) & bb(s);
}

bool is_mate_after(const Position& pos, Move m) {
  Position after = pos;
  after.play(m);
  return !after.has_legal_move();
}

bool fits(const Position& pos, Move m, const ParsedMove& pm, unsigned relax) {
  const Color us = pos.side();
  if (pm.castle) {
    if (!m.is_castling()) return false;
    const int side = m.to() > m.from() ? kings_wing : queens_wing;
    if (pm.castle_side != no_wing && side != pm.castle_side && !(relax & castle_side)) return false;
  } else {
    if (m.is_castling()) return false;
    if (!designator_fits(pm.mover, us, type_of(pos.moved_piece(m)), m.from(), relax, true))
      return false;
    const bool cap = pos.is_capture(m);
    if (pm.capture) {
      if (!cap) return false;
      const Square victim =
          m.is_en_passant() ? make_square(file_of(m.to()), rank_of(m.from())) : m.to();
      if (!designator_fits(pm.target, ~us, type_of(pos.piece_on(victim)), victim, relax, false))
        return false;
    } else {
      if (cap && !(relax & capture_mark)) return false;
      const Bitboard to = (relax & square_wing) ? pm.to_without_wing : pm.to;
      if (!(to & bb(m.to()))) return false;
    }
    if (m.is_promotion()) {
      if (pm.promotion == no_piece_type) {
        if (!(relax & promotion_piece) || m.promotion_piece() != queen) return false;
      } else if (m.promotion_piece() != pm.promotion) {
        return false;
      }
    } else if (pm.promotion != no_piece_type) {
      return false;
    }
  }
  if (!(relax & check_mark)) {
    if (pm.en_passant && !m.is_en_passant()) return false;
    if ((pm.check || pm.mate) && !pos.gives_check(m)) return false;
    if (pm.mate && !is_mate_after(pos, m)) return false;
  }
  return true;
}

std::vector<Move> fitting(const Position& pos, const ParsedMove& pm, unsigned relax) {
  Position::MoveList list;
  pos.generate_moves(list);
  std::vector<Move> out;
  for (Move m : list)
    if (fits(pos, m, pm, relax)) out.push_back(m);
  return out;
}

std::string slip_words(const Position& pos, const ParsedMove& pm, unsigned relax, Move m) {
  switch (relax) {
    case castle_side:
      return std::string("castling on the wrong side: ") +
             (pm.castle_side == kings_wing ? "O-O" : "O-O-O") + " is not legal, " +
             (m.to() > m.from() ? "O-O" : "O-O-O") + " is";
    case check_mark:
      if (pm.en_passant && !m.is_en_passant()) return "marked e.p., but no en-passant capture fits";
      if (pm.mate && pos.gives_check(m)) return "marked mate, but the move only gives check";
      return std::string("marked ") + (pm.mate ? "mate" : "check") +
             ", but the move gives no check";
    case capture_mark:
      return "written '-' for a capture";
    case wing_qualifier:
      return "the piece's K/Q wing does not fit; read without it";
    case square_wing:
      return "the square's K/Q wing does not fit; read without it";
    case pawn_file:
      return "the pawn's file does not fit; read as the only pawn move of that kind";
    case promotion_piece:
      return "no promotion piece named; a queen assumed";
    default:
      return "several slips at once";
  }
}

std::string quoted(std::string_view text) { return "'" + std::string(trim(text)) + "'"; }

}  // namespace

Expected<DescriptiveReading> read_descriptive(const Position& pos, std::string_view text,
                                              DescriptiveMode mode) {
  Reader reader(normalise(text), pos.side());
  auto pm = reader.parse();
  if (!pm) return Error{"malformed descriptive move " + quoted(text) + ": " + pm.error()};
  DescriptiveReading r;
  r.moves = fitting(pos, *pm, exact);
  if (!r.moves.empty() || mode == DescriptiveMode::strict) return r;
  for (Relax relax : kRelaxOrder) {
    auto moves = fitting(pos, *pm, relax);
    if (moves.size() == 1) {
      r.moves = moves;
      r.slip = slip_words(pos, *pm, relax, moves[0]);
      return r;
    }
  }
  unsigned all = 0;
  for (Relax relax : kRelaxOrder) all |= relax;
  auto moves = fitting(pos, *pm, all);
  if (moves.size() == 1) {
    r.moves = moves;
    r.slip = slip_words(pos, *pm, all, moves[0]);
  }
  return r;
}

Expected<Move> parse_descriptive(const Position& pos, std::string_view text, DescriptiveMode mode,
                                 std::string* slip) {
  auto r = read_descriptive(pos, text, mode);
  if (!r) return Error{r.error()};
  if (r->moves.size() == 1) {
    if (slip) *slip = r->slip;
    return r->moves[0];
  }
  if (r->moves.size() > 1) {
    std::string names;
    for (Move m : r->moves) names += (names.empty() ? "" : ", ") + to_san(pos, m);
    return Error{"ambiguous: " + quoted(text) + " could be " + names};
  }
  // Nothing fits: say what would fit with one thing changed, or why no such move exists.
  Reader reader(normalise(text), pos.side());
  auto pm = reader.parse();
  const std::string q = quoted(text);
  for (Relax relax : kRelaxOrder) {
    auto moves = fitting(pos, *pm, relax);
    if (moves.empty()) continue;
    std::string names;
    for (Move m : moves) names += (names.empty() ? "" : ", ") + to_san(pos, m);
    switch (relax) {
      case castle_side:
        return Error{"illegal: " + q + ": that castling is not legal (" + names + " is)"};
      case check_mark:
        if (pm->en_passant && !moves[0].is_en_passant())
          return Error{"illegal: " + q + ": no en-passant capture fits"};
        return Error{"illegal: " + q + ": " + names +
                     (pm->mate ? " is not mate" : " gives no check")};
      case capture_mark:
        return Error{"illegal: " + q + ": " + names + " is a capture, written with 'x'"};
      case wing_qualifier:
        return Error{"illegal: " + q + ": the piece's K/Q wing does not fit (" + names + ")"};
      case square_wing:
        return Error{"illegal: " + q + ": the square's K/Q wing does not fit (" + names + ")"};
      case pawn_file:
        return Error{"illegal: " + q + ": no pawn on that file can (" + names + ")"};
      case promotion_piece:
        return Error{"illegal: " + q + ": a promotion must name its piece (e.g. =Q)"};
      default:
        break;
    }
  }
  if (pm->castle) return Error{"illegal: " + q + ": castling is not legal here"};
  if (!pm->capture) {
    Bitboard to = pm->to;
    std::string why;
    while (to) {
      Square s = pop_lsb(to);
      std::string w = why_no_move(pos, pm->mover.type, kAll, s);
      if (why.empty() || w.find("would be in check") != std::string::npos) why = w;
    }
    return Error{"illegal: " + q + ": " + why};
  }
  return Error{"illegal: " + q + ": no " + std::string(pos.side() == white ? "white " : "black ") +
               piece_type_name(pm->mover.type) + " can make that capture"};
}

// ---- writing ---------------------------------------------------------------------------------

namespace {

const char* piece_word(PieceType t) {
  static const char* kWords[] = {"", "P", "Kt", "B", "R", "Q", "K"};
  return kWords[t];
}
// The file's piece name: a/h "R", b/g "Kt", c/f "B", d "Q", e "K"; with the wing for a-c, f-h.
std::string file_word(int file, bool with_wing) {
  static const char* kFiles[] = {"R", "Kt", "B", "Q", "K", "B", "Kt", "R"};
  std::string w;
  if (with_wing && file != 3 && file != 4) w = file < 4 ? "Q" : "K";
  return w + kFiles[file];
}
std::string square_word(Color mover, Square s, bool with_wing) {
  return file_word(file_of(s), with_wing) + char('1' + relative_rank(mover, s));
}

// The ways to name the piece of colour `owner` on s, shortest first.
std::vector<std::string> designator_words(const Position& pos, Color owner, Color mover, Square s) {
  const PieceType t = type_of(pos.piece_on(s));
  std::vector<std::string> out;
  if (t == pawn) {
    out = {"P", file_word(file_of(s), false) + "P"};
    if (file_of(s) != 3 && file_of(s) != 4) out.push_back(file_word(file_of(s), true) + "P");
  } else {
    out = {piece_word(t)};
    if (t == rook || t == knight)
      out.push_back(std::string(file_of(s) < 4 ? "Q" : "K") + piece_word(t));
    if (t == bishop)
      out.push_back(std::string((bishop_colour(owner, kings_wing) & bb(s)) ? "K" : "Q") +
                    piece_word(t));
  }
  out.push_back(std::string(piece_word(t)) + "(" + square_word(mover, s, true) + ")");
  return out;
}

}  // namespace

std::string to_descriptive(const Position& pos, Move m) {
  std::string suffix;
  if (pos.gives_check(m)) suffix = is_mate_after(pos, m) ? " mate" : " ch.";
  if (m.is_castling()) return (m.to() > m.from() ? "O-O" : "O-O-O") + suffix;
  const Color us = pos.side();
  std::vector<std::string> movers = designator_words(pos, us, us, m.from());
  std::vector<std::string> targets;
  std::string sep = "-";
  if (pos.is_capture(m)) {
    sep = " x ";
    const Square victim =
        m.is_en_passant() ? make_square(file_of(m.to()), rank_of(m.from())) : m.to();
    targets = designator_words(pos, ~us, us, victim);
  } else {
    targets = {square_word(us, m.to(), false)};
    if (file_of(m.to()) != 3 && file_of(m.to()) != 4)
      targets.push_back(square_word(us, m.to(), true));
  }
  std::string promo;
  if (m.is_promotion()) promo = std::string("=") + piece_word(m.promotion_piece());
  if (m.is_en_passant()) suffix = " e.p." + suffix;
  // Shortest first: every pairing, ordered by length, the first that names m alone.
  std::vector<std::string> texts;
  for (const auto& a : movers)
    for (const auto& b : targets) texts.push_back(a + sep + b + promo + suffix);
  std::stable_sort(texts.begin(), texts.end(),
                   [](const std::string& x, const std::string& y) { return x.size() < y.size(); });
  for (const auto& t : texts) {
    auto r = read_descriptive(pos, t);
    if (r && r->moves.size() == 1 && r->moves[0] == m) return t;
  }
  return texts.back();  // cannot happen: the from-square form names one piece
}

}  // namespace minimax::chess
