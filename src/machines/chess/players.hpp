#pragma once
// A chess Player by the name a front end gives (play, match, tournament): a registry machine
// (case-insensitive), "strongest" (the registry's last row), or "uci:/path/to/engine" (an external
// engine, itself a machine: machines/chess/uci_engine.hpp; "uci:/path:UCI_Elo=1500,Threads=1" sends
// each option with setoption before the first game). NAME may carry options:
// "shannon-a:Depth=2,Seed=5". With a Book option ("shannon-b:Book=book.bin,BestBookMove=true") the
// machine plays from that Polyglot book while it has a move (machines/chess/book.hpp). A person
// ("human") is not built here: the front end seats one.
#include <memory>
#include <string_view>

#include "machines/chess/registry.hpp"

namespace minimax::chess {

Expected<std::unique_ptr<chess::ChessPlayer>> make_chess_player(std::string_view spec);

}  // namespace minimax::chess
