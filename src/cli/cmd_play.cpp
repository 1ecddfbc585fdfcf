// minimax play GAME [options]: a person (or any machine) against a machine at the terminal.
#include <ostream>

#include "cli/commands.hpp"
#include "play/chess_session.hpp"
#include "play/draughts_session.hpp"
#include "play/small_games.hpp"

namespace minimax::cli {

int cmd_play(Args args, std::istream& in, std::ostream& out, std::ostream& err) {
  if (args.empty()) {
    err << "minimax play: name a game: chess, draughts, nim or tictactoe\n";
    return 2;
  }
  const std::string& game = args[0];
  Args rest = args.subspan(1);
  if (game == "chess") return play::play_chess(rest, in, out, err);
  if (game == "draughts" || game == "checkers") return play::play_draughts(rest, in, out, err);
  if (game == "nim") return play::play_nim(rest, in, out, err);
  if (game == "tictactoe" || game == "noughts-and-crosses") return play::play_tictactoe(rest, in, out, err);
  err << "minimax play: unknown game '" << game << "' (games: chess, draughts, nim, tictactoe)\n";
  return 2;
}

}  // namespace minimax::cli
