#pragma once
// The engine's options, each declared once: the engine as a Player (engine_player.cpp, so
// `engine:Hash=64` in a match) and the UCI front end (uci/uci.cpp) list and set them from these
// rows.
#include "core/options.hpp"
#include "machines/chess/engine/engine.hpp"

namespace minimax::chess::engine {

// The engine's options in groups, so that a front end may list them between its own (UCI keeps
// its traditional order); each sets `engine`.
void declare_search_options(Options& table, Engine& engine);  // Hash, Clear Hash, Threads, MultiPV
void declare_time_options(Options& table, Engine& engine);    // Move Overhead
void declare_strength_options(Options& table, Engine& engine);     // UCI_LimitStrength, UCI_Elo
void declare_measurement_options(Options& table, Engine& engine);  // Disable Steps
void declare_eval_options(Options& table, Engine& engine);         // Eval, EvalFile
// All five groups. The options for what the engine takes from outside its folder, the tablebases
// and the opening book, are machines/chess/engine_sources.hpp's.
void declare_engine_options(Options& table, Engine& engine);

// Eval Params: a table written by `minimax tune` replaces the built-in evaluation table, which
// every engine in the process shares (for testing a tuning run in games without rebuilding);
// "<built-in>" or an empty value restores the built-in one.
void declare_eval_params_option(Options& table);

}  // namespace minimax::chess::engine
