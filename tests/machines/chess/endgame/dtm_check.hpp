#pragma once
// The distances to mate checked move by move, with nothing but the rules: a position won in d
// plies has a move to a position lost in d - 1 and none to one lost in fewer; a position lost in
// d has only moves to positions won in at most d - 1, one of them in exactly d - 1 (d = 0: mate);
// a drawn position has no move to a lost one and one to a drawn one (or is stalemate). Values
// that satisfy this everywhere are the true distances (by induction on d), whatever built them.
#include <cstdint>
#include <string>

#include "machines/chess/endgame/tables.hpp"

namespace minimax::test::chess_tables {

struct DtmCheck {
  std::uint64_t checked = 0, consistent = 0;
  std::string first_fault;
};

inline DtmCheck check_distances(const chess::endgame::Tables& tables, const std::string& ending,
                                std::uint64_t step = 1, std::uint64_t offset = 0) {
  using namespace minimax::chess;
  using namespace minimax::chess::endgame;
  DtmCheck c;
  const auto material = Material::parse(ending)->canonical();
  const TableIndex index(material);
  for (std::uint64_t i = offset; i < index.size(); i += step) {
    Men m;
    if (!index.decode(i, m)) continue;
    ++c.checked;
    const auto here = tables.probe(m);
    int moves = 0, quickest_loss = -1, slowest_win = -1, draws = 0;
    bool unknown = false;
    for_each_move(m, [&](const Men& child, bool) {
      ++moves;
      const auto r = tables.probe(child);
      if (!r) {
        unknown = true;
        return;
      }
      if (r->wdl == Outcome::loss && (quickest_loss < 0 || r->dtm < quickest_loss))
        quickest_loss = r->dtm;
      if (r->wdl == Outcome::win) slowest_win = std::max(slowest_win, r->dtm);
      draws += r->wdl == Outcome::draw;
    });
    bool ok = here && !unknown;
    if (ok && moves == 0) {
      const bool mate = m.attacks(~m.side, m.king(m.side), m.occupied());
      ok = mate ? (here->wdl == Outcome::loss && here->dtm == 0) : here->wdl == Outcome::draw;
    } else if (ok && here->wdl == Outcome::win) {
      ok = quickest_loss >= 0 && here->dtm == quickest_loss + 1;
    } else if (ok && here->wdl == Outcome::loss) {
      ok = quickest_loss < 0 && draws == 0 && here->dtm == slowest_win + 1;
    } else if (ok) {
      ok = quickest_loss < 0 && draws > 0;
    }
    if (ok)
      ++c.consistent;
    else if (c.first_fault.empty())
      c.first_fault = m.fen() + (here ? " " + std::string(to_string(here->wdl)) + " " +
                                            std::to_string(here->dtm)
                                      : " none");
  }
  return c;
}

}  // namespace minimax::test::chess_tables
