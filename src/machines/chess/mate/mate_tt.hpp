#pragma once
// The solver's own transposition table. It stores only proofs: "the side to move forces the goal
// in at most w moves" and "it does not in f moves". Both are monotone in the number of moves, so a
// hit answers every question with n >= w (win) or n <= f (fail) and can never drop a solution.
#include <cstdint>
#include <vector>

namespace minimax::chess::mate {

class MateTable {
 public:
  explicit MateTable(int log2_entries)
      : entries_(std::size_t(1) << log2_entries), mask_((std::uint64_t(1) << log2_entries) - 1) {}

  void clear() { std::fill(entries_.begin(), entries_.end(), Entry{}); }

  // +1: proved win in <= n; -1: proved fail in n; 0: unknown.
  [[nodiscard]] int probe(std::uint64_t key, int n) const {
    const Entry& e = entries_[key & mask_];
    if (e.key != key) return 0;
    if (e.win != 0 && e.win <= n) return 1;
    if (e.fail >= n) return -1;
    return 0;
  }
  void store_win(std::uint64_t key, int n) {
    Entry& e = slot(key);
    if (e.win == 0 || n < e.win) e.win = static_cast<std::uint8_t>(n);
  }
  void store_fail(std::uint64_t key, int n) {
    Entry& e = slot(key);
    if (n > e.fail) e.fail = static_cast<std::uint8_t>(n);
  }

 private:
  struct Entry {
    std::uint64_t key = 0;
    std::uint8_t win = 0;   // smallest n proved winning (0: none)
    std::uint8_t fail = 0;  // largest n proved failing (0: none)
  };
  Entry& slot(std::uint64_t key) {
    Entry& e = entries_[key & mask_];
    if (e.key != key)
      e = Entry{key, 0, 0};  // always replace: the newest proof is the likeliest reused
    return e;
  }
  std::vector<Entry> entries_;
  std::uint64_t mask_;
};

}  // namespace minimax::chess::mate
