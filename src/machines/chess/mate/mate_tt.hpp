#pragma once
// The solver's own transposition table. It stores only proofs: "the side to move forces the goal
// in at most w moves" and "it does not in f moves". Both are monotone in the number of moves, so a
// hit answers every question with n >= w (win) or n <= f (fail) and can never drop a solution.
#include <sys/mman.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>

namespace minimax::chess::mate {

// A table's entries, zeroed: fresh pages from mmap that cost nothing until touched, so a small
// problem solved with a big table starts at once. A table of 2 MB or more is asked for in huge
// pages (madvise; Linux's transparent huge pages): a table touched at random otherwise takes a page
// fault for nearly every 4 KB page, which on a small problem costs more than the search (an h#5
// with the 16 MB default table: 0.26 s against 0.16 s with a 4 MB one). The first entry stands
// at a 64-byte boundary, so that a bucket of entries is one cache line.
template <class Entry>
class ZeroedEntries {
 public:
  explicit ZeroedEntries(std::size_t size) : size_(size) {
    constexpr std::size_t kHuge = std::size_t(2) << 20;
    const std::size_t bytes = std::max<std::size_t>(size * sizeof(Entry), 64);
    const bool huge = bytes >= kHuge;
    mapped_ = huge ? (bytes + kHuge - 1) / kHuge * kHuge + kHuge : bytes;
    void* p = mmap(nullptr, mapped_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    block_ = static_cast<char*>(p);
    char* first = block_;
    if (huge) {
      const auto at = reinterpret_cast<std::uintptr_t>(block_);
      first = block_ + (kHuge - at % kHuge) % kHuge;
      madvise(first, mapped_ - std::size_t(first - block_), MADV_HUGEPAGE);
    }
    entries_ = reinterpret_cast<Entry*>(first);
  }
  ~ZeroedEntries() { munmap(block_, mapped_); }
  ZeroedEntries(const ZeroedEntries&) = delete;
  ZeroedEntries& operator=(const ZeroedEntries&) = delete;
  void zero() { std::memset(static_cast<void*>(entries_), 0, size_ * sizeof(Entry)); }
  Entry& operator[](std::size_t i) { return entries_[i]; }
  const Entry& operator[](std::size_t i) const { return entries_[i]; }

 private:
  std::size_t size_;
  std::size_t mapped_ = 0;
  char* block_ = nullptr;
  Entry* entries_ = nullptr;
};

// Threads may share one table (MateSolver's `threads`): an entry is two words written and read
// without locks, the key stored XORed with the data (Hyatt and Mann's lockless hashing), so a
// half-written entry reads as another key's, a miss, never as a wrong proof.
//
// Entries come in buckets of four, one cache line: a key may stand in any of the four, and a new
// key takes the place of the entry proved for the fewest moves (an empty one first). A proof for
// many moves stands for a large tree below it, and short proofs are cheap to find again; with one
// entry a slot and every write replacing, the many one-move results pushed the long ones out.
class MateTable {
 public:
  explicit MateTable(int log2_entries)
      : entries_(std::size_t(1) << log2_entries),
        mask_(((std::uint64_t(1) << log2_entries) - 1) & ~std::uint64_t(kWays - 1)) {}

  // Forgets every proof; a table nothing was stored in since is left untouched.
  void clear() {
    if (!used_.load(std::memory_order_relaxed)) return;
    entries_.zero();
    used_.store(false, std::memory_order_relaxed);
  }

  void prefetch(std::uint64_t key) const { __builtin_prefetch(bucket(key)); }

  // +1: proved win in <= n; -1: proved fail in n; 0: unknown.
  [[nodiscard]] int probe(std::uint64_t key, int n) const {
    const Data d = find(key).data;
    if (d.win != 0 && d.win <= n) return 1;
    if (d.fail >= n) return -1;
    return 0;
  }
  void store_win(std::uint64_t key, int n) {
    Found f = find(key);
    if (f.data.win == 0 || n < f.data.win) f.data.win = static_cast<std::uint8_t>(n);
    write(f, key);
  }
  void store_fail(std::uint64_t key, int n) {
    Found f = find(key);
    if (n > f.data.fail) f.data.fail = static_cast<std::uint8_t>(n);
    write(f, key);
  }
  // A failure of help or series play, whose key holds its exact length (help_key): probe(key, 1)
  // finds it; `plies` (the length searched) only says how much work it stands for.
  void store_exact_fail(std::uint64_t key, int plies) {
    store_fail(key, std::clamp(plies, 1, 255));
  }

 private:
  static constexpr int kWays = 4;
  struct Data {
    std::uint8_t win = 0;   // smallest n proved winning (0: none)
    std::uint8_t fail = 0;  // largest n proved failing (0: none)
  };
  struct Entry {
    std::uint64_t check = 0;  // key ^ data
    std::uint64_t data = 0;
  };
  struct Found {
    Entry* slot;  // the key's entry, or the one it will replace
    Data data;    // the key's proofs (none when it was not found)
  };
  // The first entry of the key's bucket.
  Entry* bucket(std::uint64_t key) const { return const_cast<Entry*>(&entries_[key & mask_]); }
  static std::uint64_t load(std::uint64_t& w) {
    return std::atomic_ref<std::uint64_t>(w).load(std::memory_order_relaxed);
  }
  // The key's entry in its bucket; where it has none, the entry a new proof replaces: an empty
  // one, else the one whose proofs are for the fewest moves.
  Found find(std::uint64_t key) const {
    Entry* b = bucket(key);
    Entry* victim = b;
    int victim_moves = 1 << 10;
    // Among equals the scan starts at a place the key's high bits choose, so that ties do not
    // always evict the same entry.
    const int start = int(key >> 62);
    for (int j = 0; j < kWays; ++j) {
      const int i = (start + j) & (kWays - 1);
      const std::uint64_t data = load(b[i].data);
      const std::uint64_t check = load(b[i].check);
      if (data != 0 && (check ^ data) == key)
        return {b + i,
                {static_cast<std::uint8_t>(data & 0xFF), static_cast<std::uint8_t>(data >> 8)}};
      // An entry half-written by another thread counts as what it claims to hold; it is
      // replaced only by the rule below, never read as this key's.
      const int moves = data == 0 ? -1 : std::max(int(data & 0xFF), int((data >> 8) & 0xFF));
      if (moves < victim_moves) {
        victim = b + i;
        victim_moves = moves;
      }
    }
    return {victim, {}};
  }
  void write(const Found& f, std::uint64_t key) {
    used_.store(true, std::memory_order_relaxed);
    const std::uint64_t data = std::uint64_t(f.data.win) | std::uint64_t(f.data.fail) << 8;
    std::atomic_ref<std::uint64_t>(f.slot->data).store(data, std::memory_order_relaxed);
    std::atomic_ref<std::uint64_t>(f.slot->check).store(key ^ data, std::memory_order_relaxed);
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
