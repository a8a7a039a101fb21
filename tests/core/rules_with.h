// rules_with.h — the core tests' way to name a rule set: the defaults with some options
// set by their core/RULES.md names and values, as a config file writes them.
#pragma once

#include <initializer_list>
#include <string_view>
#include <utility>

#include "core/rules.h"

namespace bh::test {

inline RuleSet rules_with(std::initializer_list<std::pair<std::string_view, std::string_view>> options) {
  RuleSet r;
  for (auto [key, value] : options) set_option(r, key, value);
  return r;
}

}  // namespace bh::test
