#include "machines/chess/players.hpp"

#include "core/text.hpp"
#include "machines/chess/book.hpp"
#include "machines/chess/uci_engine.hpp"

namespace minimax::chess {

namespace {

// Does the spec give the machine a book ("NAME:Book=FILE,...")?
bool spec_names_book(std::string_view spec) {
  const auto colon = spec.find(':');
  if (colon == std::string_view::npos) return false;
  for (const auto& kv : split(spec.substr(colon + 1), ','))
    if (iequals(trim(kv.substr(0, kv.find('='))), "Book")) return true;
  return false;
}

}  // namespace

Expected<std::unique_ptr<chess::ChessPlayer>> make_chess_player(std::string_view spec) {
  if (starts_with(spec, "uci:")) {
    auto e = UciEngine::start(std::string(spec.substr(4)));
    if (!e) return Error{e.error()};
    return std::unique_ptr<chess::ChessPlayer>(std::move(*e));
  }
  // With a Book option the machine stands behind a BookPlayer, which takes Book, BestBookMove and
  // Seed and passes every other option on (machines/chess/book.hpp).
  const bool with_book = spec_names_book(spec);
  return player_from_spec<Position>(
      spec, strongest_chess_machine(),
      [with_book](std::string_view name) -> Expected<std::unique_ptr<ChessPlayer>> {
        auto m = make_chess_machine(name);
        if (!m || !with_book) return m;
        return std::unique_ptr<ChessPlayer>(std::make_unique<BookPlayer>(std::move(*m)));
      });
}

}  // namespace minimax::chess
