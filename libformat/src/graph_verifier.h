// Internal: the full check of one graph that Lexicon::Verify() runs per
// graph (lexicon.h states what it guarantees; formats/lexicon-image.md,
// "Validation", what it checks). Precondition: every arc's target and tile
// are in range (VerifyArcs ran first).
//
// Steps: Walk() visits every node reachable from the root once, depth first,
// rejecting cycles and sibling lists that run off the array, and folds each
// node's figures after its children's (FoldNode: sorted tiles, separators
// only where a GADDAG allows them, no dead ends; accepted strings, depth,
// words, tiles and text bytes below). CountForwardWords() reads a GADDAG's
// words as c SEP y. CheckDescriptor() and CheckMeta() compare the totals;
// CheckShortest() finds the shortest word breadth first for META's.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "lexc/alphabet.h"
#include "lexc/graph.h"
#include "lexc/lexicon.h"
#include "lexc/status.h"
#include "lexc/zeroed_array.h"

namespace lexc::internal {

template <class C>
class GraphVerifier {
 public:
  GraphVerifier(const GraphView<C>& g, const char* name, bool gaddag, const Alphabet& alphabet)
      : g_(g), count_(g.arc_count()), root_(g.root()), gaddag_(gaddag), gname_(std::string(name) + ": ") {
    // When every label has the same length L (English), the text bytes are
    // L x tiles + words, and no per-node byte count is needed.
    for (int t = 1; t <= alphabet.size(); ++t) {
      label_bytes_[t] = alphabet.tile(static_cast<Tile>(t)).label.size();
      uniform_ &= label_bytes_[t] == label_bytes_[1];
    }
    got_.root = root_;
  }

  Status Run(const GraphInfo& want, const Metadata& meta) {
    if (root_ != kNoNode) {
      // Narrow records first; only figures that do not fit them (no real
      // lexicon's) send the walk again over wide ones, from scratch, so the
      // results are those of the wide walk alone.
      Status st = WalkAndCount<NarrowSlot>();
      if (retry_wide_) st = WalkAndCount<WideSlot>();
      LEXC_RETURN_IF_ERROR(st);
    }
    LEXC_RETURN_IF_ERROR(CheckDescriptor(want));
    return CheckMeta(meta);
  }

 private:
  // Per arc slot (a node is the index of its first arc), one record, so
  // that a child's figures are one cache miss, zeroed lazily (a DAWG touches
  // only its own slots): accepted strings and the longest path below the
  // node; words: over the words below it, a DAWG's tiles (for META's tile
  // total) or a GADDAG's accepted strings without a separator (the rev(w));
  // rev_depth: a GADDAG's longest separator-free path. Two layouts with one
  // interface: WideSlot holds any figure (24 bytes); NarrowSlot (12 bytes, so
  // a SOWPODS GADDAG's walk touches 14 MB instead of 28) holds counts below
  // 2^32 and depths below 2^16, and Set() says false for a figure that does
  // not fit.
  //
  // Per arc slot too, apart, one byte of flags (1.2 MB for SOWPODS, mostly
  // in the core's cache): the DFS color (0 unseen, gray on the stack, done),
  // the slot counted in got_.arcs, a separator below (GADDAG). The walk
  // tests a child's color as it meets the arc, a step whose outcome decides
  // the next; the child's figures are read only when its parent is folded,
  // where the loads of all the children go out together.
  static constexpr std::uint8_t kGray = 1, kDone = 2, kColor = 3, kSeen = 4, kHasSep = 8;
  struct WideSlot {
    std::uint64_t strings_, words_;
    std::uint32_t depth_, rev_depth_;
    std::uint64_t strings() const { return strings_; }
    std::uint64_t words() const { return words_; }
    std::uint32_t depth() const { return depth_; }
    std::uint32_t rev_depth() const { return rev_depth_; }
    bool Set(std::uint64_t strings, std::uint64_t words, std::uint32_t depth, std::uint32_t rev_depth) {
      strings_ = strings;
      words_ = words;
      depth_ = depth;
      rev_depth_ = rev_depth;
      return true;
    }
  };
  struct NarrowSlot {
    static constexpr std::uint32_t kMaxDepth = 0xffff;
    std::uint32_t strings_, words_;
    std::uint16_t depth_, rev_depth_;
    std::uint64_t strings() const { return strings_; }
    std::uint64_t words() const { return words_; }
    std::uint32_t depth() const { return depth_; }
    std::uint32_t rev_depth() const { return rev_depth_; }
    bool Set(std::uint64_t strings, std::uint64_t words, std::uint32_t depth, std::uint32_t rev_depth) {
      if (strings > 0xffffffffu || words > 0xffffffffu || depth > kMaxDepth || rev_depth > kMaxDepth) return false;
      strings_ = static_cast<std::uint32_t>(strings);
      words_ = static_cast<std::uint32_t>(words);
      depth_ = static_cast<std::uint16_t>(depth);
      rev_depth_ = static_cast<std::uint16_t>(rev_depth);
      return true;
    }
  };
  static_assert(sizeof(WideSlot) == 24 && sizeof(NarrowSlot) == 12);

