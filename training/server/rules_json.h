// rules_json.h — a table's rules in the server's JSON (training/server/README.md "Rules"):
// the catalogue `GET /api/rules` serves to the page's rules form (every RuleSet option with
// the values it takes, the presets of core/RULES.md "Rule presets") and the "rules" object
// of `POST /api/tables` read over the server's own rules. (A table's state names its
// options that differ from the defaults: core/rules.h describe_changes.)
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/rules.h"

namespace bh::server {

// {"options":[{"name","values","value","default"}...],"presets":[{"name","about","options":{}}...]};
// "values" is null for an integer option, "value" the server's, "default" core/RULES.md's
// (presets set their options over the defaults).
nlohmann::json rules_catalogue(const RuleSet& server_rules);

// `server_rules` with the options of a request's "rules" object set over them (values
// as strings, booleans or integers). Throws std::invalid_argument naming "rules" and the
// option that is wrong, or the options that cannot be played together (rule_conflicts.h).
RuleSet rules_from_request(const nlohmann::json& rules, RuleSet server_rules);


}  // namespace bh::server
