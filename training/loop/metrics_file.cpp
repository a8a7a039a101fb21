// metrics_file.cpp — appending metric lines; trimming the redone ones on resume.
#include "training/loop/metrics_file.h"

#include <sstream>
#include <stdexcept>
#include <string>

#include "core/platform/atomic_file.h"
#include "core/platform/write_boundary.h"

namespace bh {

MetricsFile::MetricsFile(std::filesystem::path path) : path_(std::move(path)), out_(path_, std::ios::app) {
  if (!out_) throw std::runtime_error("cannot append to " + path_.string());
}

void MetricsFile::write(const JsonLine& line) {
  write_boundary("append", path_);
  out_ << line.to_string() << "\n" << std::flush;
  if (!out_) throw std::runtime_error("cannot append to " + path_.string());
  write_boundary("appended", path_);
}

int MetricsFile::trim_for_resume(const std::filesystem::path& path, std::int64_t last) {
  std::ifstream in(path);
  if (!in) return 0;
  std::stringstream whole;
  whole << in.rdbuf();
  const std::string text = whole.str();
  std::string kept;
  int dropped = 0;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t end = text.find('\n', at);
    if (end == std::string::npos) {  // cut short by a kill
      ++dropped;
      break;
    }
    const std::string_view line(text.data() + at, end - at);
    at = end + 1;
    bool redone = false;
    try {
      const JsonLine j = JsonLine::parse(line);
      const auto kind = j.text("kind");
      redone = (kind == "step" || kind == "generation") && j.number("generation").value_or(0) > double(last);
    } catch (const std::invalid_argument&) {
      redone = false;  // not ours to judge: the report skips and counts malformed lines
    }
    if (redone) ++dropped;
    else kept.append(line).push_back('\n');
  }
  if (dropped > 0) write_file_atomic(path, kept);
  return dropped;
}

}  // namespace bh
