#include "learn/tuner.hpp"

#include <algorithm>
#include <cmath>
#include <istream>
#include <ostream>

#include "core/text.hpp"
#include "machines/chess/engine/evaluate.hpp"

namespace minimax::learn {

namespace eng = chess::engine;

namespace {

std::optional<float> parse_result(std::string token) {
  token.erase(std::remove_if(token.begin(), token.end(),
                             [](char c) { return c == '"' || c == ';' || c == '[' || c == ']'; }),
              token.end());
  if (token == "1-0") return 1.0f;
  if (token == "0-1") return 0.0f;
  if (token == "1/2-1/2") return 0.5f;
  if (auto v = parse_double(token);
      v && *v >= 0.0 && *v <= 1.0 && token.find('.') != std::string::npos)
    return static_cast<float>(*v);
  return std::nullopt;
}

double sigmoid(double eval, double k) { return 1.0 / (1.0 + std::pow(10.0, -k * eval / 400.0)); }

double linear_eval(const TuningEntry& e, const double* mg, const double* eg) {
  double m = 0, g = 0;
  for (auto [i, c] : e.coef) {
    m += c * mg[i];
    g += c * eg[i];
  }
  return (m * e.phase + g * (eng::kMaxPhase - e.phase) * e.scale / 64.0) / eng::kMaxPhase;
}

void split_params(const eng::EvalParams& p, std::vector<double>& mg, std::vector<double>& eg) {
  mg.resize(eng::kNumParams);
  eg.resize(eng::kNumParams);
  for (int i = 0; i < eng::kNumParams; ++i) {
    mg[i] = eng::mg_value(p[i]);
    eg[i] = eng::eg_value(p[i]);
  }
}

}  // namespace

Expected<TuningEntry> parse_tuning_line(const std::string& line, const eng::EvalParams& params) {
  auto tokens = split_whitespace(line);
  if (tokens.size() < 5) return Error{"tuning line: expected a FEN and a result: '" + line + "'"};
  std::optional<float> result;
  std::size_t result_at = 0;
  for (std::size_t i = 4; i < tokens.size() && !result; ++i) {
    result = parse_result(tokens[i]);
    result_at = i;
  }
  if (!result)
    return Error{"tuning line: no result (1-0, 0-1, 1/2-1/2 or a number) in '" + line + "'"};
  // The FEN: six fields if the fifth and sixth are counters, else four.
  std::size_t fields = 4;
  if (tokens.size() >= 6 && parse_int(tokens[4]) && parse_int(tokens[5])) fields = 6;
  std::vector<std::string> fen(tokens.begin(),
                               tokens.begin() + static_cast<std::ptrdiff_t>(fields));
  for (auto& f : fen) f.erase(std::remove(f.begin(), f.end(), ';'), f.end());
  auto pos = chess::Position::from_fen(join(fen, " "));
  if (!pos) return Error{"tuning line: " + pos.error()};
  eng::EvalTrace trace;
  (void)eng::evaluate_traced(*pos, params, trace);
  TuningEntry e;
  for (int i = 0; i < eng::kNumParams; ++i)
    if (trace.coef[i]) e.coef.emplace_back(static_cast<std::int16_t>(i), trace.coef[i]);
  e.phase = static_cast<std::int16_t>(trace.phase);
  e.scale = static_cast<std::int16_t>(trace.scale);
  e.result = *result;
  if (result_at + 1 < tokens.size()) {
    if (auto sc = parse_int(tokens[result_at + 1]); sc && *sc > -32000 && *sc < 32000) {
      e.has_score = true;
      e.score = static_cast<float>(*sc);
    }
  }
  return e;
}

Expected<std::vector<TuningEntry>> read_tuning_set(std::istream& in,
                                                   const eng::EvalParams& params) {
  std::vector<TuningEntry> set;
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    ++n;
    if (trim(line).empty() || trim(line)[0] == '#') continue;
    auto e = parse_tuning_line(line, params);
    if (!e) return Error{"line " + std::to_string(n) + ": " + e.error()};
    set.push_back(std::move(*e));
  }
  return set;
}

double tuning_error(const std::vector<TuningEntry>& set, const eng::EvalParams& params, double k) {
  std::vector<double> mg, eg;
  split_params(params, mg, eg);
  double sum = 0;
  for (const auto& e : set) {
    const double d = e.result - sigmoid(linear_eval(e, mg.data(), eg.data()), k);
    sum += d * d;
  }
  return set.empty() ? 0 : sum / static_cast<double>(set.size());
}

double fit_k(const std::vector<TuningEntry>& set, const eng::EvalParams& params) {
  double lo = 0.1, hi = 4.0;
  const double g = (std::sqrt(5.0) - 1) / 2;
  double a = hi - g * (hi - lo), b = lo + g * (hi - lo);
  double fa = tuning_error(set, params, a), fb = tuning_error(set, params, b);
  for (int i = 0; i < 40; ++i) {
    if (fa < fb) {
      hi = b;
      b = a;
      fb = fa;
      a = hi - g * (hi - lo);
      fa = tuning_error(set, params, a);
    } else {
      lo = a;
      a = b;
      fa = fb;
      b = lo + g * (hi - lo);
      fb = tuning_error(set, params, b);
    }
  }
  return (lo + hi) / 2;
}

