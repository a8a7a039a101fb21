// cecp_thinking.cpp — the CECP engine's thinking thread: it rests until its side is to
// move (or a partner's sit is lifted), searches the decision with a budget from its clock,
// posts its thinking, and plays, or sits when the search chooses to wait.
#include <algorithm>
#include <cmath>

#include "core/match.h"
#include "core/notation.h"
#include "training/engine/cecp_engine.h"
#include "training/engine/go_command.h"

namespace bh {

namespace {

// The most visited move when the search chose to wait but the interface said "move now".
Move best_move_not_wait(const SearchResult& result, Move fallback) {
  Move best = fallback;
  std::uint32_t most = 0;
  for (const ChildStat& c : result.children)
    if (!c.move.is_wait() && (best.is_wait() || c.visits > most)) best = c.move, most = c.visits;
  return best;
}

}  // namespace

void CecpEngine::think_loop() {
  std::unique_lock lock(mutex_);
  while (!quit_) {
    if (rest(lock)) continue;
    thinking_ = true;
    const std::uint64_t generation = generation_;
    const std::int64_t own = std::max<std::int64_t>(1, own_clock_now());
    std::optional<GameState> root = decision_root(own);
    if (!root || root->over()) {  // cannot happen while should_think(); keeps the loop alive
      force_ = true;
      continue;
    }
    auto final = std::make_shared<SearchInfo>();
    search_.start(*root, turn_limits(own), [this, final](const SearchInfo& info) {
      if (info.final) *final = info;
      post_thinking(info);
    });
    lock.unlock();
    search_.wait();
    lock.lock();
    if (quit_) break;
    if (generation != generation_ || !should_think()) continue;  // the position changed: think again
    act(*final);
  }
  thinking_ = false;
  wake_.notify_all();
}

bool CecpEngine::rest(std::unique_lock<std::mutex>& lock) {
  const bool sitting = sit_generation_ == generation_ && Clock::now() < sit_until_;  // by choice
  if (should_think() && !sitting) return false;
  thinking_ = false;
  wake_.notify_all();
  if (should_think()) wake_.wait_until(lock, sit_until_);
  else if (const auto floor = partner_sit_ends()) wake_.wait_until(lock, *floor);  // then it moves
  else wake_.wait(lock);
  return true;
}

std::optional<GameState> CecpEngine::decision_root(std::int64_t own) {
  const Seat seat = make_seat(BoardA, board_.side_to_move());
  const std::int64_t opp = std::max<std::int64_t>(1, opp_ms_ > 0 ? opp_ms_ : own);
  const std::int64_t white = color_of(seat) == White ? own : opp, black = color_of(seat) == White ? opp : own;
  const std::array<std::int64_t, kSeats> clocks{white, black, white, black};
  const TimeControl tc =
      timed() ? TimeControl{std::max({initial_ms_, white, black}), increment_ms_} : TimeControl::untimed();
  // The partner board is unknown to a CECP engine: the start position stands for it.
  try {
    Match match(board_, Board(), setup_.rules, tc, clocks);
    const TurnModel turn{TimeModel(setup_.think), timed() && !partner_.empty()};
    if (!match.over()) return GameState::at_decision(match, seat, 0, turn);
  } catch (const std::exception& e) {
    out_.line(std::string("telluser cannot think here: ") + e.what());
  }
  return std::nullopt;
}

SearchLimits CecpEngine::turn_limits(std::int64_t own) {
  SearchLimits limits;
  if (fixed_ms_ <= 0 && !timed()) {
    limits.visits = setup_.default_visits;
    return limits;
  }
  if (budget_turn_ != turn_) {
    budget_turn_ = turn_;
    budget_start_ = Clock::now();
    budget_ms_ = fixed_ms_ > 0
                     ? fixed_ms_
                     : think_budget_ms(own, increment_ms_, setup_.move_overhead_ms, setup_.moves_to_go) / (go_fast_ ? 4 : 1);
  }
  const auto spent = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - budget_start_).count();
  limits.time_ms = std::max<std::int64_t>(1, budget_ms_ - spent);
  return limits;
}

void CecpEngine::post_thinking(const SearchInfo& info) {
  if (!post_ || info.nodes == 0) return;
  std::string pv;
  for (auto [board, move] : info.pv)
    if (board == BoardA && !move.is_wait()) pv += " " + to_uci(move);
  out_.line(std::to_string(std::max(1, info.depth)) + " " + std::to_string(value_to_centipawns(info.value)) + " " +
            std::to_string(info.time_ms / 10) + " " + std::to_string(info.nodes) + pv);
}

void CecpEngine::act(const SearchInfo& result) {
  Move best = result.best;
  if (move_now_.exchange(false) && best.is_wait()) best = best_move_not_wait(result.result, best);
  if (!result.error.empty()) out_.line("telluser search failed: " + result.error);
  if (result.nodes > 0) last_value_ = result.value;  // a draw offer is answered from it
  if (best.is_none()) force_ = true;  // nothing to play: wait for the interface
  else if (best.is_wait()) sit();
  else play_own(best);
}

void CecpEngine::sit() {
  // The team sits together (we are ahead on time); rethink after a wait slice, or as soon
  // as anything changes.
  if (!partner_.empty() && !told_partner_sit_) {
    out_.line("tellics ptell sit");
    told_partner_sit_ = true;
  }
  sit_until_ = Clock::now() + std::chrono::milliseconds(setup_.think.wait_ms);
  sit_generation_ = generation_;
  budget_turn_ = kNoTurn;  // sitting was this turn's decision: the next think is new
}

void CecpEngine::play_own(Move move) {
  history_.push_back(board_);
  board_.play(move, setup_.rules.promotion);
  ++generation_;
  ++turn_;
  out_.line("move " + to_uci(move));
  if (partner_says_sit_) {  // only a low clock moves through a partner's sit ("?" lifts the sit itself)
    out_.line("tellics ptell my clock is low: I moved");
    partner_says_sit_ = false;
  }
  if (told_partner_sit_) {
    out_.line("tellics ptell go");
    told_partner_sit_ = false;
  }
}

}  // namespace bh
