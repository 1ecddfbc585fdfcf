#pragma once
// A game tree as a picture sees it: every node searched, with its backed-up value, the principal
// line, and (with alpha-beta) the branches pruned.
//
// Shannon (1950, fig. 2) draws the tree with the values from White's side, White maximizing and
// Black minimizing; the game-tree lecture notes draws alpha-beta's cut-offs on the same kind of
// tree. The tree is therefore kept in max/min form: every value is from the point of view of the
// player to move at the root, who maximizes. With alpha-beta a value can be a bound (the search
// proved only ">= v" or "<= v"), and moves never searched are kept as pruned nodes without a value.
//
// API:
//   Expected<GameTree> t = build_tree(game, depth, eval, alphabeta, max_nodes);
//   t->root_value(); t->principal_line(); t->searched (nodes visited, counted as alpha_beta()
//   and minimax() count them, so the numbers agree); t->nodes[0] is the root.
// `eval` follows score.hpp (side to move's view); the builder turns it into the root's view.
// Fails (with a message) if the tree would have more than max_nodes nodes.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/expected.hpp"
#include "core/game.hpp"
#include "search/score.hpp"

namespace minimax::search {

enum class NodeValue : std::uint8_t { exact, lower, upper, pruned };

struct TreeNode {
  std::string move;      // the move leading here; empty at the root
  std::string position;  // the game's to_string, for tooltips
  int parent = -1;
  std::vector<int> children;
  int depth = 0;
  bool maximizing = true;  // the root player chooses here
  NodeValue kind = NodeValue::exact;
  int value = 0;                     // from the root player's view; meaningless when pruned
  Outcome terminal = Outcome::none;  // the game ended here (from the side to move's view)
  bool horizon = false;              // evaluated because the depth ran out (or no moves)
  bool principal = false;            // on the principal line
};

struct GameTree {
  std::vector<TreeNode> nodes;
  std::uint64_t searched = 0;
  bool alphabeta = false;
  [[nodiscard]] int root_value() const { return nodes.front().value; }
  // Node indices of the principal line after the root.
  [[nodiscard]] std::vector<int> principal_line() const {
    std::vector<int> line;
    for (int n = 0;;) {
      int next = -1;
      for (int c : nodes[static_cast<std::size_t>(n)].children)
        if (nodes[static_cast<std::size_t>(c)].principal) next = c;
      if (next < 0) return line;
      line.push_back(next);
      n = next;
    }
  }
};

namespace detail {

template <Game G, class Eval>
class TreeBuilder {
 public:
  TreeBuilder(Eval& eval, bool alphabeta, std::size_t max_nodes)
      : eval_(eval), alphabeta_(alphabeta), max_nodes_(max_nodes) {}

  int expand(G& game, int node, int depth, int ply, Side root, int alpha, int beta) {
    ++tree.searched;
    TreeNode& me = tree.nodes[static_cast<std::size_t>(node)];
    me.position = game.to_string();
    me.maximizing = game.side_to_move() == root;
    const int sign = me.maximizing ? 1 : -1;
    const Outcome outcome = game.outcome();
    if (outcome != Outcome::none) {
      me.terminal = outcome;
      return me.value = sign * terminal_score(outcome, ply);
    }
    if (depth <= 0) {
      me.horizon = true;
      return me.value = sign * static_cast<int>(eval_(std::as_const(game)));
    }
    typename G::MoveList moves;
    game.generate_moves(moves);
    if (moves.empty()) {
      me.horizon = true;
      return me.value = sign * static_cast<int>(eval_(std::as_const(game)));
    }
    const bool maximizing = me.maximizing;
    const int alpha0 = alpha, beta0 = beta;
    int best = maximizing ? -kInfinity : kInfinity;
    bool cut = false;
    for (const auto& m : moves) {
      if (tree.nodes.size() >= max_nodes_) {
        too_big = true;
        return 0;
      }
      const int child = static_cast<int>(tree.nodes.size());
      TreeNode c;
      c.move = game.move_to_string(m);
      c.parent = node;
      c.depth = tree.nodes[static_cast<std::size_t>(node)].depth + 1;
      c.maximizing = !maximizing;
      tree.nodes.push_back(std::move(c));
      tree.nodes[static_cast<std::size_t>(node)].children.push_back(child);
      if (cut) {
        tree.nodes[static_cast<std::size_t>(child)].kind = NodeValue::pruned;
        continue;
      }
      game.play(m);
      const int v = expand(game, child, depth - 1, ply + 1, root, alpha, beta);
      game.undo(m);
      if (too_big) return 0;
      if (maximizing ? v > best : v < best) best = v;
      if (alphabeta_) {
        if (maximizing && best > alpha) alpha = best;
        if (!maximizing && best < beta) beta = best;
        if (alpha >= beta) cut = true;
      }
    }
    TreeNode& done = tree.nodes[static_cast<std::size_t>(node)];
    done.value = best;
    if (alphabeta_)
      done.kind = best <= alpha0  ? NodeValue::upper
                  : best >= beta0 ? NodeValue::lower
                                  : NodeValue::exact;
    return best;
  }

  void mark_principal() {
    for (int n = 0;;) {
      const TreeNode& me = tree.nodes[static_cast<std::size_t>(n)];
      int next = -1;
      for (int c : me.children) {
        const TreeNode& child = tree.nodes[static_cast<std::size_t>(c)];
        if (child.kind == NodeValue::exact && child.value == me.value) {
          next = c;
          break;
        }
      }
      if (next < 0) return;
      tree.nodes[static_cast<std::size_t>(next)].principal = true;
      n = next;
    }
  }

  GameTree tree;
  bool too_big = false;

 private:
  Eval& eval_;
  bool alphabeta_;
  std::size_t max_nodes_;
};

}  // namespace detail

template <Game G, class Eval>
requires Evaluation<Eval, G> Expected<GameTree> build_tree(G& game, int depth, Eval eval,
                                                           bool alphabeta,
                                                           std::size_t max_nodes = 5000) {
  detail::TreeBuilder<G, Eval> b(eval, alphabeta, max_nodes);
  b.tree.alphabeta = alphabeta;
  b.tree.nodes.push_back(TreeNode{});
  b.tree.nodes[0].principal = true;
  b.expand(game, 0, depth, 0, game.side_to_move(), -kInfinity, kInfinity);
  if (b.too_big)
    return Error{"the tree has more than " + std::to_string(max_nodes) +
                 " nodes: ask for a smaller depth"};
  b.mark_principal();
  return std::move(b.tree);
}

}  // namespace minimax::search
