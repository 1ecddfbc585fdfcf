#include "machines/chess/engine/engine_options.hpp"

#include <fstream>
#include <functional>
#include <memory>
#include <string>

#include "core/text.hpp"
#include "machines/chess/engine/eval_params.hpp"
#include "machines/chess/engine/nnue.hpp"

namespace minimax::chess::engine {

namespace {

// The steps of the search recipe (search.cpp, docs/engine.md) that may be switched off.
bool is_switchable_step(std::int64_t n) {
  return n == 4 || n == 8 || (n >= 10 && n <= 16) || n == 19;
}

// Comma- or space-separated step numbers; "<none>" or empty: none.
Expected<std::uint32_t> parse_disabled_steps(std::string list) {
  for (char& c : list)
    if (c == ',') c = ' ';
  std::uint32_t mask = 0;
  if (trim(list) == "<none>") return mask;
  for (const auto& w : split_whitespace(list)) {
    auto n = parse_int(w);
    if (!n || !is_switchable_step(*n))
      return Error{"step '" + w + "' is not one of 4 8 10 11 12 13 14 15 16 19"};
    mask |= 1u << *n;
  }
  return mask;
}

}  // namespace

void declare_search_options(Options& table, Engine& engine) {
  const EngineOptions defaults;
  table
      .spin("Hash", defaults.hash_mb, 1, 65536, "transposition table size in MB",
            [&engine](std::int64_t mb) -> Status {
              if (engine.set_hash(static_cast<int>(mb))) return Ok{};
              return Error{"not enough memory; keeping " +
                           std::to_string(engine.options().hash_mb) + " MB"};
            })
      .button("Clear Hash", "empty the transposition table and the histories",
              [&engine] { engine.clear_hash(); })
      .spin("Threads", defaults.threads, 1, 256, "search threads (Lazy SMP)",
            [&engine](std::int64_t n) -> Status {
              engine.set_threads(static_cast<int>(n));
              return Ok{};
            })
      .spin("MultiPV", defaults.multipv, 1, 256, "best lines reported",
            [&engine](std::int64_t n) -> Status {
              engine.set_multipv(static_cast<int>(n));
              return Ok{};
            });
}

void declare_time_options(Options& table, Engine& engine) {
  table.spin("Move Overhead", EngineOptions{}.move_overhead_ms, 0, 5000,
             "ms kept back per move for the GUI and pipes", [&engine](std::int64_t ms) -> Status {
               engine.set_move_overhead(static_cast<int>(ms));
               return Ok{};
             });
}

void declare_strength_options(Options& table, Engine& engine) {
  const EngineOptions defaults;
  table
      .check("UCI_LimitStrength", defaults.limit_strength, "play at the level of UCI_Elo",
             [&engine](bool on) -> Status {
               engine.set_limit_strength(on);
               return Ok{};
             })
      .spin("UCI_Elo", defaults.elo, kMinElo, kMaxElo, "strength when limited",
            [&engine](std::int64_t elo) -> Status {
              engine.set_elo(static_cast<int>(elo));
              return Ok{};
            });
}

void declare_measurement_options(Options& table, Engine& engine) {
  table.string(
      "Disable Steps", "<none>",
      "search recipe steps switched off, for measuring what each is worth (docs/engine.md)",
      [&engine](const std::string& value) -> Status {
        auto mask = parse_disabled_steps(value);
        if (!mask) return Error{mask.error()};
        engine.set_disabled_steps(*mask);
        return Ok{};
      });
}

void declare_eval_options(Options& table, Engine& engine) {
  // What plays: the network of EvalFile, else the built-in one, unless Eval is hand.
  struct State {
    std::shared_ptr<const nn::Network> embedded, file;
    bool use_net = false;
    void apply(Engine& e) const { e.set_network(use_net ? (file ? file : embedded) : nullptr); }
  };
  auto state = std::make_shared<State>();
  if (auto net = embedded_network()) state->embedded = *net;
  state->use_net = state->embedded != nullptr;
  state->apply(engine);
  table
      .combo("Eval", state->use_net ? "net" : "hand", {"net", "hand"},
             "net: the learned network (EvalFile, else the built-in one); hand: the hand-crafted "
             "evaluation",
             [state, &engine](const std::string& v) -> Status {
               state->use_net = v == "net" && (state->file || state->embedded);
               state->apply(engine);
               if (v == "net" && !state->use_net)
                 return Error{
                     "no network: this build has none built in and no EvalFile is set; the "
                     "hand-crafted evaluation plays"};
               return Ok{};
             })
      .string("EvalFile", "<built-in>",
              "a network file from minimax learn chess-net or chess-fit (<built-in>: the one "
              "built into minimax)",
              [state, &engine](const std::string& file) -> Status {
                state->file.reset();
                if (file.empty() || file == "<built-in>" || file == "<none>") {
                  state->apply(engine);
                  return Ok{};
                }
                auto net = load_network(file);
                if (!net) {
                  state->apply(engine);
                  return Error{net.error() + (state->use_net && state->embedded
                                                  ? "; the built-in network plays"
                                                  : "; the hand-crafted evaluation plays")};
                }
                state->file = *net;
                state->use_net = true;
                state->apply(engine);
                return Ok{};
              });
}

void declare_engine_options(Options& table, Engine& engine) {
  declare_search_options(table, engine);
  declare_time_options(table, engine);
  declare_strength_options(table, engine);
  declare_measurement_options(table, engine);
  declare_eval_options(table, engine);
}

void declare_eval_params_option(Options& table) {
  table.string("Eval Params", "<built-in>", "evaluation table written by minimax tune (a file)",
               [](const std::string& file) -> Status {
                 if (file.empty() || file == "<built-in>") {
                   eval_params() = tuned_params();
                   return Ok{};
                 }
                 std::ifstream in(file);
                 if (!in) return Error{"cannot read the file"};
                 auto params = tuned_params();
                 auto s = read_params(in, params);
                 if (!s) return Error{s.error()};
                 eval_params() = params;
                 return Ok{};
               });
}

}  // namespace minimax::chess::engine
