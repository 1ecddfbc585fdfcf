// `minimax play chess`: a game at the terminal between any two of a person ("human"), a machine of
// the registry, "strongest", or an external engine ("uci:/path"). The board after every move;
// a person's moves in SAN, UCI or descriptive notation; undo, resign, draw offers; the game saved
// as PGN after every move (written whole to a temporary file, then renamed, so a game in progress
// is never left half-written).
#include "play/chess_session.hpp"

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <istream>
#include <memory>
#include <ostream>

#include "core/text.hpp"
#include "games/chess/descriptive.hpp"
#include "games/chess/pgn.hpp"
#include "games/chess/san.hpp"
#include "match/chess_game.hpp"
#include "match/players.hpp"
#include "match/uci_engine.hpp"

namespace minimax::play {

namespace {

using chess::Color;
using chess::Move;
using chess::Position;

constexpr const char* kUsage =
    "usage: minimax play chess [--white NAME] [--black NAME] [--notation san|uci|descriptive]\n"
    "                          [--explain] [--pgn FILE] [--fen FEN] [--depth N] [--movetime MS]\n"
    "                          [--seed N] [--unicode]\n"
    "  NAME: human, a machine (random, shannon-a, shannon-b, turochamp, somac, engine, ...),\n"
    "  strongest, or uci:/path/to/engine; options as NAME:Option=Value,Option=Value.\n"
    "  Defaults: --white human --black strongest --pgn minimax-game.pgn.\n"
    "  At the prompt: a move (e4, Nf3, e2e4, P-K4, Kt-KB3), or undo, resign, draw, moves, board, help.\n";

enum class Notation { san, uci, descriptive };

struct Options {
  std::string white = "human", black = "strongest";
  Notation notation = Notation::san;
  bool explain = false, unicode = false;
  std::string pgn = "minimax-game.pgn";
  std::string fen;
  Limits limits;
  std::optional<std::int64_t> seed;
};

Expected<Options> parse_options(cli::Args args) {
  Options o;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&](std::string_view what) -> Expected<std::string> {
      if (i + 1 >= args.size()) return Error{"minimax play chess: " + std::string(what) + " needs a value"};
      return args[++i];
    };
    if (a == "--white" || a == "--black" || a == "--pgn" || a == "--fen") {
      auto v = value(a);
      if (!v) return Error{v.error()};
      (a == "--white" ? o.white : a == "--black" ? o.black : a == "--pgn" ? o.pgn : o.fen) = *v;
    } else if (a == "--notation") {
      auto v = value(a);
      if (!v) return Error{v.error()};
      if (*v == "san") o.notation = Notation::san;
      else if (*v == "uci") o.notation = Notation::uci;
      else if (*v == "descriptive") o.notation = Notation::descriptive;
      else return Error{"minimax play chess: unknown notation '" + *v + "' (san, uci, descriptive)"};
    } else if (a == "--depth" || a == "--movetime" || a == "--seed") {
      auto v = value(a);
      if (!v) return Error{v.error()};
      auto n = parse_int(*v, a, a == "--seed" ? 0 : 1, a == "--depth" ? 64 : 2147483647);
      if (!n) return Error{"minimax play chess: " + n.error()};
      if (a == "--depth") o.limits.depth = static_cast<int>(*n);
      else if (a == "--movetime") o.limits.movetime_ms = *n;
      else o.seed = *n;
    } else if (a == "--explain") {
      o.explain = true;
    } else if (a == "--unicode") {
      o.unicode = true;
    } else {
      return Error{"minimax play chess: unknown argument '" + a + "' (try --help)"};
    }
  }
  if (!o.limits.depth && !o.limits.movetime_ms) o.limits.movetime_ms = 2000;
  return o;
}

std::string move_text(const Position& pos, Move m, Notation n) {
  switch (n) {
    case Notation::uci: return pos.move_to_string(m);
    case Notation::descriptive: return chess::to_descriptive(pos, m);
    default: return chess::to_san(pos, m);
  }
}

// A person's move in any of the three notations; the error the most likely notation gives.
Expected<Move> parse_any(const Position& pos, std::string_view text) {
  if (auto m = pos.parse_uci(text)) return *m;
  auto san = chess::parse_san(pos, text);
  if (san) return *san;
  auto desc = chess::parse_descriptive(pos, text, chess::DescriptiveMode::lenient);
  if (desc) return *desc;
  const bool looks_uci = text.size() >= 4 && text[0] >= 'a' && text[0] <= 'h' && text[1] >= '1' && text[1] <= '8' &&
                         text[2] >= 'a' && text[2] <= 'h';
  const bool looks_descriptive = text.find('-') != std::string_view::npos && text.find("O-O") == std::string_view::npos;
  if (looks_uci) return Error{pos.parse_uci(text).error()};
  if (looks_descriptive) return Error{desc.error()};
  return Error{san.error()};
}

