#include "machines/chess/uci_engine.hpp"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

#include "core/clock.hpp"
#include "core/text.hpp"
#include "machines/chess/book.hpp"

namespace minimax::chess {

Expected<std::unique_ptr<UciEngine>> UciEngine::start(const std::string& path,
                                                      std::int64_t handshake_ms) {
  if (access(path.c_str(), X_OK) != 0)
    return Error{"cannot run UCI engine '" + path + "' (not an executable file)"};
  int in_pipe[2], out_pipe[2];
  if (pipe(in_pipe) != 0) return Error{"cannot start '" + path + "': pipe failed"};
  if (pipe(out_pipe) != 0) {
    close(in_pipe[0]);
    close(in_pipe[1]);
    return Error{"cannot start '" + path + "': pipe failed"};
  }
  signal(SIGPIPE, SIG_IGN);  // an engine that dies must not kill minimax
  const pid_t pid = fork();
  if (pid < 0) return Error{"cannot start '" + path + "': fork failed"};
  if (pid == 0) {
    setpgid(0, 0);  // its own process group, so that a hung engine is killed with its children
    dup2(in_pipe[0], 0);
    dup2(out_pipe[1], 1);
    close(in_pipe[0]);
    close(in_pipe[1]);
    close(out_pipe[0]);
    close(out_pipe[1]);
    execl(path.c_str(), path.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  close(in_pipe[0]);
  close(out_pipe[1]);
  std::unique_ptr<UciEngine> e(new UciEngine());
  e->pid_ = pid;
  e->to_ = fdopen(in_pipe[1], "w");
  e->from_ = out_pipe[0];
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
  if (to_) {
    send("quit");
    std::fclose(to_);
  }
  if (from_ >= 0) close(from_);
  if (pid_ > 0) {
    int status = 0;
    for (int i = 0; i < 50; ++i) {
      if (waitpid(pid_, &status, WNOHANG) == pid_) return;
      usleep(10000);
    }
    kill(-pid_, SIGKILL);
    kill(pid_, SIGKILL);
    waitpid(pid_, &status, 0);
  }
}

bool UciEngine::send(const std::string& line) {
  if (!to_) return false;
  if (std::fputs((line + "\n").c_str(), to_) < 0) return false;
  return std::fflush(to_) == 0;
}

bool UciEngine::read_line(std::string& line, std::int64_t timeout_ms) {
  line.clear();
  const TimePoint start = now();
  for (;;) {
    if (const auto end = pending_.find('\n'); end != std::string::npos) {
      line = pending_.substr(0, end);
      pending_.erase(0, end + 1);
      std::erase(line, '\r');
      return true;
    }
    int wait = -1;
    if (timeout_ms >= 0) {
      const std::int64_t left = timeout_ms - elapsed_ms(start);
      if (left <= 0) return false;
      wait = static_cast<int>(std::min<std::int64_t>(left, 1'000'000));
    }
    pollfd p{from_, POLLIN, 0};
    const int ready = poll(&p, 1, wait);
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) return false;
    char buffer[4096];
    const ssize_t n = read(from_, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {  // the end of the output: a last line without its end
      line = std::move(pending_);
      pending_.clear();
      std::erase(line, '\r');
      return !line.empty();
    }
    pending_.append(buffer, static_cast<std::size_t>(n));
  }
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
  if (pid_ <= 0 || !exit_text().empty()) {
    if (!restart()) return;  // choose() will say it is not running
    failure_.clear();
  }
  send("ucinewgame");
  send("isready");
  wait_for("readyok", handshake_ms_);
}

// Why the engine's process is gone, if it is: "died (exit status 3)", "was killed by signal 9".
std::string UciEngine::exit_text() {
  if (pid_ <= 0) return "is not running";
  int status = 0;
  if (waitpid(pid_, &status, WNOHANG) != pid_) return "";
  pid_ = -1;
  if (WIFEXITED(status)) return "died (exit status " + std::to_string(WEXITSTATUS(status)) + ")";
  if (WIFSIGNALED(status))
    return "died (killed by signal " + std::to_string(WTERMSIG(status)) + ")";
  return "died";
}

void UciEngine::stop_process() {
  if (pid_ > 0) {
    kill(-pid_, SIGKILL);  // the engine's process group: a script's children too
    kill(pid_, SIGKILL);
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
  }
  if (to_) std::fclose(to_);
  to_ = nullptr;
  if (from_ >= 0) close(from_);
  from_ = -1;
  pending_.clear();
}

bool UciEngine::restart() {
  stop_process();
  auto fresh = start(path_, handshake_ms_);
  if (!fresh) return false;
  UciEngine& f = **fresh;
  std::swap(pid_, f.pid_);
  std::swap(to_, f.to_);
  std::swap(from_, f.from_);
  for (const auto& [option, value] : options_sent_)
    send("setoption name " + option + " value " + value);
  return true;
}

Thought<chess::Move> UciEngine::choose(const chess::Position& position, const Limits& limits) {
  Thought<chess::Move> t;
  if (pid_ <= 0) {
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
