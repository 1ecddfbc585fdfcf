#include "machines/chess/endgame/men.hpp"

#include <algorithm>

#include "games/chess/position.hpp"

namespace minimax::chess::endgame {

namespace {

// The triangle a1-d1-d4: file <= 3 and rank <= file.
constexpr std::array<Square, 10> kTriangle = {a1, b1, c1, d1, b2, c2, d2, c3, d3, d4};

int triangle_slot(Square s) {
  for (int i = 0; i < 10; ++i)
    if (kTriangle[static_cast<std::size_t>(i)] == s) return i;
  return -1;
}

// The eight symmetries of the board: bit 0 mirrors the files, bit 1 the ranks, bit 2 swaps files
// and ranks (after the mirrors).
Square transform(Square s, int t) {
  int f = file_of(s), r = rank_of(s);
  if (t & 1) f = 7 - f;
  if (t & 2) r = 7 - r;
  if (t & 4) std::swap(f, r);
  return make_square(f, r);
}

int order_key(Piece p) {
  if (type_of(p) == chess::king) return color_of(p);
  return 2 + 8 * color_of(p) + piece_order(type_of(p));
}

void sort_men(Men& m) {
  std::stable_sort(m.man.begin(), m.man.begin() + m.count, [](const Man& a, const Man& b) {
    return order_key(a.piece) < order_key(b.piece);
  });
}

}  // namespace

bool Men::attacks(Color by, Square s, Bitboard occ) const {
  for (int k = 0; k < count; ++k) {
    const Piece p = man[k].piece;
    if (color_of(p) != by) continue;
    const PieceType t = type_of(p);
    const Bitboard a =
        t == pawn ? pawn_attacks(by, man[k].square) : chess::attacks(t, man[k].square, occ);
    if (a & bb(s)) return true;
  }
  return false;
}

Material Men::material() const {
  Material m;
  for (int k = 0; k < count; ++k) {
    const Piece p = man[k].piece;
    if (type_of(p) == chess::king) continue;
    (color_of(p) == white ? m.white : m.black).push_back(type_of(p));
  }
  const auto by_order = [](PieceType a, PieceType b) { return piece_order(a) < piece_order(b); };
  std::sort(m.white.begin(), m.white.end(), by_order);
  std::sort(m.black.begin(), m.black.end(), by_order);
  return m;
}

std::string Men::fen() const {
  Piece board[64] = {};
  for (int k = 0; k < count; ++k) board[man[k].square] = man[k].piece;
  std::string s = placement_fen(board);
  s += side == white ? " w - " : " b - ";
  s += ep == no_square ? "-" : square_name(ep);
  return s + " 0 1";
}

Men canonical_men(Men m) {
  if (!m.material().is_canonical()) {
    for (int k = 0; k < m.count; ++k) {
      const Piece p = m.man[k].piece;
      m.man[k].piece = make_piece(~color_of(p), type_of(p));
      m.man[k].square = flip_rank(m.man[k].square);
    }
    m.side = ~m.side;
    if (m.ep != no_square) m.ep = flip_rank(m.ep);
  }
  sort_men(m);
  return m;
}

Square en_passant_target(const Men& m, Square pushed) {
  const Color us = m.side, them = ~us;
  int k = 0;
  while (k < m.count && m.man[k].square != pushed) ++k;
  if (k == m.count || m.man[k].piece != make_piece(them, pawn) || relative_rank(them, pushed) != 3)
    return no_square;
  const Square target = Square(pushed - detail::push(them));
  const Square origin = Square(target - detail::push(them));
  const Bitboard occ = m.occupied();
  if (occ & (bb(target) | bb(origin))) return no_square;
  // Before the step (the pawn on its origin, them to move) our king was not in check.
  Men before = m;
  before.man[k].square = origin;
  if (before.attacks(them, before.king(us), before.occupied())) return no_square;
  // One of our pawns takes it, leaving our king safe.
  for (int j = 0; j < m.count; ++j) {
    if (m.man[j].piece != make_piece(us, pawn) || !(pawn_attacks(us, m.man[j].square) & bb(target)))
      continue;
    Men after = m;
    after.man[j].square = target;
    for (int i = k; i + 1 < after.count; ++i) after.man[i] = after.man[i + 1];
    --after.count;
    if (!after.attacks(them, after.king(us), after.occupied())) return target;
  }
  return no_square;
}

TableIndex::TableIndex(const Material& m) : material_(m) {
  pawns_ = m.has_pawns();
  pieces_[0] = white_king;
  pieces_[1] = black_king;
  count_ = 2;
  for (auto t : m.white) pieces_[static_cast<std::size_t>(count_++)] = make_piece(white, t);
  for (auto t : m.black) pieces_[static_cast<std::size_t>(count_++)] = make_piece(black, t);
  normal_ = 2;
  for (int k = 0; k < count_; ++k) {
    const PieceType t = type_of(pieces_[static_cast<std::size_t>(k)]);
    const int r = k == 0 ? (pawns_ ? 32 : 10) : t == pawn ? 48 : 64;
    radix_[static_cast<std::size_t>(k)] = r;
    normal_ *= static_cast<std::uint64_t>(r);
  }
  // Side to move, the pushed pawn's file, the capturer left or right of it, the two kings.
  ep_ = m.has_en_passant() ? 2 * 8 * 2 * 64 * 64 : 0;
}

std::uint64_t TableIndex::encode(Men m) const {
  const Square wk = m.man[0].square;
  if (pawns_) return encode_as(m, file_of(wk) > 3 ? 1 : 0);
  // Each symmetry that takes White's king into the triangle; two of them when it lands on the
  // diagonal a1-d4, and then the smaller index, so that a position and its mirror image in that
  // diagonal share one index (the index must name the position's class under the symmetries, or
  // a move and its un-move would not find each other).
  std::uint64_t best = ~std::uint64_t{0};
  for (int t = 0; t < 8; ++t)
    if (triangle_slot(transform(wk, t)) >= 0) best = std::min(best, encode_as(m, t));
  return best;
}

std::uint64_t TableIndex::encode_as(Men m, int t) const {
  if (t) {
    for (int k = 0; k < m.count; ++k) m.man[k].square = transform(m.man[k].square, t);
    if (m.ep != no_square) m.ep = transform(m.ep, t);
  }
  // Identical men in order of square.
  for (int k = 2; k + 1 < m.count; ++k)
    for (int j = k + 1; j < m.count; ++j)
      if (m.man[j].piece == m.man[k].piece && m.man[j].square < m.man[k].square)
        std::swap(m.man[j].square, m.man[k].square);
  if (m.ep != no_square) {
    // Pawns at [2] (White's) and [3] (Black's); the pushed one belongs to the side not to move.
    const Square pushed = m.man[m.side == white ? 3 : 2].square;
    const Square capturer = m.man[m.side == white ? 2 : 3].square;
    const std::uint64_t right = file_of(capturer) > file_of(pushed) ? 1 : 0;
    return normal_ + ((((static_cast<std::uint64_t>(m.side) * 8 +
                         static_cast<std::uint64_t>(file_of(pushed))) *
                            2 +
                        right) *
                           64 +
                       m.man[0].square) *
                          64 +
                      m.man[1].square);
  }
  std::uint64_t i = 0;
  for (int k = m.count - 1; k >= 0; --k) {
    const Square s = m.man[k].square;
    int digit;
    if (k == 0)
      digit = pawns_ ? rank_of(s) * 4 + file_of(s) : triangle_slot(s);
    else if (type_of(m.man[k].piece) == pawn)
      digit = s - 8;
    else
      digit = s;
    i = i * static_cast<std::uint64_t>(radix_[static_cast<std::size_t>(k)]) +
        static_cast<std::uint64_t>(digit);
  }
  return i * 2 + m.side;
}

bool TableIndex::decode_raw(std::uint64_t i, Men& m) const {
  m.count = count_;
  m.ep = no_square;
  for (int k = 0; k < count_; ++k) m.man[k].piece = pieces_[static_cast<std::size_t>(k)];
  if (i >= normal_) {
    std::uint64_t e = i - normal_;
    const auto bk = static_cast<Square>(e % 64);
    e /= 64;
    const auto wk = static_cast<Square>(e % 64);
    e /= 64;
    const int right = static_cast<int>(e % 2);
    e /= 2;
    const int file = static_cast<int>(e % 8);
    m.side = static_cast<Color>(e / 8);
    const int cfile = file + (right ? 1 : -1);
    if (cfile < 0 || cfile > 7) return false;
    // White to move: Black's pawn has just gone from rank 7 to rank 5.
    const int rank = m.side == white ? 4 : 3;
    const Square pushed = make_square(file, rank);
    m.man[0].square = wk;
    m.man[1].square = bk;
    m.man[m.side == white ? 3 : 2].square = pushed;
    m.man[m.side == white ? 2 : 3].square = make_square(cfile, rank);
    if (m.occupied() == 0 || popcount(m.occupied()) != m.count) return false;
    if (m.opponent_in_check()) return false;
    m.ep = en_passant_target(m, pushed);
    return m.ep != no_square;
  }
  m.side = static_cast<Color>(i % 2);
  i /= 2;
  Bitboard occ = 0;
  for (int k = 0; k < count_; ++k) {
    const int r = radix_[static_cast<std::size_t>(k)];
    const int digit = static_cast<int>(i % static_cast<std::uint64_t>(r));
    i /= static_cast<std::uint64_t>(r);
    Square s;
    if (k == 0)
      s = pawns_ ? make_square(digit % 4, digit / 4) : kTriangle[static_cast<std::size_t>(digit)];
    else if (type_of(pieces_[static_cast<std::size_t>(k)]) == pawn)
      s = Square(digit + 8);
    else
      s = Square(digit);
    if (occ & bb(s)) return false;
    occ |= bb(s);
    m.man[k].square = s;
  }
  return !m.opponent_in_check();
}

bool TableIndex::decode(std::uint64_t i, Men& m) const {
  return i < size() && decode_raw(i, m) && encode(m) == i;
}

}  // namespace minimax::chess::endgame