TunerReport tune(const std::vector<TuningEntry>& all, eng::EvalParams& params,
                 const TunerOptions& options, std::ostream* progress) {
  TunerReport report;
  const std::size_t held = static_cast<std::size_t>(
      static_cast<double>(all.size()) * std::clamp(options.validation_fraction, 0.0, 0.9));
  std::vector<TuningEntry> set(all.begin(), all.end() - static_cast<std::ptrdiff_t>(held));
  std::vector<TuningEntry> validation(all.end() - static_cast<std::ptrdiff_t>(held), all.end());
  report.k = options.tune_k ? fit_k(set, params) : options.k;
  if (options.lambda < 1.0) {
    // Blend in the search's opinion; K as fitted to the results, so both speak the same scale.
    const double lambda = std::clamp(options.lambda, 0.0, 1.0);
    auto blend = [&](std::vector<TuningEntry>& part) {
      for (auto& e : part)
        if (e.has_score)
          e.result =
              static_cast<float>(lambda * e.result + (1 - lambda) * sigmoid(e.score, report.k));
    };
    blend(set);
    blend(validation);
  }
  report.initial_error = tuning_error(set, params, report.k);
  if (!validation.empty())
    report.initial_validation = report.best_validation = tuning_error(validation, params, report.k);
  eng::EvalParams best = params;
  std::vector<double> mg, eg, mg0, eg0;
  split_params(params, mg, eg);
  mg0 = mg;
  eg0 = eg;
  const int n = eng::kNumParams;
  std::vector<double> m1(2 * n, 0.0), m2(2 * n, 0.0), grad(2 * n, 0.0);
  const double beta1 = 0.9, beta2 = 0.999, eps = 1e-8;
  const double dsig = std::log(10.0) * report.k / 400.0;
  auto rounded = [&] {
    eng::EvalParams now = params;
    for (int i = 0; i < n; ++i)
      now[i] = eng::S(static_cast<int>(std::lround(mg[i])), static_cast<int>(std::lround(eg[i])));
    return now;
  };
  for (int epoch = 1; epoch <= options.epochs; ++epoch) {
    std::fill(grad.begin(), grad.end(), 0.0);
    for (const auto& e : set) {
      const double s = sigmoid(linear_eval(e, mg.data(), eg.data()), report.k);
      // d/dE of (r - s)^2 = -2 (r - s) s (1 - s) ln10 K / 400
      const double common = -2.0 * (e.result - s) * s * (1 - s) * dsig;
      const double wm = static_cast<double>(e.phase) / eng::kMaxPhase;
      const double we = (eng::kMaxPhase - e.phase) * e.scale / (64.0 * eng::kMaxPhase);
      for (auto [i, c] : e.coef) {
        grad[i] += common * c * wm;
        grad[n + i] += common * c * we;
      }
    }
    const double inv = 1.0 / static_cast<double>(std::max<std::size_t>(1, set.size()));
    for (int j = 0; j < 2 * n; ++j) {
      const double start = j < n ? mg0[j] : eg0[j - n];
      const double now = j < n ? mg[j] : eg[j - n];
      // d/dv of l2 * ((v - start) / 100)^2 / (2n)
      const double g = grad[j] * inv + options.l2 * (now - start) / (100.0 * 100.0 * n);
      double& value = j < n ? mg[j] : eg[j - n];
      if (options.adam) {
        m1[j] = beta1 * m1[j] + (1 - beta1) * g;
        m2[j] = beta2 * m2[j] + (1 - beta2) * g * g;
        const double mhat = m1[j] / (1 - std::pow(beta1, epoch)),
                     vhat = m2[j] / (1 - std::pow(beta2, epoch));
        value -= options.learning_rate * mhat / (std::sqrt(vhat) + eps);
      } else {
        value -= options.learning_rate * g;
      }
      value = std::clamp(value, -3000.0, 3000.0);
    }
    const bool checkpoint = epoch % 10 == 0 || epoch == options.epochs;
    if (!validation.empty() && checkpoint) {
      const auto now = rounded();
      const double v = tuning_error(validation, now, report.k);
      if (v < report.best_validation) {
        report.best_validation = v;
        report.best_epoch = epoch;
        best = now;
      }
    }
    if (progress && (epoch % 50 == 0 || epoch == options.epochs)) {
      const auto now = rounded();
      *progress << "epoch " << epoch << " error " << tuning_error(set, now, report.k);
      if (!validation.empty())
        *progress << " validation " << tuning_error(validation, now, report.k);
      *progress << '\n';
    }
  }
  params = validation.empty() ? rounded() : best;
  report.final_error = tuning_error(set, params, report.k);
  report.epochs = options.epochs;
  return report;
}

}  // namespace minimax::learn
