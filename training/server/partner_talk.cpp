// partner_talk.cpp — the vocabulary, built once from its pieces; the checks of free text
// and of a suggested move's form.
#include "training/server/partner_talk.h"

#include <algorithm>
#include <stdexcept>
#include <string>

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

std::string checked_free_text(std::string_view text, std::size_t max_chars) {
  const std::size_t first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) throw std::invalid_argument("say: nothing to say");
  text = text.substr(first, text.find_last_not_of(" \t") - first + 1);
  std::size_t chars = 0;
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte == 0x7f) throw std::invalid_argument("say: one line of text, without control characters");
    if ((byte & 0xc0) != 0x80) ++chars;  // a UTF-8 sequence's first byte (the JSON reader checked the encoding)
  }
  if (chars > max_chars)
    throw std::invalid_argument("say: " + std::to_string(chars) + " characters, at most " + std::to_string(max_chars));
  return std::string(text);
}

bool is_move_text(std::string_view text) {
  auto file = [](char c) { return c >= 'a' && c <= 'h'; };
  auto rank = [](char c) { return c >= '1' && c <= '8'; };
  auto square = [&](std::string_view s) { return file(s[0]) && rank(s[1]); };
  if (text.size() == 4 && text[1] == '@') return std::string_view("PNBRQ").find(text[0]) != std::string_view::npos && square(text.substr(2));
  if (text.size() != 4 && text.size() != 5) return false;
  if (!square(text.substr(0, 2)) || !square(text.substr(2, 2)) || text.substr(0, 2) == text.substr(2, 2)) return false;
  return text.size() == 4 || std::string_view("qrbn").find(text[4]) != std::string_view::npos;
}

}  // namespace bh::server
