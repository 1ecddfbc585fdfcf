#pragma once
// The subcommands of `minimax`. Each lives in its own file src/cli/cmd_<name>.cpp and is listed in
// commands.cpp. A command gets its arguments after the subcommand name and returns the exit status;
// it writes results to `out` and one-line errors to `err`.
#include <iosfwd>
#include <span>
#include <string>
#include <string_view>

namespace minimax::cli {

using Args = std::span<const std::string>;

struct Command {
  std::string_view name;
  std::string_view summary;  // one line for `minimax help`; `minimax NAME --help` prints the help
                             // CLI11 generates from the command's declarations (cli/app.hpp)
  int (*run)(Args args, std::istream& in, std::ostream& out, std::ostream& err);
};

std::span<const Command> commands();
const Command* find_command(std::string_view name);

// Runs `minimax ARGS...` (args exclude the program name); used by main and by tests.
int run_main(Args args, std::istream& in, std::ostream& out, std::ostream& err);

}  // namespace minimax::cli
