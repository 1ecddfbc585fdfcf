// minimax tb probe PATH FEN: a position looked up in Syzygy tablebases (docs/syzygy.md).
//   fen: ...
//   result: win | cursed win | draw | blessed loss | loss   (for the side to move, counting the
//           FEN's fifty-move counter)
//   dtz: N      plies to the next capture, pawn move or mate with best play, signed
//   best move: SAN (UCI)   the move that keeps the result nearest to zeroing (longest for a loss)
//   moves: every legal move with its result and DTZ from the position, best first
// A bad FEN is a usage error (exit 2); no tables at PATH, a position the tables do not hold or a
// build without Syzygy support is one line and exit 1.
#include <algorithm>
#include <ostream>
#include <string>
#include <vector>

#include "cli/app.hpp"
#include "cli/chess_args.hpp"
#include "cli/commands.hpp"
#include "games/chess/san.hpp"
#include "machines/chess/engine/tablebase.hpp"
#include "machines/chess/syzygy.hpp"

namespace minimax::cli {

namespace {

using chess::engine::TbMove;
using chess::engine::TbWdl;

int tb_probe(const std::string& path, const std::vector<std::string>& fen_words, std::ostream& out,
             std::ostream& err) {
  const std::string who = "minimax tb probe: ";
  auto fen = read_whole_fen(fen_words, false);
  if (!fen) {
    err << who << fen.error() << '\n';
    return 2;
  }
  const chess::Position& pos = *fen;
  if (!chess::syzygy_built()) {
    err << who << chess::syzygy_not_built_message() << '\n';
    return 1;
  }
  auto tables = chess::open_syzygy(path);
  if (!tables) {
    err << who << tables.error() << '\n';
    return 1;
  }
  const int pieces = chess::popcount(pos.pieces());
  if (pieces > (*tables)->max_pieces()) {
    err << who << "the position has " << pieces << " pieces; the tables in " << path
        << " hold up to " << (*tables)->max_pieces() << '\n';
    return 1;
  }
  if (pos.castling_rights() != 0) {
    err << who << "the position has castling rights; Syzygy tables hold none\n";
    return 1;
  }
  out << "fen: " << pos.fen() << '\n';
  out << "side to move: " << (pos.side() == chess::white ? "white" : "black") << '\n';
  if (pos.is_checkmate()) {
    out << "result: loss (checkmated)\n";
    return 0;
  }
  if (pos.is_stalemate()) {
    out << "result: draw (stalemate)\n";
    return 0;
  }
  const auto root = (*tables)->probe_root(pos);
  if (!root) {
    err << who << "a table needed for " << pos.fen() << " is missing from " << path << '\n';
    return 1;
  }
  const int clock = pos.halfmove_clock();
  out << "result: " << to_string(chess::engine::tb_root_wdl(root->dtz, clock, true)) << '\n';
  out << "dtz: " << root->dtz << '\n';
  // Best first: by rank under the fifty-move rule, a loss's longest resistance before its others.
  std::vector<TbMove> moves = root->moves;
  std::stable_sort(moves.begin(), moves.end(), [clock](const TbMove& a, const TbMove& b) {
    const int ra = chess::engine::tb_rank(a.dtz, clock, true);
    const int rb = chess::engine::tb_rank(b.dtz, clock, true);
    if (ra != rb) return ra > rb;
    return a.dtz < 0 && b.dtz < 0 && a.dtz < b.dtz;
  });
  out << "best move: " << chess::to_san(pos, moves[0].move) << " ("
      << pos.move_to_string(moves[0].move) << ")\n";
  out << "moves:";
  for (std::size_t i = 0; i < moves.size(); ++i)
    out << (i ? ", " : " ") << chess::to_san(pos, moves[i].move) << ' '
        << to_string(chess::engine::tb_root_wdl(moves[i].dtz, clock, true)) << ' ' << moves[i].dtz;
  out << '\n';
  return 0;
}

}  // namespace

int cmd_tb(Args args, std::istream&, std::ostream& out, std::ostream& err) {
  std::string path;
  std::vector<std::string> fen_words;
  CommandApp app("tb",
                 "Syzygy endgame tablebases (read through Fathom). 'probe PATH FEN' prints the "
                 "win, draw or loss for the side to move (cursed win and blessed loss where the "
                 "fifty-move rule decides, counting the FEN's halfmove clock), the DTZ (plies to "
                 "the next capture, pawn move or mate with best play), the best move by DTZ and "
                 "every move's result.");
  app.require_subcommand(1, 1);
  CLI::App* probe = app.add_subcommand("probe", "look a position up: minimax tb probe PATH FEN");
  probe->add_option("PATH", path, "directory of .rtbw/.rtbz files (several separated by ':')")
      ->required();
  probe->add_option("FEN", fen_words, "the position (one quoted argument or its fields)")
      ->required();
  if (auto status = parse_args(app, args, out, err)) return *status;
  return tb_probe(path, fen_words, out, err);
}

}  // namespace minimax::cli
