#pragma once
// Turing's two games against Glennie (src/machines/chess/turing_games.hpp, where the records and
// their printed values live), under the names the tests use.
#include <string_view>

#include "machines/chess/turing_games.hpp"

namespace minimax::test {

inline constexpr std::string_view kTuringGame1 = chess::turing::kGame1;
inline constexpr std::string_view kTuringGame2 = chess::turing::kGame2;

}  // namespace minimax::test
