#include "match/match.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <numeric>
#include <ostream>
#include <sstream>

#include "core/svg.hpp"
#include "core/text.hpp"
#include "games/chess/pgn.hpp"
#include "games/chess/san.hpp"
#include "games/draughts/notation.hpp"
#include "machines/chess/players.hpp"
#include "machines/draughts/registry.hpp"
#include "match/openings_file.hpp"
#include "session/draughts_game.hpp"
#include "session/pgn_record.hpp"

namespace minimax::match {

using chess::Position;

Expected<std::vector<Position>> read_openings(const std::string& path) {
  // A FEN, or moves (UCI or SAN, move numbers allowed) from the initial position.
  return read_openings_file<Position>(path, [](const std::string& text) -> Expected<Position> {
    if (text.find('/') != std::string::npos) return Position::from_fen(text);
    Position pos;
    for (const auto& tok : split_whitespace(text)) {
      if (tok.find('.') != std::string::npos && tok.back() == '.') continue;  // move numbers "1."
      auto m = pos.parse_uci(tok);
      if (!m) {
        auto s = chess::parse_san(pos, tok);
        if (!s) return Error{"'" + tok + "': " + s.error()};
        pos.play(*s);
      } else {
        pos.play(*m);
      }
    }
    return pos;
  });
}

namespace {

// What a match needs to know of a game, one struct per game.
struct ChessKind {
  using G = Position;
  static Expected<std::unique_ptr<Player<G>>> make(const std::string& spec) {
    return chess::make_chess_player(spec);
  }
  static std::string name(const std::string&, const Player<G>& p) { return p.name(); }
  static std::size_t openings(const MatchSettings& s) { return s.openings.size(); }
  static G start(const MatchSettings& s, std::size_t i) { return s.openings[i]; }
  static session::GameAdapter<G> adapter() { return session::chess_adapter(); }
  static std::string fen(const G& p) { return p.fen(); }
  static std::string notation(const G& p, G::Move m) { return chess::to_san(p, m); }
  // The match reports a game it could not save itself (and stops), so the record does not warn.
  static std::unique_ptr<session::PgnRecord> record(const MatchSettings& s, std::size_t,
                                                    const std::string& event, int round,
                                                    const std::string& first,
                                                    const std::string& second) {
    return std::make_unique<session::PgnRecord>(
        s.pgn,
        session::PgnRecord::Tags{{"Event", event},
                                 {"Site", "minimax"},
                                 {"Date", "????.??.??"},
                                 {"Round", std::to_string(round)},
                                 {"White", first},
                                 {"Black", second}},
        session::PgnRecord::Mode::append);
  }
};

struct DraughtsKind {
  using G = draughts::Draughts;
  static Expected<std::unique_ptr<Player<G>>> make(const std::string& spec) {
    return draughts::make_draughts_player(spec);
  }
  // The name the table was given, options left off: both of Strachey's strategies call
  // themselves "strachey".
  static std::string name(const std::string& spec, const Player<G>&) {
    return spec.substr(0, spec.find(':'));
  }
  static std::size_t openings(const MatchSettings& s) { return s.draughts_openings.size(); }
  static G start(const MatchSettings& s, std::size_t i) { return s.draughts_openings[i].position; }
  static session::GameAdapter<G> adapter() { return session::draughts_adapter(); }
  static std::string fen(const G& p) { return draughts::to_fen(p); }
  static std::string notation(const G& p, G::Move m) { return draughts::move_text(p, m); }
  // An opening given as moves (a ballot) is recorded as the game's first moves.
  static std::unique_ptr<session::PdnRecord> record(const MatchSettings& s, std::size_t i,
                                                    const std::string& event, int round,
                                                    const std::string& first,
                                                    const std::string& second) {
    return std::make_unique<session::PdnRecord>(
        s.pgn,
        session::PdnRecord::Tags{{"Event", event},
                                 {"Site", "minimax"},
                                 {"Date", "????.??.??"},
                                 {"Round", std::to_string(round)},
                                 {"Black", first},
                                 {"White", second}},
        i < s.draughts_openings.size() ? s.draughts_openings[i].moves
                                       : std::vector<draughts::Move>());
  }
};

// Tells MatchSettings::live of every position of a game.
template <class Kind>
class LiveObserver final : public session::GameObserver<typename Kind::G> {
 public:
  using G = typename Kind::G;
  using M = typename G::Move;
  LiveObserver(const MatchSettings& s, LiveEvent e) : s_(s), e_(std::move(e)) {}
  void game_started(const G& start) override {
    e_.fen = Kind::fen(start);
    s_.live(e_);
  }
  void move_chosen(const G& position, std::span<const M>, Side,
                   const Thought<M>& thought) override {
    e_.last_move = Kind::notation(position, thought.move);
  }
  void position_changed(const G& position, std::span<const M>) override {
    e_.fen = Kind::fen(position);
    s_.live(e_);
  }
  void finish(const std::string& result) {
    e_.result = result;
    s_.live(e_);
  }

