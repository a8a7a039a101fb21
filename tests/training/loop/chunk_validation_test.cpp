// Specification of what the trainer accepts from a worker it does not control: a well
// formed chunk of legal positions and moves from a recent net passes; a stale net, a
// corrupt body, an illegal policy move, a result out of range or a position where the
// seat is not to move is refused with a reason naming the sample.
#include <gtest/gtest.h>

#include "mcts/chunk.h"
#include "training/loop/chunk_validation.h"

namespace bh {
namespace {

Sample start_sample(std::uint32_t net) {
  Sample s;
  MatchView::of(Match(), AWhite, 0).pack(s.view);
  s.seat = AWhite;
  s.net_version = net;
  s.result = 1;
  s.policy = {{Move::normal(E2, E4).raw(), 0.6f}, {Move::normal(G1, F3).raw(), 0.4f}};
  return s;
}

ChunkPolicy policy_at(std::int64_t current) { return ChunkPolicy{RuleSet{}, current, 2}; }

TEST(ChunkValidation, AcceptsAGoodChunkFromARecentNet) {
  auto bytes = encode_chunk(std::vector<Sample>{start_sample(5), start_sample(5)});
  EXPECT_EQ(validate_chunk(bytes, policy_at(5)), "");
  EXPECT_EQ(validate_chunk(bytes, policy_at(7)), "");  // two generations behind: still in the window
}

TEST(ChunkValidation, RefusesStaleAndFutureNets) {
  auto bytes = encode_chunk(std::vector<Sample>{start_sample(4)});
  EXPECT_NE(validate_chunk(bytes, policy_at(7)).find("stale: played by net 4"), std::string::npos);
  EXPECT_NE(validate_chunk(bytes, policy_at(3)).find("newer than the newest published"), std::string::npos);
}

TEST(ChunkValidation, RefusesGarbageAndCorruptBytes) {
  std::vector<std::uint8_t> garbage(300, 0xAB);
  EXPECT_FALSE(validate_chunk(garbage, policy_at(0)).empty());
  auto bytes = encode_chunk(std::vector<Sample>{start_sample(0)});
  bytes[bytes.size() - 5] ^= 0x40;
  EXPECT_NE(validate_chunk(bytes, policy_at(0)).find("corrupt"), std::string::npos) << validate_chunk(bytes, policy_at(0));
}

TEST(ChunkValidation, RefusesIllegalContent) {
  Sample illegal = start_sample(0);
  illegal.policy[0].move = Move::normal(E2, E5).raw();
  EXPECT_NE(validate_chunk(encode_chunk(std::vector<Sample>{start_sample(0), illegal}), policy_at(0))
                .find("sample 1: policy move e2e5 is not legal"),
            std::string::npos);

  Sample wrong_seat = start_sample(0);
  wrong_seat.seat = ABlack;
  MatchView::of(Match(), ABlack, 0).pack(wrong_seat.view);
  EXPECT_NE(validate_chunk(encode_chunk(std::vector<Sample>{wrong_seat}), policy_at(0)).find("not to move"), std::string::npos);

  Sample heavy = start_sample(0);
  heavy.policy[1].probability = 0.9f;
  EXPECT_NE(validate_chunk(encode_chunk(std::vector<Sample>{heavy}), policy_at(0)).find("policy sums to"), std::string::npos);

  Sample mixed = start_sample(1);
  EXPECT_NE(validate_chunk(encode_chunk(std::vector<Sample>{start_sample(0), mixed}), policy_at(1)).find("differs"),
            std::string::npos);
}

}  // namespace
}  // namespace bh
