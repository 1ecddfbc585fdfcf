#pragma once
// A game on the server, played a move at a time from a web page, through the one game loop
// (session/game_loop.hpp): play_game runs on a thread of its own; a person on a side is a Player
// (WebSeat) whose choose() waits for the page's next request (a move, undo, resign); a machine is
// a Player from the game's registry. An observer keeps the state the page polls: the position,
// the moves in the game's notation, each machine's Thought (score, depth, nodes, line,
// explanation), the clocks, the result. The record (PGN, PDN or text) is rewritten atomically after
// every move by session/text_record.hpp, as the terminal's records are.
//
// API:
//   GameKind<G> kind = ...;   // notation, parsing, the page's picture of a position, the record
//   auto g = std::make_shared<WebGame<G>>(id, kind, start, players, names, specs, settings, path);
//   g->start();
//   Json s = g->state();                    // what the page shows
//   Json r = g->act({{"move", "e2e4"}});    // {"ok": true} or {"error": "..."}
//   g->wait(version, timeout);              // until the state changes (long polling)
//   g->stop();                              // leaves the game unfinished (saved as it stands)
// Every member is safe to call from any HTTP thread.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <iostream>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "core/clock.hpp"
#include "core/expected.hpp"
#include "core/player.hpp"
#include "session/game_loop.hpp"
#include "session/text_record.hpp"

namespace minimax::serve {

using Json = nlohmann::json;

// What is particular to one game, for the page and the record.
template <Game G>
struct GameKind {
  using Move = typename G::Move;
  std::string name;  // "chess", "draughts", "tictactoe", "nim"
  // The page's picture of a position: {"fen": ...} or {"board": ...}, as the page draws it.
  std::function<Json(const G&)> position;
  // A move as the record writes it (SAN, standard draughts numbers, a square, "A2").
  std::function<std::string(const G&, const Move&)> move_text;
  // A move as the page sends it back (UCI for chess; the same as move_text otherwise).
  std::function<std::string(const G&, const Move&)> move_id;
  // The page's text for a move, read as the terminal reads it; the Error is the page's message.
  std::function<Expected<Move>(const G&, std::string_view)> parse;
  // The whole record: start, moves, result ("1-0", "*"), reason; the names by index(Side).
  std::function<std::string(const G&, std::span<const Move>, const std::string& result,
                            const std::string& reason, const std::string (&names)[2])>
      record;
  std::string extension;  // "pgn", "pdn", "txt"
  session::GameAdapter<G> adapter;
  int max_plies = 1000;  // then a draw by the move limit
};

// The page's view of a game, whatever the game.
class AnyGame {
 public:
  virtual ~AnyGame() = default;
  [[nodiscard]] virtual Json state() = 0;
  virtual Json act(const Json& request) = 0;
  // Returns when the state's version passes `since` (true) or at the timeout (false).
  virtual bool wait(std::uint64_t since, std::chrono::milliseconds timeout) = 0;
  virtual void stop() = 0;
  [[nodiscard]] virtual bool over() = 0;
};

template <Game G>
class WebGame final : public AnyGame {
 public:
  using Move = typename G::Move;
  using Machine = std::unique_ptr<Player<G>>;

  // `machines[s]` is empty where a person sits. `record_path` empty: no record kept.
  WebGame(std::string id, GameKind<G> kind, const G& start, Machine (&machines)[2],
          const std::string (&specs)[2], session::GameSettings settings, std::string record_path)
      : id_(std::move(id)),
        kind_(std::move(kind)),
        start_(start),
        position_(start),
        settings_(std::move(settings)),
        record_path_(std::move(record_path)),
        seats_{Seat(*this, 0), Seat(*this, 1)},
        observer_(*this) {
    for (int s = 0; s < 2; ++s) {
      specs_[s] = specs[s];
      machines_[s] = std::move(machines[s]);
      settings_.person[s] = machines_[s] == nullptr;
      names_[s] = machines_[s] ? machines_[s]->name() : std::string("you");
      if (machines_[s])
        machines_[s]->set_progress([this, s](const Thought<Move>& t) { progress(s, t); });
    }
    settings_.limits.stop = &stopping_;
    if (!settings_.max_plies) settings_.max_plies = kind_.max_plies;
    if (settings_.clock) clock_ms_[0] = clock_ms_[1] = settings_.clock->base_ms;
  }
  WebGame(const WebGame&) = delete;
  WebGame& operator=(const WebGame&) = delete;
  ~WebGame() override {
    stop();
    if (thread_.joinable()) thread_.join();
  }

