// Specification of the rule forms that clubs and servers play beside the common one
// (core/RULES.md "Rule options"): pawn drops on the first rank and not on the sixth, pawns
// that never promote, and repetition and the fifty-move rule in bughouse, counted without
// the reserves or by claim; the options' values and the presets. Each test is a hand-worked position, or arithmetic on the
// Fairy-Stockfish counts of tests/data, and names the section that decides it.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "core/bfen.h"
#include "core/bpgn.h"
#include "core/fen.h"
#include "core/match.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/parse_error.h"
#include "core/perft.h"
#include "tests/core/rules_with.h"
#include "tests/core/test_data.h"

namespace bh {
namespace {

using test::rules_with;

int pawn_drops(const Board& b, const RuleSet& r) {
  int n = 0;
  for (Move m : legal_moves(b, r)) n += m.is_drop() && m.drop_type() == Pawn;
  return n;
}

Move uci(const Board& b, const RuleSet& r, std::string_view text) { return parse_uci(b, r, text); }

// --- core/RULES.md "Reserves and drops": where pawns may be dropped ---------------------

// A lone pawn in hand, kings on e1 and e8: 62 empty squares, 7 of them on rank 1 and 7 on
// rank 8, 8 on each of the ranks 2-7.
constexpr std::string_view kPawnInHand = "4k3/8/8/8/8/8/8/4K3[Pp] w - - 0 1";
constexpr std::string_view kBlackPawnInHand = "4k3/8/8/8/8/8/8/4K3[Pp] b - - 0 1";

TEST(PawnDropRanks, TheDefaultKeepsPawnsOffTheFirstAndLastRank) {
  EXPECT_EQ(pawn_drops(parse_fen(kPawnInHand), RuleSet{}), 48);  // ranks 2-7
}

TEST(PawnDropRanks, OptionFirstRankAddsTheMoversOwnFirstRank) {
  const RuleSet first = rules_with({{"pawn_drop_first_rank", "true"}});
  EXPECT_EQ(pawn_drops(parse_fen(kPawnInHand), first), 55);  // ranks 1-7, as Fairy-Stockfish counts it
  EXPECT_NO_THROW(uci(parse_fen(kPawnInHand), first, "P@a1"));
  EXPECT_THROW(uci(parse_fen(kPawnInHand), first, "P@a8"), ParseError);  // never the last rank
  EXPECT_NO_THROW(uci(parse_fen(kBlackPawnInHand), first, "P@a8"));    // Black's first rank is 8
  EXPECT_THROW(uci(parse_fen(kBlackPawnInHand), first, "P@a1"), ParseError);
}

TEST(PawnDropRanks, APawnOnTheFirstRankStepsOnceAndSetsNoEnPassantSquare) {
  const RuleSet first = rules_with({{"pawn_drop_first_rank", "true"}});
  Match m(parse_fen("4k3/8/8/8/8/8/8/4K3[P] w - - 0 1"), Board(), first, TimeControl::untimed());
  ASSERT_TRUE(m.play(BoardA, uci(m.board(BoardA), first, "P@b1"), 0));
  ASSERT_TRUE(m.play(BoardA, uci(m.board(BoardA), first, "e8d8"), 0));
  std::vector<std::string> pawn_moves;
  for (Move mv : legal_moves(m.board(BoardA), first))
    if (!mv.is_drop() && mv.from() == B1) pawn_moves.push_back(to_uci(mv));
  EXPECT_EQ(pawn_moves, std::vector<std::string>{"b1b2"});
  ASSERT_TRUE(m.play(BoardA, uci(m.board(BoardA), first, "b1b2"), 0));
  EXPECT_EQ(m.board(BoardA).en_passant(), NoSquare);
}

TEST(PawnDropRanks, AMatchAcceptsAPawnOnItsFirstRankOnlyUnderTheOption) {
  const std::string bfen = "4k3/8/8/8/8/8/8/P3K3[] w - - 0 1 | " + std::string(kStartFen);
  EXPECT_THROW(match_from_bfen(bfen, RuleSet{}, TimeControl::untimed()), ParseError);
  const Match m = match_from_bfen(bfen, rules_with({{"pawn_drop_first_rank", "true"}}), TimeControl::untimed());
  EXPECT_EQ(to_bfen(m), bfen);
}

TEST(PawnDropRanks, OptionSixthForbidsTheMoversSixthRank) {
  const RuleSet no_sixth = rules_with({{"pawn_drop_sixth", "false"}});
  EXPECT_EQ(pawn_drops(parse_fen(kPawnInHand), no_sixth), 40);  // ranks 2-5 and 7
  EXPECT_THROW(uci(parse_fen(kPawnInHand), no_sixth, "P@c6"), ParseError);
  EXPECT_NO_THROW(uci(parse_fen(kPawnInHand), no_sixth, "P@c3"));
  EXPECT_THROW(uci(parse_fen(kBlackPawnInHand), no_sixth, "P@c3"), ParseError);  // Black's sixth is 3
  EXPECT_NO_THROW(uci(parse_fen(kBlackPawnInHand), no_sixth, "P@c6"));
  // The form the reference texts name: neither the sixth nor the seventh rank.
  const RuleSet neither = rules_with({{"pawn_drop_sixth", "false"}, {"pawn_drop_seventh", "false"}});
  EXPECT_EQ(pawn_drops(parse_fen(kPawnInHand), neither), 32);
}

// Out of check a drop is legal on every empty square the rules allow, so forbidding the
// sixth rank removes exactly the empty sixth-rank squares from Fairy-Stockfish's count.
TEST(PawnDropRanks, OptionSixthOnTheWholePerftSuite) {
  const RuleSet no_sixth = rules_with({{"pawn_drop_sixth", "false"}});
  int checked = 0;
  for (const EpdEntry& e : read_epd_file(test::data_path("bughouse_perft.epd"))) {
    const Board b = parse_fen(e.fen);
    if (b.in_check()) continue;
    const Color us = b.side_to_move();
    const Bitboard sixth = us == White ? kRank6 : kRank3;
    const int removed = b.reserve(us)[Pawn] ? popcount(sixth & ~b.pieces()) : 0;
    ASSERT_EQ(e.counts[0].first, 1);
    EXPECT_EQ(count_legal(b, no_sixth), e.counts[0].second - std::uint64_t(removed)) << "line " << e.line;
    checked += removed > 0;
  }
  EXPECT_GT(checked, 40);
}

// --- core/RULES.md "Moves on a board": pawns that never promote -------------------------

TEST(PawnsStay, APawnReachingTheLastRankStaysAPawn) {
  const RuleSet stay = rules_with({{"promotion", "stay"}});
  const Board b = parse_fen("1n2k3/P7/8/8/8/8/8/4K3[Q] w - - 0 1");
  std::vector<std::string> moves;
  for (Move m : legal_moves(b, stay))
    if (!m.is_drop() && m.from() == A7) moves.push_back(to_uci(m));
  EXPECT_EQ(moves, (std::vector<std::string>{"a7a8", "a7b8"}));  // a step and a capture, no pieces
  EXPECT_EQ(uci(b, stay, "a7a8"), Move::unpromoted(A7, A8));
  EXPECT_THROW(uci(b, stay, "a7a8q"), ParseError);
  EXPECT_EQ(parse_san(b, stay, "axb8"), Move::unpromoted(A7, B8));
  Board after = b;
  after.play(Move::unpromoted(A7, B8), stay.promotion);
  EXPECT_EQ(after.piece_on(B8), make_piece(White, Pawn));
  EXPECT_EQ(after.reserve(White)[Queen], 1);  // nothing is taken from the reserve
}

// A white pawn on a8 has no square ahead: it never moves, attacks nothing, and is taken
// like any pawn. Black's king on b7: all eight king moves are legal, a8 a capture.
TEST(PawnsStay, APawnOnTheLastRankNeverMovesAndAttacksNothing) {
  const RuleSet stay = rules_with({{"promotion", "stay"}});
  const Board black_to_move = parse_fen("P7/1k6/8/8/8/8/8/4K3[] b - - 0 1");
  EXPECT_EQ(count_legal(black_to_move, stay), 8u);
  const Board white_to_move = parse_fen("P7/1k6/8/8/8/8/8/4K3[] w - - 0 1");
  EXPECT_EQ(count_legal(white_to_move, stay), 5u);  // the king's moves only
}

TEST(PawnsStay, AMatchPassesTheTakenPawnAsAPawn) {
  const RuleSet stay = rules_with({{"promotion", "stay"}});
  const std::string bfen = "P7/1k6/8/8/8/8/8/4K3[] b - - 0 1 | " + std::string(kStartFen);
  EXPECT_THROW(match_from_bfen(bfen, RuleSet{}, TimeControl::untimed()), ParseError);
  Match m = match_from_bfen(bfen, stay, TimeControl::untimed());
  ASSERT_TRUE(m.play(BoardA, uci(m.board(BoardA), stay, "b7a8"), 0));
  EXPECT_EQ(m.board(BoardB).reserve(White)[Pawn], 1);  // A-black's partner is B-white
}

TEST(PawnsStay, RecordsRoundTrip) {
  const RuleSet stay = rules_with({{"promotion", "stay"}});
  Match m(parse_fen("4k3/P7/8/8/8/8/8/4K3[] w - - 0 1"), Board(), stay, TimeControl{60'000, 0});
  ASSERT_TRUE(m.play(BoardA, Move::unpromoted(A7, A8), 500));
  ASSERT_TRUE(m.play(BoardA, uci(m.board(BoardA), stay, "e8d7"), 900));
  for (MoveStyle style : {MoveStyle::San, MoveStyle::Uci}) {
    std::stringstream in(write_bpgn(m, {{"Event", "pawns stay"}}, style));
    std::vector<BpgnGame> games = read_bpgn(in, "memory");
    ASSERT_EQ(games.size(), 1u);
    EXPECT_EQ(to_bfen(replay(games[0], stay)), to_bfen(m));
    EXPECT_THROW(replay(games[0], RuleSet{}), ParseError);  // not a FIDE game
  }
}

// --- core/RULES.md "Repetition" ----------------------------------------------------------

// Board A's knights go out and back twice. Between the two trips B-white takes a pawn on
// board B, and it goes to A-black's reserve: the third time A's pieces stand as at the start,
// A-black holds a pawn it did not hold before.
Match knights_twice_with_a_pawn_between(const RuleSet& r) {
  Match m(r, TimeControl::untimed());
  auto play = [&](BoardId b, std::string_view text) {
    if (!m.over()) {
      ASSERT_TRUE(m.play(b, uci(m.board(b), r, text), 0));
    }
  };
  for (auto t : {"g1f3", "g8f6", "f3g1", "f6g8"}) play(BoardA, t);
  for (auto t : {"e2e4", "d7d5", "e4d5"}) play(BoardB, t);
  for (auto t : {"g1f3", "g8f6", "f3g1", "f6g8"}) play(BoardA, t);
  return m;
}

TEST(Repetition, ByDefaultTheReservesArePartOfThePosition) {
  const RuleSet r = rules_with({{"repetition_draw", "true"}});
  const Match m = knights_twice_with_a_pawn_between(r);
  EXPECT_FALSE(m.over());
  EXPECT_EQ(m.board(BoardA).reserve(Black)[Pawn], 1);
  EXPECT_EQ(m.occurrences(BoardA), 1);
}

TEST(Repetition, OptionWithoutReservesCountsThePlacementAlone) {
  const RuleSet r = rules_with({{"repetition_draw", "true"}, {"repetition_reserves", "false"}});
  const Match m = knights_twice_with_a_pawn_between(r);
  ASSERT_TRUE(m.over());
  EXPECT_EQ(m.outcome().tag(), "draw repetition");
}

TEST(Repetition, ByClaimTheMatchGoesOnUntilThePlayerToMoveClaims) {
  const RuleSet r = rules_with({{"repetition_draw", "claim"}});
  Match m(r, TimeControl{60'000, 0});
  const char* cycle[4] = {"g1f3", "g8f6", "f3g1", "f6g8"};
  for (int i = 0; i < 7; ++i) ASSERT_TRUE(m.play(BoardA, uci(m.board(BoardA), r, cycle[i % 4]), 0));
  // Seven moves: the start position has occurred twice; Black claims with the eighth.
  const DrawClaim not_to_move = m.claim_draw(AWhite, 0);
  EXPECT_FALSE(not_to_move.granted);
  EXPECT_NE(not_to_move.explanation.find("only the player to move"), std::string::npos) << not_to_move.explanation;
  EXPECT_EQ(m.remaining(ABlack, 0), 60'000);
  const DrawClaim wrong = m.claim_draw(ABlack, 0);
  EXPECT_FALSE(wrong.granted) << wrong.explanation;
  EXPECT_NE(wrong.explanation.find("2 time(s) (3 needed)"), std::string::npos) << wrong.explanation;
  EXPECT_EQ(m.remaining(AWhite, 0), 180'000);  // the refused claim gave the opponent two minutes
  ASSERT_TRUE(m.play(BoardA, uci(m.board(BoardA), r, "f6g8"), 0));
  EXPECT_FALSE(m.over());  // no automatic draw under the claim form
  EXPECT_TRUE(m.claim_would_hold(BoardA));
  const DrawClaim granted = m.claim_draw(AWhite, 0);
  EXPECT_TRUE(granted.granted) << granted.explanation;
  EXPECT_EQ(m.outcome().tag(), "draw threefold-claim A-white");
}

TEST(Repetition, ABughouseClaimNeedsAClaimForm) {
  Match m(RuleSet{}, TimeControl::untimed());
  const DrawClaim refused = m.claim_draw(AWhite, 0);
  EXPECT_FALSE(refused.granted);
  EXPECT_NE(refused.explanation.find("repetition_draw = claim"), std::string::npos) << refused.explanation;
  EXPECT_FALSE(m.over());
}

// --- core/RULES.md "Repetition": the fifty-move rule in bughouse -------------------------

// 99 half-moves on board A without a capture, a pawn move or a pawn drop.
constexpr std::string_view kQuietBoard = "4k3/8/8/8/8/8/8/R3K3[Pn] w - - 99 80";

Match quiet_match(const RuleSet& r) {
  return match_from_bfen(std::string(kQuietBoard) + " | " + std::string(kStartFen), r, TimeControl::untimed());
}

TEST(FiftyMoves, ByDefaultBughouseHasNoFiftyMoveRule) {
  Match m = quiet_match(RuleSet{});
  ASSERT_TRUE(m.play(BoardA, uci(m.board(BoardA), RuleSet{}, "a1a2"), 0));
  EXPECT_FALSE(m.over());
}

TEST(FiftyMoves, OptionAutomaticDrawsAtTheHundredthQuietHalfMove) {
  const RuleSet r = rules_with({{"fifty_move_draw", "true"}});
  Match m = quiet_match(r);
  ASSERT_TRUE(m.play(BoardA, uci(m.board(BoardA), r, "a1a2"), 0));
  ASSERT_TRUE(m.over());
  EXPECT_EQ(m.outcome().tag(), "draw fifty-moves");
  EXPECT_EQ(parse_outcome_tag("draw fifty-moves")->reason, EndReason::FiftyMoves);
}

TEST(FiftyMoves, APawnDropStartsTheCountAgainAndAPieceDropDoesNot) {
  const RuleSet r = rules_with({{"fifty_move_draw", "true"}});
  Match pawn = quiet_match(r);
  ASSERT_TRUE(pawn.play(BoardA, uci(pawn.board(BoardA), r, "P@c3"), 0));
  EXPECT_FALSE(pawn.over());
  EXPECT_EQ(pawn.board(BoardA).halfmove_clock(), 0);
  Match knight = match_from_bfen("4k3/8/8/8/8/8/8/R3K3[Pn] b - - 99 80 | " + std::string(kStartFen), r,
                                 TimeControl::untimed());
  ASSERT_TRUE(knight.play(BoardA, uci(knight.board(BoardA), r, "N@c6"), 0));
  EXPECT_EQ(knight.outcome().tag(), "draw fifty-moves");
}

TEST(FiftyMoves, OptionClaimGrantsFromTheHundredthQuietHalfMove) {
  const RuleSet r = rules_with({{"fifty_move_draw", "claim"}});
  Match m = quiet_match(r);
  EXPECT_FALSE(m.claim_would_hold(BoardA));
  const DrawClaim early = m.claim_draw(AWhite, 0);
  EXPECT_FALSE(early.granted);
  EXPECT_NE(early.explanation.find("99 half-moves"), std::string::npos) << early.explanation;
  EXPECT_EQ(early.explanation.find("occurred"), std::string::npos) << "repetition is not a claim here";
  // The claim names the move that makes the hundredth quiet half-move.
  const DrawClaim granted = m.claim_draw(AWhite, 0, uci(m.board(BoardA), r, "a1a2"));
  EXPECT_TRUE(granted.granted) << granted.explanation;
  EXPECT_EQ(m.outcome().tag(), "draw fifty-move-claim A-white");
}

TEST(FiftyMoves, AClaimedDrawReplaysFromItsRecord) {
  const RuleSet r = rules_with({{"fifty_move_draw", "claim"}});
  Match m = quiet_match(r);
  ASSERT_TRUE(m.claim_draw(AWhite, 0, uci(m.board(BoardA), r, "a1a2")).granted);
  std::stringstream in(write_bpgn(m, {{"Event", "fifty moves"}}, MoveStyle::San));
  std::vector<BpgnGame> games = read_bpgn(in, "memory");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(replay(games[0], r).outcome().tag(), "draw fifty-move-claim A-white");
  EXPECT_THROW(replay(games[0], RuleSet{}), ParseError);  // no claims under the default rules
}

// --- core/RULES.md "Rule options": names and spellings -----------------------------------

TEST(RuleOptions, EveryOptionReadsBackWhatItWrites) {
  const RuleSet r = rules_with({{"repetition_draw", "claim"},
                                {"repetition_reserves", "false"},
                                {"fifty_move_draw", "true"},
                                {"pawn_drop_sixth", "false"},
                                {"pawn_drop_first_rank", "true"},
                                {"promotion", "stay"}});
  std::string lines;
  for (const std::string& line : describe(r)) lines += line + "\n";
  EXPECT_EQ(parse_rules(lines), r);
  EXPECT_NE(lines.find("repetition_draw=claim\n"), std::string::npos);
  EXPECT_NE(lines.find("fifty_move_draw=true\n"), std::string::npos);
  EXPECT_NE(lines.find("promotion=stay\n"), std::string::npos);
  EXPECT_EQ(describe(r).size(), option_names().size());
}

TEST(RuleOptions, TheChangesFromTheCommonFormAreNamedInOrder) {
  EXPECT_TRUE(describe_changes(RuleSet{}).empty());
  EXPECT_EQ(describe_changes(rules_with({{"promotion", "stay"}, {"pawn_drop_sixth", "false"}})),
            (std::vector<std::string>{"pawn_drop_sixth=false", "promotion=stay"}));
  EXPECT_EQ(describe_changes(RuleSet::chess()), (std::vector<std::string>{"variant=chess", "mate_rule=classic"}));
}

TEST(RuleOptions, ABadValueNamesTheOptionAndTheChoices) {
  RuleSet r;
  try {
    set_option(r, "fifty_move_draw", "sometimes");
    FAIL() << "accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "rule option 'fifty_move_draw': expected one of true, false, claim, got 'sometimes'");
  }
  EXPECT_THROW(set_option(r, "promotion", "never"), std::invalid_argument);
  EXPECT_THROW(set_option(r, "pawn_drop_sixth", "maybe"), std::invalid_argument);
}

// The values option_values() lists are exactly those a form may offer: each is read, and
// written back unchanged.
TEST(RuleOptions, EveryListedValueReadsBackAsItself) {
  for (std::string_view name : option_names()) {
    const std::vector<std::string> values = option_values(name);
    if (name == "move_limit") {
      EXPECT_TRUE(values.empty());
      continue;
    }
    EXPECT_GE(values.size(), 2u) << name;
    for (const std::string& value : values) {
      RuleSet r;
      set_option(r, name, value);
      const std::string line = std::string(name) + "=" + value;
      const std::vector<std::string> lines = describe(r);
      EXPECT_NE(std::find(lines.begin(), lines.end(), line), lines.end()) << line;
    }
  }
  EXPECT_THROW(option_values("castling"), std::invalid_argument);
}

// core/RULES.md "Rule presets": each is its options over the defaults, and they differ.
TEST(RulePresets, EachIsItsOptionsOverTheDefaults) {
  const std::vector<RulePreset>& presets = rule_presets();
  ASSERT_FALSE(presets.empty());
  EXPECT_EQ(presets[0].name, "common");
  EXPECT_EQ(presets[0].rules(), RuleSet{});
  const RulePreset* tandem = nullptr;
  for (const RulePreset& p : presets)
    if (p.name == "tandem") tandem = &p;
  ASSERT_NE(tandem, nullptr);
  EXPECT_FALSE(tandem->rules().drop_check);
  for (std::size_t i = 0; i < presets.size(); ++i)
    for (std::size_t j = i + 1; j < presets.size(); ++j)
      EXPECT_FALSE(presets[i].rules() == presets[j].rules()) << presets[i].name << " " << presets[j].name;
}

}  // namespace
}  // namespace bh
