#include "machines/chess/uci_engine.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>

#include "core/clock.hpp"
#include "core/text.hpp"
#include "machines/chess/book.hpp"

namespace minimax::chess {

Expected<std::unique_ptr<UciEngine>> UciEngine::start(const std::string& path,
                                                      std::int64_t handshake_ms) {
  auto process = ChildProcess::start({path});
  if (!process) {
    if (process.error().find("not an executable") != std::string::npos)
      return Error{"cannot run UCI engine '" + path + "' (not an executable file)"};
    return Error{process.error()};
  }
  std::unique_ptr<UciEngine> e(new UciEngine());
  e->process_ = std::move(*process);
  e->name_ = "uci:" + path;
  e->path_ = path;
  e->handshake_ms_ = handshake_ms;
  e->send("uci");
  std::string line;
  bool ok = false;
  while (e->read_line(line, handshake_ms)) {
    if (starts_with(line, "id name ")) e->name_ = std::string(trim(line.substr(8)));
    if (trim(line) == "uciok") {
      ok = true;
      break;
    }
  }
  if (!ok)
    return Error{"'" + path + "' did not answer 'uci' with 'uciok' (within " +
                 std::to_string(handshake_ms) + " ms)"};
  return e;
}

UciEngine::~UciEngine() {
  if (process_) {
    send("quit");
    process_->stop(500);
  }
}

bool UciEngine::send(const std::string& line) { return process_ && process_->send(line); }

bool UciEngine::read_line(std::string& line, std::int64_t timeout_ms) {
  line.clear();
  return process_ && process_->read_line(line, timeout_ms);
}

bool UciEngine::wait_for(const std::string& token, std::int64_t timeout_ms) {
  const TimePoint start = now();
  std::string line;
  for (;;) {
    const std::int64_t left = timeout_ms - elapsed_ms(start);
    if (left <= 0 || !read_line(line, left)) return false;
    if (trim(line) == token) return true;
  }
}

Status UciEngine::set_option(std::string_view option, std::string_view value) {
  options_sent_.emplace_back(option, value);
  if (!send("setoption name " + std::string(option) + " value " + std::string(value)))
    return Error{name_ + " is not running"};
  return Ok{};
}

void UciEngine::new_game() {
  if (!process_ || !process_->running() || !exit_text().empty()) {
    if (!restart()) return;  // choose() will say it is not running
    failure_.clear();
  }
  send("ucinewgame");
  send("isready");
  wait_for("readyok", handshake_ms_);
}

// Why the engine's process is gone, if it is: "died (exit status 3)", "was killed by signal 9".
std::string UciEngine::exit_text() { return process_ ? process_->exit_text() : "is not running"; }

void UciEngine::stop_process() {
  if (process_) process_->stop(0);
}

bool UciEngine::restart() {
  stop_process();
  auto fresh = start(path_, handshake_ms_);
  if (!fresh) return false;
  std::swap(process_, (*fresh)->process_);
  for (const auto& [option, value] : options_sent_)
    send("setoption name " + option + " value " + value);
  return true;
}

Thought<chess::Move> UciEngine::choose(const chess::Position& position, const Limits& limits) {
  Thought<chess::Move> t;
  if (!process_ || !process_->running()) {
    t.failure = "is not running (it " +
                (failure_.empty() ? std::string("was not started") : failure_) + ")";
    return t;
  }
  send(position_command(position));
  std::string go = "go";
  if (limits.depth) go += " depth " + std::to_string(*limits.depth);
  if (limits.nodes) go += " nodes " + std::to_string(*limits.nodes);
  if (limits.movetime_ms) go += " movetime " + std::to_string(*limits.movetime_ms);
  if (limits.time_left_ms[0] && limits.time_left_ms[1])
    go += " wtime " + std::to_string(*limits.time_left_ms[0]) + " btime " +
          std::to_string(*limits.time_left_ms[1]) + " winc " +
          std::to_string(limits.increment_ms[0]) + " binc " +
          std::to_string(limits.increment_ms[1]);
  if (go == "go") go += " movetime 1000";
  send(go);
  // How long an answer may take: the move's time or the mover's clock, and a margin; a search
  // bounded only by depth or nodes gets kUnboundedWaitMs. Past it the engine is hung: killed, the
  // game lost by forfeit, and started afresh for the next game.
  std::int64_t wait = kUnboundedWaitMs;
  const int mover = position.side() == chess::white ? 0 : 1;
  if (limits.movetime_ms)
    wait = *limits.movetime_ms + kAnswerMarginMs;
  else if (limits.time_left_ms[mover])
    wait = *limits.time_left_ms[mover] + kAnswerMarginMs;
  const TimePoint asked = now();
  std::string line;
  for (;;) {
    const std::int64_t left = wait - elapsed_ms(asked);
    if (left <= 0 || !read_line(line, left)) break;
    const auto words = split_whitespace(line);
    if (words.empty()) continue;
    if (words[0] == "info") {
      for (std::size_t i = 0; i + 2 < words.size(); ++i)
        if (words[i] == "score" && words[i + 1] == "cp") {
          if (auto v = parse_int(words[i + 2])) t.score = static_cast<int>(*v);
        }
      continue;
    }
    if (words[0] == "bestmove") {
      auto m = words.size() >= 2 ? position.parse_uci(words[1])
                                 : Expected<chess::Move>(Error{"no move"});
      const auto is_square = [](char f, char r) {
        return f >= 'a' && f <= 'h' && r >= '1' && r <= '8';
      };
      const std::string text = words.size() >= 2 ? words[1] : "";
      if (m)
        t.move = *m;
      else if ((text.size() == 4 || text.size() == 5) && is_square(text[0], text[1]) &&
               is_square(text[2], text[3]))
        t.failure = "played an illegal move " + text;
      else
        t.failure = "answered '" + std::string(trim(line)) + "', not a move";
      t.explanation = line;
      return t;
    }
  }
  // The output ended before the time did: the process is ending; give it a moment to be reaped.
  std::string gone = exit_text();
  for (int i = 0; gone.empty() && elapsed_ms(asked) < wait && i < 200; ++i) {
    usleep(10000);
    gone = exit_text();
  }
  if (!gone.empty()) {
    failure_ = gone;
    t.failure = gone;
  } else {
    failure_ = "gave no bestmove within " + std::to_string(wait) + " ms";
    t.failure = failure_;
    stop_process();
  }
  return t;
}

void UciEngine::set_game(const chess::Position& start, const std::vector<chess::Move>& moves) {
  chess::Position pos = start;
  game_start_ = !start.chess960() && start.fen() == chess::Position().fen() ? "startpos"
                                                                            : "fen " + start.fen();
  game_moves_.clear();
  for (const chess::Move m : moves) {
    if (!pos.is_legal(m)) {  // not a game: fall back to the FEN
      game_start_.clear();
      return;
    }
    game_moves_.push_back(pos.move_to_string(m));
    pos.play(m);
  }
  game_key_ = pos.key();
  game_plies_ = pos.plies_played();
}

std::string UciEngine::position_command(const chess::Position& position) const {
  // The game told must lead to this very position (same key, same length of history).
  if (game_start_.empty() || position.key() != game_key_ || position.plies_played() != game_plies_)
    return "position fen " + position.fen();
  std::string line = "position " + game_start_;
  if (!game_moves_.empty()) line += " moves " + join(game_moves_, " ");
  return line;
}

void tell_game(chess::ChessPlayer& player, const chess::Position& start,
               const std::vector<chess::Move>& moves) {
  if (auto* engine = dynamic_cast<UciEngine*>(&player)) engine->set_game(start, moves);
  if (auto* booked = dynamic_cast<BookPlayer*>(&player)) tell_game(booked->machine(), start, moves);
}

}  // namespace minimax::chess
