// evaluator.h — the only thing the search knows about the network. An Evaluator takes a
// batch of decision points (a MatchView and the legal actions of its seat) and returns,
// for each, a prior over those actions and the expected result for the seat's team.
//
// Threading contract: an Evaluator is called from one thread at a time (each self-play
// worker owns its own); implementations that serve many threads say so themselves.
#pragma once

#include <array>
#include <span>
#include <string>
#include <vector>

#include "core/match_view.h"
#include "core/types.h"

namespace bh {

struct EvalRequest {
  const MatchView* view = nullptr;   // the position, seen by view->seat
  std::span<const Move> actions;     // legal moves of that seat, plus Move::wait() if allowed
};

struct Evaluation {
  std::vector<float> priors;         // one per action, in the request's order, summing to 1
  std::array<float, 3> wdl{};        // win, draw, loss probabilities for the seat's team
  float value = 0;                   // wdl[0] - wdl[2], in [-1, 1]
};

class Evaluator {
 public:
  virtual ~Evaluator() = default;
  // Fills out[i] for batch[i]; out.size() == batch.size(). Reuses out[i].priors' capacity.
  virtual void evaluate(std::span<const EvalRequest> batch, std::span<Evaluation> out) = 0;
  virtual std::string name() const = 0;
};

}  // namespace bh