// Material in Shannon's units, for the machines' answer to a draw offer.
int material(const Position& pos, Color c) {
  return pos.count(c, chess::pawn) + 3 * (pos.count(c, chess::knight) + pos.count(c, chess::bishop)) +
         5 * pos.count(c, chess::rook) + 9 * pos.count(c, chess::queen);
}

std::string today() {
  const std::time_t t = std::time(nullptr);
  char buf[16];
  std::strftime(buf, sizeof buf, "%Y.%m.%d", std::gmtime(&t));
  return buf;
}

class Session {
 public:
  Session(Options o, std::istream& in, std::ostream& out, std::ostream& err)
      : o_(std::move(o)), in_(in), out_(out), err_(err) {}

  int run() {
    if (!o_.fen.empty()) {
      auto p = Position::from_fen(o_.fen);
      if (!p) {
        // Too few fields to be a FEN: the reader's message counts them but quotes nothing.
        const bool name_it = split_whitespace(o_.fen).size() < 4;
        err_ << "minimax play chess: " << (name_it ? "--fen '" + o_.fen + "': " : std::string()) << p.error()
             << '\n';
        return 2;
      }
      start_ = *p;
      const auto fields = split_whitespace(o_.fen);
      if (fields.size() >= 6)
        if (auto n = parse_int(fields[5])) start_fullmove_ = static_cast<int>(std::max<std::int64_t>(1, *n));
    }
    for (int c = 0; c < 2; ++c) {
      const std::string& spec = c == 0 ? o_.white : o_.black;
      names_[c] = spec;
      if (iequals(spec, "human")) continue;
      auto p = match::make_player(spec);
      if (!p) {
        err_ << "minimax play chess: " << p.error() << '\n';
        return 2;
      }
      if (o_.seed) (void)(*p)->set_option("Seed", std::to_string(*o_.seed));
      players_[c] = std::move(*p);
      players_[c]->new_game();
      names_[c] = players_[c]->name();
    }
    pos_ = start_;
    out_ << names_[0] << " (White) v " << names_[1] << " (Black). Type 'help' for commands.\n";
    show_board();
    for (;;) {
      std::string result;
      const std::string end = match::rules_end(pos_, result);
      if (!end.empty()) return finish(result, end);
      if (moves_.size() >= 1000) return finish("1/2-1/2", "move limit");
      const Color mover = pos_.side();
      if (players_[mover]) {
        if (!machine_move(mover)) return 1;
      } else {
        const int r = human_turn(mover);
        if (r >= 0) return r;
      }
    }
  }

 private:
  bool machine_move(Color mover) {
    match::tell_game(*players_[mover], start_, moves_);  // an external engine hears the moves
    const Thought<Move> t = players_[mover]->choose(pos_, o_.limits);
    if (t.resigns) {
      finish(mover == chess::white ? "0-1" : "1-0", names_[mover] + " resigns");
      return false;
    }
    if (!t.move || !pos_.is_legal(t.move)) {
      err_ << "minimax play chess: " << names_[mover] << " made an illegal move ("
           << (t.move ? pos_.move_to_string(t.move) : std::string("none")) << "); it loses\n";
      finish(mover == chess::white ? "0-1" : "1-0", "illegal move by " + names_[mover]);
      return false;
    }
    out_ << move_number_prefix() << move_text(pos_, t.move, o_.notation) << "   (" << names_[mover] << ")\n";
    if (o_.explain && !t.explanation.empty()) out_ << "  " << t.explanation << '\n';
    play(t.move);
    return true;
  }

