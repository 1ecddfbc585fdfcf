#pragma once
// Running the real binary (MINIMAX_BINARY) in a scratch directory, for the tests of tests/qa that
// look at exit status, standard output and standard error.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace minimax::qa {

struct ProcessRun {
  int status = -1;  // exit status; -1 when killed by a signal
  int signal = 0;
  std::string out, err;
};

inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::ostringstream s;
  s << f.rdbuf();
  return s.str();
}

inline std::string quoted(const std::string& s) {
  std::string q = "'";
  for (const char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

// Runs minimax with args and the given standard input, in a scratch directory.
inline ProcessRun run_minimax(const std::vector<std::string>& args, const std::string& input = "") {
  static int counter = 0;
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("minimax_qa_e2e_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string tag = std::to_string(counter++);
  const std::filesystem::path in = dir / ("in" + tag), out = dir / ("out" + tag),
                              err = dir / ("err" + tag);
  std::ofstream(in, std::ios::binary) << input;
  std::string cmd = "cd " + quoted(dir.string()) + " && " + quoted(MINIMAX_BINARY);
  for (const auto& a : args) cmd += " " + quoted(a);
  cmd += " <" + quoted(in.string()) + " >" + quoted(out.string()) + " 2>" + quoted(err.string());
  const int raw = std::system(cmd.c_str());
  ProcessRun r;
  if (WIFEXITED(raw)) r.status = WEXITSTATUS(raw);
  if (WIFSIGNALED(raw)) r.signal = WTERMSIG(raw);
  r.out = slurp(out);
  r.err = slurp(err);
  std::filesystem::remove(in);
  std::filesystem::remove(out);
  std::filesystem::remove(err);
  return r;
}

inline std::filesystem::path scratch(const std::string& name) {
  return std::filesystem::temp_directory_path() / ("minimax_qa_e2e_" + std::to_string(::getpid())) /
         name;
}

}  // namespace minimax::qa
