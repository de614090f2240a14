// lexc/crc32c.h -- CRC-32C (Castagnoli, reflected polynomial 0x82F63B78),
// the checksum of iSCSI, ext4, leveldb and fst. Uses the SSE4.2 crc32
// instruction when the CPU has it, a slicing-by-8 table otherwise; both give
// identical results (tests check the RFC 3720 vectors).
#pragma once

#include <cstddef>
#include <cstdint>

namespace lexc {

// Extends `crc` (the value returned for the bytes so far; 0 to start) over
// data[0, n). Crc32c(0, "123456789", 9) == 0xE3069283.
std::uint32_t Crc32c(std::uint32_t crc, const void* data, std::size_t n);

}  // namespace lexc
