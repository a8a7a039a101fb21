// Specification of metric lines: what is written reads back (Unicode included, as UTF-8);
// broken lines are refused with the line and column, nested values with their key.
#include <gtest/gtest.h>

#include <cmath>

#include "training/report/json_line.h"

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

TEST(JsonLine, NonIntegralNumbersRoundTripExactly) {
  JsonLine l;
  l.set("a", 0.1).set("b", 1.0 / 3).set("c", -2.5e-12).set("d", 9007199254740993.0);
  const JsonLine back = JsonLine::parse(l.to_string());
  EXPECT_EQ(back.number("a"), 0.1);
  EXPECT_EQ(back.number("b"), 1.0 / 3);
  EXPECT_EQ(back.number("c"), -2.5e-12);
  EXPECT_EQ(back.number("d"), 9007199254740993.0);
  EXPECT_NE(l.to_string().find(R"("a":0.1,)"), std::string::npos) << l.to_string();
}

TEST(JsonLine, UnicodeRoundTripsAsUtf8) {
  const std::string text = "caf\u00e9 \u65e5\u672c \xf0\x9f\x90\xb4";  // café 日本 horse emoji
  JsonLine l;
  l.set("note", text).set("\u65e5\u672c", 1);
  const std::string out = l.to_string();
  // Written as UTF-8, not as \u escapes and never as '?'.
  EXPECT_EQ(out, "{\"note\":\"" + text + "\",\"\u65e5\u672c\":1}");
  const JsonLine back = JsonLine::parse(out);
  EXPECT_EQ(back.text("note"), text);
  EXPECT_EQ(back.number("\u65e5\u672c"), 1);
}

TEST(JsonLine, ReadsUnicodeEscapesIncludingSurrogatePairs) {
  const JsonLine l = JsonLine::parse(R"({"a":"caf\u00e9","b":"\u65E5\u672C","c":"\ud83d\udc34","d":"tab\there\u0001"})");
  EXPECT_EQ(l.text("a"), "caf\u00e9");
  EXPECT_EQ(l.text("b"), "\u65e5\u672c");
  EXPECT_EQ(l.text("c"), "\xf0\x9f\x90\xb4");
  EXPECT_EQ(l.text("d"), std::string("tab\there\x01"));
  // Control characters go out escaped, so the line stays one line.
  EXPECT_EQ(JsonLine().set("d", "a\x01\nb").to_string(), R"({"d":"a\u0001\nb"})");
}

TEST(JsonLine, InvalidUtf8IsWrittenAsReplacementCharacter) {
  JsonLine l;
  l.set("path", std::string("run-\xe9"));  // Latin-1 e-acute: not UTF-8
  EXPECT_EQ(l.to_string(), "{\"path\":\"run-\xef\xbf\xbd\"}");
}

TEST(JsonLine, RefusesBrokenLinesWithColumn) {
  for (const char* bad : {"", "{", R"({"a":})", R"({"a":1,})", R"({"a":1} x)", R"({"a":"open)", R"({"a":"\ud83d"})",
                          "{\"a\":\"\xff\"}"}) {
    try {
      JsonLine::parse(bad);
      FAIL() << bad;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("column"), std::string::npos) << bad << ": " << e.what();
    }
  }
}

TEST(JsonLine, MalformedLineMessageNamesLineAndColumn) {
  try {
    JsonLine::parse(R"({"kind":"step","loss":})");
    FAIL();
  } catch (const std::invalid_argument& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.rfind("JSON: parse error at line 1, column 23:", 0), 0u) << what;
    EXPECT_EQ(what.find("json.exception"), std::string::npos) << what;
  }
}

TEST(JsonLine, RefusesNestingAndNonObjectsNamingWhat) {
  auto message = [](std::string_view line) {
    try {
      JsonLine::parse(line);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_NE(message(R"({"a":1,"b":[1]})").find(R"(key "b" holds a nested array)"), std::string::npos);
  EXPECT_NE(message(R"({"c":{"d":1}})").find(R"(key "c" holds a nested object)"), std::string::npos);
  EXPECT_NE(message("  [1]").find("must be an object, got array at column 3"), std::string::npos) << message("  [1]");
  EXPECT_NE(message("7").find("must be an object, got number at column 1"), std::string::npos);
}

TEST(JsonLine, ARepeatedKeyKeepsItsPlaceAndTheLastValue) {
  JsonLine l;
  l.set("a", 1).set("b", 2).set("a", "x");
  EXPECT_EQ(l.to_string(), R"({"a":"x","b":2})");
  EXPECT_EQ(JsonLine::parse(R"({"a":1,"b":2,"a":3})").to_string(), R"({"a":3,"b":2})");
}

}  // namespace
}  // namespace bh
