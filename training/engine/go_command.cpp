// go_command.cpp — reading `go` and budgeting the clock.
#include "training/engine/go_command.h"

#include <algorithm>
#include <cassert>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "core/parse_error.h"
#include "training/players/text_tokens.h"

namespace bh {

std::optional<Seat> parse_seat(std::string_view text) { return parse_seat_name(text, 2); }

namespace {

// Numbers are read as Fairy-Stockfish reads them, leniently: a host that reports an
// overdrawn clock (negative) means 0, a limit of 0 means the least search (1), and a
// number past 2^40 (35 years in ms) means 2^40. Only a missing or non-numeric value is an
// error.
constexpr std::int64_t kMaxNumber = std::int64_t(1) << 40;

std::optional<std::int64_t> lenient_number(std::string_view text) {
  if (auto v = to_int(text)) return std::clamp<std::int64_t>(*v, -kMaxNumber, kMaxNumber);
  const bool negative = !text.empty() && text[0] == '-';
  std::string_view digits = text.substr(negative || (!text.empty() && text[0] == '+') ? 1 : 0);
  if (digits.empty() || digits.find_first_not_of("0123456789") != std::string_view::npos) return std::nullopt;
  return negative ? -kMaxNumber : kMaxNumber;  // all digits, too long for 64 bits
}

using Words = std::vector<std::string_view>;

// The number after w[i] (i moves onto it), at least 0 (or 1 when `positive`).
std::int64_t number_after(const Words& w, std::size_t& i, bool positive) {
  if (i + 1 >= w.size()) throw ParseError("go: '" + std::string(w[i]) + "' needs a number after it");
  auto v = lenient_number(w[i + 1]);
  if (!v) throw ParseError("go: '" + std::string(w[i]) + " " + std::string(w[i + 1]) + "': expected a whole number");
  ++i;
  return std::max<std::int64_t>(*v, positive ? 1 : 0);
}

Seat seat_after(const Words& w, std::size_t& i) {
  if (i + 1 >= w.size()) throw ParseError("go: 'seat' needs A-white, A-black, B-white or B-black after it");
  auto s = parse_seat(w[i + 1]);
  if (!s) throw ParseError("go: 'seat " + std::string(w[i + 1]) + "': expected A-white, A-black, B-white or B-black");
  ++i;
  return *s;
}

std::array<std::int64_t, kSeats> clocks_after(const Words& w, std::size_t& i) {
  std::array<std::int64_t, kSeats> c{};
  for (int s = 0; s < kSeats; ++s) {
    if (i + 1 >= w.size() || !lenient_number(w[i + 1]))
      throw ParseError("go: 'clocks' needs four times in milliseconds (A-white A-black B-white B-black); the " +
                       std::string(seat_name(Seat(s))) + " clock is " +
                       (i + 1 >= w.size() ? "missing" : "'" + std::string(w[i + 1]) + "'"));
    c[std::size_t(s)] = std::max<std::int64_t>(0, *lenient_number(w[++i]));
  }
  return c;
}

struct NumberKey {
  std::string_view key;
  std::optional<std::int64_t> GoCommand::*field;
  bool positive;  // a limit: at least 1
};

constexpr NumberKey kNumberKeys[] = {
    {"wtime", &GoCommand::wtime, false}, {"btime", &GoCommand::btime, false},
    {"winc", &GoCommand::winc, false},   {"binc", &GoCommand::binc, false},
    {"inc", &GoCommand::inc, false},     {"movetime", &GoCommand::movetime, true},
    {"nodes", &GoCommand::nodes, true},
};

}  // namespace

GoCommand parse_go(std::string_view args) {
  const Words w = split_words(args);
  GoCommand go;
  for (std::size_t i = 0; i < w.size(); ++i) {
    const std::string_view k = w[i];
    const auto number = std::find_if(std::begin(kNumberKeys), std::end(kNumberKeys),
                                     [&](const NumberKey& n) { return n.key == k; });
    if (number != std::end(kNumberKeys)) go.*(number->field) = number_after(w, i, number->positive);
    else if (k == "infinite") go.infinite = true;
    else if (k == "seat") go.seat = seat_after(w, i);
    else if (k == "clocks") go.clocks = clocks_after(w, i);
    // Anything else (ponder, depth N, mate N, searchmoves ...) is ignored, as UCI requires.
  }
  return go;
}

// Bughouse boards run hundreds of moves (a match may last 800 moves), and a flag loses the
// match for the team, so the budget expects a long game: by default a 60th of the time
// beyond a reserve (EngineSetup::moves_to_go), plus most of the increment, less the host's
// lag. The reserve is what 150 quick moves cost; once the clock is down to it (or the lag
// eats the budget) the engine moves at once, with the smallest search, for as long as the
// match lasts.
std::int64_t think_budget_ms(std::int64_t remaining_ms, std::int64_t increment_ms, std::int64_t overhead_ms,
                             std::int64_t moves_to_go) {
  assert(moves_to_go >= 1);
  constexpr std::int64_t kReserveMoves = 150, kQuickMoveMs = 5;
  const std::int64_t reserve = std::min(remaining_ms / 2, kReserveMoves * kQuickMoveMs);
  std::int64_t budget = (remaining_ms - reserve) / moves_to_go + increment_ms * 3 / 4 - overhead_ms;
  budget = std::min(budget, (remaining_ms - overhead_ms) / 3);
  return std::max<std::int64_t>(1, budget);
}

std::int64_t balance_budget_ms(std::int64_t budget_ms, std::int64_t own_ms, std::int64_t diagonal_ms) {
  if (diagonal_ms <= 0 || own_ms <= 0) return budget_ms;
  const double factor = std::clamp(double(own_ms) / double(diagonal_ms), 0.5, 1.25);
  return std::max<std::int64_t>(1, std::int64_t(double(budget_ms) * factor));
}

}  // namespace bh
