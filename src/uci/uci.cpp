#include "uci/uci.hpp"

#include <atomic>
#include <istream>
#include <mutex>
#include <ostream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "core/options.hpp"
#include "core/text.hpp"
#include "machines/chess/book.hpp"
#include "machines/chess/engine/engine.hpp"
#include "machines/chess/engine/engine_options.hpp"
#include "machines/chess/engine_player.hpp"
#include "machines/chess/engine_sources.hpp"
#include "machines/chess/registry.hpp"
#include "uci/go_mate.hpp"

namespace minimax::uci {

namespace {

using chess::Move;
using chess::Position;
namespace eng = chess::engine;

constexpr std::string_view kDefaultMachine = "engine";

class Session {
 public:
  Session(std::istream& in, std::ostream& out) : in_(in), out_(out) {
    // Reading must not flush the output behind the writer's back: with cin tied to cout, a
    // getline on this thread flushes cout while the search thread writes (seen as doubled
    // lines). Every line is flushed by emit() under its lock instead.
    in_.tie(nullptr);
    engine_.set_external_stop(&stop_flag_);
    declare_options();
  }
  ~Session() { finish_search(true); }

  [[nodiscard]] std::string options_help() const { return options_.help_text(); }

  int run() {
    std::string line;
    while (std::getline(in_, line)) {
      if (!handle(line)) return 0;
    }
    // End of input: let a bounded search finish and print its move; stop an endless one.
    finish_search(infinite_search_);
    return 0;
  }

 private:
  // ---- output -------------------------------------------------------------------------------
  void emit(const std::string& line) {
    std::lock_guard<std::mutex> lock(out_mutex_);
    out_ << line << '\n' << std::flush;
  }
  void info_string(const std::string& text) { emit("info string " + text); }

  // ---- commands -----------------------------------------------------------------------------
  bool handle(const std::string& line) {
    const auto tokens = split_whitespace(line);
    if (tokens.empty()) return true;
    const std::string& cmd = tokens[0];
    if (cmd == "uci")
      cmd_uci();
    else if (cmd == "isready")
      emit("readyok");
    else if (cmd == "setoption")
      cmd_setoption(tokens);
    else if (cmd == "ucinewgame")
      cmd_ucinewgame();
    else if (cmd == "position")
      cmd_position(tokens);
    else if (cmd == "go")
      cmd_go(tokens);
    else if (cmd == "stop")
      cmd_stop();
    else if (cmd == "ponderhit")
      cmd_ponderhit();
    else if (cmd == "quit") {
      finish_search(true);
      return false;
    } else if (cmd == "debug") {
      // Accepted and ignored: there is no extra debugging output.
    } else if (cmd == "d") {
      emit(pos_.to_string());
      emit("Fen: " + pos_.fen());
      emit("Key: " + hex(pos_.key()));
    } else {
      info_string("unknown command '" + cmd + "'");
    }
    return true;
  }

  static std::string hex(std::uint64_t v) {
    std::ostringstream s;
    s << std::hex << v;
    return s.str();
  }

  void cmd_uci() {
    emit("id name minimax engine");
    emit("id author the minimax authors");
    for (const auto& o : options_.list()) emit(uci_option_line(o));
    emit("uciok");
  }

  // Every option UCI lists, declared once: the engine's own (engine_options.cpp) and the front
  // end's, in the order `uci` prints them.
  void declare_options() {
    eng::declare_search_options(options_, engine_);
    options_.check("Ponder", false, "the GUI may ask for thinking on the opponent's time",
                   &ponder_option_);
    eng::declare_time_options(options_, engine_);
    options_.check("UCI_Chess960", false,
                   "Chess960 castling (king takes own rook) in FENs and moves",
                   [this](bool on) -> Status {
                     chess960_ = on;
                     pos_.set_chess960(chess960_);
                     return Ok{};
                   });
    eng::declare_strength_options(options_, engine_);
    options_.check("UCI_ShowWDL", false, "win/draw/loss per mille after each score", &show_wdl_);
    eng::declare_eval_params_option(options_);
    eng::declare_eval_options(options_, engine_);
    eng::declare_measurement_options(options_, engine_);
    chess::declare_book_options(options_, book_);
    chess::declare_tablebase_options(options_, engine_);
    std::vector<std::string> machines;
    for (const auto& m : chess::chess_machines()) machines.emplace_back(m.name);
    options_.combo("Machine", std::string(kDefaultMachine), machines, "which chess machine answers",
                   [this](const std::string& name) -> Status {
                     set_machine(name);
                     return Ok{};
                   });
  }

