// engine_spec.cpp — reading uci:/xboard: player specs.
#include "training/engine/engine_spec.h"

#include <filesystem>
#include <stdexcept>

#include "training/engine/text_tokens.h"

namespace bh {

bool is_engine_spec(std::string_view text) {
  return text.rfind("uci:", 0) == 0 || text.rfind("xboard:", 0) == 0;
}

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
    throw std::invalid_argument("engine spec '" + std::string(text) + "': expected uci:PATH or xboard:PATH");
  }
  std::string_view command = rest, query;
  if (const std::size_t q = rest.find('?'); q != std::string_view::npos) {
    command = rest.substr(0, q);
    query = rest.substr(q + 1);
  }
  for (std::string_view w : split_words(command)) spec.argv.emplace_back(w);
  if (spec.argv.empty()) throw std::invalid_argument("engine spec '" + std::string(text) + "': the program is missing");
  spec.name = std::filesystem::path(spec.argv[0]).filename().string();

  auto bad = [&](std::string_view key, std::string_view value, const char* need) {
    return std::invalid_argument("engine spec '" + std::string(text) + "': " + std::string(key) + "=" +
                                 std::string(value) + ": expected " + need);
  };
  while (!query.empty()) {
    const std::size_t amp = query.find('&');
    std::string_view pair = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
    if (pair.empty()) continue;
    const std::size_t eq = pair.find('=');
    if (eq == std::string_view::npos || eq == 0)
      throw std::invalid_argument("engine spec '" + std::string(text) + "': '" + std::string(pair) +
                                  "' is not key=value");
    const std::string key(pair.substr(0, eq));
    const std::string value(pair.substr(eq + 1));
    const std::string k = to_lower(key);
    if (k == "name") {
      spec.name = value;
    } else if (spec.protocol == EngineProtocol::Uci && (k == "nodes" || k == "movetime" || k == "depth")) {
      auto v = to_int(value);
      if (!v || *v <= 0) throw bad(key, value, "a positive whole number");
      (k == "nodes" ? spec.nodes : k == "movetime" ? spec.movetime_ms : spec.depth) = *v;
    } else if (spec.protocol == EngineProtocol::Uci && k == "whole_match") {
      const std::string v = to_lower(value);
      if (v != "1" && v != "0" && v != "true" && v != "false") throw bad(key, value, "1, 0, true or false");
      spec.whole_match = v == "1" || v == "true";
    } else if (spec.protocol == EngineProtocol::Xboard && k == "st") {
      auto v = to_number(value);
      if (!v || *v <= 0) throw bad(key, value, "seconds per move");
      spec.st_seconds = *v;
    } else if (spec.protocol == EngineProtocol::Xboard && k == "sd") {
      auto v = to_int(value);
      if (!v || *v <= 0 || *v > 200) throw bad(key, value, "a depth from 1 to 200");
      spec.sd = int(*v);
    } else {
      spec.options.emplace_back(key, value);
    }
  }
  return spec;
}

}  // namespace bh
