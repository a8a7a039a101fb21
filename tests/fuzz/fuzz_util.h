// fuzz_util.h — what the fuzz targets share: the input as text or lines, the rule for
// refusals (an input is accepted, or refused with the target's own error type carrying a
// message; any other exception escapes and libFuzzer reports it as a crash), and a
// property check that aborts, so that a broken property is a crash too.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <utility>
#include <vector>

#include "core/rules.h"

namespace bh::fuzz {

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// A property the target checks does not hold: abort, and libFuzzer keeps the input.
inline void require(bool ok, const char* property) {
  if (ok) return;
  std::fprintf(stderr, "fuzz: property broken: %s\n", property);
  std::abort();
}

// Runs `f`; true when it returned, false when it refused the input with `Error`. A
// refusal must say why.
template <class Error, class F>
bool accepted(F&& f) {
  try {
    f();
    return true;
  } catch (const Error& e) {
    require(!std::string_view(e.what()).empty(), "a refusal carries a message");
    return false;
  }
}

// The text split at '\n' (a final line without one included).
inline std::vector<std::string_view> lines(std::string_view text) {
  std::vector<std::string_view> out;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    out.push_back(text.substr(0, end));
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
  }
  return out;
}

// The text before the first '\n' and the text after it ("" when there is none).
inline std::pair<std::string_view, std::string_view> split_first_line(std::string_view text) {
  const std::size_t end = text.find('\n');
  if (end == std::string_view::npos) return {text, {}};
  return {text.substr(0, end), text.substr(end + 1)};
}

// A rule set chosen by the bits of one input byte: the options that change which moves
// are legal or how a move is written (mate marks), so that move text is read under each.
// The pawn-rank options share bits with others (they apply together) to fit one byte.
inline RuleSet rules_from_byte(std::uint8_t bits) {
  RuleSet r;
  r.drop_check = !(bits & 1);
  r.drop_mate = !(bits & 2);
  r.dropped_rook_castles = bits & 4;
  r.mate_rule = (bits & 8) ? MateRule::Classic : MateRule::Bughouse;
  r.drop_zone = DropZone((bits >> 4) % 3);
  r.pawn_drop_seventh = !(bits & 64);
  r.promoted_keep_rank = bits & 128;
  r.pawn_drop_first_rank = (bits & 5) == 5;
  r.pawn_drop_sixth = (bits & 0x42) != 0x42;
  if ((bits & 0x88) == 0x88) r.promotion = Promotion::Stay;
  // King capture where it can be played (core/rule_conflicts.h): checks and mates free.
  r.king_capture = (bits & 0x3B) == 0x30;
  return r;
}

}  // namespace bh::fuzz
