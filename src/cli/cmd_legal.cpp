// minimax legal FEN MOVE: is the move legal here? MOVE in UCI, SAN or descriptive notation.
// Answers "legal: <SAN>" (exit 0), or one line saying why not: "illegal: ...", "ambiguous: ..."
// (exit 1); a malformed move, a bad FEN or bad usage is one line on stderr (exit 2).
#include <ostream>
#include <string>
#include <vector>

#include "cli/app.hpp"
#include "cli/chess_args.hpp"
#include "cli/commands.hpp"
#include "core/text.hpp"
#include "games/chess/move_text.hpp"
#include "games/chess/san.hpp"

namespace minimax::cli {

int cmd_legal(Args args, std::istream&, std::ostream& out, std::ostream& err) {
  bool chess960 = false;
  std::vector<std::string> rest;
  CommandApp app(
      "legal",
      "Is a move legal here? Prints 'legal: <SAN>' (exit 0), or why not: 'illegal: ...', "
      "'ambiguous: ...' (exit 1).");
  app.add_option(
      "FEN MOVE", rest,
      "the position (one quoted argument, its fields, or startpos), then the move in UCI "
      "(e2e4), SAN (Nf3) or descriptive notation (P-K4)");
  app.add_flag("--chess960", chess960, "the castling field may name rook files (X-FEN)");
  if (auto status = parse_args(app, args, out, err)) return *status;
  if (rest.size() < 2) {
    err << "minimax legal: a position and a move are needed: minimax legal FEN MOVE\n";
    return 2;
  }
  auto fen = read_fen_args(rest, 1, chess960);
  if (!fen) {
    err << "minimax legal: " << fen.error() << "\n";
    return 2;
  }
  std::vector<std::string> move_words(rest.begin() + static_cast<std::ptrdiff_t>(fen->used),
                                      rest.end());
  const std::string text = join(move_words, " ");
  auto m = chess::parse_move_text(fen->position, text);
  if (m) {
    out << "legal: " << chess::to_san(fen->position, *m) << '\n';
    return 0;
  }
  if (starts_with(m.error(), "malformed")) {
    err << "minimax legal: " << m.error() << '\n';
    return 2;
  }
  out << m.error() << '\n';
  return 1;
}

}  // namespace minimax::cli