  void start() {
    thread_ = std::thread([this] { run(); });
  }

  [[nodiscard]] Json state() override {
    std::lock_guard lock(mutex_);
    return state_locked();
  }

  Json act(const Json& request) override {
    std::unique_lock lock(mutex_);
    if (over_) return error("the game is over (" + reason_ + ")");
    const int side = index(position_.side_to_move());
    if (!settings_.person[side])
      return error("it is not your turn: " + names_[side] + " is to move");
    if (!waiting_[side] || pending_) return error("not ready for a move yet; try again");
    Thought<Move> t;
    if (request.contains("move")) {
      if (!request["move"].is_string()) return error("'move' must be a string");
      const std::string text = request["move"].get<std::string>();
      Expected<Move> m = kind_.parse(position_, text);
      if (!m) return error(m.error());
      t.move = *m;
      t.line.push_back(*m);
    } else if (request.value("undo", false)) {
      if (moves_.empty()) return error("nothing to undo");
      t.takes_back = true;
    } else if (request.value("resign", false)) {
      t.resigns = true;
      t.explanation = "resigned";
    } else {
      return error("a request names a move, undo or resign");
    }
    pending_ = std::move(t);
    waiting_[side] = false;  // from now on the state no longer offers this turn
    bump();
    return Json{{"ok", true}};
  }

  bool wait(std::uint64_t since, std::chrono::milliseconds timeout) override {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, timeout, [&] { return version_ > since || closing_; });
  }

  void stop() override {
    std::lock_guard lock(mutex_);
    closing_ = true;
    stopping_ = true;
    changed_.notify_all();
  }

  [[nodiscard]] bool over() override {
    std::lock_guard lock(mutex_);
    return over_;
  }

 private:
  // A person on a side: waits for the page's request (or for the game to be stopped).
  class Seat final : public Player<G> {
   public:
    Seat(WebGame& game, int side) : game_(game), side_(side) {}
    [[nodiscard]] std::string name() const override { return "you"; }
    Thought<Move> choose(const G&, const Limits& limits) override {
      std::unique_lock lock(game_.mutex_);
      game_.waiting_[side_] = true;
      game_.bump();
      const auto ready = [&] { return game_.pending_.has_value() || game_.closing_; };
      if (const auto& left = limits.time_left_ms[side_])
        // With a clock the wait ends when it runs out: the loop then sees the time spent and
        // the person loses on time at that moment, not at their next move.
        game_.changed_.wait_for(
            lock, std::chrono::milliseconds(std::max<std::int64_t>(0, *left) + 1), ready);
      else
        game_.changed_.wait(lock, ready);
      game_.waiting_[side_] = false;
      Thought<Move> t;
      if (game_.pending_) {
        t = std::move(*game_.pending_);
        game_.pending_.reset();
      } else if (game_.closing_) {
        t.leaves = true;
        t.explanation = "the game was stopped";
      } else {
        t.failure = "ran out of time";
      }
      return t;
    }

   private:
    WebGame& game_;
    int side_;
  };

