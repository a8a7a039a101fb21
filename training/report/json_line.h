// json_line.h — flat JSON objects, one per line: what metrics.jsonl holds. Values are
// numbers, strings or booleans; nesting is not needed and not accepted. The JSON itself
// (escapes, UTF-8, number syntax) is nlohmann::json's; this class only fixes the shape.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace bh {

class JsonLine {
 public:
  using Value = std::variant<double, std::string, bool>;

  // Setting a key again replaces its value and keeps its place.
  JsonLine& set(std::string key, double v);
  JsonLine& set(std::string key, std::int64_t v) { return set(std::move(key), double(v)); }
  JsonLine& set(std::string key, int v) { return set(std::move(key), double(v)); }
  JsonLine& set(std::string key, std::string v);
  JsonLine& set(std::string key, const char* v) { return set(std::move(key), std::string(v)); }
  JsonLine& set(std::string key, bool v);

  std::optional<double> number(std::string_view key) const;
  std::optional<std::string> text(std::string_view key) const;
  std::optional<bool> flag(std::string_view key) const;
  // In the order the keys were first set (or appeared in the parsed line).
  const std::vector<std::pair<std::string, Value>>& fields() const { return fields_; }

  // One line, no trailing newline, UTF-8 as is (only '"', '\\' and control characters
  // escaped). Whole numbers are written without a fraction, others in the shortest form
  // that reads back to the same double. Non-finite numbers are written as null, and null
  // reads back as NaN: number() then gives NaN, so "known to be unknown" survives a
  // round trip. Invalid UTF-8 in a string is written as U+FFFD instead of failing.
  std::string to_string() const;
  // Throws std::invalid_argument: for malformed JSON with the line and column of the
  // first error, for a line that is not a flat object with the offending key.
  static JsonLine parse(std::string_view line);

 private:
  JsonLine& put(std::string key, Value v);
  std::vector<std::pair<std::string, Value>> fields_;
};

}  // namespace bh
