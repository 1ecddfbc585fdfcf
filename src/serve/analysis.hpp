#pragma once
// What the page asks the seeds' machines to explain: the tree of a small game
// (machines/trees.hpp, drawn by search/tree_render.hpp), TUROCHAMP's candidates with their values,
// Shannon's f(P), a chess problem's solution tree. Nothing here knows HTTP.
#include <string>

#include "core/expected.hpp"
#include "serve/web_game.hpp"

namespace minimax::serve {

// The tree of a small game, as `minimax tree` draws it: {"game": "tictactoe", "position": "...",
// "depth": 2, "alphabeta": true} or {"game": "nim", "heaps": "3 4"} or {"game": "file", "name":
// "shannon_fig2"}; gives {"svg", "text", "summary", "nodes", "searched", "value"}.
Expected<Json> tree_json(const Json& request);

// TUROCHAMP at a chess position: every legal move with its value by analysis and its
// position-play value, the rule of play's choice marked, and the machine's explanation.
Expected<Json> turochamp_json(const std::string& fen);

// Shannon's f(P) at a position: the terms of each side and the value (Shannon 1950).
Expected<Json> shannon_json(const std::string& fen);

// The mate solver on a problem: {"fen", "stipulation": "#2"} gives the solution as
// `minimax solve mate --json` writes it (keys, threats, defences, continuations).
Expected<Json> solve_json(const std::string& fen, const std::string& stipulation);

}  // namespace minimax::serve
