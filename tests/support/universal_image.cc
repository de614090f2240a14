#include "universal_image.h"

#include <algorithm>
#include <cstring>
#include <string>

#include "lexc/crc32c.h"

namespace lexc::test {
namespace {

// English tile scores and counts, A..Z.
constexpr int kScore[26] = {1, 3, 3, 2, 1, 4, 2, 4, 1, 8, 5, 1, 3, 1, 1, 3, 10, 1, 1, 1, 1, 4, 4, 8, 4, 10};
constexpr int kCount[26] = {9, 2, 2, 4, 12, 2, 3, 2, 9, 1, 1, 4, 2, 6, 8, 2, 1, 6, 4, 6, 4, 2, 2, 1, 2, 1};
constexpr char kName[] = "universal";

// Little-endian writer into a growing byte buffer.
struct Bytes {
  std::vector<std::uint8_t> b;
  void Put(std::size_t at, std::uint64_t v, int width) {
    if (b.size() < at + std::size_t(width)) b.resize(at + std::size_t(width));
    for (int i = 0; i < width; ++i) b[at + std::size_t(i)] = static_cast<std::uint8_t>(v >> (8 * i));
  }
  void Tag(std::size_t at, const char* tag) { std::memcpy(Grow(at, 4), tag, 4); }
  std::uint8_t* Grow(std::size_t at, std::size_t n) {
    if (b.size() < at + n) b.resize(at + n);
    return b.data() + at;
  }
  std::size_t Align() {
    b.resize((b.size() + 7) / 8 * 8);
    return b.size();
  }
};

std::uint32_t Arc(int tile, bool accepts, bool last, std::uint32_t target) {
  return (accepts ? 0x80000000u : 0u) | (last ? 0x40000000u : 0u) | (std::uint32_t(tile) << 24) | target;
}

}  // namespace

std::uint64_t UniversalWordCount(const UniversalSpec& spec) {
  std::uint64_t words = 0, power = 1;
  for (int k = 1; k <= spec.max_len; ++k) words += power *= std::uint64_t(spec.letters);
  return words;
}

UniversalImage::UniversalImage(UniversalSpec spec) : spec_(spec) {
  // max-len 1 would make the GADDAG's root accept what DAWG node 0 accepts
  // (two equal nodes); 2..12 keeps both graphs minimal.
  spec_.letters = std::clamp(spec_.letters, 1, 26);
  spec_.max_len = std::clamp(spec_.max_len, 2, 12);
  const std::uint32_t L = std::uint32_t(spec_.letters), M = std::uint32_t(spec_.max_len);
  std::uint64_t words = 0, tiles = 0, power = 1;
  for (std::uint32_t k = 1; k <= M; ++k) {
    power *= L;
    words += power;
    tiles += k * power;
  }

  // The arcs: the sentinel, DAWG nodes D0..D(M-1) (L arcs each), then the
  // GADDAG root R (L arcs) and G1..G(M-1) (the separator and L letters).
  std::vector<std::uint32_t> arcs{0x40000000u};
  const auto dawg_node = [&](std::uint32_t d) { return 1 + d * L; };
  const std::uint32_t gaddag_root = 1 + M * L;
  const auto gaddag_node = [&](std::uint32_t d) { return gaddag_root + L + (d - 1) * (L + 1); };
  for (std::uint32_t d = 0; d < M; ++d)
    for (std::uint32_t t = 1; t <= L; ++t) arcs.push_back(Arc(int(t), true, t == L, d + 1 < M ? dawg_node(d + 1) : 0));
  if (spec_.gaddag) {
    for (std::uint32_t t = 1; t <= L; ++t) arcs.push_back(Arc(int(t), true, t == L, gaddag_node(1)));
    for (std::uint32_t d = 1; d < M; ++d) {
      arcs.push_back(Arc(0, false, false, dawg_node(d)));
      for (std::uint32_t t = 1; t <= L; ++t)
        arcs.push_back(Arc(int(t), true, t == L, d + 1 < M ? gaddag_node(d + 1) : 0));
    }
  }

  Bytes out;
  const std::uint32_t sections = spec_.gaddag ? 5 : 4;
  out.Grow(0, 64 + 24 * sections);
  std::size_t entry = 64;
  const auto section = [&](const char* tag, std::size_t offset, std::size_t size) {
    out.Tag(entry, tag);
    out.Put(entry + 8, offset, 8);
    out.Put(entry + 16, size, 8);
    entry += 24;
  };

  // ALPH: head, one record per tile, the name.
  std::size_t at = out.Align();
  out.Put(at, L, 4);
  out.Put(at + 4, 2, 2);  // two blanks worth 0
  out.Put(at + 8, 40, 2);
  out.Put(at + 10, sizeof kName - 1, 2);
  for (std::uint32_t i = 0; i < L; ++i) {
    const std::size_t r = at + 16 + 40 * i;
    out.Put(r, 1, 1);
    out.Put(r + 1, 'A' + i, 1);
    out.Put(r + 16, 1, 1);
    out.Put(r + 17, 'a' + i, 1);
    out.Put(r + 32, std::uint64_t(kScore[i]), 2);
    out.Put(r + 34, std::uint64_t(kCount[i]), 2);
  }
  std::memcpy(out.Grow(at + 16 + 40 * L, sizeof kName - 1), kName, sizeof kName - 1);
  section("ALPH", at, 16 + 40 * L + sizeof kName - 1);

  // META: figures of the universal language, no options.
  at = out.Align();
  out.Put(at, words, 8);
  out.Put(at + 8, tiles, 8);
  out.Put(at + 16, tiles + words, 8);  // one byte per label, and an LF per word
  out.Put(at + 24, M, 4);
  out.Put(at + 28, 1, 4);
  out.Put(at + 32, M, 4);
  out.Grow(at, 64);
  section("META", at, 64);

  at = out.Align();
  out.Put(at, dawg_node(0), 4);
  out.Put(at + 8, M, 8);
  out.Put(at + 16, M * L, 8);
  out.Put(at + 24, words, 8);
  out.Put(at + 32, M, 4);
  out.Grow(at, 48);
  section("DAWG", at, 48);

  if (spec_.gaddag) {
    at = out.Align();
    out.Put(at, gaddag_root, 4);
    out.Put(at + 8, 1 + 2 * (M - 1), 8);
    out.Put(at + 16, L + (M - 1) * (L + 1) + (M - 1) * L, 8);
    out.Put(at + 24, tiles, 8);  // a GADDAG's strings: one per tile of each word
    out.Put(at + 32, M + 1, 4);  // rev(x) SEP y with |xy| = max-len
    out.Grow(at, 48);
    section("GADG", at, 48);
  }

  at = out.Align();
  out.Put(at, 4, 4);
  out.Put(at + 8, arcs.size(), 8);
  for (std::size_t i = 0; i < arcs.size(); ++i) out.Put(at + 16 + 4 * i, arcs[i], 4);
  section("ARCS", at, 16 + 4 * arcs.size());

  // Header and trailer.
  const std::size_t trailer = out.Align();
  const std::size_t file_size = trailer + 16;
  static const std::uint8_t kMagic[8] = {0x89, 'L', 'E', 'X', 0x0D, 0x0A, 0x1A, 0x0A};
  std::memcpy(out.Grow(0, 8), kMagic, 8);
  out.Put(8, 1, 2);  // major 1, minor 0
  out.Put(16, file_size, 8);
  out.Put(24, 64, 4);
  out.Put(28, sections, 4);
  out.Put(32, 64, 8);
  out.Put(40, 24, 4);
  out.Put(trailer, Crc32c(0, out.b.data(), trailer), 4);
  std::memcpy(out.Grow(trailer + 8, 8), "LEXC-END", 8);

  size_ = out.b.size();
  store_.assign(size_ / 8 + 1, 0);
  std::memcpy(store_.data(), out.b.data(), size_);
}

}  // namespace lexc::test
