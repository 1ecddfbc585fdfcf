#pragma once
// `minimax learn draughts-net` and `minimax learn chess-net`: an engine's network learnt by
// self-play (learn/net_run.hpp), and `minimax learn draughts-fit` / `chess-fit`, declared as
// subcommands of `minimax learn`.
#include <functional>
#include <ostream>

#include "cli/app.hpp"

namespace minimax::cli {

// Declares the subcommand on `learn`; the returned function runs it once the arguments are parsed
// (returns the exit status).
std::function<int(std::ostream& out, std::ostream& err)> add_learn_draughts_net(CLI::App& learn,
                                                                                CLI::App*& command);
// `minimax learn draughts-fit`: a fresh network trained on a run's positions, playing no games.
std::function<int(std::ostream& out, std::ostream& err)> add_learn_draughts_fit(CLI::App& learn,
                                                                                CLI::App*& command);
// The same two for chess: `minimax learn chess-net` and `minimax learn chess-fit`.
std::function<int(std::ostream& out, std::ostream& err)> add_learn_chess_net(CLI::App& learn,
                                                                             CLI::App*& command);
std::function<int(std::ostream& out, std::ostream& err)> add_learn_chess_fit(CLI::App& learn,
                                                                             CLI::App*& command);

}  // namespace minimax::cli
