// minimax: one binary, many subcommands (src/cli/commands.cpp lists them).
#include <iostream>
#include <string>
#include <vector>

#include "cli/commands.hpp"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  std::vector<std::string> args(argv + 1, argv + argc);
  return minimax::cli::run_main(args, std::cin, std::cout, std::cerr);
}
