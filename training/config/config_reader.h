// config_reader.h — strict reading of one TOML table: every key must be asked for, have
// the right type and lie in range; otherwise a ConfigError names the file, the line and
// the key ("configs/quick.toml:12:1: search.visits: ..."). training/config.cpp uses one
// per section; new sections ([network], [training]) use it the same way.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>

#include <toml++/toml.h>

namespace bh {

class ConfigError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class ConfigReader {
 public:
  // `section` is the table's name ("search"); `file` names the source in errors.
  ConfigReader(const toml::table& table, std::string section, std::string file);

  // Each reads `key` into `out` when present (absent keys keep their defaults).
  void read(std::string_view key, bool& out);
  void read(std::string_view key, std::string& out);
  void read(std::string_view key, int& out, std::int64_t lo, std::int64_t hi);
  void read(std::string_view key, std::int64_t& out, std::int64_t lo, std::int64_t hi);
  void read(std::string_view key, std::uint64_t& out);
  void read(std::string_view key, std::uint32_t& out);
  // Floating-point keys also accept integers ("cpuct = 2").
  void read(std::string_view key, double& out, double lo, double hi);
  void read(std::string_view key, float& out, double lo, double hi);
  void read_choice(std::string_view key, std::string& out, std::initializer_list<std::string_view> choices);

  // Keys this reader may see but that another function reads (e.g. rule options).
  const toml::table& table() const { return table_; }
  void mark_known(std::string_view key) { known_.insert(std::string(key)); }

  // From now on every read() also records, under its key in `into`, the value its `out`
  // held before reading: on a fresh Config, the key's default. This is how
  // config_defaults() learns the defaults from the very readers a file goes through.
  void record_defaults(toml::table& into) { defaults_ = &into; }
  // Records `value` as the default of a key read another way (rule options).
  void note_default(std::string_view key, std::string value) { note(key, std::move(value)); }
  // Throws for the first key that nobody asked for.
  void finish() const;

  // "file:line:column: section.key: why" (the position of the key's value when known).
  [[noreturn]] void fail(std::string_view key, const std::string& why) const;

 private:
  const toml::node* find(std::string_view key);
  std::string where(const toml::source_region& r) const;
  template <class T>
  void note(std::string_view key, T value) {
    if (defaults_) defaults_->insert_or_assign(key, std::move(value));
  }

  const toml::table& table_;
  std::string section_, file_;
  std::set<std::string> known_;
  toml::table* defaults_ = nullptr;
};

}  // namespace bh
