// search_player.cpp — MctsPlayer with an evaluator of its own.
#include "training/players/search_player.h"

#include <stdexcept>

namespace bh {

namespace {

Evaluator& checked(const std::unique_ptr<Evaluator>& evaluator) {
  if (!evaluator) throw std::invalid_argument("search player: no evaluator");
  return *evaluator;
}

}  // namespace

SearchPlayer::SearchPlayer(std::unique_ptr<Evaluator> evaluator, const SearchConfig& search, const TurnModel& turn,
                           std::uint64_t seed, std::string name)
    : evaluator_(std::move(evaluator)), player_(checked(evaluator_), search, turn, seed), name_(std::move(name)) {}

}  // namespace bh
