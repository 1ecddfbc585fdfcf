#pragma once
// What several of the page's requests read or write the same way (games.cpp, analysis.cpp,
// records.cpp).
#include <string>

#include "core/expected.hpp"
#include "games/draughts/draughts.hpp"
#include "games/nim/nim.hpp"
#include "serve/web_game.hpp"

namespace minimax::serve {

// The text at `key`, trimmed; "" when absent or null; "\x01" when it is not text (the caller
// refuses it with its own words).
std::string optional_string(const Json& r, const char* key);

// Nim's start from {"heaps": "3 4 5", "k": 1, "misere": false}, each optional.
Expected<nim::Nim> nim_start(const Json& r);

// A draughts board for the page: 32 squares in Strachey's order, "b"/"w" a man, "B"/"W" a king,
// "" empty.
Json draughts_board(const draughts::Draughts& d);

}  // namespace minimax::serve
