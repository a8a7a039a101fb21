// pairing.cpp — round robin by the Berger tables, the gauntlet, and one Swiss round by a
// backtracking search over the ranked field (README.md "Swiss pairing" gives the method).
#include "training/tournament/pairing.h"

#include <algorithm>
#include <cassert>
#include <numeric>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>

namespace bh {
namespace {

// One round of the Berger tables for an even count m (the last number fixed, the others
// on a circle of q = m - 1). In round r the entrant i with 2i = r (mod q) meets the fixed
// one, and i + k meets i - k on the following boards. Colours as FIDE's tables: the fixed
// entrant is home in odd rounds (0-based); of two others, an odd sum puts the lower
// number home, an even sum the higher. `bye` (the fixed entrant when the count is odd)
// turns its game into a bye, listed last.
Round berger_round(int m, int r, bool bye) {
  const int q = m - 1;
  const int fixed = m - 1;
  const int i = r * (q + 1) / 2 % q;  // (q + 1) / 2 is the inverse of 2 modulo odd q
  Round round;
  for (int k = 1; k < m / 2; ++k) {
    int a = (i + k) % q, b = (i - k + q) % q;
    if ((a + b) % 2 == 1) round.push_back({std::min(a, b), std::max(a, b)});
    else round.push_back({std::max(a, b), std::min(a, b)});
  }
  if (bye) round.push_back({i, kBye});
  else if (r % 2 == 1) round.insert(round.begin(), Pairing{fixed, i});
  else round.insert(round.begin(), Pairing{i, fixed});
  return round;
}

Round swap_colours(Round round) {
  for (Pairing& p : round)
    if (p.away != kBye) std::swap(p.home, p.away);
  return round;
}

}  // namespace

std::vector<Round> round_robin(int entrants, bool double_round) {
  if (entrants < 2)
    throw std::invalid_argument("round_robin: needs at least 2 entrants, got " + std::to_string(entrants));
  const bool odd = entrants % 2 == 1;
  const int m = odd ? entrants + 1 : entrants;
  std::vector<Round> rounds;
  for (int r = 0; r < m - 1; ++r) rounds.push_back(berger_round(m, r, odd));
  if (double_round)
    for (int r = 0; r < m - 1; ++r) rounds.push_back(swap_colours(rounds[r]));
  return rounds;
}

std::vector<Round> gauntlet(int entrants, int hero) {
  if (entrants < 2)
    throw std::invalid_argument("gauntlet: needs at least 2 entrants, got " + std::to_string(entrants));
  if (hero < 0 || hero >= entrants)
    throw std::invalid_argument("gauntlet: hero " + std::to_string(hero) + " is not an entrant of 0.." +
                                std::to_string(entrants - 1));
  std::vector<Round> rounds;
  for (int e = 0; e < entrants; ++e) {
    if (e == hero) continue;
    const bool hero_home = rounds.size() % 2 == 0;
    rounds.push_back({hero_home ? Pairing{hero, e} : Pairing{e, hero}});
  }
  return rounds;
}

namespace {

void check_swiss_field(const std::vector<SwissEntrant>& entrants) {
  const int n = static_cast<int>(entrants.size());
  if (n < 2) throw std::invalid_argument("swiss_round: needs at least 2 entrants, got " + std::to_string(n));
  for (int e = 0; e < n; ++e)
    for (int o : entrants[e].opponents)
      if (o < 0 || o >= n || o == e)
        throw std::invalid_argument("swiss_round: entrant " + std::to_string(e) + " lists opponent " +
                                    std::to_string(o) + ", not another entrant of 0.." + std::to_string(n - 1));
}

// Entrant numbers best first: score, then rating (both descending), then number.
std::vector<int> swiss_ranking(const std::vector<SwissEntrant>& entrants) {
  std::vector<int> order(entrants.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    if (entrants[a].score != entrants[b].score) return entrants[a].score > entrants[b].score;
    return entrants[a].rating > entrants[b].rating;
  });
  return order;
}

// The lowest-ranked entrant without a bye; the lowest-ranked of all when every one had one.
int swiss_bye(const std::vector<SwissEntrant>& entrants, const std::vector<int>& ranked) {
  for (auto it = ranked.rbegin(); it != ranked.rend(); ++it)
    if (!entrants[*it].had_bye) return *it;
  return ranked.back();
}

// The search over the ranked field (the bye taken out): the highest unpaired entrant takes
// the first partner of its preference list that lets the rest be paired. Positions are
// ranks (0 best). Fields that cannot be paired are remembered by their unpaired set, so a
// field without a repeat-free pairing is refuted without retrying the same remainders.
class SwissSearch {
 public:
  SwissSearch(const std::vector<SwissEntrant>& entrants, std::vector<int> ranked)
      : entrants_(entrants), ranked_(std::move(ranked)), paired_(ranked_.size(), false) {}

