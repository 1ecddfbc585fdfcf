#include "games/chess/position.hpp"

#include <algorithm>
#include <cctype>
#include <string>

#include "core/text.hpp"
#include "games/chess/attacks.hpp"
#include "games/chess/zobrist.hpp"

namespace minimax::chess {

namespace {

// Far beyond any game (the 75-move rule ends one within about 6,000 moves), small enough that the
// ply count cannot overflow.
constexpr std::int64_t kMaxFullmove = 1'000'000;

constexpr std::string_view kPieceLetters = " PNBRQK  pnbrqk";

Piece piece_from_letter(char c) {
  auto i = kPieceLetters.find(c);
  return (i == std::string_view::npos || c == ' ') ? no_piece : Piece(i);
}

// The castling right of colour c on the side of `rook` relative to the king.
CastlingRight right_for(Color c, Square king_sq, Square rook_sq) {
  const bool kingside = file_of(rook_sq) > file_of(king_sq);
  if (c == white) return kingside ? white_oo : white_ooo;
  return kingside ? black_oo : black_ooo;
}

}  // namespace

Position::Position() : Position(Blank{}) {
  auto status = parse_fen_fields(split_whitespace(kStartFen), false);
  (void)status;
}

Square Position::castling_rook(CastlingRight r) const {
  return (castling_rights() & r) ? castling_rook_[r] : no_square;
}

void Position::put_piece(Piece p, Square s) {
  board_[s] = p;
  by_type_[type_of(p)] |= bb(s);
  by_type_[no_piece_type] |= bb(s);
  by_color_[color_of(p)] |= bb(s);
}

void Position::remove_piece(Square s) {
  Piece p = board_[s];
  by_type_[type_of(p)] ^= bb(s);
  by_type_[no_piece_type] ^= bb(s);
  by_color_[color_of(p)] ^= bb(s);
  board_[s] = no_piece;
}

void Position::move_piece(Square from, Square to) {
  Piece p = board_[from];
  Bitboard ft = bb(from) | bb(to);
  by_type_[type_of(p)] ^= ft;
  by_type_[no_piece_type] ^= ft;
  by_color_[color_of(p)] ^= ft;
  board_[from] = no_piece;
  board_[to] = p;
}

void Position::set_castling_right(Color c, Square rook) {
  Square k = king_square(c);
  CastlingRight r = right_for(c, k, rook);
  state().castling |= r;
  castling_rook_[r] = rook;
  castling_mask_[k] |= r;
  castling_mask_[rook] |= r;
}

Bitboard Position::attackers_to(Square s, Bitboard occupied) const {
  return (pawn_attacks(black, s) & pieces(white, pawn)) |
         (pawn_attacks(white, s) & pieces(black, pawn)) | (knight_attacks(s) & pieces(knight)) |
         (king_attacks(s) & pieces(king)) |
         (bishop_attacks(s, occupied) & (pieces(bishop) | pieces(queen))) |
         (rook_attacks(s, occupied) & (pieces(rook) | pieces(queen)));
}

bool Position::attacked_by(Color c, Square s) const { return (attackers_to(s) & pieces(c)) != 0; }

// Checkers, pins and the squares from which each piece type would give check: computed once per
// position so that generation and gives_check need no attack lookups of their own.
void Position::update_check_info() {
  State& st = state();
  const Bitboard occ = pieces();
  for (Color c : {white, black}) {
    st.blockers[c] = st.pinners[~c] = 0;
    if (!pieces(c, king)) continue;
    Square k = king_square(c);
    Bitboard snipers = ((rook_attacks(k, 0) & (pieces(~c, rook) | pieces(~c, queen))) |
                        (bishop_attacks(k, 0) & (pieces(~c, bishop) | pieces(~c, queen))));
    while (snipers) {
      Square s = pop_lsb(snipers);
      Bitboard b = between(k, s) & occ;
      if (b && !more_than_one(b)) {
        st.blockers[c] |= b;
        if (b & pieces(c)) st.pinners[~c] |= bb(s);
      }
    }
  }
  Square ks = king_square(side_);
  st.checkers = attackers_to(ks, occ) & pieces(~side_);
  Square them_k = king_square(~side_);
  st.check_squares[pawn] = pawn_attacks(~side_, them_k);
  st.check_squares[knight] = knight_attacks(them_k);
  st.check_squares[bishop] = bishop_attacks(them_k, occ);
  st.check_squares[rook] = rook_attacks(them_k, occ);
  st.check_squares[queen] = st.check_squares[bishop] | st.check_squares[rook];
  st.check_squares[king] = 0;
}

std::uint64_t Position::compute_key() const {
  std::uint64_t k = 0;
  for (int s = 0; s < 64; ++s)
    if (board_[s]) k ^= zobrist::piece_square(board_[s], Square(s));
  k ^= zobrist::castling(state().castling);
  if (state().ep != no_square) k ^= zobrist::en_passant_file(file_of(state().ep));
  if (side_ == white) k ^= zobrist::side();
  return k;
}

std::uint64_t polyglot_key(const Position& pos) {
  // From scratch, through the public interface only.
  std::uint64_t k = 0;
  for (int s = 0; s < 64; ++s)
    if (pos.piece_on(Square(s))) k ^= zobrist::piece_square(pos.piece_on(Square(s)), Square(s));
  k ^= zobrist::castling(pos.castling_rights());
  if (pos.ep_square() != no_square) k ^= zobrist::en_passant_file(file_of(pos.ep_square()));
  if (pos.side() == white) k ^= zobrist::side();
  return k;
}

// ---- FEN ------------------------------------------------------------------------------------

Expected<Position> Position::from_fen(std::string_view fen, bool chess960) {
  auto fields = split_whitespace(fen);
  if (fields.size() < 4 || fields.size() > 6) {
    // Name what came in (shortened, one line) as well as what was wrong with it.
    std::string shown;
    for (char c : fen.substr(0, 60))
      shown += (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) ? ' ' : c;
    if (fen.size() > 60) shown += "...";
    return Error{"FEN: '" + shown + "' has " + std::to_string(fields.size()) +
                 " fields; expected 4 to 6 (board, side, castling, en passant, clocks)"};
  }
  Position pos{Blank{}};
  auto status = pos.parse_fen_fields(fields, chess960);
  if (!status) return Error{status.error()};
  return pos;
}

Status Position::parse_fen_fields(const std::vector<std::string>& fields, bool chess960) {
  init_attacks();
  states_.clear();
  states_.reserve(256);
  states_.emplace_back();
  chess960_ = chess960;

  // 1. Piece placement, rank 8 first.
  const std::string& board = fields[0];
  auto ranks = split(board, '/');
  if (ranks.size() != 8)
    return Error{"FEN: the board has " + std::to_string(ranks.size()) + " ranks, not 8 ('" + board +
                 "')"};
  for (int i = 0; i < 8; ++i) {
    int rank = 7 - i, file = 0;
    for (char c : ranks[i]) {
      if (c >= '1' && c <= '8') {
        file += c - '0';
      } else {
        Piece p = piece_from_letter(c);
        if (p == no_piece)
          return Error{std::string("FEN: bad piece letter '") + c + "' in rank " +
                       std::to_string(rank + 1)};
        if (file < 8) put_piece(p, make_square(file, rank));
        ++file;
      }
      if (file > 8) break;
    }
    if (file != 8)
      return Error{"FEN: rank " + std::to_string(rank + 1) + " ('" + ranks[i] + "') describes " +
                   std::to_string(file) + " squares, not 8"};
  }
  for (Color c : {white, black}) {
    const char* name = c == white ? "white" : "black";
    int kings = count(c, king);
    if (kings == 0) return Error{std::string("FEN: there is no ") + name + " king"};
    if (kings > 1)
      return Error{std::string("FEN: there are ") + std::to_string(kings) + " " + name + " kings"};
  }
  if (pieces(pawn) & (rank_bb(0) | rank_bb(7)))
    return Error{"FEN: a pawn stands on the first or eighth rank (" +
                 square_name(lsb(pieces(pawn) & (rank_bb(0) | rank_bb(7)))) + ")"};

  // 2. Side to move.
  if (fields[1] == "w")
    side_ = white;
  else if (fields[1] == "b")
    side_ = black;
  else
    return Error{"FEN: side to move must be 'w' or 'b', not '" + fields[1] + "'"};

  // 3. Castling: KQkq (the outermost rook on that side, X-FEN) or rook files (Shredder-FEN).
  const std::string& castle = fields[2];
  if (castle != "-") {
    for (char c : castle) {
      Color col = std::isupper(static_cast<unsigned char>(c)) ? white : black;
      char up = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      Square k = king_square(col);
      const int back = col == white ? 0 : 7;
      const char* name = col == white ? "white" : "black";
      if (rank_of(k) != back)
        return Error{std::string("FEN: castling right '") + c + "' but the " + name +
                     " king is not on its first rank"};
      Bitboard rooks = pieces(col, rook) & rank_bb(back);
      Square rsq = no_square;
      if (up == 'K' || up == 'Q') {
        Bitboard side_rooks = rooks & (up == 'K' ? ~(bb(k) - 1) : (bb(k) - 1));
        if (side_rooks) rsq = up == 'K' ? msb(side_rooks) : lsb(side_rooks);
        if (!chess960 &&
            (file_of(k) != 4 || rsq == no_square || file_of(rsq) != (up == 'K' ? 7 : 0)))
          return Error{std::string("FEN: castling right '") + c + "' needs the " + name +
                       " king on e" + (col == white ? "1" : "8") + " and a rook on " +
                       (up == 'K' ? "h" : "a") + (col == white ? "1" : "8")};
      } else if (up >= 'A' && up <= 'H') {
        chess960_ = true;
        Square s = make_square(up - 'A', back);
        if (rooks & bb(s)) rsq = s;
      } else {
        return Error{std::string("FEN: bad castling letter '") + c + "' in '" + castle + "'"};
      }
      if (rsq == no_square)
        return Error{std::string("FEN: castling right '") + c + "' but the " + name +
                     " rook is not there"};
      CastlingRight r = right_for(col, k, rsq);
      if (state().castling & r)
        return Error{std::string("FEN: castling right '") + c + "' given twice in '" + castle +
                     "'"};
      set_castling_right(col, rsq);
    }
  }

  // 4. En passant: kept only when a pawn of the side to move could take (Polyglot's condition).
  const std::string& ep = fields[3];
  if (ep != "-") {
    if (ep.size() != 2 || ep[0] < 'a' || ep[0] > 'h' || ep[1] < '1' || ep[1] > '8')
      return Error{"FEN: bad en-passant square '" + ep + "'"};
    Square s = make_square(ep[0] - 'a', ep[1] - '1');
    const int expected_rank = side_ == white ? 5 : 2;
    const Color them = ~side_;
    const Square pushed = side_ == white ? Square(s - 8) : Square(s + 8);
    const Square origin = side_ == white ? Square(s + 8) : Square(s - 8);
    if (rank_of(s) != expected_rank || piece_on(s) != no_piece || piece_on(origin) != no_piece ||
        piece_on(pushed) != make_piece(them, pawn))
      return Error{"FEN: impossible en-passant square '" + ep + "' (no " +
                   std::string(them == white ? "white" : "black") +
                   " pawn has just made a double step to it)"};
    if (pawn_attacks(them, s) & pieces(side_, pawn)) state().ep = s;
  }

  // 5. Clocks (optional in EPD).
  state().rule50 = 0;
  int fullmove = 1;
  if (fields.size() >= 5) {
    auto h = parse_int(fields[4]);
    if (!h || *h < 0) return Error{"FEN: bad halfmove clock '" + fields[4] + "'"};
    state().rule50 = static_cast<std::uint16_t>(std::min<std::int64_t>(*h, 10000));
  }
  if (fields.size() == 6) {
    auto f = parse_int(fields[5]);
    if (!f || *f < 0) return Error{"FEN: bad fullmove number '" + fields[5] + "'"};
    if (*f > kMaxFullmove)
      return Error{"FEN: fullmove number '" + fields[5] + "' is too large (at most " +
                   std::to_string(kMaxFullmove) + ")"};
    fullmove = static_cast<int>(std::max<std::int64_t>(*f, 1));
  }
  game_ply_ = 2 * (fullmove - 1) + (side_ == black ? 1 : 0);  // Black moves on the odd plies

  // 6. The side not to move may not be in check.
  if (attackers_to(king_square(~side_)) & pieces(side_))
    return Error{std::string("FEN: the side not to move (") + (side_ == white ? "black" : "white") +
                 ") is in check"};

  // 7. Has a side castled? A FEN keeps no record of the moves before it: read it from the board
  // (no castling rights left, king and rook where castling puts them).
  for (const Color c : {white, black}) {
    const int rights = c == white ? (white_oo | white_ooo) : (black_oo | black_ooo);
    if (state().castling & rights) continue;
    const int back = c == white ? 0 : 7;
    const Square k = king_square(c);
    const Piece r = make_piece(c, rook);
    if (k == make_square(6, back) && piece_on(make_square(5, back)) == r)
      state().castled |= c == white ? white_oo : black_oo;
    else if (k == make_square(2, back) && piece_on(make_square(3, back)) == r)
      state().castled |= c == white ? white_ooo : black_ooo;
  }

  update_check_info();
  state().key = compute_key();
  return Ok{};
}

std::string placement_fen(const Piece (&board)[64]) {
  std::string out;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const Piece p = board[make_square(file, rank)];
      if (!p) {
        ++empty;
        continue;
      }
      if (empty) out += char('0' + empty), empty = 0;
      out += kPieceLetters[p];
    }
    if (empty) out += char('0' + empty);
    if (rank) out += '/';
  }
  return out;
}

