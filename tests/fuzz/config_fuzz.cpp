// config_fuzz.cpp — feeds arbitrary text to parse_config (training/config.h): TOML
// syntax, then the strict per-section readers of training/config_reader.h.
// Checks: no crash, no sanitizer report, a refusal is a ConfigError with a message; a
// configuration read keeps its text verbatim, derives its self-play configuration, and
// its rule set written as key=value lines (describe) sets back to the same rule set.
#include <optional>

#include "core/rules.h"
#include "training/config/config.h"
#include "training/config/config_reader.h"
#include "tests/fuzz/fuzz_util.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bh;
  const std::string_view text = fuzz::as_text(data, size);
  std::optional<Config> config;
  if (!fuzz::accepted<ConfigError>([&] { config = parse_config(text, "fuzz.toml"); })) return 0;
  fuzz::require(config->text == text, "the configuration keeps its text");
  fuzz::require(config->source == "fuzz.toml", "the configuration names its source");
  (void)config->selfplay_config();
  RuleSet rules;
  for (const std::string& line : describe(config->rules)) {
    const std::size_t eq = line.find('=');
    fuzz::require(eq != std::string::npos, "describe writes key=value");
    set_option(rules, line.substr(0, eq), line.substr(eq + 1));
  }
  fuzz::require(rules == config->rules, "the rule set written sets back to itself");
  return 0;
}
