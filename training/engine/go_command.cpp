// go_command.cpp — reading `go` and budgeting the clock.
#include "training/engine/go_command.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "core/parse_error.h"
#include "training/engine/text_tokens.h"

namespace bh {

std::optional<Seat> parse_seat(std::string_view text) {
  std::string t;
  for (char c : to_lower(text))
    if (c != '-' && c != '_') t += c;
  if (t == "awhite") return AWhite;
  if (t == "ablack") return ABlack;
  if (t == "bwhite") return BWhite;
  if (t == "bblack") return BBlack;
  return std::nullopt;
}

GoCommand parse_go(std::string_view args) {
  const std::vector<std::string_view> w = split_words(args);
  GoCommand go;
  // Numbers are read as Fairy-Stockfish reads them, leniently: a host that reports an
  // overdrawn clock (negative) means 0, a limit of 0 means the least search (1), and a
  // number past 2^40 (35 years in ms) means 2^40. Only a missing or non-numeric value is
  // an error.
  constexpr std::int64_t kMax = std::int64_t(1) << 40;
  auto value = [&](std::string_view text) -> std::optional<std::int64_t> {
    if (auto v = to_int(text)) return std::clamp<std::int64_t>(*v, -kMax, kMax);
    const bool negative = !text.empty() && text[0] == '-';
    std::string_view digits = text.substr(negative || (!text.empty() && text[0] == '+') ? 1 : 0);
    if (digits.empty() || digits.find_first_not_of("0123456789") != std::string_view::npos) return std::nullopt;
    return negative ? -kMax : kMax;  // all digits, too long for 64 bits
  };
  auto number = [&](std::size_t& i, std::string_view key, bool positive) -> std::int64_t {
    if (i + 1 >= w.size()) throw ParseError("go: '" + std::string(key) + "' needs a number after it");
    auto v = value(w[i + 1]);
    if (!v) throw ParseError("go: '" + std::string(key) + " " + std::string(w[i + 1]) + "': expected a whole number");
    ++i;
    return std::max<std::int64_t>(*v, positive ? 1 : 0);
  };
  for (std::size_t i = 0; i < w.size(); ++i) {
    const std::string_view k = w[i];
    if (k == "wtime") go.wtime = number(i, k, false);
    else if (k == "btime") go.btime = number(i, k, false);
    else if (k == "winc") go.winc = number(i, k, false);
    else if (k == "binc") go.binc = number(i, k, false);
    else if (k == "inc") go.inc = number(i, k, false);
    else if (k == "movetime") go.movetime = number(i, k, true);
    else if (k == "nodes") go.nodes = number(i, k, true);
    else if (k == "infinite") go.infinite = true;
    else if (k == "seat") {
      if (i + 1 >= w.size()) throw ParseError("go: 'seat' needs A-white, A-black, B-white or B-black after it");
      auto s = parse_seat(w[i + 1]);
      if (!s) throw ParseError("go: 'seat " + std::string(w[i + 1]) + "': expected A-white, A-black, B-white or B-black");
      go.seat = *s;
      ++i;
    } else if (k == "clocks") {
      std::array<std::int64_t, kSeats> c{};
      for (int s = 0; s < kSeats; ++s) {
        if (i + 1 >= w.size() || !value(w[i + 1]))
          throw ParseError("go: 'clocks' needs four times in milliseconds (A-white A-black B-white B-black); the " +
                           std::string(seat_name(Seat(s))) + " clock is " +
                           (i + 1 >= w.size() ? "missing" : "'" + std::string(w[i + 1]) + "'"));
        c[std::size_t(s)] = std::max<std::int64_t>(0, *value(w[++i]));
      }
      go.clocks = c;
    }
    // Anything else (ponder, depth N, mate N, searchmoves ...) is ignored, as UCI requires.
  }
  return go;
}

std::int64_t think_budget_ms(std::int64_t remaining_ms, std::int64_t increment_ms, std::int64_t overhead_ms) {
  const std::int64_t usable = std::max<std::int64_t>(1, remaining_ms - overhead_ms);
  std::int64_t budget = remaining_ms / 25 + increment_ms * 3 / 4;
  budget = std::min(budget, usable / 3);
  return std::max<std::int64_t>(1, budget);
}

}  // namespace bh
