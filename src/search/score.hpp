#pragma once
// Scores, results and the evaluation/ordering conventions shared by every search in src/search.
//
// API (all searches in this directory follow it):
//  - A score is an int from the point of view of the SIDE TO MOVE (negamax convention): larger is
//    better for the player about to move. An evaluation is any callable `int eval(const G&)`
//    returning such a score for a position where the search stops (depth exhausted, or a position
//    with no legal moves whose outcome() is none, e.g. a leaf of a tree read from a file).
//  - Finished games are scored by the search itself with terminal_score(outcome, ply): a win at
//    ply p is kWinScore - p, so a quicker win (and a slower loss) scores better. Michie (1966):
//    terminal nodes carry the value the rules give them; only the other nodes are estimated.
//  - An optional move-ordering hook is any callable `void order(const G&, typename G::MoveList&,
//    int ply)` that may permute the list (never add or drop moves). NoOrdering leaves it alone.
//  - Every search counts nodes: one node is one position visited, the root included (the call that
//    generates the moves of a position, or scores it as a leaf, counts it once).
//  - The score type is int unless a machine's hooks ask for another (hooks.hpp): TUROCHAMP's
//    values are Turing's W/B ratios, doubles. score_infinity<S>() bounds every score of type S;
//    below(s) is the greatest score less than s (s - 1 for int), so a window opened at below(s)
//    gives an exact value to a move that scores exactly s.
#include <cmath>
#include <concepts>
#include <cstdint>
#include <limits>
#include <optional>
#include <type_traits>
#include <vector>

#include "core/game.hpp"
#include "core/side.hpp"

namespace minimax::search {

inline constexpr int kInfinity = 1'000'000'000;
inline constexpr int kWinScore = 100'000'000;  // a won terminal position at ply 0
inline constexpr int kMaxPly = 100'000;        // scores within kMaxPly of kWinScore are wins

template <class Score>
constexpr Score score_infinity() {
  if constexpr (std::is_floating_point_v<Score>)
    return std::numeric_limits<Score>::infinity();
  else
    return static_cast<Score>(kInfinity);
}
template <class Score>
Score below(Score s) {
  if constexpr (std::is_floating_point_v<Score>)
    return std::nextafter(s, -score_infinity<Score>());
  else
    return s - 1;
}

constexpr int terminal_score(Outcome outcome, int ply) {
  switch (outcome) {
    case Outcome::win:
      return kWinScore - ply;
    case Outcome::loss:
      return -kWinScore + ply;
    default:
      return 0;
  }
}
constexpr bool is_win_score(int s) { return s > kWinScore - kMaxPly; }
constexpr bool is_loss_score(int s) { return s < -kWinScore + kMaxPly; }
constexpr bool is_decisive(int s) { return is_win_score(s) || is_loss_score(s); }
// Plies to the end of the game for a decisive score (from the position it was searched at).
constexpr int plies_to_end(int s) { return s > 0 ? kWinScore - s : s + kWinScore; }

template <class E, class G>
concept Evaluation = Game<G> && requires(E e, const G& g) {
  { e(g) } -> std::convertible_to<int>;
};

// An evaluation that needs the ply, or a mutable game (it may play and undo moves, leaving the
// game as it was): `eval(G&, int ply)`. The alpha-beta core takes either form.
template <class E, class G>
concept PlyEvaluation = Game<G> && requires(E e, G& g, int ply) {
  e(g, ply);
};

template <class E, class G>
concept LeafEvaluation = Evaluation<E, G> || PlyEvaluation<E, G>;

template <class O, class G>
concept MoveOrdering = Game<G> && requires(O o, const G& g, typename G::MoveList& list, int ply) {
  o(g, list, ply);
};

// The default hook: keep the order the rules generated.
struct NoOrdering {
  template <class G, class L>
  void operator()(const G&, L&, int) const {}
};

// What a search returns: the value of the root (side to move's view), the best move and the
// principal variation (empty at a leaf), and the nodes it visited.
template <class Move, class Score = int>
struct SearchResult {
  Score score = 0;
  std::optional<Move> best;
  std::vector<Move> line;
  std::uint64_t nodes = 0;
  int depth = 0;         // the depth completed (iterative deepening)
  bool stopped = false;  // a node limit or stop flag cut it short
};

}  // namespace minimax::search
