// model_source.cpp — evaluators, players and arena sides from one loaded model.
#include "training/models/model_source.h"

#include <stdexcept>

#include "training/models/search_player.h"

namespace bh {

namespace {

std::unique_ptr<Evaluator> made(const ModelSource& source, int threads, int max_batch) {
  if (!source.make) throw std::logic_error("model '" + source.name + "': the source makes no evaluators");
  return source.make(threads, max_batch);
}

}  // namespace

std::unique_ptr<Evaluator> ModelSource::evaluator() const { return made(*this, threads, kPlayerMaxBatch); }

EvaluatorFactory ModelSource::selfplay_evaluators() const {
  // One core per worker: the workers are the parallelism (LIBTORCH.md "Threads").
  return [source = *this](int) { return made(source, 1, kSelfPlayMaxBatch); };
}

std::unique_ptr<Player> ModelSource::player(const SearchConfig& search, const TurnModel& turn,
                                            std::uint64_t seed) const {
  return std::make_unique<SearchPlayer>(evaluator(), search, turn, seed, name);
}

ArenaSide ModelSource::side(const SearchConfig& search, const TurnModel& turn) const {
  return {name, [source = *this, search, turn](std::uint64_t seed) { return source.player(search, turn, seed); }};
}

}  // namespace bh
