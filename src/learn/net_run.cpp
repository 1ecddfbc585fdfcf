#include "learn/net_run.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <thread>

#include "core/atomic_file.hpp"
#include "core/read_file.hpp"
#include "learn/distributed.hpp"
#include "learn/net_trainer.hpp"
#include "learn/run_file.hpp"
#include "nn/bytes.hpp"

namespace minimax::learn::net_run {

namespace fs = std::filesystem;
using Json = nlohmann::json;  // the type macros below are for this one (keys come out sorted)

// run.json's fields are the structs' members; a run begun before a setting existed has that
// setting's default.
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(Settings, games, nodes, random_plies, max_plies,
                                                hidden, buckets, activation, layer2, patterns,
                                                mirror, window, lambda, epochs, batch,
                                                learning_rate, threads, chunk, egdb_pieces,
                                                egdb_dir, seed, start)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(Generation, games, black_wins, draws, white_wins,
                                                positions, trained_on, play_seconds, train_seconds,
                                                train_loss, validation_loss, average_plies,
                                                settings)

std::uint64_t mix(std::uint64_t a, std::uint64_t b) {
  std::uint64_t z = a * 0x9E3779B97F4A7C15ULL + b + 0x632BE59BD9B4E019ULL;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

namespace {

constexpr std::string_view kErrorMark = "error: ";

std::string net_path(const std::string& dir, int g, const char* ext) {
  return (fs::path(dir) / "nets" / ("gen-" + std::to_string(g) + ext)).string();
}
std::string chunk_path(const std::string& dir, int g, int c) {
  return (fs::path(dir) / "data" / ("gen-" + std::to_string(g) + "-" + std::to_string(c) + ".bin"))
      .string();
}

// A chunk: its games' results and lengths, then its samples.
std::string chunk_bytes(const Game& game, const std::vector<Played>& games) {
  std::string out(game.chunk_magic);
  nn::put<std::uint32_t>(out, static_cast<std::uint32_t>(games.size()));
  std::uint32_t samples = 0;
  for (const auto& g : games) {
    nn::put<std::int8_t>(out, static_cast<std::int8_t>(g.result));
    nn::put<std::uint16_t>(out, static_cast<std::uint16_t>(g.plies));
    samples += static_cast<std::uint32_t>(g.samples);
  }
  nn::put<std::uint32_t>(out, samples);
  for (const auto& g : games) out += g.bytes;
  nn::put<std::uint64_t>(out, nn::fnv1a(out));
  return out;
}

struct Chunk {
  std::vector<int> results, plies;
  std::string_view samples;  // into the chunk's bytes
  std::size_t count = 0;
};

Expected<Chunk> parse_chunk(const Game& game, std::string_view b) {
  auto bad = [] { return Error{"data chunk truncated or damaged"}; };
  const std::size_t magic = game.chunk_magic.size();
  if (b.size() < magic + 16 || b.substr(0, magic) != game.chunk_magic) return bad();
  if (nn::get<std::uint64_t>(b, b.size() - 8) != nn::fnv1a(b.substr(0, b.size() - 8))) return bad();
  std::size_t at = magic;
  const auto games = nn::get<std::uint32_t>(b, at);
  at += 4;
  if (b.size() < at + static_cast<std::size_t>(games) * 3 + 4 + 8) return bad();
  Chunk c;
  for (std::uint32_t i = 0; i < games; ++i) {
    c.results.push_back(nn::get<std::int8_t>(b, at));
    c.plies.push_back(nn::get<std::uint16_t>(b, at + 1));
    at += 3;
  }
  c.count = nn::get<std::uint32_t>(b, at);
  at += 4;
  if (b.size() != at + c.count * game.sample_bytes + 8) return bad();
  c.samples = b.substr(at, c.count * game.sample_bytes);
  return c;
}

std::string run_json(const Run& run) {
  return Json{{"settings", run.settings}, {"generations", run.generations}}.dump(2) + "\n";
}

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

// The games of chunk c of generation g, played by `threads` threads (each game's place fixed by its
// index, so the chunk is the same however the threads interleave).
std::vector<Played> play_chunk(const Game& game, const Settings& s, const nn::Network* net, int g,
                               int c) {
  const int first = c * s.chunk;
  const int count = std::min(s.chunk, s.games - first);
  std::vector<Played> games(static_cast<std::size_t>(std::max(0, count)));
  std::atomic<int> next{0};
  auto worker = [&] {
    for (int k; (k = next++) < count;)
      games[static_cast<std::size_t>(k)] = game.play(s, net, g, first + k);
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < std::max(1, s.threads); ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  return games;
}

// The chunks of generation h: the earlier ones' from their records, the one in play from `s`.
int chunks_of(const Run& run, const Settings& s, int h) {
  const int games = h <= static_cast<int>(run.generations.size())
                        ? run.generations[static_cast<std::size_t>(h - 1)].games
                        : s.games;
  return (games + s.chunk - 1) / s.chunk;
}

// The positions of generations [first, last], labelled with s.lambda, into `data`.
Status load_positions(const Game& game, const std::string& dir, const Run& run, const Settings& s,
                      int first, int last, nets::TrainingSet& data) {
  Features f;
  for (int h = std::max(1, first); h <= last; ++h)
    for (int c = 0; c < chunks_of(run, s, h); ++c) {
      auto b = read_file(chunk_path(dir, h, c));
      if (!b) return Error{b.error()};
      auto chunk = parse_chunk(game, *b);
      if (!chunk) return Error{chunk_path(dir, h, c) + ": " + chunk.error()};
      for (std::size_t i = 0; i < chunk->count; ++i) {
        const std::string_view sample =
            std::string_view(chunk->samples).substr(i * game.sample_bytes, game.sample_bytes);
        game.read(sample, s.buckets, f);
        if (s.patterns) game.read_patterns(sample, f);
        const double from_score =
            1.0 / (1.0 + std::exp(-static_cast<double>(f.score) / game.eval_scale));
        const double from_result = (f.result + 1) / 2.0;
        const auto target =
            static_cast<float>(s.lambda * from_score + (1 - s.lambda) * from_result);
        data.add(f.us, f.nu, f.them, f.nt, target, f.bucket);
        if (s.mirror) {
          game.mirror(f);
          data.add(f.us, f.nu, f.them, f.nt, target, f.bucket);
        }
      }
    }
  return Ok{};
}

// Patterns or mirror images asked of a game that has none: one line.
Status game_has_settings(const Game& game, const Settings& s) {
  if (s.patterns && game.pattern_inputs == 0)
    return Error{"the network '" + std::string(game.tag) + "' has no patterns to learn"};
  if (s.mirror && !game.mirror)
    return Error{"the network '" + std::string(game.tag) +
                 "' has no mirror image: its game's board has no symmetry that keeps a position's "
                 "worth"};
  return Ok{};
}

nets::TrainSettings train_settings(const Settings& s, std::uint64_t seed) {
  nets::TrainSettings ts;
  ts.epochs = s.epochs;
  ts.batch = s.batch;
  ts.learning_rate = s.learning_rate;
  ts.threads = s.threads;
  ts.seed = seed;
  return ts;
}

void report_epoch(std::ostream& out, const nets::EpochReport& r) {
  char line[160];
  std::snprintf(line, sizeof line, "  epoch %d: loss %.5f, held out %.5f\n", r.epoch, r.train_loss,
                r.validation_loss);
  out << line << std::flush;
}

// Trains generation g's network from g - 1's on the last `window` generations' positions.
Status train_generation(const Game& game, const std::string& dir, const Run& run, const Settings& s,
                        int g, Generation& gen, std::ostream& out) {
  auto bytes = read_file(net_path(dir, g - 1, ".fnet"));
  if (!bytes) return Error{bytes.error()};
  auto net = nets::FloatNet::parse(*bytes);
  if (!net) return Error{net_path(dir, g - 1, ".fnet") + ": " + net.error()};
  nets::TrainingSet data(game.inputs);
  if (auto st = load_positions(game, dir, run, s, g - s.window + 1, g, data); !st) return st;
  gen.trained_on = data.size();
  const auto reports = nets::train(
      *net, data, train_settings(s, mix(s.seed, static_cast<std::uint64_t>(g) + 1000003)),
      [&](const nets::EpochReport& r) { report_epoch(out, r); });
  if (!reports.empty()) {
    gen.train_loss = reports.back().train_loss;
    gen.validation_loss = reports.back().validation_loss;
  }
  // The checkpoint last: a generation whose .fnet is on disk is complete.
  if (auto st = write_file_atomically(net_path(dir, g, ".nnue"),
                                      net->quantize(std::string(game.tag)).serialize());
      !st)
    return st;
  return write_file_atomically(net_path(dir, g, ".fnet"), net->serialize());
}

// The settings named in `changed` take `wanted`'s values from the next generation on; run.json
// is rewritten with them. A generation with chunks on disk keeps the games it began with.
Status change_settings(const std::string& dir, Run& run, const Settings& wanted,
                       const std::vector<std::string>& changed, std::ostream& out) {
  Json now = run.settings;
  const Json want = wanted;
  const int next = static_cast<int>(run.generations.size()) + 1;
  bool begun = false;
  for (int c = 0; c < chunks_of(run, run.settings, next) && !begun; ++c)
    begun = fs::exists(chunk_path(dir, next, c));
  bool any = false;
  for (const std::string& key : changed) {
    if (!want.contains(key)) return Error{"no setting '" + key + "'"};
    if (now.at(key) == want.at(key)) continue;
    if (std::find(kWholeRunSettings.begin(), kWholeRunSettings.end(), key) !=
        kWholeRunSettings.end())
      return Error{key + " belongs to the whole run in " + dir + " (it is " + now.at(key).dump() +
                   "); name another --dir for another"};
    if (begun && std::find(kPlaySettings.begin(), kPlaySettings.end(), key) != kPlaySettings.end())
      return Error{"generation " + std::to_string(next) + " has begun its games with " + key + " " +
                   now.at(key).dump() + ": run it to its end first"};
    out << key << ": " << now.at(key).dump() << " -> " << want.at(key).dump() << " from generation "
        << next << "\n";
    now[key] = want.at(key);
    any = true;
  }
  if (!any) return Ok{};
  now.get_to(run.settings);
  return save_run_file(fs::path(dir) / "run.json", run_json(run));
}

}  // namespace

Expected<Run> load_run(const std::string& dir) {
  return load_run_file(fs::path(dir) / "run.json", [](const std::string& text) -> Expected<Run> {
    try {
      const Json j = Json::parse(text);
      Run run;
      j.at("settings").get_to(run.settings);
      j.at("generations").get_to(run.generations);
      // A record without its own settings was made with the run's.
      for (std::size_t i = 0; i < run.generations.size(); ++i)
        if (!j.at("generations").at(i).contains("settings"))
          run.generations[i].settings = run.settings;
      return run;
    } catch (const nlohmann::json::exception& e) {
      return Error{e.what()};
    }
  });
}

Status run(const Game& game, const std::string& dir, const Settings& settings,
           const std::vector<std::string>& changed, int generations, std::ostream& out) {
  if (auto st = game_has_settings(game, settings); !st) return st;
  auto world = distributed::world();
  if (!world) return Error{world.error()};
  const bool leader = world->leader();
  // Rank 0 opens or starts the run and tells the others its settings; it holds the folder's lock
  // for as long as it runs, so that a second run on the same folder stops with one line.
  std::string state;
  Run run;
  int lock = -1;
  struct Unlock {
    int& fd;
    ~Unlock() {
      if (fd >= 0) close(fd);
    }
  } unlock{lock};
  if (leader) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    lock = open((fs::path(dir) / "lock").c_str(), O_CREAT | O_RDWR, 0644);
    if (lock < 0)
      state = std::string(kErrorMark) + "cannot write in " + dir;
    else if (flock(lock, LOCK_EX | LOCK_NB) != 0)
      state = std::string(kErrorMark) + "another run is working in " + dir;
  }
  if (leader && state.empty()) {
    if (fs::exists(fs::path(dir) / "run.json")) {
      auto r = load_run(dir);
      if (r) {
        run = std::move(*r);
        out << "going on with the run in " << dir << " after " << run.generations.size()
            << " generations\n";
        if (auto st = change_settings(dir, run, settings, changed, out); !st)
          state = std::string(kErrorMark) + st.error();
      } else {
        state = std::string(kErrorMark) + r.error();
      }
    } else {
      run.settings = settings;
      const auto activation = nn::parse_activation(settings.activation);
      Expected<nets::FloatNet> start =
          activation
              ? Expected<nets::FloatNet>(nets::FloatNet::random(
                    game.inputs, settings.hidden, settings.seed, settings.buckets, *activation,
                    settings.layer2, settings.patterns ? game.pattern_inputs : 0))
              : Expected<nets::FloatNet>(Error{activation.error()});
      if (start && !settings.start.empty()) {
        // The run's shape is the start network's: a checkpoint (.fnet), or the engine's own file
        // (.nnue: its integers as floats), so that a run can go on from the built-in network when
        // its checkpoint is gone.
        auto bytes = read_file(settings.start);
        start =
            bytes ? nets::FloatNet::parse(*bytes) : Expected<nets::FloatNet>(Error{bytes.error()});
        if (!start && bytes) {
          auto engine_net = nn::Network::parse(*bytes, game.tag, game.inputs);
          if (engine_net)
            start = nets::FloatNet::from_network(*engine_net);
          else
            start = Error{start.error() + "; as a network file: " + engine_net.error()};
        }
        if (!start)
          start = Error{settings.start + ": " + start.error()};
        else if (start->direct != 0 && start->direct != game.pattern_inputs)
          start = Error{settings.start + ": a network of " + std::to_string(start->direct) +
                        " direct inputs, not " + std::string(game.tag) + "'s " +
                        std::to_string(game.pattern_inputs) + " patterns"};
        else if (start->inputs != game.inputs)
          start =
              Error{settings.start + ": a network of " + std::to_string(start->inputs) +
                    " inputs, not " + std::string(game.tag) + "'s " + std::to_string(game.inputs)};
        if (start) {
          const std::string act(nn::activation_name(start->activation));
          if (start->hidden != settings.hidden || start->buckets != settings.buckets ||
              act != settings.activation || start->layer2 != settings.layer2 ||
              (start->direct > 0) != settings.patterns)
            out << "the run takes the shape of " << settings.start << ": " << start->hidden
                << " hidden units, " << start->buckets << " output bucket(s), " << act
                << (start->layer2 > 0 ? ", a second layer of " + std::to_string(start->layer2)
                                      : std::string())
                << (start->direct > 0 ? ", patterns" : "") << "\n";
          run.settings.hidden = start->hidden;
          run.settings.buckets = start->buckets;
          run.settings.activation = act;
          run.settings.layer2 = start->layer2;
          run.settings.patterns = start->direct > 0;
        }
      }
      Status st = start ? save_run_file(fs::path(dir) / "run.json", run_json(run))
                        : Status(Error{start.error()});
      if (st) {
        if (game.random_start || !settings.start.empty())
          st = write_file_atomically(net_path(dir, 0, ".nnue"),
                                     start->quantize(std::string(game.tag)).serialize());
        if (st) st = write_file_atomically(net_path(dir, 0, ".fnet"), start->serialize());
      }
      if (!st) state = std::string(kErrorMark) + st.error();
    }
    if (state.empty()) state = Json(run.settings).dump();
  }
  state = distributed::broadcast(state);
  if (state.rfind(kErrorMark, 0) == 0) return Error{state.substr(kErrorMark.size())};
  if (!leader) Json::parse(state).get_to(run.settings);
  const Settings& s = run.settings;

  if (game.prepare)
    if (auto st = game.prepare(s, leader, out); !st) return st;

  const int chunks = (s.games + s.chunk - 1) / s.chunk;
  while (true) {
    // Rank 0: the next generation and the chunks it still lacks, with the network to play.
    std::string plan;
    int g = 0;
    if (leader) {
      g = static_cast<int>(run.generations.size()) + 1;
      if (g > generations) {
        plan = "done";
      } else {
        // Generation 1 of a run that starts from the hand-set evaluation plays with no network.
        const bool hand_set = g == 1 && !game.random_start && s.start.empty();
        auto net = hand_set ? Expected<std::string>(std::string())
                            : read_file(net_path(dir, g - 1, ".nnue"));
        if (!net) {
          plan = std::string(kErrorMark) + net.error();
        } else {
          std::string missing;
          for (int c = 0; c < chunks; ++c)
            if (!fs::exists(chunk_path(dir, g, c))) missing += std::to_string(c) + ",";
          plan = std::to_string(g) + ";" + missing + ";" + *net;
        }
      }
    }
    plan = distributed::broadcast(plan);
    if (plan == "done") break;
    if (plan.rfind(kErrorMark, 0) == 0) return Error{plan.substr(kErrorMark.size())};
    const std::size_t a = plan.find(';'), b = plan.find(';', a + 1);
    g = std::stoi(plan.substr(0, a));
    std::vector<int> missing;
    for (std::size_t at = a + 1; at < b;) {
      const std::size_t comma = plan.find(',', at);
      missing.push_back(std::stoi(plan.substr(at, comma - at)));
      at = comma + 1;
    }
    std::optional<nn::Network> net;
    if (b + 1 < plan.size()) {
      auto parsed = nn::Network::parse(std::string_view(plan).substr(b + 1), game.tag, game.inputs);
      if (!parsed) return Error{net_path(dir, g - 1, ".nnue") + ": " + parsed.error()};
      net = std::move(*parsed);
    }

    const auto started = std::chrono::steady_clock::now();
    if (leader)
      out << "generation " << g << ": " << s.games << " games at " << s.nodes << " nodes a move ("
          << missing.size() << " of " << chunks << " chunks to play)\n"
          << std::flush;
    // Chunks in rounds of one per process; rank 0 writes each round's before the next.
    for (std::size_t first = 0; first < missing.size();
         first += static_cast<std::size_t>(world->size)) {
      const int round =
          static_cast<int>(std::min(missing.size() - first, static_cast<std::size_t>(world->size)));
      const auto texts = distributed::run_jobs(round, [&](int i) {
        const int c = missing[first + static_cast<std::size_t>(i)];
        return chunk_bytes(game, play_chunk(game, s, net ? &*net : nullptr, g, c));
      });
      if (leader)
        for (int i = 0; i < round; ++i)
          if (auto st = write_file_atomically(
                  chunk_path(dir, g, missing[first + static_cast<std::size_t>(i)]),
                  texts[static_cast<std::size_t>(i)]);
              !st)
            return st;
    }
    if (!leader) {
      // Wait for rank 0 to train; it then sends the next plan.
      continue;
    }
    Generation gen;
    gen.play_seconds = seconds_since(started);
    long plies = 0;
    for (int c = 0; c < chunks; ++c) {
      auto bytes = read_file(chunk_path(dir, g, c));
      if (!bytes) return Error{bytes.error()};
      auto chunk = parse_chunk(game, *bytes);
      if (!chunk) return Error{chunk_path(dir, g, c) + ": " + chunk.error()};
      for (std::size_t k = 0; k < chunk->results.size(); ++k) {
        ++gen.games;
        const int r = chunk->results[k];
        (r > 0 ? gen.black_wins : r < 0 ? gen.white_wins : gen.draws)++;
        plies += chunk->plies[k];
      }
      gen.positions += chunk->count;
    }
    gen.average_plies = gen.games ? static_cast<double>(plies) / gen.games : 0;
    char line[256];
    std::snprintf(line, sizeof line,
                  "generation %d: +%d =%d -%d for the first player, %.1f plies a game, %llu "
                  "positions; training\n",
                  g, gen.black_wins, gen.draws, gen.white_wins, gen.average_plies,
                  static_cast<unsigned long long>(gen.positions));
    out << line << std::flush;
    const auto training = std::chrono::steady_clock::now();
    if (auto st = train_generation(game, dir, run, s, g, gen, out); !st) return st;
    gen.train_seconds = seconds_since(training);
    gen.settings = s;
    run.generations.push_back(gen);
    if (auto st = save_run_file(fs::path(dir) / "run.json", run_json(run)); !st) return st;
    std::snprintf(line, sizeof line,
                  "generation %d: trained on %llu positions (loss %.5f, held out %.5f); play "
                  "%.0f s, train %.0f s; saved %s\n",
                  g, static_cast<unsigned long long>(gen.trained_on), gen.train_loss,
                  gen.validation_loss, gen.play_seconds, gen.train_seconds,
                  net_path(dir, g, ".nnue").c_str());
    out << line << std::flush;
  }
  return Ok{};
}

Status fit(const Game& game, const std::vector<Source>& sources, const Settings& settings,
           const std::string& path, std::ostream& out) {
  if (auto st = game_has_settings(game, settings); !st) return st;
  nets::TrainingSet data(game.inputs);
  Settings s = settings;
  std::string from;
  for (const Source& src : sources) {
    auto run = load_run(src.dir);
    if (!run) return Error{run.error()};
    const int done = static_cast<int>(run->generations.size());
    if (src.first < 1 || src.last > done || src.first > src.last)
      return Error{"the run in " + src.dir + " has generations 1 to " + std::to_string(done) +
                   ": cannot fit on " + std::to_string(src.first) + " to " +
                   std::to_string(src.last)};
    s.chunk = run->settings.chunk;  // the data files are the run's
    if (auto st = load_positions(game, src.dir, *run, s, src.first, src.last, data); !st) return st;
    from += std::string(from.empty() ? "" : " and ") + "generations " + std::to_string(src.first) +
            " to " + std::to_string(src.last) + (sources.size() > 1 ? " of " + src.dir : "");
  }
  const auto activation = nn::parse_activation(s.activation);
  if (!activation) return Error{activation.error()};
  out << "fitting a fresh network (" << s.hidden << " hidden units, " << s.buckets
      << (s.buckets == 1 ? " bucket" : " buckets") << ", " << s.activation
      << (s.layer2 > 0 ? ", a second layer of " + std::to_string(s.layer2) : std::string())
      << (s.patterns ? ", patterns" : "") << (s.mirror ? ", mirrored" : "") << ", lambda "
      << s.lambda << ") on " << data.size() << " positions of " << from << "\n"
      << std::flush;
  auto net = nets::FloatNet::random(game.inputs, s.hidden, s.seed, s.buckets, *activation, s.layer2,
                                    s.patterns ? game.pattern_inputs : 0);
  nets::train(net, data, train_settings(s, mix(s.seed, 7)),
              [&](const nets::EpochReport& r) { report_epoch(out, r); });
  if (auto st = write_file_atomically(path, net.quantize(std::string(game.tag)).serialize()); !st)
    return st;
  if (auto st = write_file_atomically(path + ".fnet", net.serialize()); !st) return st;
  out << "saved " << path << "\n";
  return Ok{};
}

}  // namespace minimax::learn::net_run
