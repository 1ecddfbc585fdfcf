#pragma once
// `go mate N`: the one place the UCI front end asks for a mate search. The mate solver (issue 6)
// takes this function over; until then it is the engine's ordinary search told to stop as soon as
// it has proved a mate in N moves or fewer (it also stops on `stop` and on any other go limit).
#include "games/chess/position.hpp"
#include "machines/chess/engine/engine.hpp"

namespace minimax::uci {

chess::engine::SearchResult go_mate(chess::engine::Engine& engine, const chess::Position& pos,
                                    const chess::engine::SearchLimits& limits,
                                    const chess::engine::SearchCallbacks& callbacks);

}  // namespace minimax::uci
