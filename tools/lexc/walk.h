// tools/lexc/walk.h -- the whole-graph traversal only the tool needs:
// independent figures for `stats`. (Accepted strings for `dump --graph` and
// the exact-language check of `verify --words` / `build` are the library's:
// lexc/language.h.)
//
// The walk is bounded (kMaxDepth arcs deep, cycles detected), so it cannot
// run away on an image that only passed the cheap open.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "lexc/graph.h"
#include "lexc/status.h"

namespace lexc::cli {

inline constexpr int kMaxDepth = 1024;

// Figures of one graph, found by visiting each distinct node reachable from
// the root once.
struct GraphTally {
  std::uint64_t nodes = 0;            // distinct non-empty nodes
  std::uint64_t arcs = 0;             // distinct arc slots (shared sibling tails once)
  std::uint64_t strings = 0;          // accepted strings (paths ending in an accepting arc)
  std::uint32_t longest_path = 0;     // arcs
  std::vector<std::uint64_t> fanout;  // fanout[k]: nodes with k arcs; [0] unused
};
// Errors: kCorrupt on a cycle, a path deeper than kMaxDepth, or a target
// outside the arc array.
Result<GraphTally> TallyGraph(const Graph& g);

}  // namespace lexc::cli
