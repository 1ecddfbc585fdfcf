// EPD: a record read writes back to a line that reads and writes back identically.
#include "fuzz_common.hpp"
#include "games/chess/epd.hpp"
#include "games/chess/position.hpp"

using namespace minimax;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto text = fuzz::text_of(data, size);
  if (text.find('\n') != std::string_view::npos) return 0;
  (void)chess::epd_is_blank_or_comment(text);
  auto r = chess::parse_epd(text);
  if (!r) {
    fuzz::one_line(r.error(), "parse_epd");
    return 0;
  }
  if (auto counts = r->perft_counts(); !counts) fuzz::one_line(counts.error(), "perft_counts");
  if (auto pos = chess::Position::from_fen(r->fen(), r->chess960()); !pos)
    fuzz::one_line(pos.error(), "Position::from_fen of an EPD");
  const std::string written = chess::write_epd(*r);
  auto again = chess::parse_epd(written);
  fuzz::require(static_cast<bool>(again), "EPD written back does not read: " + written);
  fuzz::require(chess::write_epd(*again) == written, "EPD round trip changed: " + written);
  return 0;
}
