// Specification of the run report: a self-contained page with the curves of the metrics,
// the yardstick that does not saturate (the tactical evaluator, with the promotion bar
// where the run keeps one) and the held-out losses first, each curve on a scale of its
// own, the chained Elo last with what it is, and the self-play speed of the net's
// generations only.
#include <gtest/gtest.h>

#include <algorithm>

#include "training/report/report.h"

namespace bh {
namespace {

std::vector<JsonLine> sample_metrics() {
  std::vector<JsonLine> m;
  for (int s = 1; s <= 30; ++s) {
    JsonLine l;
    l.set("kind", "step").set("step", s).set("loss", 3.0 - s * 0.05).set("policy_loss", 2.0).set("value_loss", 1.0 - s * 0.01);
    m.push_back(l);
  }
  for (int g = 1; g <= 3; ++g) {
    JsonLine l;
    l.set("kind", "generation").set("generation", g).set("elo", 50.0 * g).set("elo_low", 50.0 * g - 30).set("elo_high", 50.0 * g + 30);
    l.set("score_vs_random", 0.5 + 0.1 * g);
    l.set("score_vs_tactical", 0.3 + 0.1 * g).set("elo_vs_tactical", -100.0 + 50 * g);
    l.set("elo_vs_tactical_low", -200.0 + 50 * g).set("elo_vs_tactical_high", 50.0 * g);
    l.set("val_score_loss", 0.7 - 0.02 * g).set("val_tactical_score_loss", 0.66);
    l.set("val_top1", 0.1 + 0.05 * g).set("val_tactical_top1", 0.22);
    m.push_back(l);
  }
  for (int g = 1; g <= 3; ++g) {
    JsonLine l;
    l.set("kind", "selfplay").set("generation", g).set("bootstrap", g == 1).set("evals_per_s", g == 1 ? 500'000.0 : 9'000.0 + g);
    m.push_back(l);
  }
  return m;
}

// The part of the page under the heading that starts with `title`, up to the next heading.
std::string section(const std::string& html, const std::string& title) {
  const auto at = html.find("<h2>" + title);
  if (at == std::string::npos) return "";
  return html.substr(at, html.find("<h2>", at + 4) - at);
}

// The y-axis labels of a chart: the numbers right-aligned left of the frame.
std::vector<double> y_labels(const std::string& chart) {
  std::vector<double> out;
  const std::string mark = "text-anchor='end'>";
  for (auto at = chart.find(mark); at != std::string::npos; at = chart.find(mark, at + 1))
    out.push_back(std::stod(chart.substr(at + mark.size())));
  return out;
}

int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(Report, DrawsEveryCurveInlineWithoutScriptsOrDownloads) {
  std::string html = render_report("run <x>", sample_metrics());
  EXPECT_NE(html.find("<h1>run &lt;x&gt;</h1>"), std::string::npos);
  EXPECT_NE(html.find("Training loss"), std::string::npos);
  EXPECT_NE(html.find("Elo chained through the best net"), std::string::npos);
  EXPECT_EQ(html.find("<script"), std::string::npos);
  auto count = [&](const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = html.find(what); at != std::string::npos; at = html.find(what, at + 1)) ++n;
    return n;
  };
  EXPECT_EQ(count("http"), count("http://www.w3.org/2000/svg"));  // only the SVG namespace
  // Three loss series + one Elo line with its band + the baseline score line.
  std::size_t polylines = 0;
  for (std::size_t at = html.find("<polyline"); at != std::string::npos; at = html.find("<polyline", at + 1)) ++polylines;
  EXPECT_GE(polylines, 5u);
  EXPECT_NE(html.find("<polygon"), std::string::npos);  // the Elo interval band
}

TEST(Report, TheTacticalYardstickAndHeldOutLossesComeFirstTheChainedEloLast) {
  const std::string html = render_report("order", sample_metrics());
  const auto tactical = html.find("<h2>Score against the tactical evaluator");
  const auto held_out = html.find("<h2>Held-out positions: value loss");
  const auto elo = html.find("<h2>Elo chained through the best net");
  ASSERT_NE(tactical, std::string::npos);
  ASSERT_NE(held_out, std::string::npos);
  ASSERT_NE(elo, std::string::npos);
  EXPECT_EQ(html.find("<h2>"), tactical);
  EXPECT_LT(held_out, elo);
  EXPECT_GT(elo, html.find("<h2>Sanity lines"));
  // The lines to beat are drawn dashed: 50% against the tactical evaluator, and its
  // figures on the held-out positions.
  EXPECT_EQ(count(section(html, "Score against the tactical evaluator"), "stroke-dasharray"), 1);
  EXPECT_EQ(count(section(html, "Held-out positions: value loss"), "stroke-dasharray"), 1);
  EXPECT_EQ(count(section(html, "Score against the tactical evaluator"), "<polygon"), 1);  // the interval band
  // What the chained Elo is, said beside it.
  EXPECT_NE(section(html, "Elo chained through the best net").find("runs high"), std::string::npos);
}

TEST(Report, WithTheTacticalCheckOnThePromotionBarIsDrawnBesideTheScore) {
  // The bar starts at 50%, becomes 62% with generation 2's promotion and stays there.
  std::vector<JsonLine> m = sample_metrics();
  int g = 0;
  for (auto& l : m)
    if (l.text("kind") == "generation") l.set("bar_vs_tactical", ++g == 1 ? 0.5 : 0.62);
  const std::string chart = section(render_report("bar", m), "Score against the tactical evaluator");
  EXPECT_EQ(count(chart, "stroke-dasharray"), 2);  // 50% and the bar
  EXPECT_NE(chart.find(">promotion bar</text>"), std::string::npos);
  EXPECT_NE(chart.find("played after its promotion"), std::string::npos);  // what the bar is
  // The bar's line: three points, the last two level and above the first.
  const auto dashed = chart.rfind("<polyline points='", chart.rfind("stroke-dasharray"));
  ASSERT_NE(dashed, std::string::npos);
  std::vector<double> y;
  for (auto at = chart.find(',', dashed); at < chart.find("' fill", dashed); at = chart.find(',', at + 1))
    y.push_back(std::stod(chart.substr(at + 1)));
  ASSERT_EQ(y.size(), 3u);
  EXPECT_EQ(y[1], y[2]);
  EXPECT_LT(y[1], y[0]);  // pixels grow downwards
}

TEST(Report, EachLossHasAScaleOfItsOwn) {
  // Policy loss 2.0 and value loss 1.0 - 0.01 x step: the value chart's axis spans the
  // value's own range (about 0.7 to 1.0), not the policy's.
  const std::string html = render_report("scales", sample_metrics());
  const auto value = y_labels(section(html, "Training loss: value"));
  ASSERT_GE(value.size(), 2u);
  EXPECT_GE(*std::min_element(value.begin(), value.end()), 0.6);
  EXPECT_LE(*std::max_element(value.begin(), value.end()), 1.0);
  EXPECT_EQ(section(html, "Training loss: value").find("policy"), std::string::npos);
}

TEST(Report, TheSpeedChartLeavesOutTheBootstrapTeacher) {
  // Generation 1 played with a teacher at 500,000 evaluations/s, 2 and 3 with the net at
  // about 9,000: only the net's two points, on the net's scale.
  const std::string chart = section(render_report("speed", sample_metrics()), "Self-play speed");
  ASSERT_FALSE(chart.empty());
  const auto at = chart.find("<polyline points='");
  ASSERT_NE(at, std::string::npos);
  const std::string points = chart.substr(at, chart.find("'", at + 18) - at);
  EXPECT_EQ(std::count(points.begin(), points.end(), ','), 2) << points;
  const auto labels = y_labels(chart);
  EXPECT_LT(*std::max_element(labels.begin(), labels.end()), 10'000);
}

TEST(Report, AResumedRunsRedoneStepsReplaceTheOldOnes) {
  // Steps 1..3 logged, the run killed, resumed from step 1: steps 2 and 3 again. The curve
  // has three points (1, 2, 3), never going back.
  std::vector<JsonLine> m;
  for (int s : {1, 2, 3, 2, 3}) {
    JsonLine l;
    l.set("kind", "step").set("step", s).set("loss", 3.0).set("policy_loss", 2.0).set("value_loss", 1.0);
    m.push_back(l);
  }
  const std::string html = render_report("resumed", m);
  const std::size_t at = html.find("<polyline points='");
  ASSERT_NE(at, std::string::npos);
  const std::string points = html.substr(at, html.find("'", at + 18) - at);
  EXPECT_EQ(std::count(points.begin(), points.end(), ','), 3) << points;
}

TEST(Report, EmptyRunSaysSo) {
  std::string html = render_report("empty", {});
  EXPECT_NE(html.find("No data yet."), std::string::npos);
}

}  // namespace
}  // namespace bh
