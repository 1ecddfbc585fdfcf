#pragma once
// Another program behind two pipes, spoken to a line at a time: what an external engine is (a UCI
// chess engine, a Hub draughts engine). The program runs in its own process group, so a hung one
// is killed with its children; lines are read with poll(), so a program that never answers cannot
// hang minimax; and a program that dies is seen as such ("died (exit status 3)").
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "core/expected.hpp"

namespace minimax {

class ChildProcess {
 public:
  // Starts argv[0] (a path, or a name looked up in PATH) with the arguments that follow; an Error
  // if it cannot be run.
  static Expected<std::unique_ptr<ChildProcess>> start(const std::vector<std::string>& argv);
  // Kills the program (and its process group) if it is still running.
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  // Writes the line and a newline; false if the program no longer reads.
  bool send(const std::string& line);
  // The next line, without its end (and without '\r'); false at the end of the output or after
  // timeout_ms (-1: no limit). A last line without its end is returned at the end of the output.
  bool read_line(std::string& line, std::int64_t timeout_ms = -1);
  // Why the process is gone ("died (exit status 3)", "died (killed by signal 9)"); empty while
  // it runs.
  std::string exit_text();
  // Waits up to wait_ms for the process to end, then kills it and its process group.
  void stop(std::int64_t wait_ms = 0);
  [[nodiscard]] bool running() const { return pid_ > 0; }

 private:
  ChildProcess() = default;
  int pid_ = -1;
  std::FILE* to_ = nullptr;
  int from_ = -1;
  std::string pending_;  // read but not yet returned
  std::string gone_;     // exit_text() once known
};

// The words of a command line, split at spaces; "double quotes" keep spaces in a word.
std::vector<std::string> command_words(const std::string& command);

}  // namespace minimax
