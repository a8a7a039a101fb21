// rules.cpp — option names, parsing and printing of a RuleSet.
#include "core/rules.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
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
// adds "reserve" (core/RULES.md "Promotion from the reserve") and "stay".
Promotion parse_promotion(std::string_view key, std::string_view v) {
  if (v == "reserve") return Promotion::FromReserve;
  if (v == "stay") return Promotion::Stay;
  if (v == "true" || v == "1" || v == "yes" || v == "on") return Promotion::Created;
  if (v == "false" || v == "0" || v == "no" || v == "off") return Promotion::Off;
  bad_choice(key, v, "true, false, reserve, stay");
}

const char* promotion_name(Promotion p) {
  constexpr const char* kNames[] = {"false", "true", "reserve", "stay"};  // in the enum's order
  return kNames[int(p)];
}

// The draw rules keep their boolean spellings (true: automatic) and add "claim".
DrawRule parse_draw_rule(std::string_view key, std::string_view v) {
  if (v == "claim") return DrawRule::Claim;
  if (v == "true" || v == "1" || v == "yes" || v == "on") return DrawRule::Automatic;
  if (v == "false" || v == "0" || v == "no" || v == "off") return DrawRule::Off;
  bad_choice(key, v, "true, false, claim");
}

const char* draw_rule_name(DrawRule d) {
  constexpr const char* kNames[] = {"false", "true", "claim"};  // in the enum's order
  return kNames[int(d)];
}

int parse_move_limit(std::string_view, std::string_view v) {
  int n = 0;
  auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
  if (ec != std::errc() || p != v.data() + v.size() || n < 1 || n > 100000)
    throw std::invalid_argument("rule option 'move_limit': expected an integer 1..100000, got '" + std::string(v) +
                                "'");
  return n;
}

std::uint8_t parse_boards(std::string_view key, std::string_view v) {
  int n = 0;
  auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
  if (ec != std::errc() || p != v.data() + v.size() || n < 2 || n > kMaxBoards)
    throw std::invalid_argument("rule option '" + std::string(key) + "': expected an integer 2.." +
                                std::to_string(kMaxBoards) + ", got '" + std::string(v) + "'");
  return std::uint8_t(n);
}

std::string boards_name(std::uint8_t n) { return std::to_string(n); }

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
  const bool white = c == White;
  Bitboard mask = drop_zone_mask(c) & ~(white ? kRank8 : kRank1);
  if (!pawn_drop_first_rank) mask &= ~(white ? kRank1 : kRank8);
  if (!pawn_drop_sixth) mask &= ~(white ? kRank6 : kRank3);
  if (!pawn_drop_seventh) mask &= ~(white ? kRank7 : kRank2);
  return mask;
}

