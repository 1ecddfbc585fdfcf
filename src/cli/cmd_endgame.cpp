// minimax endgame check|play: Turing's end-game programs and the Torres y Quevedo-style KRK
// machine measured against Syzygy (docs/endgame-rules.md).
//   minimax endgame check krk|kpk [--tb DIR]     every legal position of the ending played out
//   minimax endgame play krk|kpk FEN [--tb DIR]    the program's game from one position
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ostream>
#include <string>
#include <vector>

#include "cli/app.hpp"
#include "cli/chess_args.hpp"
#include "cli/commands.hpp"
#include "machines/chess/endgame_rules/check.hpp"
#include "machines/chess/endgame_rules/mini_board.hpp"

namespace minimax::cli {

namespace {

using chess::endgame::check_ending;
using chess::endgame::play_against_tablebase;

// The tablebase folder: `given`, else $SYZYGY_PATH, else "" (none named).
std::string default_syzygy_path(const std::string& given) {
  if (!given.empty()) return given;
  if (const char* env = std::getenv("SYZYGY_PATH"); env && *env) return env;
  return "";
}

std::string fixed(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}

int endgame_check(const std::string& ending, const std::string& dir, std::ostream& out,
                  std::ostream& err) {
  auto r = check_ending(ending, dir);
  if (!r) {
    err << "minimax endgame check: " << r.error() << '\n';
    return 1;
  }
  const std::string side = ending == "kpk" ? "the pawn" : "the rook";
  out << ending << ": " << r->positions << " legal positions (" << r->white_to_move << " with "
      << side << "'s side to move), Syzygy: " << r->won << " won, " << r->drawn << " drawn\n";
  out << "won positions won against perfect defence: " << r->won_against_tb << " of " << r->won
      << '\n';
  out << "won positions won against every defence:   " << r->won_against_all << " of " << r->won
      << '\n';
  out << "drawn positions held by the lone king:     " << r->drawn_held << " of " << r->drawn
      << '\n';
  out << "moves to mate, " << side << "'s side to move, against perfect defence: longest "
      << r->longest << ", mean " << fixed(r->mean) << '\n';
  out << "moves to mate against the worst defence for the program: longest " << r->longest_any
      << ", mean " << fixed(r->mean_any) << '\n';
  if (r->optimum_known) {
    out << "optimum (Syzygy DTZ, here the distance to mate): longest " << r->optimum_longest
        << ", mean " << fixed(r->optimum_mean) << "; the program takes at most " << r->most_extra
        << " moves more\n";
  } else {
    out << "moves to promotion against perfect defence: longest " << r->longest_promotion
        << ", mean " << fixed(r->mean_promotion) << '\n';
    out << "optimum: Syzygy's DTZ counts to the next pawn move, not to mate; the distance-to-mate "
           "optimum comes with minimax's own tables\n";
  }
  for (const auto& f : r->failures) out << "  failed: " << f << '\n';
  const bool exact =
      r->won_against_tb == r->won && r->won_against_all == r->won && r->drawn_held == r->drawn;
  if (exact) {
    out << "exact: every won position won, every drawn position held\n";
    return 0;
  }
  out << "NOT exact: see the positions above\n";
  err << "minimax endgame check: " << ending
      << " is not exact: " << r->won - std::min(r->won_against_tb, r->won_against_all)
      << " won positions not won, " << r->drawn - r->drawn_held << " drawn positions not held\n";
  return 1;
}

int endgame_play(const std::string& ending, const std::vector<std::string>& fen_words,
                 const std::string& dir, std::ostream& out, std::ostream& err) {
  const std::string who = "minimax endgame play: ";
  auto fen = read_whole_fen(fen_words, false);
  if (!fen) {
    err << who << fen.error() << '\n';
    return 2;
  }
  const auto view = chess::endgame::read_mini(*fen);
  const chess::PieceType wanted = ending == "krk" ? chess::rook : chess::pawn;
  if (!view || view->mini.type != wanted) {
    err << who << "the position is not " << (ending == "krk" ? "KRK" : "KPK") << '\n';
    return 2;
  }
  auto game = play_against_tablebase(*fen, dir);
  if (!game) {
    err << who << game.error() << '\n';
    return 2;
  }
  const auto* line = &game->moves;
  const auto& start = *fen;
  const char* value[] = {"lost", "lost (cursed)", "drawn", "won (cursed)", "won"};
  out << start.fen() << "\nSyzygy: " << value[game->start_wdl + 2] << " for the side to move";
  if (game->start_wdl != 0) out << ", DTZ " << game->start_dtz;
  out << '\n';
  int number = start.fullmove_number();
  bool white = start.side() == chess::white;
  if (!white) out << number << "...";
  for (std::size_t i = 0; i < line->size(); ++i) {
    const auto& m = (*line)[i];
    if (white) out << (i ? "\n" : "") << number << ". ";
    out << m.san << (m.by_program ? "" : "*") << ' ';
    if (!white) ++number;
    white = !white;
  }
  out << "\n" << game->ending << "  (* the tablebase's move)\n";
  return 0;
}

}  // namespace

int cmd_endgame(Args args, std::istream&, std::ostream& out, std::ostream& err) {
  CommandApp app(
      "endgame",
      "Turing's end-game programs (KRK, KPK) and the Torres y Quevedo-style KRK machine, "
      "measured against Syzygy tablebases (docs/endgame-rules.md).");
  app.require_subcommand(1);
  std::string ending, tb;
  std::vector<std::string> play_args;
  auto* check = app.add_subcommand("check", "play out every legal position of the ending");
  check->add_option("ENDING", ending, "krk or kpk")
      ->required()
      ->check(CLI::IsMember({"krk", "kpk"}));
  auto* check_tb = check->add_option("--tb", tb, "the Syzygy folder (default $SYZYGY_PATH)");
  auto* play = app.add_subcommand("play", "the program's game from one position");
  play->add_option("ENDING FEN", play_args, "krk or kpk, then the position")->required();
  auto* play_tb = play->add_option("--tb", tb, "the Syzygy folder (default $SYZYGY_PATH)");
  if (auto status = parse_args(app, args, out, err)) return *status;
  if ((check_tb->count() > 0 || play_tb->count() > 0) && tb.empty()) {
    err << "minimax endgame: --tb: an empty folder name\n";
    return 2;
  }
  const std::string dir = default_syzygy_path(tb);
  if (dir.empty()) {
    err << "minimax endgame: no Syzygy folder: give --tb DIR or set SYZYGY_PATH\n";
    return 2;
  }
  if (check->parsed()) return endgame_check(ending, dir, out, err);
  if (play_args.size() < 2) {
    err << "minimax endgame play: an ending and a FEN are needed: minimax endgame play kpk FEN\n";
    return 2;
  }
  if (play_args[0] != "krk" && play_args[0] != "kpk") {
    err << "minimax endgame play: unknown ending '" << play_args[0] << "' (krk, kpk)\n";
    return 2;
  }
  return endgame_play(play_args[0], {play_args.begin() + 1, play_args.end()}, dir, out, err);
}

}  // namespace minimax::cli