  void cmd_setoption(const std::vector<std::string>& t) {
    // setoption name <words...> [value <words...>]
    if (t.size() < 3 || !iequals(t[1], "name")) {
      info_string("setoption: expected 'setoption name <name> [value <value>]'");
      return;
    }
    std::vector<std::string> name_words, value_words;
    bool in_value = false;
    for (std::size_t i = 2; i < t.size(); ++i) {
      if (!in_value && iequals(t[i], "value")) {
        in_value = true;
        continue;
      }
      (in_value ? value_words : name_words).push_back(t[i]);
    }
    const std::string name = join(name_words, " "), value = join(value_words, " ");
    if (searching_ && infinite_search_) {
      info_string("setoption " + name + " ignored: a search is running (send stop first)");
      return;
    }
    finish_search(false);
    // A machine's own options (Depth of shannon-a) are not listed, but a script may set them.
    if (!options_.has(name) && machine_ && has_option(*machine_, name)) {
      if (auto s = machine_->set_option(name, value); !s) info_string(s.error());
      return;
    }
    if (auto s = options_.set(name, value); !s) {
      info_string(s.error());
      return;
    }
    forward_option(options_.canonical_name(name), value);
    if (iequals(name, "SyzygyPath") || iequals(name, "TablesPath")) {
      engine_.load_fallback_tablebase();
      const auto* tables = engine_.tablebase();
      info_string(tables ? tables->description() : std::string("no endgame tables"));
    }
  }

  static bool has_option(const chess::ChessPlayer& p, const std::string& name) {
    for (const auto& o : p.options())
      if (iequals(o.name, name)) return true;
    return false;
  }

  // The other machines see the options they understand; those they do not are not an error.
  void forward_option(const std::string& name, const std::string& value) {
    if (!machine_ || !has_option(*machine_, name)) return;
    if (auto s = machine_->set_option(name, value); !s) info_string(s.error());
  }

  // `name` is one of chess_machines() (the Machine option has checked it).
  void set_machine(const std::string& name) {
    if (iequals(name, kDefaultMachine)) {
      machine_.reset();
      machine_name_ = std::string(kDefaultMachine);
      return;
    }
    auto m = chess::make_chess_machine(name);
    if (!m) {
      info_string("bad value '" + name + "' for option Machine: " + m.error());
      return;
    }
    machine_ = std::move(*m);
    machine_name_ = machine_->name();
  }

  void cmd_ucinewgame() {
    finish_search(true);
    engine_.new_game();
    if (machine_) machine_->new_game();
    pos_ = Position();
    pos_.set_chess960(chess960_);
  }

  void cmd_position(const std::vector<std::string>& t) {
    // position startpos|fen <FEN> [moves m1 m2 ...]
    if (t.size() < 2) {
      info_string("position: expected 'startpos' or 'fen <FEN>'");
      return;
    }
    std::size_t i = 1;
    Position p;
    if (t[1] == "startpos") {
      auto s = Position::from_fen(chess::kStartFen, chess960_);
      p = *s;
      i = 2;
    } else if (t[1] == "fen") {
      std::vector<std::string> fields;
      for (i = 2; i < t.size() && t[i] != "moves"; ++i) fields.push_back(t[i]);
      auto s = Position::from_fen(join(fields, " "), chess960_);
      if (!s) {
        info_string("position: bad FEN '" + join(fields, " ") + "': " + s.error() +
                    " (position unchanged)");
        return;
      }
      p = *s;
    } else {
      info_string("position: expected 'startpos' or 'fen', not '" + t[1] +
                  "' (position unchanged)");
      return;
    }
    p.set_chess960(chess960_);
    if (i < t.size()) {
      if (t[i] != "moves") {
        info_string("position: unexpected '" + t[i] + "' (position unchanged)");
        return;
      }
      for (++i; i < t.size(); ++i) {
        auto m = p.parse_uci(t[i]);
        if (!m) {
          info_string("position: illegal move '" + t[i] + "': " + m.error() +
                      " (position unchanged)");
          return;
        }
        p.play(*m);
      }
    }
    pos_ = std::move(p);
  }

