// What a Solver derives from the lexicon once, at Create, shared by copies:
// the word numbers of the DAWG perfect hash and, for alphabets of fewer than
// 32 tiles, the edge table the fast walk reads. Private to lexc::boggle.
//
// Word numbers. A word's number is the sum, along its path, of the words
// under the later sibling arcs of each arc taken ("later"), plus one for each
// proper prefix that is a word: the DAWG perfect hash with siblings taken
// last to first. "Later siblings" is a suffix of a sibling list, so the
// figure belongs to the arc whichever node's list the arc is reached through
// (the image shares list tails between nodes). Numbers are a bijection onto
// 0 .. words-1, so one bit per word dedupes without hashing.
//
// The edge table (tiles < 32). Every state of the DAWG reachable from the
// first tiles (a node index: a list, or the tail of one) gets its edges,
// one per distinct tile in tile order, contiguous. An edge holds the
// tiles its target's list shows (bit t for tile t) with bit 0 set when the
// edge ends a word, the index of the target's first edge, and its later
// figure. So the edge for tile t below an edge e is
// edges[e.first + popcount(e.mask & (2^t - 2))]: one 12-byte record per step,
// where the image needs an arc and two tables. States are laid out breadth
// first from the root, so the short prefixes every board walks are dense.
// Shared list tails are copied per state; memory follows the reachable
// states (SOWPODS: see README, "Boggle").
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "lexc/boggle/solver.h"
#include "lexc/huge_pages.h"

namespace lexc::boggle {

struct Edge {
  std::uint32_t mask = 0;   // bit 0: ends a word; bit t (1..31): the target has a tile-t edge
  std::uint32_t first = 0;  // the target's first edge
  std::uint32_t later = 0;  // words under the later siblings (word numbers)
};

inline constexpr std::uint32_t kAccepts = 1;

struct Solver::Tables {
  std::uint32_t words = 0;
  bool small_alphabet = true;  // tile codes < 32: the edge table below
  // Small alphabets. edges[0 .. root.first) is empty; root is a virtual edge
  // into the first tiles of words.
  Edge root;
  lexc::internal::HugeVector<Edge> edges;  // huge pages from 256 KiB (lexc/huge_pages.h)
  bool popcnt = false;                     // the CPU has the popcnt instruction (the walk's rank)
  // Other alphabets: the image's arcs walked in place, with later[] by arc index.
  Graph graph;  // the walked graph, any arc encoding (its root unused: first[] is the root)
  std::vector<std::uint32_t> later;
  struct First {
    Node node = kNoNode;  // the state after the first tile
    std::uint32_t later = 0;
    bool accepts = false, present = false;
  };
  std::array<First, 256> first{};

  std::uint64_t bytes() const { return edges.capacity() * sizeof(Edge) + later.capacity() * 4 + sizeof(*this); }
};

// Fills *tables from the lexicon's DAWG (or its GADDAG's DAWG part).
// Errors: kCorrupt (a cycle), kLimit (more than 2^32 - 2 words or edges).
Status BuildSolverTables(const Lexicon& lex, Solver::Tables* tables);

}  // namespace lexc::boggle
