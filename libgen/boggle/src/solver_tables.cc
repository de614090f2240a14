// The tables a Solver derives from the lexicon. Contracts in solver_tables.h.
#include "solver_tables.h"

#include <string>

#include "lexc/huge_pages.h"
#include "lexc/zeroed_array.h"

namespace lexc::boggle {
namespace {

constexpr std::uint64_t kMaxWords = 0xFFFFFFFEull;
constexpr std::uint32_t kUnplaced = 0xFFFFFFFFu;

// Counts the words below every node reachable from `starts` and fills
// later[] by arc index; returns each start's word count in *counts.
// Iterative (no recursion depth), each node once; a cycle is an error.
// Lists are read no further than n_arcs.
template <class G>
Status CountWords(const G& g, std::uint64_t n_arcs, std::span<const Node> starts, std::vector<std::uint32_t>* later,
                  std::vector<std::uint64_t>* counts) {
  const auto valid = [n_arcs](Node n) { return n != kNoNode && n < n_arcs; };
  // By arc index, zeroed by the system as the DAWG's arcs are touched
  // (ZeroedArray: a DAWG is a sixth of a two-graph image's arcs).
  ZeroedArray<std::uint8_t> state(n_arcs);                          // 0 new, 1 entered (on the path), 2 done
  ZeroedArray<std::uint32_t> suffix(n_arcs);                        // words under this arc and the later siblings
  *later = lexc::internal::FilledVector<std::uint32_t>(n_arcs, 0);  // pages mapped at once (huge_pages.h)
  std::vector<Node> stack;
  for (Node start : starts) {
    if (!valid(start) || state[start] == 2) continue;
    stack.push_back(start);
    while (!stack.empty()) {
      const Node n = stack.back();
      if (state[n] == 0) {
        state[n] = 1;
        for (std::uint64_t a = n; a < n_arcs; ++a) {
          const Node t = g.target(g.arc(a));
          if (valid(t)) {
            if (state[t] == 1) return Status(Errc::kCorrupt, "DAWG: a cycle through node " + std::to_string(t));
            if (state[t] == 0) stack.push_back(t);
          }
          if (g.last(g.arc(a))) break;
        }
        continue;
      }
      stack.pop_back();
      if (state[n] == 2) continue;
      std::uint64_t end = n;
      while (end + 1 < n_arcs && !g.last(g.arc(end))) ++end;
      for (std::uint64_t a = end + 1; a-- > n;) {
        const Node t = g.target(g.arc(a));
        const std::uint64_t after = a == end ? 0 : suffix[a + 1];
        const std::uint64_t s = after + (g.accepts(g.arc(a)) ? 1 : 0) + (valid(t) ? suffix[t] : 0);
        if (s > kMaxWords) return Status(Errc::kLimit, "DAWG: more than " + std::to_string(kMaxWords) + " words");
        suffix[a] = static_cast<std::uint32_t>(s);
        (*later)[a] = static_cast<std::uint32_t>(after);
        state[a] = 2;  // a tail of this list is a node done too
      }
    }
  }
  counts->clear();
  for (Node start : starts) counts->push_back(valid(start) ? suffix[start] : 0);
  return Status::Ok();
}

int Bits(std::uint32_t x) { return __builtin_popcount(x); }

// Lays out the edge table breadth first from the virtual root (see
// solver_tables.h). A state's edges are the first arc of each tile 1..31 of
// its list (an image that only opened may repeat or misorder tiles).
template <class G>
Status LayOutEdges(const G& g, std::uint64_t n_arcs, const std::vector<std::uint32_t>& later, Solver::Tables* tb) {
  const auto valid = [n_arcs](Node n) { return n != kNoNode && n < n_arcs; };
  const auto tiles_of = [&](Node n) {
    std::uint32_t set = 0;
    if (!valid(n)) return set;
    for (std::uint64_t a = n; a < n_arcs; ++a) {
      const Tile t = g.tile(g.arc(a));
      if (t >= 1 && t < 32) set |= std::uint32_t(1) << t;
      if (g.last(g.arc(a))) break;
    }
    return set;
  };
  std::vector<std::uint32_t> first_edge = lexc::internal::FilledVector<std::uint32_t>(n_arcs, kUnplaced);
  std::vector<Node> queue;
  std::uint64_t next = 0;
  bool too_many = false;
  // The index of n's first edge, placing its edges after the last placed.
  const auto place = [&](Node n, std::uint32_t tiles) -> std::uint32_t {
    if (!valid(n) || tiles == 0) return 0;
    if (first_edge[n] == kUnplaced) {
      if (next + std::uint64_t(Bits(tiles)) > kMaxWords) {
        too_many = true;
        return 0;
      }
      first_edge[n] = static_cast<std::uint32_t>(next);
      next += std::uint64_t(Bits(tiles));
      queue.push_back(n);
    }
    return first_edge[n];
  };
  const auto make_edge = [&](bool accepts, Node target, std::uint32_t later_words) {
    const std::uint32_t tiles = tiles_of(target);
    return Edge{tiles | (accepts ? kAccepts : 0), place(target, tiles), later_words};
  };
  std::uint32_t root_tiles = 0;
  for (int t = 1; t < 32; ++t)
    if (tb->first[std::size_t(t)].present) root_tiles |= std::uint32_t(1) << t;
  tb->root = Edge{root_tiles, 0, 0};
  next = std::uint64_t(Bits(root_tiles));
  lexc::internal::HugeVector<Edge> edges(next);
  for (std::uint32_t m = root_tiles; m; m &= m - 1) {
    const int t = __builtin_ctz(m);
    const Solver::Tables::First& f = tb->first[std::size_t(t)];
    edges[std::size_t(Bits(root_tiles & ((std::uint32_t(1) << t) - 2)))] = make_edge(f.accepts, f.node, f.later);
  }
  for (std::size_t i = 0; i < queue.size(); ++i) {
    const Node n = queue[i];
    const std::uint32_t tiles = tiles_of(n), base = first_edge[n];
    std::uint32_t seen = 0;
    for (std::uint64_t a = n; a < n_arcs; ++a) {
      const auto w = g.arc(a);
      const Tile t = g.tile(w);
      const std::uint32_t bit = std::uint32_t(1) << (t & 31);
      if (t >= 1 && t < 32 && !(seen & bit)) {
        seen |= bit;
        const Edge e = make_edge(g.accepts(w), g.target(w), later[a]);
        edges.resize(next);
        edges[base + std::uint32_t(Bits(tiles & (bit - 2)))] = e;
      }
      if (g.last(w)) break;
    }
    if (too_many) break;
  }
  if (too_many) return Status(Errc::kLimit, "DAWG: more than " + std::to_string(kMaxWords) + " Boggle edges");
  edges.shrink_to_fit();
  tb->edges = std::move(edges);
  return Status::Ok();
}

template <class C>
Status BuildTables(const Lexicon& lex, const GraphView<C>& g, Solver::Tables* tb) {
  tb->graph = lex.has_dawg() ? lex.dawg() : lex.gaddag();
  tb->small_alphabet = lex.alphabet().size() < 32;
  const bool gaddag_only = !lex.has_dawg();
  g.ForEachArc(g.root(), [&](Tile t, bool accepts, Node child) {
    if (t == kSeparator && gaddag_only) return true;
    Node node = child;
    if (gaddag_only) {  // rev(c) SEP y: the separator after c leads to the DAWG's state after c
      node = kNoNode;
      bool unused = false;
      if (child != kNoNode && !g.Child(child, kSeparator, &node, &unused)) node = kNoNode;
    }
    tb->first[t] = {node, 0, accepts, true};
    return true;
  });
  std::vector<Node> starts;
  for (const auto& f : tb->first) starts.push_back(f.node);
  std::vector<std::uint64_t> counts;
  std::vector<std::uint32_t> later;
  LEXC_RETURN_IF_ERROR(CountWords(g, g.arc_count(), starts, &later, &counts));
  std::uint64_t total = 0;
  for (int t = 255; t >= 0; --t) {  // later siblings of the virtual root: the higher tiles
    Solver::Tables::First& f = tb->first[std::size_t(t)];
    if (!f.present) continue;
    f.later = static_cast<std::uint32_t>(total);
    total += (f.accepts ? 1 : 0) + counts[std::size_t(t)];
    if (total > kMaxWords) return Status(Errc::kLimit, "DAWG: more than " + std::to_string(kMaxWords) + " words");
  }
  tb->words = static_cast<std::uint32_t>(total);
  if (!tb->small_alphabet) {
    tb->later = std::move(later);
    return Status::Ok();
  }
  return LayOutEdges(g, g.arc_count(), later, tb);
}

}  // namespace

Status BuildSolverTables(const Lexicon& lex, Solver::Tables* tables) {
  const Graph& graph = lex.has_dawg() ? lex.dawg() : lex.gaddag();
  return graph.Dispatch([&](const auto& g) { return BuildTables(lex, g, tables); });
}

}  // namespace lexc::boggle
