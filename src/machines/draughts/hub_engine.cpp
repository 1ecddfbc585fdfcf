#include "machines/draughts/hub_engine.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>

#include "core/clock.hpp"
#include "core/protocol_line.hpp"
#include "core/text.hpp"
#include "games/draughts/hub_notation.hpp"

namespace minimax::draughts {

Expected<std::unique_ptr<HubEngine>> HubEngine::start(const std::string& command,
                                                      std::int64_t handshake_ms) {
  const auto words = command_words(command);
  auto process = ChildProcess::start(words);
  if (!process) return Error{"cannot start Hub engine '" + command + "': " + process.error()};
  std::unique_ptr<HubEngine> e(new HubEngine());
  e->process_ = std::move(*process);
  e->command_ = command;
  e->name_ = "hub:" + command;
  e->handshake_ms_ = handshake_ms;
  std::string why;
  if (!e->handshake(why)) return Error{"'" + command + "' " + why};
  return e;
}

HubEngine::~HubEngine() {
  if (process_) {
    process_->send("quit");
    process_->stop(500);
  }
}

bool HubEngine::handshake(std::string& why) {
  process_->send("hub");
  std::string line;
  bool waiting = false;
  while (process_->read_line(line, handshake_ms_)) {
    auto parsed = parse_protocol_line(line);
    if (!parsed) continue;
    if (parsed->command == "id")
      if (const auto n = parsed->value("name")) name_ = "hub:" + *n;
    if (parsed->command == "wait") {
      waiting = true;
      break;
    }
  }
  if (!waiting) {
    why = "did not answer 'hub' with 'wait' (within " + std::to_string(handshake_ms_) + " ms)";
    return false;
  }
  for (const auto& [option, value] : options_sent_)
    process_->send("set-param name=" + protocol_value(option) + " value=" + protocol_value(value));
  process_->send("init");
  if (!wait_for("ready", handshake_ms_)) {
    why = "did not answer 'init' with 'ready' (within " + std::to_string(handshake_ms_) + " ms)";
    return false;
  }
  return true;
}

bool HubEngine::wait_for(const std::string& command, std::int64_t timeout_ms) {
  const TimePoint start = now();
  std::string line;
  for (;;) {
    const std::int64_t left = timeout_ms - elapsed_ms(start);
    if (left <= 0 || !process_->read_line(line, left)) return false;
    auto parsed = parse_protocol_line(line);
    if (parsed && parsed->command == command) return true;
  }
}

bool HubEngine::restart() {
  if (process_) process_->stop(0);
  auto process = ChildProcess::start(command_words(command_));
  if (!process) return false;
  process_ = std::move(*process);
  std::string why;
  return handshake(why);
}

Status HubEngine::set_option(std::string_view option, std::string_view value) {
  // Parameters are sent before `init`: a later one is given to a fresh start of the engine.
  options_sent_.emplace_back(option, value);
  if (!restart()) return Error{name_ + " could not be started again with " + std::string(option)};
  return Ok{};
}

void HubEngine::new_game() {
  if (!process_ || !process_->running() || !process_->exit_text().empty()) {
    if (!restart()) return;  // choose() will say it is not running
    failure_.clear();
  }
  process_->send("new-game");
  process_->send("ping");
  wait_for("pong", handshake_ms_);
}

void HubEngine::set_game(const Draughts& start, const std::vector<Move>& moves) {
  Draughts p = start;
  game_start_ = hub_position(start);
  game_moves_.clear();
  for (const Move& m : moves) {
    Draughts::MoveList legal;
    p.generate_moves(legal);
    if (std::find(legal.begin(), legal.end(), m) == legal.end()) {  // not a game
      game_start_.clear();
      return;
    }
    game_moves_.push_back(hub_move(p, m));
    p.play(m);
  }
  game_key_ = p.key();
}

std::string HubEngine::position_command(const Draughts& position) const {
  if (game_start_.empty() || position.key() != game_key_)
    return "pos pos=" + hub_position(position);
  std::string line = "pos pos=" + game_start_;
  if (!game_moves_.empty()) line += " moves=" + protocol_value(join(game_moves_, " "));
  return line;
}

Thought<Move> HubEngine::choose(const Draughts& position, const Limits& limits) {
  Thought<Move> t;
  if (!process_ || !process_->running()) {
    t.failure = "is not running (it " +
                (failure_.empty() ? std::string("was not started") : failure_) + ")";
    return t;
  }
  const int mover = position.side_to_move() == kBlack ? 0 : 1;
  auto seconds = [](std::int64_t ms) {
    char s[32];
    std::snprintf(s, sizeof s, "%.3f", static_cast<double>(ms) / 1000.0);
    return std::string(s);
  };
  std::string level = "level";
  if (limits.depth) level += " depth=" + std::to_string(*limits.depth);
  if (limits.nodes) level += " nodes=" + std::to_string(*limits.nodes);
  if (limits.movetime_ms) level += " move-time=" + seconds(*limits.movetime_ms);
  if (limits.time_left_ms[mover]) {
    // Hub's time is before the increment, which the engine adds.
    const std::int64_t inc = limits.increment_ms[mover];
    level += " time=" + seconds(std::max<std::int64_t>(0, *limits.time_left_ms[mover] - inc));
    if (inc) level += " inc=" + seconds(inc);
    if (limits.moves_to_go) level += " moves=" + std::to_string(*limits.moves_to_go);
  }
  if (limits.infinite) level += " infinite";
  if (level == "level") level += " move-time=1";
  process_->send(position_command(position));
  process_->send(level);
  process_->send("go think");
  std::int64_t wait = kUnboundedWaitMs;
  if (limits.movetime_ms)
    wait = *limits.movetime_ms + kAnswerMarginMs;
  else if (limits.time_left_ms[mover])
    wait = *limits.time_left_ms[mover] + kAnswerMarginMs;
  else if (level.ends_with("move-time=1"))
    wait = 1000 + kAnswerMarginMs;
  const TimePoint asked = now();
  std::string line;
  for (;;) {
    const std::int64_t left = wait - elapsed_ms(asked);
    if (left <= 0 || !process_->read_line(line, left)) break;
    auto parsed = parse_protocol_line(line);
    if (!parsed || parsed->command.empty()) continue;
    if (parsed->command == "info") {
      if (const auto s = parsed->value("score"))
        if (const auto v = parse_double(*s)) t.score = static_cast<int>(std::lround(*v * 100));
      if (const auto d = parsed->value("depth"))
        if (const auto v = parse_int(*d)) t.depth = static_cast<int>(*v);
      if (const auto n = parsed->value("nodes"))
        if (const auto v = parse_int(*n)) t.nodes = static_cast<std::uint64_t>(*v);
      continue;
    }
    if (parsed->command == "error") {
      t.explanation = line;
      continue;
    }
    if (parsed->command == "done") {
      const auto text = parsed->value("move");
      if (!text) {
        t.failure = "answered '" + std::string(trim(line)) + "', not a move";
        return t;
      }
      auto m = parse_hub_move(position, *text);
      if (m)
        t.move = *m;
      else
        t.failure = "played an illegal move " + *text;
      t.explanation = line;
      return t;
    }
  }
  // The output ended before the time did: the process is ending; give it a moment to be reaped.
  std::string gone = process_->exit_text();
  for (int i = 0; gone.empty() && elapsed_ms(asked) < wait && i < 200; ++i) {
    usleep(10000);
    gone = process_->exit_text();
  }
  if (!gone.empty()) {
    failure_ = gone;
  } else {
    failure_ = "gave no move within " + std::to_string(wait) + " ms";
    process_->stop(0);
  }
  t.failure = failure_;
  return t;
}

void tell_hub_game(Player<Draughts>& player, const Draughts& start,
                   const std::vector<Move>& moves) {
  if (auto* engine = dynamic_cast<HubEngine*>(&player)) engine->set_game(start, moves);
}

}  // namespace minimax::draughts
