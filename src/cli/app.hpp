#pragma once
// Every command's flags are declared with CLI11 (Debian's libcli11-dev): the parser, the checks on
// each value and the `--help` text all come from the same declarations.
//
// API:
//   CommandApp app("show", "show a chess position");
//   app.add_flag("--ascii", ascii, "letters instead of Unicode pieces");
//   if (auto status = parse_args(app, args, out, err)) return *status;   // --help, or a bad flag
// `minimax help NAME` and `minimax NAME --help` both print the text CLI11 generates.
#include <CLI/CLI.hpp>
#include <optional>
#include <string_view>

#include "cli/commands.hpp"

namespace minimax::cli {

// The parser of `minimax COMMAND`, described by `summary`; its help starts "usage: minimax
// COMMAND".
class CommandApp : public CLI::App {
 public:
  CommandApp(std::string_view command, std::string_view summary);
};

// Parses `args`. Returns nothing when the command should go on; otherwise the exit status: 0 after
// printing the help to `out` (--help or -h), 2 after printing one line on `err` that names what
// was wrong ("minimax show: The following argument was not expected: --foo (see minimax show
// --help)").
std::optional<int> parse_args(CLI::App& app, Args args, std::ostream& out, std::ostream& err);

}  // namespace minimax::cli
