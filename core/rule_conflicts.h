// rule_conflicts.h — rule options that cannot be played together (core/RULES.md "Option
// spellings"): each option is valid alone, but some pairs ask for a game that cannot
// happen (a drop zone in chess, which has no drops; reserve promotion without reserves;
// first-rank pawn drops in a drop zone without the first rank). Whoever reads rules from a
// person (a config file, the browser's rules form) refuses such a set with this reason.
#pragma once

#include <string>

#include "core/rules.h"

namespace bh {

struct RuleConflict {
  std::string option;  // the option that cannot join the others (where an error points)
  std::string why;     // naming the options; "" when the set can be played
  explicit operator bool() const { return !why.empty(); }
};

RuleConflict rules_conflict(const RuleSet& rules);

}  // namespace bh
