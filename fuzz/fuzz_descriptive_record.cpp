// Game records in descriptive notation (Turing's games as printed): read, and every ply given
// back; an error is one line.
#include "fuzz_common.hpp"
#include "games/chess/descriptive_game.hpp"

using namespace minimax;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto r = chess::parse_descriptive_record(fuzz::text_of(data, size));
  if (!r) {
    fuzz::one_line(r.error(), "parse_descriptive_record");
    return 0;
  }
  (void)r->plies();
  return 0;
}