std::string Position::fen() const {
  std::string out = placement_fen(board_);
  out += side_ == white ? " w " : " b ";
  std::string castle;
  for (CastlingRight r : {white_oo, white_ooo, black_oo, black_ooo}) {
    if (!(castling_rights() & r)) continue;
    Color c = (r == white_oo || r == white_ooo) ? white : black;
    Square rsq = castling_rook_[r];
    bool kingside = r == white_oo || r == black_oo;
    // X-FEN: K/Q unless another rook stands further out on the same side. (Read back with the
    // Chess960 flag: without it, KQkq means the standard squares.)
    Bitboard rooks = pieces(c, rook) & rank_bb(rank_of(rsq));
    Square outer =
        kingside ? msb(rooks & ~(bb(king_square(c)) - 1)) : lsb(rooks & (bb(king_square(c)) - 1));
    char letter = outer == rsq ? (kingside ? 'K' : 'Q') : char('A' + file_of(rsq));
    castle += c == white ? letter : char(std::tolower(letter));
  }
  out += castle.empty() ? "-" : castle;
  out += ' ';
  out += square_name(state().ep);
  out += ' ' + std::to_string(state().rule50) + ' ' + std::to_string(fullmove_number());
  return out;
}

// ---- making moves ---------------------------------------------------------------------------

