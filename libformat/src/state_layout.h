// Internal: where the builder's states go in the image. The layout of the
// arc array (formats/lexicon-image.md: lists in depth-first discovery order,
// a list equal to a proper tail of another stored inside it), its figures,
// and the arc words written from it. Used by builder.cc; docs/design.md
// says how the work is split over threads.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "automaton.h"
#include "image_writer.h"
#include "lexc/huge_pages.h"

namespace lexc::internal {

struct StateLayout {
  HugeVector<std::uint64_t> pos;          // state -> index of its first arc (0 for state 0)
  HugeVector<StateId> placed;             // maximal lists in placement order
  HugeVector<std::uint64_t> list_starts;  // bit i set: a placed list begins at slot i
  std::uint64_t slots = 1;                // arc slots including the sentinel
  HugeVector<StateId> order;              // reachable states, depth-first discovery order
  HugeVector<std::uint8_t> reach;         // state -> bit r set if roots[r] reaches it
};

// The layout's first step: the states reachable from the roots, in the
// order a recursive walk from each root in turn (arcs in tile order) first
// meets them, each with its rank in that order and a bit per root reaching it.
//
// With the GADDAG built in pieces (BuildByLeadingTile), most of the walk can
// run while the later pieces are imported (WalkEarly): the first piece's
// states and the DAWG's are final by then, and the root's first arcs are the
// first piece's. The walk is the same: the root keeps rank 0; the first
// piece's children are walked in order, the rest after the import
// (WalkLate); the DAWG, which the one-root-after-the-other walk takes
// last, is walked early into a list of its own, and its states that the
// GADDAG never met are ranked after the GADDAG's, in that list's order.
struct Discovery {
  HugeVector<StateId> order;
  HugeVector<std::uint8_t> reach;
  HugeVector<std::uint32_t> rank;   // state -> position in order
  std::vector<StateId> dawg_met;    // WalkEarly's DAWG walk, in order
  std::size_t early_root_arcs = 0;  // the GADDAG root's arcs WalkEarly took
  bool early = false;

  void Reset(std::size_t n) {
    order.clear();
    reach.assign(n, 0);
    rank.assign(n, 0);
  }

  // From `from`, setting `bit` on each state met; a state met first by a
  // walk with a bit of `ranked` (none of them set yet) gets the next rank,
  // unless `met` is given: then the states met are only listed there.
  void Walk(const StateStore& store, StateId from, std::uint8_t bit, std::uint8_t ranked, std::vector<StateId>* met);

  // Every root in turn (bit r for roots[r]).
  void WalkAll(const StateStore& store, std::span<const StateId> roots) {
    Reset(store.size());
    const std::uint8_t all = static_cast<std::uint8_t>((1u << roots.size()) - 1);
    for (std::size_t r = 0; r < roots.size(); ++r)
      Walk(store, roots[r], static_cast<std::uint8_t>(1u << r), all, nullptr);
  }

  // Before the GADDAG's root exists (ids below `max_states`): its first
  // arcs' subtrees (bit 0), then the DAWG's (bit 1) into dawg_met.
  void WalkEarly(const StateStore& store, std::span<const PackedArc> first_root_arcs, StateId dawg_root,
                 std::size_t max_states) {
    Reset(max_states);
    order.push_back(0);  // rank 0: the root, once it exists
    for (PackedArc a : first_root_arcs) Walk(store, ArcTarget(a), 1, 1, nullptr);
    early_root_arcs = first_root_arcs.size();
    if (dawg_root) Walk(store, dawg_root, 2, 1, &dawg_met);
    early = true;
  }

  // The rest, once the store is complete.
  void WalkLate(const StateStore& store, StateId gaddag_root) {
    if (gaddag_root == 0) {  // no words: the empty state, met by no walk
      order.clear();
    } else {
      order[0] = gaddag_root;
      rank[gaddag_root] = 0;
      reach[gaddag_root] |= 1;
    }
    auto arcs = store.arcs(gaddag_root);
    for (std::size_t i = early_root_arcs; i < arcs.size(); ++i) Walk(store, ArcTarget(arcs[i]), 1, 1, nullptr);
    for (StateId t : dawg_met)
      if (!(reach[t] & 1)) {
        rank[t] = static_cast<std::uint32_t>(order.size());
        order.push_back(t);
      }
    dawg_met = {};
    reach.resize(store.size());
    rank.resize(store.size());
  }
};

// Places every state reachable from `roots`, storing a list that equals a
// proper tail of another list inside that list. `parts` threads look up the
// tails; the layout is the same for any number. `early`, when it holds a
// discovery WalkEarly began (roots: the GADDAG's, then the DAWG's), goes on
// from there.
StateLayout PlaceStates(const StateStore& store, std::span<const StateId> roots, std::size_t parts, Discovery* early);

// Per root r (bit r of StateLayout::reach), the nodes it reaches and the distinct
// arc slots their lists use; on `parts` threads.
struct LayoutFigures {
  std::uint64_t nodes[8] = {}, arcs[8] = {};
};
LayoutFigures CountLayoutFigures(const StateLayout& layout, std::size_t roots, std::size_t parts);

// The sentinel, then the arc words of the layout; with whole-byte arcs,
// `parts` threads write runs of the placed lists. Every target other than
// 0 (no node) is written plus `target_shift` (BuildArcWords).
void WriteArcWords(ArcWriter& out, const StateStore& store, const StateLayout& layout, std::size_t parts,
                   std::uint64_t target_shift = 0);

}  // namespace lexc::internal