  // Pairs by rank position, best board first; empty when no pairing avoids repeats.
  std::vector<std::pair<int, int>> pair(bool allow_repeats) {
    allow_repeats_ = allow_repeats;
    std::fill(paired_.begin(), paired_.end(), false);
    pairs_.clear();
    dead_.clear();
    if (!pair_rest()) pairs_.clear();
    return pairs_;
  }

 private:
  bool met(int a, int b) const {
    const auto& opponents = entrants_[ranked_[a]].opponents;
    return std::find(opponents.begin(), opponents.end(), ranked_[b]) != opponents.end();
  }
  long times_met(int a, int b) const { return std::count(entrants_[ranked_[a]].opponents.begin(), entrants_[ranked_[a]].opponents.end(), ranked_[b]); }
  double score(int position) const { return entrants_[ranked_[position]].score; }

  bool pair_rest() {
    const int size = static_cast<int>(ranked_.size());
    int top = 0;
    while (top < size && paired_[top]) ++top;
    if (top == size) return true;
    if (dead_.count(paired_)) return false;
    paired_[top] = true;
    for (int partner : preferences(top)) {
      if (!allow_repeats_ && met(top, partner)) continue;
      paired_[partner] = true;
      pairs_.emplace_back(top, partner);
      if (pair_rest()) return true;
      pairs_.pop_back();
      paired_[partner] = false;
    }
    paired_[top] = false;
    dead_.insert(paired_);
    return false;
  }

  // The Dutch choice first (the top of the unpaired part of `top`'s score group meets the
  // first of its lower half), then every other unpaired entrant in rank order; with
  // repeats allowed, the least met first, each count in that order (so a long Swiss of few
  // entrants cycles through the opponents instead of repeating the top pairing).
  std::vector<int> preferences(int top) const {
    std::vector<int> rest, group;
    for (int p = top + 1; p < static_cast<int>(ranked_.size()); ++p) {
      if (paired_[p]) continue;
      rest.push_back(p);
      if (score(p) == score(top)) group.push_back(p);
    }
    if (!group.empty()) {
      // In the whole group of g (top at 0, `group` holds 1..g-1) the choice is at g / 2.
      const int dutch = group[(group.size() + 1) / 2 - 1];
      auto it = std::find(rest.begin(), rest.end(), dutch);
      std::rotate(rest.begin(), it, it + 1);
    }
    if (allow_repeats_)
      std::stable_sort(rest.begin(), rest.end(), [&](int a, int b) { return times_met(top, a) < times_met(top, b); });
    return rest;
  }

  const std::vector<SwissEntrant>& entrants_;
  std::vector<int> ranked_;
  std::vector<bool> paired_;
  std::vector<std::pair<int, int>> pairs_;
  std::set<std::vector<bool>> dead_;
  bool allow_repeats_ = false;
};

// The lower colour balance is home; the higher-ranked (`first`) on a tie.
Pairing coloured(const std::vector<SwissEntrant>& entrants, int first, int second) {
  if (entrants[second].home_minus_away < entrants[first].home_minus_away) return {second, first};
  return {first, second};
}

}  // namespace

Round swiss_round(const std::vector<SwissEntrant>& entrants) {
  check_swiss_field(entrants);
  std::vector<int> ranked = swiss_ranking(entrants);
  int bye = kBye;
  if (ranked.size() % 2 == 1) {
    bye = swiss_bye(entrants, ranked);
    ranked.erase(std::find(ranked.begin(), ranked.end(), bye));
  }
  SwissSearch search(entrants, ranked);
  std::vector<std::pair<int, int>> pairs = search.pair(false);
  if (pairs.empty()) pairs = search.pair(true);
  assert(pairs.size() == ranked.size() / 2);
  Round round;
  for (auto [a, b] : pairs) round.push_back(coloured(entrants, ranked[a], ranked[b]));
  if (bye != kBye) round.push_back({bye, kBye});
  return round;
}

}  // namespace bh
