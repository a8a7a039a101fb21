// evaluation_stage.cpp — baselines, the best net, the Elo chain, promotion.
#include "training/loop/evaluation_stage.h"

#include <cstdio>
#include <optional>
#include <thread>

#include "mcts/greedy_player.h"
#include "mcts/random_player.h"
#include "training/players/arena.h"
#include "training/players/elo.h"
#include "training/players/model_loader.h"
#include "training/players/network_source.h"
#include "training/loop/promotion.h"

namespace bh {

namespace {

// Plays one arena of the candidate against `opponent`, showing progress; nothing when
// `games` is 0.
struct ArenaRunner {
  RunContext& run;
  std::int64_t generation;
  ArenaSide candidate;
  ArenaConfig config;
  JsonLine& summary;

  std::optional<ArenaResult> play(const ArenaSide& opponent, int games, const std::string& key) {
    if (games <= 0) return std::nullopt;
    config.games = games;
    ArenaResult r = run_arena(candidate, opponent, config, [&](int, const Match&, const ArenaResult& so_far) {
      char text[200];
      std::snprintf(text, sizeof text, "gen %lld arena vs %s: %d/%d, +%d =%d -%d", static_cast<long long>(generation),
                    opponent.name.c_str(), so_far.games(), games, so_far.wins, so_far.draws, so_far.losses);
      run.progress.show(text);
    });
    record(r, key);
    return r;
  }

