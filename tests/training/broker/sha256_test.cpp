// SHA-256 against the FIPS 180-4 / NIST example vectors and padding boundaries checked
// against Python's hashlib: independent truth for whatever library computes the digest.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "training/broker/sha256.h"

namespace bh {
namespace {

std::string hex_of(std::string_view text) {
  return to_hex(sha256({reinterpret_cast<const std::uint8_t*>(text.data()), text.size()}));
}

std::vector<std::uint8_t> pattern(std::size_t n) {
  std::vector<std::uint8_t> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = std::uint8_t(i * 7 + 3);
  return v;
}

TEST(Sha256, NistExampleVectors) {
  // FIPS 180-2 appendix B (unchanged in 180-4) and the NIST CSRC example values.
  EXPECT_EQ(hex_of(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(hex_of("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(hex_of("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(hex_of("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"),
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
  std::string million(1'000'000, 'a');
  EXPECT_EQ(hex_of(million), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(Sha256, PaddingBoundariesMatchHashlib) {
  // Lengths around the 56-byte padding limit and the 64-byte block.
  const std::pair<std::size_t, const char*> cases[] = {
      {55, "e7313d333c272e639f790978283f9eb392e843d0f29b7016828bb1daa4aac70b"},
      {56, "4324d65f3c103567f5589c710bc08f8523f929a9272e3af36fc968e52abc6c27"},
      {63, "81c80242132f230c3bd41b3e63bbcff16107339549214a99614ff26664625055"},
      {64, "39e3d7b6b5d075d37d053ad89b24b41bef4f3c29760c84447cab3f3be1882241"},
      {65, "aacca6ff74fdbb296d165a45cecfa04e5127bc008770fbbdd48006f2d2fae95e"},
      {119, "9ce7368e4daf32341631b492e80359dc9f594b48453cd0dd5bf0b19279cc177e"},
      {120, "7836b787757e95e58b3ca5aec90b1b004e8deba1e50e9675af9cabf1a13a04b5"},
      {1000, "1e9bc38cbf860b9ec31918b065f9b52476c549a782e0e7990bed8ce3868d2371"},
  };
  for (const auto& [n, want] : cases) EXPECT_EQ(sha256_hex(pattern(n)), want) << n << " bytes";
}

}  // namespace
}  // namespace bh
