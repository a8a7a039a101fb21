// The defaults documented in configs/*.toml are the code's defaults. Each file ends a key's
// comment with its default in brackets ("visits = 400   # root visits ...   [64]", or on a
// comment line right below the key when its comment runs over). These tests read every
// bracket and compare it with config_defaults() (the section readers' own record of what
// a file that leaves the key out gets), both ways: no documented key the code lacks, no
// key of the code left undocumented, no bracket that differs from the code.
#include <gtest/gtest.h>

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "training/config/config.h"

namespace bh {
namespace {

namespace fs = std::filesystem;

struct Documented {
  std::string section, key, value;  // value: the text between the brackets
  int line = 0;
};

std::string trim(std::string_view s) {
  const auto b = s.find_first_not_of(" \t\r");
  if (b == std::string_view::npos) return "";
  return std::string(s.substr(b, s.find_last_not_of(" \t\r") - b + 1));
}

// The comment of a line: from the first '#' outside a string.
std::size_t comment_start(std::string_view line) {
  bool in_string = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '\\' && in_string) ++i;
    else if (line[i] == '"') in_string = !in_string;
    else if (line[i] == '#' && !in_string) return i;
  }
  return std::string_view::npos;
}

// "... [64]" -> "64"; empty when the comment does not end in brackets.
std::string trailing_bracket(const std::string& comment) {
  const std::string c = trim(comment);
  if (c.empty() || c.back() != ']') return "";
  const auto open = c.rfind('[');
  return open == std::string::npos ? "" : c.substr(open + 1, c.size() - open - 2);
}

// Every bracketed default of a config file; a key whose comment has none (neither on its
// line nor on the comment lines right below) is a test failure.
std::vector<Documented> documented_defaults(const fs::path& file) {
  std::ifstream in(file);
  EXPECT_TRUE(in) << "cannot read " << file;
  std::vector<Documented> out;
  std::string section, line;
  std::optional<Documented> pending;  // a key still waiting for its bracket
  auto undocumented = [&] {
    if (pending)
      ADD_FAILURE() << file.string() << ":" << pending->line << ": " << pending->section << "." << pending->key
                    << " has no default in brackets at the end of its comment";
    pending.reset();
  };
  for (int n = 1; std::getline(in, line); ++n) {
    const std::size_t hash = comment_start(line);
    const std::string code = trim(std::string_view(line).substr(0, hash));
    const std::string bracket = hash == std::string::npos ? "" : trailing_bracket(line.substr(hash + 1));
    if (code.empty()) {
      if (hash == std::string::npos) undocumented();  // a blank line ends a key's comment
      else if (pending && !bracket.empty()) out.push_back({pending->section, pending->key, bracket, pending->line}), pending.reset();
      continue;
    }
    undocumented();
    if (code.front() == '[') {
      section = trim(std::string_view(code).substr(1, code.size() - 2));
      continue;
    }
    const auto eq = code.find('=');
    if (eq == std::string::npos) {
      ADD_FAILURE() << file.string() << ":" << n << ": neither a section nor a key: " << line;
      continue;
    }
    Documented d{section, trim(std::string_view(code).substr(0, eq)), bracket, n};
    if (bracket.empty()) pending = d;
    else out.push_back(d);
  }
  undocumented();
  return out;
}

std::vector<fs::path> config_files() {
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(BUGHOUSE_CONFIGS))
    if (e.path().extension() == ".toml") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  return files;
}

// Empty when `text` is the default held in `node`, else what the code has instead.
std::string mismatch(const toml::node& node, const std::string& text) {
  std::ostringstream code;
  if (const auto* s = node.as_string()) {
    if (text == s->get()) return "";
    code << s->get();
  } else if (const auto* b = node.as_boolean()) {
    if (text == (b->get() ? "true" : "false")) return "";
    code << (b->get() ? "true" : "false");
  } else if (const auto* i = node.as_integer()) {
    std::int64_t v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec == std::errc() && end == text.data() + text.size() && v == i->get()) return "";
    code << i->get();
  } else if (const auto* f = node.as_floating_point()) {
    // Numbers compare as numbers: [10.0], [10] and [1e1] all document 10.
    double v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec == std::errc() && end == text.data() + text.size() && v == f->get()) return "";
    code << f->get();
  } else {
    code << "a value of an unexpected type";
  }
  return code.str();
}

TEST(ConfigDefaults, EveryConfigFileIsChecked) {
  const std::vector<fs::path> files = config_files();
  std::set<std::string> names;
  for (const auto& f : files) names.insert(f.filename().string());
  EXPECT_TRUE(names.count("default.toml") && names.count("quick.toml")) << "configs/ not found at " << BUGHOUSE_CONFIGS;
}

TEST(ConfigDefaults, BracketsInEveryConfigFileAreTheCodesDefaults) {
  const toml::table defaults = config_defaults();
  for (const fs::path& file : config_files()) {
    for (const Documented& d : documented_defaults(file)) {
      const std::string at = file.string() + ":" + std::to_string(d.line) + ": " + d.section + "." + d.key;
      const toml::node* node = defaults.at_path(d.section + "." + d.key).node();
      if (!node) {
        ADD_FAILURE() << at << " documents [" << d.value << "], but the code reads no such key";
        continue;
      }
      if (const std::string code = mismatch(*node, d.value); !code.empty())
        ADD_FAILURE() << at << " documents the default [" << d.value << "], the code's default is " << code;
    }
  }
}

TEST(ConfigDefaults, EveryConfigFileDocumentsEveryKey) {
  const toml::table defaults = config_defaults();
  for (const fs::path& file : config_files()) {
    std::set<std::string> documented;
    for (const Documented& d : documented_defaults(file)) documented.insert(d.section + "." + d.key);
    for (auto&& [section, keys] : defaults)
      for (auto&& [key, value] : *keys.as_table()) {
        const std::string name = std::string(section.str()) + "." + std::string(key.str());
        EXPECT_TRUE(documented.count(name)) << file.string() << " does not document " << name << " and its default";
      }
  }
}

// The recorded defaults are what the readers really fall back to: written out as a file,
// they read back to a default Config.
TEST(ConfigDefaults, TheRecordedDefaultsReadBackAsTheDefaults) {
  const toml::table defaults = config_defaults();
  EXPECT_EQ(defaults.at_path("search.visits").value<std::int64_t>(), SearchConfig{}.visits);
  EXPECT_EQ(defaults.at_path("clock.initial_seconds").value<std::int64_t>(), TimeControl{}.initial_ms / 1000);
  EXPECT_EQ(defaults.at_path("rules.move_limit").value<std::string>(), std::to_string(RuleSet{}.move_limit));
  std::ostringstream text;
  text << defaults;
  const Config c = parse_config(text.str(), "defaults.toml");
  const Config fresh = parse_config("", "empty.toml");
  EXPECT_EQ(c.rules, fresh.rules);
  EXPECT_EQ(c.clock, fresh.clock);
  EXPECT_EQ(c.think, fresh.think);
  EXPECT_EQ(c.network.net, fresh.network.net);
  EXPECT_EQ(c.search.cpuct, fresh.search.cpuct);
  EXPECT_EQ(c.selfplay.temperature_halflife, fresh.selfplay.temperature_halflife);
  EXPECT_EQ(c.training.weight_decay, fresh.training.weight_decay);
  EXPECT_EQ(c.run.bootstrap, fresh.run.bootstrap);
  EXPECT_EQ(c.broker.stream_max_len, fresh.broker.stream_max_len);
}

}  // namespace
}  // namespace bh
