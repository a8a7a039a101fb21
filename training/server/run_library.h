// run_library.h — the recorded matches of a training run directory, as `bughouse serve
// --run DIR` shows them (the layout is training/run_directory.h's): the self-play records
// games/gNNNN-sK-wW-NNNNNN.bpgn and the evaluation matches arena/gen-NNNN.bpgn, each file
// of the generation its name gives. The listing is read from the disk at every call, so
// what a running `bughouse train` writes appears at the next one (a self-play record
// appears whole: it is renamed into place; `.bpgn.pending` files are not listed).
//
// A browser never names a path: a file is known by its id, "games/NAME" or "arena/NAME",
// and found only when the listing holds it — a name of the folder's pattern, a regular
// file whose real path (symbolic links followed) lies under DIR's.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/bpgn.h"

namespace bh::server {

struct RunFile {
  enum class Kind { Arena, SelfPlay };
  std::string id;  // "arena/gen-0003.bpgn": the folder and the name
  Kind kind = Kind::SelfPlay;
  std::int64_t generation = 0;
};

// "arena", "selfplay".
std::string_view kind_name(RunFile::Kind kind);

class RunLibrary {
 public:
  // Throws std::runtime_error naming `dir` when it is not a directory that can be read.
  // `fallback_rules` replay a run that has no rules.txt.
  RunLibrary(std::filesystem::path dir, RuleSet fallback_rules);

  const std::filesystem::path& dir() const { return dir_; }
  // Every record file now on the disk: by generation, a generation's arena file first,
  // then by name.
  std::vector<RunFile> files() const;
  // The file of that id when the listing holds it, else nullopt.
  std::optional<RunFile> find(std::string_view id) const;
  // The games of a listed file. Throws ParseError naming the id (never the path on the
  // server's disk) when it cannot be read or parsed, or is over the size limit.
  std::vector<BpgnGame> games(const RunFile& file) const;
  // The rules the run plays (DIR/rules.txt), or the fallback when the run has none yet.
  // Throws ParseError naming rules.txt when it cannot be read.
  RuleSet rules() const;

 private:
  std::filesystem::path dir_;
  RuleSet fallback_rules_;
};

}  // namespace bh::server
