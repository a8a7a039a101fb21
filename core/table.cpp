// table.cpp — a row of boards: clocks, the capturer's choice of receiver, and the end.
#include "core/table.h"

#include <algorithm>
#include <limits>
#include <stdexcept>

#include "core/board_rules.h"
#include "core/notation.h"
#include "core/rule_conflicts.h"

namespace bh {

namespace {

std::string board_name(BoardId b) { return std::string(1, board_letter(b)); }

// Whether a move takes a piece (en passant takes a pawn from a square it does not land on).
bool captures(const Board& board, Move m) {
  if (m.is_drop() || m.is_wait()) return false;
  return m.is_en_passant() || board.piece_on(m.to()) != NoPiece;
}

bool takes_king(const Board& board, Move m) {
  return !m.is_drop() && !m.is_wait() && type_of(board.piece_on(m.to())) == King;
}

}  // namespace

Table::Table(RuleSet rules, TimeControl tc) : Table(std::vector<Board>(rules.boards), rules, tc) {}

Table::Table(std::vector<Board> row, RuleSet rules, TimeControl tc, std::vector<std::int64_t> clocks)
    : boards_(std::move(row)), rules_(rules), tc_(tc) {
  if (boards_.size() < 2 || boards_.size() > std::size_t(kMaxBoards))
    throw std::invalid_argument("a table has 2 to " + std::to_string(kMaxBoards) + " boards, not " +
                                std::to_string(boards_.size()));
  rules_.boards = std::uint8_t(boards_.size());
  // The forms a row of boards does not play are the conflicts of core/rule_conflicts for
  // three boards, whatever the count: one list, core/RULES.md "Three or more boards".
  RuleSet as_row = rules_;
  as_row.boards = 3;
  if (const RuleConflict c = rules_conflict(as_row)) throw std::invalid_argument("rule option '" + c.option + "': " + c.why);
  if (!clocks.empty() && clocks.size() != std::size_t(seats()))
    throw std::invalid_argument("a table of " + std::to_string(boards()) + " boards needs " + std::to_string(seats()) +
                                " clocks, not " + std::to_string(clocks.size()));
  clocks_.assign(seats(), tc_.timed() ? tc_.initial_ms : 0);
  if (tc_.timed() && !clocks.empty()) clocks_ = clocks;
  for (int s = 0; s < seats(); ++s)
    if (tc_.timed() && clocks_[s] <= 0)
      throw std::invalid_argument("clock of " + std::string(seat_name(Seat(s))) + " must be positive");
  initial_ = boards_;
  initial_clocks_ = clocks_;
  turn_start_.assign(boards(), 0);
  for (int b = 0; b < boards(); ++b) check_pawn_ranks(boards_[b], rules_, BoardId(b));
  for (int b = 0; b < boards() && !over(); ++b) check_board_end(BoardId(b), 0);
  if (!over()) check_all_stuck(0);
}

std::int64_t Table::remaining(Seat s, std::int64_t t) const {
  if (!tc_.timed()) return 0;
  const BoardId b = board_of(s);
  if (mover(b) != s) return clocks_[s];
  return clocks_[s] - tc_.charged(std::max(t, turn_start_[b]) - turn_start_[b]);
}

std::int64_t Table::flag_time(BoardId b) const { return turn_start_[b] + tc_.delay_ms + clocks_[mover(b)]; }

void Table::require_time(std::int64_t t) const {
  if (t < now_)
    throw std::invalid_argument("table time " + std::to_string(t) + " ms is before the last event at " +
                                std::to_string(now_) + " ms");
}

std::vector<BoardId> Table::receivers(BoardId b) const {
  std::vector<BoardId> out;
  for (int j = 0; j < boards(); ++j)
    if ((j - int(b)) % 2 != 0) out.push_back(BoardId(j));
  return out;
}

std::vector<TableMove> Table::legal_actions(BoardId b) const {
  std::vector<TableMove> out;
  if (over()) return out;
  const std::vector<BoardId> to = receivers(b);
  for (Move m : legal_moves(boards_[b], rules_)) {
    if (!captures(boards_[b], m) || takes_king(boards_[b], m)) {
      out.push_back({m});
      continue;
    }
    for (BoardId r : to) out.push_back({m, r});
  }
  return out;
}

TableMove Table::checked(BoardId b, TableMove action) const {
  if (b >= boards()) throw std::invalid_argument("no board " + board_name(b) + " at a table of " + std::to_string(boards()));
  const Board& board = boards_[b];
  const std::string where = " on board " + board_name(b);
  if (!is_legal(board, rules_, action.move))
    throw std::invalid_argument("illegal move " + to_uci(action.move) + " for " + std::string(seat_name(mover(b))) + where);
  const bool passes = captures(board, action.move) && !takes_king(board, action.move);
  if (!passes) {
    if (action.receiver != TableMove::kNoBoard)
      throw std::invalid_argument(to_uci(action.move) + where + " captures nothing to pass");
    return action;
  }
  const std::vector<BoardId> to = receivers(b);
  if (action.receiver == TableMove::kNoBoard && to.size() == 1) return {action.move, to[0]};
  if (std::find(to.begin(), to.end(), BoardId(action.receiver)) != to.end()) return action;
  std::string names;
  for (BoardId r : to) names += (names.empty() ? "" : " or ") + board_name(r);
  throw std::invalid_argument("the capture " + to_uci(action.move) + where + " passes to board " + names +
                              (action.receiver == TableMove::kNoBoard ? ": say which" : ", not " + board_name(BoardId(action.receiver))));
}

bool Table::advance_to(std::int64_t t) {
  if (over()) return false;
  require_time(t);
  if (tc_.timed()) {
    std::int64_t first = std::numeric_limits<std::int64_t>::max();
    for (int b = 0; b < boards(); ++b) first = std::min(first, flag_time(BoardId(b)));
    if (first <= t) {
      now_ = std::max(now_, first);
      finish_by_clock(EndReason::Flag, first);
      return false;
    }
  }
  now_ = t;
  return true;
}

void Table::finish_by_clock(EndReason why, std::int64_t t) {
  // core/RULES.md "End of the match": the first to run out loses; two opponents running
  // out at the same moment draw. Stuck boards (stuck_rule = flag) are judged the same way.
  std::int64_t first = std::numeric_limits<std::int64_t>::max();
  for (int b = 0; b < boards(); ++b) first = std::min(first, flag_time(BoardId(b)));
  std::vector<Seat> losers;
  for (int b = 0; b < boards(); ++b)
    if (flag_time(BoardId(b)) == first) losers.push_back(mover(BoardId(b)));
  const bool both_teams = std::any_of(losers.begin(), losers.end(), [&](Seat s) { return team_of(s) != team_of(losers[0]); });
  const std::int64_t at = std::max(first, t);
  if (both_teams)
    outcome_ = Outcome{MatchResult::Draw, why == EndReason::Flag ? EndReason::SimultaneousFlags : why, losers[0], at};
  else
    outcome_ = Outcome{win_for(~team_of(losers[0])), why, losers[0], at};
}

bool Table::play(BoardId b, TableMove action, std::int64_t t) {
  if (over()) {
    // core/RULES.md "End of the match": the other team mating at the same moment draws.
    const bool same_moment = outcome_.reason == EndReason::Checkmate && t == outcome_.time_ms && b < boards() &&
                             b != board_of(outcome_.seat) && team_of(mover(b)) == team_of(outcome_.seat);
    if (!same_moment || !is_legal(boards_[b], rules_, action.move)) return false;
    Board after = boards_[b];
    after.play(action.move, rules_.promotion);
    if (board_state(after, rules_) != BoardState::Checkmate) return false;
    events_.push_back({mover(b), action, t, remaining(mover(b), t)});
    boards_[b] = after;
    ++moves_played_;
    outcome_ = Outcome{MatchResult::Draw, EndReason::SimultaneousMates, mover(b), t};
    return true;
  }
  require_time(t);
  const TableMove legal = checked(b, action);
  if (!advance_to(t)) return false;
  play_checked(b, legal, t);
  return true;
}

void Table::play_checked(BoardId b, TableMove action, std::int64_t t) {
  const Seat s = mover(b);
  if (tc_.timed()) clocks_[s] += tc_.increment_ms - tc_.charged(t - turn_start_[b]);
  turn_start_[b] = t;
  const Capture captured = boards_[b].play(action.move, rules_.promotion);
  events_.push_back({s, action, t, clocks_[s]});
  ++moves_played_;
  if (captured.type == King) {
    // core/RULES.md "King capture": taking the king wins; the king passes to nobody.
    outcome_ = Outcome{win_for(team_of(s)), EndReason::KingCaptured, make_seat(b, captured.color), t};
    return;
  }
  // core/RULES.md "Three or more boards": the piece goes to the board the capturer chose.
  if (captured) boards_[action.receiver].add_to_reserve(captured.color, passed_type(captured, rules_));
  grant_dropped_rook_castling(boards_[b], rules_, action.move, color_of(s));
  check_board_end(b, t);
  if (!over() && moves_played_ >= rules_.move_limit) outcome_ = Outcome{MatchResult::Draw, EndReason::MoveLimit, s, t};
  if (!over()) check_all_stuck(t);
}

bool Table::wait(BoardId b, std::int64_t t) {
  if (b >= boards()) throw std::invalid_argument("no board " + board_name(b) + " at a table of " + std::to_string(boards()));
  if (!advance_to(t)) return false;
  events_.push_back({mover(b), {Move::wait()}, t, remaining(mover(b), t)});
  return true;
}

void Table::resign(Seat s, std::int64_t t) {
  if (!advance_to(t)) return;
  outcome_ = Outcome{win_for(~team_of(s)), EndReason::Resignation, s, t};
}

void Table::check_board_end(BoardId b, std::int64_t t) {
  if (state(b) == BoardState::Checkmate) outcome_ = Outcome{win_for(~team_of(mover(b))), EndReason::Checkmate, mover(b), t};
}

void Table::check_all_stuck(std::int64_t t) {
  // core/RULES.md "Three or more boards": when no mover anywhere can move, no capture can
  // happen again and no piece can arrive; the stuck rule of two boards decides.
  for (int b = 0; b < boards(); ++b)
    if (state(BoardId(b)) != BoardState::Stuck) return;
  if (rules_.stuck_rule == StuckRule::Draw || !tc_.timed())
    outcome_ = Outcome{MatchResult::Draw, EndReason::BothStuck, mover(BoardA), t};
  else
    finish_by_clock(EndReason::StuckFlag, t);
}

}  // namespace bh
