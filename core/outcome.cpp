// outcome.cpp — the sentences and record tags of match endings.
#include "core/outcome.h"

#include <algorithm>
#include <array>
#include <charconv>

namespace bh {

namespace {

// One way to write an ending in a record: "[draw ]<word>[ <seat>]". Reading and writing
// both go through this table, so every tag reads back as the outcome that wrote it.
struct TagForm {
  EndReason reason;
  std::string_view word;
  bool draw;       // written after "draw "
  bool has_seat;   // followed by the seat's name
};

constexpr std::array<TagForm, 22> kTagForms{{
    {EndReason::Checkmate, "mate", false, true},
    {EndReason::Flag, "flag", false, true},
    {EndReason::Resignation, "resign", false, true},
    {EndReason::StuckFlag, "stuck-flag", false, true},
    {EndReason::StuckFlag, "stuck-flag", true, false},
    {EndReason::MoveLimit, "move-limit", true, false},
    {EndReason::BothStuck, "both-stuck", true, false},
    {EndReason::SimultaneousFlags, "simultaneous-flags", true, false},
    {EndReason::SimultaneousMates, "simultaneous-mates", true, false},
    {EndReason::Repetition, "repetition", true, false},
    {EndReason::Agreement, "agreement", true, false},
    {EndReason::Stalemate, "stalemate", true, true},
    {EndReason::InsufficientMaterial, "insufficient-material", true, true},
    {EndReason::FivefoldRepetition, "fivefold-repetition", true, true},
    {EndReason::SeventyFiveMoves, "75-moves", true, true},
    {EndReason::ThreefoldClaim, "threefold-claim", true, true},
    {EndReason::FiftyMoveClaim, "fifty-move-claim", true, true},
    {EndReason::FiftyMoves, "fifty-moves", true, false},
    {EndReason::LeftTable, "left", false, true},
    {EndReason::Fault, "fault", false, true},
    {EndReason::KingCaptured, "king-taken", false, true},
    {EndReason::Stranded, "stranded", true, true},
}};

std::optional<Seat> seat_named(std::string_view name, int boards) {
  for (int s = 0; s < 2 * boards; ++s)
    if (seat_name(Seat(s)) == name) return Seat(s);
  return std::nullopt;
}

Outcome as_outcome(const GameEnding& g) { return Outcome{g.result, g.reason, g.seat, g.time_ms}; }

// 0, 0.5, 1, 1.5 or 2.
std::string points_text(double p) { return std::to_string(int(p)) + (p != int(p) ? ".5" : ""); }

// "1.5-0.5": team 1's points, then team 2's.
std::string score_text(const Outcome& o) {
  return points_text(o.points(Team1)) + "-" + points_text(o.points(Team2));
}

// "board A 0-1, A-white resigned; board B 1/2, ...": each game's result, then the words
// after the result in its own describe().
std::string games_text(const Outcome& o) {
  std::string out;
  for (int b = 0; b < 2; ++b) {
    const Outcome game = as_outcome(o.games[b]);
    std::string words = game.describe();
    if (const auto colon = words.find(": "); colon != std::string::npos) words = words.substr(colon + 2);
    const char* result = game.result == MatchResult::Team1Wins ? "1-0" : game.result == MatchResult::Team2Wins ? "0-1" : "1/2";
    out += std::string(b ? "; " : "") + "board " + (b ? "B" : "A") + " " + result + ", " + words;
  }
  return out;
}

constexpr std::string_view kGamesWord = "games ";

std::optional<Outcome> parse_games_tag(std::string_view rest) {
  std::array<GameEnding, 2> games;
  for (int b = 0; b < 2; ++b) {
    const std::size_t comma = rest.find(", ");
    const std::string_view one = b ? rest : rest.substr(0, comma);
    if (b == 0 && comma == std::string_view::npos) return std::nullopt;
    const std::size_t at = one.rfind(" @");
    if (at == std::string_view::npos) return std::nullopt;
    const std::optional<Outcome> game = parse_outcome_tag(one.substr(0, at));
    if (!game || !game->over() || game->reason == EndReason::GamesScored) return std::nullopt;
    std::int64_t t = 0;
    const std::string_view digits = one.substr(at + 2);
    auto [p, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), t);
    if (ec != std::errc() || p != digits.data() + digits.size() || t < 0) return std::nullopt;
    games[b] = GameEnding{game->result, game->reason, game->seat, t};
    if (b == 0) rest.remove_prefix(comma + 2);
  }
  return scored_outcome(games);
}

}  // namespace

std::string GameEnding::describe() const { return as_outcome(*this).describe(); }

double Outcome::points(Team t) const {
  if (reason == EndReason::GamesScored) {
    double p = 0;
    for (const GameEnding& g : games) p += as_outcome(g).points(t);
    return p;
  }
  if (result == MatchResult::Draw) return 0.5;
  return result == win_for(t) ? 1.0 : 0.0;
}

