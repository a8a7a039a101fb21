// Specification of the house's layout (README.md "Layout"): the README's list of arrows
// between folders names every library folder, its arrows go one way (each folder uses
// only folders below it in the list), every #include of the sources follows them (a
// folder may use what the folders it uses use), and training/ holds folders only. The
// README is the truth the code is held to: a new folder or include that crosses the
// layers fails here until the README says so.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
const fs::path kRoot = BUGHOUSE_SOURCE_DIR;

std::string read(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The README's block of arrows, in order: folder -> the folders its line names.
struct Arrows {
  std::vector<std::string> order;
  std::map<std::string, std::set<std::string>> uses;
};

Arrows readme_arrows() {
  const std::string text = read(kRoot / "README.md");
  const auto start = text.find("Dependencies point one way");
  EXPECT_NE(start, std::string::npos) << "README.md has no \"Dependencies point one way\" block";
  const auto open = text.find("```", start);
  const auto close = text.find("```", open + 3);
  std::istringstream block(text.substr(open + 3, close - open - 3));
  const std::regex folder(R"((training/[a-z_]+|core/platform|core|mcts|nn)\b)");
  Arrows arrows;
  for (std::string line; std::getline(block, line);) {
    const auto arrow = line.find("──>");
    if (arrow == std::string::npos) continue;
    std::string lhs = line.substr(0, arrow);
    lhs.erase(lhs.find_last_not_of(' ') + 1);
    const std::string rhs = line.substr(arrow);
    arrows.order.push_back(lhs);
    std::set<std::string>& uses = arrows.uses[lhs];
    if (rhs.find("every folder below") != std::string::npos) {
      uses.insert({"*below*"});
      continue;
    }
    for (std::sregex_iterator it(rhs.begin(), rhs.end(), folder), end; it != end; ++it) uses.insert((*it)[1]);
  }
  // "every folder below": resolved once the whole list is read.
  for (std::size_t i = 0; i < arrows.order.size(); ++i) {
    auto& uses = arrows.uses[arrows.order[i]];
    if (uses.erase("*below*")) uses.insert(arrows.order.begin() + std::ptrdiff_t(i) + 1, arrows.order.end());
  }
  return arrows;
}

// What a folder may include: what it uses, and what those use, all the way down.
std::map<std::string, std::set<std::string>> closure(const Arrows& arrows) {
  auto reach = arrows.uses;
  for (bool grew = true; grew;) {
    grew = false;
    for (auto& [from, to] : reach) {
      std::set<std::string> more = to;
      for (const auto& via : to) more.insert(reach[via].begin(), reach[via].end());
      grew = grew || more.size() != to.size();
      to = std::move(more);
    }
  }
  return reach;
}

// The deepest listed folder holding `path` ("core/platform/crc32.h" -> core/platform), or "".
std::string folder_of(const std::string& path, const Arrows& arrows) {
  std::string best;
  for (const auto& f : arrows.order)
    if (path.starts_with(f + "/") && f.size() > best.size()) best = f;
  return best;
}

std::vector<std::string> source_files() {
  std::vector<std::string> files;
  for (const char* top : {"core", "mcts", "nn", "training"})
    for (const auto& e : fs::recursive_directory_iterator(kRoot / top))
      if (e.is_regular_file() && (e.path().extension() == ".h" || e.path().extension() == ".cpp"))
        files.push_back(fs::relative(e.path(), kRoot).generic_string());
  return files;
}

TEST(Layout, TheReadmeNamesEveryLibraryFolder) {
  const Arrows arrows = readme_arrows();
  std::vector<std::string> folders;
  for (const char* top : {"core", "mcts", "nn", "training"})
    for (const auto& e : fs::recursive_directory_iterator(kRoot / top))
      if (e.is_regular_file() && e.path().filename() == "CMakeLists.txt" && e.path().parent_path() != kRoot / "training")
        folders.push_back(fs::relative(e.path().parent_path(), kRoot).generic_string());
  ASSERT_GE(folders.size(), 14u);
  for (const auto& f : folders)
    EXPECT_NE(std::find(arrows.order.begin(), arrows.order.end(), f), arrows.order.end())
        << f << " has a CMakeLists.txt but no line in README.md's arrows";
}

TEST(Layout, ArrowsGoOneWay) {
  const Arrows arrows = readme_arrows();
  for (std::size_t i = 0; i < arrows.order.size(); ++i) {
    const std::string& from = arrows.order[i];
    for (const auto& to : arrows.uses.at(from)) {
      const auto at = std::find(arrows.order.begin(), arrows.order.end(), to);
      ASSERT_NE(at, arrows.order.end()) << from << " uses " << to << ", which has no line of its own";
      EXPECT_GT(at - arrows.order.begin(), std::ptrdiff_t(i)) << from << " uses " << to << ", listed above it";
    }
  }
  for (const auto& [from, reach] : closure(arrows)) EXPECT_FALSE(reach.count(from)) << from << " uses itself";
}

TEST(Layout, EveryIncludeFollowsTheArrows) {
  const Arrows arrows = readme_arrows();
  const auto reach = closure(arrows);
  const std::regex include(R"re(#include "([^"]+)")re");
  int checked = 0;
  for (const std::string& file : source_files()) {
    const std::string from = folder_of(file, arrows);
    ASSERT_FALSE(from.empty()) << file << " is in no folder of README.md's arrows";
    const std::string text = read(kRoot / file);
    for (std::sregex_iterator it(text.begin(), text.end(), include), end; it != end; ++it) {
      const std::string to = folder_of((*it)[1], arrows);
      if (to.empty() || to == from) continue;
      ++checked;
      EXPECT_TRUE(reach.at(from).count(to)) << file << " includes " << (*it)[1] << ": " << from << " does not use " << to;
    }
  }
  EXPECT_GT(checked, 200);  // the walk found the sources
}

TEST(Layout, TrainingHoldsFoldersOnly) {
  for (const auto& e : fs::directory_iterator(kRoot / "training")) {
    const std::string name = e.path().filename().string();
    EXPECT_TRUE(e.is_directory() || name == "README.md" || name == "CMakeLists.txt") << "training/" << name;
  }
}

}  // namespace
