#include "machines/draughts/samuel.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/read_file.hpp"
#include "search/alpha_beta.hpp"

namespace minimax::draughts {

namespace samuel {

namespace {

using Json = nlohmann::ordered_json;

// The game as Samuel's look-ahead sees it: the rules of draughts, with a count of the captures
// made along the line so far, so that the horizon can leave them out of the depth. Written as a
// Game, so that the generic alpha-beta searches it unchanged.
class SamuelLine {
 public:
  using Move = draughts::Move;
  using MoveList = Draughts::MoveList;

  explicit SamuelLine(const Draughts& position) : position_(position) {}

  [[nodiscard]] Side side_to_move() const { return position_.side_to_move(); }
  void generate_moves(MoveList& list) const { position_.generate_moves(list); }
  void play(Move m) {
    position_.play(m);
    captures_.push_back(captures() + (m.is_capture() ? 1 : 0));
  }
  void undo(Move m) {
    position_.undo(m);
    captures_.pop_back();
  }
  [[nodiscard]] Outcome outcome() const { return position_.outcome(); }
  [[nodiscard]] std::uint64_t key() const { return position_.key(); }
  [[nodiscard]] std::string move_to_string(Move m) const { return position_.move_to_string(m); }
  [[nodiscard]] std::string to_string() const { return position_.to_string(); }
  [[nodiscard]] const Draughts& position() const { return position_; }
  // Captures made since the root along the current line.
  [[nodiscard]] int captures() const { return captures_.empty() ? 0 : captures_.back(); }

