#pragma once
// The seeds' recorded games the page replays, and the project's plots. Nothing here knows HTTP.
#include <string>

#include "core/expected.hpp"
#include "serve/web_game.hpp"

namespace minimax::serve {

// The seeds' recorded games the page replays: [{"id": "turing-1", "title": ...}].
Json records_json();
// One record, ply by ply: {"id", "title", "plies": [{"n", "black", "san", "uci", "fen" (after),
// "notes": [...]} ...]}; each White move also has "printed" (Turing's value or null), "asterisk",
// "ours" (TUROCHAMP's position-play increase for the move played, computed here), "choice" (the
// move TUROCHAMP plays in that position) and "others" (values printed for moves not played, with
// ours). An unknown id is an Error.
Expected<Json> record_json(const std::string& id);

// The plots the project draws and keeps in docs/ (every .svg there, and in its folders, built into
// the program):
// [{"name": "learning-chess-elo.svg", "title": "learning chess elo"}]; plot_svg gives one's text.
Json plots_json();
Expected<std::string> plot_svg(const std::string& name);

}  // namespace minimax::serve
