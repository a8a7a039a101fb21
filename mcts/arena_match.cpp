// arena_match.cpp — the event loop of a match between Players.
#include "mcts/arena_match.h"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>

#include "core/notation.h"

namespace bh {

namespace {

struct Pending {
  bool active = false;
  PlayerAction action;
  std::int64_t at = 0;
};

// The seat's decision; whatever goes wrong in it is the seat's fault.
PlayerAction ask_player(Player& p, const Match& match, Seat s, std::int64_t t) {
  try {
    return p.decide(match, s, t);
  } catch (const PlayerFault&) {
    throw;
  } catch (const std::exception& e) {
    throw PlayerFault(s, p.name() + " playing " + std::string(seat_name(s)) + ": " + e.what());
  }
}

// A move, with the claim its player made with it, or the arbiter's adjudication after it.
void play_action(Match& match, BoardId b, const PlayerAction& a, std::int64_t t, const ArenaMatchOptions& options) {
  const Seat s = match.mover(b);
  if (a.claim_draw) match.claim_draw(s, t, a.action);
  else match.play(b, a.action, t);
  if (options.adjudicate_claims && match.claim_would_hold(b)) match.claim_draw(match.mover(b), t);
}

}  // namespace

Match play_arena_match(const std::array<Player*, kSeats>& players, const RuleSet& rules, const TimeControl& clock,
                       const ArenaMatchOptions& options) {
  return play_arena_match(players, Match(rules, clock), options);
}

Match play_arena_match(const std::array<Player*, kSeats>& players, Match start, const ArenaMatchOptions& options) {
  const int max_actions = options.max_actions;
  for (Player* p : players)
    if (!p) throw std::invalid_argument("arena: a seat has no player");
  for (Player* p : players) p->new_match();
  Match match = std::move(start);
  const RuleSet& rules = match.rules();
  const TimeControl clock = match.time_control();
  std::array<Pending, 2> pending{};

  auto ask = [&](BoardId b, std::int64_t t) {
    pending[b].active = false;
    if (match.over() || match.state(b) != BoardState::Playing) return;  // stuck: nothing to decide
    const Seat s = match.mover(b);
    Player& p = *players[s];
    PlayerAction a = ask_player(p, match, s, t);
    for (const std::string& message : p.take_partner_messages()) players[partner_of(s)]->hear_partner(message);
    const std::string who = p.name() + " playing " + std::string(seat_name(s));
    if (a.action.is_wait()) {
      if (!clock.timed()) throw PlayerFault(s, who + " waited in an untimed match");
      if (a.claim_draw) throw PlayerFault(s, who + " claimed a draw with a wait");
    } else if (a.claim_draw && a.action.is_none()) {
      // A claim on the position as it stands: judged when it lands.
    } else if (!is_legal(match.board(b), rules, a.action)) {
      throw PlayerFault(s, who + " chose the illegal move " + to_uci(a.action));
    }
    pending[b] = {true, a, t + std::max<std::int64_t>(1, a.think_ms)};
  };

  ask(BoardA, 0);
  ask(BoardB, 0);
  for (int n = 0; !match.over(); ++n) {
    if (n >= max_actions) throw std::runtime_error("arena: the match exceeded " + std::to_string(max_actions) + " actions");
    constexpr auto kNever = std::numeric_limits<std::int64_t>::max();
    const std::int64_t ta = pending[BoardA].active ? pending[BoardA].at : kNever;
    const std::int64_t tb = pending[BoardB].active ? pending[BoardB].at : kNever;
    const std::int64_t next = std::min(ta, tb);
    if (clock.timed()) {
      const std::int64_t flag = std::min(match.flag_time(BoardA), match.flag_time(BoardB));
      if (flag <= next) {
        match.advance_to(flag);
        break;
      }
    }
    if (next == kNever) throw std::logic_error("arena: no board can act and the match goes on");
    const BoardId b = ta <= tb ? BoardA : BoardB;
    const PlayerAction a = pending[b].action;
    pending[b].active = false;
    if (a.action.is_wait()) {
      match.wait(b, next);
      ask(b, next);
      continue;
    }
    play_action(match, b, a, next, options);
    ask(b, next);
    // A capture may have woken the stuck mover of the other board.
    if (!pending[other(b)].active) ask(other(b), next);
  }
  return match;
}

}  // namespace bh
