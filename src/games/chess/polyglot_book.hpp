#pragma once
// The Polyglot opening book format (Fabien Letouzey's Polyglot; the format page is in
// ../shared/data/polyglot/book_format.html): a file of 16-byte entries, big-endian,
//   key (8 bytes)    the Polyglot Zobrist key of the position (Position::key() is that key)
//   move (2 bytes)   to file 0-2, to rank 3-5, from file 6-8, from rank 9-11, promotion 12-14
//                    (0 none, 1 knight, 2 bishop, 3 rook, 4 queen); castling is written as the
//                    king taking its own rook (e1h1, e1a1, e8h8, e8a8)
//   weight (2 bytes) how often the move should be chosen, relative to the others here
//   learn (4 bytes)  free for learning programs (Polyglot's own make-book writes 0)
// sorted by key, so that the entries of a position are found by binary search.
//
// This file knows the format only: reading (with its checks), probing, encoding moves, writing,
// and making a book from games the way `polyglot make-book` does. Choosing a move from a book is
// a machine's business (machines/chess/book.hpp).
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/expected.hpp"
#include "games/chess/position.hpp"

namespace minimax::chess::polyglot {

inline constexpr std::size_t kEntryBytes = 16;

struct Entry {
  std::uint64_t key = 0;
  std::uint16_t move = 0;  // Polyglot's encoding (encode_move)
  std::uint16_t weight = 0;
  std::uint32_t learn = 0;
  bool operator==(const Entry&) const = default;
};

// Polyglot's 16 bits for a legal move of `pos` (castling as king takes rook).
std::uint16_t encode_move(Move m);
// The legal move of `pos` that `code` names, or Move::none() when it names none (a book entry
// for another position with the same key, or a damaged entry).
Move decode_move(const Position& pos, std::uint16_t code);
// The move as Polyglot writes it in text: from and to squares, a promotion letter; castling as
// e1h1 (what the file holds, e.g. for `minimax book dump`).
std::string move_code_text(std::uint16_t code);

// A book move of a position: the entry and the legal move it names.
struct BookMove {
  Move move;
  std::uint16_t weight = 0;
  std::uint32_t learn = 0;
  double share = 0.0;  // weight / (sum of the weights of this position's legal book moves)
};

class Book {
 public:
  Book() = default;
  // The entries of a whole book file in memory (16 bytes each). Errors: a size that is not a
  // multiple of 16 ("truncated"), keys out of order ("not sorted": binary search would miss
  // positions).
  static Expected<Book> from_bytes(std::string_view bytes, const std::string& name = "book");
  // Reads a file; an Error names the file and the fault (missing, unreadable, truncated,
  // unsorted).
  static Expected<Book> load(const std::filesystem::path& path);
  // Entries in any order: sorted by key, then by weight from the highest (as make-book writes).
  static Book from_entries(std::vector<Entry> entries);

  [[nodiscard]] std::size_t size() const { return entries_.size(); }
  [[nodiscard]] bool empty() const { return entries_.empty(); }
  [[nodiscard]] const std::vector<Entry>& entries() const { return entries_; }
  // The number of distinct keys.
  [[nodiscard]] std::size_t positions() const;

  // The entries with this key, in file order (binary search for the first).
  [[nodiscard]] std::span<const Entry> entries_for(std::uint64_t key) const;
  // The book moves of the position in file order: entries whose move is legal here (others are
  // skipped), with their share of the weights.
  [[nodiscard]] std::vector<BookMove> moves(const Position& pos) const;

  // The file's bytes (big-endian entries in the stored order).
  [[nodiscard]] std::string to_bytes() const;
  // Written through write_file_atomically.
  [[nodiscard]] Status save(const std::filesystem::path& path) const;

 private:
  std::vector<Entry> entries_;
};

// Making a book from games the way `polyglot make-book` (version 2.0.4) does, so that the two
// give the same entries: every move of a game up to `max_plies` counts once for its (position,
// move), with 2 points for a game its side won, 1 for a draw (or an unfinished game, "*"), 0 for
// a loss; when a move reaches 16384 games every move of that position has its counts halved; a
// move stays in the book when it was played in at least `min_games` games and scored at least
// one point, and its weight is its points (not scaled). Learn fields are 0.
struct MakeSettings {
  int max_plies = 1024;  // polyglot's -max-ply
  int min_games = 3;     // polyglot's -min-game
  bool uniform = false;  // polyglot's -uniform: every weight 1
  bool only_white = false, only_black = false;
};

class BookMaker {
 public:
  explicit BookMaker(MakeSettings settings) : settings_(settings) {}
  // One game: its start position, its moves (legal, in order) and its result as in PGN
  // ("1-0", "0-1", anything else counts as a draw, as in polyglot).
  void add_game(const Position& start, const std::vector<Move>& moves, std::string_view result);
  [[nodiscard]] int games() const { return games_; }
  // The book: filtered, sorted by key and then by weight from the highest.
  [[nodiscard]] Book book() const;

 private:
  struct Count {
    std::uint64_t key;
    std::uint16_t move;
    std::uint16_t games;
    std::uint16_t points;
    Color side;
  };
  void halve(std::uint64_t key);
  std::size_t find_or_add(std::uint64_t key, std::uint16_t move, Color side);
  MakeSettings settings_;
  std::vector<Count> counts_;
  std::unordered_map<std::uint64_t, std::vector<std::size_t>> by_key_;  // into counts_
  int games_ = 0;
};

}  // namespace minimax::chess::polyglot
