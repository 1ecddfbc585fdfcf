#pragma once
// Strachey's draughts machine (Bowden 1953, ch. 25), the two strategies he tried on the Manchester
// machine, on the generic alpha-beta of src/search (it returns the same values as his full
// look-ahead, visiting fewer positions).
//
// Strategy 1: consider every move on both sides for a fixed number of stages (plies) ahead, at
// most six (his storage limit; three, "two of its own and one of its opponent's", was his practical
// limit of time), and value the final positions by material only: a man 1, a king 3. Among moves
// of equal value, choose at random.
//
// Strategy 2: the same, but a line is followed until two consecutive moves in it are without
// captures, with an overriding limit of four stages; a king is worth 2 7/8. Strategy 1 offers men
// for sacrifice to postpone an opponent's crowning it cannot prevent (the capture is compulsory, so
// the sacrifice pushes the crowning over its horizon); strategy 2 sees the crowning after the
// sacrifice, and the 2 7/8 stops it from valuing two men sacrificed as equal to one king made.
//
// Decisions (docs/strachey.md): values are kept in eighths of a man (man 8, king 24 or 23); a
// position where the side to move has no move is lost, scored by the search as a loss (more than
// any material) rather than by counting material; the draw rules of the game apply in the search;
// in strategy 2 the count of consecutive non-captures starts at the root (the opponent's last move
// does not count), so every line is searched at least two stages; the option CountLastMove counts
// it (with it, every move the machine made in Strachey's printed game is among its best; without
// it, all but one: docs/strachey.md).
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/player.hpp"
#include "core/rng.hpp"
#include "games/draughts/draughts.hpp"

namespace minimax::draughts {

// Material in eighths of a man, from the side to move's view (the evaluation hook of the search).
struct StracheyMaterial {
  int man = 8;
  int king = 24;  // 3 men (strategy 1); 23, 2 7/8 men (strategy 2)
  int operator()(const Draughts& p) const {
    const Bits own = p.pieces(p.side_to_move()), opp = p.pieces(opposite(p.side_to_move()));
    return man * (count(own & ~p.kings()) - count(opp & ~p.kings())) +
           king * (count(own & p.kings()) - count(opp & p.kings()));
  }
};

struct StracheySettings {
  int strategy = 2;       // 1 or 2
  int stages = 3;         // strategy 1: plies ahead (1-6)
  int limit = 4;          // strategy 2: the overriding limit (1-6)
  int king_eighths = 23;  // the value of a king, in eighths of a man
  // Strategy 2: whether the opponent's last move (before the root) counts towards the two
  // consecutive moves without captures. Off: the count starts at the root.
  bool count_last_move = false;
};

// What the machine found at the root: the value of the best move (eighths, mover's view; a decisive
// result is a search win/loss score), every move of that value, and the positions considered.
struct StracheyChoice {
  int value = 0;
  std::vector<Move> equal;
  std::uint64_t nodes = 0;
};
StracheyChoice strachey_choices(const Draughts& position, const StracheySettings& settings);

class StracheyMachine final : public Player<Draughts> {
 public:
  explicit StracheyMachine(int strategy = 2, std::uint64_t seed = 1952);
  // strachey-1 or strachey-2, by the strategy it plays now (the registry's names).
  [[nodiscard]] std::string name() const override {
    return settings_.strategy == 1 ? "strachey-1" : "strachey-2";
  }
  // Options (core/options.hpp): Strategy (1, 2: also sets the king's value, 24 or 23 eighths),
  // Stages, Limit, KingEighths, CountLastMove, Seed.
  void new_game() override { rng_.reseed(seed_); }
  // limits.depth overrides Stages (strategy 1) or Limit (strategy 2) for one move.
  Thought<Move> choose(const Draughts& position, const Limits& limits) override;
  [[nodiscard]] const StracheySettings& settings() const { return settings_; }

 private:
  StracheySettings settings_;
  std::uint64_t seed_;
  Rng rng_;
};

std::unique_ptr<Player<Draughts>> make_strachey(int strategy = 2);

}  // namespace minimax::draughts
