#pragma once
// A fixed-capacity list of moves: generation into it allocates nothing (DESIGN.md, hot paths).
#include <array>
#include <cassert>
#include <cstddef>

namespace minimax {

template <class Move, std::size_t Capacity>
class MoveList {
 public:
  using value_type = Move;
  static constexpr std::size_t capacity = Capacity;

  void push_back(const Move& m) {
    assert(size_ < Capacity);
    moves_[size_++] = m;
  }
  void clear() { size_ = 0; }
  void resize(std::size_t n) { size_ = n; }
  [[nodiscard]] std::size_t size() const { return size_; }
  [[nodiscard]] bool empty() const { return size_ == 0; }
  Move& operator[](std::size_t i) { return moves_[i]; }
  const Move& operator[](std::size_t i) const { return moves_[i]; }
  Move* begin() { return moves_.data(); }
  Move* end() { return moves_.data() + size_; }
  const Move* begin() const { return moves_.data(); }
  const Move* end() const { return moves_.data() + size_; }
  [[nodiscard]] bool contains(const Move& m) const {
    for (std::size_t i = 0; i < size_; ++i)
      if (moves_[i] == m) return true;
    return false;
  }

 private:
  std::array<Move, Capacity> moves_{};
  std::size_t size_ = 0;
};

}  // namespace minimax
