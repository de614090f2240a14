// Internal: serialization of an image whose arcs are laid out already, shared
// by the builder (builder.cc) and EncodeImageFromArcs (lexc/image_writer.h).
// Writes the header, the section table, ALPH, META, the graph descriptors,
// ARCS (through the caller's arc writer), the optional WIDX section computed
// from the arcs as written, and the trailer with the CRC32C; every fixed
// record through image_codec.h. Layout: formats/lexicon-image.md.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <vector>

#include "lexc/alphabet.h"
#include "lexc/graph.h"
#include "lexc/lexicon.h"
#include "lexc/status.h"

namespace lexc::internal {

struct ImagePlan {
  const Alphabet* alphabet = nullptr;
  Metadata meta;                      // META as recorded (meta.options is its options text)
  const GraphInfo* dawg = nullptr;    // null: no DAWG section
  const GraphInfo* gaddag = nullptr;  // null: no GADG section
  ArcEncoding arc_encoding;           // 4 or 8 bytes, or bit-packed (1.3)
  std::uint64_t arc_count = 0;        // sentinel included
  bool word_index = false;            // compute and write WIDX (needs dawg)
};

struct EncodedImage {
  std::vector<std::byte> bytes;
  std::uint64_t word_index_bytes = 0;
  double seconds_word_index = 0;
};

// Writes arcs one after another, from the sentinel, in an encoding, into
// an array that ArcEncoding::ArrayBytes sized and zeroed.
class ArcWriter {
 public:
  ArcWriter(std::byte* out, const ArcEncoding& encoding) : out_(out), encoding_(encoding) {}
  void Put(Tile tile, bool last, bool accepts, std::uint64_t target) {
    const std::uint64_t t = tile, l = last, a = accepts;
    if (encoding_.width == 4) {
      const auto w = static_cast<std::uint32_t>(a << 31 | l << 30 | t << 24 | target);
      std::memcpy(out_ + 4 * next_, &w, 4);  // little-endian host (bytes.h)
    } else if (encoding_.width == 8) {
      const std::uint64_t w = a << 41 | l << 40 | t << 32 | target;
      std::memcpy(out_ + 8 * next_, &w, 8);
    } else {
      const int tb = encoding_.tile_bits;
      const std::uint64_t w = t | l << tb | a << (tb + 1) | target << (tb + 2);
      const std::uint64_t bit = next_ * static_cast<std::uint64_t>(encoding_.arc_bits());
      std::uint64_t x;  // the array is padded: 8 bytes from any arc's first byte are in it
      std::memcpy(&x, out_ + bit / 8, 8);
      x |= w << (bit % 8);
      std::memcpy(out_ + bit / 8, &x, 8);
    }
    ++next_;
  }
  // Whether writers over disjoint runs of arcs (At) may run on different
  // threads: arcs of whole bytes (width 4 or 8) share no byte; bit-packed
  // arcs share bytes at the runs' edges.
  bool whole_bytes() const { return encoding_.width == 4 || encoding_.width == 8; }
  // A writer into the same array, putting arcs from arc `index` on.
  ArcWriter At(std::uint64_t index) const {
    ArcWriter w(out_, encoding_);
    w.next_ = index;
    return w;
  }

 private:
  std::byte* out_;
  ArcEncoding encoding_;
  std::uint64_t next_ = 0;
};

// The bit-packed encoding (format 1.3) with the fewest bits for `arc_count`
// arcs over an alphabet of `tiles` tiles: tile bits for codes 0..tiles,
// target bits for 0..arc_count - 1 (at least 1 each).
ArcEncoding PackedArcEncoding(std::uint64_t arc_count, int tiles);

// `write_arcs(out)` puts plan.arc_count arcs, the sentinel first. Errors:
// those of the word index (kLimit).
Result<EncodedImage> EncodeImage(const ImagePlan& plan, const std::function<void(ArcWriter& out)>& write_arcs);

}  // namespace lexc::internal
