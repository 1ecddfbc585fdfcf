#pragma once
// Hooks: what makes a machine itself, told to the search core (alpha_beta.hpp) node by node, so
// that one negamax serves Shannon's type A and type B, TUROCHAMP and the small games alike.
//
// A hooks object is any struct; each member below is optional, and the core looks for it with a
// requires-expression (a missing member costs nothing and gives the default in brackets). The
// game is passed mutable: a hook may play and undo moves, but must leave the game as it found it.
//
//   using Score = double;
//       The score type (int). Scores are always from the side to move (negamax); a machine whose
//       paper values positions by a ratio (Turing's W/B) keeps its doubles and negates them.
//   std::optional<Score> terminal(G& game, int ply);
//       Which finished games this machine recognises and what they are worth at `ply` from the
//       root; std::nullopt: the game goes on here. [game.outcome() scored by terminal_score(), so
//       a quicker win is better.] Shannon scores a mate through f(P) with the king counted 0;
//       Turing's analysis knows mate and stalemate but no drawing rule.
//   bool horizon(G& game, int depth, int ply);
//       Does the search stop here and take the evaluation? [depth <= 0.] A quiescence rule
//       (Shannon's g(P): past the minimum depth, stop only where the position is quiet) or a
//       cap on how far a chain of moves is followed (TUROCHAMP's MaxPlies) is said here. `depth` is
//       the nominal depth left; it goes below 0 in a search that follows some moves past it.
//   bool select(G& game, MoveList& moves, int depth, int ply, const Move* previous);
//       Which moves are searched here: drop the others from `moves` (never add or reorder; the
//       ordering hook runs after). Returns true if the side to move may instead stand on the
//       position's own evaluation (its value is then at least the evaluation; "stand pat").
//       `previous` is the move that led here (nullptr at the root of a search). [every move,
//       no standing.] Shannon's h(P,M) and Turing's considerable moves are said here. A node
//       whose selection is empty takes the evaluation (Turing's dead position).
//
// A transposition table assumes a position's value depends on the position and the depth left
// alone; hooks that read the ply or the previous move (Shannon's narrowing, Turing's recaptures)
// break that, so the machines that use them search without a table.
//
// The evaluation itself is the core's Eval callable: `eval(const G&)` or, where a machine needs
// the ply or a mutable game, `eval(G&, int ply)` (score.hpp's LeafEvaluation).
#include <concepts>
#include <limits>
#include <optional>
#include <type_traits>

namespace minimax::search {

// The hooks of a search that plays by the game's rules alone: every default above.
struct NoHooks {};

namespace detail {
template <class H>
struct ScoreOf {
  using type = int;
};
template <class H>
requires requires { typename H::Score; }
struct ScoreOf<H> {
  using type = typename H::Score;
};
}  // namespace detail

// The score type a hooks object asks for (int unless it declares `using Score = ...`).
template <class H>
using score_of = typename detail::ScoreOf<H>::type;

}  // namespace minimax::search
