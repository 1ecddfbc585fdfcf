#pragma once
// The solver's own transposition table. It stores only proofs: "the side to move forces the goal
// in at most w moves" and "it does not in f moves". Both are monotone in the number of moves, so a
// hit answers every question with n >= w (win) or n <= f (fail) and can never drop a solution.
#include <atomic>
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

// Threads may share one table (MateSolver's `threads`): an entry is two words written and read
// without locks, the key stored XORed with the data (Hyatt and Mann's lockless hashing), so a
// half-written entry reads as another key's, a miss, never as a wrong proof.
class MateTable {
 public:
  explicit MateTable(int log2_entries)
      : entries_(std::size_t(1) << log2_entries), mask_((std::uint64_t(1) << log2_entries) - 1) {}

  // Forgets every proof; a table nothing was stored in since is left untouched.
  void clear() {
    if (!used_.load(std::memory_order_relaxed)) return;
    entries_.zero();
    used_.store(false, std::memory_order_relaxed);
  }

  void prefetch(std::uint64_t key) const { __builtin_prefetch(&entries_[key & mask_]); }

  // +1: proved win in <= n; -1: proved fail in n; 0: unknown.
  [[nodiscard]] int probe(std::uint64_t key, int n) const {
    const Data d = read(key);
    if (d.win != 0 && d.win <= n) return 1;
    if (d.fail >= n) return -1;
    return 0;
  }
  void store_win(std::uint64_t key, int n) {
    Data d = read(key);
    if (d.win == 0 || n < d.win) d.win = static_cast<std::uint8_t>(n);
    write(key, d);
  }
  void store_fail(std::uint64_t key, int n) {
    Data d = read(key);
    if (n > d.fail) d.fail = static_cast<std::uint8_t>(n);
    write(key, d);
  }

 private:
  struct Data {
    std::uint8_t win = 0;   // smallest n proved winning (0: none)
    std::uint8_t fail = 0;  // largest n proved failing (0: none)
  };
  struct Entry {
    std::uint64_t check = 0;  // key ^ data
    std::uint64_t data = 0;
  };
  [[nodiscard]] Data read(std::uint64_t key) const {
    auto& e = const_cast<Entry&>(entries_[key & mask_]);
    const std::uint64_t data =
        std::atomic_ref<std::uint64_t>(e.data).load(std::memory_order_relaxed);
    const std::uint64_t check =
        std::atomic_ref<std::uint64_t>(e.check).load(std::memory_order_relaxed);
    if ((check ^ data) != key || data == 0) return {};  // another key's (or an empty) entry
    return {static_cast<std::uint8_t>(data & 0xFF), static_cast<std::uint8_t>(data >> 8)};
  }
  // Always replaces: the newest proof is the likeliest reused.
  void write(std::uint64_t key, Data d) {
    used_.store(true, std::memory_order_relaxed);
    Entry& e = entries_[key & mask_];
    const std::uint64_t data = std::uint64_t(d.win) | std::uint64_t(d.fail) << 8;
    std::atomic_ref<std::uint64_t>(e.data).store(data, std::memory_order_relaxed);
    std::atomic_ref<std::uint64_t>(e.check).store(key ^ data, std::memory_order_relaxed);
  }
  ZeroedEntries<Entry> entries_;
  std::uint64_t mask_;
  std::atomic<bool> used_{false};
};

// Help and series entries share the table with a key salted by the plies left (their results are
// for an exact length, so each length needs its own entry).
inline std::uint64_t help_key(std::uint64_t key, int plies) {
  return key ^ (0x9E3779B97F4A7C15ULL * std::uint64_t(plies + 1)) ^ 0x5bd1e9955bd1e995ULL;
}

}  // namespace minimax::chess::mate
