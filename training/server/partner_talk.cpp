// partner_talk.cpp — the vocabulary, built once from its pieces.
#include "training/server/partner_talk.h"

#include <algorithm>

namespace bh::server {

const std::vector<std::string>& partner_messages() {
  static const std::vector<std::string> messages = [] {
    std::vector<std::string> out;
    for (const char* verb : {"need", "no"})
      for (char piece : std::string_view("PNBRQ")) out.push_back(std::string(verb) + " " + piece);
    for (const char* word : {"sit", "go", "trade", "no trade", "mate coming", "ok", "no"}) out.emplace_back(word);
    return out;
  }();
  return messages;
}

std::optional<std::string> partner_message(std::string_view text) {
  const auto& all = partner_messages();
  const auto found = std::find(all.begin(), all.end(), text);
  if (found == all.end()) return std::nullopt;
  return *found;
}

}  // namespace bh::server
