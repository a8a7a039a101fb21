// rules_json.cpp — the rules catalogue, a request's rules, a table's changed options.
#include "training/server/rules_json.h"

#include <algorithm>
#include <stdexcept>

#include "core/rule_conflicts.h"

namespace bh::server {

namespace {

// A JSON value as the text set_option reads (config files allow the same three kinds).
std::string option_text(const std::string& key, const nlohmann::json& value) {
  if (value.is_string()) return value.get<std::string>();
  if (value.is_boolean()) return value.get<bool>() ? "true" : "false";
  if (value.is_number_integer()) return std::to_string(value.get<long long>());
  throw std::invalid_argument("\"rules\": option '" + key + "' must be a string, a boolean or an integer");
}

std::string value_of(const std::string& line) { return line.substr(line.find('=') + 1); }

}  // namespace

nlohmann::json rules_catalogue(const RuleSet& server_rules) {
  nlohmann::json options = nlohmann::json::array();
  const std::vector<std::string> current = describe(server_rules), defaults = describe(RuleSet{});
  const std::vector<std::string_view> names = option_names();
  for (std::size_t i = 0; i < names.size(); ++i) {
    const std::vector<std::string> values = option_values(names[i]);
    options.push_back({{"name", names[i]},
                       {"values", values.empty() ? nlohmann::json(nullptr) : nlohmann::json(values)},
                       {"value", value_of(current[i])},
                       {"default", value_of(defaults[i])}});
  }
  nlohmann::json presets = nlohmann::json::array();
  for (const RulePreset& p : rule_presets()) {
    nlohmann::json set = nlohmann::json::object();
    for (auto [key, value] : p.options) set[std::string(key)] = value;
    presets.push_back({{"name", p.name}, {"about", p.about}, {"options", set}});
  }
  return {{"options", options}, {"presets", presets}};
}

RuleSet rules_from_request(const nlohmann::json& rules, RuleSet server_rules) {
  if (!rules.is_object()) throw std::invalid_argument("\"rules\": expected an object of rule options");
  auto set = [&](const std::string& key, const nlohmann::json& value) {
    try {
      set_option(server_rules, key, option_text(key, value));
    } catch (const std::invalid_argument& e) {
      const std::string what = e.what();
      throw std::invalid_argument(what.rfind("\"rules\"", 0) == 0 ? what : "\"rules\": " + what);
    }
  };
  // In core's option order, as a config file's [rules] (training/config/config.cpp):
  // `variant` first, since choosing chess sets its whole rule set; then an unknown name.
  const std::vector<std::string_view> names = option_names();
  for (const std::string_view name : names)
    if (const auto it = rules.find(name); it != rules.end()) set(std::string(name), *it);
  for (const auto& [key, value] : rules.items())
    if (std::find(names.begin(), names.end(), key) == names.end()) set(key, value);
  if (const RuleConflict conflict = rules_conflict(server_rules)) throw std::invalid_argument("\"rules\": " + conflict.why);
  return server_rules;
}

}  // namespace bh::server
