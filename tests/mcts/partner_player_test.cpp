// Specification of the computer partner that hears and speaks partner talk
// (mcts/partner_player.h), on hand-worked positions: it asks for the piece whose drop
// would mate (once per situation), obeys a sit while its clock is high and not when low
// (nor against a mate in one), and takes a requested queen when the search rates the
// capture as good as its choice, never when it rates it worse; and what it says reads in
// plain words.
#include <gtest/gtest.h>

#include <memory>

#include "core/fen.h"
#include "core/notation.h"
#include "mcts/mcts_player.h"
#include "mcts/partner_player.h"
#include "mcts/random_player.h"
#include "mcts/simple_evaluators.h"
#include "tests/mcts/positions.h"

namespace bh {
namespace {

using test::kStartFen;
using Messages = std::vector<std::string>;

// Smothered: the black king on h8 behind its rook and pawns; a knight on f7 mates, and
// nothing else dropped anywhere does (the g7 pawn closes the diagonal, h7 and g8 the lines).
constexpr const char* kKnightMates = "6rk/6pp/8/8/8/8/8/4K3 w - - 0 1";
// White's queen may take the black queen (g7) or the knight (a7), both loose.
constexpr const char* kTwoCaptures = "4k3/n5q1/8/8/3Q4/8/8/4K3 w - - 0 1";

// A match on board A's `fen`, A-white's clock at `clock_ms` (3 minutes for the others).
Match timed_match(const char* fen, std::int64_t clock_ms) {
  return Match(parse_fen(fen), parse_fen(kStartFen), RuleSet{}, TimeControl::parse("3+0"),
               {clock_ms, 180'000, 180'000, 180'000});
}

std::unique_ptr<Player> random_player() { return std::make_unique<RandomPlayer>(TimeModel{}, 7); }

TEST(PartnerPlayer, FindsThePieceWhoseDropWouldMate) {
  const Board board = parse_fen(kKnightMates);
  EXPECT_EQ(piece_that_would_mate(board, RuleSet{}), Knight);
  // Held already, it is no request: the mate is the player's own to play.
  EXPECT_EQ(piece_that_would_mate(parse_fen("6rk/6pp/8/8/8/8/8/4K3[N] w - - 0 1"), RuleSet{}), NoPieceType);
  EXPECT_EQ(piece_that_would_mate(parse_fen(kStartFen), RuleSet{}), NoPieceType);
}

TEST(PartnerPlayer, SaysNeedNOncePerSituation) {
  PartnerPlayer p(random_player());
  p.new_match();
  Match m = timed_match(kKnightMates, 60'000);
  p.decide(m, AWhite, 0);
  EXPECT_EQ(p.take_partner_messages(), Messages{"need N"});
  p.decide(m, AWhite, 0);
  EXPECT_TRUE(p.take_partner_messages().empty()) << "told once, not at every decision";
  // A situation without the mate, then the mate again: told again.
  Match start = timed_match(kStartFen, 60'000);
  p.decide(start, AWhite, 0);
  EXPECT_TRUE(p.take_partner_messages().empty());
  p.decide(m, AWhite, 0);
  EXPECT_EQ(p.take_partner_messages(), Messages{"need N"});
}

TEST(PartnerPlayer, SitsWhileItsClockIsHighAndMovesWhenLow) {
  const PartnerTalkLimits limits;
  PartnerPlayer p(random_player(), limits);
  p.new_match();
  p.hear_partner("sit");
  EXPECT_EQ(p.take_partner_messages(), Messages{"ok"});
  const PlayerAction high = p.decide(timed_match(kStartFen, 60'000), AWhite, 0);
  EXPECT_TRUE(high.action.is_wait());
  EXPECT_EQ(high.think_ms, limits.sit_slice_ms);
  EXPECT_TRUE(p.take_partner_messages().empty()) << "obeying a sit is not sitting by choice";
  // One more slice would leave less than the floor: it moves.
  const Match low = timed_match(kStartFen, limits.sit_floor_ms + limits.sit_slice_ms - 10);
  const PlayerAction moved = p.decide(low, AWhite, 0);
  EXPECT_TRUE(low.legal_moves(BoardA).contains(moved.action));
  // The sit is over, and a new one is refused while the clock is this low.
  EXPECT_FALSE(p.decide(timed_match(kStartFen, 60'000), AWhite, 0).action.is_wait());
  p.decide(low, AWhite, 0);
  p.hear_partner("sit");
  EXPECT_EQ(p.take_partner_messages(), Messages{"no"});
}

TEST(PartnerPlayer, GoEndsTheSitAndAMateIsPlayedWhatever) {
  PartnerPlayer p(random_player());
  p.new_match();
  p.hear_partner("sit");
  p.hear_partner("go");
  EXPECT_EQ(p.take_partner_messages(), (Messages{"ok", "ok"}));
  EXPECT_FALSE(p.decide(timed_match(kStartFen, 60'000), AWhite, 0).action.is_wait());

  // Told to sit with a mate in one (the knight in hand): the search mates.
  UniformEvaluator uniform;
  SearchConfig c;
  c.visits = 200;
  PartnerPlayer searcher(std::make_unique<MctsPlayer>(uniform, c, test::default_turns(), 1));
  searcher.new_match();
  searcher.hear_partner("sit");
  const Match mate = timed_match("6rk/6pp/8/8/8/8/8/4K3[N] w - - 0 1", 60'000);
  EXPECT_EQ(searcher.decide(mate, AWhite, 0).action, Move::drop(Knight, F7));
}

TEST(PartnerPlayer, AnswersWhatItCannotDoWithNo) {
  PartnerPlayer p(random_player());
  p.new_match();
  p.decide(timed_match(kKnightMates, 60'000), AWhite, 0);  // black has no queen there
  p.take_partner_messages();
  for (const char* text : {"need Q", "trade", "no Q", "fast"}) p.hear_partner(text);
  EXPECT_EQ(p.take_partner_messages(), (Messages{"no", "no", "no", "no"}));
  for (const char* text : {"ok", "no", "mate coming"}) p.hear_partner(text);
  EXPECT_TRUE(p.take_partner_messages().empty()) << "answers and news want no answer";
}

// A search's result over kTwoCaptures: the knight capture chosen, the queen capture rated
// `queen_q` with `queen_visits`.
SearchResult two_captures(float queen_q, std::uint32_t queen_visits, Proof queen_proof = Proof::Unknown) {
  SearchResult r;
  r.children = {{Move::normal(D4, A7), 0.3f, 100, 0.30f, Proof::Unknown},
                {Move::normal(D4, G7), 0.3f, queen_visits, queen_q, queen_proof},
                {Move::normal(E1, E2), 0.1f, 10, 0.0f, Proof::Unknown}};
  r.best = Move::normal(D4, A7);
  return r;
}

TEST(PartnerPlayer, TakesTheRequestedPieceOnlyWhenTheSearchRatesItClose) {
  const Board board = parse_fen(kTwoCaptures);
  const PartnerTalkLimits limits;  // within 0.05 of the value, at least half the visits
  const Move chosen = Move::normal(D4, A7), queen = Move::normal(D4, G7);
  auto pick = [&](const SearchResult& r, PieceType piece) {
    return requested_capture(r, board, Promotion::Created, piece, chosen, limits);
  };
  EXPECT_EQ(pick(two_captures(0.28f, 80), Queen), queen);
  EXPECT_EQ(pick(two_captures(0.20f, 80), Queen), Move::none()) << "rated worse: no blunder for the request";
  EXPECT_EQ(pick(two_captures(0.28f, 30), Queen), Move::none()) << "too few visits to trust its value";
  EXPECT_EQ(pick(two_captures(0.28f, 80, Proof::Loss), Queen), Move::none());
  EXPECT_EQ(pick(two_captures(0.28f, 80), Rook), Move::none()) << "no rook to take";
  EXPECT_EQ(pick(two_captures(0.28f, 80), Knight), chosen);
  EXPECT_EQ(piece_passed(board, Promotion::Created, queen), Queen);
  // A promoted queen passes as a pawn.
  EXPECT_EQ(piece_passed(parse_fen("4k3/6Q~1/8/8/8/8/K7/6q1 b - - 0 1"), Promotion::Created, Move::normal(G1, G7)),
            Pawn);
}

TEST(PartnerPlayer, NeedQTakesTheQueenTheSearchRatesAsGoodAsItsChoice) {
  // The uniform evaluator rates every quiet outcome 0: both captures are as good as any
  // move, and the search's own choice is another one.
  UniformEvaluator uniform;
  SearchConfig c;
  c.visits = 300;
  const Match m = timed_match(kTwoCaptures, 60'000);
  MctsPlayer plain(uniform, c, test::default_turns(), 1);
  const Move own_choice = plain.decide(m, AWhite, 0).action;
  ASSERT_NE(own_choice, Move::normal(D4, G7)) << "the position must not make the request moot";

  PartnerPlayer p(std::make_unique<MctsPlayer>(uniform, c, test::default_turns(), 1));
  p.new_match();
  p.hear_partner("need Q");
  EXPECT_EQ(p.take_partner_messages(), Messages{"ok"});
  EXPECT_EQ(p.decide(m, AWhite, 0).action, Move::normal(D4, G7));
}

// What it says, in the words a person partner reads: its own sense of each message (it
// says "sit" when it sits itself, "need X" when a dropped X would mate), and anything it
// never says as it is.
TEST(PartnerPlayerWords, EachMessageItSaysInPlainWords) {
  EXPECT_EQ(partner_player_words("sit"), "I am sitting: I wait for a piece before I move");
  EXPECT_EQ(partner_player_words("go"), "I am moving again");
  EXPECT_EQ(partner_player_words("need N"), "I need a knight: dropped now, it would mate");
  EXPECT_EQ(partner_player_words("need Q"), "I need a queen: dropped now, it would mate");
  EXPECT_EQ(partner_player_words("ok"), "OK, I will");
  EXPECT_EQ(partner_player_words("no"), "No, I can't do that");
  EXPECT_EQ(partner_player_words("mate coming"), "mate coming");
  EXPECT_EQ(partner_player_words("good luck"), "good luck");
}

TEST(PartnerPlayerWords, WhatItToldInAMatchReadsAsWords) {
  // The smothered position: it asks for the knight, and that request reads as words.
  PartnerPlayer p(random_player());
  p.new_match();
  const Match m = timed_match(kKnightMates, 60'000);
  p.decide(m, AWhite, 0);
  const Messages told = p.take_partner_messages();
  ASSERT_EQ(told, Messages{"need N"});
  EXPECT_EQ(partner_player_words(told[0]), "I need a knight: dropped now, it would mate");
}

}  // namespace
}  // namespace bh
