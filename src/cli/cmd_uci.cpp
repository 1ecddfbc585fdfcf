// minimax uci: serve the Universal Chess Interface on stdin/stdout (for chess GUIs and match tools).
#include <ostream>

#include "cli/commands.hpp"
#include "uci/uci.hpp"

namespace minimax::cli {

int cmd_uci(Args args, std::istream& in, std::ostream& out, std::ostream& err) {
  if (!args.empty()) {
    err << "minimax uci: takes no arguments, got '" << args[0] << "'\n";
    return 2;
  }
  return uci::run_uci(in, out);
}

}  // namespace minimax::cli
