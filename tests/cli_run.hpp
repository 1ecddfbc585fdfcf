#pragma once
// One `minimax` command run in-process, as the tests of the command line use it.
#include <sstream>
#include <string>
#include <vector>

#include "cli/commands.hpp"

namespace minimax::test {

struct CliRun {
  int status;
  std::string out, err;
};

inline CliRun run_cli(const std::vector<std::string>& args, const std::string& input = "") {
  std::istringstream in(input);
  std::ostringstream out, err;
  const int st = cli::run_main(args, in, out, err);
  return {st, out.str(), err.str()};
}

}  // namespace minimax::test
