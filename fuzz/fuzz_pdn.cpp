// PDN (draughts): what is read writes back to PDN that reads to the same moves and final position.
#include "fuzz_common.hpp"
#include "games/draughts/notation.hpp"
#include "games/draughts/pdn.hpp"

using namespace minimax;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto games = draughts::read_pdn(fuzz::text_of(data, size));
  if (!games) {
    fuzz::one_line(games.error(), "read_pdn");
    return 0;
  }
  for (const auto& g : *games) {
    const std::string written = draughts::write_pdn(g);
    auto again = draughts::read_pdn_game(written);
    fuzz::require(static_cast<bool>(again), "PDN written back does not read:\n" + written);
    fuzz::require(again->moves.size() == g.moves.size(),
                  "PDN written back has another number of moves:\n" + written);
    fuzz::require(draughts::to_fen(again->final_position()) == draughts::to_fen(g.final_position()),
                  "PDN written back ends elsewhere:\n" + written);
  }
  return 0;
}
