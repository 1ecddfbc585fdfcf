#include "learn/draughts_net.hpp"

#include <algorithm>
#include <memory>
#include <mutex>

#include "core/rng.hpp"
#include "machines/draughts/engine/engine_player.hpp"
#include "machines/draughts/engine/nnue.hpp"
#include "machines/draughts/engine/search.hpp"
#include "nn/bytes.hpp"

namespace minimax::learn::draughts_net {

namespace de = draughts::engine;
using draughts::Draughts;
using net_run::mix;

GameRecord play_game(const Settings& s, const nn::Network* net, const draughts::egdb::Database* db,
                     int generation, int index) {
  GameRecord record;
  Rng rng(
      mix(mix(s.seed, static_cast<std::uint64_t>(generation)), static_cast<std::uint64_t>(index)));
  Draughts p;
  Draughts::MoveList moves;
  for (int k = 0; k < s.random_plies && p.outcome() == Outcome::none; ++k) {
    moves.clear();
    p.generate_moves(moves);
    p.play(moves[rng.below(moves.size())]);
  }
  thread_local de::Engine engine;
  thread_local bool sized = false;
  if (!sized) {
    engine.set_hash(4);
    sized = true;
  }
  engine.clear();
  engine.set_network(net);
  engine.set_database(db);
  Limits limits;
  limits.nodes = s.nodes;
  std::vector<std::size_t> black_samples;
  int result = 0;  // for Black
  while (true) {
    const Outcome o = p.outcome();
    if (o != Outcome::none) {
      const int mover = o == Outcome::win ? 1 : o == Outcome::loss ? -1 : 0;
      result = p.side_to_move() == draughts::kBlack ? mover : -mover;
      break;
    }
    if (db && draughts::count(p.black() | p.white()) <= db->pieces())
      if (const auto v = db->probe(p)) {
        const int mover = *v == draughts::egdb::Value::win    ? 1
                          : *v == draughts::egdb::Value::loss ? -1
                                                              : 0;
        result = p.side_to_move() == draughts::kBlack ? mover : -mover;
        break;
      }
    if (record.plies >= s.max_plies) break;
    const de::EngineResult r = engine.search(p, limits);
    if (!r.has_move) break;
    if (!p.has_capture() && !r.from_database && r.depth > 0) {
      Sample x;
      x.black = p.black();
      x.white = p.white();
      x.kings = p.kings();
      x.black_to_move = p.side_to_move() == draughts::kBlack;
      x.score = static_cast<std::int16_t>(std::clamp(r.score, -30000, 30000));
      record.samples.push_back(x);
    }
    p.play(r.best);
    ++record.plies;
  }
  record.result = result;
  for (Sample& x : record.samples)
    x.result = static_cast<std::int8_t>(x.black_to_move ? result : -result);
  return record;
}

namespace {

// The databases that end the games of this process's run (net_run's prepare sets them).
std::shared_ptr<const draughts::egdb::Database>& run_database() {
  static std::shared_ptr<const draughts::egdb::Database> db;
  return db;
}

// A sample's 16 bytes: the three words, the side to move, the result, the score.
void put_sample(std::string& out, const Sample& s) {
  nn::put<std::uint32_t>(out, s.black);
  nn::put<std::uint32_t>(out, s.white);
  nn::put<std::uint32_t>(out, s.kings);
  nn::put<std::uint8_t>(out, s.black_to_move ? 1 : 0);
  nn::put<std::int8_t>(out, s.result);
  nn::put<std::int16_t>(out, s.score);
}

net_run::Game make_game() {
  net_run::Game g;
  g.chunk_magic = "MMXDRS01";
  g.sample_bytes = 16;
  g.tag = de::kNetTag;
  g.inputs = de::kNetInputs;
  g.eval_scale = de::kEvalScale;
  g.random_start = true;
  g.prepare = [](const Settings& s, bool leader, std::ostream& out) -> Status {
    run_database().reset();
    if (s.egdb_pieces <= 0) return Ok{};
    auto d = draughts::shared_database(
        s.egdb_dir.empty() ? draughts::egdb::default_directory() : s.egdb_dir, s.egdb_pieces);
    if (d && (*d)->pieces() > 0) run_database() = *d;
    if (leader)
      out << (run_database()
                  ? "the endgame databases of up to " + std::to_string(run_database()->pieces()) +
                        " pieces end the games\n"
                  : std::string("no endgame databases: games are played to their end\n"));
    return Ok{};
  };
  g.play = [](const Settings& s, const nn::Network* net, int generation, int index) {
    const GameRecord r = play_game(s, net, run_database().get(), generation, index);
    net_run::Played p;
    p.result = r.result;
    p.plies = r.plies;
    p.samples = static_cast<int>(r.samples.size());
    for (const Sample& x : r.samples) put_sample(p.bytes, x);
    return p;
  };
  g.pattern_inputs = de::kNetPatternInputs;
  g.read_patterns = [](std::string_view b, net_run::Features& f) {
    const auto black = nn::get<std::uint32_t>(b, 0), white = nn::get<std::uint32_t>(b, 4);
    const int mover = nn::get<std::uint8_t>(b, 12) != 0 ? 0 : 1;
    int p[de::kNetBands];
    de::net_patterns(black, white, mover, p);
    for (int x : p) f.us[f.nu++] = de::kNetInputs + x;
    de::net_patterns(black, white, 1 - mover, p);
    for (int x : p) f.them[f.nt++] = de::kNetInputs + x;
  };
  g.read = [](std::string_view b, int buckets, net_run::Features& f) {
    const auto black = nn::get<std::uint32_t>(b, 0), white = nn::get<std::uint32_t>(b, 4),
               kings = nn::get<std::uint32_t>(b, 8);
    const int mover = nn::get<std::uint8_t>(b, 12) != 0 ? 0 : 1;
    f.result = nn::get<std::int8_t>(b, 13);
    f.score = nn::get<std::int16_t>(b, 14);
    f.nu = de::net_inputs(black, white, kings, mover, f.us);
    f.nt = de::net_inputs(black, white, kings, 1 - mover, f.them);
    f.bucket = de::net_bucket(f.nu, buckets);
  };
  return g;
}

}  // namespace

const net_run::Game& game() {
  static const net_run::Game g = make_game();
  return g;
}

}  // namespace minimax::learn::draughts_net
