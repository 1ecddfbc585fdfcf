// minimax book probe|make|dump: Polyglot opening books (docs/book.md).
//   minimax book probe FILE [FEN] [--moves M...]   the book's moves in a position, with weight,
//                                                  share and learn value
//   minimax book make GAMES.pgn... -o FILE         a book from games, as `polyglot make-book`
//   minimax book dump FILE                         every entry, one a line
#include <cstdio>
#include <fstream>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/app.hpp"
#include "cli/chess_args.hpp"
#include "cli/commands.hpp"
#include "core/read_file.hpp"
#include "core/text.hpp"
#include "games/chess/move_text.hpp"
#include "games/chess/pgn.hpp"
#include "games/chess/polyglot_book.hpp"
#include "games/chess/san.hpp"

namespace minimax::cli {

namespace {

using chess::Position;
namespace pg = chess::polyglot;

std::string hex_key(std::uint64_t key) {
  char s[20];
  std::snprintf(s, sizeof s, "%016llx", static_cast<unsigned long long>(key));
  return s;
}

int book_probe(const std::vector<std::string>& rest, const std::vector<std::string>& moves,
               std::ostream& out, std::ostream& err) {
  const std::string who = "minimax book probe: ";
  if (rest.empty()) {
    err << who << "a book file is needed: minimax book probe FILE [FEN] [--moves M...]\n";
    return 2;
  }
  Position pos;
  if (rest.size() > 1) {
    const std::vector<std::string> fen_words(rest.begin() + 1, rest.end());
    auto fen = read_whole_fen(fen_words, false);
    if (!fen) {
      err << who << fen.error() << '\n';
      return 2;
    }
    pos = *fen;
  }
  for (std::size_t i = 0; i < moves.size(); ++i) {
    auto m = chess::parse_move_text(pos, moves[i]);
    if (!m) {
      err << who << "move " << i + 1 << " '" << moves[i] << "': " << m.error() << '\n';
      return 2;
    }
    pos.play(*m);
  }
  auto book = pg::Book::load(rest[0]);
  if (!book) {
    err << who << book.error() << '\n';
    return 1;
  }
  const auto entries = book->entries_for(pos.key());
  const auto book_moves = book->moves(pos);
  out << pos.fen() << "  key " << hex_key(pos.key()) << '\n';
  if (book_moves.empty()) {
    out << "not in the book";
    if (!entries.empty())
      out << " (" << entries.size() << " entr" << (entries.size() == 1 ? "y" : "ies")
          << " with this key name no legal move)";
    out << '\n';
    return 0;
  }
  std::uint64_t total = 0;
  for (const auto& m : book_moves) total += m.weight;
  out << book_moves.size() << " book move" << (book_moves.size() == 1 ? "" : "s")
      << ", total weight " << total << '\n';
  out << "  move     uci     weight    share       learn\n";
  for (const auto& m : book_moves) {
    char line[128];
    std::snprintf(line, sizeof line, "  %-8s %-6s %7u  %6.2f%%  %10u\n",
                  chess::to_san(pos, m.move).c_str(), pos.move_to_string(m.move).c_str(),
                  static_cast<unsigned>(m.weight), 100.0 * m.share, static_cast<unsigned>(m.learn));
    out << line;
  }
  if (entries.size() > book_moves.size())
    out << "(" << entries.size() - book_moves.size()
        << " more with this key name no legal move here)\n";
  return 0;
}

int book_make(const std::vector<std::string>& pgns, const std::string& output,
              const pg::MakeSettings& settings, std::ostream& out, std::ostream& err) {
  const std::string who = "minimax book make: ";
  if (pgns.empty()) {
    err << who << "no PGN file given: minimax book make GAMES.pgn... -o FILE\n";
    return 2;
  }
  if (output.empty()) {
    err << who << "no output file: -o FILE\n";
    return 2;
  }
  pg::BookMaker maker(settings);
  for (const std::string& file : pgns) {
    auto text = read_file(file);
    if (!text) {
      err << who << text.error() << '\n';
      return 1;
    }
    auto games = chess::parse_pgn(*text);
    if (!games) {
      err << who << file << ": " << games.error() << '\n';
      return 1;
    }
    for (std::size_t g = 0; g < games->size(); ++g) {
      const auto& game = (*games)[g];
      auto start = game.start_position();
      if (!start) {
        err << who << file << ": game " << g + 1 << ": " << start.error() << '\n';
        return 1;
      }
      maker.add_game(*start, game.main_line(), game.result);
    }
  }
  const pg::Book book = maker.book();
  if (auto s = book.save(output); !s) {
    err << who << s.error() << '\n';
    return 1;
  }
  out << output << ": " << book.size() << " entries for " << book.positions() << " positions from "
      << maker.games() << " games (max ply " << settings.max_plies << ", min games "
      << settings.min_games << ")\n";
  return 0;
}

int book_dump(const std::string& file, std::ostream& out, std::ostream& err) {
  auto book = pg::Book::load(file);
  if (!book) {
    err << "minimax book dump: " << book.error() << '\n';
    return 1;
  }
  out << "# " << file << ": " << book->size() << " entries, " << book->positions()
      << " positions\n# key              move   weight      learn\n";
  for (const auto& e : book->entries()) {
    char line[96];
    std::snprintf(line, sizeof line, "%s %-6s %6u %10u\n", hex_key(e.key).c_str(),
                  pg::move_code_text(e.move).c_str(), static_cast<unsigned>(e.weight),
                  static_cast<unsigned>(e.learn));
    out << line;
  }
  return 0;
}

}  // namespace

int cmd_book(Args args, std::istream&, std::ostream& out, std::ostream& err) {
  CommandApp app("book",
                 "Polyglot opening books: probe a position, make a book from PGN games, dump "
                 "every entry (docs/book.md).");
  app.require_subcommand(1);
  std::vector<std::string> probe_args, moves, pgns;
  std::string output, dump_file;
  pg::MakeSettings settings;
  bool only_white = false, only_black = false;
  auto* probe = app.add_subcommand("probe", "the book's moves in a position");
  probe
      ->add_option("FILE FEN", probe_args,
                   "the book, then the position (one quoted argument, its fields, or startpos; "
                   "default the initial position)")
      ->required();
  probe->add_option("--moves", moves, "moves played from the position first, in SAN or UCI");
  auto* make = app.add_subcommand("make", "a book from PGN games, as polyglot make-book");
  make->add_option("GAMES", pgns, "PGN files")->required();
  make->add_option("-o,--output", output, "the book to write")->required();
  make->add_option("--max-ply", settings.max_plies,
                   "only the first N plies of each game (default 1024)")
      ->check(whole_number(0, 100000));
  make->add_option("--min-games", settings.min_games,
                   "keep a move played in at least N games (default 3)")
      ->check(whole_number(1, 100000));
  make->add_flag("--uniform", settings.uniform, "every weight 1");
  make->add_flag("--only-white", only_white, "White's moves only");
  make->add_flag("--only-black", only_black, "Black's moves only");
  auto* dump = app.add_subcommand("dump", "every entry: key, move, weight, learn");
  dump->add_option("FILE", dump_file, "the book")->required();
  if (auto status = parse_args(app, args, out, err)) return *status;
  if (probe->parsed()) return book_probe(probe_args, moves, out, err);
  if (make->parsed()) {
    if (only_white && only_black) {
      err << "minimax book make: --only-white and --only-black exclude each other\n";
      return 2;
    }
    settings.only_white = only_white;
    settings.only_black = only_black;
    return book_make(pgns, output, settings, out, err);
  }
  return book_dump(dump_file, out, err);
}

}  // namespace minimax::cli