  void cmd_go(const std::vector<std::string>& t) {
    // A go while a bounded search runs (a script that does not wait for bestmove) waits for it;
    // a go during an endless one cannot be served.
    if (searching_ && infinite_search_) {
      info_string("go ignored: a search is already running (send stop first)");
      return;
    }
    finish_search(false);
    // minimax's own tables, when no SyzygyPath is set, are read before the first search.
    if (engine_.load_fallback_tablebase()) info_string(engine_.tablebase()->description());
    eng::SearchLimits limits;
    bool bad = false;
    // A GUI waits for bestmove after every go, so a bad parameter never cancels the search: a value
    // out of range is clamped, a missing or non-numeric one is ignored (each with an info string).
    auto number = [&](std::size_t& i, std::int64_t lo,
                      std::int64_t hi) -> std::optional<std::int64_t> {
      if (i + 1 >= t.size()) {
        info_string("go: '" + t[i] + "' needs a value (ignored)");
        bad = true;
        return std::nullopt;
      }
      auto v = parse_int(t[i + 1]);
      ++i;
      if (!v) {
        info_string("go: bad value '" + t[i] + "' for " + t[i - 1] + " (ignored)");
        bad = true;
        return std::nullopt;
      }
      if (*v < lo || *v > hi) {
        const std::int64_t c = std::clamp(*v, lo, hi);
        info_string("go: " + t[i - 1] + " " + t[i] + " is out of range " + std::to_string(lo) +
                    ".." + std::to_string(hi) + "; using " + std::to_string(c));
        return c;
      }
      return *v;
    };
    constexpr std::int64_t kBig = std::int64_t(1) << 50;
    for (std::size_t i = 1; i < t.size(); ++i) {
      const std::string& w = t[i];
      if (w == "wtime") {
        if (auto v = number(i, -kBig, kBig))
          limits.time_left_ms[chess::white] = std::max<std::int64_t>(*v, 1);
      } else if (w == "btime") {
        if (auto v = number(i, -kBig, kBig))
          limits.time_left_ms[chess::black] = std::max<std::int64_t>(*v, 1);
      } else if (w == "winc") {
        if (auto v = number(i, -kBig, kBig))
          limits.increment_ms[chess::white] = std::max<std::int64_t>(*v, 0);
      } else if (w == "binc") {
        if (auto v = number(i, -kBig, kBig))
          limits.increment_ms[chess::black] = std::max<std::int64_t>(*v, 0);
      } else if (w == "movestogo") {
        if (auto v = number(i, 0, 10000)) {
          if (*v > 0) limits.moves_to_go = static_cast<int>(*v);
        }
      } else if (w == "depth") {
        if (auto v = number(i, 1, eng::kMaxPly - 10)) limits.depth = static_cast<int>(*v);
      } else if (w == "nodes") {
        if (auto v = number(i, 1, kBig)) limits.nodes = static_cast<std::uint64_t>(*v);
      } else if (w == "mate") {
        if (auto v = number(i, 1, 60)) limits.mate = static_cast<int>(*v);
      } else if (w == "movetime") {
        if (auto v = number(i, 1, kBig)) limits.movetime_ms = *v;
      } else if (w == "infinite")
        limits.infinite = true;
      else if (w == "ponder")
        limits.ponder = true;
      else if (w == "searchmoves") {
        // Every following token that is a legal move; the first that is not ends the list.
        while (i + 1 < t.size()) {
          auto m = pos_.parse_uci(t[i + 1]);
          if (!m) break;
          limits.search_moves.push_back(*m);
          ++i;
        }
        if (limits.search_moves.empty())
          info_string("go: searchmoves names no legal move; searching all");
      } else {
        info_string("go: unknown parameter '" + w + "' (ignored)");
      }
    }
    const bool limited = limits.depth || limits.nodes || limits.movetime_ms || limits.mate ||
                         limits.infinite || limits.ponder || limits.time_left_ms[chess::white] ||
                         limits.time_left_ms[chess::black];
    if (bad && !limited) {
      info_string("go: no usable limit; searching to depth 1");
      limits.depth = 1;
    }
    start_search(limits);
  }

