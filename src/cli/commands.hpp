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
  std::string_view summary;  // one line for `minimax help`
  // Shown by `minimax NAME --help`; empty for a command whose flags are declared with CLI11
  // (cli/app.hpp), which then prints the help generated from them.
  std::string_view usage;
  int (*run)(Args args, std::istream& in, std::ostream& out, std::ostream& err);
};

std::span<const Command> commands();
const Command* find_command(std::string_view name);

// Runs `minimax ARGS...` (args exclude the program name); used by main and by tests.
int run_main(Args args, std::istream& in, std::ostream& out, std::ostream& err);

// True if args contain --help or -h; commands call this first.
bool wants_help(Args args);

}  // namespace minimax::cli
