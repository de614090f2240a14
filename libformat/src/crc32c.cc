#include "lexc/crc32c.h"

#include <array>
#include <cstring>

#if defined(__x86_64__)
#include <nmmintrin.h>
#endif

namespace lexc {
namespace {

constexpr std::uint32_t kPoly = 0x82F63B78u;

struct Tables {
  std::uint32_t t[8][256];
  constexpr Tables() : t{} {
    for (std::uint32_t i = 0; i < 256; ++i) {
      std::uint32_t c = i;
      for (int k = 0; k < 8; ++k) c = (c & 1) ? (c >> 1) ^ kPoly : c >> 1;
      t[0][i] = c;
    }
    for (int s = 1; s < 8; ++s)
      for (int i = 0; i < 256; ++i) t[s][i] = (t[s - 1][i] >> 8) ^ t[0][t[s - 1][i] & 0xFF];
  }
};
constexpr Tables kTables;

std::uint32_t Portable(std::uint32_t c, const unsigned char* p, std::size_t n) {
  while (n >= 8) {
    std::uint64_t v;
    std::memcpy(&v, p, 8);  // little-endian hosts only (static_assert'd in lexicon.cc)
    v ^= c;
    c = kTables.t[7][v & 0xFF] ^ kTables.t[6][(v >> 8) & 0xFF] ^ kTables.t[5][(v >> 16) & 0xFF] ^
        kTables.t[4][(v >> 24) & 0xFF] ^ kTables.t[3][(v >> 32) & 0xFF] ^ kTables.t[2][(v >> 40) & 0xFF] ^
        kTables.t[1][(v >> 48) & 0xFF] ^ kTables.t[0][v >> 56];
    p += 8;
    n -= 8;
  }
  while (n--) c = (c >> 8) ^ kTables.t[0][(c ^ *p++) & 0xFF];
  return c;
}

#if defined(__x86_64__)
__attribute__((target("sse4.2"))) std::uint32_t Hardware(std::uint32_t c, const unsigned char* p, std::size_t n) {
  std::uint64_t c64 = c;
  while (n >= 8) {
    std::uint64_t v;
    std::memcpy(&v, p, 8);
    c64 = _mm_crc32_u64(c64, v);
    p += 8;
    n -= 8;
  }
  c = static_cast<std::uint32_t>(c64);
  while (n--) c = _mm_crc32_u8(c, *p++);
  return c;
}
bool HaveSse42() {
  static const bool have = __builtin_cpu_supports("sse4.2");
  return have;
}
#endif

}  // namespace

std::uint32_t Crc32c(std::uint32_t crc, const void* data, std::size_t n) {
  const auto* p = static_cast<const unsigned char*>(data);
  std::uint32_t c = ~crc;
#if defined(__x86_64__)
  if (HaveSse42()) return ~Hardware(c, p, n);
#endif
  return ~Portable(c, p, n);
}

}  // namespace lexc