void Position::play(Move m) {
  // push_back may reallocate: take the reference to the previous state only afterwards.
  states_.push_back(states_.back());
  State& st = states_.back();
  const State& prev = states_[states_.size() - 2];
  const Color us = side_, them = ~us;
  const Square from = m.from(), to = m.to();
  const Piece pc = board_[from];
  std::uint64_t k = prev.key ^ zobrist::side();
  if (prev.ep != no_square) k ^= zobrist::en_passant_file(file_of(prev.ep));
  st.ep = no_square;
  st.captured = no_piece;
  ++st.rule50;

  if (m.is_castling()) {
    // King takes own rook: king to g/c file, rook to f/d file of the back rank.
    const bool kingside = to > from;
    st.castled |=
        us == white ? (kingside ? white_oo : white_ooo) : (kingside ? black_oo : black_ooo);
    const int back = us == white ? 0 : 7;
    const Square kto = make_square(kingside ? 6 : 2, back),
                 rto = make_square(kingside ? 5 : 3, back);
    const Piece rk = board_[to];
    remove_piece(from);
    remove_piece(to);
    put_piece(pc, kto);
    put_piece(rk, rto);
    k ^= zobrist::piece_square(pc, from) ^ zobrist::piece_square(pc, kto) ^
         zobrist::piece_square(rk, to) ^ zobrist::piece_square(rk, rto);
  } else {
    Square cap_sq = m.is_en_passant() ? Square(to ^ 8) : to;
    Piece captured = board_[cap_sq];
    if (captured) {
      remove_piece(cap_sq);
      k ^= zobrist::piece_square(captured, cap_sq);
      st.captured = captured;
      st.rule50 = 0;
    }
    move_piece(from, to);
    k ^= zobrist::piece_square(pc, from) ^ zobrist::piece_square(pc, to);
    if (type_of(pc) == pawn) {
      st.rule50 = 0;
      if ((from ^ to) == 16) {
        Square ep = Square((from + to) / 2);
        if (pawn_attacks(us, ep) & pieces(them, pawn)) {
          st.ep = ep;
          k ^= zobrist::en_passant_file(file_of(ep));
        }
      } else if (m.is_promotion()) {
        Piece promo = make_piece(us, m.promotion_piece());
        remove_piece(to);
        put_piece(promo, to);
        k ^= zobrist::piece_square(pc, to) ^ zobrist::piece_square(promo, to);
      }
    }
  }
  const std::uint8_t lost = castling_mask_[from] | castling_mask_[to];
  if (st.castling & lost) {
    k ^= zobrist::castling(st.castling & lost);
    st.castling &= static_cast<std::uint8_t>(~lost);
  }
  st.key = k;
  side_ = them;
  ++game_ply_;
  update_check_info();
}

