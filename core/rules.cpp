// rules.cpp — option names, parsing and printing of a RuleSet.
#include "core/rules.h"

#include <algorithm>
#include <charconv>
#include <stdexcept>
#include <string>

namespace bh {

namespace {

bool parse_bool(std::string_view key, std::string_view v) {
  if (v == "true" || v == "1" || v == "yes" || v == "on") return true;
  if (v == "false" || v == "0" || v == "no" || v == "off") return false;
  throw std::invalid_argument("rule option '" + std::string(key) + "': expected true or false, got '" +
                              std::string(v) + "'");
}

[[noreturn]] void bad_choice(std::string_view key, std::string_view v, std::string_view choices) {
  throw std::invalid_argument("rule option '" + std::string(key) + "': expected one of " +
                              std::string(choices) + ", got '" + std::string(v) + "'");
}

const char* b(bool x) { return x ? "true" : "false"; }

// `promotion` keeps its boolean spellings (true: created pieces, false: no promotion) and
// adds "reserve" (core/RULES.md "Promotion from the reserve").
Promotion parse_promotion(std::string_view v) {
  if (v == "reserve") return Promotion::FromReserve;
  if (v == "true" || v == "1" || v == "yes" || v == "on") return Promotion::Created;
  if (v == "false" || v == "0" || v == "no" || v == "off") return Promotion::Off;
  bad_choice("promotion", v, "true, false, reserve");
}

const char* promotion_name(Promotion p) {
  return p == Promotion::Created ? "true" : p == Promotion::Off ? "false" : "reserve";
}

}  // namespace

RuleSet RuleSet::chess() {
  RuleSet r;
  r.variant = Variant::Chess;
  r.mate_rule = MateRule::Classic;
  return r;
}

Bitboard RuleSet::drop_zone_mask(Color c) const {
  switch (drop_zone) {
    case DropZone::OwnHalf:
      return c == White ? (kRank1 | kRank2 | kRank3 | kRank4) : (kRank5 | kRank6 | kRank7 | kRank8);
    case DropZone::Middle:
      return kRank3 | kRank4 | kRank5 | kRank6;
    case DropZone::Anywhere:
      break;
  }
  return kAllSquares;
}

Bitboard RuleSet::pawn_drop_mask(Color c) const {
  Bitboard mask = drop_zone_mask(c) & ~(kRank1 | kRank8);
  if (!pawn_drop_seventh) mask &= ~(c == White ? kRank7 : kRank2);
  return mask;
}

std::vector<std::string_view> option_names() {
  return {"variant",  "drop_check",  "drop_mate", "dropped_rook_castles", "mate_rule",
          "stuck_rule", "repetition_draw", "move_limit", "drop_zone", "pawn_drop_seventh",
          "promotion", "promoted_keep_rank"};
}

void set_option(RuleSet& r, std::string_view key, std::string_view v) {
  if (key == "variant") {
    if (v == "bughouse") r.variant = Variant::Bughouse;
    else if (v == "chess") r = RuleSet::chess();
    else bad_choice(key, v, "bughouse, chess");
  } else if (key == "drop_check") {
    r.drop_check = parse_bool(key, v);
  } else if (key == "drop_mate") {
    r.drop_mate = parse_bool(key, v);
  } else if (key == "dropped_rook_castles") {
    r.dropped_rook_castles = parse_bool(key, v);
  } else if (key == "mate_rule") {
    if (v == "bughouse") r.mate_rule = MateRule::Bughouse;
    else if (v == "classic") r.mate_rule = MateRule::Classic;
    else bad_choice(key, v, "bughouse, classic");
  } else if (key == "stuck_rule") {
    if (v == "draw") r.stuck_rule = StuckRule::Draw;
    else if (v == "flag") r.stuck_rule = StuckRule::Flag;
    else bad_choice(key, v, "draw, flag");
  } else if (key == "repetition_draw") {
    r.repetition_draw = parse_bool(key, v);
  } else if (key == "move_limit") {
    int n = 0;
    auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
    if (ec != std::errc() || p != v.data() + v.size() || n < 1 || n > 100000)
      throw std::invalid_argument("rule option 'move_limit': expected an integer 1..100000, got '" +
                                  std::string(v) + "'");
    r.move_limit = n;
  } else if (key == "drop_zone") {
    if (v == "anywhere") r.drop_zone = DropZone::Anywhere;
    else if (v == "own-half") r.drop_zone = DropZone::OwnHalf;
    else if (v == "middle") r.drop_zone = DropZone::Middle;
    else bad_choice(key, v, "anywhere, own-half, middle");
  } else if (key == "pawn_drop_seventh") {
    r.pawn_drop_seventh = parse_bool(key, v);
  } else if (key == "promotion") {
    r.promotion = parse_promotion(v);
  } else if (key == "promoted_keep_rank") {
    r.promoted_keep_rank = parse_bool(key, v);
  } else {
    std::string names;
    for (auto n : option_names()) names += (names.empty() ? "" : ", ") + std::string(n);
    throw std::invalid_argument("unknown rule option '" + std::string(key) + "' (known: " + names + ")");
  }
}

std::vector<std::string> describe(const RuleSet& r) {
  auto zone = r.drop_zone == DropZone::Anywhere ? "anywhere"
              : r.drop_zone == DropZone::OwnHalf ? "own-half" : "middle";
  return {
      std::string("variant=") + (r.is_chess() ? "chess" : "bughouse"),
      std::string("drop_check=") + b(r.drop_check),
      std::string("drop_mate=") + b(r.drop_mate),
      std::string("dropped_rook_castles=") + b(r.dropped_rook_castles),
      std::string("mate_rule=") + (r.mate_rule == MateRule::Bughouse ? "bughouse" : "classic"),
      std::string("stuck_rule=") + (r.stuck_rule == StuckRule::Draw ? "draw" : "flag"),
      std::string("repetition_draw=") + b(r.repetition_draw),
      "move_limit=" + std::to_string(r.move_limit),
      std::string("drop_zone=") + zone,
      std::string("pawn_drop_seventh=") + b(r.pawn_drop_seventh),
      std::string("promotion=") + promotion_name(r.promotion),
      std::string("promoted_keep_rank=") + b(r.promoted_keep_rank),
  };
}

RuleSet parse_rules(std::string_view lines) {
  RuleSet rules;
  while (!lines.empty()) {
    const std::string_view line = lines.substr(0, lines.find('\n'));
    lines.remove_prefix(std::min(lines.size(), line.size() + 1));
    if (line.empty()) continue;
    const std::size_t eq = line.find('=');
    if (eq == std::string_view::npos) throw std::invalid_argument("rule line without '=': " + std::string(line));
    set_option(rules, line.substr(0, eq), line.substr(eq + 1));
  }
  return rules;
}

}  // namespace bh
