#include "cli/learn_chess_report.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/svg.hpp"
#include "match/elo.hpp"

namespace minimax::cli {

namespace {

namespace ce = learn::chess_elo;

match::EloEstimate elo_of(const ce::Score& s) {
  return match::estimate_elo(match::Score{s.wins, s.draws, s.losses});
}

std::string cell(const ce::Point& p, std::size_t o) {
  if (p.itself[o]) return "0 (itself)";
  const auto& s = p.scores[o];
  return match::format_elo(elo_of(s)) + " (+" + std::to_string(s.wins) + " =" +
         std::to_string(s.draws) + " -" + std::to_string(s.losses) + ")";
}

}  // namespace

std::string chess_elo_table(const ce::Measurement& m) {
  std::string t = "| iteration | self-play games |";
  for (const auto& o : m.settings.opponents) t += " against " + o + " |";
  t += "\n|---:|---:|";
  for (std::size_t o = 0; o < m.settings.opponents.size(); ++o) t += "---|";
  t += '\n';
  for (const auto& p : m.points) {
    t += "| " + std::to_string(p.iteration) + " | " + std::to_string(p.selfplay_games) + " |";
    for (std::size_t o = 0; o < m.settings.opponents.size(); ++o) t += ' ' + cell(p, o) + " |";
    t += '\n';
  }
  return t;
}

std::string chess_elo_svg(const ce::Measurement& m) {
  const double width = 760, height = 440, left = 70, right = 150, top = 40, bottom = 50;
  const double plot_w = width - left - right, plot_h = height - top - bottom;
  int max_games = 1;
  double lo = -100, hi = 100;
  for (const auto& p : m.points) {
    max_games = std::max(max_games, p.selfplay_games);
    for (std::size_t o = 0; o < p.scores.size(); ++o) {
      if (p.itself[o]) continue;
      const auto e = elo_of(p.scores[o]);
      lo = std::min(lo, e.elo - e.error);
      hi = std::max(hi, e.elo + e.error);
    }
  }
  lo = std::floor(lo / 100) * 100;
  hi = std::ceil(hi / 100) * 100;
  auto x_of = [&](int games) { return left + plot_w * games / max_games; };
  auto y_of = [&](double elo) { return top + plot_h * (hi - elo) / (hi - lo); };
  svg::Document doc(width, height, {{"font-family", "sans-serif"}, {"font-size", "11"}});
  doc.title("Elo of the table learnt by self-play against self-play games");
  doc.rect(0, 0, width, height, {{"fill", "white"}});
  char head[160];
  std::snprintf(head, sizeof head,
                "Elo against self-play games (%d games a point and opponent, %llu nodes a move)",
                m.settings.games, static_cast<unsigned long long>(m.settings.nodes));
  doc.text(left, 20, head, {{"font-size", "13"}});
  doc.line(left, top, left, top + plot_h, {{"stroke", "black"}});
  doc.line(left, top + plot_h, left + plot_w, top + plot_h, {{"stroke", "black"}});
  const double step = (hi - lo) > 1000 ? 200 : 100;
  for (double v = lo; v <= hi + 1e-9; v += step) {
    doc.line(left - 4, y_of(v), left + plot_w, y_of(v),
             {{"stroke", v == 0 ? "black" : "#ddd"}, {"stroke-width", v == 0 ? "1" : "0.5"}});
    char buf[32];
    std::snprintf(buf, sizeof buf, "%+.0f", v);
    doc.text(left - 8, y_of(v) + 4, v == 0 ? "0" : buf, {{"text-anchor", "end"}});
  }
  for (const auto& p : m.points) {
    doc.line(x_of(p.selfplay_games), top + plot_h, x_of(p.selfplay_games), top + plot_h + 4,
             {{"stroke", "black"}});
    doc.text(x_of(p.selfplay_games), top + plot_h + 16, std::to_string(p.selfplay_games),
             {{"text-anchor", "middle"}});
  }
  doc.text(left + plot_w / 2, height - 12, "self-play games", {{"text-anchor", "middle"}});
  doc.text(16, top + plot_h / 2, "Elo (95% interval)",
           {{"text-anchor", "middle"},
            {"transform", "rotate(-90 16 " + std::to_string(top + plot_h / 2) + ")"}});
  static const char* kColours[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e"};
  for (std::size_t o = 0; o < m.settings.opponents.size(); ++o) {
    const std::string colour = kColours[o % 5];
    std::string d;
    for (const auto& p : m.points) {
      if (p.itself[o]) continue;
      const auto e = elo_of(p.scores[o]);
      const double x = x_of(p.selfplay_games), y = y_of(e.elo);
      char buf[64];
      std::snprintf(buf, sizeof buf, "%s%.1f %.1f", d.empty() ? "M" : " L", x, y);
      d += buf;
      doc.line(x, y_of(e.elo - e.error), x, y_of(e.elo + e.error), {{"stroke", colour}});
      doc.circle(x, y, e.bound ? 4 : 2.5,
                 {{"fill", e.bound ? "white" : colour}, {"stroke", colour}});
    }
    if (!d.empty()) doc.path(d, {{"fill", "none"}, {"stroke", colour}, {"stroke-width", "1.5"}});
    doc.text(left + plot_w + 8, top + 14 + 16 * static_cast<double>(o),
             "against " + m.settings.opponents[o], {{"fill", colour}});
  }
  doc.text(left + plot_w + 8, top + 14 + 16 * static_cast<double>(m.settings.opponents.size()) + 8,
           "open dot: a bound", {{"fill", "#555"}});
  return doc.str();
}

}  // namespace minimax::cli
