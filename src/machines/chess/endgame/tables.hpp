#pragma once
// minimax's own chess endgame tables: Turing's "work back from the end" (Turing 1953) carried out
// for every position of an ending of three or four men by the indexed retrograde solver
// (search/indexed_retrograde.hpp), with the distance to mate (DTM). docs/chess-tables.md.
//
// A table holds, for each position of its material with either side to move, win, draw or loss
// for the side to move and the plies to mate with best play (the winner mating as fast as it can,
// the loser putting mate off as long as it can; promotions and captures on the way count as plies
// like any other move). The fifty-move rule is ignored: the values are the game-theoretic ones.
// Positions with castling rights are not in the tables.
//
// Tables are built on the fly into a cache folder ($XDG_CACHE_HOME/minimax/chess-tables, else
// ~/.cache/minimax/chess-tables), each after the endings its captures and promotions lead to
// (KQKR after KQK and KRK; KPKP after KPK and KQKP, KRKP, KBKP, KNKP, which need in turn the
// endings of two pieces). A file is one byte a position after a 64-byte header with a checksum;
// a damaged file is found on loading and built again, with one line saying so.
//
// API:
//   endgame::Tables tables;                           // default_directory()
//   tables.ensure("KQKR", log);                       // load or build it and what it needs
//   tables.ensure_for(position, log);                 // the table a position needs
//   tables.probe(position) -> std::optional<TableResult>  // nullopt: no table loaded for it
//   tables.best_moves(position); tables.best_move(position);
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.hpp"
#include "core/side.hpp"
#include "games/chess/position.hpp"
#include "machines/chess/endgame/material.hpp"
#include "machines/chess/endgame/men.hpp"

namespace minimax::chess::endgame {

struct TableResult {
  Outcome wdl = Outcome::draw;  // for the side to move
  int dtm = 0;                  // plies to mate (0: mated now, or a draw); odd for a win
};

// What a table is and how it was made.
struct TableReport {
  std::string name;
  std::uint64_t indices = 0;    // the size of the index (and of the file, less its header)
  std::uint64_t positions = 0;  // legal positions among them
  std::uint64_t wins = 0, losses = 0, draws = 0;
  int longest = -1;          // the longest win, in plies (-1: no win)
  std::string longest_fen;   // a position with that win
  double seconds = 0;        // build time (read from the file's header when loaded)
  std::uint64_t memory = 0;  // the solver's working memory at its largest, bytes
  std::uint64_t file_bytes = 0;
  bool built = false;  // false: loaded from the cache
};

// $XDG_CACHE_HOME/minimax/chess-tables, else ~/.cache/minimax/chess-tables (else
// ./minimax-chess-tables).
std::string default_directory();

// The endings `minimax tables build` makes when given none: every 3-man ending and the 4-man
// endings KQKR KRKB KRKN KBNK KBBK KPKP (with what they need).
std::vector<std::string> standard_endings();

// Tables build, read and answer; a line of news (a table built, a damaged file) goes to the log.
using TableLog = std::function<void(const std::string&)>;
// Progress: (table, phase, done, total), phase as in search::IndexedProgress.
using TableProgress = std::function<void(const std::string&, int, std::uint64_t, std::uint64_t)>;

class Tables {
 public:
  explicit Tables(std::string dir = default_directory());
  ~Tables();
  Tables(Tables&&) noexcept;
  Tables& operator=(Tables&&) noexcept;

  [[nodiscard]] const std::string& directory() const { return dir_; }

  // Loads the ending from the cache, or builds it (and first every ending it leads to) and saves
  // it there. Returns a report for each table loaded or built on the way, the asked one last.
  Expected<std::vector<TableReport>> ensure(std::string_view ending, const TableLog& log = {},
                                            const TableProgress& progress = {});
  // The table of the position's material (nothing to do for K v K).
  Expected<std::vector<TableReport>> ensure_for(const Position& position, const TableLog& log = {},
                                                const TableProgress& progress = {});
  // Loads the ending from the cache only (its sub-endings are not needed to probe it): nullopt
  // when there is no sound file for it (a damaged one is reported to the log and left).
  Expected<std::optional<TableReport>> load_cached(std::string_view ending,
                                                   const TableLog& log = {});
  [[nodiscard]] bool loaded(std::string_view ending) const;
  // The longest win of the ending counted to conversion (DTC: plies to the capture, promotion or
  // mate that ends it), as Thompson (1986) counted; solved again in memory, not kept.
  Expected<int> longest_conversion(std::string_view ending);
  // The report of a loaded table (its counts are counted again from the table).
  [[nodiscard]] std::optional<TableReport> report(std::string_view ending) const;

  // Win, draw or loss for the side to move and the distance to mate, or nullopt when the
  // position has more than four men, castling rights, or no loaded table.
  [[nodiscard]] std::optional<TableResult> probe(const Position& position) const;
  // The same for the tables' own small board (any material, either colour).
  [[nodiscard]] std::optional<TableResult> probe(const Men& men) const;
  // Every legal move that keeps the best value: the quickest mate when winning, a draw when
  // drawing, the longest resistance when losing. Empty when the position is not in the tables
  // or has no move.
  [[nodiscard]] std::vector<Move> best_moves(const Position& position) const;
  [[nodiscard]] std::optional<Move> best_move(const Position& position) const;

  // The raw table of a canonical ending (one byte a position: 0 no position, 1 draw, 2 + d a win
  // (d odd) or a loss (d even) in d plies), for tests; nullptr when not loaded.
  [[nodiscard]] const std::vector<std::uint8_t>* cells(std::string_view ending) const;

 private:
  struct Table;
  Expected<TableReport> load_or_build(const Material& m, const TableLog& log,
                                      const TableProgress& progress);
  // True when loaded from a sound file.
  bool load_file(const Material& m, const TableLog& log, bool rebuild);
  [[nodiscard]] const Table* find(const Material& canonical) const;
  void add(std::unique_ptr<Table> table);
  std::string dir_;
  std::map<std::string, std::unique_ptr<Table>, std::less<>> tables_;
  std::vector<const Table*> by_code_;  // by material code, for the probes of a build
};

// The small board of a Position (nullopt: more than four men, or castling rights).
std::optional<Men> men_of(const Position& position);

}  // namespace minimax::chess::endgame
