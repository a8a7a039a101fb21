// selfplay_match.cpp — playout cap, temperature, resignation and sample recording of one match.
#include "mcts/selfplay_match.h"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace bh {

bool FinishedMatch::false_resign() const {
  if (!would_resign) return false;
  const MatchResult r = record.outcome().result;
  return r != win_for(~*would_resign);
}

SelfPlayMatch::SelfPlayMatch(const SelfPlayConfig& config, SelfPlayCounters* counters)
    : config_(config), counters_(counters), turn_model_{TimeModel(config.think), config.search.allow_wait}, search_(config.search) {}

void SelfPlayMatch::begin(std::int64_t index) {
  const auto stream = std::uint64_t(index) * 3;
  rng_.reseed(derive_seed(config_.seed, stream));
  search_.seed(derive_seed(config_.seed, stream + 1));
  search_.reset();
  Match match(config_.match_rules(), config_.clock);
  match.set_recording(false);
  state_.emplace(GameState::sampled(match, turn_model_, Rng(derive_seed(config_.seed, stream + 2))));
  record_.emplace(config_.match_rules(), config_.clock);
  out_ = FinishedMatch();
  out_.index = index;
  out_.resign_playthrough = config_.resign_enabled && rng_.uniform() < config_.resign_playthrough;
  active_ = true;
  searching_ = false;
  low_streak_[0] = low_streak_[1] = 0;
}

float SelfPlayMatch::temperature() const {
  const double moves = state_->match().moves_played();
  return float(config_.temperature_end + (config_.temperature_start - config_.temperature_end) *
                                             std::exp2(-moves / config_.temperature_halflife));
}

void SelfPlayMatch::play(Move action) {
  const Seat seat = state_->decider();
  const BoardId b = board_of(seat);
  const std::int64_t t = state_->time();
  state_->apply(action);
  // The record follows the same actions at the same times (it keeps the events for BPGN).
  if (action.is_wait()) {
    record_->wait(b, t);
    ++out_.waits;
    if (counters_) counters_->waits++;
  } else {
    record_->play_legal(b, action, t);
    ++out_.moves;
    if (counters_) counters_->moves++;
  }
  if (state_->over() && !record_->over()) record_->advance_to(state_->match().outcome().time_ms);
  // Repetitions (option repetition_draw; fivefold in standard chess) need the position
  // history only the record keeps.
  if (record_->over() && !state_->over()) {
    assert(record_->outcome().reason == EndReason::Repetition ||
           record_->outcome().reason == EndReason::FivefoldRepetition);
    state_->end_in_draw();
  }
  search_.advance(seat, action);
}

bool SelfPlayMatch::prepare() {
  assert(active_);
  if (searching_) return true;  // the current search goes on
  MoveList actions;
  while (!state_->over()) {
    state_->actions(actions);
    if (actions.size == 1) {
      play(actions.moves[0]);  // nothing to choose: no search, no sample
      continue;
    }
    full_search_ = config_.full_search_fraction >= 1 || rng_.uniform() < config_.full_search_fraction;
    SearchParams params;
    params.visits = full_search_ ? config_.search.visits : config_.cheap_visits;
    params.noise = full_search_;
    // Each search spends its own budget; a full search, whose visits become the policy
    // target, starts from a fresh tree so that every visit was made under its root noise.
    params.visits_on_top = true;
    params.keep_tree = !full_search_;
    search_.start(*state_, params);
    searching_ = true;
    return true;
  }
  return false;
}

void SelfPlayMatch::decide() {
  assert(searching_ && search_.done());
  searching_ = false;
  ++out_.searches;
  if (counters_) counters_->searches++;
  const SearchResult r = search_.result();
  const Seat seat = state_->decider();
  assert(r.seat == seat);

  if (full_search_ || config_.record_cheap) {
    Sample s;
    state_->view().pack(s.view);
    s.seat = seat;
    s.full_search = full_search_;
    s.net_version = config_.net_version;
    s.visits = r.visits;
    s.root_value = std::clamp(r.value, -1.0f, 1.0f);
    // Sparse policy: drop what rounds to nothing, renormalise.
    double sum = 0;
    for (std::size_t i = 0; i < r.children.size(); ++i)
      if (r.policy[i] >= 1e-4f) sum += r.policy[i];
    for (std::size_t i = 0; i < r.children.size(); ++i)
      if (r.policy[i] >= 1e-4f) s.policy.push_back({r.children[i].move.raw(), float(r.policy[i] / sum)});
    out_.samples.push_back(std::move(s));
  }

  // Resignation (with the playthrough matches that measure its false-resign rate).
  const Team team = team_of(seat);
  if (config_.resign_enabled) {
    low_streak_[team] = r.value < config_.resign_threshold ? low_streak_[team] + 1 : 0;
    const bool meets = low_streak_[team] >= config_.resign_consecutive &&
                       state_->match().moves_played() >= config_.resign_min_moves;
    if (meets) {
      if (!out_.resign_playthrough) {
        const std::int64_t t = state_->time();
        state_->resign();
        record_->resign(seat, t);
        return;
      }
      if (!out_.would_resign) out_.would_resign = team;
    }
  }
  play(search_.choose(r, temperature()));
}

FinishedMatch SelfPlayMatch::finish() {
  assert(active_ && state_->over() && record_->over());
  assert(record_->outcome().result == state_->match().outcome().result);
  active_ = false;
  // A sample keeps the match's result: won, drawn or lost (under both_games a 1.5-0.5, +0.5
  // as a value, is a win).
  for (Sample& s : out_.samples) s.result = std::int8_t(std::lround(state_->result_for(team_of(s.seat))));
  out_.record = std::move(*record_);
  record_.reset();
  return std::move(out_);
}

}  // namespace bh