  // The result's score, games and Elo with its interval under `key` in the generation's line.
  void record(const ArenaResult& r, const std::string& key) {
    const EloEstimate elo = r.elo();
    summary.set("score_" + key, r.score()).set("games_" + key, r.games());
    summary.set("elo_" + key, elo.elo).set("elo_" + key + "_low", elo.low).set("elo_" + key + "_high", elo.high);
  }
};

ArenaConfig arena_config(const RunContext& run, std::int64_t g) {
  const EvaluationSettings& e = run.config.evaluation;
  ArenaConfig arena;
  arena.rules = run.config.rules;
  arena.clock = run.config.clock;
  arena.threads = e.threads > 0 ? e.threads : int(std::thread::hardware_concurrency());
  arena.seed = std::uint64_t(g);
  arena.bpgn_path = run.dir.arena_record(g).string();
  return arena;
}

// The new net's matches against the tactical evaluator for promotion: those of this
// generation, and, when it has won its promotion arena and the check is on, the
// promote_tactical_games more (other seeds than the first ones: matches replay from
// their seeds).
std::optional<ArenaResult> tactical_evidence(ArenaRunner& arena, const ArenaSide& tactical,
                                             const std::optional<ArenaResult>& played) {
  const EvaluationSettings& e = arena.run.config.evaluation;
  if (e.promote_tactical_margin >= 1) return played;
  ArenaResult all = played.value_or(ArenaResult{});
  ArenaRunner more = arena;
  more.config.seed = ~arena.config.seed;
  if (const auto r = more.play(tactical, e.promote_tactical_games, "promotion_vs_tactical")) all += *r;
  if (all.games() == 0) return std::nullopt;
  arena.record(all, "promotion_vs_tactical");  // all of them, not only the more
  return all;
}

// The tactical bar a newly promoted net sets (promotion.h): its score over every match it
// has played against the tactical evaluator, those it was promoted on and
// promote_tactical_games fresh ones played after its promotion on a third set of seeds.
// The fresh ones dilute the luck that promoted it; alone (80 matches) they left a bar as
// noisy as the luck (training/loop/README.md "Experiments": the pooled bar).
double pooled_tactical_bar(ArenaRunner& arena, const ArenaSide& tactical, ArenaResult promoted_on) {
  ArenaRunner fresh = arena;
  fresh.config.seed = arena.config.seed + (std::uint64_t(1) << 40);
  if (const auto r = fresh.play(tactical, arena.run.config.evaluation.promote_tactical_games, "fresh_vs_tactical"))
    promoted_on += *r;
  return promoted_on.score();
}

// Elo is chained through the best net: the initial net is 0, each new net is measured
// against the best so far, and becomes the best when promotion.h says so.
void measure_against_best(RunContext& run, ArenaRunner& arena, const SearchConfig& search, const TurnModel& turn,
                          const ArenaSide& tactical, const std::optional<ArenaResult>& vs_tactical) {
  const EvaluationSettings& e = run.config.evaluation;
  RunState& state = run.state;
  ModelSource best = load_network(run.dir.checkpoint(state.best_generation).string(), run.inference);
  best.name = "gen " + std::to_string(state.best_generation);
  const ArenaSide best_side = best.side(search, turn);
  const auto r = arena.play(best_side, e.games_vs_best, "vs_best");
  if (!r) return;
  const EloChain chain{state.best_elo, state.best_elo_variance};
  const EloChain::Link link = chain.measure(r->elo());
  state.elo = link.elo;
  arena.summary.set("elo", link.elo).set("elo_low", link.low).set("elo_high", link.high)
      .set("vs_generation", state.best_generation);
  PromotionEvidence evidence{r->score(), arena.summary.number("score_vs_greedy"), state.highest_vs_greedy,
                             std::nullopt, state.bar_vs_tactical};
  std::optional<ArenaResult> tactical_matches;
  if (r->score() >= e.promote_score) tactical_matches = tactical_evidence(arena, tactical, vs_tactical);
  if (tactical_matches) evidence.vs_tactical = tactical_matches->score();
  const PromotionVerdict promotion = judge_promotion(e, evidence);
  arena.summary.set("promotion", to_string(promotion));
  const bool tactical_check = e.promote_tactical_margin < 1;
  if (promotion == PromotionVerdict::Promoted) {
    state.best_generation = arena.generation;
    state.best_elo = link.elo;
    state.best_elo_variance = link.variance;
    state.highest_vs_greedy = raised_bar(state.highest_vs_greedy, evidence.vs_greedy);
    if (tactical_check && tactical_matches) state.bar_vs_tactical = pooled_tactical_bar(arena, tactical, *tactical_matches);
  }
  // The bar the next net must reach, where the check is on (the report draws it).
  if (tactical_check && state.bar_vs_tactical >= 0) arena.summary.set("bar_vs_tactical", state.bar_vs_tactical);
}

}  // namespace

void evaluate_generation(RunContext& run, std::int64_t g, JsonLine& summary) {
  const EvaluationSettings& e = run.config.evaluation;
  auto fresh = InferenceNet::create(run.trainer.player(), run.inference);
  SearchConfig search = run.config.search;
  search.visits = e.visits;
  const TurnModel turn{TimeModel(run.config.think), run.config.search.allow_wait && run.config.clock.timed()};
  std::filesystem::remove(run.dir.arena_record(g));  // a redone generation's arena starts afresh

  ArenaRunner arena{run, g, network_source(fresh, "gen " + std::to_string(g)).side(search, turn), arena_config(run, g), summary};
  const auto time_model = TimeModel(run.config.think);
  const ArenaSide random{"random", [time_model](std::uint64_t seed) { return std::make_unique<RandomPlayer>(time_model, seed); }};
  const ArenaSide greedy{"greedy", [time_model](std::uint64_t seed) { return std::make_unique<GreedyPlayer>(time_model, seed); }};
  // At the same visits as the net: what the net adds over the hand-written evaluator.
  const ArenaSide tactical = ModelLoader().load("tactical").side(search, turn);
  const auto vs_tactical = arena.play(tactical, e.games_vs_tactical, "vs_tactical");
  if (fresh->config().tactical_residual && e.games_net_alone_vs_tactical > 0) {
    ArenaRunner alone = arena;
    alone.candidate = network_source(fresh, "gen " + std::to_string(g) + " alone", 1, true).side(search, turn);
    alone.play(tactical, e.games_net_alone_vs_tactical, "alone_vs_tactical");
  }
  arena.play(random, e.games_vs_random, "vs_random");
  arena.play(greedy, e.games_vs_greedy, "vs_greedy");
  if (e.games_vs_best > 0) measure_against_best(run, arena, search, turn, tactical, vs_tactical);
  summary.set("best_generation", run.state.best_generation);
}

}  // namespace bh
