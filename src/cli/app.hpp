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
#include <cstdint>
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
// was wrong ("minimax show: unknown option '--foo' (options: --ascii, --chess960)",
// "minimax bench: unexpected argument '7'", "minimax perft: --depth: 'x' is not a whole number").
std::optional<int> parse_args(CLI::App& app, Args args, std::ostream& out, std::ostream& err);

// A check on a value: a whole number in lo..hi, with core/text's messages ("'x' is not a whole
// number", "99 is out of range 1..40").
CLI::Validator whole_number(std::int64_t lo, std::int64_t hi);
// A finite number (with a fraction) in lo..hi, or above lo when `above_lo` ("'x' is not a number
// above 0", "'2' is not a number from 0 to 0.9").
CLI::Validator real_number(double lo, double hi, bool above_lo = false);
// A finite number greater than zero.
inline CLI::Validator positive_number() { return real_number(0, 1e300, true); }

}  // namespace minimax::cli
