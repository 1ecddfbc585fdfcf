#pragma once
// The end-game rule programs (rules.hpp) measured against the exact result: Syzygy tablebases,
// read through machines/chess/syzygy.hpp (docs/endgame-rules.md). Every legal position of the
// ending is played out, the program against a perfect defender (the Syzygy move that keeps the
// loss longest by DTZ), and again against every defence at once (the program's worst case).
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.hpp"
#include "games/chess/position.hpp"

namespace minimax::chess::endgame {

struct EndingReport {
  std::string ending;  // krk, kpk
  std::uint64_t positions = 0, white_to_move = 0;
  std::uint64_t won = 0;                    // won for the strong side (either side to move)
  std::uint64_t won_against_tb = 0;         // ... that the program won against the perfect defender
  std::uint64_t won_against_all = 0;        // ... that it wins against every defence
  std::uint64_t drawn = 0, drawn_held = 0;  // drawn, and held by the lone king's program
  // Over the won positions with the strong side to move, in moves of the strong side:
  int longest = 0, optimum_longest = 0, longest_any = 0, longest_promotion = 0;
  double mean = 0, optimum_mean = 0, mean_any = 0, mean_promotion = 0;
  int most_extra = 0;          // the most moves over the optimum (where the optimum is known)
  bool optimum_known = false;  // Syzygy DTZ is the distance to mate (KRK), not for KPK
  std::vector<std::string> failures;  // FENs of the first positions not won or not held
};

// ending: krk or kpk; the Syzygy tables in `syzygy_dir`. With sample_every > 1 only every such
// position of the index is a starting position (the tests' quick sample).
Expected<EndingReport> check_ending(std::string_view ending, const std::string& syzygy_dir,
                                    std::uint32_t sample_every = 1);

struct PlayedMove {
  std::string san;
  bool by_program = false;
  int dtz = 0;  // Syzygy's DTZ after the move, from the side then to move
  int wdl = 0;  // -2..2 for the side then to move
};
// The program's game from `start` against perfect defence (the side not played by the program
// plays Syzygy's longest-resisting move); the rule program plays both sides where the position is
// drawn (the defender holds it against the tablebase's best try).
struct PlayedGame {
  int start_wdl = 0;  // Syzygy's -2..2 at the start, for the side to move
  int start_dtz = 0;
  std::vector<PlayedMove> moves;
  std::string ending;  // "checkmate", "stalemate", "the man taken", "a position thrice", ...
};
Expected<PlayedGame> play_against_tablebase(const Position& start, const std::string& syzygy_dir,
                                            int max_plies = 400);

}  // namespace minimax::chess::endgame
