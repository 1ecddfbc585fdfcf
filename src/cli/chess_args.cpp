#include "cli/chess_args.hpp"

#include "core/text.hpp"

namespace minimax::cli {

namespace {

// The reader's message names the fault ("expected 4 to 6 fields"); the command line's names the
// argument too when the message does not already quote it.
std::string naming(const std::string& arg, const std::string& message) {
  if (message.find(arg) != std::string::npos) return message;
  return "'" + arg + "' is not a position (" + message + ")";
}

}  // namespace

Expected<FenArgs> read_fen_args(const std::vector<std::string>& args, std::size_t keep, bool chess960) {
  if (args.size() <= keep) return Error{"a position is needed (a FEN, or startpos)"};
  if (args[0] == "startpos") {
    auto p = chess::Position::from_fen(chess::kStartFen, chess960);
    return FenArgs{*p, 1};
  }
  // A quoted FEN is one argument; an unquoted one is 4 to 6 (EPD-style without the counters).
  if (args[0].find(' ') != std::string::npos) {
    auto p = chess::Position::from_fen(args[0], chess960);
    if (!p) return Error{naming(args[0], p.error())};
    return FenArgs{*p, 1};
  }
  std::string first_error;
  const std::size_t most = std::min<std::size_t>(6, args.size() - keep);
  for (std::size_t n = most; n >= 1; --n) {
    std::vector<std::string> fields(args.begin(), args.begin() + static_cast<std::ptrdiff_t>(n));
    auto p = chess::Position::from_fen(join(fields, " "), chess960);
    if (p) return FenArgs{*p, n};
    if (first_error.empty()) first_error = p.error();
    if (n < 4) break;
  }
  return Error{naming(args[0], first_error)};
}

}  // namespace minimax::cli
