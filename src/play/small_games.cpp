#include "play/small_games.hpp"

#include <ostream>

namespace minimax::play {

// Placeholders until issue 3's games land; they say so plainly.
int play_nim(cli::Args, std::istream&, std::ostream&, std::ostream& err) {
  err << "minimax play: nim is not built yet\n";
  return 2;
}
int play_tictactoe(cli::Args, std::istream&, std::ostream&, std::ostream& err) {
  err << "minimax play: tictactoe is not built yet\n";
  return 2;
}

}  // namespace minimax::play
