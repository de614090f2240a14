// A hostile but valid lexicon image for memory tests: the "universal"
// lexicon over the first `letters` letters of English (A..Z), accepting every
// string of 1..max_len of them. Its DAWG has max_len nodes of `letters` arcs
// (node d: every letter accepts and leads to node d + 1), so a 26-letter,
// 12-tile image is under 3 KB and holds 26 + 26^2 + ... + 26^12 (9.9 x 10^16)
// words. With `gaddag`, the image also holds the matching GADDAG (root: every
// letter accepts and leads to G1; Gd: the separator leads to DAWG node d,
// every letter accepts and leads to G(d+1)), sharing the DAWG's nodes.
//
// The image is written from formats/lexicon-image.md alone (not with the
// builder, which would have to list the words) and carries consistent
// figures: META's word count, tile total, text bytes, longest and shortest
// word, the descriptors' nodes, arcs, strings and longest path, and the CRC,
// so Lexicon::Verify() accepts it. Alphabet: the English letters' labels,
// scores and counts, two blanks; the name is "universal".
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace lexc::test {

struct UniversalSpec {
  int letters = 26;    // 1..26
  int max_len = 12;    // 1..12 (figures then fit in 64 bits)
  bool gaddag = true;  // also a GADDAG
};

// Words of the universal language: letters + letters^2 + ... + letters^max_len.
std::uint64_t UniversalWordCount(const UniversalSpec& spec);

// Image bytes, 8-byte aligned (read them through bytes()). Parameters out of
// range are clamped into range.
class UniversalImage {
 public:
  explicit UniversalImage(UniversalSpec spec);
  std::span<const std::byte> bytes() const { return {reinterpret_cast<const std::byte*>(store_.data()), size_}; }
  const UniversalSpec& spec() const { return spec_; }

 private:
  UniversalSpec spec_;
  std::vector<std::uint64_t> store_;
  std::size_t size_ = 0;
};

}  // namespace lexc::test