 private:
  const MatchSettings& s_;
  LiveEvent e_;
};

// The time each side takes to choose its moves where it has a choice (a forced move tells nothing
// of the time a machine uses), from being asked to answering: the referee's view, a machine's own
// overhead, its pipes and its process included.
template <class G>
class TimingObserver final : public session::GameObserver<G> {
 public:
  using M = typename G::Move;
  void before_move(const G&, std::span<const M>) override { asked_ = Clock::now(); }
  void move_chosen(const G& position, std::span<const M>, Side mover, const Thought<M>&) override {
    typename G::MoveList legal;
    position.generate_moves(legal);
    if (legal.size() < 2) return;
    const auto i = static_cast<std::size_t>(index(mover));
    ms[i] += std::chrono::duration<double, std::milli>(Clock::now() - asked_).count();
    ++moves[i];
  }
  double ms[2] = {0, 0};  // by the side that moved (first, second)
  int moves[2] = {0, 0};

 private:
  using Clock = std::chrono::steady_clock;
  Clock::time_point asked_ = Clock::now();
};

template <class G>
void seed_player(Player<G>& p, std::uint64_t seed) {
  (void)p.set_option("Seed", std::to_string(seed % 2147483647));
}

struct PairingOutcome {
  Score score;  // for the first player
  int illegal = 0;
  int forfeits = 0;       // games lost by a machine that could not move (an engine died or hung)
  double ms[2] = {0, 0};  // time taken to choose moves, by player (a, b)
  int moves[2] = {0, 0};
};

template <class Kind>
Expected<PairingOutcome> play_pairing(const std::string& a, const std::string& b,
                                      const MatchSettings& s, std::ostream& out,
                                      const std::string& event) {
  using G = typename Kind::G;
  auto pa = Kind::make(a);
  if (!pa) return Error{pa.error()};
  auto pb = Kind::make(b);
  if (!pb) return Error{pb.error()};
  PairingOutcome r;
  const std::string na = Kind::name(a, **pa), nb = Kind::name(b, **pb);
  const std::size_t openings = Kind::openings(s);
  for (int g = 0; g < s.games; ++g) {
    if (s.stop && s.stop->load()) return Error{"the match was stopped"};
    const std::size_t opening = openings == 0 ? 0 : (g / 2) % openings;
    const G start = openings == 0 ? G() : Kind::start(s, opening);
    const bool a_first = g % 2 == 0;
    Player<G>& first = a_first ? **pa : **pb;
    Player<G>& second = a_first ? **pb : **pa;
    seed_player(first, s.seed + 2 * static_cast<std::uint64_t>(g));
    seed_player(second, s.seed + 2 * static_cast<std::uint64_t>(g) + 1);
    const std::string fn = a_first ? na : nb, sn = a_first ? nb : na;
    std::vector<session::GameObserver<G>*> observers;
    decltype(Kind::record(s, opening, event, g + 1, fn, sn)) record;
    if (!s.pgn.empty()) {
      record = Kind::record(s, opening, event, g + 1, fn, sn);
      observers.push_back(record.get());
    }
    TimingObserver<G> timing;
    observers.push_back(&timing);
    std::unique_ptr<LiveObserver<Kind>> live;
    if (s.live) {
      live = std::make_unique<LiveObserver<Kind>>(
          s, LiveEvent{fn, sn, a_first ? a : b, a_first ? b : a, g + 1, "", "", ""});
      observers.push_back(live.get());
    }
    const session::GameResult<G> rec =
        session::play_game(start, first, second, s.game, Kind::adapter(), observers);
    const std::string result = result_text(rec);
    if (live) live->finish(result);
    const int first_sign = result == "1-0" ? 1 : result == "0-1" ? -1 : 0;
    const int sign = first_sign * (a_first ? 1 : -1);
    if (sign > 0)
      ++r.score.wins;
    else if (sign < 0)
      ++r.score.losses;
    else
      ++r.score.draws;
    r.illegal += rec.illegal();
    r.forfeits += rec.ending == session::Ending::forfeit;
    for (int side = 0; side < 2; ++side) {
      const int player = (side == 0) == a_first ? 0 : 1;
      r.ms[player] += timing.ms[side];
      r.moves[player] += timing.moves[side];
    }
    if (s.verbose)
      out << "game " << g + 1 << ": " << fn << " - " << sn << "  " << result << "  (" << rec.reason
          << ", " << (rec.moves.size() + 1) / 2 << " moves)" << std::endl;
    // A game that cannot be saved (a full disk) stops the match: playing on would lose every
    // game after it. What was saved before stays whole (appends are cut back on failure).
    if (record && !record->failure().empty())
      return Error{"game " + std::to_string(g + 1) + " was played but not saved (" +
                   record->failure() + "); the match stops"};
  }
  return r;
}

Expected<PairingOutcome> play_pairing(const std::string& a, const std::string& b,
                                      const MatchSettings& s, std::ostream& out,
                                      const std::string& event) {
  if (s.game_name == "chess") return play_pairing<ChessKind>(a, b, s, out, event);
  if (s.game_name == "draughts") return play_pairing<DraughtsKind>(a, b, s, out, event);
  return Error{"unknown game '" + s.game_name + "' (games: chess, draughts)"};
}

}  // namespace

Expected<Score> run_match(const std::string& a, const std::string& b, const MatchSettings& s,
                          std::ostream& out) {
  auto r = play_pairing(a, b, s, out, "minimax match");
  if (!r) return Error{r.error()};
  const Score& sc = r->score;
  const EloEstimate e = estimate_elo(sc);
  char buf[256];
  std::snprintf(buf, sizeof buf, "%s v %s: +%d =%d -%d, %.1f/%d (%.1f%%), Elo difference %s (95%%)",
                a.c_str(), b.c_str(), sc.wins, sc.draws, sc.losses, sc.points(), sc.games(),
                100.0 * e.score, format_elo(e).c_str());
  out << buf << '\n';
  if (r->illegal) out << "illegal moves: " << r->illegal << '\n';
  if (r->forfeits) out << "forfeits (a machine that could not move): " << r->forfeits << '\n';
  // With a time a move or a clock, how long each took (the other limits make it machine noise).
  if ((s.game.limits.movetime_ms || s.game.clock) && r->moves[0] > 0 && r->moves[1] > 0) {
    std::snprintf(buf, sizeof buf,
                  "time a move (where there was a choice): %s %.1f ms, %s %.1f ms (means over %d "
                  "and %d moves)",
                  a.c_str(), r->ms[0] / r->moves[0], b.c_str(), r->ms[1] / r->moves[1], r->moves[0],
                  r->moves[1]);
    out << buf << '\n';
  }
  return sc;
}

Expected<TournamentResult> run_tournament(const std::vector<std::string>& players,
                                          const MatchSettings& s, std::ostream& out) {
  TournamentResult t;
  const std::size_t n = players.size();
  t.names = players;
  t.table.assign(n, std::vector<Score>(n));
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j) {
      out << "== " << players[i] << " v " << players[j] << std::endl;
      auto r = play_pairing(players[i], players[j], s, out, "minimax tournament");
      if (!r) return Error{r.error()};
      t.table[i][j] = r->score;
      t.table[j][i] = Score{r->score.losses, r->score.draws, r->score.wins};
      t.illegal_moves += r->illegal;
      t.forfeits += r->forfeits;
    }
  int anchor = -1;
  t.ratings = crosstable_ratings(t.table, players, anchor);
  if (anchor >= 0) t.anchor = players[static_cast<std::size_t>(anchor)];
  for (std::size_t i = 0; i < n; ++i) {
    Score total;
    for (std::size_t j = 0; j < n; ++j) {
      total.wins += t.table[i][j].wins;
      total.draws += t.table[i][j].draws;
      total.losses += t.table[i][j].losses;
    }
    t.errors.push_back(estimate_elo(total));
  }
  return t;
}