void Position::undo(Move m) {
  const State& st = states_.back();
  side_ = ~side_;
  --game_ply_;
  const Color us = side_;
  const Square from = m.from(), to = m.to();
  if (m.is_castling()) {
    const bool kingside = to > from;
    const int back = us == white ? 0 : 7;
    const Square kto = make_square(kingside ? 6 : 2, back),
                 rto = make_square(kingside ? 5 : 3, back);
    const Piece kp = board_[kto], rk = board_[rto];
    remove_piece(kto);
    remove_piece(rto);
    put_piece(kp, from);
    put_piece(rk, to);
  } else {
    if (m.is_promotion()) {
      remove_piece(to);
      put_piece(make_piece(us, pawn), to);
    }
    move_piece(to, from);
    if (st.captured) put_piece(st.captured, m.is_en_passant() ? Square(to ^ 8) : to);
  }
  states_.pop_back();
}

void Position::play_null() {
  // push_back may reallocate: take the reference to the previous state only afterwards.
  states_.push_back(states_.back());
  State& st = states_.back();
  const State& prev = states_[states_.size() - 2];
  std::uint64_t k = prev.key ^ zobrist::side();
  if (prev.ep != no_square) k ^= zobrist::en_passant_file(file_of(prev.ep));
  st.ep = no_square;
  st.captured = no_piece;
  ++st.rule50;
  st.key = k;
  side_ = ~side_;
  ++game_ply_;
  update_check_info();
}