  // Walk() and CountForwardWords() over records of type S, keeping what
  // CheckDescriptor() and CheckMeta() read; sets retry_wide_ (and returns
  // Ok) when a figure does not fit S.
  template <class S>
  Status WalkAndCount() {
    retry_wide_ = false;
    ZeroedArray<S> slot(count_);
    word_bytes_ = ZeroedArray<std::uint64_t>(uniform_ ? 0 : count_);
    // The graph kind and the labels' uniformity fixed at compile time: the
    // walk's loop then carries only the figures it needs.
    ZeroedArray<std::uint8_t> flags(count_);
    S* const sp = slot.data();
    std::uint8_t* const fp = flags.data();
    const Status walked = gaddag_ ? (uniform_ ? Walk<S, true, true>(sp, fp) : Walk<S, true, false>(sp, fp))
                                  : (uniform_ ? Walk<S, false, true>(sp, fp) : Walk<S, false, false>(sp, fp));
    LEXC_RETURN_IF_ERROR(walked);
    if (retry_wide_) return Status::Ok();
    const S& root = slot[root_];
    got_.strings = root.strings();
    got_.longest_path = root.depth();
    root_words_ = root.words();
    root_rev_depth_ = root.rev_depth();
    root_text_bytes_ = uniform_ ? 0 : word_bytes_[root_];
    word_bytes_ = ZeroedArray<std::uint64_t>();
    if (gaddag_) return CountForwardWords(slot.data());
    return Status::Ok();
  }

  static Status Corrupt(std::string detail) { return Status(Errc::kCorrupt, std::move(detail)); }
  // The cold error path of FoldNode, kept out of its loop.
  [[gnu::cold, gnu::noinline]] bool Fail(std::string detail) {
    error_ = Corrupt(std::move(detail));
    return false;
  }

  // Iterative DFS over the arcs; per-slot color: 0 unseen, 1 on the stack,
  // 2 done. A node is folded once all its children are.
  template <class S, bool kGaddag, bool kUniform>
  Status Walk(S* const slot, std::uint8_t* const flags) {
    struct Frame {
      Node n;
      std::uint64_t at;  // next arc slot to look at
    };
    // Locals, not members, in the hot loop: byte stores could otherwise alias
    // the members and force the compiler to reload them on every arc.
    const GraphView<C> arcs = g_;
    const std::uint64_t count = count_;
    Columns c{word_bytes_.data(), label_bytes_, root_};
    std::uint64_t nodes = 0;
    std::vector<Frame> stack{{root_, root_}};
    flags[root_] = kGray;
    while (!stack.empty()) {
      Frame& f = stack.back();
      if (f.at != ~std::uint64_t(0)) {
        const auto w = arcs.arc(f.at);
        const Node t = arcs.target(w);
        const std::uint8_t color = t == kNoNode ? 0 : flags[t] & kColor;
        if (color == kGray)
          return Corrupt(gname_ + "cycle: arc " + std::to_string(f.at) + " leads back to node " + std::to_string(t));
        const bool last = arcs.last(w);
        f.at = last ? ~std::uint64_t(0) : f.at + 1;
        if (!last && f.at >= count)
          return Corrupt(gname_ + "node " + std::to_string(f.n) + ": sibling list runs past the last arc");
        if (t != kNoNode && color == 0) {
          flags[t] |= kGray;
          stack.push_back({t, t});
        }
        continue;
      }
      const Node n = f.n;
      if (!FoldNode<S, kGaddag, kUniform>(n, arcs, slot, flags, c))
        return c.narrow_overflow ? (retry_wide_ = true, Status::Ok()) : error_;
      flags[n] = static_cast<std::uint8_t>((flags[n] & ~kColor) | kDone);
      ++nodes;
      stack.pop_back();
    }
    got_.nodes = nodes;
    got_.arcs = c.slots;
    sums_overflow_ = c.sums_overflow;
    return Status::Ok();
  }

