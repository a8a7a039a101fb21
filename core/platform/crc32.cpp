// crc32.cpp — CRC-32 through zlib's crc32_z, which computes the same IEEE 802.3 checksum
// (reflected, polynomial 0xEDB88320) with its sliced tables; zlib stays private to this file.
#include "core/platform/crc32.h"

#include <zlib.h>

namespace bh {

std::uint32_t crc32(std::span<const std::uint8_t> data, std::uint32_t crc) {
  return std::uint32_t(::crc32_z(crc, data.data(), data.size()));
}

}  // namespace bh
