// Internal: one automaton built on several threads, split by the root's arcs.
#pragma once

#include <algorithm>
#include <cstddef>
#include <exception>
#include <span>
#include <thread>
#include <vector>

#include "automaton.h"

namespace lexc::internal {

// Runs part(r) for r in [0, parts): part 0 on the calling thread, each other
// on a thread of its own. Returns once all have returned; an exception
// thrown by a part is rethrown then (the first by part number).
template <class Part>
void RunParts(std::size_t parts, Part&& part) {
  std::vector<std::exception_ptr> errors(parts);
  {
    std::vector<std::jthread> workers;  // joined on leaving the block
    for (std::size_t r = 1; r < parts; ++r)
      workers.emplace_back([&, r] {
        try {
          part(r);
        } catch (...) {
          errors[r] = std::current_exception();
        }
      });
    try {
      part(std::size_t{0});
    } catch (...) {
      errors[0] = std::current_exception();
    }
  }
  for (const std::exception_ptr& e : errors)
    if (e) std::rethrow_exception(e);
}

// Builds an automaton from `parts` pieces of its strings, the strings of
// piece r all starting with tiles after those of piece r - 1, so that each
// piece holds a run of the root's arcs and shares no path with another.
// `build(r, store)` adds piece r's strings to an IncrementalBuilder on `store`
// and returns FinishBelowRoot's arcs. Piece 0 is built on the calling thread
// into *store; each other piece on a thread of its own, into a copy of *store
// (so states already there are found, not made again); the copies' new states
// are then imported in piece order (StateStore::Import), which merges the
// states two pieces both made. (*maps)[r], r >= 1, receives the ids in *store
// of piece r's states from the copy's first new id on, for records the
// caller kept in piece r's ids. Returns the root.
//
// With parts > 1, `beside(first_root_arcs, max_states)` runs on a thread of
// its own while the pieces are imported: piece 0's share of the root's arcs
// (the root's first arcs, in order), and a bound on the ids the store will
// hold. It may read the states *store held before the import (their ids and
// arcs never change; the store has room reserved for the import, so it
// does not move them) and nothing else of it.
//
// The register is complete, so the automaton is the minimal one whatever
// the number of parts; only state ids differ, and the image does not depend
// on them. An exception thrown by a piece is rethrown here, after all pieces
// have stopped.
template <class BuildPiece, class BesideImport>
StateId BuildByLeadingTile(StateStore* store, std::size_t parts, BuildPiece&& build, std::vector<StateMap>* maps,
                           BesideImport&& beside) {
  const StateId first_new = static_cast<StateId>(store->size());
  const std::size_t first_arcs = store->arc_total();
  std::vector<StateStore> copies(parts - 1, *store);
  // Each copy gets room for twice its share of what the store reserved for
  // the build (address space: a piece's pool then rarely moves as it grows,
  // which made a second piece of SOWPODS's DAWG take 1.5x the first; more is
  // only a reallocation).
  for (StateStore& c : copies) {
    const auto share = [&](std::size_t reserved, std::size_t used) {
      return used + std::min(reserved - used, 2 * (reserved - used) / parts);
    };
    c.Reserve(share(store->reserved_states(), store->size()), share(store->reserved_arcs(), store->arc_total()));
  }
  std::vector<std::vector<PackedArc>> roots(parts);
  RunParts(parts, [&](std::size_t r) { roots[r] = build(r, r == 0 ? store : &copies[r - 1]); });
  maps->assign(parts, {});
  std::vector<PackedArc> root = std::move(roots[0]);
  // Room for every state the imports may add and the root.
  std::size_t states = store->size() + 1, arcs = store->arc_total() + root.size();
  for (std::size_t r = 1; r < parts; ++r) {
    states += copies[r - 1].size() - first_new;
    arcs += copies[r - 1].arc_total() - first_arcs + roots[r].size();
  }
  store->Reserve(states, arcs);
  const auto import = [&] {
    for (std::size_t r = 1; r < parts; ++r) {
      StateMap& map = (*maps)[r];
      map = store->Import(std::move(copies[r - 1]), first_new);
      for (PackedArc a : roots[r])
        root.push_back(ArcTarget(a) >= first_new ? WithTarget(a, map[ArcTarget(a) - first_new]) : a);
    }
  };
  if (parts > 1) {
    const std::vector<PackedArc> first_root_arcs = root;
    RunParts(2,
             [&](std::size_t r) { r == 0 ? import() : beside(std::span<const PackedArc>(first_root_arcs), states); });
  }
  return store->Register(root);
}

template <class BuildPiece>
StateId BuildByLeadingTile(StateStore* store, std::size_t parts, BuildPiece&& build, std::vector<StateMap>* maps) {
  return BuildByLeadingTile(store, parts, build, maps, [](std::span<const PackedArc>, std::size_t) {});
}

}  // namespace lexc::internal
