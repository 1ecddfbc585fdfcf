#include "machines/chess/own_tablebase.hpp"

#include <algorithm>
#include <filesystem>

#include "machines/chess/endgame/tables.hpp"

namespace minimax::chess {
namespace {

engine::TbWdl wdl_of(Outcome o) {
  return o == Outcome::win    ? engine::TbWdl::win
         : o == Outcome::loss ? engine::TbWdl::loss
                              : engine::TbWdl::draw;
}

class OwnTablebase final : public engine::Tablebase {
 public:
  OwnTablebase(endgame::Tables tables, std::string description, int max_pieces)
      : tables_(std::move(tables)), description_(std::move(description)), max_pieces_(max_pieces) {}

  [[nodiscard]] std::string description() const override { return description_; }
  [[nodiscard]] int max_pieces() const override { return max_pieces_; }

  [[nodiscard]] std::optional<engine::TbWdl> probe_wdl(const Position& pos) const override {
    const auto r = tables_.probe(pos);
    if (!r) return std::nullopt;
    return wdl_of(r->wdl);
  }

  // Each move's distance to mate in plies from the root, signed for the root's side to move.
  [[nodiscard]] std::optional<engine::TbRoot> probe_root(const Position& pos) const override {
    const auto here = tables_.probe(pos);
    if (!here) return std::nullopt;
    engine::TbRoot root;
    root.dtz = here->wdl == Outcome::win    ? here->dtm
               : here->wdl == Outcome::loss ? -std::max(here->dtm, 1)
                                            : 0;
    Position p = pos;
    Position::MoveList list;
    p.generate_moves(list);
    for (const Move m : list) {
      p.play(m);
      const auto r = tables_.probe(p);
      p.undo(m);
      if (!r) return std::nullopt;
      // The child's value is the opponent's: its loss is the root's win, one ply further.
      const int dtz = r->wdl == Outcome::loss  ? r->dtm + 1
                      : r->wdl == Outcome::win ? -(r->dtm + 1)
                                               : 0;
      root.moves.push_back({m, dtz});
    }
    return root;
  }

 private:
  endgame::Tables tables_;
  std::string description_;
  int max_pieces_;
};

}  // namespace

Expected<std::shared_ptr<const engine::Tablebase>> open_own_tables(const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return Error{"no tables folder '" + dir + "'"};
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir, ec))
    if (entry.path().extension() == ".mmtb") names.push_back(entry.path().stem().string());
  std::sort(names.begin(), names.end());
  endgame::Tables tables(dir);
  int loaded = 0, max_pieces = 0;
  std::string damaged;
  for (const auto& name : names) {
    auto r = tables.load_cached(name, [&](const std::string& line) {
      if (damaged.empty()) damaged = line;
    });
    if (!r || !*r) continue;
    ++loaded;
    max_pieces = std::max(max_pieces, static_cast<int>(name.size()));  // one letter a man
  }
  if (loaded == 0)
    return Error{"no minimax tables in '" + dir + "'" +
                 (damaged.empty() ? std::string(" (minimax tables build makes them)")
                                  : " (" + damaged + ")")};
  std::string description = "minimax tables: " + std::to_string(loaded) + " endings of up to " +
                            std::to_string(max_pieces) + " pieces in " + dir;
  return std::shared_ptr<const engine::Tablebase>(
      std::make_shared<OwnTablebase>(std::move(tables), std::move(description), max_pieces));
}

}  // namespace minimax::chess
