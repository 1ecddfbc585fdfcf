// minimax show FEN [--ascii] [--chess960]: the board of a position, and what the FEN says besides.
#include <ostream>
#include <string>
#include <vector>

#include "cli/app.hpp"
#include "cli/chess_args.hpp"
#include "cli/commands.hpp"
#include "core/text.hpp"
#include "games/chess/position.hpp"

namespace minimax::cli {

namespace {

std::string castling_text(const chess::Position& pos) {
  // The FEN's own castling field says it in the FEN's terms (KQkq, or rook files in Chess960).
  auto fields = split_whitespace(pos.fen());
  return fields.size() > 2 ? fields[2] : "-";
}

}  // namespace

int cmd_show(Args args, std::istream&, std::ostream& out, std::ostream& err) {
  bool ascii = false, chess960 = false;
  std::vector<std::string> rest;
  CommandApp app("show",
                 "The board of a chess position (Unicode pieces, or letters with "
                 "--ascii), the side to move, castling rights and the en-passant "
                 "square.");
  app.add_option("FEN", rest, "the position: one quoted argument, its fields, or startpos")
      ->required();
  app.add_flag("--ascii", ascii, "letters instead of Unicode pieces");
  app.add_flag("--chess960", chess960, "the castling field may name rook files (X-FEN)");
  if (auto status = parse_args(app, args, out, err)) return *status;
  auto fen = read_whole_fen(rest, chess960);
  if (!fen) {
    err << "minimax show: " << fen.error() << "\n";
    return 2;
  }
  const chess::Position& pos = *fen;
  out << pos.to_string(ascii);
  out << "side to move: " << (pos.side() == chess::white ? "white" : "black") << '\n';
  out << "castling: " << castling_text(pos) << '\n';
  out << "en passant: " << chess::square_name(pos.ep_square()) << '\n';
  out << "halfmove clock: " << pos.halfmove_clock() << ", move " << pos.fullmove_number() << '\n';
  if (pos.is_checkmate())
    out << "checkmate\n";
  else if (pos.is_stalemate())
    out << "stalemate\n";
  else if (pos.in_check())
    out << "check\n";
  out << "fen: " << pos.fen() << '\n';
  return 0;
}

}  // namespace minimax::cli
