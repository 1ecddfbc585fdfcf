// `minimax play chess`: the board after every move; a person's moves in SAN, UCI or descriptive
// notation; undo, resign, draw offers; the game saved as PGN after every move (written whole to a
// temporary file, then renamed, so a game in progress is never left half-written).
#include "play/chess_session.hpp"

#include <algorithm>
#include <ctime>
#include <memory>
#include <ostream>

#include "core/text.hpp"
#include "machines/chess/players.hpp"
#include "play/records.hpp"
#include "session/chess_game.hpp"
#include "session/pgn_record.hpp"

namespace minimax::play {

namespace {

using chess::Color;
using chess::Move;
using chess::Position;

// Material in Shannon's units, for the machines' answer to a draw offer.
int material(const Position& pos, Color c) {
  return pos.count(c, chess::pawn) +
         3 * (pos.count(c, chess::knight) + pos.count(c, chess::bishop)) +
         5 * pos.count(c, chess::rook) + 9 * pos.count(c, chess::queen);
}

std::string today() {
  const std::time_t t = std::time(nullptr);
  char buf[16];
  std::strftime(buf, sizeof buf, "%Y.%m.%d", std::gmtime(&t));
  return buf;
}

// The board after every move and takeback, each move with its number (and for a machine its
// name and, with --explain, why), draw offers declined, and the end.
class BoardDisplay final : public session::ChessObserver {
 public:
  BoardDisplay(const ChessOptions& o, const std::string (&names)[2], const bool (&person)[2],
               int start_fullmove, std::ostream& out)
      : o_(o), names_(names), person_(person), start_fullmove_(start_fullmove), out_(out) {}

  void game_started(const Position& start) override {
    start_side_ = start.side();
    out_ << names_[0] << " (White) v " << names_[1] << " (Black). Type 'help' for commands.\n";
    show(start);
  }
  void move_chosen(const Position& pos, std::span<const Move> moves, Side mover,
                   const Thought<Move>& t) override {
    out_ << prefix(pos, moves.size()) << move_text(pos, t.move, o_.notation);
    if (person_[index(mover)]) {
      out_ << '\n';
      return;
    }
    out_ << "   (" << names_[index(mover)] << ")\n";
    if (o_.explain && !t.explanation.empty()) out_ << "  " << t.explanation << '\n';
  }
  void position_changed(const Position& pos, std::span<const Move>) override { show(pos); }
  void taken_back(const Position&, std::span<const Move>, int plies) override {
    out_ << (plies == 0 ? "nothing to undo\n" : "taken back\n");
  }
  void draw_declined(const Position&, Side offered_to) override {
    out_ << names_[index(offered_to)] << " declines the draw\n";
  }

 private:
  // Counted from the start position (not Position::fullmove_number(), which after a move played
  // from a FEN with White to move adds a half move too many).
  std::string prefix(const Position& pos, std::size_t plies) const {
    const int ply = static_cast<int>(plies) + (start_side_ == chess::black ? 1 : 0);
    return std::to_string(start_fullmove_ + ply / 2) + (pos.side() == chess::white ? ". " : "... ");
  }
  void show(const Position& pos) { out_ << '\n' << pos.to_string(!o_.unicode) << '\n'; }

