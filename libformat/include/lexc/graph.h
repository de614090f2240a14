// lexc/graph.h -- zero-copy views of the arc array of a mapped image.
//
// A graph is a DAG of nodes; a node is the index of the first arc of its
// sibling list inside the image's ARCS array, and node 0 is the empty list
// (no arcs). Each arc carries a tile, an "accepts" bit (the path ending with
// this arc spells an accepted string) and the target node. Arcs of a node are
// sorted by strictly increasing tile, so lookups stop early.
//
// DAWG: accepted strings are the words.
// GADDAG: accepted strings are rev(x) + SEP + y for every word xy with x and y
// non-empty, and rev(w) for every word w (SEP is tile 0, kSeparator).
//
// Safety: every accessor is memory-safe on any image that passed
// Lexicon::FromBytes (a node index >= arc_count reads as the empty list, and
// a sibling scan always ends inside the array). Only after Lexicon::Verify()
// succeeds are the answers meaningful for a hostile image (targets in range,
// lists sorted, graph acyclic and consistent with META).
//
// Hot loops use the typed views (GraphView<Arc32>/<Arc64>/<ArcPacked>)
// through Graph::Dispatch, which fixes the arc encoding at compile time; they
// read arcs only through the view (arc(i) and its decoders), never by
// pointer, so every algorithm works on every encoding.
// Thread safety: immutable views; any number of threads may read.
#pragma once

#include <cstddef>
#include <cstdint>

#include "lexc/alphabet.h"

namespace lexc {

using Node = std::uint32_t;
inline constexpr Node kNoNode = 0;

// How an ARCS section stores its arcs (formats/lexicon-image.md, "ARCS"):
// fixed words of 4 or 8 bytes, or (format 1.3) bit-packed arcs of
// tile_bits + target_bits + 2 bits each.
struct ArcEncoding {
  int width = 4;        // bytes per arc: 4 or 8; 0: bit-packed
  int tile_bits = 0;    // packed only: bits of the tile field
  int target_bits = 0;  // packed only: bits of the target field
  bool packed() const { return width == 0; }
  int arc_bits() const { return packed() ? tile_bits + target_bits + 2 : 8 * width; }
  // Bytes the arc words of `count` arcs take, the packed array's padding
  // included (a packed arc is read with one 8-byte load).
  std::uint64_t ArrayBytes(std::uint64_t count) const {
    if (!packed()) return count * static_cast<std::uint64_t>(width);
    return 8 * ((count * static_cast<std::uint64_t>(arc_bits()) + 63) / 64) + 8;
  }
  bool operator==(const ArcEncoding&) const = default;
};

// The arc codecs. Each decodes an arc word (Word, read by Load) into its
// fields. ScanKey(w) holds the tile in its low bits and the "last arc" flag
// just above them (ScanTileMask() masks the tile), so "tile >= t or last
// arc" is one comparison.
struct Arc32 {
  using Word = std::uint32_t;
  static constexpr int kWidth = 4;
  static Word Load(const void* arcs, std::uint64_t i) { return static_cast<const Word*>(arcs)[i]; }
  static const void* Address(const void* arcs, std::uint64_t i) { return static_cast<const Word*>(arcs) + i; }
  static Node target(Word w) { return w & 0x00FFFFFFu; }
  static Tile tile(Word w) { return static_cast<Tile>((w >> 24) & 63u); }
  static bool last(Word w) { return (w >> 30) & 1u; }
  static bool accepts(Word w) { return w >> 31; }
  static unsigned ScanKey(Word w) { return (w >> 24) & 0x7Fu; }  // bits 24-29 tile, 30 last
  static constexpr unsigned ScanTileMask() { return 63u; }
};

struct Arc64 {
  using Word = std::uint64_t;
  static constexpr int kWidth = 8;
  static Word Load(const void* arcs, std::uint64_t i) { return static_cast<const Word*>(arcs)[i]; }
  static const void* Address(const void* arcs, std::uint64_t i) { return static_cast<const Word*>(arcs) + i; }
  static Node target(Word w) { return static_cast<Node>(w); }
  static Tile tile(Word w) { return static_cast<Tile>(w >> 32); }
  static bool last(Word w) { return (w >> 40) & 1u; }
  static bool accepts(Word w) { return (w >> 41) & 1u; }
  static unsigned ScanKey(Word w) { return static_cast<unsigned>(w >> 32) & 0x1FFu; }  // bits 32-39 tile, 40 last
  static constexpr unsigned ScanTileMask() { return 255u; }
};

// Bit-packed arcs (format 1.3): arc i is the `arc_bits` bits from bit
// i * arc_bits of the array (bit k is bit k % 8 of byte k / 8), read with one
// unaligned 8-byte load and a shift (arc_bits <= 42 <= 64 - 7). Fields from
// bit 0: tile (tile_bits), last, accepts, target (target_bits). Load returns
// the arc in the low bits with the next arcs' bits above it; the decoders
// mask them off.
class ArcPacked {
 public:
  using Word = std::uint64_t;
  static constexpr int kWidth = 0;
  ArcPacked() = default;
  ArcPacked(int tile_bits, int target_bits)
      : arc_bits_(static_cast<std::uint32_t>(tile_bits + target_bits + 2)),
        tile_bits_(static_cast<std::uint32_t>(tile_bits)),
        tile_mask_((1u << tile_bits) - 1),
        target_mask_(static_cast<std::uint32_t>((std::uint64_t(1) << target_bits) - 1)) {}
  Word Load(const void* arcs, std::uint64_t i) const {
    const std::uint64_t bit = i * arc_bits_;
    std::uint64_t x;
    __builtin_memcpy(&x, static_cast<const unsigned char*>(arcs) + (bit >> 3), 8);  // little-endian host
    return x >> (bit & 7);
  }
  const void* Address(const void* arcs, std::uint64_t i) const {
    return static_cast<const unsigned char*>(arcs) + ((i * arc_bits_) >> 3);
  }
  Node target(Word w) const { return static_cast<Node>(w >> (tile_bits_ + 2)) & target_mask_; }
  Tile tile(Word w) const { return static_cast<Tile>(w & tile_mask_); }
  bool last(Word w) const { return (w >> tile_bits_) & 1u; }
  bool accepts(Word w) const { return (w >> (tile_bits_ + 1)) & 1u; }
  unsigned ScanKey(Word w) const { return static_cast<unsigned>(w) & (2 * tile_mask_ + 1); }
  unsigned ScanTileMask() const { return tile_mask_; }

