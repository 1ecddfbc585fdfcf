// The games and machines the page asks for (serve/games.hpp). Every rule, notation and
// machine is the C++ one the terminal uses; this file only turns them into JSON.
#include "serve/games.hpp"

#include <algorithm>
#include <cstdint>
#include <ctime>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "core/text.hpp"
#include "games/chess/move_text.hpp"
#include "games/chess/pgn.hpp"
#include "games/chess/position.hpp"
#include "games/chess/san.hpp"
#include "games/draughts/draughts.hpp"
#include "games/draughts/notation.hpp"
#include "games/draughts/pdn.hpp"
#include "games/nim/nim.hpp"
#include "games/nim/setup.hpp"
#include "games/tictactoe/tictactoe.hpp"
#include "machines/chess/players.hpp"
#include "machines/chess/registry.hpp"
#include "machines/draughts/registry.hpp"
#include "machines/nim/registry.hpp"
#include "machines/tictactoe/registry.hpp"
#include "serve/request.hpp"
#include "session/chess_game.hpp"
#include "session/draughts_game.hpp"

namespace minimax::serve {

namespace {

using session::GameSettings;

std::string today() {
  const std::time_t t = std::time(nullptr);
  char buf[16];
  std::strftime(buf, sizeof buf, "%Y.%m.%d", std::gmtime(&t));
  return buf;
}

Json option_json(const OptionInfo& o) {
  static const char* kinds[] = {"check", "spin", "combo", "string", "button", "real"};
  Json j{{"name", o.name},
         {"kind", kinds[static_cast<int>(o.kind)]},
         {"default", o.default_value},
         {"help", o.help},
         {"expected", expected_value(o)}};
  if (o.kind == OptionInfo::Kind::spin || o.kind == OptionInfo::Kind::real) {
    j["min"] = o.min;
    j["max"] = o.max;
  }
  if (!o.choices.empty()) j["choices"] = o.choices;
  return j;
}

template <class P>
Json machine_json(std::string_view name, std::string_view description, const P& player) {
  Json options = Json::array();
  for (const auto& o : player.options()) options.push_back(option_json(o));
  return {{"name", name}, {"description", description}, {"options", options}};
}

// Limits, clock and the players' names from the request; the specs resolved by `make`.
struct Setup {
  GameSettings settings;
  std::string specs[2];
};

Expected<Setup> read_setup(const Json& r) {
  Setup s;
  if (!r.contains("players") || !r["players"].is_array() || r["players"].size() != 2)
    return Error{"'players' must be a list of two: \"human\" or a machine (NAME:Option=Value)"};
  for (int i = 0; i < 2; ++i) {
    if (!r["players"][i].is_string()) return Error{"each player must be a string"};
    s.specs[i] = std::string(trim(r["players"][i].get<std::string>()));
    if (s.specs[i].empty()) return Error{"a player is empty (\"human\" or a machine's name)"};
    if (starts_with(s.specs[i], "uci:") || starts_with(s.specs[i], "hub:"))
      return Error{
          "external engines (uci:..., hub:...) are not started from the page; use the terminal"};
  }
  auto whole = [&](const char* key, std::int64_t lo, std::int64_t hi) -> Expected<std::int64_t> {
    if (!r[key].is_number_integer() || r[key].get<std::int64_t>() < lo ||
        r[key].get<std::int64_t>() > hi)
      return Error{"'" + std::string(key) + "' must be a whole number " + std::to_string(lo) +
                   ".." + std::to_string(hi)};
    return r[key].get<std::int64_t>();
  };
  if (r.contains("depth")) {
    auto d = whole("depth", 1, 64);
    if (!d) return Error{d.error()};
    s.settings.limits.depth = static_cast<int>(*d);
  }
  if (r.contains("movetime_ms")) {
    auto t = whole("movetime_ms", 1, 600'000);
    if (!t) return Error{t.error()};
    s.settings.limits.movetime_ms = *t;
  }
  if (r.contains("clock")) {
    const Json& c = r["clock"];
    if (!c.is_object() || !c.contains("base_ms") || !c["base_ms"].is_number_integer() ||
        c["base_ms"].get<std::int64_t>() < 1000 ||
        c["base_ms"].get<std::int64_t>() > 24 * 3'600'000LL ||
        (c.contains("increment_ms") &&
         (!c["increment_ms"].is_number_integer() || c["increment_ms"].get<std::int64_t>() < 0)))
      return Error{"'clock' must be {\"base_ms\": 1000.., \"increment_ms\": 0..}"};
    s.settings.clock = session::TimeControl{c["base_ms"].get<std::int64_t>(),
                                            c.value("increment_ms", std::int64_t{0})};
  }
  // Neither a depth, nor a time, nor a clock: two seconds a move, as at the terminal.
  if (!s.settings.limits.depth && !s.settings.limits.movetime_ms && !s.settings.clock)
    s.settings.limits.movetime_ms = 2000;
  return s;
}

template <Game G, class Make>
Expected<std::shared_ptr<AnyGame>> build(const Json& r, const std::string& id,
                                         const std::string& record_path, GameKind<G> kind,
                                         const G& start, Make make) {
  auto setup = read_setup(r);
  if (!setup) return Error{setup.error()};
  std::unique_ptr<Player<G>> machines[2];
  for (int i = 0; i < 2; ++i) {
    if (iequals(setup->specs[i], "human")) continue;
    auto p = make(setup->specs[i]);
    if (!p) return Error{p.error()};
    machines[i] = std::move(*p);
  }
  auto game = std::make_shared<WebGame<G>>(id, std::move(kind), start, machines, setup->specs,
                                           setup->settings, record_path);
  game->start();
  return std::shared_ptr<AnyGame>(game);
}

GameKind<chess::Position> chess_kind() {
  GameKind<chess::Position> k;
  k.name = "chess";
  k.position = [](const chess::Position& p) {
    Json j{{"fen", p.fen()}, {"check", p.in_check()}};
    return j;
  };
  k.move_text = [](const chess::Position& p, const chess::Move& m) { return chess::to_san(p, m); };
  k.move_id = [](const chess::Position& p, const chess::Move& m) { return p.move_to_string(m); };
  k.parse = [](const chess::Position& p, std::string_view text) {
    return chess::parse_move_text(p, text);
  };
  k.record = [](const chess::Position& start, std::span<const chess::Move> moves,
                const std::string& result, const std::string& reason,
                const std::string(&names)[2]) {
    std::vector<std::pair<std::string, std::string>> tags = {
        {"Event", "minimax serve"}, {"Site", "?"},      {"Date", today()}, {"Round", "-"},
        {"White", names[0]},        {"Black", names[1]}};
    if (!reason.empty()) tags.emplace_back("Termination", reason);
    return chess::write_pgn(chess::make_pgn_game(
        start, std::vector<chess::Move>(moves.begin(), moves.end()), result, tags));
  };
  k.extension = "pgn";
  k.adapter = session::chess_adapter();
  k.max_plies = 1000;
  return k;
}

// Squares 1-32 (standard numbering): "b" "w" a man, "B" "W" a king, "" empty.
GameKind<draughts::Draughts> draughts_kind() {
  GameKind<draughts::Draughts> k;
  k.name = "draughts";
  k.position = [](const draughts::Draughts& d) {
    return Json{{"fen", draughts::to_fen(d)}, {"board", draughts_board(d)}};
  };
  k.move_text = [](const draughts::Draughts& d, const draughts::Move& m) {
    return draughts::move_text(d, m);
  };
  // The page sends a move as its path of squares ("11-15", "22x15x6"), which names one move even
  // where two captures share their ends.
  k.move_id = [](const draughts::Draughts& d, const draughts::Move& m) {
    return draughts::move_path_text(d, m);
  };
  k.parse = [](const draughts::Draughts& d, std::string_view text) {
    return draughts::parse_move(d, text);
  };
  k.record = [](const draughts::Draughts& start, std::span<const draughts::Move> moves,
                const std::string& result, const std::string& reason,
                const std::string(&names)[2]) {
    draughts::PdnGame pdn;
    pdn.start = start;
    pdn.tags = {{"Event", "minimax serve"},
                {"Black", names[0]},
                {"White", names[1]},
                {"Result", result},
                {"GameType", "21"}};
    if (!reason.empty()) pdn.tags.emplace_back("Termination", reason);
    for (const auto& m : moves) pdn.moves.push_back({m, ""});
    pdn.result = result;
    return draughts::write_pdn(pdn);
  };
  k.extension = "pdn";
  k.adapter = session::draughts_adapter();
  k.max_plies = 2000;
  return k;
}

// The small games: the record as session/text_record.hpp writes it by default.
template <Game G>
GameKind<G> small_kind(std::string name, std::function<Json(const G&)> position, std::string won,
                       std::string drawn) {
  GameKind<G> k;
  k.name = std::move(name);
  k.position = std::move(position);
  k.move_text = [](const G& g, const typename G::Move& m) { return g.move_to_string(m); };
  k.move_id = k.move_text;
  k.parse = [](const G& g, std::string_view text) { return g.parse_move(text); };
  k.record = [title = "minimax serve " + k.name](
                 const G& start, std::span<const typename G::Move> moves, const std::string& result,
                 const std::string& reason, const std::string(&)[2]) {
    G position = start;
    std::string text = "# " + title + "\nstart: " + position.to_string() + "\nmoves:";
    for (const auto& m : moves) {
      text += " " + position.move_to_string(m);
      position.play(m);
    }
    return text + "\nresult: " + result + (reason.empty() ? "" : " (" + reason + ")") + "\n";
  };
  k.extension = "txt";
  k.adapter.end_reason = [won, drawn](const G& g) {
    return g.outcome() == Outcome::draw ? drawn : won;
  };
  return k;
}

}  // namespace

Expected<std::string> record_extension(const std::string& game) {
  if (game == "chess") return std::string("pgn");
  if (game == "draughts") return std::string("pdn");
  if (game == "tictactoe" || game == "nim") return std::string("txt");
  return Error{"unknown game '" + game + "' (games: chess, draughts, nim, tictactoe)"};
}

Expected<std::shared_ptr<AnyGame>> make_game(const Json& r, const std::string& id,
                                             const std::string& record_path) {
  if (!r.is_object()) return Error{"the request must be a JSON object"};
  if (!r.contains("game") || !r["game"].is_string())
    return Error{"'game' must name a game: chess, draughts, nim, tictactoe"};
  const std::string game = r["game"].get<std::string>();
  const std::string fen = optional_string(r, "fen");
  if (fen == "\x01") return Error{"'fen' must be text"};
  if (game == "chess") {
    chess::Position start;
    if (!fen.empty()) {
      auto p = chess::Position::from_fen(fen);
      if (!p) return Error{"bad FEN: " + p.error()};
      if (p->outcome() != Outcome::none) return Error{"the game is already over in that position"};
      start = *p;
    }
    return build<chess::Position>(r, id, record_path, chess_kind(), start,
                                  [](const std::string& s) { return chess::make_chess_player(s); });
  }
  if (game == "draughts") {
    draughts::Draughts start;
    if (!fen.empty()) {
      auto d = draughts::parse_fen(fen);
      if (!d) return Error{"bad FEN: " + d.error()};
      start = *d;
    }
    return build<draughts::Draughts>(
        r, id, record_path, draughts_kind(), start,
        [](const std::string& s) { return draughts::make_draughts_player(s); });
  }
  if (game == "tictactoe") {
    tictactoe::TicTacToe start;
    if (!fen.empty()) {
      auto t = tictactoe::TicTacToe::from_string(fen);
      if (!t) return Error{"bad position: " + t.error()};
      if (t->outcome() != Outcome::none) return Error{"the game is already over in that position"};
      start = *t;
    }
    auto kind = small_kind<tictactoe::TicTacToe>(
        "tictactoe",
        [](const tictactoe::TicTacToe& t) {
          std::string board;
          for (int s = 0; s < 9; ++s)
            board += t.at(s) == tictactoe::Mark::cross    ? 'x'
                     : t.at(s) == tictactoe::Mark::nought ? 'o'
                                                          : '.';
          return Json{{"board", board}, {"text", t.to_string()}};
        },
        "three in a row", "the board is full");
    return build<tictactoe::TicTacToe>(
        r, id, record_path, std::move(kind), start,
        [](const std::string& s) { return tictactoe::make_tictactoe_player(s); });
  }
  if (game == "nim") {
    auto start = nim_start(r);
    if (!start) return Error{start.error()};
    if (start->outcome() != Outcome::none) return Error{"the game is already over (no matches)"};
    auto kind = small_kind<nim::Nim>(
        "nim",
        [](const nim::Nim& n) {
          return Json{{"heaps", n.heaps()}, {"text", nim::describe(n)}};
        },
        "the last match taken", "a draw");
    return build<nim::Nim>(r, id, record_path, std::move(kind), *start,
                           [](const std::string& s) { return nim::make_nim_player(s); });
  }
  return Error{"unknown game '" + game + "' (games: chess, draughts, nim, tictactoe)"};
}

Json machines_json() {
  Json chess_list = Json::array(), draughts_list = Json::array();
  for (const auto& m : chess::chess_machines())
    chess_list.push_back(machine_json(m.name, m.description, *m.make()));
  for (const auto& m : draughts::draughts_machines())
    draughts_list.push_back(machine_json(m.name, m.description, *m.make()));
  Json nim_list = Json::array(), tictactoe_list = Json::array();
  for (const auto& m : nim::nim_machines())
    nim_list.push_back(machine_json(m.name, m.description, *m.make()));
  for (const auto& m : tictactoe::tictactoe_machines())
    tictactoe_list.push_back(machine_json(m.name, m.description, *m.make()));
  return Json::array(
      {{{"game", "chess"},
        {"strongest", chess::strongest_chess_machine()},
        {"machines", chess_list}},
       {{"game", "draughts"},
        {"strongest", draughts::strongest_draughts_machine()},
        {"machines", draughts_list}},
       {{"game", "nim"}, {"strongest", nim::strongest_nim_machine()}, {"machines", nim_list}},
       {{"game", "tictactoe"},
        {"strongest", tictactoe::strongest_tictactoe_machine()},
        {"machines", tictactoe_list}}});
}

}  // namespace minimax::serve
