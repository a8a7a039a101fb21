// report.cpp — SVG line charts from metric lines.
#include "training/report/report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <functional>
#include <optional>
#include <stdexcept>

#include "core/platform/atomic_file.h"
#include "training/report/html_escape.h"

namespace bh {

namespace {

struct Point {
  double x, y;
};

struct Series {
  std::string name;
  std::string colour;
  std::vector<Point> points;
  std::vector<Point> low, high;  // optional band (same x as points)
  bool reference = false;        // a line to compare with: dashed, no points marked
};

std::string fmt(double v) {
  char buf[32];
  if (std::fabs(v) >= 1000 || v == std::floor(v)) std::snprintf(buf, sizeof buf, "%.0f", v);
  else std::snprintf(buf, sizeof buf, "%.3g", v);
  return buf;
}

// Tick positions at a round step covering [lo, hi].
std::vector<double> ticks(double lo, double hi) {
  double span = hi - lo;
  if (span <= 0) return {lo};
  double step = std::pow(10, std::floor(std::log10(span / 5)));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (span / (step * m) <= 6) {
      step *= m;
      break;
    }
  std::vector<double> t;
  for (double v = std::ceil(lo / step) * step; v <= hi + 1e-9; v += step) t.push_back(v);
  return t;
}

// One SVG element through printf (at most 255 characters, as every element here is).
template <class... Args>
std::string element(const char* format, Args... args) {
  char buf[256];
  std::snprintf(buf, sizeof buf, format, args...);
  return buf;
}

// A chart's frame in pixels and the data range it shows; maps data to pixels.
struct Plot {
  static constexpr double W = 720, H = 300, left = 60, right = 150, top = 30, bottom = 40;
  double x0 = 1e300, x1 = -1e300, y0 = 1e300, y1 = -1e300;

  double X(double x) const { return left + (x - x0) / (x1 - x0) * (W - left - right); }
  double Y(double y) const { return top + (y1 - y) / (y1 - y0) * (H - top - bottom); }
};

// The range of all points and bands; nullopt when there is no point at all.
std::optional<Plot> plot_range(const std::vector<Series>& series) {
  Plot p;
  for (const auto& s : series) {
    for (const auto& q : s.points)
      p.x0 = std::min(p.x0, q.x), p.x1 = std::max(p.x1, q.x), p.y0 = std::min(p.y0, q.y), p.y1 = std::max(p.y1, q.y);
    for (const auto& q : s.low) p.y0 = std::min(p.y0, q.y);
    for (const auto& q : s.high) p.y1 = std::max(p.y1, q.y);
  }
  if (p.x0 > p.x1) return std::nullopt;
  // A single value still gets a range to draw in; 5% room above and below the data.
  if (p.x1 == p.x0) p.x1 = p.x0 + 1;
  if (p.y1 == p.y0) p.y1 = p.y0 + 1, p.y0 -= 1;
  double pad = (p.y1 - p.y0) * 0.05;
  p.y0 -= pad, p.y1 += pad;
  return p;
}

// The <svg> opening, the grid with its labels, the frame and the x axis label.
std::string axes(const Plot& p, const std::string& x_label) {
  const double W = Plot::W, H = Plot::H, left = Plot::left, right = Plot::right, top = Plot::top, bottom = Plot::bottom;
  std::string svg = element("<svg xmlns='http://www.w3.org/2000/svg' width='%.0f' height='%.0f' font-family='sans-serif' font-size='11'>\n", W, H);
  svg += "<rect x='0' y='0' width='100%' height='100%' fill='white'/>\n";
  for (double t : ticks(p.y0, p.y1))
    svg += element("<line x1='%.1f' x2='%.1f' y1='%.1f' y2='%.1f' stroke='#ddd'/><text x='%.1f' y='%.1f' text-anchor='end'>%s</text>\n",
                   left, W - right, p.Y(t), p.Y(t), left - 4, p.Y(t) + 4, fmt(t).c_str());
  for (double t : ticks(p.x0, p.x1))
    svg += element("<text x='%.1f' y='%.1f' text-anchor='middle'>%s</text>\n", p.X(t), H - bottom + 14, fmt(t).c_str());
  svg += element("<rect x='%.1f' y='%.1f' width='%.1f' height='%.1f' fill='none' stroke='#888'/>\n", left, top,
                 W - left - right, H - top - bottom);
  svg += element("<text x='%.1f' y='%.1f' text-anchor='middle'>%s</text>\n", (left + W - right) / 2, H - 6,
                 escape_html(x_label).c_str());
  return svg;
}

// The shaded band between a series' low and high, when it has one.
std::string band(const Plot& p, const Series& s) {
  if (s.low.empty() || s.low.size() != s.high.size()) return {};
  std::string poly;
  for (const auto& q : s.high) poly += fmt(p.X(q.x)) + "," + fmt(p.Y(q.y)) + " ";
  for (auto it = s.low.rbegin(); it != s.low.rend(); ++it) poly += fmt(p.X(it->x)) + "," + fmt(p.Y(it->y)) + " ";
  return "<polygon points='" + poly + "' fill='" + s.colour + "' fill-opacity='0.15' stroke='none'/>\n";
}

// The series' line; its points marked too while there are few enough to tell apart.
std::string line(const Plot& p, const Series& s) {
  std::string points;
  for (const auto& q : s.points) points += fmt(p.X(q.x)) + "," + fmt(p.Y(q.y)) + " ";
  std::string svg = "<polyline points='" + points + "' fill='none' stroke='" + s.colour + "' stroke-width='1.5'" +
                    (s.reference ? " stroke-dasharray='6 4'" : "") + "/>\n";
  if (s.points.size() < 40 && !s.reference)
    for (const auto& q : s.points)
      svg += element("<circle cx='%.1f' cy='%.1f' r='2.5' fill='%s'/>\n", p.X(q.x), p.Y(q.y), s.colour.c_str());
  return svg;
}

// The series' entry in the legend right of the frame, `row` lines down.
std::string legend_entry(const Series& s, int row) {
  const double W = Plot::W, right = Plot::right, top = Plot::top;
  return element("<line x1='%.1f' x2='%.1f' y1='%.1f' y2='%.1f' stroke='%s' stroke-width='2'/><text x='%.1f' y='%.1f'>%s</text>\n",
                 W - right + 10, W - right + 28, top + 10 + 16.0 * row, top + 10 + 16.0 * row, s.colour.c_str(), W - right + 32,
                 top + 14 + 16.0 * row, escape_html(s.name).c_str());
}

std::string chart(const std::string& title, const std::string& x_label, const std::vector<Series>& series,
                  const std::string& note = "") {
  std::string svg = "<h2>" + escape_html(title) + "</h2>\n";
  if (!note.empty()) svg += "<p>" + escape_html(note) + "</p>\n";
  const std::optional<Plot> plot = plot_range(series);
  if (!plot) return svg + "<p>No data yet.</p>\n";
  svg += axes(*plot, x_label);
  int row = 0;
  for (const auto& s : series) svg += band(*plot, s) + line(*plot, s) + legend_entry(s, row++);
  return svg + "</svg>\n";
}

// Collects (x, y) of lines of `kind` that carry both keys (and that `keep` accepts).
std::vector<Point> collect(const std::vector<JsonLine>& m, const std::string& kind, const std::string& x, const std::string& y,
                           const std::function<bool(const JsonLine&)>& keep = {}) {
  std::vector<Point> out;
  for (const auto& l : m) {
    if (l.text("kind") != kind || (keep && !keep(l))) continue;
    auto xv = l.number(x), yv = l.number(y);
    if (!xv || !yv || !std::isfinite(*xv) || !std::isfinite(*yv)) continue;
    // A resumed run redoes the steps after its last checkpoint: the later line wins.
    while (!out.empty() && out.back().x >= *xv) out.pop_back();
    out.push_back({*xv, *yv});
  }
  return out;
}

}  // namespace

std::vector<JsonLine> read_metrics(const std::string& path, int* skipped) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read metrics file '" + path + "'");
  std::vector<JsonLine> out;
  int bad = 0;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    try {
      out.push_back(JsonLine::parse(line));
    } catch (const std::invalid_argument&) {
      ++bad;  // e.g. a line cut short by a crash
    }
  }
  if (skipped) *skipped = bad;
  return out;
}

