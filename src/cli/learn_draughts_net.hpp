#pragma once
// `minimax learn draughts-net`: the draughts engine's network learnt by self-play
// (learn/draughts_net.hpp), declared as a subcommand of `minimax learn`.
#include <functional>
#include <ostream>

#include "cli/app.hpp"

namespace minimax::cli {

// Declares the subcommand on `learn`; the returned function runs it once the arguments are parsed
// (returns the exit status).
std::function<int(std::ostream& out, std::ostream& err)> add_learn_draughts_net(CLI::App& learn,
                                                                                CLI::App*& command);

}  // namespace minimax::cli