  // What Walk()'s locals see, and its running totals.
  struct Columns {
    std::uint64_t* word_bytes;
    const std::uint64_t* label_bytes;
    Node root;                // the graph kind and label uniformity are Walk()'s template arguments
    std::uint64_t slots = 0;  // distinct arc slots seen
    bool sums_overflow = false;
    bool narrow_overflow = false;  // a figure did not fit the records: walk again wide
  };

  // Checks node n's list and records its figures from its children's; false
  // (with error_ set) on a malformed list. Inlined into Walk()'s loop, as it
  // was before it became a step of its own.
  template <class S, bool kGaddag, bool kUniform>
  [[gnu::always_inline]] inline bool FoldNode(Node n, const GraphView<C>& arcs, S* const slot,
                                              std::uint8_t* const flags, Columns& c) {
    constexpr bool gaddag = kGaddag, uniform = kUniform;
    std::uint64_t* const word_bytes = c.word_bytes;
    const std::uint64_t* const label_bytes = c.label_bytes;
    bool sums_overflow = false;
    std::uint64_t total = 0;
    std::uint32_t d = 0, rd = 0;
    std::uint64_t rtotal = 0, tiles_below = 0, bytes_below = 0, new_slots = 0;
    int prev_tile = -1;
    bool sep_below = false;
    for (std::uint64_t i = n;; ++i) {
      const auto w = arcs.arc(i);
      const Tile tile = arcs.tile(w);
      const Node t = arcs.target(w);
      const bool accepts = arcs.accepts(w);
      if (static_cast<int>(tile) <= prev_tile)
        return Fail(gname_ + "node " + std::to_string(n) + ": arc " + std::to_string(i) + " tile " +
                    std::to_string(tile) + " is not above the previous " + std::to_string(prev_tile));
      prev_tile = tile;
      // Slot 0 (kNoNode, the sentinel) is never a node nor in a list: it
      // stays zero, what a missing child contributes.
      const S& child = slot[t];
      const bool child_sep = (flags[t] & kHasSep) != 0;
      if (tile == kSeparator) {
        if constexpr (!gaddag) return Fail(gname_ + "arc " + std::to_string(i) + " is a separator in a DAWG");
        if (n == c.root) return Fail(gname_ + "the root has a separator arc");
        if (accepts) return Fail(gname_ + "separator arc " + std::to_string(i) + " accepts");
        if (t == kNoNode) return Fail(gname_ + "separator arc " + std::to_string(i) + " leads nowhere");
        if (child_sep) return Fail(gname_ + "separator arc " + std::to_string(i) + " leads to another separator");
        sep_below = true;
      } else if (gaddag && child_sep) {
        sep_below = true;
      }
      if (t == kNoNode && !accepts)
        return Fail(gname_ + "arc " + std::to_string(i) + " neither accepts nor leads anywhere");
      const std::uint64_t sub = child.strings();
      total += (accepts ? 1 : 0) + sub;
      if (total < sub) return Fail(gname_ + "accepted-string count overflows");
      d = std::max<std::uint32_t>(d, 1 + child.depth());
      if (tile != kSeparator) {
        // Words through this arc: the one ending here, and those below
        // (a GADDAG's rev(w): child.words; a DAWG's: every string below).
        const std::uint64_t below = gaddag ? child.words() : child.strings();
        const std::uint64_t through = (accepts ? 1 : 0) + below;
        if constexpr (!gaddag) {
          sums_overflow |= __builtin_add_overflow(tiles_below, through, &tiles_below);
          sums_overflow |= __builtin_add_overflow(tiles_below, child.words(), &tiles_below);
        }
        if constexpr (!uniform) {
          std::uint64_t x = 0;
          sums_overflow |= __builtin_mul_overflow(through, label_bytes[tile], &x);
          sums_overflow |= __builtin_add_overflow(bytes_below, x, &bytes_below);
          sums_overflow |= __builtin_add_overflow(bytes_below, accepts ? 1 : 0, &bytes_below);  // its LF
          sums_overflow |= __builtin_add_overflow(bytes_below, word_bytes[t], &bytes_below);
        }
        if constexpr (gaddag) {
          const std::uint64_t rsub = child.words();
          rtotal += (accepts ? 1 : 0) + rsub;
          if (rtotal < rsub) return Fail(gname_ + "accepted-string count overflows");
          rd = std::max<std::uint32_t>(rd, 1 + child.rev_depth());
        }
      }
      const std::uint8_t seen = flags[i];
      new_slots += (seen & kSeen) ? 0 : 1;
      flags[i] = seen | kSeen;
      if (arcs.last(w)) break;
    }
    c.slots += new_slots;
    c.sums_overflow |= sums_overflow;
    S& s = slot[n];
    if constexpr (!uniform) word_bytes[n] = bytes_below;
    if constexpr (gaddag) flags[n] = static_cast<std::uint8_t>(sep_below ? flags[n] | kHasSep : flags[n] & ~kHasSep);
    if (!s.Set(total, gaddag ? rtotal : tiles_below, d, gaddag ? rd : 0)) {
      c.narrow_overflow = true;
      return false;
    }
    return true;
  }

