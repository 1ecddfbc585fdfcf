#include "cli/chess_args.hpp"

#include <utility>

#include "core/text.hpp"

namespace minimax::cli {

Expected<FenArgs> read_fen_args(const std::vector<std::string>& args, std::size_t keep,
                                bool chess960) {
  if (args.size() <= keep) return Error{"a position is needed (a FEN, or startpos)"};
  if (args[0] == "startpos") {
    auto p = chess::Position::from_fen(chess::kStartFen, chess960);
    return FenArgs{*p, 1};
  }
  // A quoted FEN is one argument; an unquoted one is 4 to 6 (EPD-style without the counters).
  if (args[0].find(' ') != std::string::npos) {
    auto p = chess::Position::from_fen(args[0], chess960);
    if (!p) return Error{p.error()};
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
  return Error{first_error};  // the FEN reader's message quotes what it was given
}

Expected<chess::Position> read_whole_fen(const std::vector<std::string>& args, bool chess960) {
  auto fen = read_fen_args(args, 0, chess960);
  if (!fen) return Error{fen.error()};
  if (fen->used != args.size())
    return Error{"unexpected argument '" + args[fen->used] + "' after the FEN"};
  return std::move(fen->position);
}

}  // namespace minimax::cli
