#include "serve/request.hpp"

#include "core/text.hpp"
#include "games/nim/setup.hpp"

namespace minimax::serve {

std::string optional_string(const Json& r, const char* key) {
  if (!r.contains(key) || r[key].is_null()) return {};
  if (!r[key].is_string()) return "\x01";  // not text: refused by the caller
  return std::string(trim(r[key].get<std::string>()));
}

Expected<nim::Nim> nim_start(const Json& r) {
  const std::string heaps = optional_string(r, "heaps");
  if (heaps == "\x01") return Error{"'heaps' must be text, e.g. \"3 4 5\""};
  std::optional<int> k;
  if (r.contains("k")) {
    if (!r["k"].is_number_integer()) return Error{"'k' must be a whole number"};
    k = r["k"].get<int>();
  }
  if (r.contains("misere") && !r["misere"].is_boolean())
    return Error{"'misere' must be true or false"};
  const bool misere = r.contains("misere") && r["misere"].get<bool>();
  return nim::make_nim_setup(split_whitespace(heaps.empty() ? "3 4 5" : heaps), k, misere);
}

Json draughts_board(const draughts::Draughts& d) {
  Json board = Json::array();
  for (int sq = 0; sq < 32; ++sq) {
    const auto bit = draughts::Bits{1} << sq;
    const bool king = (d.kings() & bit) != 0;
    board.push_back((d.black() & bit)   ? (king ? "B" : "b")
                    : (d.white() & bit) ? (king ? "W" : "w")
                                        : "");
  }
  return board;
}

}  // namespace minimax::serve
