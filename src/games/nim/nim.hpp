#pragma once
// Nim, and Moore's multiple game Nim_k: the rules only.
//
// Bowden (1953): any number of heaps of matches; a move takes at least one match, from one
// heap in the simple game, or from any number of heaps from 1 up to a fixed k in the multiple game
// (Moore's Nim_k). In the normal game taking the last match wins; in the misere game, the one
// Nimrod showed, taking the last match loses.
//
// Heaps are named A, B, C, ... in order. A move is written heap by heap with the number taken:
// "A2" takes two from heap A, "A2 D1" takes two from A and one from D (in the multiple game).
// A position is written as its heap sizes, "7 4 5 2".
//
// Nim is impartial: both players have the same moves, so the value of a position for the side to
// move depends on the heaps only, and the key is a hash of the heaps alone (the side to move is not
// in it). The retrograde solver then labels each set of heaps once.
//
// The move list is the one exception to "generation allocates nothing": a position of n heaps has
// up to (sum over subsets of at most k heaps of the product of their sizes) moves, which no fixed
// capacity bounds, so it is a std::vector (reused by a caller that keeps the list).
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.hpp"
#include "core/game.hpp"
#include "core/side.hpp"

namespace minimax::nim {

inline constexpr int kMaxHeaps = 16;
inline constexpr int kMaxHeapSize = 65535;

struct Rules {
  int k = 1;            // a move alters 1..k heaps (k = 1: ordinary nim)
  bool misere = false;  // true: taking the last match loses (Bowden's game)
};

struct Move {
  std::array<std::uint16_t, kMaxHeaps> take{};  // matches taken from each heap
  bool operator==(const Move&) const = default;
  [[nodiscard]] int heaps_altered() const;
  [[nodiscard]] int matches_taken() const;
};

class MoveList {
 public:
  using value_type = Move;
  void push_back(const Move& m) { moves_.push_back(m); }
  void clear() { moves_.clear(); }
  void resize(std::size_t n) { moves_.resize(n); }
  [[nodiscard]] std::size_t size() const { return moves_.size(); }
  [[nodiscard]] bool empty() const { return moves_.empty(); }
  Move& operator[](std::size_t i) { return moves_[i]; }
  const Move& operator[](std::size_t i) const { return moves_[i]; }
  Move* begin() { return moves_.data(); }
  Move* end() { return moves_.data() + moves_.size(); }
  const Move* begin() const { return moves_.data(); }
  const Move* end() const { return moves_.data() + moves_.size(); }
  [[nodiscard]] bool contains(const Move& m) const;

 private:
  std::vector<Move> moves_;
};

class Nim {
 public:
  using Move = nim::Move;
  using MoveList = nim::MoveList;

  // Checks the sizes (1..kMaxHeaps heaps of 0..kMaxHeapSize) and k (1..kMaxHeaps).
  static Expected<Nim> make(const std::vector<int>& heaps, Rules rules);

  [[nodiscard]] Side side_to_move() const { return side_; }
  void generate_moves(MoveList& list) const;
  void play(const Move& m);
  void undo(const Move& m);
  // All heaps empty: normal play, the side to move lost (the other took the last match);
  // misere, the side to move won.
  [[nodiscard]] Outcome outcome() const;
  [[nodiscard]] std::uint64_t key() const { return key_; }
  [[nodiscard]] std::string move_to_string(const Move& m) const;
  // "7 4 5 2"
  [[nodiscard]] std::string to_string() const;
  // Parses "A2", "a2 d1", "A2,D1"; checks the heaps exist, hold enough, and at most k are altered.
  [[nodiscard]] Expected<Move> parse_move(std::string_view text) const;
  // A move takes from 1..k existing heaps, no more than each holds (without listing the moves).
  [[nodiscard]] bool is_legal(const Move& m) const;
  // The number of legal moves, without listing them (to decide whether listing is sensible).
  [[nodiscard]] double count_moves() const;

  [[nodiscard]] int heap_count() const { return count_; }
  [[nodiscard]] int heap(int i) const { return heaps_[static_cast<std::size_t>(i)]; }
  [[nodiscard]] std::vector<int> heaps() const;
  [[nodiscard]] const Rules& rules() const { return rules_; }
  [[nodiscard]] int total() const;
  // The heaps after a move, without playing it.
  [[nodiscard]] std::vector<int> after(const Move& m) const;

 private:
  std::array<std::uint16_t, kMaxHeaps> heaps_{};
  int count_ = 0;
  Rules rules_;
  Side side_ = Side::first;
  std::uint64_t key_ = 0;
};

static_assert(Game<Nim>);

// "7 4 5 2" or "7,4,5,2" or separate tokens: the heap sizes, with a message naming a bad token.
Expected<std::vector<int>> parse_heaps(const std::vector<std::string>& tokens);
// The name of heap i: A, B, ..., P.
inline char heap_name(int i) { return static_cast<char>('A' + i); }

}  // namespace minimax::nim
