#pragma once
// The games and machines the page offers, and what it asks the C++ to work out for it: a new
// game (any machine, with its options, on either side), the machines' lists and options, the game
// tree of a small game (search/game_tree.hpp drawn by search/tree_render.hpp), TUROCHAMP's
// candidates with their values, a chess problem's solution tree, the seeds' recorded games.
// Nothing here knows HTTP: server.cpp turns requests into these calls.
#include <memory>
#include <string>

#include "core/expected.hpp"
#include "serve/web_game.hpp"

namespace minimax::serve {

// {"game": "chess", "players": ["human", "turochamp:MaxPlies=2"], "fen": "...", "depth": 3,
//  "movetime_ms": 1000, "clock": {"base_ms": 300000, "increment_ms": 2000}, "heaps": "3 4 5"}
// `record_path` empty: the game keeps no record. The Error is one line naming what was wrong.
Expected<std::shared_ptr<AnyGame>> make_game(const Json& request, const std::string& id,
                                             const std::string& record_path);

// The record's file extension for a game name ("pgn"); an Error for an unknown game.
Expected<std::string> record_extension(const std::string& game);

// Every game with its machines: [{"game": "chess", "machines": [{"name", "description",
// "options": [{"name", "kind", "default", "min", "max", "choices", "help"}]}]}].
Json machines_json();

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

// The seeds' recorded games the page replays: [{"id": "turing-1", "title": ...}].
Json records_json();
// One record, ply by ply: {"id", "title", "plies": [{"n", "black", "san", "uci", "fen" (after),
// "notes": [...]} ...]}; each White move also has "printed" (Turing's value or null), "asterisk",
// "ours" (TUROCHAMP's position-play increase for the move played, computed here), "choice" (the
// move TUROCHAMP plays in that position) and "others" (values printed for moves not played, with
// ours). An unknown id is an Error.
Expected<Json> record_json(const std::string& id);

// The plots the project draws and keeps in docs/ (every .svg there, and in its folders):
// [{"name": "learning-chess-elo.svg", "title": "learning chess elo"}]; plot_svg gives one's text.
Json plots_json();
Expected<std::string> plot_svg(const std::string& name);

}  // namespace minimax::serve
