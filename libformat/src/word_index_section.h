// Internal: the WIDX section (format 1.1), the classic DAWG perfect hash.
// Layout and meaning: formats/lexicon-image.md ("WIDX"). One encoder
// (ComputeWordIndexSection) serves the builder, which writes its bytes, the
// reader, which builds the same bytes in memory for an image without the
// section, and Verify, which compares them with the stored section; one
// decoder (DecodeWordIndexSection) gives the in-place view both read.
//
//   head       32 B   u64 arc_count, u64 node_count, 16 B reserved
//   bitmap     ceil(arc_count / 64) u64: bit i of word k marks arc index
//              64k + i as a DAWG node (reachable from the DAWG root, not 0)
//   rank       ceil(bitmap words / 8) u32: set bits before bitmap word 8b
//   counts     node_count u32: words of each node's language, in arc order
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "lexc/graph.h"
#include "lexc/status.h"

namespace lexc::internal {

inline constexpr std::uint32_t kWordIndexHeadSize = 32;
inline constexpr std::uint32_t kWordIndexRankBlock = 8;  // bitmap words per rank entry (512 arcs)

// Sizes of the parts for an arc array of `arc_count` arcs.
struct WordIndexShape {
  std::uint64_t arc_count = 0, node_count = 0;
  std::uint64_t bitmap_words() const { return (arc_count + 63) / 64; }
  std::uint64_t rank_entries() const { return (bitmap_words() + kWordIndexRankBlock - 1) / kWordIndexRankBlock; }
  std::uint64_t bitmap_offset() const { return kWordIndexHeadSize; }
  std::uint64_t rank_offset() const { return bitmap_offset() + 8 * bitmap_words(); }
  std::uint64_t counts_offset() const { return rank_offset() + 4 * rank_entries(); }
  std::uint64_t bytes() const { return counts_offset() + 4 * node_count; }
};

// A read-only view of a WIDX section (in an image or in memory). Every read
// is in bounds whatever the bytes: Count of an index that is not a marked
// node, or whose rank falls past the counts, is 0.
// Thread safety: immutable; any number of threads may read.
class WordIndexView {
 public:
  WordIndexView() = default;
  WordIndexView(const std::uint64_t* bitmap, const std::uint32_t* rank, const std::uint32_t* counts,
                WordIndexShape shape)
      : bitmap_(bitmap), rank_(rank), counts_(counts), shape_(shape) {}

  const WordIndexShape& shape() const { return shape_; }

  // Words of node n's language; 0 for kNoNode and any unmarked index. O(1):
  // at most 8 popcounts (inlined into a caller compiled for the popcnt
  // instruction they are single instructions; see word_index.cc).
  [[gnu::always_inline]] std::uint32_t Count(Node n) const {
    if (n == kNoNode || n >= shape_.arc_count) return 0;
    const std::uint64_t w = n >> 6, bit = n & 63;
    const std::uint64_t word = bitmap_[w];
    if (!(word >> bit & 1)) return 0;
    const std::uint64_t b = w / kWordIndexRankBlock;
    std::uint64_t r = rank_[b];
    for (std::uint64_t k = b * kWordIndexRankBlock; k < w; ++k) r += std::popcount(bitmap_[k]);
    r += std::popcount(word & ((std::uint64_t(1) << bit) - 1));
    return r < shape_.node_count ? counts_[r] : 0;
  }

 private:
  const std::uint64_t* bitmap_ = nullptr;
  const std::uint32_t* rank_ = nullptr;
  const std::uint32_t* counts_ = nullptr;
  WordIndexShape shape_;
};

// A WIDX section built in memory: `words` holds its bytes (8-aligned),
// `bytes` of them are the section.
struct WordIndexBytes {
  std::vector<std::uint64_t> words;
  std::uint64_t bytes = 0;
  std::span<const std::byte> span() const {
    return {reinterpret_cast<const std::byte*>(words.data()), static_cast<std::size_t>(bytes)};
  }
};

// Builds the WIDX section of `dawg` (a valid Graph over an opened image):
// marks the nodes reachable from its root, and counts each node's words in
// one post-order pass. O(arcs reachable + arc_count / 8) time and memory.
// Safe on an opened but unverified image: targets >= arc_count read as the
// empty list. Errors: kCorrupt (a cycle through the node at arc X),
// kLimit (a node accepts more than 2^32 - 1 words).
Result<WordIndexBytes> ComputeWordIndexSection(const Graph& dawg);

// The same bytes for the nodes reachable from `starts` (indices of `g`'s
// arcs; kNoNode and indices >= arc_count are skipped; g's root is not used):
// ComputeWordIndexSection is this with the DAWG root alone, and WordIndex
// numbers a GADDAG-only image's words with the nodes after each first
// tile's separator. `tag` ("DAWG", "GADG") names the graph in messages.
// Same costs, safety and errors: memory follows arc_count, never a count
// read from the image.
Result<WordIndexBytes> ComputeNodeCounts(const Graph& g, std::span<const Node> starts, const char* tag);

// Decodes a WIDX section of an image whose ARCS hold `arc_count` arcs; the
// section must start 8-aligned. Checks the head (arc count equal to ARCS's,
// node count <= arc count, reserved bytes zero) and that the size is exactly
// the head's. O(1). Errors: kCorrupt naming the field.
Result<WordIndexView> DecodeWordIndexSection(std::span<const std::byte> section, std::uint64_t arc_count);

// Compares a stored section with the recomputed one; kCorrupt naming the
// first differing field (head, bitmap word, rank entry, or node count) and
// its offset within the section. O(section).
Status CompareWordIndexSections(std::span<const std::byte> stored, const WordIndexBytes& expected);

}  // namespace lexc::internal
