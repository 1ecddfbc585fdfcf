#pragma once
// Shannon's type B strategy (Shannon 1950, section 6): variations are followed until the position
// is quiet by g(P) (at least MinDepth plies, at most MaxDepth), and only the moves the selection
// function h(P,M) rates high enough for their depth are explored. Evaluation f(P) as type A.
// Shannon gives no numbers for g and h: the choices are documented in docs/shannon.md.
#include <memory>

#include "core/rng.hpp"
#include "machines/chess/registry.hpp"
#include "machines/chess/shannon_eval.hpp"
#include "machines/chess/shannon_search.hpp"
#include "search/alpha_beta.hpp"

namespace minimax::chess {

namespace shannon {

// g(P): 1 if any piece is attacked by a piece of lower value or by more pieces than defend it,
// or if the side to move has a check on a square the opponent controls; else 0.
bool unstable(const Position& pos);

// h(P,M) in four grades: 3 forceful (check, capture, promotion, attack on a queen or rook, threat
// of mate), 2 developing (a knight or bishop off its first square, castling, a centre pawn's first
// step), 1 defensive (the moving piece is attacked), 0 the rest. `mate_threats` turns on the
// (costly) test for threats of mate.
int selection_grade(Position& pos, Move m, bool mate_threats);

// The least grade explored at a given ply (0 = the machine's move): 0, 1, 2, then 3.
int required_grade(int ply);

// Type B's rules as the search core's hooks (src/search/hooks.hpp), on top of type A's f(P) and
// ends of the game. The core's depth is MinDepth at the root, so depth <= 0 is "at least
// MinDepth plies deep".
struct TypeBRules : GameEnds {
  int max_depth = 20;
  // g(P): past MinDepth a variation stops where the position is quiet, and at MaxDepth in any case.
  bool horizon(Position& pos, int depth, int ply) const;
  // h(P,M): before MinDepth the moves of at least required_grade(ply); past it the forceful ones
  // (captures, promotions, checks). Below the root the side to move, when not in check, may
  // stand on f instead (the moves h passed over); in check every reply is searched.
  bool select(Position& pos, Position::MoveList& moves, int depth, int ply,
              const Move* previous) const;
};

// The order the selected moves are searched in: captures first, otherwise as generated.
struct CapturesFirst {
  void operator()(const Position& pos, Position::MoveList& moves, int ply) const;
};

using TypeB = search::AlphaBeta<Position, LeafValue, CapturesFirst, TypeBRules>;

}  // namespace shannon

class ShannonB final : public ChessPlayer {
 public:
  explicit ShannonB(std::uint64_t seed = 1);
  [[nodiscard]] std::string name() const override { return "shannon-b"; }
  void new_game() override { rng_.reseed(seed_); }
  // limits.depth overrides MinDepth for one move. With Deepen on and a time per move
  // (limits.movetime_ms, no depth), MinDepth 1, 2, ... 10 while the time lasts.
  Thought<Move> choose(const Position& position, const Limits& limits) override;

 private:
  shannon::Weights weights_;
  int min_depth_ = 4;   // "at least two moves" (each side)
  int max_depth_ = 20;  // "never more than, say, 10" moves
  int tolerance_ = 0;
  bool deepen_ = false;  // spend a time per move on deeper searches (not in Shannon)
  std::uint64_t seed_;
  Rng rng_;
};

std::unique_ptr<ChessPlayer> make_shannon_b();

}  // namespace minimax::chess
