// Specification of how a partner's message is read (mcts/partner_request.h): the first
// words, case folded, a trailing '!' ignored; pieces by letter or name; chat is chat.
#include <gtest/gtest.h>

#include "mcts/partner_request.h"

namespace bh {
namespace {

using Kind = PartnerRequest::Kind;

TEST(PartnerRequest, ReadsTheFirstWords) {
  EXPECT_EQ(parse_partner_request("sit").kind, Kind::Sit);
  EXPECT_EQ(parse_partner_request("  Sit! now").kind, Kind::Sit);
  EXPECT_EQ(parse_partner_request("go").kind, Kind::Go);
  EXPECT_EQ(parse_partner_request("MOVE").kind, Kind::Go);
  EXPECT_EQ(parse_partner_request("fast").kind, Kind::Fast);
  EXPECT_EQ(parse_partner_request("slow").kind, Kind::Slow);
  EXPECT_EQ(parse_partner_request("help").kind, Kind::Help);
  EXPECT_EQ(parse_partner_request("ok").kind, Kind::News);
  EXPECT_EQ(parse_partner_request("no").kind, Kind::News);
  EXPECT_EQ(parse_partner_request("mate coming").kind, Kind::News);
}

TEST(PartnerRequest, ReadsPiecesByLetterOrName) {
  const PartnerRequest n = parse_partner_request("need N");
  EXPECT_EQ(n.kind, Kind::Need);
  EXPECT_EQ(n.piece, Knight);
  EXPECT_EQ(parse_partner_request("need queen").piece, Queen);
  EXPECT_EQ(parse_partner_request("need p").piece, Pawn);
  const PartnerRequest keep = parse_partner_request("no Q");
  EXPECT_EQ(keep.kind, Kind::Keep);
  EXPECT_EQ(keep.piece, Queen);
}

TEST(PartnerRequest, AnythingElseIsChat) {
  for (const char* text : {"", "good luck partner!", "gone", "need", "need K", "need help", "no trade", "trade"})
    EXPECT_EQ(parse_partner_request(text).kind, Kind::Chat) << text;
}

}  // namespace
}  // namespace bh
