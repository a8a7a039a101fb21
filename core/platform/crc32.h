// crc32.h — CRC-32 (IEEE 802.3, the zlib/PNG polynomial), computed by zlib. Checksums chunk
// headers and bodies, checkpoint payloads.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace bh {

// CRC of `data`, continuing from `crc` (start with 0).
std::uint32_t crc32(std::span<const std::uint8_t> data, std::uint32_t crc = 0);
inline std::uint32_t crc32(std::string_view data, std::uint32_t crc = 0) {
  return crc32(std::span<const std::uint8_t>(reinterpret_cast<const std::uint8_t*>(data.data()), data.size()), crc);
}

}  // namespace bh