namespace {

// One row per option, in describe()'s order: its core/RULES.md name, how a value is read
// into a rule set and how it is written back.
struct OptionRow {
  std::string_view name;
  void (*set)(RuleSet&, std::string_view value);
  std::string (*get)(const RuleSet&);
  std::vector<std::string> (*values)();  // what option_values() lists
};

std::vector<std::string> booleans() { return {"true", "false"}; }
std::vector<std::string> draw_rules() { return {"false", "true", "claim"}; }
std::vector<std::string> promotions() { return {"true", "false", "reserve", "stay"}; }
std::vector<std::string> any_integer() { return {}; }
std::vector<std::string> board_counts() {
  std::vector<std::string> counts;
  for (int n = 2; n <= kMaxBoards; ++n) counts.push_back(std::to_string(n));
  return counts;
}

template <std::size_t N>
std::vector<std::string> names_list(const std::array<const char*, N>& names) {
  return {names.begin(), names.end()};
}

template <std::size_t N>
std::string name_of(std::uint8_t value, const std::array<const char*, N>& names) {
  return names[value];
}

constexpr std::array<const char*, 2> kVariants{"bughouse", "chess"};
constexpr std::array<const char*, 2> kMateRules{"bughouse", "classic"};
constexpr std::array<const char*, 2> kStuckRules{"draw", "flag"};
constexpr std::array<const char*, 3> kDropZones{"anywhere", "own-half", "middle"};

// The enum value whose name is v, in the names' order.
template <class E, std::size_t N>
E parse_choice(std::string_view key, std::string_view v, const std::array<const char*, N>& names) {
  for (std::size_t i = 0; i < N; ++i)
    if (v == names[i]) return E(i);
  std::string choices;
  for (const char* n : names) choices += (choices.empty() ? "" : ", ") + std::string(n);
  bad_choice(key, v, choices);
}

// A boolean option: its name is the field's.
#define BH_BOOL_OPTION(field)                                                            \
  OptionRow {                                                                            \
    #field, [](RuleSet& r, std::string_view v) { r.field = parse_bool(#field, v); },     \
        [](const RuleSet& r) { return std::string(b(r.field)); }, booleans               \
  }

// An option with named values: `names` in the enum's order.
#define BH_CHOICE_OPTION(field, Enum, names)                                             \
  OptionRow {                                                                            \
    #field, [](RuleSet& r, std::string_view v) { r.field = parse_choice<Enum>(#field, v, names); }, \
        [](const RuleSet& r) { return name_of(std::uint8_t(r.field), names); },          \
        [] { return names_list(names); }                                                 \
  }

// An option read by its own parser and written by its own namer.
#define BH_PARSED_OPTION(field, parse, name, values)                                     \
  OptionRow {                                                                            \
    #field, [](RuleSet& r, std::string_view v) { r.field = parse(#field, v); },          \
        [](const RuleSet& r) { return std::string(name(r.field)); }, values              \
  }

const OptionRow kOptions[] = {
    {"variant",
     [](RuleSet& r, std::string_view v) {
       // Choosing chess sets the rest of chess's rule set too (RuleSet::chess).
       if (parse_choice<Variant>("variant", v, kVariants) == Variant::Chess) r = RuleSet::chess();
       else r.variant = Variant::Bughouse;
     },
     [](const RuleSet& r) { return name_of(std::uint8_t(r.variant), kVariants); },
     [] { return names_list(kVariants); }},
    BH_BOOL_OPTION(drop_check),
    BH_BOOL_OPTION(drop_mate),
    BH_BOOL_OPTION(dropped_rook_castles),
    BH_CHOICE_OPTION(mate_rule, MateRule, kMateRules),
    BH_CHOICE_OPTION(stuck_rule, StuckRule, kStuckRules),
    BH_PARSED_OPTION(repetition_draw, parse_draw_rule, draw_rule_name, draw_rules),
    BH_BOOL_OPTION(repetition_reserves),
    BH_PARSED_OPTION(fifty_move_draw, parse_draw_rule, draw_rule_name, draw_rules),
    BH_PARSED_OPTION(move_limit, parse_move_limit, std::to_string, any_integer),
    BH_CHOICE_OPTION(drop_zone, DropZone, kDropZones),
    BH_BOOL_OPTION(pawn_drop_seventh),
    BH_BOOL_OPTION(pawn_drop_sixth),
    BH_BOOL_OPTION(pawn_drop_first_rank),
    BH_PARSED_OPTION(promotion, parse_promotion, promotion_name, promotions),
    BH_BOOL_OPTION(promoted_keep_rank),
    BH_BOOL_OPTION(king_capture),
    BH_BOOL_OPTION(both_games),
    BH_PARSED_OPTION(boards, parse_boards, boards_name, board_counts),
};

#undef BH_BOOL_OPTION
#undef BH_CHOICE_OPTION
#undef BH_PARSED_OPTION

}  // namespace

std::vector<std::string_view> option_names() {
  std::vector<std::string_view> names;
  for (const OptionRow& row : kOptions) names.push_back(row.name);
  return names;
}

namespace {

const OptionRow& row_of(std::string_view key) {
  for (const OptionRow& row : kOptions)
    if (row.name == key) return row;
  std::string names;
  for (auto n : option_names()) names += (names.empty() ? "" : ", ") + std::string(n);
  throw std::invalid_argument("unknown rule option '" + std::string(key) + "' (known: " + names + ")");
}

}  // namespace

void set_option(RuleSet& r, std::string_view key, std::string_view v) { row_of(key).set(r, v); }

std::vector<std::string> option_values(std::string_view name) { return row_of(name).values(); }

std::vector<std::string> describe_changes(const RuleSet& rules) {
  const std::vector<std::string> defaults = describe(RuleSet{}), now = describe(rules);
  std::vector<std::string> changed;
  for (std::size_t i = 0; i < now.size(); ++i)
    if (now[i] != defaults[i]) changed.push_back(now[i]);
  return changed;
}

RuleSet RulePreset::rules() const {
  RuleSet r;
  for (auto [key, value] : options) set_option(r, key, value);
  return r;
}

// core/RULES.md "Rule presets": the forms the reference texts describe, by name.
const std::vector<RulePreset>& rule_presets() {
  static const std::vector<RulePreset> kPresets = {
      {"common", "the common online form: every default of this page", {}},
      {"club",
       "one club's written rules: a rook dropped on its corner castles, repetition and fifty moves by claim",
       {{"dropped_rook_castles", "true"}, {"repetition_draw", "claim"}, {"fifty_move_draw", "claim"}}},
      {"tandem", "the European tandem form: no drop may give check", {{"drop_check", "false"}}},
      {"server-repetition",
       "a server's form: the third repetition draws, counted without the reserves",
       {{"repetition_draw", "true"}, {"repetition_reserves", "false"}}},
      {"pawns-stay", "pawns never promote and stay pawns on the last rank", {{"promotion", "stay"}}},
      {"club-promotion",
       "a club tournament's rules: a rook dropped on its corner castles, promotion takes a piece from the reserve",
       {{"dropped_rook_castles", "true"}, {"promotion", "reserve"}}},
  };
  return kPresets;
}

std::vector<std::string> describe(const RuleSet& r) {
  std::vector<std::string> lines;
  for (const OptionRow& row : kOptions) lines.push_back(std::string(row.name) + "=" + row.get(r));
  return lines;
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