void Position::undo_null() {
  side_ = ~side_;
  --game_ply_;
  states_.pop_back();
}

// ---- the end of the game --------------------------------------------------------------------

bool Position::is_checkmate() const { return in_check() && !has_legal_move(); }
bool Position::is_stalemate() const { return !in_check() && !has_legal_move(); }

bool Position::is_fifty_move_draw() const { return state().rule50 >= 100 && !is_checkmate(); }

bool Position::is_repetition(int times) const {
  const int n = static_cast<int>(states_.size());
  const int reach = std::min<int>(state().rule50, n - 1);
  int seen = 1;
  for (int i = 2; i <= reach; i += 2)
    if (states_[n - 1 - i].key == state().key && ++seen >= times) return true;
  return false;
}

bool Position::repeated_within(int plies) const {
  const int n = static_cast<int>(states_.size());
  const int reach = std::min({static_cast<int>(state().rule50), n - 1, plies});
  for (int i = 4; i <= reach; i += 2)
    if (states_[n - 1 - i].key == state().key) return true;
  return false;
}

bool Position::is_insufficient_material() const {
  if (pieces(pawn) | pieces(rook) | pieces(queen)) return false;
  const Bitboard minors = pieces(knight) | pieces(bishop);
  if (popcount(minors) <= 1) return true;  // K v K, K+minor v K
  // Only bishops, all on squares of one colour: no mate is possible.
  if (!pieces(knight)) {
    constexpr Bitboard kDark = 0xAA55AA55AA55AA55ULL;
    const Bitboard b = pieces(bishop);
    return (b & kDark) == b || (b & ~kDark) == b;
  }
  return false;
}

