#include "machines/chess/engine/tt.hpp"

#include <algorithm>

namespace minimax::chess::engine {

// data: move (16) | score (16) | eval (16) | depth (8) | bound (2) | generation (6)
std::uint64_t TranspositionTable::pack(Move move, int score, int eval, int depth, Bound bound,
                                       std::uint8_t gen) {
  return std::uint64_t(move.raw()) | (std::uint64_t(std::uint16_t(std::int16_t(score))) << 16) |
         (std::uint64_t(std::uint16_t(std::int16_t(eval))) << 32) |
         (std::uint64_t(std::uint8_t(std::clamp(depth, 0, 255))) << 48) |
         (std::uint64_t(bound) << 56) | (std::uint64_t(gen & 63) << 58);
}

void TranspositionTable::resize(std::size_t megabytes) {
  megabytes = std::max<std::size_t>(1, megabytes);
  const std::size_t count = megabytes * 1024 * 1024 / sizeof(Bucket);
  buckets_.reset();  // free the old table first, so a large resize does not need both at once
  buckets_.reset(new Bucket[count]);
  count_ = count;
  megabytes_ = megabytes;
  clear();
}

void TranspositionTable::clear() {
  for (std::size_t i = 0; i < count_; ++i)
    for (auto& e : buckets_[i].entries) {
      e.check.store(0, std::memory_order_relaxed);
      e.data.store(0, std::memory_order_relaxed);
    }
  generation_ = 0;
}

bool TranspositionTable::probe(std::uint64_t key, int ply, TTHit& hit) const {
  const Bucket& b = buckets_[index(key)];
  for (const auto& e : b.entries) {
    const std::uint64_t data = e.data.load(std::memory_order_relaxed);
    if ((e.check.load(std::memory_order_relaxed) ^ data) != key || data == 0) continue;
    hit.move = Move::from_raw(static_cast<std::uint16_t>(data));
    hit.score = score_from_tt(static_cast<std::int16_t>(data >> 16), ply);
    hit.eval = static_cast<std::int16_t>(data >> 32);
    hit.depth = static_cast<int>((data >> 48) & 255);
    hit.bound = Bound((data >> 56) & 3);
    return true;
  }
  return false;
}

void TranspositionTable::store(std::uint64_t key, int ply, Move move, int score, int eval,
                               int depth, Bound bound) {
  Bucket& b = buckets_[index(key)];
  Entry* replace = &b.entries[0];
  int worst = 1 << 30;
  for (auto& e : b.entries) {
    const std::uint64_t data = e.data.load(std::memory_order_relaxed);
    if ((e.check.load(std::memory_order_relaxed) ^ data) == key || data == 0) {
      // Same position: keep its move if we have none, and a deeper result unless this one is exact.
      if (data != 0) {
        const int old_depth = static_cast<int>((data >> 48) & 255);
        if (!move) move = Move::from_raw(static_cast<std::uint16_t>(data));
        if (bound != kBoundExact && depth + 3 < old_depth && ((data >> 58) & 63) == generation_)
          return;
      }
      replace = &e;
      break;
    }
    const int age = (generation_ - static_cast<int>((data >> 58) & 63)) & 63;
    const int value = static_cast<int>((data >> 48) & 255) - 8 * age;
    if (value < worst) {
      worst = value;
      replace = &e;
    }
  }
  const std::uint64_t data = pack(move, score_to_tt(score, ply), eval, depth, bound, generation_);
  replace->check.store(key ^ data, std::memory_order_relaxed);
  replace->data.store(data, std::memory_order_relaxed);
}

int TranspositionTable::hashfull() const {
  int used = 0;
  const std::size_t n = std::min<std::size_t>(250, count_);
  for (std::size_t i = 0; i < n; ++i)
    for (const auto& e : buckets_[i].entries) {
      const std::uint64_t data = e.data.load(std::memory_order_relaxed);
      if (data != 0 && ((data >> 58) & 63) == generation_) ++used;
    }
  return static_cast<int>(used * 1000 / (n * 4));
}

}  // namespace minimax::chess::engine
