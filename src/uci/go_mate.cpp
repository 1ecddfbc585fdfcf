#include "uci/go_mate.hpp"

namespace minimax::uci {

chess::engine::SearchResult go_mate(chess::engine::Engine& engine, const chess::Position& pos,
                                    const chess::engine::SearchLimits& limits,
                                    const chess::engine::SearchCallbacks& callbacks) {
  // limits.mate is set: the search stops once the mate is proved within it.
  return engine.search(pos, limits, callbacks);
}

}  // namespace minimax::uci
