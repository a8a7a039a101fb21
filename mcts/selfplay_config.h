// selfplay_config.h — everything one self-play run needs: the rules and clocks of its
// matches, the time model, the search, and the self-play policy around the search
// (playout-cap randomisation, temperature schedule, resignation, match-length cap,
// worker layout). training/config.h fills it from the [rules], [clock], [search] and
// [selfplay] sections.
#pragma once

#include <cstdint>

#include "core/match.h"
#include "core/rules.h"
#include "mcts/search_config.h"
#include "mcts/time_model.h"

namespace bh {

struct SelfPlayConfig {
  RuleSet rules;
  TimeControl clock;
  TimeModelConfig think;
  SearchConfig search;  // search.visits: the visits of a full search

  // Playout-cap randomisation (KataGo): each decision is a full search with this
  // probability (noise on, recorded as a policy target), otherwise a cheap search with
  // cheap_visits (no noise; recorded with full_search = false when record_cheap).
  double full_search_fraction = 0.25;
  int cheap_visits = 16;
  bool record_cheap = true;

  // Move choice: temperature T_end + (T_start - T_end) * 0.5^(moves / halflife), moves on
  // both boards together; 0 picks the most visited action.
  double temperature_start = 1.0;
  double temperature_end = 0.2;
  double temperature_halflife = 40;

  // A seat resigns when its team's searched value stays below resign_threshold for
  // resign_consecutive searched decisions of that team, after resign_min_moves moves.
  // In a fraction resign_playthrough of matches nobody resigns: they measure how often a
  // resignation would have been wrong (the false-resign rate).
  bool resign_enabled = true;
  double resign_threshold = -0.95;
  int resign_consecutive = 3;
  int resign_min_moves = 20;
  double resign_playthrough = 0.1;

  // Cap on match length in moves on both boards (a draw by move limit); 0 keeps the rules'
  // move_limit. The network sees the capped limit in MatchView::move_limit.
  int max_moves = 0;

  // Threads and batching (nn/README.md "Threads"): `workers` threads (0: one per core), each
  // advancing `concurrent_matches` matches and calling its own evaluator once per batch of
  // up to `batch_size` leaves (0: concurrent_matches x search.max_leaves_per_tree, which
  // also makes every match independent of the others in its batch).
  int workers = 0;
  int concurrent_matches = 32;
  int batch_size = 0;

  std::uint64_t seed = 1;
  std::uint32_t net_version = 0;  // stamped on every sample
  int matches_per_chunk = 16;     // output: matches per chunk file

  int effective_batch_size() const {
    return batch_size > 0 ? batch_size : concurrent_matches * search.max_leaves_per_tree;
  }
  // The rules the matches are played under: `rules` with the match-length cap applied.
  RuleSet match_rules() const;
  // Throws std::invalid_argument naming the first field out of range.
  void validate() const;
};

}  // namespace bh
