#pragma once
// The positions `minimax bench` searches: the six Chessprogramming-wiki perft positions, every
// twelfth position of Win at Chess (Reinfeld), six balanced openings and three simple endings.
// Changing this list changes the bench signature.
#include <span>
#include <string_view>

namespace minimax::chess::engine {

std::span<const std::string_view> bench_positions();

}  // namespace minimax::chess::engine
