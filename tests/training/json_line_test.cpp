// Specification of metric lines: what is written reads back; broken lines are refused.
#include <gtest/gtest.h>

#include <cmath>

#include "training/json_line.h"

namespace bh {
namespace {

TEST(JsonLine, WritesCompactFlatObjects) {
  JsonLine l;
  l.set("kind", "step").set("step", 12).set("loss", 1.5).set("ok", true).set("note", "a \"q\"\n");
  EXPECT_EQ(l.to_string(), R"({"kind":"step","step":12,"loss":1.5,"ok":true,"note":"a \"q\"\n"})");
}

TEST(JsonLine, RoundTrips) {
  JsonLine l;
  l.set("kind", "generation").set("elo", -12.25).set("games", 100).set("eta", 3.5e9);
  JsonLine back = JsonLine::parse(l.to_string());
  EXPECT_EQ(back.text("kind"), "generation");
  EXPECT_EQ(back.number("elo"), -12.25);
  EXPECT_EQ(back.number("games"), 100);
  EXPECT_EQ(back.number("eta"), 3.5e9);
  EXPECT_FALSE(back.number("missing"));
}

TEST(JsonLine, NonFiniteNumbersBecomeNull) {
  JsonLine l;
  l.set("x", std::nan(""));
  EXPECT_EQ(l.to_string(), R"({"x":null})");
  EXPECT_TRUE(std::isnan(*JsonLine::parse(R"({"x":null})").number("x")));
}

TEST(JsonLine, RefusesBrokenLinesWithColumn) {
  for (const char* bad : {"", "{", R"({"a":})", R"({"a":1,})", R"({"a":1} x)", R"({"a":[1]})", R"({"a":"open)"}) {
    try {
      JsonLine::parse(bad);
      FAIL() << bad;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("column"), std::string::npos) << bad;
    }
  }
}

}  // namespace
}  // namespace bh