 private:
  Draughts position_;
  std::vector<int> captures_;
};
static_assert(Game<SamuelLine>);

struct Stats {
  int deepest = 0;
  std::uint64_t rote_hits = 0;
};

// Where the look-ahead stops: the minimum depth reached with captures not counted, and no capture
// pending; or the cap on every line.
struct SamuelHooks {
  int max_ply = 24;
  bool horizon(SamuelLine& line, int depth, int ply) const {
    if (ply >= max_ply) return true;
    return depth + line.captures() <= 0 && !line.position().has_capture();
  }
};

// The score at the horizon: a saved position's backed-up score, or the polynomial's; moved
// towards zero by the plies it stands for from the root (a quick win and a slow loss preferred).
struct SamuelEvaluation {
  const Polynomial* polynomial;
  RoteStore* store;
  Stats* stats;
  int operator()(SamuelLine& line, int ply) const {
    if (store) {
      if (const RoteEntry* e = store->use(line.key())) {
        ++stats->rote_hits;
        stats->deepest = std::max(stats->deepest, ply + e->depth);
        return towards_zero(e->score, ply);
      }
    }
    stats->deepest = std::max(stats->deepest, ply);
    return towards_zero(polynomial->static_score(line.position()), ply);
  }
};

}  // namespace

Polynomial Polynomial::untrained(double initial) {
  Polynomial p;
  for (int i = 0; i < kTermCount; ++i) {
    const bool use = i < kWorkingSetSize;
    p.in_use[static_cast<std::size_t>(i)] = use;
    p.coefficient[static_cast<std::size_t>(i)] = use ? initial : 0.0;
  }
  return p;
}

std::vector<Term> Polynomial::working() const {
  std::vector<Term> w;
  for (int i = 0; i < kTermCount; ++i)
    if (in_use[static_cast<std::size_t>(i)]) w.push_back(static_cast<Term>(i));
  return w;
}

double Polynomial::terms_score(const Draughts& position) const {
  const Sides passive = sides_for(position, opposite(position.side_to_move()));
  double v = 0;
  for (int i = 0; i < kTermCount; ++i) {
    const auto k = static_cast<std::size_t>(i);
    if (in_use[k] && coefficient[k] != 0.0)
      v += coefficient[k] * term_value(static_cast<Term>(i), passive);
  }
  return v;
}

int Polynomial::static_score(const Draughts& position) const {
  const Side s = position.side_to_move();
  const int piece_advantage = material_credit(position.pieces(s), position.kings()) -
                              material_credit(position.pieces(opposite(s)), position.kings());
  return kPieceWeight * piece_advantage - static_cast<int>(std::lround(terms_score(position)));
}

std::string polynomial_to_json(const Polynomial& p) {
  Json j;
  Json coefficients = Json::object();
  Json working = Json::array();
  for (int i = 0; i < kTermCount; ++i) {
    const auto k = static_cast<std::size_t>(i);
    coefficients[std::string(kTermNames[k])] = p.coefficient[k];
    if (p.in_use[k]) working.push_back(std::string(kTermNames[k]));
  }
  j["coefficients"] = coefficients;
  j["working"] = working;
  return j.dump(2);
}

namespace {

Expected<Polynomial> polynomial_from(const Json& j) {
  if (j.contains("alpha")) return polynomial_from(j["alpha"]);
  if (!j.is_object() || !j.contains("coefficients") || !j["coefficients"].is_object() ||
      !j.contains("working") || !j["working"].is_array())
    return Error{"expected an object with 'coefficients' and 'working'"};
  Polynomial p;
  for (const auto& [name, value] : j["coefficients"].items()) {
    const auto t = term_from_name(name);
    if (!t) return Error{"unknown term '" + name + "'"};
    if (!value.is_number()) return Error{"the coefficient of " + name + " is not a number"};
    p.coefficient[static_cast<std::size_t>(*t)] =
        std::clamp(value.get<double>(), -kMaxCoefficient, kMaxCoefficient);
  }
  for (const auto& name : j["working"]) {
    const auto t = name.is_string() ? term_from_name(name.get<std::string>()) : std::nullopt;
    if (!t) return Error{"unknown term " + name.dump() + " in the working set"};
    p.in_use[static_cast<std::size_t>(*t)] = true;
  }
  return p;
}

}  // namespace

Expected<Polynomial> polynomial_from_json(const std::string& text) {
  const Json j = Json::parse(text, nullptr, false);
  if (j.is_discarded()) return Error{"not valid JSON"};
  return polynomial_from(j);
}

Expected<Polynomial> load_polynomial(const std::string& path) {
  auto text = read_file(path);
  if (!text) return Error{text.error()};
  auto p = polynomial_from_json(*text);
  if (!p) return Error{"'" + path + "': " + p.error()};
  return p;
}

Choice search(const Draughts& position, const Polynomial& polynomial, const Settings& settings,
              RoteStore* store) {
  Stats stats;
  SamuelLine line(position);
  using Search = search::AlphaBeta<SamuelLine, SamuelEvaluation, search::NoOrdering, SamuelHooks>;
  Search ab(SamuelEvaluation{&polynomial, settings.rote ? store : nullptr, &stats},
            search::NoOrdering{}, nullptr, SamuelHooks{settings.max_ply});
  ab.set_max_ply(settings.max_ply);
  const auto r = ab.search(line, settings.depth);
  Choice c;
  c.best = r.best;
  c.score = r.score;
  c.line = r.line;
  c.nodes = r.nodes;
  c.deepest = stats.deepest;
  c.rote_hits = stats.rote_hits;
  return c;
}

}  // namespace samuel

SamuelMachine::SamuelMachine() {
  options_
      .spin("Depth", 4, 1, 12, "the minimum look-ahead in moves, captures not counted",
            &settings_.depth)
      .spin("MaxPly", 24, 2, 60, "no line of the look-ahead goes further", &settings_.max_ply)
      .check("Rote", true, "rote learning: save the positions played, use them at the horizon",
             &settings_.rote)
      .spin("RoteSize", 100000, 1, 10000000, "the most positions the rote store keeps",
            [this](std::int64_t v) -> Status {
              rote_size_ = v;
              rote_.set_capacity(static_cast<std::size_t>(v));
              return Ok{};
            })
      .string(
          "RoteFile", "",
          "the rote store's file: read now (if it exists), written at each new game and at the end",
          [this](const std::string& path) -> Status {
            rote_file_ = path;
            rote_warning_.clear();
            if (path.empty()) return Ok{};
            if (!std::filesystem::exists(path)) {
              rote_.clear();  // a new store, written at the next game
              return Ok{};
            }
            if (auto loaded = rote_.load(path); !loaded) {
              // A missing or bad file: one line, and the machine goes on without it.
              rote_warning_ = "samuel: " + loaded.error() + "; going on without it";
              std::cerr << rote_warning_ << '\n';
              rote_.clear();
            }
            return Ok{};
          })
      .string("Polynomial", "",
              "a JSON file of coefficients (or a learning run's): empty for the untrained one",
              [this](const std::string& path) -> Status {
                if (path.empty()) {
                  polynomial_ = samuel::Polynomial::untrained();
                  return Ok{};
                }
                auto p = samuel::load_polynomial(path);
                if (!p) return Error{p.error()};
                polynomial_ = *p;
                return Ok{};
              });
}

SamuelMachine::~SamuelMachine() {
  if (!rote_file_.empty() && rote_warning_.empty()) (void)save_rote();
}

Status SamuelMachine::save_rote() const {
  if (rote_file_.empty()) return Ok{};
  return rote_.write(rote_file_);
}

void SamuelMachine::new_game() {
  if (!rote_file_.empty() && rote_warning_.empty())
    if (auto s = save_rote(); !s) std::cerr << "samuel: " << s.error() << '\n';
}

Thought<Move> SamuelMachine::choose(const Draughts& position, const Limits& limits) {
  samuel::Settings s = settings_;
  if (limits.depth) s.depth = std::clamp(*limits.depth, 1, 12);
  const samuel::Choice c = samuel::search(position, polynomial_, s, &rote_);
  Thought<Move> t;
  if (!c.best) return t;
  t.move = *c.best;
  t.score = c.score;
  t.line = c.line;
  t.nodes = c.nodes;
  t.depth = c.deepest;
  if (settings_.rote) {
    // Rote learning: the position moved from, with its backed-up score, for later searches; a
    // move older for every entry.
    rote_.tick();
    rote_.save(position.key(), c.score, s.depth);
  }
  char buf[200];
  std::snprintf(buf, sizeof buf,
                "score %+d (a man is %d) at depth %d, deepest line %d plies, %zu rote positions "
                "(%llu used), %llu positions",
                c.score, 2 * samuel::kPieceWeight, s.depth, c.deepest, rote_.size(),
                static_cast<unsigned long long>(c.rote_hits),
                static_cast<unsigned long long>(c.nodes));
  t.explanation = buf;
  return t;
}

std::unique_ptr<Player<Draughts>> make_samuel() { return std::make_unique<SamuelMachine>(); }

}  // namespace minimax::draughts
