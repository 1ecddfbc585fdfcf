#pragma once
// A match between two Players and a round robin between several: the openings, the alternation
// of colours, the seeds, the game records, and the scores (`minimax match`, `minimax tournament`),
// for chess or English draughts (MatchSettings::game_name). Every game is played by the one game
// loop (session/game_loop.hpp); what differs between the games (the players by name, the start, the
// adapter, the record: PGN for chess, PDN for draughts) is a small traits struct in match.cpp. The
// players are built by name by machines/chess/players.hpp and machines/draughts/registry.hpp.
#include <atomic>
#include <functional>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "match/draughts_openings.hpp"
#include "match/elo.hpp"
#include "session/chess_game.hpp"

namespace minimax::match {

// An openings file: one opening a line, either a FEN or moves (SAN or UCI) from the initial
// position; blank lines and lines starting with # are skipped. Errors name the line.
Expected<std::vector<chess::Position>> read_openings(const std::string& path);

// A game of a match as it is played, for a live view (`minimax serve`'s Watch).
struct LiveEvent {
  std::string first, second;            // the players by name, the one moving first first
  std::string first_spec, second_spec;  // the same as given to the match (options included)
  int game = 0;                         // of the pairing, from 1
  std::string fen;                      // the position now (chess FEN, draughts FEN)
  std::string last_move;                // the move just played, as notation ("" at the start)
  std::string result;                   // "" while the game goes on; then "1-0", "0-1" or "1/2-1/2"
};

struct MatchSettings {
  std::string game_name = "chess";                 // or "draughts"
  int games = 2;                                   // per pairing
  std::vector<chess::Position> openings;           // chess; empty: the initial position
  std::vector<DraughtsOpening> draughts_openings;  // draughts; empty: the initial position
  session::GameSettings game = [] {
    session::GameSettings g;
    g.max_plies = 400;  // then adjudicated a draw
    return g;
  }();
  std::uint64_t seed = 1;
  std::string pgn;      // file to append every game to ("" : none), PGN or PDN
  bool verbose = true;  // a line per game
  // Called from the playing thread at each game's start, after each move and at its end.
  std::function<void(const LiveEvent&)> live;
  // When set to true, no further game starts (the one being played is played out).
  const std::atomic<bool>* stop = nullptr;
};

// Game g (0-based) of a pairing: opening g/2 (cycling), the first player moving first (White in
// chess, Black in draughts) when g is even. Each machine gets Seed = seed + 2g for the side moving
// first (+1 for the other), so games are reproducible and differ.
Expected<Score> run_match(const std::string& a, const std::string& b, const MatchSettings& s,
                          std::ostream& out);

struct TournamentResult {
  std::vector<std::string> names;
  std::vector<std::vector<Score>> table;  // [i][j]: i's results against j
  std::vector<double> ratings;            // maximum likelihood, anchored (below)
  std::vector<EloEstimate> errors;        // per player, against the field
  std::string anchor;  // the player rated 0 ("random" when it plays); empty: the mean
  int illegal_moves = 0;
  int forfeits = 0;  // games lost by a machine that could not move (an engine died or hung)
};

Expected<TournamentResult> run_tournament(const std::vector<std::string>& players,
                                          const MatchSettings& s, std::ostream& out);
void print_crosstable(const TournamentResult& r, std::ostream& out);  // text (Markdown table)
std::string ratings_svg(const TournamentResult& r);                   // Elo with error bars

}  // namespace minimax::match
