#include "machines/trees.hpp"

#include <algorithm>

#include "machines/tictactoe/open_lines.hpp"
#include "search/tree_file.hpp"

namespace minimax::machines {

Expected<search::GameTree> nim_tree(nim::Nim game, const TreeRequest& r) {
  return search::build_tree(
      game, r.depth.value_or(std::max(1, game.total())), [](const nim::Nim&) { return 0; },
      r.alphabeta, r.max_nodes);
}

Expected<search::GameTree> tictactoe_tree(tictactoe::TicTacToe game, const TreeRequest& r) {
  return search::build_tree(game, r.depth.value_or(2), tictactoe::OpenLines{}, r.alphabeta,
                            r.max_nodes);
}

Expected<search::GameTree> file_tree(std::string_view text, const TreeRequest& r) {
  auto parsed = search::ExplicitTree::parse(std::string(text));
  if (!parsed) return Error{parsed.error()};
  search::ExplicitTree& t = *parsed;
  return search::build_tree(t, r.depth.value_or(t.height()), search::LeafValueForMover{},
                            r.alphabeta, std::max(r.max_nodes, t.size()));
}

}  // namespace minimax::machines