  // The GADDAG's words as read left to right: c from a root arc, then y
  // after the separator of the node it leads to (sorted lists put it first).
  template <class S>
  Status CountForwardWords(const S* slot) {
    for (std::uint64_t i = root_;; ++i) {  // the root's list, checked by Walk()
      const auto w = g_.arc(i);
      const Node t = g_.target(w);
      const auto first = g_.arc(t);
      const std::uint64_t sub = t != kNoNode && g_.tile(first) == kSeparator ? slot[g_.target(first)].strings() : 0;
      forward_words_ += (g_.accepts(w) ? 1 : 0) + sub;
      if (forward_words_ < sub) return Corrupt(gname_ + "accepted-string count overflows");
      if (g_.last(w)) break;
    }
    return Status::Ok();
  }

  Status Mismatch(const char* what, const char* source, std::uint64_t expected, std::uint64_t have) const {
    return Corrupt(gname_ + what + ": " + source + " says " + std::to_string(expected) + ", the graph has " +
                   std::to_string(have));
  }

  Status CheckDescriptor(const GraphInfo& want) const {
    if (got_.nodes != want.nodes) return Mismatch("nodes", "descriptor", want.nodes, got_.nodes);
    if (got_.arcs != want.arcs) return Mismatch("arcs", "descriptor", want.arcs, got_.arcs);
    if (got_.strings != want.strings) return Mismatch("accepted strings", "descriptor", want.strings, got_.strings);
    if (got_.longest_path != want.longest_path)
      return Mismatch("longest path", "descriptor", want.longest_path, got_.longest_path);
    return Status::Ok();
  }

