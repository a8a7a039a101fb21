// partner_talk.cpp — the vocabulary, built once from its pieces; the checks of free text
// and of a suggested move's form.
#include "training/server/partner_talk.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

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

namespace {

// The code points of UTF-8 text (the JSON reader has checked the encoding).
std::vector<char32_t> code_points(std::string_view text) {
  std::vector<char32_t> out;
  for (std::size_t i = 0; i < text.size();) {
    const auto lead = static_cast<unsigned char>(text[i]);
    const int length = lead < 0x80 ? 1 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4;
    char32_t c = length == 1 ? lead : lead & (0x7f >> length);
    for (int k = 1; k < length && i + std::size_t(k) < text.size(); ++k)
      c = (c << 6) | (static_cast<unsigned char>(text[i + std::size_t(k)]) & 0x3f);
    out.push_back(c);
    i += std::size_t(length);
  }
  return out;
}

// Control characters (C0, DEL, C1), line and paragraph separators, and the bidirectional
// embeddings, overrides and isolates that could turn a line's text around on a screen.
bool is_control(char32_t c) {
  return c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == 0x2028 || c == 0x2029 || (c >= 0x202a && c <= 0x202e) ||
         (c >= 0x2066 && c <= 0x2069);
}

}  // namespace

std::string checked_free_text(std::string_view text, std::size_t max_chars) {
  const std::size_t first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) throw std::invalid_argument("say: nothing to say");
  text = text.substr(first, text.find_last_not_of(" \t") - first + 1);
  std::size_t chars = 0;
  for (const char32_t c : code_points(text)) {
    if (is_control(c)) throw std::invalid_argument("say: one line of text, without control characters");
    ++chars;
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
