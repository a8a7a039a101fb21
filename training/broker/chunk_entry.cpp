// chunk_entry.cpp — worker names and stream ids.
#include "training/broker/chunk_entry.h"

#include <stdexcept>

namespace bh {

namespace {

bool name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
         c == '-';
}

bool all_digits(std::string_view s) {
  if (s.empty() || s.size() > 20) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}

}  // namespace

bool valid_worker_name(std::string_view name) {
  if (name.empty() || name.size() > kMaxWorkerName) return false;
  for (char c : name)
    if (!name_char(c)) return false;
  return true;
}

void require_worker_name(std::string_view name) {
  if (name.empty()) throw std::invalid_argument("worker name is empty");
  if (name.size() > kMaxWorkerName)
    throw std::invalid_argument("worker name '" + printable_name(name) + "...' is longer than " +
                                std::to_string(kMaxWorkerName) + " characters");
  for (char c : name)
    if (!name_char(c))
      throw std::invalid_argument("worker name '" + printable_name(name) +
                                  "' may hold only letters, digits, '.', '_' and '-'");
}

std::string printable_name(std::string_view name) {
  std::string out;
  for (char c : name.substr(0, kMaxWorkerName)) out += (c >= 0x20 && c < 0x7f) ? c : '?';
  return out;
}

bool valid_stream_id(std::string_view id) {
  std::size_t dash = id.find('-');
  return dash != std::string_view::npos && all_digits(id.substr(0, dash)) && all_digits(id.substr(dash + 1));
}

}  // namespace bh
