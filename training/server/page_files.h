// page_files.h — the browser page's files (training/server/page/), embedded in the program
// at build time (embed_page.cmake), so `bughouse serve` needs no files at run time and
// can serve nothing but these: a path is looked up by exact name, never on a disk.
#pragma once

#include <string_view>

namespace bh::server {

struct PageFile {
  std::string_view name;          // "index.html", "app.js"
  std::string_view content_type;  // "text/html; charset=utf-8"
  std::string_view bytes;
};

// The file of that exact name, or nullptr.
const PageFile* find_page_file(std::string_view name);

}  // namespace bh::server
