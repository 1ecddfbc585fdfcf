#pragma once
// A chess Player by the name the command line gives: a registry machine (case-insensitive),
// "strongest" (the registry's last row), or "uci:/path/to/engine" (an external engine).
// NAME may carry options: "shannon-a:Depth=2,Seed=5".
#include <memory>
#include <string_view>

#include "machines/chess/registry.hpp"

namespace minimax::match {

Expected<std::unique_ptr<chess::ChessPlayer>> make_player(std::string_view spec);

}  // namespace minimax::match
