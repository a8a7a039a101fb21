// engine_spec.h — an external engine as an arena player is named by a spec:
//
//   uci:PATH[ ARGS...][?key=value&key=value...]
//   xboard:PATH[ ARGS...][?key=value&...]
//
// PATH is run without a shell (a bare name is looked up in PATH and /usr/games); words
// after it are its arguments. Keys that shape the search are the adapter's own, every
// other key is an engine option:
//   UCI:    nodes=N, movetime=MS, depth=N (added to every `go`); whole_match=1 (speak
//           training/engine/PROTOCOL.md layers 2 and 3: both boards, four clocks, `bestmove 0000` =
//           wait; for engines like `bughouse uci`); name=TEXT; anything else is sent as
//           `setoption name KEY value VALUE`.
//   xboard: st=SECONDS, sd=DEPTH (sent once per game); name=TEXT; anything else is sent
//           as `option KEY=VALUE`.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace bh {

enum class EngineProtocol { Uci, Xboard };

struct EngineSpec {
  EngineProtocol protocol = EngineProtocol::Uci;
  std::vector<std::string> argv;                              // program and arguments
  std::vector<std::pair<std::string, std::string>> options;  // engine options, in order
  std::string name;                                           // for tables and errors
  // UCI search limits added to `go` (0 = none).
  std::int64_t nodes = 0, movetime_ms = 0, depth = 0;
  bool whole_match = false;
  // xboard search limits (0 = none).
  double st_seconds = 0;
  int sd = 0;
  std::string text;                                           // the spec as written
};

// Throws std::invalid_argument naming what is wrong in the spec.
EngineSpec parse_engine_spec(std::string_view text);
// Whether `text` names an external engine (starts with uci: or xboard:).
bool is_engine_spec(std::string_view text);

}  // namespace bh
