#pragma once
// A fixed-capacity list of moves: generation into it allocates nothing (DESIGN.md, hot paths).
#include <cassert>
#include <cstddef>
#include <new>
#include <type_traits>

namespace minimax {

// The storage is left uninitialised (a search creates one list per node, and clearing 256 moves
// each time costs more than generating them); elements come to life by placement in push_back.
template <class Move, std::size_t Capacity>
class MoveList {
  static_assert(std::is_trivially_copyable_v<Move> && std::is_trivially_destructible_v<Move>);

 public:
  using value_type = Move;
  static constexpr std::size_t capacity = Capacity;

  MoveList() {}  // NOLINT: deliberately leaves the storage uninitialised
  MoveList(const MoveList& other) : size_(other.size_) {
    for (std::size_t i = 0; i < size_; ++i) new (&data()[i]) Move(other[i]);
  }
  MoveList& operator=(const MoveList& other) {
    size_ = other.size_;
    for (std::size_t i = 0; i < size_; ++i) new (&data()[i]) Move(other[i]);
    return *this;
  }

  void push_back(const Move& m) {
    assert(size_ < Capacity);
    new (&data()[size_++]) Move(m);
  }
  void clear() { size_ = 0; }
  // Shrinks (or regrows over elements written before); never past what was pushed.
  void resize(std::size_t n) {
    assert(n <= Capacity);
    size_ = n;
  }
  [[nodiscard]] std::size_t size() const { return size_; }
  [[nodiscard]] bool empty() const { return size_ == 0; }
  Move& operator[](std::size_t i) { return data()[i]; }
  const Move& operator[](std::size_t i) const { return data()[i]; }
  Move* begin() { return data(); }
  Move* end() { return data() + size_; }
  const Move* begin() const { return data(); }
  const Move* end() const { return data() + size_; }
  [[nodiscard]] bool contains(const Move& m) const {
    for (std::size_t i = 0; i < size_; ++i)
      if (data()[i] == m) return true;
    return false;
  }

 private:
  Move* data() { return std::launder(reinterpret_cast<Move*>(storage_)); }
  const Move* data() const { return std::launder(reinterpret_cast<const Move*>(storage_)); }

  alignas(Move) unsigned char storage_[sizeof(Move) * Capacity];
  std::size_t size_ = 0;
};

}  // namespace minimax
