// json_line.cpp — JsonLine on nlohmann::ordered_json: the library reads and writes the
// JSON, this file maps it to and from the flat list of fields (ordered_json keeps the
// order the keys were set in, so lines stay readable: "kind" first).
#include "training/report/json_line.h"

#include <cmath>
#include <stdexcept>

#include <nlohmann/json.hpp>

namespace bh {

namespace {

using Json = nlohmann::ordered_json;

// Doubles hold every integer up to 2^53 exactly; those are written as integers ("12",
// not "12.0"), so counters read naturally.
constexpr double kExactIntegers = 9007199254740992.0;

Json to_json(const JsonLine::Value& v) {
  if (const double* d = std::get_if<double>(&v)) {
    if (!std::isfinite(*d)) return nullptr;
    if (*d == std::floor(*d) && std::fabs(*d) <= kExactIntegers) return static_cast<std::int64_t>(*d);
    return *d;
  }
  if (const std::string* s = std::get_if<std::string>(&v)) return *s;
  return std::get<bool>(v);
}

}  // namespace

JsonLine& JsonLine::put(std::string key, Value v) {
  for (auto& [k, old] : fields_)
    if (k == key) {
      old = std::move(v);
      return *this;
    }
  fields_.emplace_back(std::move(key), std::move(v));
  return *this;
}

JsonLine& JsonLine::set(std::string key, double v) { return put(std::move(key), v); }
JsonLine& JsonLine::set(std::string key, std::string v) { return put(std::move(key), std::move(v)); }
JsonLine& JsonLine::set(std::string key, bool v) { return put(std::move(key), v); }

std::optional<double> JsonLine::number(std::string_view key) const {
  for (const auto& [k, v] : fields_)
    if (k == key && std::holds_alternative<double>(v)) return std::get<double>(v);
  return std::nullopt;
}

std::optional<std::string> JsonLine::text(std::string_view key) const {
  for (const auto& [k, v] : fields_)
    if (k == key && std::holds_alternative<std::string>(v)) return std::get<std::string>(v);
  return std::nullopt;
}

std::optional<bool> JsonLine::flag(std::string_view key) const {
  for (const auto& [k, v] : fields_)
    if (k == key && std::holds_alternative<bool>(v)) return std::get<bool>(v);
  return std::nullopt;
}

std::string JsonLine::to_string() const {
  Json j = Json::object();
  for (const auto& [k, v] : fields_) j[k] = to_json(v);
  // Compact, UTF-8 unescaped; a metric line must never take the run down, so bytes that
  // are not UTF-8 (a path in another encoding) become U+FFFD rather than an exception.
  return j.dump(-1, ' ', false, Json::error_handler_t::replace);
}

JsonLine JsonLine::parse(std::string_view line) {
  Json j;
  try {
    j = Json::parse(line);
  } catch (const Json::parse_error& e) {
    // e.what() is "[json.exception.parse_error.101] parse error at line 1, column 6: ...";
    // the bracketed id means nothing to a reader of the message.
    std::string what = e.what();
    if (const auto end = what.find("] "); what.starts_with("[json.exception.") && end != std::string::npos)
      what.erase(0, end + 2);
    throw std::invalid_argument("JSON: " + what);
  }
  if (!j.is_object())
    throw std::invalid_argument("JSON: a metric line must be an object, got " + std::string(j.type_name()) +
                                " at column " + std::to_string(line.find_first_not_of(" \t\r\n") + 1));
  JsonLine out;
  for (const auto& [key, value] : j.items()) {
    if (value.is_string()) out.set(key, value.get<std::string>());
    else if (value.is_boolean()) out.set(key, value.get<bool>());
    else if (value.is_number()) out.set(key, value.get<double>());
    else if (value.is_null()) out.set(key, std::nan(""));
    else
      throw std::invalid_argument("JSON: key \"" + key + "\" holds a nested " + std::string(value.type_name()) +
                                  "; a metric line is a flat object of numbers, strings, booleans and null");
  }
  return out;
}

}  // namespace bh