namespace {

// Smooths the noisy per-step losses with a running mean so trends are visible.
std::vector<Point> smooth(std::vector<Point> p) {
  if (p.size() < 20) return p;
  const std::size_t w = std::max<std::size_t>(1, p.size() / 50);
  std::vector<Point> out;
  double sum = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    sum += p[i].y;
    if (i >= w) sum -= p[i - w].y;
    out.push_back({p[i].x, sum / double(std::min(i + 1, w))});
  }
  return out;
}

// The score an Elo difference expects (the logistic model of training/players/elo.h).
double score_of_elo(double elo) { return 1 / (1 + std::pow(10.0, -elo / 400)); }

std::vector<Point> as_scores(std::vector<Point> elo) {
  for (auto& q : elo) q.y = score_of_elo(q.y);
  return elo;
}

// A flat line at `y` across the generations `like` spans (nothing when it is empty).
std::vector<Point> level(const std::vector<Point>& like, double y) {
  if (like.empty()) return {};
  return {{like.front().x, y}, {like.back().x, y}};
}

std::vector<Point> by_generation(const std::vector<JsonLine>& m, const std::string& key) {
  return collect(m, "generation", "generation", key);
}

std::string tactical_chart(const std::vector<JsonLine>& m) {
  const auto score = by_generation(m, "score_vs_tactical");
  std::vector<Series> series{{"the net", "#d62728", score, as_scores(by_generation(m, "elo_vs_tactical_low")),
                              as_scores(by_generation(m, "elo_vs_tactical_high"))},
                             {"50%: as strong", "#888", level(score, 0.5), {}, {}, true}};
  std::string note = "The yardstick that does not saturate: the tactical evaluator (no network) searching with the "
                     "net's own visits. Above 50% the net adds strength over the hand-written evaluator. Band: 95% "
                     "interval of each generation's matches.";
  // Runs with the tactical check on ([evaluation] promote_tactical_margin) record its bar.
  if (const auto bar = by_generation(m, "bar_vs_tactical"); !bar.empty()) {
    series.push_back({"promotion bar", "#2ca02c", bar, {}, {}, true});
    note += " Promotion bar: the player's score over the matches it was promoted on and those it played after "
            "its promotion; the next net must reach it (less promote_tactical_margin; a negative margin is a lead "
            "over it) to become the player. Where the line stays above the bar "
            "and no net is promoted, the promotion arena against the player is what refuses them.";
  }
  return chart("Score against the tactical evaluator at the same visits", "generation", series, note);
}

