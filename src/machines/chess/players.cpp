#include "machines/chess/players.hpp"

#include "core/text.hpp"
#include "machines/chess/uci_engine.hpp"

namespace minimax::chess {

Expected<std::unique_ptr<chess::ChessPlayer>> make_chess_player(std::string_view spec) {
  if (starts_with(spec, "uci:")) {
    auto e = UciEngine::start(std::string(spec.substr(4)));
    if (!e) return Error{e.error()};
    return std::unique_ptr<chess::ChessPlayer>(std::move(*e));
  }
  std::string_view name = spec, opts;
  if (const auto colon = spec.find(':'); colon != std::string_view::npos) {
    name = spec.substr(0, colon);
    opts = spec.substr(colon + 1);
  }
  if (iequals(name, "strongest")) name = chess::strongest_chess_machine();
  auto p = chess::make_chess_machine(name);
  if (!p) return Error{p.error()};
  if (!opts.empty()) {
    for (const auto& kv : split(opts, ',')) {
      const auto eq = kv.find('=');
      if (eq == std::string::npos)
        return Error{"bad option '" + kv + "' for " + std::string(name) + " (NAME=VALUE)"};
      auto st = (*p)->set_option(kv.substr(0, eq), kv.substr(eq + 1));
      if (!st) return Error{st.error()};
    }
  }
  return std::move(*p);
}

}  // namespace minimax::chess
