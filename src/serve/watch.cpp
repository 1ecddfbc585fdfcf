#include "serve/watch.hpp"

#include <sstream>

#include "machines/chess/players.hpp"
#include "machines/draughts/registry.hpp"
#include "match/elo.hpp"
#include "match/match.hpp"
#include "serve/request.hpp"

namespace minimax::serve {

namespace {
constexpr int kMaxPlayers = 8;
constexpr int kMaxGames = 100;
}  // namespace

Expected<std::unique_ptr<Watch>> Watch::start(const Json& request, const std::string& id) {
  std::unique_ptr<Watch> w(new Watch);
  w->id_ = id;
  const Json game = request.value("game", Json("chess"));
  if (!game.is_string() || (game != "chess" && game != "draughts"))
    return Error{"a watched match is chess or draughts"};
  w->game_ = game.get<std::string>();
  if (!request.contains("players") || !request["players"].is_array())
    return Error{"'players' must be a list of machines"};
  for (const auto& p : request["players"]) {
    if (!p.is_string()) return Error{"'players' must be a list of machines"};
    const std::string spec = p.get<std::string>();
    if (spec.rfind("uci:", 0) == 0 || spec.rfind("hub:", 0) == 0)
      return Error{"the page plays only minimax's own machines"};
    // Build each once now, so an unknown machine or a bad option is one line before any game.
    if (w->game_ == "chess") {
      if (auto made = chess::make_chess_player(spec); !made) return Error{made.error()};
    } else if (auto made = draughts::make_draughts_player(spec); !made) {
      return Error{made.error()};
    }
    w->players_.push_back(spec);
  }
  if (w->players_.size() < 2 || w->players_.size() > kMaxPlayers)
    return Error{"a watched match needs 2 to " + std::to_string(kMaxPlayers) + " players"};
  const Json games = request.value("games", Json(2));
  if (!games.is_number_integer() || games.get<int>() < 1 || games.get<int>() > kMaxGames)
    return Error{"'games' (a pairing) must be 1.." + std::to_string(kMaxGames)};
  w->games_ = games.get<int>();
  const Json ms = request.value("movetime_ms", Json(200));
  if (!ms.is_number_integer() || ms.get<int>() < 1 || ms.get<int>() > 60000)
    return Error{"'movetime_ms' must be 1..60000"};
  w->movetime_ms_ = ms.get<int>();
  const int n = static_cast<int>(w->players_.size());
  w->state_ = Json{
      {"id", id},         {"game", w->game_},         {"players", w->players_},
      {"running", true},  {"games_played", 0},        {"games_total", n * (n - 1) / 2 * w->games_},
      {"board", nullptr}, {"results", Json::array()}, {"error", nullptr},
      {"svg", nullptr}};
  w->recount();
  w->thread_ = std::thread([p = w.get()] { p->run(); });
  return w;
}

Watch::~Watch() {
  stop_ = true;
  if (thread_.joinable()) thread_.join();
}

Json Watch::state() const {
  std::lock_guard lock(mutex_);
  return state_;
}

void Watch::recount() {
  const std::size_t n = players_.size();
  std::vector<std::vector<match::Score>> table(n, std::vector<match::Score>(n));
  auto index = [&](const std::string& name) {
    for (std::size_t i = 0; i < n; ++i)
      if (players_[i] == name) return i;
    return n;
  };
  for (const auto& r : state_["results"]) {
    const std::size_t a = index(r["first_spec"]), b = index(r["second_spec"]);
    if (a == n || b == n) continue;
    const std::string res = r["result"];
    if (res == "1-0") {
      ++table[a][b].wins;
      ++table[b][a].losses;
    } else if (res == "0-1") {
      ++table[a][b].losses;
      ++table[b][a].wins;
    } else {
      ++table[a][b].draws;
      ++table[b][a].draws;
    }
  }
  // The ratings as the tournament's own (match::run_tournament, the final plot): maximum
  // likelihood anchored at random when it plays; the error of each player's score against the
  // field.
  int anchor = -1;
  const std::vector<double> ratings = match::crosstable_ratings(table, players_, anchor);
  Json points = Json::array(), elo = Json::array();
  for (std::size_t i = 0; i < n; ++i) {
    Json row = Json::array();
    match::Score total;
    for (std::size_t j = 0; j < n; ++j) {
      row.push_back(i == j ? Json(nullptr) : Json(table[i][j].points()));
      total.wins += table[i][j].wins;
      total.draws += table[i][j].draws;
      total.losses += table[i][j].losses;
    }
    points.push_back(row);
    const auto e = match::estimate_elo(total);
    elo.push_back({{"name", players_[i]},
                   {"games", total.games()},
                   {"points", total.points()},
                   {"elo", total.games() ? Json(ratings[i]) : Json(nullptr)},
                   {"error", total.games() ? Json(e.error) : Json(nullptr)},
                   {"bound", e.bound}});
  }
  state_["table"] = points;
  state_["elo"] = elo;
  state_["anchor"] = anchor >= 0 ? Json(players_[static_cast<std::size_t>(anchor)]) : Json(nullptr);
}

void Watch::run() {
  match::MatchSettings s;
  s.game_name = game_;
  s.games = games_;
  s.game.limits.movetime_ms = movetime_ms_;
  s.verbose = false;
  s.stop = &stop_;
  s.live = [this](const match::LiveEvent& e) {
    std::lock_guard lock(mutex_);
    state_["board"] = Json{{"first", e.first},
                           {"second", e.second},
                           {"game", e.game},
                           {"fen", e.fen},
                           {"last_move", e.last_move}};
    if (game_ == "draughts")
      if (auto d = draughts::Draughts::from_fen(e.fen))
        state_["board"]["board"] = draughts_board(*d);
    if (!e.result.empty()) {
      state_["results"].push_back({{"first", e.first},
                                   {"second", e.second},
                                   {"first_spec", e.first_spec},
                                   {"second_spec", e.second_spec},
                                   {"game", e.game},
                                   {"result", e.result}});
      state_["games_played"] = state_["results"].size();
      recount();
    }
  };
  std::ostringstream out;
  auto r = match::run_tournament(players_, s, out);
  std::lock_guard lock(mutex_);
  state_["running"] = false;
  if (!r)
    state_["error"] = r.error();
  else
    state_["svg"] = match::ratings_svg(*r);
}

}  // namespace minimax::serve
