#pragma once
// minimax's own chess tables against Syzygy's WDL tables (../shared/data/syzygy), read with
// Debian's libfathom: position by position, win, draw or loss for the side to move. Syzygy's WDL
// knows the fifty-move rule (a cursed win, a blessed loss); the tables do not, so a cursed win
// counts as a win and a blessed loss as a loss, and both are counted.
#include <tbprobe.h>

#include <cstdint>
#include <string>
#include <vector>

#include "../../../test_paths.hpp"
#include "machines/chess/endgame/tables.hpp"

namespace minimax::test::chess_tables {

using namespace minimax::chess;
using namespace minimax::chess::endgame;

// tb_init once; false when the tables are absent.
inline bool syzygy_ready() {
  static const bool ready = [] {
    const auto dir = shared_data_dir();
    if (dir.empty()) return false;
    const std::string path = (dir / "syzygy").string();
    return tb_init(path.c_str()) && TB_LARGEST >= 4;
  }();
  return ready;
}

struct Agreement {
  std::uint64_t compared = 0, agree = 0, cursed_wins = 0, blessed_losses = 0, failed = 0;
  std::vector<std::string> mismatches;  // the first few, FEN and both values
};

inline Outcome syzygy_wdl(const Men& m, unsigned* raw = nullptr) {
  std::uint64_t by_color[2] = {0, 0}, by_type[7] = {};
  for (int k = 0; k < m.count; ++k) {
    by_color[color_of(m.man[k].piece)] |= bb(m.man[k].square);
    by_type[type_of(m.man[k].piece)] |= bb(m.man[k].square);
  }
  const unsigned r =
      tb_probe_wdl(by_color[white], by_color[black], by_type[king], by_type[queen], by_type[rook],
                   by_type[bishop], by_type[knight], by_type[pawn], 0, 0,
                   m.ep == no_square ? 0u : static_cast<unsigned>(m.ep), m.side == white);
  if (raw) *raw = r;
  if (r == TB_RESULT_FAILED) return Outcome::none;
  if (r == TB_WIN || r == TB_CURSED_WIN) return Outcome::win;
  if (r == TB_LOSS || r == TB_BLESSED_LOSS) return Outcome::loss;
  return Outcome::draw;
}

// Every `step`-th index of the ending's table (1: every position), starting at `offset`.
inline Agreement compare_with_syzygy(const Tables& tables, const std::string& ending,
                                     std::uint64_t step = 1, std::uint64_t offset = 0) {
  Agreement a;
  const auto material = Material::parse(ending)->canonical();
  const TableIndex index(material);
  const auto* cells = tables.cells(material.name());
  if (!cells) return a;
  for (std::uint64_t i = offset; i < index.size(); i += step) {
    Men m;
    if (!index.decode(i, m)) continue;
    ++a.compared;
    const auto ours = tables.probe(m);
    unsigned raw = 0;
    const Outcome theirs = syzygy_wdl(m, &raw);
    if (raw == TB_RESULT_FAILED) {
      ++a.failed;
      continue;
    }
    a.cursed_wins += raw == TB_CURSED_WIN;
    a.blessed_losses += raw == TB_BLESSED_LOSS;
    if (ours && ours->wdl == theirs) {
      ++a.agree;
    } else if (a.mismatches.size() < 5) {
      a.mismatches.push_back(m.fen() + " ours " +
                             (ours ? std::string(to_string(ours->wdl)) : "none") + " syzygy " +
                             std::string(to_string(theirs)));
    }
  }
  return a;
}

}  // namespace minimax::test::chess_tables