  // Consistency with META: the words' text bytes (sums that overflow 64 bits
  // cannot match META's; a builder never writes such an image); a DAWG
  // accepts the words; a GADDAG accepts |w| strings per word w (|w|-1 splits
  // plus rev(w)).
  Status CheckMeta(const Metadata& meta) {
    std::uint64_t text_bytes = 0;
    if (root_ != kNoNode && !uniform_) {
      text_bytes = root_text_bytes_;
    } else if (root_ != kNoNode) {
      const std::uint64_t words = gaddag_ ? root_words_ : got_.strings;
      const std::uint64_t tiles = gaddag_ ? got_.strings : root_words_;
      sums_overflow_ |= __builtin_mul_overflow(tiles, label_bytes_[1], &text_bytes);
      sums_overflow_ |= __builtin_add_overflow(text_bytes, words, &text_bytes);
    }
    if (sums_overflow_) return Corrupt(gname_ + "tile or byte totals overflow 64 bits");
    if (text_bytes != meta.text_bytes) return Mismatch("text bytes", "META", meta.text_bytes, text_bytes);
    if (!gaddag_) {
      if (got_.strings != meta.word_count) return Mismatch("words", "META", meta.word_count, got_.strings);
      if (got_.longest_path != meta.longest_word)
        return Mismatch("longest word", "META", meta.longest_word, got_.longest_path);
      const std::uint64_t tiles = root_ == kNoNode ? 0 : root_words_;
      if (tiles != meta.tile_total) return Mismatch("tile total", "META", meta.tile_total, tiles);
      return CheckShortest(meta);
    }
    if (got_.strings != meta.tile_total)
      return Mismatch("strings (one per tile of each word)", "META's tile total", meta.tile_total, got_.strings);
    if (got_.longest_path > meta.max_len + 1u)
      return Corrupt(gname_ + "longest path: at most max-len + 1 = " + std::to_string(meta.max_len + 1u) +
                     ", the graph has " + std::to_string(got_.longest_path));
    // Contains reads rev(w), ForEachWord c SEP y: both must give the words.
    const std::uint64_t rev = root_ == kNoNode ? 0 : root_words_;
    if (rev != meta.word_count) return Mismatch("words read as rev(w)", "META", meta.word_count, rev);
    if (forward_words_ != meta.word_count)
      return Mismatch("words read as c SEP y", "META", meta.word_count, forward_words_);
    const std::uint32_t longest = root_ == kNoNode ? 0 : root_rev_depth_;
    if (longest != meta.longest_word) return Mismatch("longest word", "META", meta.longest_word, longest);
    return CheckShortest(meta);
  }

  // META's shortest word against the graph's: the fewest arcs from the root
  // through an accepting arc, a GADDAG's separators not taken (its
  // separator-free strings are the rev(w)); 0 when nothing is accepted.
  // Breadth first, each node once, stopping at the first level with an
  // accepting arc: for a real list a level or two; at most O(arcs), with a
  // bit per arc slot. After Walk(): acyclic, every list in bounds.
  Status CheckShortest(const Metadata& meta) const {
    std::uint32_t shortest = 0;
    if (root_ != kNoNode) {
      std::vector<std::uint64_t> seen((count_ + 63) / 64, 0);
      std::vector<Node> level{root_}, next;
      seen[root_ >> 6] |= std::uint64_t(1) << (root_ & 63);
      for (std::uint32_t depth = 1; shortest == 0 && !level.empty(); ++depth, level.swap(next)) {
        next.clear();
        for (const Node n : level) {
          for (std::uint64_t i = n;; ++i) {
            const auto w = g_.arc(i);
            if (!gaddag_ || g_.tile(w) != kSeparator) {
              if (g_.accepts(w)) shortest = depth;
              const Node t = g_.target(w);
              if (t != kNoNode && !(seen[t >> 6] >> (t & 63) & 1)) {
                seen[t >> 6] |= std::uint64_t(1) << (t & 63);
                next.push_back(t);
              }
            }
            if (g_.last(w)) break;
          }
        }
      }
    }
    if (shortest != meta.shortest_word) return Mismatch("shortest word", "META", meta.shortest_word, shortest);
    return Status::Ok();
  }

  GraphView<C> g_;
  std::uint64_t count_;
  Node root_;
  bool gaddag_;
  std::string gname_;
  // The root's figures, kept from the walk's records.
  std::uint64_t root_words_ = 0, root_text_bytes_ = 0;
  std::uint32_t root_rev_depth_ = 0;
  bool retry_wide_ = false;  // the narrow records overflowed
  // Non-uniform labels only: the bytes of the labels of the words below a
  // node plus a line end each, for META's text bytes.
  ZeroedArray<std::uint64_t> word_bytes_;
  std::uint64_t label_bytes_[256] = {};
  bool uniform_ = true;
  bool sums_overflow_ = false;
  std::uint64_t forward_words_ = 0;  // GADDAG: c SEP y and c, as ForEachWord reads them
  GraphInfo got_;
  Status error_;  // FoldNode's, when it returns false
};

}  // namespace lexc::internal