 private:
  std::uint32_t arc_bits_ = 0, tile_bits_ = 0, tile_mask_ = 0, target_mask_ = 0;
};

template <class C>
class GraphView {
 public:
  using Codec = C;
  using Word = typename C::Word;
  GraphView() = default;
  GraphView(const void* arcs, std::uint64_t count, Node root, C codec = C())
      : arcs_(arcs), count_(count), root_(root), codec_(codec) {}

  Node root() const { return root_; }
  std::uint64_t arc_count() const { return count_; }

  // Arc i's word, i < arc_count(), decoded by the accessors below. Same
  // safety rules as the rest: only after Lexicon::Verify() are targets known
  // to be in range.
  Word arc(std::uint64_t i) const { return codec_.Load(arcs_, i); }
  Tile tile(Word w) const { return codec_.tile(w); }
  Node target(Word w) const { return codec_.target(w); }
  bool last(Word w) const { return codec_.last(w); }
  bool accepts(Word w) const { return codec_.accepts(w); }
  unsigned ScanKey(Word w) const { return codec_.ScanKey(w); }
  unsigned ScanTileMask() const { return codec_.ScanTileMask(); }
  // The arc array's first byte, for tools that rewrite arcs in place.
  const void* arcs_data() const { return arcs_; }
  const C& codec() const { return codec_; }

  // Calls f(tile, accepts, target) for each arc of n in tile order; stops
  // early when f returns false. O(fan-out).
  template <class F>
  void ForEachArc(Node n, F&& f) const {
    if (n == kNoNode || n >= count_) return;
    for (std::uint64_t i = n;; ++i) {
      const Word w = arc(i);
      if (!f(tile(w), accepts(w), target(w))) return;
      if (last(w)) return;
    }
  }

  // Hints the CPU to load n's first arcs (no effect on results). Useful a
  // step ahead of a traversal that will visit n. Never faults, whatever n.
  void Prefetch(Node n) const { __builtin_prefetch(codec_.Address(arcs_, n < count_ ? n : 0)); }

  // Finds the arc of n labelled t. On success sets *child and *accepts.
  bool Child(Node n, Tile t, Node* child, bool* accepts_out) const {
    if (n == kNoNode || n >= count_) return false;
    for (std::uint64_t i = n;; ++i) {
      const Word w = arc(i);
      const Tile wt = tile(w);
      if (wt == t) {
        *child = target(w);
        *accepts_out = accepts(w);
        return true;
      }
      if (wt > t || last(w)) return false;
    }
  }

 private:
  const void* arcs_ = nullptr;
  std::uint64_t count_ = 0;
  Node root_ = kNoNode;
  [[no_unique_address]] C codec_;
};

// Encoding-erased handle; cheap to copy.
class Graph {
 public:
  Graph() = default;
  Graph(const void* arcs, ArcEncoding encoding, std::uint64_t count, Node root)
      : arcs_(arcs), encoding_(encoding), count_(count), root_(root) {}
  Graph(const void* arcs, int width, std::uint64_t count, Node root)
      : Graph(arcs, ArcEncoding{width, 0, 0}, count, root) {}

  bool valid() const { return arcs_ != nullptr; }
  Node root() const { return root_; }
  const ArcEncoding& encoding() const { return encoding_; }
  int arc_width() const { return encoding_.width; }  // 0: bit-packed
  std::uint64_t arc_count() const { return count_; }

  // Calls f(view) with GraphView<Arc32>, GraphView<Arc64> or
  // GraphView<ArcPacked>: the encoding fixed at compile time for hot loops.
  template <class F>
  decltype(auto) Dispatch(F&& f) const {
    if (encoding_.width == 4) return f(GraphView<Arc32>(arcs_, count_, root_));
    if (encoding_.width == 8) return f(GraphView<Arc64>(arcs_, count_, root_));
    return f(GraphView<ArcPacked>(arcs_, count_, root_, ArcPacked(encoding_.tile_bits, encoding_.target_bits)));
  }

  template <class F>
  void ForEachArc(Node n, F&& f) const {
    Dispatch([&](const auto& g) { g.ForEachArc(n, f); });
  }
  bool Child(Node n, Tile t, Node* child, bool* accepts) const {
    return Dispatch([&](const auto& g) { return g.Child(n, t, child, accepts); });
  }

 private:
  const void* arcs_ = nullptr;
  ArcEncoding encoding_;
  std::uint64_t count_ = 0;
  Node root_ = kNoNode;
};

}  // namespace lexc
