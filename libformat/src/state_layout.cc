// The layout of the builder's states in the arc array: contracts in
// state_layout.h, the method in docs/design.md ("Layout: shared sibling
// tails", "Several threads, one image").
#include "state_layout.h"

#include <algorithm>
#include <array>
#include <bit>

#include "leading_tile_build.h"
#include "lexc/zeroed_array.h"

namespace lexc::internal {

// A frame is the arcs of a state still to follow; the loop's arrays are
// locals (a byte store through reach could otherwise make the compiler
// reload every member after it).
void Discovery::Walk(const StateStore& store, StateId from, std::uint8_t bit, std::uint8_t ranked,
                     std::vector<StateId>* met) {
  struct Frame {
    const PackedArc* next;
    const PackedArc* end;
  };
  std::vector<Frame> stack;
  std::uint8_t* const reach_of = reach.data();
  std::uint32_t* const rank_of = rank.data();
  const auto visit = [&](StateId t) {
    if (t == 0 || (reach_of[t] & bit)) return;
    if (met) {
      met->push_back(t);
    } else if (!(reach_of[t] & ranked)) {
      rank_of[t] = static_cast<std::uint32_t>(order.size());
      order.push_back(t);
    }
    reach_of[t] |= bit;
    const std::span<const PackedArc> arcs = store.arcs(t);
    stack.push_back({arcs.data(), arcs.data() + arcs.size()});
  };
  visit(from);
  while (!stack.empty()) {
    Frame& f = stack.back();
    if (f.next == f.end) {
      stack.pop_back();
      continue;
    }
    visit(ArcTarget(*f.next++));
  }
}

StateLayout PlaceStates(const StateStore& store, std::span<const StateId> roots, std::size_t parts, Discovery* early) {
  const std::size_t n = store.size();
  StateLayout out;
  Discovery d;
  Discovery& disc = early && early->early ? *early : d;
  // Depth-first discovery order, reach bits per root, ranks.
  const auto discover = [&] {
    if (disc.early)
      disc.WalkLate(store, roots[0]);
    else
      disc.WalkAll(store, roots);
  };
  auto seen = [&](StateId t) { return out.reach[t] != 0; };

  // host[l] = (m, j): list l equals the tail of list m from arc j on. The
  // register already maps every list's content to its state, so each proper
  // tail of each reachable list is one lookup; tail hashes roll from the
  // right (HashArcs), so a list of k arcs costs O(k). The host earliest in
  // discovery order wins, which keeps the layout deterministic. The lists
  // are read in id order (the store's, so sequentially), the earliest host
  // kept by its rank; with several threads, each looks up a run of ids into
  // hosts of its own, then the earliest of theirs wins: the same hosts.
  //
  // Few tails are states (SOWPODS: sharing saves 39,000 of 1.2 million
  // arcs), so a bit per hash prefix (about 8 bits per state, set from every
  // state's list in id order, a sequential pass) skips most look-ups, each a
  // cache miss: a clear bit means no state has that list. No host changes.
  const int filter_bits = std::max(12, static_cast<int>(std::bit_width(n)) + 3);
  HugeVector<std::uint64_t> filter(std::size_t(1) << (filter_bits - 6), 0);  // huge pages from 256 KiB
  const auto filter_index = [&](std::uint64_t h) { return h >> (64 - filter_bits); };
  const auto build_filter = [&] {
    for (std::size_t s = 1; s < n; ++s) {
      const std::uint64_t i = filter_index(HashArcs(store.arcs(static_cast<StateId>(s))));
      filter[i >> 6] |= std::uint64_t(1) << (i & 63);
    }
  };
  // The filter needs no discovery order: it is built beside the walk.
  if (parts > 1) {
    RunParts(2, [&](std::size_t r) { r == 0 ? discover() : build_filter(); });
  } else {
    discover();
    build_filter();
  }
  out.order = std::move(disc.order);
  out.reach = std::move(disc.reach);
  HugeVector<std::uint32_t> rank = std::move(disc.rank);  // freed before pos is allocated
  const HugeVector<StateId>& order = out.order;
  struct Host {
    StateId first;         // the hosting list, 0 for none
    std::uint32_t second;  // where the tail begins in it
  };
  const auto earlier = [&](StateId m, StateId other) { return !other || rank[m] < rank[other]; };
  ZeroedArray<Host> host(n);  // fresh pages: touched by the look-ups, on their threads
  std::vector<ZeroedArray<Host>> run_hosts(parts);
  RunParts(parts, [&](std::size_t r) {
    ZeroedArray<Host>& found = r == 0 ? host : run_hosts[r];
    if (r) found = ZeroedArray<Host>(n);
    const std::size_t from = std::max<std::size_t>(1, n * r / parts), to = n * (r + 1) / parts;
    for (std::size_t i = from; i < to; ++i) {
      const auto m = static_cast<StateId>(i);
      if (!seen(m)) continue;
      auto arcs = store.arcs(m);
      std::uint64_t h = kHashSeed;
      for (std::size_t j = arcs.size(); j-- > 1;) {
        h = HashStep(h, arcs[j]);
        const std::uint64_t fi = filter_index(h);
        if (!(filter[fi >> 6] >> (fi & 63) & 1)) continue;
        const StateId l = store.Find(arcs.subspan(j), h);
        if (l && seen(l) && earlier(m, found[l].first)) found[l] = Host{m, static_cast<std::uint32_t>(j)};
      }
    }
  });
  for (std::size_t r = 1; r < parts; ++r) {
    for (std::size_t l = 0; l < n; ++l) {
      const Host h = run_hosts[r][l];
      if (h.first && earlier(h.first, host[l].first)) host[l] = h;
    }
    run_hosts[r] = ZeroedArray<Host>();
  }
  HugeVector<std::uint32_t>().swap(rank);  // the ranks are read no more: their memory for pos
  // Follow each state's host chain (each hop is to a strictly longer list)
  // to its maximal list, adding up where it begins in it; place maximal
  // lists in discovery order, each when a state of it is first met. One
  // pass: each reachable state's pos is set in it; the others' (state 0's
  // among them) stay 0.
  out.pos.assign(n, 0);
  out.list_starts.assign(store.arc_total() / 64 + 2, 0);  // the slots are at most the arcs, and the sentinel
  HugeVector<std::uint8_t> is_placed(n, 0);               // per state: a maximal list already placed
  for (StateId s : order) {
    StateId m = s;
    std::uint64_t offset = 0;
    while (host[m].first) {
      offset += host[m].second;
      m = host[m].first;
    }
    if (!is_placed[m]) {
      is_placed[m] = 1;
      out.list_starts[out.slots >> 6] |= std::uint64_t(1) << (out.slots & 63);
      out.pos[m] = out.slots;
      out.slots += store.arcs(m).size();
      out.placed.push_back(m);
    }
    if (m != s) out.pos[s] = out.pos[m] + offset;
  }
  return out;
}

// A root's arc slots: every list a reached state stores ends where its
// placed list ends (a tail is stored at the end of its host), so the slots
// of a placed list that a root uses run from the first slot where a state
// it reaches starts to the list's end. Distinct states start at distinct
// slots. One pass over the states, then one over the slots in order, each
// split in `parts` runs.
LayoutFigures CountLayoutFigures(const StateLayout& layout, std::size_t roots, std::size_t parts) {
  LayoutFigures f;
  HugeVector<std::uint8_t> starts(layout.slots, 0);  // slot -> reach bits of the state starting there
  parts = std::max<std::size_t>(parts, 1);
  std::vector<std::array<std::uint64_t, 256>> by_reach(parts);  // per run: states by their reach bits
  std::vector<std::array<std::uint64_t, 8>> covered(parts);
  const std::uint64_t slots = layout.slots, words = (slots + 63) / 64;
  const auto bit = [&](std::uint64_t j) { return unsigned(layout.list_starts[j >> 6] >> (j & 63)) & 1u; };
  RunParts(parts, [&](std::size_t r) {
    by_reach[r].fill(0);
    const std::size_t n = layout.order.size(), from = n * r / parts, to = n * (r + 1) / parts;
    for (std::size_t i = from; i < to; ++i) {
      const StateId st = layout.order[i];
      const std::uint8_t reach = layout.reach[st];
      starts[layout.pos[st]] = reach;
      ++by_reach[r][reach];
    }
  });
  // Per slot: the roots reaching a state that starts in its placed list at
  // or before it (reset where a list begins); each such root uses the slot.
  // Branch-free, two roots at a time (a builder has at most two); runs of
  // whole 64-slot words, each starting from the roots seen since its
  // list began.
  RunParts(parts, [&](std::size_t r) {
    covered[r].fill(0);
    const std::uint64_t w0 = words * r / parts, w1 = words * (r + 1) / parts;
    for (std::size_t r0 = 0; r0 < roots; r0 += 2) {
      std::uint64_t c0 = 0, c1 = 0;
      unsigned seen = 0;
      if (w0 > 0)  // the list astride the run's start, from its beginning (slot 1 begins one)
        for (std::uint64_t j = w0 * 64 - 1;; --j) {
          seen |= unsigned(starts[j]) >> r0;
          if (bit(j)) break;
        }
      for (std::uint64_t w = w0; w < w1; ++w) {
        const std::uint64_t begins = layout.list_starts[w];
        const std::uint64_t j0 = w * 64, j1 = std::min(slots, j0 + 64);
        for (std::uint64_t j = std::max<std::uint64_t>(j0, 1); j < j1; ++j) {
          seen = (seen & ((unsigned(begins >> (j - j0)) & 1u) - 1u)) | (unsigned(starts[j]) >> r0);
          c0 += seen & 1u;
          c1 += seen >> 1 & 1u;
        }
      }
      covered[r][r0] = c0;
      if (r0 + 1 < roots) covered[r][r0 + 1] = c1;
    }
  });
  for (std::size_t r = 0; r < parts; ++r)
    for (std::size_t ri = 0; ri < roots; ++ri) {
      f.arcs[ri] += covered[r][ri];
      for (unsigned reach = 0; reach < 256; ++reach) f.nodes[ri] += (reach >> ri & 1) ? by_reach[r][reach] : 0;
    }
  return f;
}

void WriteArcWords(ArcWriter& out, const StateStore& store, const StateLayout& layout, std::size_t parts,
                   std::uint64_t target_shift) {
  out.Put(kSeparator, true, false, kNoNode);  // the sentinel
  const std::size_t runs = out.whole_bytes() ? std::max<std::size_t>(parts, 1) : 1;
  const std::size_t lists = layout.placed.size();
  RunParts(runs, [&](std::size_t r) {
    const std::size_t from = lists * r / runs, to = lists * (r + 1) / runs;
    if (from == to) return;
    ArcWriter w = out.At(layout.pos[layout.placed[from]]);
    for (std::size_t k = from; k < to; ++k) {
      auto arcs = store.arcs(layout.placed[k]);
      for (std::size_t i = 0; i < arcs.size(); ++i) {
        const PackedArc a = arcs[i];
        std::uint64_t target = layout.pos[ArcTarget(a)];
        if (target) target += target_shift;
        w.Put(static_cast<Tile>(ArcTile(a)), i + 1 == arcs.size(), ArcAccepts(a), target);
      }
    }
  });
}

}  // namespace lexc::internal
