#include "hub/hub.hpp"

#include <atomic>
#include <cmath>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "core/protocol_line.hpp"
#include "core/text.hpp"
#include "games/draughts/hub_notation.hpp"
#include "machines/draughts/registry.hpp"

namespace minimax::hub {

namespace {

using draughts::Draughts;

// Hub's types for the options table's kinds.
std::string param_line(const OptionInfo& o) {
  std::string line =
      "param name=" + protocol_value(o.name) + " value=" + protocol_value(o.default_value);
  switch (o.kind) {
    case OptionInfo::Kind::spin:
      return line + " type=int min=" + std::to_string(o.min) + " max=" + std::to_string(o.max);
    case OptionInfo::Kind::real:
      return line + " type=real min=" + std::to_string(o.min) + " max=" + std::to_string(o.max);
    case OptionInfo::Kind::check:
      return line + " type=bool";
    case OptionInfo::Kind::combo:
      return line + " type=enum values=" + protocol_value(join(o.choices, " "));
    case OptionInfo::Kind::string:
    case OptionInfo::Kind::button:
      return line + " type=string";
  }
  return line;
}

class Server {
 public:
  explicit Server(std::ostream& out) : out_(out) { make_player("engine"); }
  ~Server() { finish_search(); }

  // false after `quit`.
  bool handle(const std::string& text) {
    auto parsed = parse_protocol_line(text);
    if (!parsed) {
      error(parsed.error());
      return true;
    }
    const ProtocolLine& line = *parsed;
    const std::string& c = line.command;
    if (c.empty()) return true;
    if (c == "quit") return false;
    if (c == "ping") {
      say("pong");
    } else if (c == "stop") {
      stop_ = true;
    } else if (c == "ponder-hit") {
      ponder_hit();
    } else if (searching() && !stop_) {
      error("'" + c + "' while searching (stop first)");
    } else {
      // A GUI may send its next command right after `stop`: the stopped search ends, and its
      // `done` goes out, before the command is obeyed.
      finish_search();
      obey(line);
    }
    return true;
  }

  void obey(const ProtocolLine& line) {
    const std::string& c = line.command;
    if (c == "hub") {
      introduce();
    } else if (c == "set-param") {
      set_param(line);
    } else if (c == "init") {
      say("ready");
    } else if (c == "new-game") {
      player_->new_game();
    } else if (c == "pos") {
      set_position(line);
    } else if (c == "level") {
      set_level(line);
    } else if (c == "go") {
      go(line);
    } else {
      error("unknown command '" + c + "'");
    }
  }

  void finish_search() {
    if (thread_.joinable()) {
      stop_ = true;
      thread_.join();
    }
  }

 private:
  void say(const std::string& line) {
    std::lock_guard<std::mutex> lock(mutex_);
    out_ << line << '\n' << std::flush;
  }
  void error(const std::string& why) { say("error " + why); }

  bool searching() {
    if (thread_.joinable() && done_) thread_.join();
    return thread_.joinable();
  }

  bool make_player(const std::string& spec) {
    auto p = draughts::make_draughts_player(spec);
    if (!p) {
      error(p.error());
      return false;
    }
    player_ = std::move(*p);
    machine_ = spec;
    return true;
  }

  void introduce() {
    say("id name=minimax version=1 author=\"the minimax engineers\"");
    say("param name=variant value=english type=enum values=english");
    std::string machines;
    for (const auto& m : draughts::draughts_machines())
      machines += (machines.empty() ? "" : " ") + std::string(m.name);
    say("param name=machine value=" + protocol_value(machine_) +
        " type=enum values=" + protocol_value(machines));
    for (const OptionInfo& o : player_->options())
      if (o.kind != OptionInfo::Kind::button) say(param_line(o));
    say("wait");
  }

  void set_param(const ProtocolLine& line) {
    const auto name = line.value("name");
    const auto value = line.value("value");
    if (!name || !value) {
      error("set-param needs name=... and value=...");
      return;
    }
    if (*name == "variant") {
      if (!iequals(*value, "english")) error("only the variant english is played");
      return;
    }
    if (*name == "machine") {
      make_player(*value);
      return;
    }
    if (auto st = player_->set_option(*name, *value); !st) error(st.error());
  }

  void set_position(const ProtocolLine& line) {
    Draughts p;
    if (const auto text = line.value("pos")) {
      auto parsed = draughts::parse_hub_position(*text);
      if (!parsed) {
        error(parsed.error());
        return;
      }
      p = *parsed;
    } else if (!line.has("start")) {
      error("pos needs start or pos=...");
      return;
    }
    if (const auto moves = line.value("moves"))
      for (const auto& text : split_whitespace(*moves)) {
        if (p.outcome() != Outcome::none && p.outcome() != Outcome::draw) {
          error("move '" + std::string(text) + "' after the game's end");
          return;
        }
        auto m = draughts::parse_hub_move(p, text);
        if (!m) {
          error(m.error());
          return;
        }
        p.play(*m);
      }
    position_ = std::move(p);
  }

