#pragma once
#include <atomic>
// `go mate N`: the one place the UCI front end asks for a mate search. The exact mate solver
// (src/machines/chess/mate) answers first; when it proves there is no mate in N, runs out of time
// or is stopped (`stop` sets the flag given), the engine's ordinary search answers.
#include "games/chess/position.hpp"
#include "machines/chess/engine/engine.hpp"

namespace minimax::uci {

chess::engine::SearchResult go_mate(chess::engine::Engine& engine, const chess::Position& pos,
                                    const chess::engine::SearchLimits& limits,
                                    const chess::engine::SearchCallbacks& callbacks,
                                    const std::atomic<bool>* stop = nullptr);

}  // namespace minimax::uci
