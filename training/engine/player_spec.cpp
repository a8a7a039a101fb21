// player_spec.cpp — arena sides from their specs.
#include "training/engine/player_spec.h"

#include <algorithm>
#include <chrono>
#include <stdexcept>

#include "mcts/greedy_player.h"
#include "mcts/mcts_player.h"
#include "mcts/random_player.h"
#include "mcts/simple_evaluators.h"
#include "mcts/time_model.h"
#include "training/engine/engine_spec.h"
#include "training/engine/uci_player.h"
#include "training/engine/xboard_player.h"

namespace bh {

namespace {

// MctsPlayer borrows its evaluator; this one owns it (declared first: built first,
// destroyed last).
class SearchPlayer final : public Player {
 public:
  SearchPlayer(std::unique_ptr<Evaluator> evaluator, const SearchConfig& search, const TurnModel& turn,
               std::uint64_t seed, std::string name)
      : evaluator_(std::move(evaluator)), player_(*evaluator_, search, turn, seed), name_(std::move(name)) {}
  PlayerAction decide(const Match& match, Seat seat, std::int64_t t) override { return player_.decide(match, seat, t); }
  void new_match() override { player_.new_match(); }
  std::string name() const override { return name_; }

 private:
  std::unique_ptr<Evaluator> evaluator_;
  MctsPlayer player_;
  std::string name_;
};

// A player whose think time is the wall time its decision really took (rounded up to the
// 10 ms clock grid); a wait still sits at least one wait slice.
class RealTimePlayer final : public Player {
 public:
  RealTimePlayer(std::unique_ptr<Player> inner, std::int64_t wait_ms) : inner_(std::move(inner)), wait_ms_(wait_ms) {}
  PlayerAction decide(const Match& match, Seat seat, std::int64_t t) override {
    const auto start = std::chrono::steady_clock::now();
    PlayerAction a = inner_->decide(match, seat, t);
    const auto took =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
    a.think_ms = std::max<std::int64_t>(kTimeGridMs, (took + kTimeGridMs - 1) / kTimeGridMs * kTimeGridMs);
    if (a.action.is_wait()) a.think_ms = std::max(a.think_ms, wait_ms_);
    return a;
  }
  void new_match() override { inner_->new_match(); }
  std::string name() const override { return inner_->name(); }

 private:
  std::unique_ptr<Player> inner_;
  std::int64_t wait_ms_;
};

PlayerFactory timed_by(const PlayerContext& context, PlayerFactory make) {
  if (!context.real_time) return make;
  const std::int64_t wait_ms = context.turn.time.wait_ms();
  return [make = std::move(make), wait_ms](std::uint64_t seed) -> std::unique_ptr<Player> {
    return std::make_unique<RealTimePlayer>(make(seed), wait_ms);
  };
}

}  // namespace

std::unique_ptr<Player> make_search_player(std::unique_ptr<Evaluator> evaluator, const SearchConfig& search,
                                           const TurnModel& turn, std::uint64_t seed, std::string name) {
  return std::make_unique<SearchPlayer>(std::move(evaluator), search, turn, seed, std::move(name));
}

ArenaSide make_arena_side(const std::string& spec, const PlayerContext& context) {
  if (spec.empty()) throw std::invalid_argument("player spec is empty");
  const TimeModel time = context.turn.time;
  if (spec == "random")
    return {"random", timed_by(context, [time](std::uint64_t seed) { return std::make_unique<RandomPlayer>(time, seed); })};
  if (spec == "greedy")
    return {"greedy", timed_by(context, [time](std::uint64_t seed) { return std::make_unique<GreedyPlayer>(time, seed); })};
  if (is_engine_spec(spec)) {
    const EngineSpec engine = parse_engine_spec(spec);
    const RuleSet rules = context.rules;
    if (engine.protocol == EngineProtocol::Uci) {
      auto pool = EnginePool<UciEngineProcess>::create([engine] { return std::make_unique<UciEngineProcess>(engine); });
      return {engine.name, [pool, rules, time](std::uint64_t) { return std::make_unique<UciPlayer>(pool, rules, time); }};
    }
    auto pool = EnginePool<XboardEngineProcess>::create([engine] { return std::make_unique<XboardEngineProcess>(engine); });
    return {engine.name, [pool, rules, time](std::uint64_t) { return std::make_unique<XboardPlayer>(pool, rules, time); }};
  }
  EvaluatorMaker maker;
  std::string name = spec;
  if (spec == "uniform") {
    maker = [] { return std::make_unique<UniformEvaluator>(); };
  } else {
    if (!context.network)
      throw std::invalid_argument("player '" + spec + "': a network player needs the LibTorch build (or use random, "
                                  "greedy, uniform, uci:PATH, xboard:PATH)");
    maker = context.network(spec);
  }
  const SearchConfig search = context.search;
  const TurnModel turn = context.turn;
  return {name, timed_by(context, [maker, search, turn, name](std::uint64_t seed) {
            return make_search_player(maker(), search, turn, seed, name);
          })};
}

}  // namespace bh
