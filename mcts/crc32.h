// crc32.h — CRC-32 (IEEE 802.3, the zlib/PNG polynomial), table-driven. Checksums chunk
// headers and bodies.
#pragma once

#include <cstdint>
#include <span>

namespace bh {

// CRC of `data`, continuing from `crc` (start with 0).
std::uint32_t crc32(std::span<const std::uint8_t> data, std::uint32_t crc = 0);

}  // namespace bh
