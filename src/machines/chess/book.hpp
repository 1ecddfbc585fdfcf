#pragma once
// An opening book as a machine uses it (the file format is games/chess/polyglot_book.hpp).
//
// Shannon (1950) would have his machine play its first moves from a table of a few hundred
// standard openings and begin to think only when the opponent leaves it; a Polyglot book is
// that table. Two ways in:
//   - BookOptions: the options a machine declares for its own book. The engine declares them
//     (OwnBook, BookFile, BestBookMove, Seed; engine_options.cpp), so UCI and `engine:...`
//     specs set them.
//   - BookPlayer: any machine behind a book. `make_chess_player("shannon-b:Book=FILE")` builds
//     it: the book answers while it knows the position, the machine afterwards.
// A book move is chosen by weight (Polyglot's rule: probability weight / sum of the weights
// here), with a seeded Rng so that a game can be replayed, or, with BestBookMove, the move with
// the highest weight (the first such in the file, as polyglot does). Moves of weight 0 are never
// played.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "core/rng.hpp"
#include "games/chess/polyglot_book.hpp"
#include "machines/chess/registry.hpp"

namespace minimax::chess {

// The book move to play: by weight with `rng`, or the best only; nullopt when the book has no
// playable move here.
std::optional<polyglot::BookMove> choose_book_move(const polyglot::Book& book, const Position& pos,
                                                   Rng& rng, bool best_only);
// "book move e4 (weight 12135, 39.2%)" for an explanation or a UCI info string.
std::string describe_book_move(const Position& pos, const polyglot::BookMove& m);

class BookOptions {
 public:
  // Loads `path` ("" or "<empty>": no book). On an Error (missing, truncated, unsorted file) the
  // previous book is dropped, so the machine plays on without one.
  Status set_file(const std::string& path);
  void set_enabled(bool on) { enabled_ = on; }
  void set_best_only(bool on) { best_only_ = on; }
  [[nodiscard]] bool enabled() const { return enabled_; }
  [[nodiscard]] bool best_only() const { return best_only_; }
  [[nodiscard]] const std::string& file() const { return file_; }
  [[nodiscard]] const polyglot::Book* book() const { return book_.get(); }
  // The book move when the book is on and knows the position.
  std::optional<polyglot::BookMove> probe(const Position& pos);
  // The same as a machine's answer: the move, its one-move line, describe_book_move.
  std::optional<Thought<Move>> thought(const Position& pos);

  std::uint64_t seed = 1;
  Rng rng{1};

 private:
  bool enabled_ = false;
  bool best_only_ = false;
  std::string file_;
  std::shared_ptr<const polyglot::Book> book_;
};

// Declares Book (a file; setting it turns the book on), BestBookMove and Seed on `table`; the
// wrapper below uses them, and so can any Player.
void declare_book_player_options(Options& table, BookOptions& book);

// A machine behind a book: while the book has a move for the position it plays it (its Thought
// says "book move ..."), otherwise the machine chooses. Its options are the book's (Book,
// BestBookMove, Seed) and the machine's; Seed sets both.
class BookPlayer final : public ChessPlayer {
 public:
  explicit BookPlayer(std::unique_ptr<ChessPlayer> machine);
  [[nodiscard]] std::string name() const override { return machine_->name(); }
  [[nodiscard]] std::vector<OptionInfo> options() const override;
  Status set_option(std::string_view option, std::string_view value) override;
  void new_game() override { machine_->new_game(); }
  Thought<Move> choose(const Position& position, const Limits& limits) override;
  [[nodiscard]] ChessPlayer& machine() { return *machine_; }
  [[nodiscard]] const BookOptions& book() const { return book_; }

 private:
  std::unique_ptr<ChessPlayer> machine_;
  BookOptions book_;
};

}  // namespace minimax::chess
