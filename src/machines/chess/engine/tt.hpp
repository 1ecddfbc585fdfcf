#pragma once
// The transposition table, shared by all search threads without locks (Hyatt and Mann's
// scheme: each entry stores key ^ data beside data, so an entry torn by two threads writing at
// once fails the key check and is ignored instead of giving a wrong move or score).
// Buckets of four entries fill one 64-byte cache line; a new result replaces the same position,
// else the entry whose depth, less a penalty for being from an older search, is smallest.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "games/chess/types.hpp"

namespace minimax::chess::engine {

enum Bound : std::uint8_t { kBoundNone = 0, kBoundUpper = 1, kBoundLower = 2, kBoundExact = 3 };

struct TTHit {
  Move move;
  int score = 0;  // already adjusted to the probing ply
  int eval = 0;
  int depth = 0;
  Bound bound = kBoundNone;
};

// Mate scores are stored relative to the node, not the root, so a mate found through a
// transposition at another ply is reported with the right distance.
constexpr int kMate = 32000;
constexpr int kMaxPly = 128;
constexpr int kMateInMaxPly = kMate - 2 * kMaxPly;
constexpr int kInfinite = 32500;
constexpr int kNoScore = 32600;
// A win known from an endgame table (tablebase.hpp), kTbWin less the plies to the table's
// position: a band just below the mate scores, above every evaluation.
constexpr int kTbWin = kMateInMaxPly - 1;
constexpr int kTbWinInMaxPly = kTbWin - kMaxPly;

// Mate and table-win scores are stored relative to the node (as distances), like mates.
inline int score_to_tt(int s, int ply) {
  return s >= kTbWinInMaxPly ? s + ply : s <= -kTbWinInMaxPly ? s - ply : s;
}
inline int score_from_tt(int s, int ply) {
  return s >= kTbWinInMaxPly ? s - ply : s <= -kTbWinInMaxPly ? s + ply : s;
}

class TranspositionTable {
 public:
  explicit TranspositionTable(std::size_t megabytes = 16) { resize(megabytes); }
  void resize(std::size_t megabytes);
  void clear();
  void new_search() { generation_ = static_cast<std::uint8_t>((generation_ + 1) & 63); }

  bool probe(std::uint64_t key, int ply, TTHit& hit) const;
  void store(std::uint64_t key, int ply, Move move, int score, int eval, int depth, Bound bound);
  void prefetch(std::uint64_t key) const { __builtin_prefetch(&buckets_[index(key)]); }
  // Per mille of a sample of entries written in this search (UCI hashfull).
  [[nodiscard]] int hashfull() const;
  [[nodiscard]] std::size_t megabytes() const { return megabytes_; }

 private:
  struct Entry {
    std::atomic<std::uint64_t> check;  // key ^ data
    std::atomic<std::uint64_t> data;
  };
  struct alignas(64) Bucket {
    Entry entries[4];
  };
  static std::uint64_t pack(Move move, int score, int eval, int depth, Bound bound,
                            std::uint8_t gen);
  std::size_t index(std::uint64_t key) const {
    return static_cast<std::size_t>((static_cast<unsigned __int128>(key) * count_) >> 64);
  }

  std::unique_ptr<Bucket[]> buckets_;
  std::size_t count_ = 0;
  std::size_t megabytes_ = 0;
  std::uint8_t generation_ = 0;
};

}  // namespace minimax::chess::engine
