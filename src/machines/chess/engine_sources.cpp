#include "machines/chess/engine_sources.hpp"

#include <functional>
#include <memory>
#include <string>

#include "core/text.hpp"
#include "machines/chess/endgame/tables.hpp"
#include "machines/chess/own_tablebase.hpp"
#include "machines/chess/syzygy.hpp"

namespace minimax::chess {

namespace {

// minimax's own tables in `dir`, read at the first search; none when the folder holds none.
std::function<std::shared_ptr<const engine::Tablebase>()> own_tables_from(std::string dir) {
  return [dir = std::move(dir)]() -> std::shared_ptr<const engine::Tablebase> {
    auto tables = open_own_tables(dir);
    return tables ? *tables : nullptr;
  };
}

}  // namespace

void declare_tablebase_options(Options& table, engine::Engine& engine) {
  const engine::EngineOptions defaults;
  engine.set_fallback_tablebase(own_tables_from(endgame::default_directory()));
  table
      .string("SyzygyPath", "<empty>",
              "directories of Syzygy tablebases, separated by ':' (<empty>: none)",
              [&engine](const std::string& value) -> Status {
                const std::string path(trim(value));
                if (path.empty() || path == "<empty>") {
                  engine.set_tablebase(nullptr);
                  return Ok{};
                }
                auto tables = open_syzygy(path);
                if (!tables) return Error{tables.error()};
                engine.set_tablebase(*tables);
                return Ok{};
              })
      .string("TablesPath", "<default>",
              "minimax's own tables, probed when SyzygyPath is empty (<default>: the folder "
              "`minimax tables build` fills; <empty>: none)",
              [&engine](const std::string& value) -> Status {
                const std::string path(trim(value));
                if (path.empty() || path == "<empty>") {
                  engine.set_fallback_tablebase(nullptr);
                  return Ok{};
                }
                if (path == "<default>") {
                  engine.set_fallback_tablebase(own_tables_from(endgame::default_directory()));
                  return Ok{};
                }
                auto tables = open_own_tables(path);
                if (!tables) return Error{tables.error()};
                engine.set_fallback_tablebase([t = *tables] { return t; });
                return Ok{};
              })
      .spin("SyzygyProbeDepth", defaults.syzygy_probe_depth, 1, 100,
            "least depth at which the largest tables are probed in the search",
            [&engine](std::int64_t depth) -> Status {
              engine.set_syzygy_probe_depth(static_cast<int>(depth));
              return Ok{};
            })
      .check("Syzygy50MoveRule", defaults.syzygy_50_move_rule,
             "wins and losses the fifty-move rule spoils count as draws",
             [&engine](bool on) -> Status {
               engine.set_syzygy_50_move_rule(on);
               return Ok{};
             })
      .spin("SyzygyProbeLimit", defaults.syzygy_probe_limit, 0, 7,
            "most pieces (kings included) of a position probed; 0: no probing",
            [&engine](std::int64_t pieces) -> Status {
              engine.set_syzygy_probe_limit(static_cast<int>(pieces));
              return Ok{};
            });
}

void declare_book_options(Options& table, BookOptions& book) {
  table
      .check("OwnBook", false, "play from BookFile while it has a move for the position",
             [&book](bool on) -> Status {
               book.set_enabled(on);
               return Ok{};
             })
      .string("BookFile", "<empty>", "the opening book, a Polyglot .bin file",
              [&book](const std::string& path) -> Status { return book.set_file(path); })
      .check("BestBookMove", false, "play the book's highest-weight move, not a choice by weight",
             [&book](bool on) -> Status {
               book.set_best_only(on);
               return Ok{};
             })
      .seed(book.seed, book.rng, "seed of the choice among book moves by weight");
}

}  // namespace minimax::chess
