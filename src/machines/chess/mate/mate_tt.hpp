#pragma once
// The solver's own transposition table. It stores only proofs: "the side to move forces the goal
// in at most w moves" and "it does not in f moves". Both are monotone in the number of moves, so a
// hit answers every question with n >= w (win) or n <= f (fail) and can never drop a solution.
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>

namespace minimax::chess::mate {

// A table's entries, zeroed, from calloc: for a large table that maps fresh pages that cost
// nothing until touched, so a small problem solved with a big table starts at once.
template <class Entry>
class ZeroedEntries {
 public:
  explicit ZeroedEntries(std::size_t size)
      : size_(size), entries_(static_cast<Entry*>(std::calloc(size, sizeof(Entry)))) {
    if (!entries_) throw std::bad_alloc();
  }
  void zero() { std::memset(static_cast<void*>(entries_.get()), 0, size_ * sizeof(Entry)); }
  Entry& operator[](std::size_t i) { return entries_[i]; }
  const Entry& operator[](std::size_t i) const { return entries_[i]; }

 private:
  struct Free {
    void operator()(Entry* p) const { std::free(p); }
  };
  std::size_t size_;
  std::unique_ptr<Entry[], Free> entries_;
};

class MateTable {
 public:
  explicit MateTable(int log2_entries)
      : entries_(std::size_t(1) << log2_entries), mask_((std::uint64_t(1) << log2_entries) - 1) {}

  // Forgets every proof; a table nothing was stored in since is left untouched.
  void clear() {
    if (!used_) return;
    entries_.zero();
    used_ = false;
  }

  void prefetch(std::uint64_t key) const { __builtin_prefetch(&entries_[key & mask_]); }

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
    used_ = true;
    Entry& e = entries_[key & mask_];
    if (e.key != key)
      e = Entry{key, 0, 0};  // always replace: the newest proof is the likeliest reused
    return e;
  }
  ZeroedEntries<Entry> entries_;
  std::uint64_t mask_;
  bool used_ = false;
};

}  // namespace minimax::chess::mate
