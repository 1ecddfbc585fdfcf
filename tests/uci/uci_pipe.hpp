#pragma once
// Drives `minimax uci` as a GUI would: a child process behind two pipes, lines written to its
// standard input and read from its standard output. Waits are guards against a hang (generous,
// never asserted as timings).
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace minimax::test {

class UciPipe {
 public:
  explicit UciPipe(const std::string& binary) {
    int to_child[2], from_child[2];
    if (pipe(to_child) != 0 || pipe(from_child) != 0) return;
    pid_ = fork();
    if (pid_ == 0) {
      dup2(to_child[0], 0);
      dup2(from_child[1], 1);
      close(to_child[1]);
      close(from_child[0]);
      execl(binary.c_str(), binary.c_str(), "uci", static_cast<char*>(nullptr));
      _exit(127);
    }
    close(to_child[0]);
    close(from_child[1]);
    in_ = to_child[1];
    out_ = from_child[0];
    signal(SIGPIPE, SIG_IGN);
  }
  ~UciPipe() {
    if (in_ >= 0) close(in_);
    if (pid_ > 0) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
    if (out_ >= 0) close(out_);
  }
  [[nodiscard]] bool ok() const { return pid_ > 0; }

  void send(const std::string& line) {
    std::string s = line + "\n";
    [[maybe_unused]] auto n = write(in_, s.data(), s.size());
  }
  void close_input() {
    close(in_);
    in_ = -1;
  }

  // The next line, or nullopt after `seconds` without one (or at end of output).
  std::optional<std::string> read_line(double seconds = 20.0) {
    const auto deadline = std::chrono::steady_clock::now() +
                          std::chrono::milliseconds(static_cast<int>(seconds * 1000));
    while (true) {
      auto nl = buffer_.find('\n');
      if (nl != std::string::npos) {
        std::string line = buffer_.substr(0, nl);
        buffer_.erase(0, nl + 1);
        transcript_.push_back(line);
        return line;
      }
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                            deadline - std::chrono::steady_clock::now())
                            .count();
      if (left <= 0) return std::nullopt;
      pollfd p{out_, POLLIN, 0};
      if (poll(&p, 1, static_cast<int>(left)) <= 0) return std::nullopt;
      char chunk[4096];
      const ssize_t n = read(out_, chunk, sizeof chunk);
      if (n <= 0) return std::nullopt;
      buffer_.append(chunk, static_cast<std::size_t>(n));
    }
  }

  // Reads until a line satisfies `want`; every line read on the way is passed to `seen` (if
  // given). Returns the line, or nullopt if none came in time.
  std::optional<std::string> read_until(const std::function<bool(const std::string&)>& want,
                                        double seconds = 20.0,
                                        const std::function<void(const std::string&)>& seen = {}) {
    const auto deadline = std::chrono::steady_clock::now() +
                          std::chrono::milliseconds(static_cast<int>(seconds * 1000));
    while (true) {
      const double left =
          std::chrono::duration<double>(deadline - std::chrono::steady_clock::now()).count();
      if (left <= 0) return std::nullopt;
      auto line = read_line(left);
      if (!line) return std::nullopt;
      if (seen) seen(*line);
      if (want(*line)) return line;
    }
  }
  std::optional<std::string> read_starting(
      const std::string& prefix, double seconds = 20.0,
      const std::function<void(const std::string&)>& seen = {}) {
    return read_until([&](const std::string& l) { return l.rfind(prefix, 0) == 0; }, seconds, seen);
  }

  // Exit status after quit (waits up to `seconds`); -1 if it did not exit.
  int wait_exit(double seconds = 10.0) {
    const auto deadline = std::chrono::steady_clock::now() +
                          std::chrono::milliseconds(static_cast<int>(seconds * 1000));
    while (std::chrono::steady_clock::now() < deadline) {
      int status = 0;
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        return WIFEXITED(status) ? WEXITSTATUS(status) : -2;
      }
      usleep(2000);
    }
    return -1;
  }

  [[nodiscard]] const std::vector<std::string>& transcript() const { return transcript_; }

 private:
  pid_t pid_ = -1;
  int in_ = -1, out_ = -1;
  std::string buffer_;
  std::vector<std::string> transcript_;
};

}  // namespace minimax::test
