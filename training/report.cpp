// report.cpp — SVG line charts from metric lines.
#include "training/report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <stdexcept>

#include "core/atomic_file.h"

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
};

std::string fmt(double v) {
  char buf[32];
  if (std::fabs(v) >= 1000 || v == std::floor(v)) std::snprintf(buf, sizeof buf, "%.0f", v);
  else std::snprintf(buf, sizeof buf, "%.3g", v);
  return buf;
}

std::string escape_html(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else if (c == '&') out += "&amp;";
    else out += c;
  }
  return out;
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

std::string chart(const std::string& title, const std::string& x_label, const std::vector<Series>& series) {
  const double W = 720, H = 300, left = 60, right = 150, top = 30, bottom = 40;
  double x0 = 1e300, x1 = -1e300, y0 = 1e300, y1 = -1e300;
  for (const auto& s : series) {
    for (const auto& p : s.points) x0 = std::min(x0, p.x), x1 = std::max(x1, p.x), y0 = std::min(y0, p.y), y1 = std::max(y1, p.y);
    for (const auto& p : s.low) y0 = std::min(y0, p.y);
    for (const auto& p : s.high) y1 = std::max(y1, p.y);
  }
  std::string svg = "<h2>" + escape_html(title) + "</h2>\n";
  if (x0 > x1) return svg + "<p>No data yet.</p>\n";
  if (x1 == x0) x1 = x0 + 1;
  if (y1 == y0) y1 = y0 + 1, y0 -= 1;
  double pad = (y1 - y0) * 0.05;
  y0 -= pad, y1 += pad;
  auto X = [&](double x) { return left + (x - x0) / (x1 - x0) * (W - left - right); };
  auto Y = [&](double y) { return top + (y1 - y) / (y1 - y0) * (H - top - bottom); };
  char buf[256];
  std::snprintf(buf, sizeof buf, "<svg xmlns='http://www.w3.org/2000/svg' width='%.0f' height='%.0f' font-family='sans-serif' font-size='11'>\n", W, H);
  svg += buf;
  svg += "<rect x='0' y='0' width='100%' height='100%' fill='white'/>\n";
  for (double t : ticks(y0, y1)) {
    std::snprintf(buf, sizeof buf, "<line x1='%.1f' x2='%.1f' y1='%.1f' y2='%.1f' stroke='#ddd'/><text x='%.1f' y='%.1f' text-anchor='end'>%s</text>\n",
                  left, W - right, Y(t), Y(t), left - 4, Y(t) + 4, fmt(t).c_str());
    svg += buf;
  }
  for (double t : ticks(x0, x1)) {
    std::snprintf(buf, sizeof buf, "<text x='%.1f' y='%.1f' text-anchor='middle'>%s</text>\n", X(t), H - bottom + 14, fmt(t).c_str());
    svg += buf;
  }
  std::snprintf(buf, sizeof buf, "<rect x='%.1f' y='%.1f' width='%.1f' height='%.1f' fill='none' stroke='#888'/>\n", left, top,
                W - left - right, H - top - bottom);
  svg += buf;
  std::snprintf(buf, sizeof buf, "<text x='%.1f' y='%.1f' text-anchor='middle'>%s</text>\n", (left + W - right) / 2, H - 6,
                escape_html(x_label).c_str());
  svg += buf;
  int row = 0;
  for (const auto& s : series) {
    if (!s.low.empty() && s.low.size() == s.high.size()) {
      std::string poly;
      for (const auto& p : s.high) poly += fmt(X(p.x)) + "," + fmt(Y(p.y)) + " ";
      for (auto it = s.low.rbegin(); it != s.low.rend(); ++it) poly += fmt(X(it->x)) + "," + fmt(Y(it->y)) + " ";
      svg += "<polygon points='" + poly + "' fill='" + s.colour + "' fill-opacity='0.15' stroke='none'/>\n";
    }
    std::string line;
    for (const auto& p : s.points) line += fmt(X(p.x)) + "," + fmt(Y(p.y)) + " ";
    svg += "<polyline points='" + line + "' fill='none' stroke='" + s.colour + "' stroke-width='1.5'/>\n";
    if (s.points.size() < 40)
      for (const auto& p : s.points) {
        std::snprintf(buf, sizeof buf, "<circle cx='%.1f' cy='%.1f' r='2.5' fill='%s'/>\n", X(p.x), Y(p.y), s.colour.c_str());
        svg += buf;
      }
    std::snprintf(buf, sizeof buf, "<line x1='%.1f' x2='%.1f' y1='%.1f' y2='%.1f' stroke='%s' stroke-width='2'/><text x='%.1f' y='%.1f'>%s</text>\n",
                  W - right + 10, W - right + 28, top + 10 + 16.0 * row, top + 10 + 16.0 * row, s.colour.c_str(), W - right + 32,
                  top + 14 + 16.0 * row, escape_html(s.name).c_str());
    svg += buf;
    ++row;
  }
  return svg + "</svg>\n";
}

// Collects (x, y) of lines of `kind` that carry both keys.
std::vector<Point> collect(const std::vector<JsonLine>& m, const std::string& kind, const std::string& x, const std::string& y) {
  std::vector<Point> out;
  for (const auto& l : m) {
    if (l.text("kind") != kind) continue;
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

std::string render_report(const std::string& title, const std::vector<JsonLine>& m) {
  std::string html = "<!DOCTYPE html>\n<html><head><meta charset='utf-8'><title>" + escape_html(title) +
                     "</title>\n<style>body{font-family:sans-serif;margin:2em;color:#222}h2{font-size:1.1em;margin-top:2em}</style>"
                     "</head><body>\n<h1>" + escape_html(title) + "</h1>\n";
  // Smooth the noisy per-step losses with a running mean so trends are visible.
  auto smooth = [](std::vector<Point> p) {
    if (p.size() < 20) return p;
    std::size_t w = std::max<std::size_t>(1, p.size() / 50);
    std::vector<Point> out;
    double sum = 0;
    for (std::size_t i = 0; i < p.size(); ++i) {
      sum += p[i].y;
      if (i >= w) sum -= p[i - w].y;
      out.push_back({p[i].x, sum / double(std::min(i + 1, w))});
    }
    return out;
  };
  html += chart("Training loss", "training step",
                {{"total", "#1f77b4", smooth(collect(m, "step", "step", "loss")), {}, {}},
                 {"policy", "#ff7f0e", smooth(collect(m, "step", "step", "policy_loss")), {}, {}},
                 {"value", "#2ca02c", smooth(collect(m, "step", "step", "value_loss")), {}, {}}});
  html += chart("Elo over generations (chained through the best net from the first; band: 95% interval of the whole chain)", "generation",
                {{"Elo", "#d62728", collect(m, "generation", "generation", "elo"),
                  collect(m, "generation", "generation", "elo_low"), collect(m, "generation", "generation", "elo_high")}});
  html += chart("Score against the fixed baselines", "generation",
                {{"vs random", "#9467bd", collect(m, "generation", "generation", "score_vs_random"), {}, {}},
                 {"vs greedy", "#8c564b", collect(m, "generation", "generation", "score_vs_greedy"), {}, {}},
                 {"vs previous best", "#17becf", collect(m, "generation", "generation", "score_vs_best"), {}, {}}});
  html += chart("Self-play speed", "generation",
                {{"evaluations/s", "#7f7f7f", collect(m, "generation", "generation", "evals_per_s"), {}, {}}});
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
