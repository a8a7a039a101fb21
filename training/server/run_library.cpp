// run_library.cpp — listing a run directory's record files and reading one safely.
#include "training/server/run_library.h"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <tuple>

#include "core/parse_error.h"

namespace bh::server {

namespace fs = std::filesystem;

namespace {

// A record file's size limit: a self-play chunk's record or a generation's arena is far
// smaller; this bounds what one request reads.
constexpr std::uintmax_t kMaxFileBytes = 32u << 20;

// The folders of a run that hold records; the pattern's first group is the generation.
struct Folder {
  std::string_view name;
  RunFile::Kind kind;
  const char* pattern;
};

constexpr Folder kFolders[] = {
    {"arena", RunFile::Kind::Arena, R"(gen-([0-9]{1,9})\.bpgn)"},
    {"games", RunFile::Kind::SelfPlay, R"(g([0-9]{1,9})-s[0-9]+-w[0-9]+-[0-9]+\.bpgn)"},
};

const Folder* folder_named(std::string_view name) {
  for (const Folder& f : kFolders)
    if (f.name == name) return &f;
  return nullptr;
}

bool lies_under(const fs::path& path, const fs::path& root) {
  const fs::path relative = path.lexically_relative(root);
  return !relative.empty() && *relative.begin() != ".." && relative != ".";
}

// The entry of `name` in `folder` when the listing holds it: the name has the folder's
// pattern and is a regular file whose real path lies under the real root.
std::optional<RunFile> entry(const fs::path& dir, const fs::path& real_root, const Folder& folder,
                             const std::regex& pattern, const std::string& name) {
  std::smatch m;
  if (!std::regex_match(name, m, pattern)) return std::nullopt;
  std::error_code ec;
  const fs::path real = fs::canonical(dir / folder.name / name, ec);
  if (ec || !lies_under(real, real_root) || !fs::is_regular_file(real, ec)) return std::nullopt;
  return RunFile{std::string(folder.name) + "/" + name, folder.kind, std::stoll(m[1].str())};
}

fs::path real_root(const fs::path& dir) {
  std::error_code ec;
  fs::path real = fs::canonical(dir, ec);
  if (ec) throw std::runtime_error("run directory '" + dir.string() + "' cannot be read: " + ec.message());
  return real;
}

std::string read_file(const fs::path& path, const std::string& id) {
  std::error_code ec;
  const std::uintmax_t size = fs::file_size(path, ec);
  if (ec) throw ParseError(id + ": cannot be read: " + ec.message());
  if (size > kMaxFileBytes)
    throw ParseError(id + ": " + std::to_string(size) + " bytes, over the limit of " + std::to_string(kMaxFileBytes));
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ParseError(id + ": cannot be opened");
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

std::string_view kind_name(RunFile::Kind kind) {
  static constexpr std::string_view kNames[] = {"arena", "selfplay"};
  return kNames[int(kind)];
}

RunLibrary::RunLibrary(fs::path dir, RuleSet fallback_rules)
    : dir_(std::move(dir)), fallback_rules_(std::move(fallback_rules)) {
  std::error_code ec;
  if (!fs::exists(dir_, ec)) throw std::runtime_error("run directory '" + dir_.string() + "' does not exist");
  if (!fs::is_directory(dir_, ec)) throw std::runtime_error("run directory '" + dir_.string() + "' is not a directory");
  fs::directory_iterator probe(dir_, ec);
  if (ec) throw std::runtime_error("run directory '" + dir_.string() + "' cannot be read: " + ec.message());
}

std::vector<RunFile> RunLibrary::files() const {
  const fs::path root = real_root(dir_);
  std::vector<RunFile> files;
  for (const Folder& folder : kFolders) {
    const std::regex pattern(folder.pattern);
    std::error_code ec;
    for (fs::directory_iterator it(dir_ / folder.name, ec), end; !ec && it != end; it.increment(ec))
      if (auto file = entry(dir_, root, folder, pattern, it->path().filename().string()))
        files.push_back(std::move(*file));
  }
  std::sort(files.begin(), files.end(), [](const RunFile& a, const RunFile& b) {
    return std::tie(a.generation, a.kind, a.id) < std::tie(b.generation, b.kind, b.id);
  });
  return files;
}

std::optional<RunFile> RunLibrary::find(std::string_view id) const {
  const std::size_t slash = id.find('/');
  if (slash == std::string_view::npos) return std::nullopt;
  const Folder* folder = folder_named(id.substr(0, slash));
  const std::string name(id.substr(slash + 1));
  if (!folder || name.find('/') != std::string::npos) return std::nullopt;
  return entry(dir_, real_root(dir_), *folder, std::regex(folder->pattern), name);
}

std::vector<BpgnGame> RunLibrary::games(const RunFile& file) const {
  std::istringstream in(read_file(dir_ / file.id, file.id));
  return read_bpgn(in, file.id);
}

RuleSet RunLibrary::rules() const {
  const fs::path path = dir_ / "rules.txt";
  std::error_code ec;
  if (!fs::exists(path, ec)) return fallback_rules_;
  const std::string text = read_file(path, "the run's rules.txt");
  try {
    return parse_rules(text);
  } catch (const std::invalid_argument& e) {
    throw ParseError(std::string("the run's rules.txt: ") + e.what());
  }
}

}  // namespace bh::server
