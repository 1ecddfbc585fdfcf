#pragma once
// The games and machines the page offers: a new game (any machine, with its options, on either
// side) and the machines' lists and options. What the page asks the machines to explain is
// analysis.hpp's, the recorded games and plots records.hpp's. Nothing here knows HTTP: server.cpp
// turns requests into these calls, and these only turn the machines' results into JSON.
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

}  // namespace minimax::serve
