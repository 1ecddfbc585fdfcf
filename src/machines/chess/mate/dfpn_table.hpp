#pragma once
// The proof-number search's table (dfpn.cpp): the proof and disproof numbers of a node, that is a
// position with the number of attacker moves left and whose turn it is. pn = 0 is a proof, dn = 0
// a disproof, and both are exact; other numbers are estimates that guide the search and may be
// lost. Buckets of four; a new node replaces the entry with the least work under it, never an
// exact one while an estimate is there to give way.
#include <algorithm>
#include <cstdint>

#include "machines/chess/mate/mate_tt.hpp"

namespace minimax::chess::mate {

inline constexpr std::uint32_t kPnInfinity = 1u << 30;

class DfpnTable {
 public:
  explicit DfpnTable(int log2_entries)
      : buckets_(std::size_t(1) << std::max(0, log2_entries - 2)),
        entries_(buckets_ * kWays),
        mask_(buckets_ - 1) {}

  void clear() {
    if (!used_) return;
    entries_.zero();
    used_ = false;
  }

  // Brings the key's bucket towards the cache before a probe (a node's children are prefetched
  // together, so their memory latencies overlap).
  void prefetch(std::uint64_t key) const { __builtin_prefetch(&entries_[(key & mask_) * kWays]); }

  [[nodiscard]] bool probe(std::uint64_t key, std::uint32_t& pn, std::uint32_t& dn) const {
    const Entry* b = &entries_[(key & mask_) * kWays];
    for (int i = 0; i < kWays; ++i)
      if (b[i].key == key) {
        pn = b[i].pn;
        dn = b[i].dn;
        return true;
      }
    return false;
  }

  void store(std::uint64_t key, std::uint32_t pn, std::uint32_t dn, std::uint32_t work) {
    used_ = true;
    Entry* b = &entries_[(key & mask_) * kWays];
    Entry* victim = nullptr;
    for (int i = 0; i < kWays; ++i)
      if (b[i].key == key || b[i].key == 0) {
        victim = &b[i];
        break;
      }
    if (!victim) {
      // The least valuable entry: an estimate before an exact value, then the least work.
      auto value = [](const Entry& e) {
        const bool exact = e.pn == 0 || e.dn == 0;
        return (std::uint64_t(exact) << 32) | e.work;
      };
      victim = &b[0];
      for (int i = 1; i < kWays; ++i)
        if (value(b[i]) < value(*victim)) victim = &b[i];
    }
    *victim = Entry{key, pn, dn, std::max(work, victim->key == key ? victim->work : 0u)};
  }

 private:
  static constexpr int kWays = 4;
  struct Entry {
    std::uint64_t key = 0;
    std::uint32_t pn = 0, dn = 0;
    std::uint32_t work = 0;  // the nodes searched under it
  };
  std::size_t buckets_;
  ZeroedEntries<Entry> entries_;
  std::uint64_t mask_;
  bool used_ = false;
};

}  // namespace minimax::chess::mate
