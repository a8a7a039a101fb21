// Specification of the option pairs that cannot be played together (core/RULES.md "Option
// spellings", core/rule_conflicts.h): every named form of the game is playable, and each
// pair the page lists is refused with the option an error points at.
#include <gtest/gtest.h>

#include "core/rule_conflicts.h"
#include "tests/core/rules_with.h"

namespace bh {
namespace {

using test::rules_with;

TEST(RuleConflicts, EveryNamedFormIsPlayable) {
  EXPECT_FALSE(rules_conflict(RuleSet{}));
  EXPECT_FALSE(rules_conflict(RuleSet::chess()));
  for (const RulePreset& p : rule_presets()) EXPECT_FALSE(rules_conflict(p.rules())) << p.name;
  // Alone, every option is playable: one value at a time over the defaults.
  for (const std::string_view name : option_names())
    for (const std::string& value : option_values(name))
      EXPECT_FALSE(rules_conflict(rules_with({{name, value}}))) << name << "=" << value;
}

TEST(RuleConflicts, ChessHasNoReservesDropsOrPartners) {
  const std::pair<std::string_view, std::string_view> bughouse_only[] = {
      {"promotion", "reserve"}, {"drop_zone", "own-half"}, {"pawn_drop_first_rank", "true"},
      {"dropped_rook_castles", "true"}, {"promoted_keep_rank", "true"}};
  for (const auto& [key, value] : bughouse_only) {
    const RuleConflict c = rules_conflict(rules_with({{"variant", "chess"}, {key, value}}));
    ASSERT_TRUE(c) << key;
    EXPECT_EQ(c.option, key);
    EXPECT_NE(c.why.find("variant = chess"), std::string::npos) << c.why;
  }
  EXPECT_FALSE(rules_conflict(rules_with({{"variant", "chess"}, {"promotion", "stay"}})));  // playable, if odd
}

TEST(RuleConflicts, FirstRankPawnDropsNeedAZoneWithTheFirstRank) {
  const RuleConflict c = rules_conflict(rules_with({{"pawn_drop_first_rank", "true"}, {"drop_zone", "middle"}}));
  ASSERT_TRUE(c);
  EXPECT_EQ(c.option, "drop_zone");
  EXPECT_FALSE(rules_conflict(rules_with({{"pawn_drop_first_rank", "true"}, {"drop_zone", "own-half"}})));
}

}  // namespace
}  // namespace bh