void print_crosstable(const TournamentResult& r, std::ostream& out) {
  const std::size_t n = r.names.size();
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](auto a, auto b) { return r.ratings[a] > r.ratings[b]; });
  out << "| # | player |";
  for (std::size_t k = 0; k < n; ++k) out << ' ' << k + 1 << " |";
  out << " points | games | Elo | ± 95% |\n|---|---|";
  for (std::size_t k = 0; k < n; ++k) out << "---|";
  out << "---|---|---|---|\n";
  for (std::size_t k = 0; k < n; ++k) {
    const std::size_t i = order[k];
    double pts = 0;
    int games = 0;
    out << "| " << k + 1 << " | " << r.names[i] << " |";
    for (std::size_t l = 0; l < n; ++l) {
      const std::size_t j = order[l];
      if (i == j) {
        out << " — |";
        continue;
      }
      const Score& s = r.table[i][j];
      pts += s.points();
      games += s.games();
      char cell[32];
      std::snprintf(cell, sizeof cell, " %g/%d |", s.points(), s.games());
      out << cell;
    }
    char tail[96];
    if (r.errors[i].bound)  // every game won or every game lost: no error from the spread
      std::snprintf(tail, sizeof tail, " %g | %d | %+.0f | (all %s) |\n", pts, games, r.ratings[i],
                    r.errors[i].score > 0.5 ? "won" : "lost");
    else
      std::snprintf(tail, sizeof tail, " %g | %d | %+.0f | %.0f |\n", pts, games, r.ratings[i],
                    r.errors[i].error);
    out << tail;
  }
  out << "\nElo: maximum likelihood over all games (one virtual draw per pairing keeps a perfect "
         "score\n"
         "finite), anchored at random = 0 when random plays; ± is the 95% error of each player's "
         "score\n"
         "against the field. Illegal moves: "
      << r.illegal_moves << (r.forfeits ? "; forfeits: " + std::to_string(r.forfeits) : "") << "\n";
}

