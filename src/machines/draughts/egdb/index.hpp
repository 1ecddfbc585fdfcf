#pragma once
// The endgame databases' positions: slices, the colour flip, and a perfect index.
//
// A slice is every position with given numbers of black men, black kings, white men and white
// kings, Black to move. White-to-move positions are not stored: turned half round with the
// colours swapped (square s -> 31 - s, Black <-> White) a White-to-move position is a
// Black-to-move one of the mirror slice, with the same value (Black's men move down the numbers,
// and after the half turn White's do).
//
// The index is perfect (a bijection between 0 .. size-1 and the legal placements):
//   1. black men: a combination of the 28 squares 0-27 (a black man on 28-31 would be a king),
//      ranked in colexicographic order;
//   2. white men: a combination of the squares 4-31 not holding a black man. How many there are
//      depends on how many black men stand on 4-27, so a table per slice gives the first index of
//      each black-men combination (the sum of the white-men counts before it);
//   3. black kings: a combination of the squares left empty by the men (ranked among them);
//   4. white kings: a combination of the squares still empty.
// index = men * kings_size + black_kings * C(E - bk, wk) + white_kings, E = 32 - men.
#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "games/draughts/board.hpp"

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace minimax::draughts::egdb {

// A position with Black to move, in Strachey's words.
struct Board {
  Bits black = 0, white = 0, kings = 0;
  bool operator==(const Board&) const = default;
};

// Square s -> 31 - s: the bits in reverse order.
constexpr Bits reverse_bits(Bits x) {
  x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
  x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
  x = ((x >> 4) & 0x0F0F0F0Fu) | ((x & 0x0F0F0F0Fu) << 4);
  x = ((x >> 8) & 0x00FF00FFu) | ((x & 0x00FF00FFu) << 8);
  return (x >> 16) | (x << 16);
}

// The same position seen from the other side: a half turn of the board and the colours swapped.
// A White-to-move position flipped is the Black-to-move position with the same value.
constexpr Board flip(const Board& b) {
  return {reverse_bits(b.white), reverse_bits(b.black), reverse_bits(b.kings)};
}

struct Slice {
  int black_men = 0, black_kings = 0, white_men = 0, white_kings = 0;
  [[nodiscard]] int pieces() const { return black_men + black_kings + white_men + white_kings; }
  [[nodiscard]] int men() const { return black_men + white_men; }
  [[nodiscard]] Slice flipped() const { return {white_men, white_kings, black_men, black_kings}; }
  [[nodiscard]] bool symmetric() const { return *this == flipped(); }
  // e.g. "b2k1w0k1": black 2 men 1 king, white no men 1 king
  [[nodiscard]] std::string name() const {
    return "b" + std::to_string(black_men) + "k" + std::to_string(black_kings) + "w" +
           std::to_string(white_men) + "k" + std::to_string(white_kings);
  }
  bool operator==(const Slice&) const = default;
};

inline Slice slice_of(const Board& b) {
  return {count(b.black & ~b.kings), count(b.black & b.kings), count(b.white & ~b.kings),
          count(b.white & b.kings)};
}

// Binomial coefficients C(n, k) for n <= 32, k <= 12.
struct Binomials {
  std::array<std::array<std::uint64_t, 13>, 33> c{};
  constexpr Binomials() {
    for (int n = 0; n <= 32; ++n) {
      c[n][0] = 1;
      for (int k = 1; k <= 12; ++k) c[n][k] = n == 0 ? 0 : c[n - 1][k - 1] + c[n - 1][k];
    }
  }
};
inline constexpr Binomials kBinomials;
constexpr std::uint64_t choose(int n, int k) {
  return (n < 0 || k < 0 || k > 12 || n > 32) ? 0 : kBinomials.c[n][k];
}

inline Bits extract_bits(Bits value, Bits mask) {  // pext
#if defined(__BMI2__)
  return _pext_u32(value, mask);
#else
  Bits out = 0;
  int i = 0;
  for (; mask; mask &= mask - 1, ++i)
    if (value & (mask & -mask)) out |= Bits{1} << i;
  return out;
#endif
}
inline Bits deposit_bits(Bits value, Bits mask) {  // pdep
#if defined(__BMI2__)
  return _pdep_u32(value, mask);
#else
  Bits out = 0;
  int i = 0;
  for (; mask; mask &= mask - 1, ++i)
    if (value & (Bits{1} << i)) out |= mask & -mask;
  return out;
#endif
}

// Colexicographic rank of a set of squares: sum of C(square, i) for its i-th lowest square.
inline std::uint64_t colex_rank(Bits set) {
  std::uint64_t r = 0;
  int i = 1;
  for (; set; set &= set - 1, ++i) r += choose(lowest_square(set), i);
  return r;
}
inline Bits colex_unrank(std::uint64_t r, int k) {
  Bits set = 0;
  int top = 31;
  for (int i = k; i >= 1; --i) {
    int p = top;
    while (choose(p, i) > r) --p;
    r -= choose(p, i);
    set |= bit(p);
    top = p - 1;
  }
  return set;
}

inline constexpr Bits kBlackMenSquares = 0x0FFFFFFFu;  // 0-27
inline constexpr Bits kMiddleSquares = 0x0FFFFFF0u;    // 4-27: where men of both sides may stand

class SliceIndex {
 public:
  explicit SliceIndex(Slice s) : s_(s) {
    const std::uint64_t black_sets = choose(28, s.black_men);
    offsets_.resize(black_sets + 1);
    offsets_[0] = 0;
    for (std::uint64_t r = 0; r < black_sets; ++r) {
      const Bits men = colex_unrank(r, s.black_men);
      offsets_[r + 1] = offsets_[r] + choose(28 - count(men & kMiddleSquares), s.white_men);
    }
    empty_ = 32 - s.black_men - s.white_men;
    white_kings_size_ = choose(empty_ - s.black_kings, s.white_kings);
    kings_size_ = choose(empty_, s.black_kings) * white_kings_size_;
    size_ = offsets_.back() * kings_size_;
  }

  [[nodiscard]] const Slice& slice() const { return s_; }
  [[nodiscard]] std::uint64_t size() const { return size_; }

  [[nodiscard]] std::uint64_t index(const Board& b) const {
    const Bits black_men = b.black & ~b.kings, white_men = b.white & ~b.kings;
    const std::uint64_t men =
        offsets_[colex_rank(black_men)] +
        colex_rank(extract_bits(white_men >> 4, ~(black_men >> 4) & kBlackMenSquares));
    const Bits free = ~(black_men | white_men);
    const Bits black_kings = b.black & b.kings;
    const std::uint64_t bk = colex_rank(extract_bits(black_kings, free));
    const std::uint64_t wk = colex_rank(extract_bits(b.white & b.kings, free & ~black_kings));
    return men * kings_size_ + bk * white_kings_size_ + wk;
  }

  [[nodiscard]] Board board(std::uint64_t index) const {
    const std::uint64_t men = index / kings_size_, kings = index % kings_size_;
    const auto it = std::upper_bound(offsets_.begin(), offsets_.end(), men) - 1;
    const auto black_rank = static_cast<std::uint64_t>(it - offsets_.begin());
    const Bits black_men = colex_unrank(black_rank, s_.black_men);
    const Bits white_men =
        deposit_bits(colex_unrank(men - *it, s_.white_men), ~(black_men >> 4) & kBlackMenSquares)
        << 4;
    const Bits free = ~(black_men | white_men);
    const Bits black_kings =
        deposit_bits(colex_unrank(kings / white_kings_size_, s_.black_kings), free);
    const Bits white_kings =
        deposit_bits(colex_unrank(kings % white_kings_size_, s_.white_kings), free & ~black_kings);
    return {black_men | black_kings, white_men | white_kings, black_kings | white_kings};
  }

 private:
  Slice s_;
  std::vector<std::uint64_t> offsets_;
  int empty_ = 0;
  std::uint64_t kings_size_ = 0, white_kings_size_ = 0, size_ = 0;
};

}  // namespace minimax::draughts::egdb
