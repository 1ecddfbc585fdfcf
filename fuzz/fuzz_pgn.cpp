// PGN: what is read writes back to PGN that reads to the same main line.
#include "fuzz_common.hpp"
#include "games/chess/pgn.hpp"

using namespace minimax;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto games = chess::parse_pgn(fuzz::text_of(data, size));
  if (!games) {
    fuzz::one_line(games.error(), "parse_pgn");
    return 0;
  }
  for (const auto& g : *games) {
    const std::string written = chess::write_pgn(g);
    auto again = chess::parse_pgn(written);
    fuzz::require(static_cast<bool>(again), "PGN written back does not read:\n" + written);
    fuzz::require(again->size() == 1, "PGN written back reads as several games:\n" + written);
    fuzz::require(again->front().main_line() == g.main_line(),
                  "PGN written back has another main line:\n" + written);
  }
  return 0;
}
