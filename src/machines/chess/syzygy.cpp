#include "machines/chess/syzygy.hpp"

#include <filesystem>
#include <mutex>
#include <shared_mutex>
#include <string_view>
#include <system_error>
#include <vector>

#include "core/text.hpp"

#ifdef MINIMAX_SYZYGY
#include <tbprobe.h>
#endif

namespace minimax::chess {

std::string syzygy_not_built_message() {
  return "Syzygy support is not built (libfathom-dev was missing when minimax was built)";
}

#ifndef MINIMAX_SYZYGY

bool syzygy_built() { return false; }

Expected<std::shared_ptr<const engine::Tablebase>> open_syzygy(const std::string&) {
  return Error{syzygy_not_built_message()};
}

#else

bool syzygy_built() { return true; }

namespace {

namespace fs = std::filesystem;
using engine::TbMove;
using engine::TbRoot;
using engine::TbWdl;

// Fathom's one global set of tables, and which opening it belongs to. A probe holds `tables`
// shared; loading new tables holds it exclusively, so no probe reads tables being freed.
struct FathomState {
  std::shared_mutex tables;
  std::mutex root;  // Fathom's root probe is not thread-safe
  std::string path;
  std::uint64_t generation = 0;
};

FathomState& fathom() {
  static FathomState state;
  return state;
}

std::vector<std::string> directories(const std::string& path) {
  std::vector<std::string> out;
  std::string dir;
  for (char c : path + ":") {
    if (c == ':') {
      if (!trim(dir).empty()) out.emplace_back(trim(dir));
      dir.clear();
    } else {
      dir += c;
    }
  }
  return out;
}

// Fathom's view of a position: a1 = 0 as ours, one bitboard a colour and a piece type.
struct FathomPosition {
  std::uint64_t white, black, kings, queens, rooks, bishops, knights, pawns;
  unsigned ep;
  bool white_to_move;
};

FathomPosition to_fathom(const Position& pos) {
  return {pos.pieces(chess::white),
          pos.pieces(chess::black),
          pos.pieces(king),
          pos.pieces(queen),
          pos.pieces(rook),
          pos.pieces(bishop),
          pos.pieces(knight),
          pos.pieces(pawn),
          pos.ep_square() == no_square ? 0u : static_cast<unsigned>(pos.ep_square()),
          pos.side() == chess::white};
}

// Fathom's promotion code (TB_PROMOTES_*) as our piece type.
PieceType promoted_piece(unsigned code) {
  switch (code) {
    case TB_PROMOTES_QUEEN:
      return queen;
    case TB_PROMOTES_ROOK:
      return rook;
    case TB_PROMOTES_BISHOP:
      return bishop;
    case TB_PROMOTES_KNIGHT:
      return knight;
    default:
      return no_piece_type;
  }
}

// Fathom gives DTZ unsigned beside a WDL class; ours is signed from the side to move.
int signed_dtz(unsigned result) {
  const auto dtz = static_cast<int>(TB_GET_DTZ(result));
  const unsigned wdl = TB_GET_WDL(result);
  return wdl > TB_DRAW ? dtz : wdl < TB_DRAW ? -dtz : 0;
}

class SyzygyTables final : public engine::Tablebase {
 public:
  SyzygyTables(std::string path, std::uint64_t generation, int largest, int wdl, int dtz)
      : path_(std::move(path)),
        generation_(generation),
        largest_(largest),
        wdl_count_(wdl),
        dtz_count_(dtz) {}

  [[nodiscard]] std::string description() const override {
    return "Syzygy: " + std::to_string(wdl_count_) + " WDL and " + std::to_string(dtz_count_) +
           " DTZ tables of up to " + std::to_string(largest_) + " pieces in " + path_;
  }

  [[nodiscard]] int max_pieces() const override { return largest_; }