std::string validation_charts(const std::vector<JsonLine>& m) {
  const auto net = by_generation(m, "val_score_loss");
  const auto tactical = by_generation(m, "val_tactical_score_loss");
  const auto top1 = by_generation(m, "val_top1");
  const auto tactical_top1 = by_generation(m, "val_tactical_top1");
  return chart("Held-out positions: value loss", "generation",
               {{"the net", "#1f77b4", net, {}, {}}, {"tactical evaluator", "#888", level(net, tactical.empty() ? 0 : tactical.back().y), {}, {}, true}},
               "Binary cross-entropy of the expected score against the match result, on positions of matches the "
               "run never trains on ([evaluation] validation). The tactical evaluator's score is squashed to a "
               "probability by the scale that fits these positions best. Lower is better; below the dashed line "
               "the net judges positions better than the hand-written evaluator.") +
         chart("Held-out positions: first choice is the move played", "generation",
               {{"the net", "#1f77b4", top1, {}, {}},
                {"tactical evaluator", "#888", level(top1, tactical_top1.empty() ? 0 : tactical_top1.back().y), {}, {}, true}});
}

std::string training_charts(const std::vector<JsonLine>& m) {
  return chart("Training loss: policy", "training step",
               {{"policy", "#ff7f0e", smooth(collect(m, "step", "step", "policy_loss")), {}, {}}}) +
         chart("Training loss: value", "training step",
               {{"value (win/draw/loss)", "#2ca02c", smooth(collect(m, "step", "step", "value_loss")), {}, {}}});
}

std::string sanity_chart(const std::vector<JsonLine>& m) {
  return chart("Sanity lines: random, greedy and the best net so far", "generation",
               {{"vs random", "#9467bd", by_generation(m, "score_vs_random"), {}, {}},
                {"vs greedy", "#8c564b", by_generation(m, "score_vs_greedy"), {}, {}},
                {"vs best so far", "#17becf", by_generation(m, "score_vs_best"), {}, {}}},
               "The random and one-ply greedy movers are beaten within a few generations and stay so: they tell "
               "that nothing broke, not that the net improves.");
}

std::string elo_chart(const std::vector<JsonLine>& m) {
  return chart("Elo chained through the best net", "generation",
               {{"Elo", "#d62728", by_generation(m, "elo"), by_generation(m, "elo_low"), by_generation(m, "elo_high")}},
               "Each net's Elo is the best net's plus its own result against it (generation 0 is 0); a net becomes "
               "the best when it scores promote_score. Promotion on few matches favours lucky nets, so this chain "
               "runs high and its band (the variances of every match along it) widens with the run: quote the "
               "score against the tactical evaluator instead.");
}

std::string speed_chart(const std::vector<JsonLine>& m) {
  const auto net = collect(m, "selfplay", "generation", "evals_per_s",
                           [](const JsonLine& l) { return l.flag("bootstrap") != true; });
  return chart("Self-play speed with the net", "generation", {{"evaluations/s", "#7f7f7f", net, {}, {}}},
               "Generations that played with a bootstrap teacher (no network, hundreds of times faster) are left out.");
}

}  // namespace

std::string render_report(const std::string& title, const std::vector<JsonLine>& m) {
  std::string html = "<!DOCTYPE html>\n<html><head><meta charset='utf-8'><title>" + escape_html(title) +
                     "</title>\n<style>body{font-family:sans-serif;margin:2em;color:#222;max-width:760px}"
                     "h2{font-size:1.1em;margin-top:2em}p{font-size:0.9em;color:#444}</style>"
                     "</head><body>\n<h1>" + escape_html(title) + "</h1>\n";
  html += tactical_chart(m) + validation_charts(m) + training_charts(m) + sanity_chart(m) + elo_chart(m) + speed_chart(m);
  return html + "</body></html>\n";
}

std::string write_report(const std::string& run_dir, const std::string& out_path) {
  int skipped = 0;
  auto metrics = read_metrics(run_dir + "/metrics.jsonl", &skipped);
  std::string path = out_path.empty() ? run_dir + "/report.html" : out_path;
  std::string html = render_report("Bughouse training run " + run_dir, metrics);
  if (skipped) html += "<!-- " + std::to_string(skipped) + " malformed metric lines skipped -->\n";
  // A browser reloading the report while it is rewritten sees the old one or the new one.
  write_file_atomic(path, html);
  return path;
}

}  // namespace bh
