#pragma once
// Syzygy endgame tablebases (Ronald de Man's format, 2013) read through Fathom, as Debian's
// libfathom-dev packages it: the first implementation of engine::Tablebase (docs/syzygy.md).
//
// Fathom keeps its tables in one global state per process: tb_init replaces every table at
// once. Opening a second path therefore retires the tables of the first; an engine still
// holding those then finds nothing (its probes answer "not held") rather than reading freed
// memory. Opening the same path again shares what is loaded. WDL probes may run on many threads;
// root probes (DTZ) are serialised here, since Fathom's root probe is not thread-safe.
//
// Without libfathom at build time (CMake says so), syzygy_built() is false and open_syzygy
// answers that Syzygy support is not built.
#include <memory>
#include <string>

#include "core/expected.hpp"
#include "machines/chess/engine/tablebase.hpp"

namespace minimax::chess {

// Whether this build can read Syzygy tables.
bool syzygy_built();

// "Syzygy support is not built (libfathom-dev was missing when minimax was built)".
std::string syzygy_not_built_message();

// The tables in PATH (several directories separated by ':'). An Error names what was wrong: no
// such directory, no .rtbw table in it, or support not built.
Expected<std::shared_ptr<const engine::Tablebase>> open_syzygy(const std::string& path);

}  // namespace minimax::chess
