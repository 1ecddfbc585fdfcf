#pragma once
// An ending's material, named as the tables are: "KQKR" is White's king and queen against Black's
// king and rook. A table holds both sides to move, and serves the same material with the colours
// exchanged (KRKQ) by turning the board round, so each material has one canonical name: the
// stronger side first (more men; among as many, the better pieces in the order Q R B N P).
//
// API:
//   auto m = Material::parse("krkq");   // Expected<Material>; m->name() == "KRKQ"
//   m->canonical() == "KQKR"; m->is_canonical(); m->flipped();
//   m->men(); m->has_pawns(); m->sub_endings();   // the endings one capture or promotion away
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.hpp"
#include "games/chess/types.hpp"

namespace minimax::chess::endgame {

// Q R B N P: the order pieces are listed in a name and in a table's men.
int piece_order(PieceType t);
char piece_letter(PieceType t);

struct Material {
  std::vector<PieceType> white, black;  // kings not listed; each in piece_order

  static Expected<Material> parse(std::string_view name);
  [[nodiscard]] std::string name() const;
  [[nodiscard]] Material flipped() const { return Material{black, white}; }
  [[nodiscard]] bool is_canonical() const;
  [[nodiscard]] Material canonical() const { return is_canonical() ? *this : flipped(); }
  [[nodiscard]] int men() const { return 2 + static_cast<int>(white.size() + black.size()); }
  [[nodiscard]] bool has_pawns() const;
  // Both sides have a pawn: a double step may give the opponent an en-passant capture.
  [[nodiscard]] bool has_en_passant() const;
  // The canonical endings one capture or one promotion away (K v K, a sure draw, left out).
  [[nodiscard]] std::vector<Material> sub_endings() const;
  bool operator==(const Material&) const = default;
};

}  // namespace minimax::chess::endgame
