#include "learn/chess_learning.hpp"

#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>
#include <type_traits>

#include "core/atomic_file.hpp"
#include "core/json_number.hpp"
#include "core/read_file.hpp"
#include "learn/run_file.hpp"
#include "learn/tuner.hpp"

namespace minimax::learn::chess_learning {

namespace eng = chess::engine;
using Json = nlohmann::ordered_json;

namespace {

constexpr const char* kFormat = "chess-learning 1";

Json params_json(const EvalParams& params) {
  Json j = Json::object();
  for (const auto& g : eng::param_groups()) {
    Json values = Json::array();
    for (int i = 0; i < g.count; ++i)
      values.push_back({eng::mg_value(params[g.offset + i]), eng::eg_value(params[g.offset + i])});
    j[std::string(g.name)] = values;
  }
  return j;
}

Expected<EvalParams> params_of(const Json& j) {
  if (!j.is_object()) return Error{"a table is not an object of groups"};
  EvalParams p{};
  for (const auto& g : eng::param_groups()) {
    const auto it = j.find(std::string(g.name));
    if (it == j.end()) return Error{"a table has no group '" + std::string(g.name) + "'"};
    if (!it->is_array() || it->size() != static_cast<std::size_t>(g.count))
      return Error{"group '" + std::string(g.name) + "' does not have " + std::to_string(g.count) +
                   " entries"};
    for (int i = 0; i < g.count; ++i) {
      const auto& e = (*it)[static_cast<std::size_t>(i)];
      if (!e.is_array() || e.size() != 2 || !e[0].is_number_integer() || !e[1].is_number_integer())
        return Error{"group '" + std::string(g.name) + "' entry " + std::to_string(i) +
                     " is not [mg, eg]"};
      // As 64-bit numbers first, so that a large one is out of range rather than cut to an int.
      const auto value = [](const Json& v) {
        return v.is_number_unsigned() && v.get<std::uint64_t>() > 30000 ? std::int64_t(30001)
                                                                        : v.get<std::int64_t>();
      };
      const std::int64_t mg = value(e[0]), eg = value(e[1]);
      if (mg < -30000 || mg > 30000 || eg < -30000 || eg > 30000)
        return Error{"group '" + std::string(g.name) + "' entry " + std::to_string(i) +
                     " is out of range"};
      p[g.offset + i] = eng::S(static_cast<int>(mg), static_cast<int>(eg));
    }
  }
  return p;
}

}  // namespace

Expected<Run> new_run(const Settings& settings) {
  if (settings.start != "material" && settings.start != "shannon")
    return Error{"unknown start '" + settings.start + "': expected material or shannon"};
  Run run;
  run.settings = settings;
  run.start = *chess_games::named_params(settings.start);
  return run;
}

std::string play_selfplay_job(const Settings& settings, const EvalParams& table, int iteration,
                              int index) {
  chess_games::GameSpec spec;
  spec.seed = chess_games::job_seed(settings.seed, static_cast<std::uint64_t>(iteration),
                                    static_cast<std::uint64_t>(index));
  spec.nodes = settings.nodes;
  spec.random_plies = settings.random_plies;
  spec.max_plies = settings.max_plies;
  spec.keep_positions = true;
  auto game = chess_games::play_game(table, table, spec);
  // The positions of one game share its result: a few, spread along it, tell nearly as much as
  // all of them, and keep the fit small.
  const std::size_t keep = static_cast<std::size_t>(settings.positions_per_game);
  if (keep > 0 && game.positions.size() > keep) {
    std::vector<std::string> spread;
    for (std::size_t k = 0; k < keep; ++k)
      spread.push_back(std::move(game.positions[k * game.positions.size() / keep]));
    game.positions = std::move(spread);
  }
  return chess_games::to_text(game);
}

Status finish_iteration(Run& run, const std::vector<std::string>& games, std::ostream* progress) {
  Iteration it;
  it.games = run.games() + static_cast<int>(games.size());
  std::vector<std::string> positions;
  for (const auto& text : games) {
    auto g = chess_games::from_text(text);
    if (!g) return Error{g.error()};
    it.results.push_back(g->result);
    (g->result == "1-0" ? it.white_wins : g->result == "0-1" ? it.black_wins : it.draws) += 1;
    positions.insert(positions.end(), g->positions.begin(), g->positions.end());
  }
  it.positions = static_cast<int>(positions.size());
  run.positions.push_back(std::move(positions));

  // The positions fitted: the last `window` iterations' (all when 0), oldest first, so that the
  // held-out part is the newest games.
  EvalParams params = run.current();
  const std::size_t n = run.positions.size();
  const std::size_t from =
      run.settings.window > 0 && n > static_cast<std::size_t>(run.settings.window)
          ? n - static_cast<std::size_t>(run.settings.window)
          : 0;
  std::vector<TuningEntry> set;
  for (std::size_t t = from; t < n; ++t)
    for (const auto& line : run.positions[t]) {
      auto e = parse_tuning_line(line, params);
      if (!e) return Error{e.error()};
      set.push_back(std::move(*e));
    }
  it.fitted = static_cast<int>(set.size());
  if (run.k == 0 && !set.empty()) run.k = fit_k(set, params);
  TunerOptions options;
  options.epochs = run.settings.epochs;
  options.learning_rate = run.settings.learning_rate;
  options.tune_k = false;
  options.k = run.k == 0 ? 1.0 : run.k;
  options.validation_fraction = run.settings.validation_fraction;
  options.lambda = run.settings.lambda;
  options.l2 = run.settings.l2;
  if (!set.empty()) {
    const TunerReport report = tune(set, params, options, progress);
    it.error_before = report.initial_error;
    it.error_after = report.final_error;
    it.validation = report.best_validation;
  }
  it.params = params;
  run.iterations.push_back(std::move(it));
  return Ok{};
}

std::string params_to_json(const EvalParams& params) { return params_json(params).dump(); }

Expected<EvalParams> params_from_json(const std::string& text) {
  const Json j = Json::parse(text, nullptr, false);
  if (j.is_discarded()) return Error{"not valid JSON"};
  return params_of(j);
}

std::string to_json(const Run& run, bool with_positions) {
  Json j;
  j["format"] = kFormat;
  const auto& s = run.settings;
  j["settings"] = {{"games_per_iteration", s.games},
                   {"nodes", s.nodes},
                   {"random_plies", s.random_plies},
                   {"max_plies", s.max_plies},
                   {"positions_per_game", s.positions_per_game},
                   {"seed", s.seed},
                   {"start", s.start},
                   {"epochs", s.epochs},
                   {"learning_rate", s.learning_rate},
                   {"validation_fraction", s.validation_fraction},
                   {"lambda", s.lambda},
                   {"l2", s.l2},
                   {"window", s.window}};
  j["k"] = run.k;
  j["start_params"] = params_json(run.start);
  Json iterations = Json::array();
  for (const auto& it : run.iterations) {
    Json i;
    i["games"] = it.games;
    i["white_wins"] = it.white_wins;
    i["draws"] = it.draws;
    i["black_wins"] = it.black_wins;
    i["positions"] = it.positions;
    i["fitted"] = it.fitted;
    i["error_before"] = it.error_before;
    i["error_after"] = it.error_after;
    i["validation"] = it.validation;
    i["results"] = it.results;
    i["params"] = params_json(it.params);
    iterations.push_back(i);
  }
  j["iterations"] = iterations;
  if (with_positions) j["positions"] = run.positions;
  return j.dump(1) + "\n";
}

Expected<Run> from_json(const std::string& text, bool with_positions) {
  const Json j = Json::parse(text, nullptr, false);
  if (j.is_discarded()) return Error{"not valid JSON"};
  if (!j.is_object() || !j.contains("format") || j["format"] != kFormat)
    return Error{std::string("not a chess learning run (no \"format\": \"") + kFormat + "\")"};
  try {
    Run run;
    const auto& s = j.at("settings");
    run.settings.games = whole_number<int>(s.at("games_per_iteration"));
    run.settings.nodes = whole_number<std::uint64_t>(s.at("nodes"));
    run.settings.random_plies = whole_number<int>(s.at("random_plies"));
    run.settings.max_plies = whole_number<int>(s.at("max_plies"));
    run.settings.positions_per_game = whole_number<int>(s.at("positions_per_game"));
    run.settings.seed = whole_number<std::uint64_t>(s.at("seed"));
    run.settings.start = s.at("start").get<std::string>();
    run.settings.epochs = whole_number<int>(s.at("epochs"));
    run.settings.learning_rate = s.at("learning_rate").get<double>();
    run.settings.validation_fraction = s.at("validation_fraction").get<double>();
    run.settings.lambda = s.at("lambda").get<double>();
    run.settings.l2 = s.at("l2").get<double>();
    run.settings.window = whole_number<int>(s.at("window"));
    if (run.settings.start != "material" && run.settings.start != "shannon")
      return Error{"unknown start '" + run.settings.start + "'"};
    if (run.settings.games < 1 || run.settings.nodes < 1 || run.settings.max_plies < 1)
      return Error{"the settings are out of range"};
    run.k = j.at("k").get<double>();
    auto start = params_of(j.at("start_params"));
    if (!start) return Error{"start_params: " + start.error()};
    run.start = *start;
    int games = 0;
    for (const auto& i : j.at("iterations")) {
      Iteration it;
      it.games = whole_number<int>(i.at("games"));
      it.white_wins = whole_number<int>(i.at("white_wins"));
      it.draws = whole_number<int>(i.at("draws"));
      it.black_wins = whole_number<int>(i.at("black_wins"));
      it.positions = whole_number<int>(i.at("positions"));
      it.fitted = whole_number<int>(i.at("fitted"));
      it.error_before = i.at("error_before").get<double>();
      it.error_after = i.at("error_after").get<double>();
      it.validation = i.at("validation").get<double>();
      it.results = i.at("results").get<std::vector<std::string>>();
      auto p = params_of(i.at("params"));
      if (!p)
        return Error{"iteration " + std::to_string(run.iterations.size() + 1) + ": " + p.error()};
      it.params = *p;
      games += static_cast<int>(it.results.size());
      if (it.games != games ||
          it.white_wins + it.draws + it.black_wins != static_cast<int>(it.results.size()))
        return Error{"iteration " + std::to_string(run.iterations.size() + 1) +
                     ": its counts of games do not add up"};
      run.iterations.push_back(std::move(it));
    }
    if (with_positions)
      run.positions = j.at("positions").get<std::vector<std::vector<std::string>>>();
    else
      run.positions.resize(run.iterations.size());
    if (run.positions.size() != run.iterations.size())
      return Error{"the positions are not given for each iteration"};
    return run;
  } catch (const nlohmann::json::exception& e) {
    return Error{std::string("a field is missing or has the wrong type (") + e.what() + ")"};
  }
}

Expected<Run> load_run(const std::string& path) {
  return load_run_file(path, [](const std::string& text) { return from_json(text); });
}

Status save_run(const Run& run, const std::string& path) {
  return save_run_file(path, to_json(run));
}

}  // namespace minimax::learn::chess_learning
