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
// Hot loops use the typed views (GraphView<Arc32>/<Arc64>) through
// Graph::Dispatch, which fixes the arc width at compile time.
// Thread safety: immutable views; any number of threads may read.
#pragma once

#include <cstddef>
#include <cstdint>

#include "lexc/alphabet.h"

namespace lexc {

using Node = std::uint32_t;
inline constexpr Node kNoNode = 0;

struct Arc32 {
  using Word = std::uint32_t;
  static constexpr int kWidth = 4;
  static Node target(Word w) { return w & 0x00FFFFFFu; }
  static Tile tile(Word w) { return static_cast<Tile>((w >> 24) & 63u); }
  static bool last(Word w) { return (w >> 30) & 1u; }
  static bool accepts(Word w) { return w >> 31; }
};

struct Arc64 {
  using Word = std::uint64_t;
  static constexpr int kWidth = 8;
  static Node target(Word w) { return static_cast<Node>(w); }
  static Tile tile(Word w) { return static_cast<Tile>(w >> 32); }
  static bool last(Word w) { return (w >> 40) & 1u; }
  static bool accepts(Word w) { return (w >> 41) & 1u; }
};

template <class C>
class GraphView {
 public:
  using Word = typename C::Word;
  GraphView() = default;
  GraphView(const Word* arcs, std::uint64_t count, Node root) : arcs_(arcs), count_(count), root_(root) {}

  Node root() const { return root_; }
  std::uint64_t arc_count() const { return count_; }

  // Calls f(tile, accepts, target) for each arc of n in tile order; stops
  // early when f returns false. O(fan-out).
  template <class F>
  void ForEachArc(Node n, F&& f) const {
    if (n == kNoNode || n >= count_) return;
    for (const Word* p = arcs_ + n;; ++p) {
      const Word w = *p;
      if (!f(C::tile(w), C::accepts(w), C::target(w))) return;
      if (C::last(w)) return;
    }
  }

  // Hints the CPU to load n's first arcs (no effect on results). Useful a
  // step ahead of a traversal that will visit n.
  void Prefetch(Node n) const {
    if (n < count_) __builtin_prefetch(arcs_ + n);
  }

  // The raw arc words (count() of them), for callers that decode arcs
  // themselves with C::tile/target/last/accepts. Same safety rules as above:
  // only after Lexicon::Verify() are targets known to be in range.
  const Word* arcs() const { return arcs_; }

  // Finds the arc of n labelled t. On success sets *child and *accepts.
  bool Child(Node n, Tile t, Node* child, bool* accepts) const {
    if (n == kNoNode || n >= count_) return false;
    for (const Word* p = arcs_ + n;; ++p) {
      const Word w = *p;
      const Tile wt = C::tile(w);
      if (wt == t) {
        *child = C::target(w);
        *accepts = C::accepts(w);
        return true;
      }
      if (wt > t || C::last(w)) return false;
    }
  }

 private:
  const Word* arcs_ = nullptr;
  std::uint64_t count_ = 0;
  Node root_ = kNoNode;
};

// Width-erased handle; cheap to copy.
class Graph {
 public:
  Graph() = default;
  Graph(const void* arcs, int width, std::uint64_t count, Node root)
      : arcs_(arcs), width_(width), count_(count), root_(root) {}

  bool valid() const { return arcs_ != nullptr; }
  Node root() const { return root_; }
  int arc_width() const { return width_; }
  std::uint64_t arc_count() const { return count_; }

  // Calls f(view) with GraphView<Arc32> or GraphView<Arc64>.
  template <class F>
  decltype(auto) Dispatch(F&& f) const {
    if (width_ == 4) return f(GraphView<Arc32>(static_cast<const std::uint32_t*>(arcs_), count_, root_));
    return f(GraphView<Arc64>(static_cast<const std::uint64_t*>(arcs_), count_, root_));
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
  int width_ = 4;
  std::uint64_t count_ = 0;
  Node root_ = kNoNode;
};

}  // namespace lexc
