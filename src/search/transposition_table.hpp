#pragma once
// A transposition table: backed-up scores stored by position key, so a position met again (by
// another order of moves, or in a later search) is not searched again.
//
// Michie (1966) on Samuel's rote learning: a stored score was itself backed up from positions
// further down the tree, so reusing it extends the effective look-ahead; the game-tree lecture
// notes gives the same device in Chess 4.5's hash table. Here an entry stores the depth it was
// searched to, the kind of bound fail-soft alpha-beta proved (exact, lower or upper), and the best
// move, which the search tries first next time.
//
// API:
//   TranspositionTable<Move> tt(1 << 16);         // number of entries, rounded up to a power of 2
//   const TtEntry<Move>* e = tt.probe(key);       // nullptr if absent
//   tt.store(key, depth, score, bound, move, ply);
//   int s = tt.score_at(*e, ply);                 // decisive scores are stored relative to the
//                                                 // position and re-based to the probing ply
//   tt.clear(); tt.size(); tt.probes(); tt.hits();
// One entry per slot, replaced when the new result is at least as deep or the key differs
// ("depth-preferred, always replace a stranger"). Allocates once, in the constructor.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <type_traits>
#include <vector>

#include "search/score.hpp"

namespace minimax::search {

enum class Bound : std::uint8_t { none, exact, lower, upper };

template <class Move, class Score = int>
struct TtEntry {
  std::uint64_t key = 0;
  Score score = 0;
  int depth = -1;
  Bound bound = Bound::none;
  std::optional<Move> move;
};

// Score: the search's score type (score.hpp); decisive scores are re-based only for int, the
// type of terminal_score().
template <class Move, class Score = int>
class TranspositionTable {
 public:
  explicit TranspositionTable(std::size_t entries = std::size_t{1} << 16) {
    std::size_t n = 1;
    while (n < entries) n <<= 1;
    table_.resize(n);
    mask_ = n - 1;
  }

  const TtEntry<Move, Score>* probe(std::uint64_t key) {
    ++probes_;
    const TtEntry<Move, Score>& e = table_[key & mask_];
    if (e.bound == Bound::none || e.key != key) return nullptr;
    ++hits_;
    return &e;
  }

  void store(std::uint64_t key, int depth, Score score, Bound bound,
             const std::optional<Move>& move, int ply) {
    TtEntry<Move, Score>& e = table_[key & mask_];
    if (e.bound != Bound::none && e.key == key && e.depth > depth) return;
    // Keep the old best move when the new search found none (e.g. it failed low everywhere).
    if (!move && e.key == key && e.bound != Bound::none) {
      e.score = to_stored(score, ply), e.depth = depth, e.bound = bound;
      return;
    }
    e = TtEntry<Move, Score>{key, to_stored(score, ply), depth, bound, move};
  }

  // The entry's score seen from the probing position at `ply` from the root.
  static Score score_at(const TtEntry<Move, Score>& e, int ply) {
    if constexpr (std::is_same_v<Score, int>) {
      if (is_win_score(e.score)) return e.score - ply;
      if (is_loss_score(e.score)) return e.score + ply;
    }
    return e.score;
  }

  void clear() {
    for (auto& e : table_) e = TtEntry<Move, Score>{};
    probes_ = hits_ = 0;
  }
  [[nodiscard]] std::size_t size() const { return table_.size(); }
  [[nodiscard]] std::uint64_t probes() const { return probes_; }
  [[nodiscard]] std::uint64_t hits() const { return hits_; }

 private:
  static Score to_stored(Score score, int ply) {
    if constexpr (std::is_same_v<Score, int>) {
      if (is_win_score(score)) return score + ply;
      if (is_loss_score(score)) return score - ply;
    }
    return score;
  }
  std::vector<TtEntry<Move, Score>> table_;
  std::size_t mask_ = 0;
  std::uint64_t probes_ = 0, hits_ = 0;
};

}  // namespace minimax::search
