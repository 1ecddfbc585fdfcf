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
    // uci:PATH or uci:PATH:Name=Value,Name=Value (each sent as setoption before the first game).
    std::string_view path = spec.substr(4), options;
    if (const auto colon = path.rfind(':');
        colon != std::string_view::npos && path.find('=', colon) != std::string_view::npos) {
      options = path.substr(colon + 1);
      path = path.substr(0, colon);
    }
    auto e = UciEngine::start(std::string(path));
    if (!e) return Error{e.error()};
    for (const auto& item : options.empty() ? std::vector<std::string>{} : split(options, ',')) {
      const std::string_view kv = item;
      const auto eq = kv.find('=');
      const auto name = trim(kv.substr(0, eq));
      if (eq == std::string_view::npos || name.empty())
        return Error{"uci option '" + std::string(kv) + "' is not Name=Value"};
      if (auto st = (*e)->set_option(name, trim(kv.substr(eq + 1))); !st) return Error{st.error()};
    }
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
