// text_tokens.h — the small text helpers every protocol reader here needs: splitting a
// line into words, trimming, case folding, and reading a number without exceptions.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bh {

// Words separated by any run of spaces or tabs (also \r, \v, \f).
std::vector<std::string_view> split_words(std::string_view text);
std::string_view trim(std::string_view text);
// The rest of a line after its first word, trimmed ("ptell sit now" -> "sit now").
std::string_view rest_after_word(std::string_view line);
std::string to_lower(std::string_view text);
// The whole text as a signed decimal integer, or nullopt (overflow, junk, empty).
std::optional<std::int64_t> to_int(std::string_view text);
// The whole text as a decimal number (e.g. "2.5"), or nullopt.
std::optional<double> to_number(std::string_view text);
// Input echoed in an error message: at most `max` characters (then "..."), bytes that are
// not printable ASCII as '?', so a host's garbage never comes back as garbage or megabytes.
std::string excerpt(std::string_view text, std::size_t max = 80);

}  // namespace bh
