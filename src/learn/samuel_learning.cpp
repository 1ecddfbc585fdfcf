#include "learn/samuel_learning.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/atomic_file.hpp"
#include "core/json_number.hpp"
#include "core/read_file.hpp"
#include "core/rng.hpp"
#include "core/svg.hpp"
#include "learn/run_file.hpp"
#include "search/score.hpp"

namespace minimax::learn::samuel {

namespace ds = draughts::samuel;
using Json = nlohmann::ordered_json;

namespace {

std::array<double, kTermCount> coefficients_of(const Polynomial& p) { return p.coefficient; }

std::string term_name(Term t) { return std::string(ds::kTermNames[static_cast<std::size_t>(t)]); }

// After a game: mark the weakest working term; a term marked often enough goes to the reserve.
void swap_weakest(LearningRun& run) {
  Polynomial& a = run.alpha;
  std::optional<Term> weakest;
  for (Term t : a.working()) {
    const auto k = static_cast<std::size_t>(t);
    if (run.games - run.joined[k] < run.settings.swap_after) continue;  // a newcomer's grace
    if (!weakest ||
        std::abs(a.coefficient[k]) < std::abs(a.coefficient[static_cast<std::size_t>(*weakest)]))
      weakest = t;
  }
  if (!weakest || run.reserve.empty()) return;
  auto& marks = run.weakest_marks[static_cast<std::size_t>(*weakest)];
  if (++marks < run.settings.swap_after) return;
  const Term in = run.reserve.front();
  run.reserve.erase(run.reserve.begin());
  run.reserve.push_back(*weakest);
  marks = 0;
  run.weakest_marks[static_cast<std::size_t>(in)] = 0;  // a fresh start for the newcomer
  run.joined[static_cast<std::size_t>(in)] = run.games;
  a.in_use[static_cast<std::size_t>(*weakest)] = false;
  a.coefficient[static_cast<std::size_t>(*weakest)] = 0;
  a.in_use[static_cast<std::size_t>(in)] = true;
  a.coefficient[static_cast<std::size_t>(in)] = 0;
  run.events.push_back("game " + std::to_string(run.games) + ": " + term_name(*weakest) +
                       " to the reserve, " + term_name(in) + " in");
}

}  // namespace

LearningRun new_run(const LearnSettings& settings) {
  LearningRun run;
  run.settings = settings;
  run.alpha = run.beta = Polynomial::untrained(settings.initial);
  for (int i = 0; i < kTermCount; ++i)
    if (!run.alpha.in_use[static_cast<std::size_t>(i)]) run.reserve.push_back(static_cast<Term>(i));
  run.history.push_back(coefficients_of(run.alpha));
  return run;
}

double learning_step(Polynomial& alpha, const draughts::Draughts& position, int backed_up,
                     double rate) {
  const double delta = std::clamp(static_cast<double>(backed_up - alpha.static_score(position)),
                                  -2.0 * ds::kPieceWeight, 2.0 * ds::kPieceWeight);
  const auto f = ds::features(position);
  double norm = 1;
  for (Term t : alpha.working())
    norm += f[static_cast<std::size_t>(t)] * f[static_cast<std::size_t>(t)];
  for (Term t : alpha.working()) {
    double& c = alpha.coefficient[static_cast<std::size_t>(t)];
    // The static score (side to move's view) has the terms with a minus sign: a term whose value
    // for the passive side went with a backed-up score above the static one loses weight.
    c = std::clamp(c - rate * delta * f[static_cast<std::size_t>(t)] / norm, -ds::kMaxCoefficient,
                   ds::kMaxCoefficient);
  }
  return delta;
}

Outcome play_learning_game(LearningRun& run) {
  static const auto openings = three_move_openings();
  Rng rng(run.settings.seed + static_cast<std::uint64_t>(run.games));
  const auto& opening = openings[rng.below(openings.size())];
  draughts::SamuelMachine alpha, beta;
  for (auto* m : {&alpha, &beta}) {
    (void)m->set_option("Rote", "false");
    (void)m->set_option("Depth", std::to_string(run.settings.depth));
  }
  alpha.set_polynomial(run.alpha);
  beta.set_polynomial(run.beta);
  const bool alpha_black = run.games % 2 == 0;
  const Side alpha_side = alpha_black ? draughts::kBlack : draughts::kWhite;
  GameSettings gs;
  gs.max_plies = run.settings.max_plies;
  auto after = [&](const draughts::Draughts& before, Side side, const Thought<draughts::Move>& t) {
    if (side != alpha_side || !t.score || search::is_decisive(*t.score)) return;
    learning_step(run.alpha, before, *t.score, run.settings.rate);
    alpha.set_polynomial(run.alpha);
  };
  const DraughtsGame g = alpha_black ? play_draughts_game(alpha, beta, opening, gs, after)
                                     : play_draughts_game(beta, alpha, opening, gs, after);
  Outcome for_alpha = g.for_black;
  if (!alpha_black)
    for_alpha = for_alpha == Outcome::win    ? Outcome::loss
                : for_alpha == Outcome::loss ? Outcome::win
                                             : Outcome::draw;
  ++run.games;
  if (for_alpha == Outcome::win) {
    ++run.alpha_wins;
    // Beta adopts the polynomial that beat it.
    run.beta = run.alpha;
    ++run.adoptions;
  } else if (for_alpha == Outcome::loss) {
    ++run.beta_wins;
  } else {
    ++run.draws;
  }
  swap_weakest(run);
  run.history.push_back(coefficients_of(run.alpha));
  return for_alpha;
}

std::string run_to_json(const LearningRun& run) {
  Json j;
  j["format"] = "samuel-learning 1";
  const auto& s = run.settings;
  j["settings"] = {{"depth", s.depth},         {"rate", s.rate}, {"swap_after", s.swap_after},
                   {"max_plies", s.max_plies}, {"seed", s.seed}, {"initial", s.initial}};
  j["games"] = run.games;
  j["results"] = {{"alpha_wins", run.alpha_wins},
                  {"beta_wins", run.beta_wins},
                  {"draws", run.draws},
                  {"adoptions", run.adoptions}};
  j["alpha"] = Json::parse(ds::polynomial_to_json(run.alpha));
  j["beta"] = Json::parse(ds::polynomial_to_json(run.beta));
  Json reserve = Json::array();
  for (Term t : run.reserve) reserve.push_back(term_name(t));
  j["reserve"] = reserve;
  Json marks = Json::object();
  for (int i = 0; i < kTermCount; ++i)
    if (run.weakest_marks[static_cast<std::size_t>(i)])
      marks[term_name(static_cast<Term>(i))] = run.weakest_marks[static_cast<std::size_t>(i)];
  j["weakest_marks"] = marks;
  Json joined = Json::object();
  for (int i = 0; i < kTermCount; ++i)
    if (run.joined[static_cast<std::size_t>(i)])
      joined[term_name(static_cast<Term>(i))] = run.joined[static_cast<std::size_t>(i)];
  j["joined"] = joined;
  Json history = Json::array();
  for (const auto& row : run.history) history.push_back(row);
  j["history"] = history;
  j["events"] = run.events;
  return j.dump(1) + "\n";
}

Expected<LearningRun> run_from_json(const std::string& text) {
  const Json j = Json::parse(text, nullptr, false);
  if (j.is_discarded()) return Error{"not valid JSON"};
  if (!j.is_object() || !j.contains("format") || j["format"] != "samuel-learning 1")
    return Error{"not a Samuel learning run (no \"format\": \"samuel-learning 1\")"};
  try {
    LearningRun run;
    const auto& s = j.at("settings");
    run.settings.depth = whole_number<int>(s.at("depth"));
    run.settings.rate = s.at("rate").get<double>();
    run.settings.swap_after = whole_number<int>(s.at("swap_after"));
    run.settings.max_plies = whole_number<int>(s.at("max_plies"));
    run.settings.seed = whole_number<std::uint64_t>(s.at("seed"));
    run.settings.initial = s.at("initial").get<double>();
    run.games = whole_number<int>(j.at("games"));
    const auto& r = j.at("results");
    run.alpha_wins = whole_number<int>(r.at("alpha_wins"));
    run.beta_wins = whole_number<int>(r.at("beta_wins"));
    run.draws = whole_number<int>(r.at("draws"));
    run.adoptions = whole_number<int>(r.at("adoptions"));
    auto alpha = ds::polynomial_from_json(j.at("alpha").dump());
    if (!alpha) return Error{"alpha: " + alpha.error()};
    auto beta = ds::polynomial_from_json(j.at("beta").dump());
    if (!beta) return Error{"beta: " + beta.error()};
    run.alpha = *alpha;
    run.beta = *beta;
    for (const auto& name : j.at("reserve")) {
      auto t = ds::term_from_name(name.get<std::string>());
      if (!t) return Error{"unknown term " + name.dump() + " in the reserve"};
      run.reserve.push_back(*t);
    }
    for (const auto& [name, marks] : j.at("weakest_marks").items()) {
      auto t = ds::term_from_name(name);
      if (!t) return Error{"unknown term '" + name + "' in weakest_marks"};
      run.weakest_marks[static_cast<std::size_t>(*t)] = whole_number<int>(marks);
    }
    for (const auto& [name, game] : j.at("joined").items()) {
      auto t = ds::term_from_name(name);
      if (!t) return Error{"unknown term '" + name + "' in joined"};
      run.joined[static_cast<std::size_t>(*t)] = whole_number<int>(game);
    }
    for (const auto& row : j.at("history")) {
      if (!row.is_array() || row.size() != kTermCount)
        return Error{"a history row does not have one coefficient per term"};
      run.history.push_back(row.get<std::array<double, kTermCount>>());
    }
    run.events = j.at("events").get<std::vector<std::string>>();
    if (run.games < 0 || run.history.size() != static_cast<std::size_t>(run.games) + 1)
      return Error{"the history does not have one row per game played, and one before"};
    return run;
  } catch (const nlohmann::json::exception& e) {
    return Error{std::string("a field is missing or has the wrong type (") + e.what() + ")"};
  }
}

Expected<LearningRun> load_run(const std::string& path) {
  return load_run_file(path, [](const std::string& text) { return run_from_json(text); });
}

Status save_run(const LearningRun& run, const std::string& path) {
  return save_run_file(path, run_to_json(run));
}

std::string coefficient_svg(const LearningRun& run) {
  const double width = 760, height = 440, left = 60, right = 110, top = 40, bottom = 50;
  const double plot_w = width - left - right, plot_h = height - top - bottom;
  const std::size_t n = run.history.size();
  std::vector<int> shown;
  double max_abs = 1;
  for (int i = 0; i < kTermCount; ++i) {
    bool ever = false;
    for (const auto& row : run.history) {
      const double c = row[static_cast<std::size_t>(i)];
      if (c != 0) ever = true;
      max_abs = std::max(max_abs, std::abs(c));
    }
    // The terms of Alpha's final working set (Fig. 6 shows "the more significant" ones).
    if (ever && run.alpha.in_use[static_cast<std::size_t>(i)]) shown.push_back(i);
  }
  max_abs = std::ceil(max_abs);
  auto x_of = [&](std::size_t g) {
    return left + (n <= 1 ? 0.0 : plot_w * static_cast<double>(g) / static_cast<double>(n - 1));
  };
  auto y_of = [&](double c) { return top + plot_h * (0.5 - c / (2 * max_abs)); };
  svg::Document doc(width, height, {{"font-family", "sans-serif"}, {"font-size", "11"}});
  doc.title("Samuel's learning by generalization: Alpha's coefficients against games played");
  doc.rect(0, 0, width, height, {{"fill", "white"}});
  doc.text(left, 20,
           "Alpha's coefficients against games played (" + std::to_string(run.games) +
               " games: Alpha won " + std::to_string(run.alpha_wins) + ", Beta " +
               std::to_string(run.beta_wins) + ", drawn " + std::to_string(run.draws) + ")",
           {{"font-size", "13"}});
  doc.line(left, top, left, top + plot_h, {{"stroke", "black"}});
  doc.line(left, y_of(0), left + plot_w, y_of(0), {{"stroke", "black"}});
  for (double v : {-max_abs, -max_abs / 2, max_abs / 2, max_abs}) {
    doc.line(left - 4, y_of(v), left, y_of(v), {{"stroke", "black"}});
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    doc.text(left - 8, y_of(v) + 4, buf, {{"text-anchor", "end"}});
  }
  const std::size_t games = n == 0 ? 0 : n - 1;
  for (std::size_t g = 0; g <= games; g += std::max<std::size_t>(1, (games + 9) / 10)) {
    doc.line(x_of(g), top + plot_h, x_of(g), top + plot_h + 4, {{"stroke", "black"}});
    doc.text(x_of(g), top + plot_h + 16, std::to_string(g), {{"text-anchor", "middle"}});
  }
  doc.text(left + plot_w / 2, height - 12, "games played", {{"text-anchor", "middle"}});
  static const char* kColours[] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
                                   "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"};
  struct Label {
    double y;
    std::string name, colour;
  };
  std::vector<Label> labels;
  for (std::size_t k = 0; k < shown.size(); ++k) {
    const auto i = static_cast<std::size_t>(shown[k]);
    std::string d;
    for (std::size_t g = 0; g < n; ++g) {
      char buf[64];
      std::snprintf(buf, sizeof buf, "%s%.1f %.1f", g == 0 ? "M" : " L", x_of(g),
                    y_of(run.history[g][i]));
      d += buf;
    }
    const std::string colour = kColours[k % 10];
    doc.path(d, {{"fill", "none"},
                 {"stroke", colour},
                 {"stroke-width", "1.5"},
                 {"stroke-dasharray", k < 10 ? "none" : "4 2"}});
    labels.push_back(
        {n ? y_of(run.history[n - 1][i]) : top, std::string(ds::kTermNames[i]), colour});
  }
  // The names at the right-hand end of their lines, pushed apart so that none overlap.
  std::sort(labels.begin(), labels.end(), [](const Label& a, const Label& b) { return a.y < b.y; });
  for (std::size_t k = 1; k < labels.size(); ++k)
    labels[k].y = std::max(labels[k].y, labels[k - 1].y + 11);
  for (const Label& l : labels) doc.text(left + plot_w + 6, l.y + 4, l.name, {{"fill", l.colour}});
  return doc.str();
}

}  // namespace minimax::learn::samuel
