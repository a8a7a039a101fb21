// model_source.cpp — evaluators, players and arena sides from one loaded model.
#include "training/players/model_source.h"

#include <sstream>
#include <stdexcept>

#include "mcts/blended_evaluator.h"
#include "training/players/search_player.h"

namespace bh {

namespace {

std::unique_ptr<Evaluator> made(const ModelSource& source, int threads, int max_batch) {
  if (!source.make) throw std::logic_error("model '" + source.name + "': the source makes no evaluators");
  return source.make(threads, max_batch);
}

}  // namespace

std::unique_ptr<Evaluator> ModelSource::evaluator() const { return made(*this, threads, kPlayerMaxBatch); }

EvaluatorFactory ModelSource::selfplay_evaluators() const {
  // One core per worker: the workers are the parallelism (nn/README.md "Threads").
  return [source = *this](int) { return made(source, 1, kSelfPlayMaxBatch); };
}

SearchConfig ModelSource::search_config(SearchConfig search) const {
  if (network.empty() || net_alone) search.net_visits = 0;
  search.tactical_scale = tactical_scale;
  search.tactical_placement = tactical_placement;
  return search;
}

std::unique_ptr<Player> ModelSource::player(const SearchConfig& search, const TurnModel& turn,
                                            std::uint64_t seed) const {
  return std::make_unique<SearchPlayer>(evaluator(), search_config(search), turn, seed, name);
}

ArenaSide ModelSource::side(const SearchConfig& search, const TurnModel& turn) const {
  return {name, [source = *this, search, turn](std::uint64_t seed) { return source.player(search, turn, seed); }};
}

ModelSource with_tactical(ModelSource source, float weight) {
  std::ostringstream written;
  written << weight;
  if (!(weight >= 0 && weight <= 1))
    throw std::invalid_argument("tactical weight " + written.str() + " is not between 0 and 1");
  if (weight == 0) return source;
  source.make = [make = std::move(source.make), weight](int threads, int max_batch) -> std::unique_ptr<Evaluator> {
    return std::make_unique<BlendedEvaluator>(make(threads, max_batch), weight);
  };
  source.name += "+tactical " + written.str();
  return source;
}

}  // namespace bh