  void set_level(const ProtocolLine& line) {
    Limits l;
    for (const auto& [name, value] : line.args) {
      if (name == "infinite") {
        l.infinite = true;
        continue;
      }
      const auto number = value ? parse_double(*value) : std::nullopt;
      if (!number || *number < 0) {
        error("level: bad value '" + value.value_or("") + "' for " + name);
        return;
      }
      const auto ms = static_cast<std::int64_t>(std::llround(*number * 1000));
      if (name == "depth") {
        l.depth = static_cast<int>(*number);
      } else if (name == "nodes") {
        l.nodes = static_cast<std::uint64_t>(*number);
      } else if (name == "move-time") {
        l.movetime_ms = std::max<std::int64_t>(1, ms);
      } else if (name == "time") {
        l.time_left_ms[0] = l.time_left_ms[1] = ms;
      } else if (name == "inc") {
        l.increment_ms[0] = l.increment_ms[1] = ms;
      } else if (name == "moves") {
        l.moves_to_go = static_cast<int>(*number);
      } else {
        error("level: unknown limit '" + name + "'");
        return;
      }
    }
    // Hub gives the time left before the increment is added: the mover has both.
    for (int s = 0; s < 2; ++s)
      if (l.time_left_ms[s]) *l.time_left_ms[s] += l.increment_ms[s];
    level_ = l;
  }

  void go(const ProtocolLine& line) {
    const bool ponder = line.has("ponder"), analyze = line.has("analyze");
    Draughts::MoveList moves;
    position_.generate_moves(moves);
    if (moves.empty()) {
      error("no legal move in this position");
      return;
    }
    Limits l = level_;
    if (ponder || analyze) l = Limits{}, l.infinite = true;
    start_search(l, ponder);
  }

  void start_search(Limits l, bool ponder) {
    stop_ = false;
    done_ = false;
    pondering_ = ponder;
    l.stop = &stop_;
    thread_ = std::thread([this, l, position = position_] {
      const auto t = player_->choose(position, l);
      // Finished before `done` goes out: the GUI's next command, sent when it reads `done`, finds
      // the search over (searching() joins this thread, which ends after the report).
      done_ = true;
      report(position, t);
    });
  }

  void ponder_hit() {
    if (!searching() || !pondering_) {
      error("ponder-hit without a ponder search");
      return;
    }
    // The expected move was played: think again on the same position with the level's limits.
    pondering_ = false;
    suppress_ = true;
    stop_ = true;
    thread_.join();
    suppress_ = false;
    start_search(level_, false);
  }

  void report(const Draughts& position, const Thought<draughts::Move>& t) {
    if (suppress_) return;
    std::ostringstream info;
    info << "info depth=" << t.depth << " nodes=" << t.nodes;
    if (t.score) {
      char s[32];
      std::snprintf(s, sizeof s, "%.2f", *t.score / 100.0);
      info << " score=" << s;
    }
    Draughts p = position;
    std::string pv;
    for (const auto& m : t.line) {
      Draughts::MoveList legal;
      p.generate_moves(legal);
      if (std::find(legal.begin(), legal.end(), m) == legal.end()) break;
      pv += (pv.empty() ? "" : " ") + draughts::hub_move(p, m);
      p.play(m);
    }
    if (!pv.empty()) info << " pv=" << protocol_value(pv);
    say(info.str());
    std::string done = "done move=" + draughts::hub_move(position, t.move);
    if (t.line.size() >= 2) {
      Draughts after = position;
      after.play(t.move);
      Draughts::MoveList legal;
      after.generate_moves(legal);
      if (std::find(legal.begin(), legal.end(), t.line[1]) != legal.end())
        done += " ponder=" + draughts::hub_move(after, t.line[1]);
    }
    say(done);
  }

  std::ostream& out_;
  std::mutex mutex_;
  std::unique_ptr<Player<Draughts>> player_;
  std::string machine_;
  Draughts position_;
  Limits level_;
  std::thread thread_;
  std::atomic<bool> stop_{false}, done_{false}, suppress_{false};
  bool pondering_ = false;
};

}  // namespace

int run_hub(std::istream& in, std::ostream& out) {
  Server server(out);
  std::string line;
  while (std::getline(in, line))
    if (!server.handle(line)) break;
  server.finish_search();
  return 0;
}

}  // namespace minimax::hub