  // A machine, asked only while the game has not been stopped.
  class Stoppable final : public Player<G> {
   public:
    Stoppable(Player<G>& inner, const std::atomic<bool>& stop) : inner_(inner), stop_(stop) {}
    [[nodiscard]] std::string name() const override { return inner_.name(); }
    void new_game() override { inner_.new_game(); }
    Thought<Move> choose(const G& position, const Limits& limits) override {
      Thought<Move> t;
      if (!stop_) t = inner_.choose(position, limits);
      if (stop_) {
        t = {};
        t.leaves = true;
        t.explanation = "the game was stopped";
      }
      return t;
    }

   private:
    Player<G>& inner_;
    const std::atomic<bool>& stop_;
  };

  // Keeps the page's state as the loop plays.
  class Watcher final : public session::GameObserver<G> {
   public:
    explicit Watcher(WebGame& game) : game_(game) {}
    void before_move(const G& position, std::span<const Move>) override {
      std::lock_guard lock(game_.mutex_);
      game_.asked_ = now();
      game_.thinking_ = index(position.side_to_move());
      game_.answered_ = false;
      game_.live_ = nullptr;
      game_.bump();
    }
    void move_chosen(const G& position, std::span<const Move>, Side mover,
                     const Thought<Move>& t) override {
      std::lock_guard lock(game_.mutex_);
      const int s = index(mover);
      game_.answered_ = true;
      if (game_.settings_.clock) {
        game_.clock_ms_[s] -= elapsed_ms(game_.asked_);
        game_.clock_ms_[s] += game_.settings_.clock->increment_ms;
      }
      Json m{{"text", game_.kind_.move_text(position, t.move)},
             {"id", game_.kind_.move_id(position, t.move)},
             {"side", s}};
      if (!game_.settings_.person[s]) m["thought"] = game_.thought_json(position, t);
      game_.played_.push_back(std::move(m));
    }
    void position_changed(const G& position, std::span<const Move> moves) override {
      std::lock_guard lock(game_.mutex_);
      game_.position_ = position;
      game_.moves_.assign(moves.begin(), moves.end());
      if (game_.played_.size() > moves.size()) game_.played_.resize(moves.size());
      // Each move carries the position after it, for the page to walk the game.
      if (!game_.played_.empty() && game_.played_.size() == moves.size())
        game_.played_.back()["position"] = game_.kind_.position(position);
      game_.bump();
    }
    void game_ended(const session::GameResult<G>& r) override {
      std::lock_guard lock(game_.mutex_);
      // The turn that was not answered (a flag fall, a resignation, a stop) spent its time too.
      if (game_.settings_.clock && game_.thinking_ >= 0 && !game_.answered_ && !game_.over_)
        game_.clock_ms_[game_.thinking_] =
            std::max<std::int64_t>(0, game_.clock_ms_[game_.thinking_] - elapsed_ms(game_.asked_));
      game_.over_ = true;
      game_.thinking_ = -1;
      game_.result_ = session::result_text(r);
      game_.reason_ = r.reason;
      game_.bump();
    }

   private:
    WebGame& game_;
  };

  static Json error(const std::string& message) { return Json{{"error", message}}; }

  // A machine's report while it thinks (its thread, inside choose()): the state carries it as
  // "thinking" until the move is made.
  void progress(int side, const Thought<Move>& t) {
    std::lock_guard lock(mutex_);
    if (thinking_ != side || over_) return;
    live_ = thought_json(position_, t);
    live_["side"] = side;
    live_["time_ms"] = elapsed_ms(asked_);
    bump();
  }

  void bump() {
    ++version_;
    changed_.notify_all();
  }

  Json thought_json(const G& position, const Thought<Move>& t) const {
    Json j{{"nodes", t.nodes}, {"depth", t.depth}, {"explanation", t.explanation}};
    if (t.score) j["score"] = *t.score;
    Json line = Json::array();
    G p = position;
    for (const Move& m : t.line) {
      if (!session::is_legal_move(p, m)) break;
      line.push_back(kind_.move_text(p, m));
      p.play(m);
    }
    j["line"] = std::move(line);
    return j;
  }

