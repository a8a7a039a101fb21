// replay_json.cpp — a record through core's Match, one position per move.
#include "training/server/replay_json.h"

#include "core/notation.h"
#include "core/recorded_ending.h"
#include "training/server/state_json.h"

namespace bh::server {

namespace {

nlohmann::json tags_json(const BpgnGame& game) {
  nlohmann::json tags = nlohmann::json::object();
  for (const auto& [key, value] : game.tags) tags[key] = value;
  return tags;
}

// The record's moves played again from its start, the position after each.
nlohmann::json steps_json(const Match& recorded) {
  Match again(recorded.initial_board(BoardA), recorded.initial_board(BoardB), recorded.rules(),
              recorded.time_control(), recorded.initial_clocks());
  nlohmann::json steps = nlohmann::json::array();
  for (const MatchEvent& e : recorded.events()) {
    const BoardId b = board_of(e.seat);
    if (e.move.is_wait()) {
      again.wait(b, e.time_ms);
      continue;
    }
    const std::string san = to_san(again.board(b), again.rules(), e.move);
    again.play(b, e.move, e.time_ms);
    nlohmann::json step = position_json(again, e.time_ms);
    step["seat"] = std::string(seat_name(e.seat));
    step["san"] = san;
    step["uci"] = to_uci(e.move);
    step["time_ms"] = e.time_ms;
    steps.push_back(std::move(step));
  }
  return steps;
}

}  // namespace

nlohmann::json replay_json(const BpgnGame& game, const RuleSet& rules) {
  Match match = replay(game, rules);
  if (const std::optional<Outcome> ending = parse_outcome_tag(game.reason)) finish_as_recorded(match, *ending);
  const Match start(match.initial_board(BoardA), match.initial_board(BoardB), match.rules(), match.time_control(),
                    match.initial_clocks());
  nlohmann::json j = {{"tags", tags_json(game)},
                      {"clock", match.time_control().to_string()},
                      {"start", position_json(start, 0)},
                      {"steps", steps_json(match)}};
  const bool decided = match.over();
  j["result"] = decided ? result_string(match.outcome()) : game.result;
  j["reason"] = decided ? match.outcome().describe() : game.reason;
  j["end_ms"] = decided ? match.outcome().time_ms : match.now();
  return j;
}

nlohmann::json game_summary(const BpgnGame& game) {
  return {{"game", game.index},
          {"event", game.tag("Event")},
          {"players", {game.tag("WhiteA"), game.tag("BlackA"), game.tag("WhiteB"), game.tag("BlackB")}},
          {"result", game.result},
          {"reason", game.reason},
          {"moves", game.plies.size()}};
}

}  // namespace bh::server