  const ChessOptions& o_;
  const std::string (&names_)[2];
  const bool (&person_)[2];
  int start_fullmove_;
  std::ostream& out_;
  Color start_side_ = chess::white;
};

}  // namespace

int play_chess(ChessOptions o, std::istream& in, std::ostream& out, std::ostream& err) {
  Position start;
  int start_fullmove = 1;
  if (!o.fen.empty()) {
    auto p = Position::from_fen(o.fen);
    if (!p) {
      // Too few fields to be a FEN: the reader's message counts them but quotes nothing.
      const bool name_it = split_whitespace(o.fen).size() < 4;
      err << "minimax play chess: " << (name_it ? "--fen '" + o.fen + "': " : std::string())
          << p.error() << '\n';
      return 2;
    }
    start = *p;
    const auto fields = split_whitespace(o.fen);
    if (fields.size() >= 6)
      if (auto n = parse_int(fields[5]))
        start_fullmove = static_cast<int>(std::max<std::int64_t>(1, *n));
  }
  if (!o.limits.depth && !o.limits.movetime_ms) o.limits.movetime_ms = 2000;

  // The players: a person on a side named "human", a machine (or an engine) by name otherwise.
  std::unique_ptr<chess::ChessPlayer> machines[2];
  ChessHuman human(in, out, o.notation, o.unicode, o.prompt_help);
  std::string names[2];
  session::GameSettings settings;
  settings.limits = o.limits;
  settings.max_plies = 1000;
  for (int c = 0; c < 2; ++c) {
    const std::string& spec = c == 0 ? o.white : o.black;
    names[c] = spec;
    if (iequals(spec, "human")) {
      settings.person[c] = true;
      continue;
    }
    auto p = chess::make_chess_player(spec);
    if (!p) {
      err << "minimax play chess: " << p.error() << '\n';
      return 2;
    }
    if (o.seed) (void)(*p)->set_option("Seed", std::to_string(*o.seed));
    machines[c] = std::move(*p);
    names[c] = machines[c]->name();
  }
  chess::ChessPlayer& white = machines[0] ? *machines[0] : static_cast<chess::ChessPlayer&>(human);
  chess::ChessPlayer& black = machines[1] ? *machines[1] : static_cast<chess::ChessPlayer&>(human);

  // The record: where --pgn says, else a new file in the data folder; "-" keeps none.
  std::string pgn = o.pgn.value_or("");
  if (!o.pgn) {
    auto path = new_record_path("chess", "pgn");
    if (!path) {
      err << "minimax play chess: " << path.error() << '\n';
      return 2;
    }
    pgn = *path;
  }
  const bool recording = !pgn.empty() && pgn != "-";
  session::PgnRecord record(pgn,
                            {{"Event", "minimax play"},
                             {"Site", "?"},
                             {"Date", today()},
                             {"Round", "-"},
                             {"White", names[0]},
                             {"Black", names[1]}},
                            session::PgnRecord::Mode::rewrite, &err, "minimax play chess: ");
  BoardDisplay display(o, names, settings.person, start_fullmove, out);
  std::vector<session::ChessObserver*> observers = {&display};
  if (recording) observers.push_back(&record);

  auto adapter = session::chess_adapter();
  // Decision: a machine accepts a draw when it is behind in material (it has no other notion of a
  // position it would rather not play on); a person is asked.
  adapter.accepts_draw = [&](const Position& pos, Side offered_to) {
    const Color c = offered_to == Side::first ? chess::white : chess::black;
    if (settings.person[index(offered_to)]) return human.accepts_draw(c);
    return material(pos, c) < material(pos, ~c);
  };

  const session::ChessResult r =
      session::play_game(start, white, black, settings, adapter, observers);
  int status = 0;
  const std::string& loser = names[index(r.loser)];
  std::string reason = r.reason;
  switch (r.ending) {
    case session::Ending::unfinished:
      out << '\n' << r.reason << "; the game is saved unfinished\n";
      break;
    case session::Ending::resignation:
      reason = loser + " resigns";
      break;
    case session::Ending::move_limit:
      reason = "move limit";
      break;
    case session::Ending::illegal_move:
      err << "minimax play chess: " << loser << " made an illegal move ("
          << (r.illegal_move ? r.position.move_to_string(r.illegal_move) : std::string("none"))
          << "); it loses\n";
      reason = "illegal move by " + loser;
      status = 1;
      break;
    default:
      break;
  }
  if (r.ending != session::Ending::unfinished)
    out << "game over: " << session::result_text(r) << " (" << reason << ")\n";
  if (recording && record.written()) out << "game record: " << pgn << '\n';
  return status;
}

}  // namespace minimax::play
