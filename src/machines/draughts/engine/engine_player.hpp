#pragma once
// The draughts engine as a Player (registered as "engine" in machines/draughts/registry.cpp).
// Options: Eval (net: the learned network, the default when one is built in; hand: the hand-set
// weights), EvalFile (a network file; a bad one is one line and the hand-set evaluation plays),
// Hash, EGDB Path (empty: the default cache folder), EGDB Pieces (0: no databases), Move
// Overhead, Disable Steps (search.hpp's Step bits, for measurement) and one "Eval <name>" per
// hand-set evaluation weight (evaluate.hpp).
#include <memory>
#include <string>

#include "core/player.hpp"
#include "games/draughts/draughts.hpp"
#include "machines/draughts/egdb/egdb.hpp"

namespace minimax::draughts {

std::unique_ptr<Player<Draughts>> make_engine_player();

// The databases in `dir` up to `pieces` pieces, loaded once per process and shared by every
// engine that asks for the same folder (an Error names a damaged file).
Expected<std::shared_ptr<const egdb::Database>> shared_database(const std::string& dir, int pieces);

}  // namespace minimax::draughts
