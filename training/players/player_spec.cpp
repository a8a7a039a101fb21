// player_spec.cpp — arena sides from their specs.
#include "training/players/player_spec.h"

#include <algorithm>
#include <chrono>
#include <stdexcept>

#include "mcts/greedy_player.h"
#include "mcts/random_player.h"
#include "mcts/time_model.h"
#include "training/players/engine_spec.h"
#include "training/players/uci_player.h"
#include "training/players/xboard_player.h"

namespace bh {

namespace {

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
  const SearchResult* last_search() const override { return inner_->last_search(); }
  std::vector<std::string> take_partner_messages() override { return inner_->take_partner_messages(); }
  void hear_partner(const std::string& message) override { inner_->hear_partner(message); }

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

// The search with a model; a spec that is no model is told with what a player can be.
ArenaSide search_side(const std::string& spec, const PlayerContext& context) {
  ModelSource model = [&] {
    try {
      return context.models.load(spec);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument("player '" + spec + "': " + e.what() +
                                  "; a player is random, greedy, uci:PATH, xboard:PATH or a model");
    }
  }();
  model.name = spec;  // the spec itself: two checkpoints of one file name stay apart
  ArenaSide side = model.side(context.search, context.turn);
  side.make = timed_by(context, std::move(side.make));
  return side;
}

}  // namespace

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
  return search_side(spec, context);
}

}  // namespace bh
