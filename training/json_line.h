// json_line.h — flat JSON objects, one per line: what metrics.jsonl holds. Values are
// numbers, strings or booleans; nesting is not needed and not accepted.
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

  JsonLine& set(std::string key, double v);
  JsonLine& set(std::string key, std::int64_t v) { return set(std::move(key), double(v)); }
  JsonLine& set(std::string key, int v) { return set(std::move(key), double(v)); }
  JsonLine& set(std::string key, std::string v);
  JsonLine& set(std::string key, const char* v) { return set(std::move(key), std::string(v)); }
  JsonLine& set(std::string key, bool v);

  std::optional<double> number(std::string_view key) const;
  std::optional<std::string> text(std::string_view key) const;
  const std::vector<std::pair<std::string, Value>>& fields() const { return fields_; }

  // One line, no trailing newline. Non-finite numbers are written as null.
  std::string to_string() const;
  // Throws std::invalid_argument with the column of the first error.
  static JsonLine parse(std::string_view line);

 private:
  JsonLine& put(std::string key, Value v);
  std::vector<std::pair<std::string, Value>> fields_;
};

}  // namespace bh
