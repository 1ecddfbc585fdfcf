#pragma once
// minimax's own chess tables (machines/chess/endgame, `minimax tables build`) as the engine's
// tablebase (engine::Tablebase), for when no Syzygy path is set (docs/chess-tables.md).
//
// The tables are read from their cache directory as they are; none is built here, since a table
// of millions of positions takes seconds and a search has no seconds to give: `minimax tables
// build` makes them. They hold distance to mate, not to zeroing, and know nothing of the fifty-move
// rule: probe_wdl gives win, draw or loss, and probe_root gives each move's distance to mate in
// place of its distance to zeroing, which the engine's ranking of root moves accepts (it is never
// shorter), so the engine still plays only moves that keep the win and shortens the mate.
#include <memory>
#include <string>

#include "core/expected.hpp"
#include "machines/chess/engine/tablebase.hpp"

namespace minimax::chess {

// Every table cached in `dir` (the .mmtb files `minimax tables build` writes); an Error when the
// folder does not exist or holds no sound table.
Expected<std::shared_ptr<const engine::Tablebase>> open_own_tables(const std::string& dir);

}  // namespace minimax::chess