std::string ratings_svg(const TournamentResult& r) {
  const std::size_t n = r.names.size();
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](auto a, auto b) { return r.ratings[a] > r.ratings[b]; });
  double lo = 0, hi = 0;
  for (std::size_t i = 0; i < n; ++i) {
    lo = std::min(lo, r.ratings[i] - r.errors[i].error);
    hi = std::max(hi, r.ratings[i] + r.errors[i].error);
  }
  lo = std::floor(lo / 100) * 100 - 100;
  hi = std::ceil(hi / 100) * 100 + 100;
  const double left = 130, width = 520, row = 34, top = 40;
  const double height = top + row * static_cast<double>(n) + 40;
  auto x = [&](double v) { return left + (v - lo) / (hi - lo) * width; };
  svg::Document doc(left + width + 30, height, {{"font-family", "sans-serif"}, {"font-size", "13"}},
                    false);
  doc.text(left, 20,
           "Elo (" + (r.anchor.empty() ? std::string("the mean") : r.anchor) +
               " = 0), with 95% error bars");
  for (double v = lo; v <= hi + 1e-9; v += (hi - lo > 1200 ? 400 : 200))
    doc.line(x(v), top - 5, x(v), height - 30, {{"stroke", "#ddd"}})
        .text(x(v), height - 14, std::to_string(static_cast<int>(v)), {{"text-anchor", "middle"}});
  for (std::size_t k = 0; k < n; ++k) {
    const std::size_t i = order[k];
    const double y = top + row * static_cast<double>(k) + row / 2;
    const double e = r.errors[i].error;
    doc.text(left - 10, y + 4, r.names[i], {{"text-anchor", "end"}})
        .line(x(r.ratings[i] - e), y, x(r.ratings[i] + e), y,
              {{"stroke", "#333"}, {"stroke-width", 2}})
        .circle(x(r.ratings[i]), y, 5, {{"fill", "#c33"}});
  }
  return doc.str();
}

}  // namespace minimax::match
