#pragma once
// The game trees the front ends draw (`minimax tree`, the page's tree tab): Shannon's (1950) fig. 2
// and the lecture notes' exercises from a tree file, Nim to its end, noughts and crosses to a depth
// with its positions estimated by their open lines. Each is search::build_tree over the game, with
// the backed-up value at every node and, with alpha-beta, what was pruned; the front ends parse
// their own input and render the tree.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "core/expected.hpp"
#include "games/nim/nim.hpp"
#include "games/tictactoe/tictactoe.hpp"
#include "search/game_tree.hpp"

namespace minimax::machines {

// A tree larger than this is refused unless a front end asks for more.
inline constexpr std::size_t kMaxTreeNodes = 5000;

struct TreeRequest {
  std::optional<int> depth;  // plies below the root; the default is the game's own (below)
  bool alphabeta = false;
  std::size_t max_nodes = kMaxTreeNodes;
};

// Nim to the end of the game (the default depth: the matches left), every leaf valued by who won.
Expected<search::GameTree> nim_tree(nim::Nim game, const TreeRequest& r);
// Noughts and crosses to 2 plies by default, a position cut off before the end estimated by its
// open lines (machines/tictactoe/open_lines.hpp).
Expected<search::GameTree> tictactoe_tree(tictactoe::TicTacToe game, const TreeRequest& r);
// A tree file's text (search/tree_file.hpp: nested leaf values), to its full height by default; a
// file's tree is never refused for its size below the file's own.
Expected<search::GameTree> file_tree(std::string_view text, const TreeRequest& r);

}  // namespace minimax::machines
