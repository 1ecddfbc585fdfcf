#include "play/chess_session.hpp"

#include <ostream>

namespace minimax::play {

// Placeholder until the chess game loop lands (issue 5).
int play_chess(cli::Args, std::istream&, std::ostream&, std::ostream& err) {
  err << "minimax play: chess is not built yet\n";
  return 2;
}

}  // namespace minimax::play