  [[nodiscard]] std::optional<TbWdl> probe_wdl(const Position& pos) const override {
    if (pos.castling_rights() != 0 || popcount(pos.pieces()) > largest_) return std::nullopt;
    std::shared_lock lock(fathom().tables);
    if (fathom().generation != generation_) return std::nullopt;  // another path was opened
    const FathomPosition f = to_fathom(pos);
    const unsigned r = tb_probe_wdl(f.white, f.black, f.kings, f.queens, f.rooks, f.bishops,
                                    f.knights, f.pawns, 0, 0, f.ep, f.white_to_move);
    if (r == TB_RESULT_FAILED) return std::nullopt;
    return TbWdl(static_cast<int>(r) - 2);
  }

  [[nodiscard]] std::optional<TbRoot> probe_root(const Position& pos) const override {
    if (pos.castling_rights() != 0 || popcount(pos.pieces()) > largest_) return std::nullopt;
    Position::MoveList legal;
    pos.generate_moves(legal);
    TbRoot out;
    if (legal.empty()) return out;
    unsigned results[TB_MAX_MOVES];
    {
      std::lock_guard root(fathom().root);
      std::shared_lock lock(fathom().tables);
      if (fathom().generation != generation_) return std::nullopt;
      const FathomPosition f = to_fathom(pos);
      const unsigned r = tb_probe_root(
          f.white, f.black, f.kings, f.queens, f.rooks, f.bishops, f.knights, f.pawns,
          static_cast<unsigned>(pos.halfmove_clock()), 0, f.ep, f.white_to_move, results);
      if (r == TB_RESULT_FAILED) return std::nullopt;
      out.dtz = signed_dtz(r);
    }
    for (const unsigned* r = results; *r != TB_RESULT_FAILED && r < results + TB_MAX_MOVES; ++r) {
      const auto from = static_cast<Square>(TB_GET_FROM(*r));
      const auto to = static_cast<Square>(TB_GET_TO(*r));
      const PieceType promotion = promoted_piece(TB_GET_PROMOTES(*r));
      Move move = Move::none();
      for (Move m : legal)
        if (m.from() == from && m.to() == to &&
            (promotion == no_piece_type ? !m.is_promotion()
                                        : m.is_promotion() && m.promotion_piece() == promotion))
          move = m;
      if (!move) return std::nullopt;  // a move we do not know: trust neither side
      out.moves.push_back(TbMove{move, signed_dtz(*r)});
    }
    if (out.moves.size() != legal.size()) return std::nullopt;
    return out;
  }

 private:
  std::string path_;
  std::uint64_t generation_;
  int largest_, wdl_count_, dtz_count_;
};

}  // namespace

Expected<std::shared_ptr<const engine::Tablebase>> open_syzygy(const std::string& path_text) {
  const std::string path(trim(path_text));
  const auto dirs = directories(path);
  if (dirs.empty()) return Error{"no Syzygy directory given"};
  int wdl = 0, dtz = 0;
  for (const auto& dir : dirs) {
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) return Error{"no directory '" + dir + "'"};
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
      const std::string ext = entry.path().extension().string();
      wdl += ext == ".rtbw";
      dtz += ext == ".rtbz";
    }
  }
  if (wdl == 0) return Error{"no Syzygy tables (.rtbw files) in '" + path + "'"};

  FathomState& state = fathom();
  std::unique_lock lock(state.tables);
  if (state.path != path) {
    // tb_init frees the tables loaded before (and reads only file names and headers now).
    ++state.generation;
    state.path.clear();
    if (!tb_init(path.c_str()) || TB_LARGEST == 0)
      return Error{"Fathom could not load the Syzygy tables in '" + path + "'"};
    state.path = path;
  }
  return std::shared_ptr<const engine::Tablebase>(std::make_shared<SyzygyTables>(
      path, state.generation, static_cast<int>(TB_LARGEST), wdl, dtz));
}

#endif

}  // namespace minimax::chess
