#include "machines/chess/engine/tablebase.hpp"

namespace minimax::chess::engine {

std::string_view to_string(TbWdl wdl) {
  switch (wdl) {
    case TbWdl::win:
      return "win";
    case TbWdl::cursed_win:
      return "cursed win";
    case TbWdl::draw:
      return "draw";
    case TbWdl::blessed_loss:
      return "blessed loss";
    case TbWdl::loss:
      return "loss";
  }
  return "draw";
}

// A zeroing move on the 100th ply after the last one still comes in time (a mate there wins, a
// capture there resets the counter first), so a win needs dtz + counter <= 100. Syzygy's DTZ may
// be one ply too high, never too low, so the test errs on the safe side.
int tb_rank(int dtz, int halfmove_clock, bool rule50) {
  if (dtz > 0) {
    if (rule50 && dtz + halfmove_clock > 100) return 1000 - (dtz + halfmove_clock);
    return 2000 - dtz;
  }
  if (dtz < 0) {
    if (rule50 && -2 * dtz + halfmove_clock >= 100) return -1000 + (-dtz + halfmove_clock);
    return -1000;
  }
  return 0;
}

TbWdl tb_root_wdl(int best_dtz, int halfmove_clock, bool rule50) {
  if (best_dtz > 0)
    return rule50 && best_dtz + halfmove_clock > 100 ? TbWdl::cursed_win : TbWdl::win;
  if (best_dtz < 0)
    return rule50 && -best_dtz + halfmove_clock > 100 ? TbWdl::blessed_loss : TbWdl::loss;
  return TbWdl::draw;
}

}  // namespace minimax::chess::engine
