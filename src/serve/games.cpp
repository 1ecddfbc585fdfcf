// The games, machines and analyses the page asks for (serve/games.hpp). Every rule, notation and
// machine is the C++ one the terminal uses; this file only turns them into JSON.
#include "serve/games.hpp"

#include <algorithm>
#include <cstdint>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include "core/embedded.hpp"
#include "core/read_file.hpp"
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
#include "machines/chess/mate/problem.hpp"
#include "machines/chess/mate/solution_text.hpp"
#include "machines/chess/mate/solver.hpp"
#include "machines/chess/players.hpp"
#include "machines/chess/registry.hpp"
#include "machines/chess/shannon_eval.hpp"
#include "machines/chess/turing_games.hpp"
#include "machines/chess/turochamp.hpp"
#include "machines/chess/turochamp_rules.hpp"
#include "machines/draughts/records.hpp"
#include "machines/draughts/registry.hpp"
#include "machines/draughts/samuel.hpp"
#include "machines/draughts/strachey.hpp"
#include "machines/nim/registry.hpp"
#include "machines/tictactoe/registry.hpp"
#include "machines/trees.hpp"
#include "search/game_tree.hpp"
#include "search/tree_render.hpp"
#include "session/chess_game.hpp"
#include "session/draughts_game.hpp"

