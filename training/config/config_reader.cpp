// config_reader.cpp — type and range checks with file:line:column messages.
#include "training/config/config_reader.h"

#include <charconv>
#include <cmath>
#include <limits>

namespace bh {

namespace {

std::string range(double lo, double hi) {
  auto fmt = [](double v) {
    std::string s = std::to_string(v);
    s.erase(s.find_last_not_of('0') + 1);
    if (!s.empty() && s.back() == '.') s.pop_back();
    return s;
  };
  std::string out(1, '[');
  out += fmt(lo);
  out += ", ";
  out += fmt(hi);
  out += ']';
  return out;
}

}  // namespace

ConfigReader::ConfigReader(const toml::table& table, std::string section, std::string file)
    : table_(table), section_(std::move(section)), file_(std::move(file)) {}

std::string ConfigReader::where(const toml::source_region& r) const {
  std::string s = file_;
  if (r.begin.line) {
    s += ':';
    s += std::to_string(r.begin.line);
    s += ':';
    s += std::to_string(r.begin.column);
  }
  return s;
}

void ConfigReader::fail(std::string_view key, const std::string& why) const {
  const toml::node* n = table_.get(key);
  throw ConfigError((n ? where(n->source()) : file_) + ": " + section_ + "." + std::string(key) + ": " + why);
}

const toml::node* ConfigReader::find(std::string_view key) {
  known_.insert(std::string(key));
  return table_.get(key);
}

void ConfigReader::read(std::string_view key, bool& out) {
  note(key, out);
  const toml::node* n = find(key);
  if (!n) return;
  if (!n->is_boolean()) fail(key, "must be true or false");
  out = n->as_boolean()->get();
}

void ConfigReader::read(std::string_view key, std::string& out) {
  note(key, out);
  const toml::node* n = find(key);
  if (!n) return;
  if (!n->is_string()) fail(key, "must be a string");
  out = n->as_string()->get();
}

void ConfigReader::read(std::string_view key, std::int64_t& out, std::int64_t lo, std::int64_t hi) {
  note(key, out);
  const toml::node* n = find(key);
  if (!n) return;
  if (!n->is_integer()) fail(key, "must be an integer in " + range(double(lo), double(hi)));
  const std::int64_t v = n->as_integer()->get();
  if (v < lo || v > hi) fail(key, "must be in " + range(double(lo), double(hi)) + ", got " + std::to_string(v));
  out = v;
}

void ConfigReader::read(std::string_view key, int& out, std::int64_t lo, std::int64_t hi) {
  std::int64_t v = out;
  read(key, v, lo, hi);
  out = int(v);
}

void ConfigReader::read(std::string_view key, std::uint64_t& out) {
  std::int64_t v = std::int64_t(out & 0x7FFF'FFFF'FFFF'FFFFULL);
  read(key, v, 0, std::numeric_limits<std::int64_t>::max());
  out = std::uint64_t(v);
}

void ConfigReader::read(std::string_view key, std::uint32_t& out) {
  std::int64_t v = out;
  read(key, v, 0, std::numeric_limits<std::uint32_t>::max());
  out = std::uint32_t(v);
}

void ConfigReader::read(std::string_view key, double& out, double lo, double hi) {
  note(key, out);
  const toml::node* n = find(key);
  if (!n) return;
  double v = 0;
  if (n->is_floating_point()) v = n->as_floating_point()->get();
  else if (n->is_integer()) v = double(n->as_integer()->get());
  else fail(key, "must be a number in " + range(lo, hi));
  if (!std::isfinite(v) || v < lo || v > hi) fail(key, "must be in " + range(lo, hi) + ", got " + std::to_string(v));
  out = v;
}

void ConfigReader::read(std::string_view key, float& out, double lo, double hi) {
  double v = out;
  read(key, v, lo, hi);
  if (defaults_) {
    // Widened, 0.1f would be recorded as 0.10000000149; the shortest decimal that reads
    // back to the same float (0.1) is what a file writes for it.
    char text[32];
    const auto end = std::to_chars(text, text + sizeof text, out).ptr;
    double shortest = v;
    std::from_chars(text, end, shortest);
    note(key, shortest);
  }
  out = float(v);
}

void ConfigReader::read_choice(std::string_view key, std::string& out, std::initializer_list<std::string_view> choices) {
  note(key, out);
  const toml::node* n = find(key);
  if (!n) return;
  std::string list;
  for (auto c : choices) list += (list.empty() ? "" : ", ") + std::string(c);
  if (!n->is_string()) fail(key, "must be one of " + list);
  const std::string v = n->as_string()->get();
  for (auto c : choices)
    if (v == c) {
      out = v;
      return;
    }
  fail(key, "must be one of " + list + ", got '" + v + "'");
}

void ConfigReader::finish() const {
  for (auto&& [k, v] : table_) {
    if (known_.count(std::string(k.str()))) continue;
    std::string list;
    for (const auto& name : known_) list += (list.empty() ? "" : ", ") + name;
    throw ConfigError(where(k.source()) + ": unknown key " + section_ + "." + std::string(k.str()) + " (known: " + list +
                      ")");
  }
}

}  // namespace bh
