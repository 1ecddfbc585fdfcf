#pragma once
// Shannon's type A strategy (Shannon 1950, sections 4-5): every variation to a fixed depth, the
// positions at the end valued by f(P), the values backed up by minimax (formula (1)); alpha-beta
// prunes without changing the value or the move. The search is the core's (src/search); this file
// and shannon_search.hpp hold only Shannon's rules. A random choice among equal moves (section 7).
#include <atomic>
#include <memory>

#include "core/rng.hpp"
#include "machines/chess/registry.hpp"
#include "machines/chess/shannon_eval.hpp"

namespace minimax::chess {

namespace shannon {

// What a fixed-depth search returns: the value of each root move (exact when within `tolerance`
// of the best, an upper bound otherwise) and the best line.
struct RootResult {
  std::vector<std::pair<Move, int>> moves;  // hundredths, mover's view
  int best = 0;
  std::vector<Move> line;
  std::uint64_t nodes = 0;
  bool stopped = false;  // the stop flag ended it: the values are incomplete
};

// Full-width alpha-beta to `depth` plies on the search core (src/search/alpha_beta.hpp), f(P) at
// the leaves (hundredths, the side to move's view), captures searched first. A mated side scores
// f with its king counted 0; stalemate, fifty moves, threefold repetition and bare material score
// 0 (shannon_search.hpp). type_a_root gives every move within `tolerance` of the best its exact
// value (the core's root_values).
int type_a_value(Position& pos, int depth, const Weights& w, std::uint64_t& nodes);
RootResult type_a_root(Position& pos, int depth, const Weights& w, int tolerance,
                       const std::atomic<bool>* stop = nullptr);

}  // namespace shannon

class ShannonA final : public ChessPlayer {
 public:
  explicit ShannonA(std::uint64_t seed = 1);
  [[nodiscard]] std::string name() const override { return "shannon-a"; }
  void new_game() override { rng_.reseed(seed_); }
  // limits.depth (plies) overrides the Depth option for one move. With Deepen on and a time per
  // move (limits.movetime_ms, no depth), depths 1, 2, ... 8 while the time lasts.
  Thought<Move> choose(const Position& position, const Limits& limits) override;

 private:
  shannon::Weights weights_;
  int depth_ = 4;        // plies: "two moves" for each side (section 5)
  int tolerance_ = 0;    // hundredths: moves this close to the best count as equal (section 7)
  bool deepen_ = false;  // spend a time per move on deeper searches (not in Shannon)
  std::uint64_t seed_;
  Rng rng_;
};

std::unique_ptr<ChessPlayer> make_shannon_a();

}  // namespace minimax::chess