  Json state_locked() const {
    const int side = index(position_.side_to_move());
    Json j{{"id", id_},
           {"game", kind_.name},
           {"version", version_},
           {"position", kind_.position(position_)},
           {"start", kind_.position(start_)},
           {"side", side},
           {"moves", played_},
           {"over", over_},
           {"result", result_},
           {"reason", reason_}};
    Json players = Json::array();
    for (int s = 0; s < 2; ++s)
      players.push_back(
          {{"name", names_[s]}, {"spec", specs_[s]}, {"person", settings_.person[s]}});
    j["players"] = std::move(players);
    std::string status = "over";
    if (!over_)
      status = settings_.person[side] ? (waiting_[side] ? "your-move" : "wait") : "thinking";
    j["status"] = status;
    if (status == "thinking" && !live_.is_null()) j["thinking"] = live_;
    if (status == "your-move") {
      Json legal = Json::array();
      typename G::MoveList list;
      position_.generate_moves(list);
      std::size_t n = 0;
      for (const Move& m : list) {
        if (++n > 500) break;  // Nim can have very many
        legal.push_back(kind_.move_id(position_, m));
      }
      j["legal"] = std::move(legal);
    }
    if (settings_.clock) {
      j["clock"] = {{"ms", {clock_ms_[0], clock_ms_[1]}},
                    {"increment_ms", settings_.clock->increment_ms},
                    {"running", over_ ? -1 : thinking_},
                    {"running_for_ms", over_ || thinking_ < 0 ? 0 : elapsed_ms(asked_)}};
    }
    j["record"] = {{"path", record_path_},
                   {"extension", kind_.extension},
                   {"text", kind_.record(start_, moves_, over_ ? result_ : "*", reason_, names_)}};
    return j;
  }

  void run() {
    Stoppable first_machine(machines_[0] ? *machines_[0] : seats_[0], stopping_);
    Stoppable second_machine(machines_[1] ? *machines_[1] : seats_[1], stopping_);
    Player<G>& first = machines_[0] ? static_cast<Player<G>&>(first_machine) : seats_[0];
    Player<G>& second = machines_[1] ? static_cast<Player<G>&>(second_machine) : seats_[1];
    // The record first: when the page hears that the game is over, the file is written.
    std::vector<session::GameObserver<G>*> observers;
    std::optional<session::TextRecord<G>> record;
    if (!record_path_.empty()) {
      record.emplace(record_path_, "minimax serve", &std::cerr, "minimax serve: ",
                     [this](const G& start, std::span<const Move> moves, const std::string& result,
                            const std::string& reason) {
                       return kind_.record(start, moves, result, reason, names_);
                     });
      observers.push_back(&*record);
    }
    observers.push_back(&observer_);
    session::play_game(start_, first, second, settings_, kind_.adapter, observers);
  }

  std::string id_;
  GameKind<G> kind_;
  G start_, position_;
  std::vector<Move> moves_;
  std::vector<Json> played_;  // one entry per move played: text, id, side, thought
  session::GameSettings settings_;
  std::string record_path_;
  Machine machines_[2];
  std::string names_[2], specs_[2];
  Seat seats_[2];
  Watcher observer_;

  mutable std::mutex mutex_;
  std::condition_variable changed_;
  std::uint64_t version_ = 1;
  bool waiting_[2] = {false, false};
  std::optional<Thought<Move>> pending_;
  bool over_ = false, closing_ = false;
  std::atomic<bool> stopping_{false};
  std::string result_ = "*", reason_;
  int thinking_ = -1;
  bool answered_ = false;  // the turn asked by before_move has its move (move_chosen)
  Json live_;              // the thinking machine's latest report (progress), null before its first
  TimePoint asked_ = now();
  std::int64_t clock_ms_[2] = {0, 0};
  std::thread thread_;
};

}  // namespace minimax::serve
