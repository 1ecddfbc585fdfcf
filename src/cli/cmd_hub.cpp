// minimax hub: serve the Hub protocol for draughts on stdin/stdout (for draughts GUIs and match
// tools).
#include <ostream>

#include "cli/app.hpp"
#include "cli/commands.hpp"
#include "hub/hub.hpp"

namespace minimax::cli {

int cmd_hub(Args args, std::istream& in, std::ostream& out, std::ostream& err) {
  CommandApp app(
      "hub",
      "Speaks the Hub protocol for English draughts on standard input and output (for draughts "
      "GUIs and match tools); the parameter machine chooses which draughts machine answers (the "
      "engine by default). See docs/hub.md.");
  if (auto status = parse_args(app, args, out, err)) return *status;
  return hub::run_hub(in, out);
}

}  // namespace minimax::cli
