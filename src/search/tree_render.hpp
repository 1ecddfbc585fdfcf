#pragma once
// Drawing a GameTree (game_tree.hpp): SVG for a browser, Graphviz dot, or indented text.
//
// Every node shows its backed-up value from the root player's view (Shannon's fig. 2 convention):
// squares are the root player's choices (maximum), circles the opponent's (minimum). A decisive
// value is written W<n> or L<n> (the root player wins or loses at ply n of the tree); a bound
// proved by alpha-beta is written ">=v" or "<=v". The principal line is drawn thick and red; pruned
// moves are dashed grey and say "pruned". The caption gives the root value, the move chosen and the
// nodes searched.
#include <string>

#include "search/game_tree.hpp"

namespace minimax::search {

struct RenderOptions {
  std::string title;  // e.g. "Shannon, fig. 2"
};

std::string value_text(const TreeNode& node);
std::string render_svg(const GameTree& tree, const RenderOptions& options = {});
std::string render_dot(const GameTree& tree, const RenderOptions& options = {});
std::string render_text(const GameTree& tree, const RenderOptions& options = {});
// "value +1, best move 1 (the first), 13 nodes searched by minimax"
std::string tree_summary(const GameTree& tree);

}  // namespace minimax::search
