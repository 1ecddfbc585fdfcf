#pragma once
// English draughts endgame databases (Turing's "work back from the end", Chinook's method):
// the game-theoretic value (win, draw or loss for the side to move) of every position with up to N
// pieces, and for each won or lost position its distance to conversion: the plies, with best play
// (the winner quickest, the loser slowest), until a capture or a crowning changes the slice, or the
// game ends. Values ignore the draw rules (threefold repetition and the 40-move rule): they are
// the pure game-theoretic values, as Chinook's.
//
// On disk (a folder, by default $XDG_CACHE_HOME/minimax/egdb or ~/.cache/minimax/egdb), two files
// a slice (index.hpp): `<slice>.wld`, 2 bits a position (4 to a byte), and `<slice>.dtc`, one
// byte a position (the distance, 255 meaning 255 or more). Each starts with a 32-byte header
// (magic "MMXEGDB1", the slice's four counts, the kind, the number of positions). Files are
// written to a temporary name and renamed, so a reader never sees half a file.
//
// API:
//   Database db; db.load(dir);                 // every slice file found there
//   db.pieces();                               // N: every slice of up to N pieces is there
//   db.probe(position) -> std::optional<Value> // nullopt: not in the databases
//   db.conversion_distance(position)           // plies to conversion, for won and lost positions
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/expected.hpp"
#include "games/draughts/draughts.hpp"
#include "machines/draughts/egdb/index.hpp"

namespace minimax::draughts::egdb {

// For the side to move.
enum class Value : std::uint8_t { draw = 0, win = 1, loss = 2 };
std::string to_string(Value v);

inline constexpr int kMaxPieces = 8;  // counts per side and kind go up to 8 in the slice table

// Every slice with exactly n pieces and at least one piece on each side, ordered so that a slice
// comes after every slice its captures and crownings lead to (fewer men first).
std::vector<Slice> slices_with(int pieces);

// $XDG_CACHE_HOME/minimax/egdb, else ~/.cache/minimax/egdb (else ./minimax-egdb).
std::string default_directory();

class Database {
 public:
  Database();
  ~Database();
  Database(Database&&) noexcept;
  Database& operator=(Database&&) noexcept;

  // Distances to conversion: read into memory (a byte a position), read from the file when asked
  // (one read a probe: for a player, who asks at the root only), or not at all.
  enum class Distances { in_memory, on_demand, none };
  // Reads every slice file in `dir` (up to `max_pieces` pieces, 0 meaning all); an Error names a
  // damaged file. A missing folder is no error: nothing is loaded. The values are held in memory.
  Status load(const std::string& dir, int max_pieces = 0,
              Distances distances = Distances::on_demand);
  // The largest N such that every slice of 2..N pieces is loaded (0 if none).
  [[nodiscard]] int pieces() const { return pieces_; }
  // The most pieces of any slice loaded (a partial build leaves some slices of pieces() + 1).
  [[nodiscard]] int largest_slice() const { return largest_; }
  [[nodiscard]] std::uint64_t positions() const;

  // Black to move.
  [[nodiscard]] std::optional<Value> probe(const Board& b) const;
  [[nodiscard]] std::optional<int> conversion_distance(const Board& b) const;
  // Either side to move (a White-to-move position is flipped). A side without pieces has lost.
  [[nodiscard]] std::optional<Value> probe(const Draughts& position) const;
  [[nodiscard]] std::optional<int> conversion_distance(const Draughts& position) const;

  // Used by the builder: a slice's values (2 bits each, packed) and distances (may be empty).
  void add(Slice s, std::vector<std::uint8_t> values, std::vector<std::uint8_t> distances);
  [[nodiscard]] bool has(Slice s) const;
  void update_pieces();

 private:
  struct Table;
  std::vector<std::unique_ptr<Table>> tables_;
  int pieces_ = 0, largest_ = 0;
};

Board board_of(const Draughts& position);  // flipped when White is to move

// Files.
std::string slice_path(const std::string& dir, Slice s, bool distances);
Status write_slice_file(const std::string& dir, Slice s, bool distances, std::uint64_t positions,
                        const std::vector<std::uint8_t>& data);
Expected<std::vector<std::uint8_t>> read_slice_file(const std::string& path, Slice s,
                                                    bool distances, std::uint64_t positions);

inline Value packed_value(const std::vector<std::uint8_t>& packed, std::uint64_t i) {
  return static_cast<Value>((packed[i >> 2] >> ((i & 3) * 2)) & 3);
}

}  // namespace minimax::draughts::egdb
