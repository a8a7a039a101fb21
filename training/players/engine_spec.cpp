// engine_spec.cpp — reading uci:/xboard: player specs.
#include "training/players/engine_spec.h"

#include <filesystem>
#include <stdexcept>

#include "training/players/text_tokens.h"

namespace bh {

bool is_engine_spec(std::string_view text) {
  return text.rfind("uci:", 0) == 0 || text.rfind("xboard:", 0) == 0;
}

namespace {

std::invalid_argument spec_error(const EngineSpec& spec, const std::string& what) {
  return std::invalid_argument("engine spec '" + spec.text + "': " + what);
}

// One `key=value` of the query: a setting of ours, else an option for the engine.
void set_key(EngineSpec& spec, const std::string& key, const std::string& value) {
  auto bad = [&](const char* need) { return spec_error(spec, key + "=" + value + ": expected " + need); };
  const std::string k = to_lower(key);
  const bool uci = spec.protocol == EngineProtocol::Uci, xboard = spec.protocol == EngineProtocol::Xboard;
  if (k == "name") {
    spec.name = value;
  } else if (uci && (k == "nodes" || k == "movetime" || k == "depth")) {
    auto v = to_int(value);
    if (!v || *v <= 0) throw bad("a positive whole number");
    (k == "nodes" ? spec.nodes : k == "movetime" ? spec.movetime_ms : spec.depth) = *v;
  } else if (uci && k == "whole_match") {
    const std::string v = to_lower(value);
    if (v != "1" && v != "0" && v != "true" && v != "false") throw bad("1, 0, true or false");
    spec.whole_match = v == "1" || v == "true";
  } else if (xboard && k == "st") {
    auto v = to_number(value);
    if (!v || *v <= 0) throw bad("seconds per move");
    spec.st_seconds = *v;
  } else if (xboard && k == "sd") {
    auto v = to_int(value);
    if (!v || *v <= 0 || *v > 200) throw bad("a depth from 1 to 200");
    spec.sd = int(*v);
  } else {
    spec.options.emplace_back(key, value);
  }
}

// `key=value&key=value`; empty pairs are skipped.
void set_query(EngineSpec& spec, std::string_view query) {
  while (!query.empty()) {
    const std::size_t amp = query.find('&');
    std::string_view pair = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
    if (pair.empty()) continue;
    const std::size_t eq = pair.find('=');
    if (eq == std::string_view::npos || eq == 0) throw spec_error(spec, "'" + std::string(pair) + "' is not key=value");
    set_key(spec, std::string(pair.substr(0, eq)), std::string(pair.substr(eq + 1)));
  }
}

}  // namespace

EngineSpec parse_engine_spec(std::string_view text) {
  EngineSpec spec;
  spec.text = std::string(text);
  std::string_view rest;
  if (text.rfind("uci:", 0) == 0) {
    spec.protocol = EngineProtocol::Uci;
    rest = text.substr(4);
  } else if (text.rfind("xboard:", 0) == 0) {
    spec.protocol = EngineProtocol::Xboard;
    rest = text.substr(7);
  } else {
    throw spec_error(spec, "expected uci:PATH or xboard:PATH");
  }
  const std::size_t q = rest.find('?');
  for (std::string_view w : split_words(rest.substr(0, q))) spec.argv.emplace_back(w);
  if (spec.argv.empty()) throw spec_error(spec, "the program is missing");
  spec.name = std::filesystem::path(spec.argv[0]).filename().string();
  if (q != std::string_view::npos) set_query(spec, rest.substr(q + 1));
  return spec;
}

}  // namespace bh