  void cmd_stop() {
    stop_flag_ = true;
    engine_.stop();
  }

  void cmd_ponderhit() {
    pondering_ = false;
    engine_.ponderhit();
  }

  // ---- searching ----------------------------------------------------------------------------
  void start_search(const eng::SearchLimits& limits) {
    searching_ = true;
    stop_flag_ = false;
    pondering_ = limits.ponder;
    infinite_search_ = limits.infinite || limits.ponder;
    const Position root = pos_;
    // The book answers a timed or bounded go (not an analysis: infinite, ponder, mate or
    // searchmoves), for whichever machine plays.
    std::optional<chess::polyglot::BookMove> book_move;
    if (!limits.infinite && !limits.ponder && !limits.mate && limits.search_moves.empty())
      book_move = book_.probe(root);
    if (!machine_ && !book_move) engine_.arm(limits.ponder);
    search_thread_ = std::thread([this, root, limits, book_move] {
      // The last lines (bestmove) are written after `searching_` is cleared, so a GUI that sends
      // the next go as soon as it reads bestmove never finds the previous search still running.
      std::vector<std::string> last =
          book_move  ? std::vector<std::string>{"info string " +
                                                    chess::describe_book_move(root, *book_move),
                                                "bestmove " + root.move_to_string(book_move->move)}
          : machine_ ? run_machine(root, limits)
                     : run_engine(root, limits);
      searching_ = false;
      for (const auto& line : last) emit(line);
    });
  }

  // Waits for the search thread; with `stop`, tells it to stop first.
  void finish_search(bool stop) {
    if (!search_thread_.joinable()) return;
    if (stop) cmd_stop();
    search_thread_.join();
  }

  std::string score_text(int score, int game_ply) const {
    std::string s;
    if (score >= eng::kMateInMaxPly)
      s = "mate " + std::to_string((eng::kMate - score + 1) / 2);
    else if (score <= -eng::kMateInMaxPly)
      s = "mate -" + std::to_string((eng::kMate + score) / 2);
    else
      s = "cp " + std::to_string(score);
    if (show_wdl_) {
      const auto w = eng::score_to_wdl(score, game_ply);
      s += " wdl " + std::to_string(w.win) + " " + std::to_string(w.draw) + " " +
           std::to_string(w.loss);
    }
    return s;
  }

