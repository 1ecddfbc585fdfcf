#pragma once
// The options for what the chess engine takes from outside its folder (machines/chess/engine/):
// the tablebases it probes (Syzygy through syzygy.hpp, minimax's own tables through
// own_tablebase.hpp) and its opening book (book.hpp). The engine sees only engine::Tablebase and
// the book's moves; the readers are chosen here, one level up, so that the engine's folder
// depends on none of them. The engine as a Player (engine_player.cpp) and the UCI front end
// declare these beside engine/engine_options.hpp's.
#include "core/options.hpp"
#include "machines/chess/book.hpp"
#include "machines/chess/engine/engine.hpp"

namespace minimax::chess {

// SyzygyPath, TablesPath, SyzygyProbeDepth, Syzygy50MoveRule, SyzygyProbeLimit (Stockfish's names
// where it has them; without Syzygy support built, a path is refused with that reason).
void declare_tablebase_options(Options& table, engine::Engine& engine);

// The engine's own opening book (book.hpp), named as Stockfish and Polyglot name them: OwnBook
// (use it), BookFile (a Polyglot .bin; a bad file is an Error and leaves no book), BestBookMove
// (the highest weight only, else a choice by weight) and Seed (of that choice).
void declare_book_options(Options& table, BookOptions& book);

}  // namespace minimax::chess