Outcome scored_outcome(const std::array<GameEnding, 2>& games) {
  Outcome o;
  o.reason = EndReason::GamesScored;
  o.games = games;
  o.time_ms = std::max(games[0].time_ms, games[1].time_ms);
  const double one = o.points(Team1), two = o.points(Team2);
  o.result = one > two ? MatchResult::Team1Wins : two > one ? MatchResult::Team2Wins : MatchResult::Draw;
  return o;
}

MatchResult win_for(Team t) { return t == Team1 ? MatchResult::Team1Wins : MatchResult::Team2Wins; }

std::string Outcome::describe() const {
  std::string who = std::string(seat_name(seat));
  std::string on = std::string(" on board ") + board_letter(board_of(seat));
  std::string head = result == MatchResult::Team1Wins   ? "team 1 wins"
                     : result == MatchResult::Team2Wins ? "team 2 wins"
                     : result == MatchResult::Draw      ? "draw"
                                                        : "ongoing";
  switch (reason) {
    case EndReason::None: return head;
    case EndReason::Checkmate: return head + ": " + who + " is checkmated";
    case EndReason::Flag: return head + ": " + who + " ran out of time";
    case EndReason::Resignation: return head + ": " + who + " resigned";
    case EndReason::MoveLimit: return head + ": the move limit was reached on the boards together";
    case EndReason::BothStuck: return head + ": every board is stuck (no mover can ever move again)";
    case EndReason::StuckFlag: return head + ": every board is stuck and " + who + "'s clock would run out first";
    case EndReason::SimultaneousFlags: return head + ": two opponents ran out of time at the same moment";
    case EndReason::SimultaneousMates: return head + ": both teams gave mate at the same moment";
    case EndReason::Repetition: return head + ": a board repeated its position three times";
    case EndReason::Agreement: return head + " by agreement";
    case EndReason::Stalemate: return head + ": " + who + " is stalemated";
    case EndReason::InsufficientMaterial: return head + ": insufficient material to mate" + on;
    case EndReason::FivefoldRepetition: return head + ": the position" + on + " occurred for the fifth time";
    case EndReason::SeventyFiveMoves:
      return head + ": 75 moves by each side" + on + " without a capture or a pawn move";
    case EndReason::ThreefoldClaim: return head + ": " + who + " claimed a threefold repetition";
    case EndReason::FiftyMoveClaim: return head + ": " + who + " claimed the fifty-move rule";
    case EndReason::FiftyMoves: return head + ": 50 moves by each side" + on + " without a capture or a pawn move";
    case EndReason::LeftTable: return head + ": " + who + " left the table";
    case EndReason::Fault: return head + ": " + who + "'s program failed";
    case EndReason::KingCaptured: return head + ": " + who + "'s king was taken";
    case EndReason::Stranded: return head + ": " + who + " is stuck and no piece can reach it any more";
    case EndReason::GamesScored: return head + " " + score_text(*this) + ": " + games_text(*this);
  }
  return head;
}

std::string Outcome::tag() const {
  if (reason == EndReason::GamesScored)
    return std::string(kGamesWord) + as_outcome(games[0]).tag() + " @" + std::to_string(games[0].time_ms) + ", " +
           as_outcome(games[1]).tag() + " @" + std::to_string(games[1].time_ms);
  const bool draw = result == MatchResult::Draw;
  for (const TagForm& f : kTagForms) {
    if (f.reason != reason || f.draw != draw) continue;
    std::string out = (draw ? "draw " : "") + std::string(f.word);
    if (f.has_seat) out += " " + std::string(seat_name(seat));
    return out;
  }
  return "ongoing";
}

std::optional<Outcome> parse_outcome_tag(std::string_view tag, int boards) {
  if (tag == "ongoing") return Outcome{};
  if (tag.starts_with(kGamesWord)) return parse_games_tag(tag.substr(kGamesWord.size()));
  const bool draw = tag.starts_with("draw ");
  if (draw) tag.remove_prefix(5);
  const std::size_t space = tag.find(' ');
  const std::string_view word = tag.substr(0, space);
  const std::string_view rest = space == std::string_view::npos ? std::string_view() : tag.substr(space + 1);
  for (const TagForm& f : kTagForms) {
    if (f.draw != draw || f.word != word) continue;
    if (f.has_seat != !rest.empty()) continue;
    Outcome o;
    o.reason = f.reason;
    o.result = MatchResult::Draw;
    if (f.has_seat) {
      const std::optional<Seat> seat = seat_named(rest, boards);
      if (!seat) return std::nullopt;
      o.seat = *seat;
      // A win or loss names the losing seat: its team loses.
      if (!draw) o.result = win_for(~team_of(*seat));
    }
    return o;
  }
  return std::nullopt;
}

}  // namespace bh
