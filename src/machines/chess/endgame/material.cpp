#include "machines/chess/endgame/material.hpp"

#include <algorithm>
#include <cctype>

namespace minimax::chess::endgame {

int piece_order(PieceType t) {
  switch (t) {
    case queen:
      return 0;
    case rook:
      return 1;
    case bishop:
      return 2;
    case knight:
      return 3;
    case pawn:
      return 4;
    default:
      return 5;
  }
}

char piece_letter(PieceType t) { return "?PNBRQK"[t]; }

namespace {

void sort_side(std::vector<PieceType>& side) {
  std::sort(side.begin(), side.end(),
            [](PieceType a, PieceType b) { return piece_order(a) < piece_order(b); });
}

// Stronger first: more pieces; among as many, the first difference in the order Q R B N P.
bool stronger(const std::vector<PieceType>& a, const std::vector<PieceType>& b) {
  if (a.size() != b.size()) return a.size() > b.size();
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i] != b[i]) return piece_order(a[i]) < piece_order(b[i]);
  return false;
}

}  // namespace

Expected<Material> Material::parse(std::string_view name) {
  std::string up;
  for (char c : name) up += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  const auto bad = [&](const std::string& why) {
    return Error{"bad ending '" + std::string(name) + "': " + why +
                 " (expected e.g. KQK, KRKB, KPKP: White's king and men, then Black's)"};
  };
  if (up.empty() || up[0] != 'K') return bad("it must start with K");
  const auto second = up.find('K', 1);
  if (second == std::string::npos) return bad("no second K");
  Material m;
  for (std::size_t i = 1; i < up.size(); ++i) {
    if (i == second) continue;
    PieceType t = no_piece_type;
    switch (up[i]) {
      case 'Q':
        t = queen;
        break;
      case 'R':
        t = rook;
        break;
      case 'B':
        t = bishop;
        break;
      case 'N':
        t = knight;
        break;
      case 'P':
        t = pawn;
        break;
      default:
        return bad(std::string("'") + name[i] + "' is not a piece");
    }
    (i < second ? m.white : m.black).push_back(t);
  }
  if (m.men() > 4) return bad("minimax's own tables go up to four men");
  if (m.men() < 3) return bad("king against king is no table (always a draw)");
  sort_side(m.white);
  sort_side(m.black);
  return m;
}

std::string Material::name() const {
  std::string s = "K";
  for (auto t : white) s += piece_letter(t);
  s += 'K';
  for (auto t : black) s += piece_letter(t);
  return s;
}

bool Material::is_canonical() const { return !stronger(black, white); }

bool Material::has_pawns() const {
  return std::count(white.begin(), white.end(), pawn) +
         std::count(black.begin(), black.end(), pawn);
}

bool Material::has_en_passant() const {
  return std::count(white.begin(), white.end(), pawn) &&
         std::count(black.begin(), black.end(), pawn);
}

std::vector<Material> Material::sub_endings() const {
  std::vector<Material> out;
  const auto add = [&](Material m) {
    sort_side(m.white);
    sort_side(m.black);
    m = m.canonical();
    if (m.men() >= 3 && std::find(out.begin(), out.end(), m) == out.end()) out.push_back(m);
  };
  for (int side = 0; side < 2; ++side) {
    const auto& mine = side == 0 ? white : black;
    for (std::size_t i = 0; i < mine.size(); ++i) {
      Material captured = *this;
      auto& v = side == 0 ? captured.white : captured.black;
      v.erase(v.begin() + static_cast<std::ptrdiff_t>(i));
      add(captured);
      if (mine[i] != pawn) continue;
      for (PieceType promoted : {queen, rook, bishop, knight}) {
        Material p = *this;
        (side == 0 ? p.white : p.black)[i] = promoted;
        add(p);
      }
    }
  }
  return out;
}

}  // namespace minimax::chess::endgame
