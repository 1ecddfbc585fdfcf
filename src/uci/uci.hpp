#pragma once
// `minimax uci`: the Universal Chess Interface (Huber and Meyer-Kahlen, 2006) in front of
// minimax's chess machines. Commands are read on the caller's thread; a search runs on its own
// thread so that isready, stop and ponderhit are answered while it thinks.
#include <iosfwd>
#include <string>

namespace minimax::uci {

// Serves UCI on in/out until `quit` or the end of input. Returns the exit status.
int run_uci(std::istream& in, std::ostream& out);

// Every option `uci` lists, a line each with its type, default, range and help (from the same
// table as the option lines), for `minimax uci --help`.
std::string options_help();

}  // namespace minimax::uci
