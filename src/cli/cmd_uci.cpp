// minimax uci: serve the Universal Chess Interface on stdin/stdout (for chess GUIs and match
// tools).
#include <ostream>

#include "cli/app.hpp"
#include "cli/commands.hpp"
#include "uci/uci.hpp"

namespace minimax::cli {

int cmd_uci(Args args, std::istream& in, std::ostream& out, std::ostream& err) {
  CommandApp app(
      "uci",
      "Speaks the Universal Chess Interface on standard input and output (for GUIs and "
      "match tools); the option Machine chooses which chess machine answers (the engine by "
      "default). See docs/uci.md.");
  app.footer([] { return "options (setoption name NAME value VALUE):\n" + uci::options_help(); });
  if (auto status = parse_args(app, args, out, err)) return *status;
  return uci::run_uci(in, out);
}

}  // namespace minimax::cli
