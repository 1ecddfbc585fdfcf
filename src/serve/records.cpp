// The seeds' recorded games and the project's plots, for the page (serve/records.hpp).
#include "serve/records.hpp"

#include <span>
#include <string>

#include "core/embedded.hpp"
#include "games/chess/position.hpp"
#include "games/chess/san.hpp"
#include "games/draughts/draughts.hpp"
#include "games/draughts/notation.hpp"
#include "machines/chess/turing_games.hpp"
#include "machines/chess/turochamp.hpp"
#include "machines/chess/turochamp_rules.hpp"
#include "machines/draughts/records.hpp"
#include "machines/draughts/samuel.hpp"
#include "machines/draughts/strachey.hpp"
#include "serve/request.hpp"

namespace minimax::serve {

// Built in from docs/**/*.svg (CMakeLists.txt, tools/embed_files.cmake).
extern const EmbeddedFile kPlots[];
extern const std::size_t kPlotsCount;

namespace {

std::span<const EmbeddedFile> plots() { return {kPlots, kPlotsCount}; }

}  // namespace

Json plots_json() {
  Json list = Json::array();
  for (const EmbeddedFile& f : plots()) {
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

}  // namespace minimax::serve