namespace minimax::serve {

// Built in from docs/**/*.svg and tests/data/trees (CMakeLists.txt, tools/embed_files.cmake).
extern const EmbeddedFile kPlots[];
extern const std::size_t kPlotsCount;
extern const EmbeddedFile kExampleTrees[];
extern const std::size_t kExampleTreesCount;

namespace {

std::span<const EmbeddedFile> plots() { return {kPlots, kPlotsCount}; }
std::span<const EmbeddedFile> example_trees() { return {kExampleTrees, kExampleTreesCount}; }

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

std::string optional_string(const Json& r, const char* key) {
  if (!r.contains(key) || r[key].is_null()) return {};
  if (!r[key].is_string()) return "\x01";  // not text: refused by the caller
  return std::string(trim(r[key].get<std::string>()));
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
Json draughts_board(const draughts::Draughts& d) {
  Json board = Json::array();
  for (int sq = 0; sq < 32; ++sq) {
    const auto bit = draughts::Bits{1} << sq;
    const bool king = (d.kings() & bit) != 0;
    board.push_back((d.black() & bit)   ? (king ? "B" : "b")
                    : (d.white() & bit) ? (king ? "W" : "w")
                                        : "");
  }
  return board;
}

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

Expected<nim::Nim> nim_start(const Json& r) {
  const std::string heaps = optional_string(r, "heaps");
  if (heaps == "\x01") return Error{"'heaps' must be text, e.g. \"3 4 5\""};
  std::optional<int> k;
  if (r.contains("k")) {
    if (!r["k"].is_number_integer()) return Error{"'k' must be a whole number"};
    k = r["k"].get<int>();
  }
  if (r.contains("misere") && !r["misere"].is_boolean())
    return Error{"'misere' must be true or false"};
  const bool misere = r.contains("misere") && r["misere"].get<bool>();
  return nim::make_nim_setup(split_whitespace(heaps.empty() ? "3 4 5" : heaps), k, misere);
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

Expected<Json> tree_json(const Json& r) {
  if (!r.is_object() || !r.contains("game") || !r["game"].is_string())
    return Error{"'game' must be tictactoe, nim or file"};
  const std::string game = r["game"].get<std::string>();
  if (r.contains("alphabeta") && !r["alphabeta"].is_boolean())
    return Error{"'alphabeta' must be true or false"};
  const bool alphabeta = r.contains("alphabeta") && r["alphabeta"].get<bool>();
  std::optional<int> depth;
  if (r.contains("depth")) {
    if (!r["depth"].is_number_integer() || r["depth"].get<int>() < 1 || r["depth"].get<int>() > 9)
      return Error{"'depth' must be a whole number 1..9"};
    depth = r["depth"].get<int>();
  }
  machines::TreeRequest request;
  request.depth = depth;
  request.alphabeta = alphabeta;
  Expected<search::GameTree> tree = Error{""};
  std::string title;
  if (game == "tictactoe") {
    tictactoe::TicTacToe t;
    const std::string pos = optional_string(r, "position");
    if (pos == "\x01") return Error{"'position' must be text, e.g. \"x.o/.x./..o\""};
    if (!pos.empty()) {
      auto p = tictactoe::TicTacToe::from_string(pos);
      if (!p) return Error{"bad position: " + p.error()};
      t = *p;
    }
    tree = machines::tictactoe_tree(t, request);
    title = "tictactoe " + t.to_string();
  } else if (game == "nim") {
    auto n = nim_start(r);
    if (!n) return Error{n.error()};
    tree = machines::nim_tree(*n, request);
    title = "nim " + nim::describe(*n);
  } else if (game == "file") {
    // The example trees kept with the sources: Shannon's fig. 2 and the lecture notes' exercise.
    const std::string name = optional_string(r, "name");
    if (name != "shannon_fig2" && name != "lecture_exercise")
      return Error{"'name' must be shannon_fig2 or lecture_exercise"};
    const EmbeddedFile* file = find_embedded(example_trees(), name + ".tree");
    if (!file) return Error{"the tree '" + name + "' is not built into this minimax"};
    tree = machines::file_tree(file->bytes, request);
    if (!tree) return Error{name + ": " + tree.error()};
    title = name;
  } else {
    return Error{"unknown tree game '" + game + "' (tictactoe, nim, file)"};
  }
  if (!tree) return Error{tree.error()};
  const search::RenderOptions ro{title + (alphabeta ? " (alpha-beta)" : " (minimax)")};
  return Json{{"svg", search::render_svg(*tree, ro)},
              {"text", search::render_text(*tree, ro)},
              {"summary", search::tree_summary(*tree)},
              {"nodes", tree->nodes.size()},
              {"searched", tree->searched},
              {"value", tree->root_value()}};
}

Expected<Json> turochamp_json(const std::string& fen) {
  auto p = chess::Position::from_fen(fen);
  if (!p) return Error{"bad FEN: " + p.error()};
  if (p->outcome() != Outcome::none) return Error{"the game is over in that position"};
  chess::Position pos = *p;
  chess::turochamp::TurochampRules rules;
  std::uint64_t nodes = 0;
  const auto candidates = chess::turochamp::evaluate_moves(pos, rules, nodes);
  double best_value = -1e9;
  for (const auto& c : candidates) best_value = std::max(best_value, c.value);
  int best_pp = -1000000;
  for (const auto& c : candidates)
    if (c.value == best_value) best_pp = std::max(best_pp, c.position_play);
  const auto before = chess::turochamp::position_play(pos, pos.side(), rules);
  Json list = Json::array();
  for (const auto& c : candidates) {
    pos.play(c.move);
    const auto after = chess::turochamp::position_play(pos, p->side(), rules, c.move.is_castling());
    pos.undo(c.move);
    list.push_back({{"move", chess::to_san(pos, c.move)},
                    {"uci", pos.move_to_string(c.move)},
                    {"value", c.value},
                    {"position_play", c.position_play / 10.0},
                    {"gain", (after.total() - before.total()) / 10.0},
                    {"terms", after.describe()},
                    {"chosen", c.value == best_value && c.position_play == best_pp}});
  }
  chess::Turochamp machine;
  const auto t = machine.choose(*p, {});
  return Json{{"fen", p->fen()},
              {"candidates", list},
              {"before", before.describe()},
              {"nodes", nodes},
              {"move", chess::to_san(*p, t.move)},
              {"explanation", t.explanation}};
}

Json plots_json() {
  Json list = Json::array();
  for (const EmbeddedFile& f : plots()) {
    if (f.name.empty()) continue;
    std::string title(f.name.substr(0, f.name.size() - 4));
    for (char& c : title)
      if (c == '-' || c == '_') c = ' ';
    list.push_back({{"name", std::string(f.name)}, {"title", title}});
  }
  return list;
}

Expected<std::string> plot_svg(const std::string& name) {
  const EmbeddedFile* f = find_embedded(plots(), name);
  if (!f) return Error{"no plot '" + name + "'"};
  return std::string(f->bytes);
}

Json records_json() {
  Json list = Json::array();
  for (const auto& r : chess::turing::records())
    list.push_back({{"id", std::string(r.id)}, {"title", std::string(r.title)}, {"game", "chess"}});
  list.push_back({{"id", "strachey"},
                  {"title", "Bowden 1953: Strachey v his draughts machine (strategy 2, Black)"},
                  {"game", "draughts"}});
  list.push_back({{"id", "nealey-samuel"},
                  {"title", "Michie 1966: Nealey v Samuel's program (Black), 1962"},
                  {"game", "draughts"}});
  return list;
}

namespace {

// TUROCHAMP's position-play increase for a move, in tenths: what Turing printed after it.
int turochamp_increase(chess::Position& pos, chess::Move m) {
  const chess::turochamp::TurochampRules rules;
  const auto side = pos.side();
  const auto before = chess::turochamp::position_play(pos, side, rules);
  pos.play(m);
  const auto after = chess::turochamp::position_play(pos, side, rules, m.is_castling());
  pos.undo(m);
  return after.total() - before.total();
}

Json build_record(const chess::turing::Record& r) {
  Json plies = Json::array();
  chess::Position pos;
  chess::Turochamp machine;
  int ply = 0;
  for (const auto& text : split_whitespace(r.moves)) {
    const auto m = pos.parse_uci(text);
    if (!m) return Json{{"error", "record " + std::string(r.id) + ": " + m.error()}};
    const int n = ply / 2 + 1;
    const bool black = ply % 2 == 1;
    Json p{{"n", n}, {"black", black}, {"san", chess::to_san(pos, *m)}, {"uci", text}};
    if (!black) {
      Json printed = nullptr, others = Json::array();
      bool asterisk = false;
      for (const auto& v : r.printed) {
        if (v.move_no != n) continue;
        if (v.uci == text) {
          printed = v.tenths / 10.0;
          asterisk = v.asterisk;
        } else if (const auto o = pos.parse_uci(v.uci)) {
          others.push_back({{"san", chess::to_san(pos, *o)},
                            {"printed", v.tenths / 10.0},
                            {"asterisk", v.asterisk},
                            {"ours", turochamp_increase(pos, *o) / 10.0}});
        }
      }
      const auto choice = machine.choose(pos, {});
      p["printed"] = printed;
      p["asterisk"] = asterisk;
      p["ours"] = turochamp_increase(pos, *m) / 10.0;
      p["choice"] = chess::to_san(pos, choice.move);
      p["same"] = choice.move == *m;
      p["others"] = others;
    }
    Json notes = Json::array();
    for (const auto& note : r.notes)
      if (note.move_no == n && note.black == black) notes.push_back(std::string(note.text));
    p["notes"] = notes;
    pos.play(*m);
    p["fen"] = pos.fen();
    plies.push_back(std::move(p));
    ++ply;
  }
  return Json{{"id", std::string(r.id)}, {"title", std::string(r.title)}, {"plies", plies}};
}

// Strachey's game: each of the machine's (Black's) moves, whether strategy 2 counts it among its
// best; Nealey's: whether `samuel` (untrained, Depth 4, no rote) plays the program's move.
Json build_draughts_record(const std::string& id) {
  const bool strachey = id == "strachey";
  const auto& moves =
      strachey ? draughts::records::strachey_game() : draughts::records::nealey_game();
  const draughts::StracheySettings settings;  // strategy 2, a king 23 eighths (the defaults)
  draughts::SamuelMachine samuel;
  (void)samuel.set_option("Rote", "false");
  draughts::Draughts d;
  Json plies = Json::array();
  for (std::size_t i = 0; i < moves.size(); ++i) {
    std::string text = moves[i];
    Json notes = Json::array();
    if (!strachey)
      for (const auto& slip : draughts::records::nealey_slips())
        if (slip.index == i) {
          notes.push_back("printed " + slip.printed + "; the rules make it " + slip.played);
          text = slip.played;
        }
    if (strachey && text.find('?') != std::string::npos) notes.push_back("marked ? by Strachey");
    Expected<draughts::Move> m =
        strachey ? draughts::parse_strachey_move(d, text) : draughts::parse_move(d, text);
    if (!m && !strachey) {  // "19-10" in the record is the capture 19x10
      std::string capture = text;
      if (auto dash = capture.find('-'); dash != std::string::npos) capture[dash] = 'x';
      m = draughts::parse_move(d, capture);
    }
    if (!m)
      return Json{{"error", "record " + id + ": move " + std::to_string(i + 1) + ": " + m.error()}};
    Json p{{"n", static_cast<int>(i / 2 + 1)},
           {"black", i % 2 == 0},
           {"san", draughts::move_text(d, *m)},
           {"printed_text", moves[i]}};
    if (d.side_to_move() == draughts::kBlack) {  // the machine's move
      if (strachey) {
        const auto c = draughts::strachey_choices(d, settings);
        p["choice"] = c.equal.empty() ? "" : draughts::move_text(d, c.equal.front());
        p["same"] = std::find(c.equal.begin(), c.equal.end(), *m) != c.equal.end();
        p["value"] = c.value;
      } else {
        const auto t = samuel.choose(d, {});
        p["choice"] = draughts::move_text(d, t.move);
        p["same"] = t.move == *m;
      }
    }
    p["notes"] = notes;
    d.play(*m);
    p["fen"] = draughts::to_fen(d);
    p["board"] = draughts_board(d);
    plies.push_back(std::move(p));
  }
  return Json{
      {"id", id},
      {"game", "draughts"},
      {"machine", strachey ? "strachey-2" : "samuel"},
      {"title", strachey ? "Bowden 1953: Strachey v his draughts machine (strategy 2, Black)"
                         : "Michie 1966: Nealey v Samuel's program (Black), 1962"},
      {"plies", plies}};
}

}  // namespace

Expected<Json> record_json(const std::string& id) {
  // Worked out once per record (TUROCHAMP's choice at every White move takes a moment).
  static std::mutex mutex;
  static std::map<std::string, Json, std::less<>> done;
  auto cached = [&](auto build) -> Expected<Json> {
    std::lock_guard lock(mutex);
    auto it = done.find(id);
    if (it == done.end()) it = done.emplace(id, build()).first;
    if (it->second.contains("error")) return Error{it->second["error"].get<std::string>()};
    return it->second;
  };
  for (const auto& r : chess::turing::records())
    if (r.id == id) return cached([&] { return build_record(r); });
  if (id == "strachey" || id == "nealey-samuel")
    return cached([&] { return build_draughts_record(id); });
  std::string known;
  for (const auto& r : records_json())
    known += (known.empty() ? "" : ", ") + r["id"].get<std::string>();
  return Error{"no record '" + id + "' (records: " + known + ")"};
}

Expected<Json> shannon_json(const std::string& fen) {
  auto p = chess::Position::from_fen(fen);
  if (!p) return Error{"bad FEN: " + p.error()};
  chess::Position pos = *p;
  const chess::shannon::Weights w;
  const auto terms = chess::shannon::terms(pos);
  Json sides = Json::array();
  for (int c = 0; c < 2; ++c) {
    const auto& s = terms.side[c];
    sides.push_back({{"K", s.kings},
                     {"Q", s.queens},
                     {"R", s.rooks},
                     {"B", s.bishops},
                     {"N", s.knights},
                     {"P", s.pawns},
                     {"D", s.doubled},
                     {"S", s.backward},
                     {"I", s.isolated},
                     {"M", s.mobility}});
  }
  return Json{{"fen", p->fen()},
              {"white", sides[0]},
              {"black", sides[1]},
              {"value", chess::shannon::evaluate(terms, w)},
              {"describe", terms.describe(w)}};
}

Expected<Json> solve_json(const std::string& fen, const std::string& stipulation) {
  auto p = chess::Position::from_fen(fen);
  if (!p) return Error{"bad FEN: " + p.error()};
  auto spec = chess::mate::parse_stipulation(stipulation);
  if (!spec) return Error{spec.error()};
  if (spec->n > 8) return Error{"the page solves problems of at most 8 moves (use minimax solve)"};
  chess::mate::SolveOptions options;
  options.time_limit_s = 20;
  chess::mate::MateSolver solver(options);
  const auto result = solver.solve(*p, spec->stipulation, spec->n, spec->half_move);
  std::ostringstream out;
  chess::mate::write_solution_json(out, *p, result, options.rules);
  Json j = Json::parse(out.str(), nullptr, false);
  if (j.is_discarded()) return Error{"the solver's JSON could not be read"};
  return j;
}

}  // namespace minimax::serve