  std::vector<std::string> run_engine(const Position& root, const eng::SearchLimits& limits) {
    const int game_ply = 2 * (root.fullmove_number() - 1) + (root.side() == chess::black ? 1 : 0);
    eng::SearchCallbacks cb;
    Move last_reported = Move::none();
    cb.on_line = [&](const eng::LineReport& r) {
      if (r.multipv == 1 && !r.pv.empty()) last_reported = r.pv[0];
      std::string line = "info depth " + std::to_string(r.depth) + " seldepth " +
                         std::to_string(r.seldepth) + " multipv " + std::to_string(r.multipv) +
                         " score " + score_text(r.score, game_ply);
      // Bounds go after the score's numbers (the WDL triple belongs to the score).
      if (r.bound == eng::kBoundLower)
        line += " lowerbound";
      else if (r.bound == eng::kBoundUpper)
        line += " upperbound";
      const std::int64_t ms = std::max<std::int64_t>(r.time_ms, 1);
      line += " nodes " + std::to_string(r.nodes) + " nps " + std::to_string(r.nodes * 1000 / ms) +
              " hashfull " + std::to_string(r.hashfull) + " tbhits " + std::to_string(r.tbhits) +
              " time " + std::to_string(r.time_ms) + " pv";
      for (Move m : r.pv) {
        line += ' ';
        line += root.move_to_string(m);
      }
      emit(line);
    };
    cb.on_current_move = [&](Move m, int number, int depth) {
      emit("info depth " + std::to_string(depth) + " currmove " + root.move_to_string(m) +
           " currmovenumber " + std::to_string(number));
    };
    cb.on_info = [&](const std::string& text) { emit("info string " + text); };
    const eng::SearchResult r = limits.mate ? go_mate(engine_, root, limits, cb, &stop_flag_)
                                            : engine_.search(root, limits, cb);
    if (!r.best) {
      // No legal move: the score of the position, then the null move (UCI convention).
      return {std::string("info depth 0 score ") + (root.in_check() ? "mate 0" : "cp 0"),
              "bestmove 0000"};
    }
    std::vector<std::string> lines;
    // A search stopped before its first iteration ends has no score to report: only the move.
    if (r.best != last_reported && !r.pv.empty() && r.depth > 0) {
      // The best move changed in an iteration cut short (or a weaker level chose another line):
      // report the line actually played, so the last PV begins with the bestmove.
      std::string info = "info depth " + std::to_string(std::max(1, r.depth)) + " score " +
                         score_text(r.score, game_ply) + " nodes " + std::to_string(r.nodes) +
                         " time " + std::to_string(r.time_ms) + " pv";
      for (Move m : r.pv) {
        info += ' ';
        info += root.move_to_string(m);
      }
      lines.push_back(info);
    }
    std::string line = "bestmove " + root.move_to_string(r.best);
    if (r.ponder) line += " ponder " + root.move_to_string(r.ponder);
    lines.push_back(line);
    return lines;
  }

  std::vector<std::string> run_machine(const Position& root, const eng::SearchLimits& limits) {
    Limits l = chess::to_player_limits(limits);
    l.stop = &stop_flag_;
    Position::MoveList legal;
    root.generate_moves(legal);
    Thought<Move> t;
    if (!legal.empty()) t = machine_->choose(root, l);
    // Under infinite or ponder the answer waits for stop or ponderhit.
    while ((limits.infinite || pondering_) && !stop_flag_)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    if (legal.empty() || !t.move || !legal.contains(t.move)) {
      std::vector<std::string> lines;
      if (!legal.empty())
        lines.push_back("info string machine " + machine_name_ + " gave no legal move");
      lines.push_back(std::string("info depth 0 score ") + (root.in_check() ? "mate 0" : "cp 0"));
      lines.push_back("bestmove 0000");
      return lines;
    }
    const int game_ply = 2 * (root.fullmove_number() - 1) + (root.side() == chess::black ? 1 : 0);
    std::string info = "info depth " + std::to_string(t.depth);
    if (t.score) info += " score " + score_text(*t.score, game_ply);
    info += " nodes " + std::to_string(t.nodes);
    if (!t.line.empty()) {
      info += " pv";
      for (Move m : t.line) {
        info += ' ';
        info += root.move_to_string(m);
      }
    }
    std::vector<std::string> lines{info};
    if (!t.explanation.empty())
      lines.push_back("info string " + machine_name_ + ": " + t.explanation);
    lines.push_back("bestmove " + root.move_to_string(t.move));
    return lines;
  }

  std::istream& in_;
  std::ostream& out_;
  std::mutex out_mutex_;
  eng::Engine engine_;
  chess::BookOptions book_;                      // OwnBook, BookFile, BestBookMove, Seed
  std::unique_ptr<chess::ChessPlayer> machine_;  // null: the engine answers
  std::string machine_name_{kDefaultMachine};
  Position pos_;
  bool chess960_ = false;
  bool ponder_option_ = false;
  bool show_wdl_ = false;
  std::thread search_thread_;
  std::atomic<bool> searching_{false};
  std::atomic<bool> stop_flag_{false};
  std::atomic<bool> pondering_{false};
  bool infinite_search_ = false;
  Options options_;  // every option `uci` lists (declare_options)
};

}  // namespace

int run_uci(std::istream& in, std::ostream& out) {
  Session session(in, out);
  return session.run();
}

std::string options_help() {
  std::istringstream in;
  std::ostringstream out;
  const Session session(in, out);
  return session.options_help();
}

}  // namespace minimax::uci