Outcome Position::outcome() const {
  if (!has_legal_move()) return in_check() ? Outcome::loss : Outcome::draw;
  if (state().rule50 >= 100 || is_repetition(3) || is_insufficient_material()) return Outcome::draw;
  return Outcome::none;
}

// ---- text -----------------------------------------------------------------------------------

std::string Position::move_to_string(Move m) const {
  if (m == Move::none()) return "0000";
  if (m == Move::null()) return "0000";
  Square to = m.to();
  if (m.is_castling() && !chess960_) to = make_square(to > m.from() ? 6 : 2, rank_of(m.from()));
  std::string s = square_name(m.from()) + square_name(to);
  if (m.is_promotion()) s += "nbrq"[m.promotion_piece() - knight];
  return s;
}

Expected<Move> Position::parse_uci(std::string_view text) const {
  auto bad_square = [](char f, char r) { return f < 'a' || f > 'h' || r < '1' || r > '8'; };
  // Built with += rather than "'" + string: g++ 12 -O3 warns falsely (-Wrestrict) on the latter.
  // Control characters are shown as '?', so that an error stays one line whatever came in.
  std::string shown;
  for (char c : text) shown += (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) ? '?' : c;
  std::string quoted = "'";
  quoted += shown;
  quoted += "'";
  if (text.size() < 4 || text.size() > 5 || bad_square(text[0], text[1]) ||
      bad_square(text[2], text[3]))
    return Error{quoted + " is not a move in UCI notation (e.g. e2e4, e7e8q)"};
  const Square from = make_square(text[0] - 'a', text[1] - '1');
  const Square to = make_square(text[2] - 'a', text[3] - '1');
  PieceType promo = no_piece_type;
  if (text.size() == 5) {
    switch (text[4]) {
      case 'n':
      case 'N':
        promo = knight;
        break;
      case 'b':
      case 'B':
        promo = bishop;
        break;
      case 'r':
      case 'R':
        promo = rook;
        break;
      case 'q':
      case 'Q':
        promo = queen;
        break;
      default:
        return Error{quoted + ": bad promotion piece"};
    }
  }
  MoveList list;
  generate_moves(list);
  for (Move m : list) {
    if (m.from() != from) continue;
    if (m.is_promotion() != (promo != no_piece_type)) continue;
    if (m.is_promotion() && m.promotion_piece() != promo) continue;
    if (m.to() == to) return m;
    // e1g1 / e1c1 for castling in standard chess; Chess960 uses king-takes-rook only (the UCI
    // rule), since there "f1g1" can also be a plain king move.
    if (m.is_castling() && !chess960_ && to == make_square(m.to() > from ? 6 : 2, rank_of(from)))
      return m;
  }
  Piece p = board_[from];
  if (!p) return Error{"illegal move " + shown + ": there is no piece on " + square_name(from)};
  if (color_of(p) != side_)
    return Error{"illegal move " + shown + ": the piece on " + square_name(from) +
                 " belongs to the side not to move"};
  if (type_of(p) == pawn && relative_rank(side_, to) == 7 && promo == no_piece_type)
    return Error{"illegal move " + shown + ": a promotion must name its piece (e.g. " + shown +
                 "q)"};
  if (in_check()) return Error{"illegal move " + shown + ": it does not get out of check"};
  return Error{"illegal move " + shown + " in this position"};
}

std::string Position::to_string(bool ascii) const {
  static const char* kUnicode[] = {"·", "♙", "♘", "♗", "♖", "♕", "♔", "",
                                   "",  "♟", "♞", "♝", "♜", "♛", "♚"};
  std::string out;
  for (int rank = 7; rank >= 0; --rank) {
    out += char('1' + rank);
    out += ' ';
    for (int file = 0; file < 8; ++file) {
      Piece p = board_[make_square(file, rank)];
      out += ' ';
      if (ascii)
        out += p ? kPieceLetters[p] : '.';
      else
        out += kUnicode[p];
    }
    out += '\n';
  }
  out += "   a b c d e f g h\n";
  return out;
}

}  // namespace minimax::chess
