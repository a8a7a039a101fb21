// json_line.cpp — writing and reading flat JSON objects.
#include "training/json_line.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace bh {

namespace {

void append_escaped(std::string& out, const std::string& s) {
  out += '"';
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += c;
        }
    }
  }
  out += '"';
}

struct Parser {
  std::string_view s;
  std::size_t i = 0;

  [[noreturn]] void fail(const std::string& what) const {
    throw std::invalid_argument("JSON: " + what + " at column " + std::to_string(i + 1));
  }
  void ws() {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n')) ++i;
  }
  void expect(char c) {
    ws();
    if (i >= s.size() || s[i] != c) fail(std::string("expected '") + c + "'");
    ++i;
  }
  std::string string() {
    expect('"');
    std::string out;
    while (i < s.size() && s[i] != '"') {
      char c = s[i++];
      if (c != '\\') {
        out += c;
        continue;
      }
      if (i >= s.size()) fail("unfinished escape");
      char e = s[i++];
      switch (e) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'n': out += '\n'; break;
        case 't': out += '\t'; break;
        case 'r': out += '\r'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'u': {
          if (i + 4 > s.size()) fail("short \\u escape");
          unsigned code = 0;
          auto [p, ec] = std::from_chars(s.data() + i, s.data() + i + 4, code, 16);
          if (ec != std::errc() || p != s.data() + i + 4) fail("bad \\u escape");
          i += 4;
          out += code < 0x80 ? char(code) : '?';
          break;
        }
        default: fail("unknown escape");
      }
    }
    if (i >= s.size()) fail("unterminated string");
    ++i;
    return out;
  }
};

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

std::string JsonLine::to_string() const {
  std::string out = "{";
  bool first = true;
  for (const auto& [k, v] : fields_) {
    if (!first) out += ',';
    first = false;
    append_escaped(out, k);
    out += ':';
    if (const double* d = std::get_if<double>(&v)) {
      if (!std::isfinite(*d)) {
        out += "null";
      } else if (*d == std::floor(*d) && std::fabs(*d) < 1e15) {
        out += std::to_string(static_cast<long long>(*d));
      } else {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.6g", *d);
        out += buf;
      }
    } else if (const std::string* t = std::get_if<std::string>(&v)) {
      append_escaped(out, *t);
    } else {
      out += std::get<bool>(v) ? "true" : "false";
    }
  }
  return out + "}";
}

JsonLine JsonLine::parse(std::string_view line) {
  Parser p{line};
  JsonLine out;
  p.expect('{');
  p.ws();
  if (p.i < line.size() && line[p.i] == '}') {
    ++p.i;
  } else {
    while (true) {
      std::string key = p.string();
      p.expect(':');
      p.ws();
      if (p.i >= line.size()) p.fail("missing value");
      char c = line[p.i];
      if (c == '"') {
        out.set(key, p.string());
      } else if (line.substr(p.i, 4) == "true") {
        out.set(key, true), p.i += 4;
      } else if (line.substr(p.i, 5) == "false") {
        out.set(key, false), p.i += 5;
      } else if (line.substr(p.i, 4) == "null") {
        out.set(key, std::nan("")), p.i += 4;
      } else {
        double v = 0;
        auto [ptr, ec] = std::from_chars(line.data() + p.i, line.data() + line.size(), v);
        if (ec != std::errc()) p.fail("expected a value");
        p.i = std::size_t(ptr - line.data());
        out.set(key, v);
      }
      p.ws();
      if (p.i < line.size() && line[p.i] == ',') {
        ++p.i;
        continue;
      }
      p.expect('}');
      break;
    }
  }
  p.ws();
  if (p.i != line.size()) p.fail("trailing characters");
  return out;
}

}  // namespace bh
