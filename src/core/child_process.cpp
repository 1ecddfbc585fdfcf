#include "core/child_process.hpp"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <filesystem>

#include "core/clock.hpp"

namespace minimax {

namespace {

// Whether `name` can be run: an executable path, or a name found in PATH.
bool runnable(const std::string& name) {
  if (name.find('/') != std::string::npos) return access(name.c_str(), X_OK) == 0;
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "/usr/bin:/bin";
  for (std::size_t at = 0; at <= dirs.size();) {
    const std::size_t colon = std::min(dirs.find(':', at), dirs.size());
    const std::string dir = dirs.substr(at, colon - at);
    if (!dir.empty() && access((dir + "/" + name).c_str(), X_OK) == 0) return true;
    at = colon + 1;
  }
  return false;
}

}  // namespace

std::vector<std::string> command_words(const std::string& command) {
  std::vector<std::string> words;
  std::string word;
  bool quoted = false, any = false;
  for (char c : command) {
    if (c == '"') {
      quoted = !quoted;
      any = true;
    } else if ((c == ' ' || c == '\t') && !quoted) {
      if (any) words.push_back(word);
      word.clear();
      any = false;
    } else {
      word += c;
      any = true;
    }
  }
  if (any) words.push_back(word);
  return words;
}

Expected<std::unique_ptr<ChildProcess>> ChildProcess::start(const std::vector<std::string>& argv) {
  if (argv.empty() || argv[0].empty()) return Error{"no program named"};
  const std::string& path = argv[0];
  if (!runnable(path)) return Error{"cannot run '" + path + "' (not an executable file)"};
  int in_pipe[2], out_pipe[2];
  if (pipe(in_pipe) != 0) return Error{"cannot start '" + path + "': pipe failed"};
  if (pipe(out_pipe) != 0) {
    close(in_pipe[0]);
    close(in_pipe[1]);
    return Error{"cannot start '" + path + "': pipe failed"};
  }
  signal(SIGPIPE, SIG_IGN);  // a program that dies must not kill minimax
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const pid_t pid = fork();
  if (pid < 0) {
    for (int fd : {in_pipe[0], in_pipe[1], out_pipe[0], out_pipe[1]}) close(fd);
    return Error{"cannot start '" + path + "': fork failed"};
  }
  if (pid == 0) {
    setpgid(0, 0);  // its own process group, so that a hung program is killed with its children
    dup2(in_pipe[0], 0);
    dup2(out_pipe[1], 1);
    for (int fd : {in_pipe[0], in_pipe[1], out_pipe[0], out_pipe[1]}) close(fd);
    execvp(args[0], args.data());
    _exit(127);
  }
  close(in_pipe[0]);
  close(out_pipe[1]);
  std::unique_ptr<ChildProcess> p(new ChildProcess());
  p->pid_ = pid;
  p->to_ = fdopen(in_pipe[1], "w");
  p->from_ = out_pipe[0];
  return p;
}

ChildProcess::~ChildProcess() { stop(500); }

bool ChildProcess::send(const std::string& line) {
  if (!to_) return false;
  if (std::fputs((line + "\n").c_str(), to_) < 0) return false;
  return std::fflush(to_) == 0;
}

bool ChildProcess::read_line(std::string& line, std::int64_t timeout_ms) {
  line.clear();
  if (from_ < 0) return false;
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

std::string ChildProcess::exit_text() {
  if (pid_ <= 0) return gone_.empty() ? "is not running" : gone_;
  int status = 0;
  if (waitpid(pid_, &status, WNOHANG) != pid_) return "";
  pid_ = -1;
  if (WIFEXITED(status))
    gone_ = "died (exit status " + std::to_string(WEXITSTATUS(status)) + ")";
  else if (WIFSIGNALED(status))
    gone_ = "died (killed by signal " + std::to_string(WTERMSIG(status)) + ")";
  else
    gone_ = "died";
  return gone_;
}

void ChildProcess::stop(std::int64_t wait_ms) {
  if (to_) std::fclose(to_);  // the program sees the end of its input
  to_ = nullptr;
  if (pid_ > 0) {
    int status = 0;
    const TimePoint start = now();
    bool ended = false;
    while (elapsed_ms(start) < wait_ms)
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        ended = true;
        break;
      } else {
        usleep(5000);
      }
    if (!ended) {
      kill(-pid_, SIGKILL);  // the process group: a script's children too
      kill(pid_, SIGKILL);
      waitpid(pid_, &status, 0);
    }
    pid_ = -1;
    if (gone_.empty()) gone_ = "was stopped";
  }
  if (from_ >= 0) close(from_);
  from_ = -1;
  pending_.clear();
}

}  // namespace minimax
