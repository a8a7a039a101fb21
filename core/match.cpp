// match.cpp — clocks, partner passing and the end of a match.
#include "core/match.h"

#include <algorithm>
#include <charconv>
#include <limits>
#include <stdexcept>

#include "core/board_rules.h"
#include "core/chess_draws.h"
#include "core/notation.h"

namespace bh {

namespace {

// core/RULES.md "Chess draws": a refused claim gives the opponent two more minutes.
constexpr std::int64_t kWrongClaimPenaltyMs = 120'000;

bool read_number(std::string_view s, double& out) {
  if (s.empty()) return false;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && p == s.data() + s.size() && out >= 0;
}

}  // namespace

TimeControl TimeControl::parse(std::string_view text) {
  if (text == "untimed" || text == "-") return untimed();
  // <base>[+<increment>][d<delay>]: the delay last, the increment before it.
  const auto d = text.find('d');
  std::string_view delay = d == std::string_view::npos ? "0" : text.substr(d + 1);
  std::string_view rest = text.substr(0, d);
  const auto plus = rest.find('+');
  std::string_view base = rest.substr(0, plus);
  std::string_view inc = plus == std::string_view::npos ? "0" : rest.substr(plus + 1);
  double scale = 60'000;  // minutes unless the base ends in 's'
  if (!base.empty() && base.back() == 's') {
    scale = 1000;
    base.remove_suffix(1);
  }
  double b = 0, i = 0, w = 0;
  if (!read_number(base, b) || !read_number(inc, i) || !read_number(delay, w) || b <= 0 || b * scale > 1e10 ||
      i > 3600 || w > 3600)
    throw std::invalid_argument("time control '" + std::string(text) +
                                "': expected <minutes>+<increment seconds> (e.g. 3+0, 5+5), "
                                "<seconds>s+<increment> (e.g. 90s+2), a delay in seconds after 'd' "
                                "(e.g. 5d3 or 5+0d3) or 'untimed'");
  return {std::int64_t(b * scale), std::int64_t(i * 1000), std::int64_t(w * 1000)};
}

std::string TimeControl::to_string() const {
  if (!timed()) return "untimed";
  auto fmt = [](std::int64_t ms) {
    std::string s = std::to_string(ms / 1000);
    if (ms % 1000) s += "." + std::to_string(1000 + ms % 1000).substr(1);
    return s;
  };
  return fmt(initial_ms) + "s+" + fmt(increment_ms) + (delay_ms ? "d" + fmt(delay_ms) : "");
}

Match::Match(RuleSet rules, TimeControl tc) : Match(Board(), Board(), rules, tc) {}

Match::Match(const Board& a, const Board& b, RuleSet rules, TimeControl tc,
             std::array<std::int64_t, kSeats> clocks, int moves_played)
    : boards_{a, b}, initial_{a, b}, rules_(rules), tc_(tc), moves_played_(moves_played), initial_moves_played_(moves_played) {
  if (moves_played < 0) throw std::invalid_argument("moves played must not be negative");
  if (rules_.boards != 2)
    throw std::invalid_argument("rule option 'boards' = " + std::to_string(rules_.boards) +
                                ": this match plays two boards; three or more are played by a table "
                                "(core/RULES.md \"Three or more boards\")");
  bool given = std::any_of(clocks.begin(), clocks.end(), [](auto c) { return c != 0; });
  for (int s = 0; s < kSeats; ++s) clocks_[s] = tc_.timed() ? (given ? clocks[s] : tc_.initial_ms) : 0;
  for (int s = 0; s < kSeats; ++s)
    if (tc_.timed() && clocks_[s] <= 0)
      throw std::invalid_argument("clock of " + std::string(seat_name(Seat(s))) + " must be positive");
  initial_clocks_ = clocks_;
  for (BoardId id : {BoardA, BoardB}) check_pawn_ranks(boards_[id], rules_, id);
  if (keeps_history())
    for (BoardId id : {BoardA, BoardB}) history_[id].push_back(position_key(boards_[id], rules_));
  for (BoardId id : {BoardA, BoardB})
    if (!over()) check_board_end(id, 0);
  if (!over()) check_both_stuck(0);
  if (!over() && moves_played_ >= rules_.move_limit) finish(MatchResult::Draw, EndReason::MoveLimit, AWhite, 0);
}

std::int64_t Match::remaining(Seat s, std::int64_t t) const {
  if (!tc_.timed()) return 0;
  BoardId b = board_of(s);
  if (mover(b) != s || game_over(b)) return clocks_[s];  // a finished game's clocks stand
  return clocks_[s] - tc_.charged(std::max(t, turn_start_[b]) - turn_start_[b]);
}

std::int64_t Match::flag_time(BoardId b) const {
  if (game_over(b)) return std::numeric_limits<std::int64_t>::max();
  return turn_start_[b] + tc_.delay_ms + clocks_[mover(b)];
}

void Match::require_time(std::int64_t t) const {
  if (t < now_)
    throw std::invalid_argument("match time " + std::to_string(t) + " ms is before the last event at " +
                                std::to_string(now_) + " ms");
}

void Match::finish(MatchResult r, EndReason why, Seat s, std::int64_t t) {
  if (!rules_.both_games) {
    outcome_ = Outcome{r, why, s, t};
    return;
  }
  // core/RULES.md "Both games played out": an ending is its board's game's; the move limit
  // and an agreement end every game still played. When both are over, the points decide.
  const bool every_game = why == EndReason::MoveLimit || why == EndReason::Agreement;
  for (BoardId b : {BoardA, BoardB})
    if (!game_over(b) && (every_game || b == board_of(s))) end_game(b, GameEnding{r, why, s, t});
  if (game_over(BoardA) && game_over(BoardB)) outcome_ = scored_outcome(games_);
  else if (why != EndReason::Stranded) strand_stuck_games(t);
}

void Match::end_game(BoardId b, const GameEnding& ending) {
  const Seat m = mover(b);
  if (tc_.timed()) clocks_[m] = std::max<std::int64_t>(0, remaining(m, std::max(ending.time_ms, turn_start_[b])));
  turn_start_[b] = std::max(ending.time_ms, turn_start_[b]);
  games_[b] = ending;
}

bool Match::advance_games_to(std::int64_t t) {
  // Each game's mover flags on its own; the match goes on while a game does.
  while (tc_.timed()) {
    const BoardId b = flag_time(BoardA) <= flag_time(BoardB) ? BoardA : BoardB;
    const std::int64_t flag = flag_time(b);
    if (flag > t) break;
    now_ = std::max(now_, flag);
    finish(win_for(~team_of(mover(b))), EndReason::Flag, mover(b), flag);
    if (over()) return false;
  }
  now_ = t;
  return true;
}

bool Match::advance_to(std::int64_t t) {
  if (over()) return false;
  require_time(t);
  if (rules_.both_games) return advance_games_to(t);
  if (tc_.timed()) {
    std::int64_t fa = flag_time(BoardA), fb = flag_time(BoardB);
    std::int64_t first = std::min(fa, fb);
    if (first <= t) {
      Seat sa = mover(BoardA), sb = mover(BoardB);
      now_ = std::max(now_, first);
      if (fa == fb && team_of(sa) != team_of(sb)) {
        finish(MatchResult::Draw, EndReason::SimultaneousFlags, sa, first);
      } else {
        Seat loser = fa <= fb ? sa : sb;
        finish(win_for(~team_of(loser)), EndReason::Flag, loser, first);
      }
      return false;
    }
  }
  now_ = t;
  return true;
}

bool Match::play(BoardId b, Move m, std::int64_t t) {
  if (rules_.both_games && (over() || game_over(b))) return false;
  if (over()) {
    // core/RULES.md "End of the match": both teams mating at the same moment is a draw.
    bool same_moment = outcome_.reason == EndReason::Checkmate && t == outcome_.time_ms &&
                       b != board_of(outcome_.seat);
    if (!same_moment || !is_legal(boards_[b], rules_, m)) return false;
    Board after = boards_[b];
    after.play(m, rules_.promotion);
    if (board_state(after, rules_) != BoardState::Checkmate) return false;
    if (recording_) events_.push_back({mover(b), m, t, remaining(mover(b), t)});
    boards_[b] = after;
    ++moves_played_;
    finish(MatchResult::Draw, EndReason::SimultaneousMates, mover(b), t);
    return true;
  }
  require_time(t);
  if (!is_legal(boards_[b], rules_, m))
    throw std::invalid_argument("illegal move " + to_uci(m) + " for " + std::string(seat_name(mover(b))) +
                                " on board " + (b == BoardA ? "A" : "B"));
  return play_legal(b, m, t);
}

bool Match::play_legal(BoardId b, Move m, std::int64_t t) {
  if (over()) return play(b, m, t);  // only the simultaneous-mate case can still play
  if (!advance_to(t) || game_over(b)) return false;

  const Seat s = mover(b);
  if (tc_.timed()) clocks_[s] -= tc_.charged(t - turn_start_[b]), clocks_[s] += tc_.increment_ms;
  turn_start_[b] = t;

  Capture captured = boards_[b].play(m, rules_.promotion);
  if (captured.type == King) {
    // core/RULES.md "King capture": taking the king wins the game; the king passes to nobody.
    if (recording_) events_.push_back({s, m, t, clocks_[s]});
    ++moves_played_;
    finish(win_for(team_of(s)), EndReason::KingCaptured, make_seat(b, captured.color), t);
    return true;
  }
  // core/RULES.md "Both games played out": nothing passes to a game that is over.
  const bool passes = !rules_.is_chess() && !game_over(other(b));
  if (captured && passes) {
    // core/RULES.md "Reserves and drops": the piece goes to the partner, colour kept; a promoted
    // piece goes back as a pawn. (Standard chess: captured pieces leave the game.)
    boards_[other(b)].add_to_reserve(captured.color, passed_type(captured, rules_));
  }
  if (captured.pawn_given && passes) {
    // core/RULES.md "Promotion from the reserve": the exchanged pawn goes where the opponent's
    // capture of it would send it: to the opponent's partner, as the mover's colour.
    boards_[other(b)].add_to_reserve(color_of(s), Pawn);
  }
  grant_dropped_rook_castling(boards_[b], rules_, m, color_of(s));
  if (recording_) events_.push_back({s, m, t, clocks_[s]});
  ++moves_played_;
  if (keeps_history()) history_[b].push_back(position_key(boards_[b], rules_));

  check_board_end(b, t);
  if (!over() && moves_played_ >= rules_.move_limit)
    finish(MatchResult::Draw, EndReason::MoveLimit, s, t);
  if (!over() && !rules_.is_chess()) check_bughouse_draws(b, s, t);
  if (!over()) check_both_stuck(t);
  return true;
}

bool Match::wait(BoardId b, std::int64_t t) {
  if (!advance_to(t) || game_over(b)) return false;
  if (recording_) events_.push_back({mover(b), Move::wait(), t, remaining(mover(b), t)});
  return true;
}

void Match::resign(Seat s, std::int64_t t) {
  if (!advance_to(t)) return;
  finish(win_for(~team_of(s)), EndReason::Resignation, s, t);
}

void Match::leave(Seat s, std::int64_t t) {
  if (!advance_to(t)) return;
  finish(win_for(~team_of(s)), EndReason::LeftTable, s, t);
}

void Match::fault(Seat s, std::int64_t t) {
  if (!advance_to(t)) return;
  finish(win_for(~team_of(s)), EndReason::Fault, s, t);
}

void Match::agree_draw(std::int64_t t) {
  if (!advance_to(t)) return;
  finish(MatchResult::Draw, EndReason::Agreement, AWhite, t);
}

int Match::occurrences(BoardId b) const {
  if (!keeps_history() || history_[b].empty()) return 0;
  const std::uint64_t key = history_[b].back();
  return int(std::count(history_[b].begin(), history_[b].end(), key));
}

void Match::check_board_end(BoardId b, std::int64_t t) {
  const BoardState st = state(b);
  if (st == BoardState::Checkmate) {
    Seat mated = mover(b);
    finish(win_for(~team_of(mated)), EndReason::Checkmate, mated, t);
  } else if (st == BoardState::Stalemate) {
    // core/RULES.md "Chess draws": stalemate ends the game in a draw.
    finish(MatchResult::Draw, EndReason::Stalemate, mover(b), t);
  } else if (rules_.is_chess()) {
    check_chess_draws(b, t);
  }
}

void Match::check_chess_draws(BoardId b, std::int64_t t) {
  // core/RULES.md "Chess draws": the draws that need no claim, after mate and stalemate
  // (a mate on the 75th move stands).
  const Seat s = mover(b);
  if (insufficient_material(boards_[b]))
    finish(MatchResult::Draw, EndReason::InsufficientMaterial, s, t);
  else if (occurrences(b) >= kAutomaticRepetitions)
    finish(MatchResult::Draw, EndReason::FivefoldRepetition, s, t);
  else if (boards_[b].halfmove_clock() >= kAutomaticHalfmoves)
    finish(MatchResult::Draw, EndReason::SeventyFiveMoves, s, t);
}

void Match::check_bughouse_draws(BoardId b, Seat mover_was, std::int64_t t) {
  // core/RULES.md "Repetition": the draws the options make automatic.
  const DrawThresholds d = draw_thresholds(rules_);
  if (d.automatic_repetitions && occurrences(b) >= d.automatic_repetitions)
    finish(MatchResult::Draw, EndReason::Repetition, mover_was, t);
  else if (d.automatic_halfmoves && boards_[b].halfmove_clock() >= d.automatic_halfmoves)
    finish(MatchResult::Draw, EndReason::FiftyMoves, mover_was, t);
}

DrawClaim Match::claim_draw(Seat seat, std::int64_t t, Move intended) {
  const BoardId b = board_of(seat);
  auto refuse = [](std::string why) { return DrawClaim{false, EndReason::None, "refused: " + std::move(why)}; };
  if (!draw_thresholds(rules_).any_claim())
    return refuse("these rules have no draw claims (standard chess has them; bughouse under repetition_draw = "
                  "claim or fifty_move_draw = claim)");
  if (over()) return refuse("the match is over (" + outcome_.describe() + ")");
  if (game_over(b)) return refuse("the game on this board is over");
  require_time(t);
  if (mover(b) != seat)
    return refuse("only the player to move may claim, and on its board " + std::string(seat_name(mover(b))) +
                  " is to move");
  if (!intended.is_none()) {
    // FIDE: the announced move is made whether the claim holds or not.
    if (!play(b, intended, t)) return refuse("the match ended before the move (" + outcome_.describe() + ")");
    if (over()) return refuse("the move ended the match first (" + outcome_.describe() + ")");
  } else if (!advance_to(t)) {
    return refuse("the match ended before the claim (" + outcome_.describe() + ")");
  }
  return judge_claim(seat, t);
}

bool Match::claim_would_hold(BoardId b) const {
  if (over() || game_over(b)) return false;
  const DrawThresholds d = draw_thresholds(rules_);
  return (d.claim_repetitions && occurrences(b) >= d.claim_repetitions) ||
         (d.claim_halfmoves && boards_[b].halfmove_clock() >= d.claim_halfmoves);
}

DrawClaim Match::judge_claim(Seat seat, std::int64_t t) {
  const BoardId b = board_of(seat);
  const DrawThresholds d = draw_thresholds(rules_);
  const int seen = occurrences(b);
  const int quiet = boards_[b].halfmove_clock();
  if (d.claim_repetitions && seen >= d.claim_repetitions) {
    finish(MatchResult::Draw, EndReason::ThreefoldClaim, seat, t);
    return {true, EndReason::ThreefoldClaim, "granted: the position has occurred " + std::to_string(seen) + " times"};
  }
  if (d.claim_halfmoves && quiet >= d.claim_halfmoves) {
    finish(MatchResult::Draw, EndReason::FiftyMoveClaim, seat, t);
    return {true, EndReason::FiftyMoveClaim,
            "granted: " + std::to_string(quiet) + " half-moves without a capture or a pawn move"};
  }
  const Seat opponent = make_seat(b, ~color_of(seat));
  if (tc_.timed()) clocks_[opponent] += kWrongClaimPenaltyMs;
  std::vector<std::string> reasons;
  if (d.claim_repetitions)
    reasons.push_back(keeps_history() ? "the position has occurred " + std::to_string(seen) + " time(s) (" +
                                            std::to_string(d.claim_repetitions) + " needed)"
                                      : "repetitions are not counted (the match keeps no record)");
  if (d.claim_halfmoves)
    reasons.push_back(std::to_string(quiet) + " half-moves passed without a capture or a pawn move (" +
                      std::to_string(d.claim_halfmoves) + " needed)");
  std::string why = reasons[0];
  if (reasons.size() > 1) why += " and " + reasons[1];
  return {false, EndReason::None, "refused: " + why};
}

void Match::check_both_stuck(std::int64_t t) {
  if (rules_.both_games) return strand_stuck_games(t);
  // core/RULES.md "End of the match": if neither mover can move, no capture can ever happen
  // again, so no piece can ever arrive: the match is over.
  if (state(BoardA) != BoardState::Stuck || state(BoardB) != BoardState::Stuck) return;
  if (rules_.stuck_rule == StuckRule::Draw || !tc_.timed()) {
    finish(MatchResult::Draw, EndReason::BothStuck, mover(BoardA), t);
    return;
  }
  // stuck_rule=flag: the stuck player whose clock would run out first loses.
  std::int64_t fa = flag_time(BoardA), fb = flag_time(BoardB);
  Seat sa = mover(BoardA), sb = mover(BoardB);
  if (fa == fb && team_of(sa) != team_of(sb)) {
    finish(MatchResult::Draw, EndReason::StuckFlag, sa, std::max(fa, t));
    return;
  }
  Seat loser = fa <= fb ? sa : sb;
  finish(win_for(~team_of(loser)), EndReason::StuckFlag, loser, std::max(std::min(fa, fb), t));
}

void Match::strand_stuck_games(std::int64_t t) {
  // core/RULES.md "Both games played out": a stuck mover whose partner's game is over, or
  // whose partner's opponent is stuck too, can never receive a piece. Under stuck_rule =
  // flag (timed) its clock decides; otherwise that game is drawn.
  if (rules_.stuck_rule == StuckRule::Flag && tc_.timed()) return;
  for (BoardId b : {BoardA, BoardB}) {
    if (over() || state(b) != BoardState::Stuck) continue;
    const BoardState partner = state(other(b));
    if (partner == BoardState::Finished || partner == BoardState::Stuck)
      finish(MatchResult::Draw, EndReason::Stranded, mover(b), t);
  }
}

}  // namespace bh