  // -1: the game goes on; otherwise the exit status.
  int human_turn(Color mover) {
    for (;;) {
      out_ << (mover == chess::white ? "White" : "Black") << " to move> " << std::flush;
      std::string line;
      if (!std::getline(in_, line)) {
        out_ << "\ninput ended; the game is saved unfinished\n";
        save("*");
        return 0;
      }
      const std::string cmd(trim(line));
      if (cmd.empty()) continue;
      if (iequals(cmd, "help")) {
        out_ << kUsage;
      } else if (iequals(cmd, "board")) {
        show_board();
      } else if (iequals(cmd, "moves")) {
        Position::MoveList list;
        pos_.generate_moves(list);
        std::vector<std::string> names;
        for (const Move& m : list) names.push_back(move_text(pos_, m, o_.notation));
        out_ << join(names, " ") << '\n';
      } else if (iequals(cmd, "resign")) {
        return finish(mover == chess::white ? "0-1" : "1-0", names_[mover] + " resigns");
      } else if (iequals(cmd, "draw")) {
        if (draw_accepted(~mover)) return finish("1/2-1/2", "draw agreed");
        out_ << names_[~mover] << " declines the draw\n";
      } else if (iequals(cmd, "undo")) {
        undo();
        return -1;
      } else {
        auto m = parse_any(pos_, cmd);
        if (!m) {
          out_ << "not a move here: '" << cmd << "': " << m.error() << "\n(type 'moves' for the legal moves)\n";
          continue;
        }
        out_ << move_number_prefix() << move_text(pos_, *m, o_.notation) << '\n';
        play(*m);
        return -1;
      }
    }
  }

  bool draw_accepted(Color offered_to) {
    if (players_[offered_to]) {
      // Decision: a machine accepts when it is behind in material (it has no other notion of a
      // position it would rather not play on).
      return material(pos_, offered_to) < material(pos_, ~offered_to);
    }
    out_ << (offered_to == chess::white ? "White" : "Black") << ", do you accept a draw? (yes/no)> " << std::flush;
    std::string answer;
    if (!std::getline(in_, answer)) return false;
    return iequals(trim(answer), "yes") || iequals(trim(answer), "y");
  }

  void undo() {
    if (moves_.empty()) {
      out_ << "nothing to undo\n";
      return;
    }
    // Take back to the last position where a person was to move (the person's move and the
    // machine's reply).
    do {
      pos_.undo(moves_.back());
      moves_.pop_back();
    } while (!moves_.empty() && players_[pos_.side()]);
    out_ << "taken back\n";
    save("*");
    show_board();
  }

  void play(Move m) {
    pos_.play(m);
    moves_.push_back(m);
    save("*");
    show_board();
  }

  // Counted from the start position (not Position::fullmove_number(), which after a move played
  // from a FEN with White to move adds a half move too many).
  std::string move_number_prefix() const {
    const int ply = static_cast<int>(moves_.size()) + (start_.side() == chess::black ? 1 : 0);
    const int number = start_fullmove_ + ply / 2;
    return std::to_string(number) + (pos_.side() == chess::white ? ". " : "... ");
  }

  void show_board() { out_ << '\n' << pos_.to_string(!o_.unicode) << '\n'; }

  int finish(const std::string& result, const std::string& reason) {
    out_ << "game over: " << result << " (" << reason << ")\n";
    save(result);
    return 0;
  }

  void save(const std::string& result) {
    if (o_.pgn.empty() || o_.pgn == "-") return;
    std::vector<std::pair<std::string, std::string>> tags = {
        {"Event", "minimax play"}, {"Site", "?"}, {"Date", today()}, {"Round", "-"},
        {"White", names_[0]},      {"Black", names_[1]}};
    const std::string text = chess::write_pgn(chess::make_pgn_game(start_, moves_, result, tags));
    const std::string tmp = o_.pgn + ".tmp";
    {
      std::ofstream f(tmp, std::ios::trunc);
      f << text;
      if (!f) {
        if (!warned_) err_ << "minimax play chess: cannot write " << tmp << "; the game is not being saved\n";
        warned_ = true;
        return;
      }
    }
    std::error_code ec;
    std::filesystem::rename(tmp, o_.pgn, ec);
    if (ec && !warned_) {
      err_ << "minimax play chess: cannot write " << o_.pgn << ": " << ec.message() << '\n';
      warned_ = true;
    }
  }

  Options o_;
  std::istream& in_;
  std::ostream& out_;
  std::ostream& err_;
  Position start_, pos_;
  std::vector<Move> moves_;
  std::unique_ptr<chess::ChessPlayer> players_[2];
  std::string names_[2];
  bool warned_ = false;
  int start_fullmove_ = 1;
};

}  // namespace

int play_chess(cli::Args args, std::istream& in, std::ostream& out, std::ostream& err) {
  if (cli::wants_help(args)) {
    out << kUsage;
    return 0;
  }
  auto o = parse_options(args);
  if (!o) {
    err << o.error() << '\n';
    return 2;
  }
  return Session(std::move(*o), in, out, err).run();
}

}  // namespace minimax::play
