// partner_player.h — a computer partner that hears and speaks partner talk, for a live
// table where a person is its partner (`bughouse serve`). It wraps any Player and:
//
// - obeys "sit" (waits, its clock running, rather than move) until "go", or until its
//   own clock gets low (PartnerTalkLimits::sit_floor_ms: it never flags by obeying), and
//   plays a mate in one whatever it was told;
// - obeys "need X": when the search rates a capture that passes an X to the partner close
//   to its own choice (PartnerTalkLimits: value and visits), it plays that capture, so it
//   never blunders for the request; the request stands until an X is passed or another
//   piece is asked for;
// - answers "ok" to what it will do, "no" to what it cannot (a sit with its clock already
//   low, a need of a piece the opponent does not have, requests it does not follow), and
//   nothing to answers and news ("ok", "no", "mate coming");
// - tells "sit" when its own search chooses to wait (and "go" when it moves again), and
//   "need X" when a drop of a piece it does not hold would mate (core's mate finder on a
//   reserve with one X added): each told once per situation, not at every decision.
//
// Messages are read by parse_partner_request (partner_request.h). The referee calls
// hear_partner and take_partner_messages between decisions, never during one.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/board.h"
#include "core/rules.h"
#include "mcts/partner_request.h"
#include "mcts/player.h"
#include "mcts/search.h"

namespace bh {

struct PartnerTalkLimits {
  // A sit is a wait of sit_slice_ms at a time, obeyed only while the clock would still
  // show sit_floor_ms after one more slice: time enough to think and move afterwards.
  std::int64_t sit_slice_ms = 1000;
  std::int64_t sit_floor_ms = 10'000;
  // "need X": a capture that passes an X replaces the search's choice when its value (for
  // the team, in [-1, 1]) is within need_value_margin of the choice's, it has at least
  // need_visit_share of the choice's visits (its value is no guess), and it is not proven lost.
  float need_value_margin = 0.05f;
  float need_visit_share = 0.5f;
};

class PartnerPlayer final : public Player {
 public:
  explicit PartnerPlayer(std::unique_ptr<Player> inner, PartnerTalkLimits limits = {});

  PlayerAction decide(const Match& match, Seat seat, std::int64_t t) override;
  void new_match() override;
  std::vector<std::string> take_partner_messages() override;
  void hear_partner(const std::string& message) override;
  const SearchResult* last_search() const override { return inner_->last_search(); }
  std::string name() const override { return inner_->name(); }

 private:
  // What the player last saw at a decision: the answers to requests depend on it.
  struct Seen {
    Board board;
    Color color = White;
    std::int64_t clock_ms = 0;
    bool timed = false;
  };
  bool sit_holds(std::int64_t clock_ms, bool timed) const;
  std::string answer_sit();
  std::string answer_need(PieceType piece);
  void tell_sit_or_go(Move action);
  void tell_need(const Board& board, const RuleSet& rules, bool can_mate);

  std::unique_ptr<Player> inner_;
  PartnerTalkLimits limits_;
  std::optional<Seen> seen_;
  bool partner_says_sit_ = false;
  PieceType partner_needs_ = NoPieceType;
  bool told_sit_ = false;
  PieceType told_need_ = NoPieceType;
  std::vector<std::string> outbox_;
};

// What a message of this player means, in plain words, for a person partner's screen:
// "sit" -> "I am sitting: I wait for a piece before I move", "need N" -> "I need a
// knight: dropped now, it would mate", "ok" -> "OK, I will". A message it never says
// comes back as it is. (The same words from a person mean other things: "sit" asks the
// partner to sit; this reads only what PartnerPlayer itself says.)
std::string partner_player_words(std::string_view message);

// The piece a move passes to the partner (a promoted piece passes as a pawn), or
// NoPieceType for a move that captures nothing. `move` is legal on `board`.
PieceType piece_passed(const Board& board, Promotion promotion, Move move);

// The child of `result` that passes `piece` and the search rates close to `chosen` (one of
// its children) by `limits`, the most visited such; Move::none() when there is none.
Move requested_capture(const SearchResult& result, const Board& board, Promotion promotion, PieceType piece,
                       Move chosen, const PartnerTalkLimits& limits);

// The cheapest piece (pawn first) the mover of `board` does not hold whose drop would mate
// now, were it in the reserve; NoPieceType when none would.
PieceType piece_that_would_mate(const Board& board, const RuleSet& rules);

}  // namespace bh
