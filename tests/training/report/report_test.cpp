// Specification of the run report: a self-contained page with the curves of the metrics.
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
    m.push_back(l);
  }
  return m;
}

TEST(Report, DrawsEveryCurveInlineWithoutScriptsOrDownloads) {
  std::string html = render_report("run <x>", sample_metrics());
  EXPECT_NE(html.find("<h1>run &lt;x&gt;</h1>"), std::string::npos);
  EXPECT_NE(html.find("Training loss"), std::string::npos);
  EXPECT_NE(html.find("Elo over generations"), std::string::npos);
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
