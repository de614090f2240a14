// The Boggle solver: a depth-first search of the board that walks the DAWG
// alongside the path. Contracts in lexc/boggle/solver.h.
//
// Word numbers. A word's number is the sum, along its path, of the words
// under the later sibling arcs of each arc taken (later[arc]), plus one for
// each proper prefix that is a word: the DAWG perfect hash with siblings
// taken last to first. "Later siblings" is a suffix of a sibling list, so the
// figure belongs to the arc whichever node's list the arc is reached through
// (the image shares list tails between nodes). Numbers are a bijection onto
// 0 .. words-1, so a table of that many stamps dedupes without hashing.
#include "lexc/boggle/solver.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <string>
#include <type_traits>

namespace lexc::boggle {

struct Solver::Tables {
  Graph graph;  // the walked graph (its root unused: first[] is the root)
  // By arc index: later[] (words under the later siblings; 0 for arcs no
  // word passes) in the high half; with a small alphabet, the tiles of the
  // arcs from this one to the end of its list (bit t for tile t) in the low half.
  std::vector<std::uint64_t> meta;
  // The virtual root: the first tile of a word.
  struct First {
    Node node = kNoNode;  // the state after the tile
    std::uint32_t later = 0;
    bool accepts = false, present = false;
  };
  std::array<First, 256> first{};
  std::uint32_t words = 0;
  bool small_alphabet = true;  // tile codes < 32: a set of tiles is a uint32_t
};

namespace {

constexpr std::uint64_t kMaxWords = 0xFFFFFFFEull;

// Set bits of a 32-bit word. Without -mpopcnt (the portable x86-64 baseline)
// __builtin_popcount is a call into libgcc, which cost a tenth of a solve;
// this is a dozen inline instructions.
inline int CountBits(std::uint32_t x) {
#if defined(__POPCNT__) || !defined(__x86_64__)
  return __builtin_popcount(x);
#else
  x = x - ((x >> 1) & 0x55555555u);
  x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
  return static_cast<int>((((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
#endif
}

// Counts the words below every node reachable from `starts` and fills
// later[]; returns each start's word count in *counts. Iterative (no
// recursion depth), each node once; a cycle is an error.
template <class G>
Status CountWords(const G& g, std::span<const Node> starts, std::vector<std::uint64_t>* meta,
                  std::vector<std::uint64_t>* counts) {
  const std::uint64_t n_arcs = g.arc_count();
  const auto valid = [n_arcs](Node n) { return n != kNoNode && n < n_arcs; };
  std::vector<std::uint8_t> state(n_arcs, 0);    // 0 new, 1 entered (on the path), 2 done
  std::vector<std::uint32_t> suffix(n_arcs, 0);  // words under this arc and the later siblings
  meta->assign(n_arcs, 0);
  std::vector<Node> stack;
  for (Node start : starts) {
    if (!valid(start) || state[start] == 2) continue;
    stack.push_back(start);
    while (!stack.empty()) {
      const Node n = stack.back();
      if (state[n] == 0) {
        state[n] = 1;
        for (std::uint64_t a = n;; ++a) {
          const auto w = g.arc(a);
          const Node t = g.target(w);
          if (valid(t)) {
            if (state[t] == 1) return Status(Errc::kCorrupt, "DAWG: a cycle through node " + std::to_string(t));
            if (state[t] == 0) stack.push_back(t);
          }
          if (g.last(w)) break;
        }
        continue;
      }
      stack.pop_back();
      if (state[n] == 2) continue;
      std::uint64_t end = n;
      while (!g.last(g.arc(end))) ++end;
      for (std::uint64_t a = end + 1; a-- > n;) {
        const auto w = g.arc(a);
        const Node t = g.target(w);
        const std::uint64_t after = a == end ? 0 : suffix[a + 1];
        const std::uint64_t s = after + (g.accepts(w) ? 1 : 0) + (valid(t) ? suffix[t] : 0);
        if (s > kMaxWords) return Status(Errc::kLimit, "DAWG: more than " + std::to_string(kMaxWords) + " words");
        suffix[a] = static_cast<std::uint32_t>(s);
        (*meta)[a] = after << 32;
        state[a] = 2;  // a tail of this list is a node done too
      }
    }
  }
  counts->clear();
  for (Node start : starts) counts->push_back(valid(start) ? suffix[start] : 0);
  return Status::Ok();
}

template <class C>
Status BuildTables(const Lexicon& lex, const Graph& graph, const GraphView<C>& g, Solver::Tables* tb);

}  // namespace

// The search over one board, typed on the graph view (G: the arc encoding)
// so the hot loop has no dispatch. kSmallAlphabet (tile codes < 32): each arc index has the set of
// tiles its sibling list holds from there on (meta's low half), so the child
// for a neighbour's tile is found by a popcount instead of a scan. Otherwise
// the node's arcs are scanned.
template <class G, bool kSmallAlphabet, bool kCollect>
struct Solver::Walk {
  using W = typename G::Word;
  static constexpr std::uint64_t kNone = ~std::uint64_t(0);
  Walk(Solver& solver, const G& view, const std::uint64_t* m, std::uint32_t w, int min)
      : s(solver), g(view), n_arcs(view.arc_count()), meta(m), words(w), min_len(min) {}
  Solver& s;
  const G g;
  std::uint64_t n_arcs;
  const std::uint64_t* meta;
  std::uint32_t words;
  int min_len;

  bool Valid(Node n) const { return n != kNoNode && n < n_arcs; }
  static std::uint32_t Later(std::uint64_t m) { return static_cast<std::uint32_t>(m >> 32); }
  static std::uint32_t TileSet(std::uint64_t m) { return static_cast<std::uint32_t>(m); }

  void Found(std::uint32_t number, int len, std::uint64_t used) {
    if (number >= words || s.stamp_[number] == s.epoch_) return;  // the first test: an unverified image only
    s.stamp_[number] = s.epoch_;
    const int points = s.points_[len];
    s.score_ += points;
    if constexpr (kCollect) {
      FoundWord w;
      w.offset = static_cast<std::uint32_t>(s.tiles_.size());
      w.length = static_cast<std::uint16_t>(len);
      w.points = static_cast<std::uint16_t>(points);
      w.cells = used;
      s.tiles_.insert(s.tiles_.end(), s.path_, s.path_ + len);
      s.found_.push_back(w);
    }
  }

  // The index of the arc of `node` labelled t, or kNone.
  std::uint64_t Child(Node node, Tile t) const {
    if constexpr (kSmallAlphabet) {
      const std::uint32_t set = TileSet(meta[node]), bit = std::uint32_t(1) << (t & 31);
      if (t >= 32 || !(set & bit)) return kNone;
      return node + std::uint64_t(CountBits(set & (bit - 1)));
    } else {
      for (std::uint64_t p = node;; ++p) {
        const W w = g.arc(p);
        if (g.tile(w) == t) return p;
        if (g.last(w)) return kNone;
      }
    }
  }

  // Steps onto `cell`, whose face's first tile led to `node`: `number` is
  // the word number of the prefix so far, a word when `accepts`. Records the
  // word and goes on from there.
  [[gnu::always_inline]] inline void Enter(int cell, Node node, std::uint32_t number, bool accepts, std::uint64_t used,
                                           int len) {
    const Cube& cube = s.cubes_[cell];
    if constexpr (kCollect) s.path_[len] = cube.tiles[0];
    ++len;
    if (cube.size > 1) {  // the Qu face: the rest of its tiles
      for (int i = 1; i < cube.size; ++i) {
        if (!Valid(node)) return;
        const std::uint64_t p = Child(node, cube.tiles[i]);
        if (p == kNone) return;
        number += (accepts ? 1 : 0) + Later(meta[p]);
        const W w = g.arc(p);
        accepts = g.accepts(w);
        node = g.target(w);
        if constexpr (kCollect) s.path_[len] = cube.tiles[i];
        ++len;
      }
    }
    used |= std::uint64_t(1) << cell;
    if (accepts && len >= min_len) Found(number, len, used);
    if (!Valid(node)) return;
    if constexpr (kSmallAlphabet) {
      VisitSmall(cell, node, number + (accepts ? 1 : 0), used, len);
    } else {
      Visit(cell, node, number + (accepts ? 1 : 0), used, len);
    }
  }

  // kSmallAlphabet: the tiles both the node's arcs and the cube's
  // neighbours show, in tile order; each arc's child by a popcount.
  void VisitSmall(int cell, Node node, std::uint32_t base, std::uint64_t used, int len) {
    const std::uint32_t set = TileSet(meta[node]);
    const std::uint64_t* adjacent = s.adjacent_[cell];
    for (std::uint32_t tiles = set & s.around_[cell]; tiles; tiles &= tiles - 1) {
      const int t = __builtin_ctz(tiles);
      std::uint64_t m = adjacent[t] & ~used;
      if (m == 0) continue;
      const std::uint64_t a = node + std::uint64_t(CountBits(set & ((std::uint32_t(1) << t) - 1)));
      const W w = g.arc(a);
      const std::uint32_t number = base + Later(meta[a]);
      for (; m; m &= m - 1) Enter(__builtin_ctzll(m), g.target(w), number, g.accepts(w), used, len);
    }
  }

  // Otherwise: each node's arcs scanned, each arc's tile looked up.
  void Visit(int cell, Node node, std::uint32_t base, std::uint64_t used, int len) {
    const std::uint64_t free = s.neighbours_[cell] & ~used;
    if (free == 0) return;
    for (std::uint64_t p = node;; ++p) {
      const W w = g.arc(p);
      std::uint64_t m = s.cells_with_[g.tile(w)] & free;
      if (m) {
        const std::uint32_t number = base + Later(meta[p]);
        for (; m; m &= m - 1) Enter(__builtin_ctzll(m), g.target(w), number, g.accepts(w), used, len);
      }
      if (g.last(w)) return;
    }
  }

  void Run() {
    const int n = s.rows_ * s.cols_;
    const auto& first = s.tables_->first;
    for (int cell = 0; cell < n; ++cell) {
      const Tables::First& f = first[s.cubes_[cell].tiles[0]];
      if (!f.present) continue;
      Enter(cell, f.node, f.later, f.accepts, 0, 0);
    }
  }
};

namespace {

template <class C>
Status BuildTables(const Lexicon& lex, const Graph& graph, const GraphView<C>& g, Solver::Tables* tb) {
  tb->graph = graph;
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
  LEXC_RETURN_IF_ERROR(CountWords(g, starts, &tb->meta, &counts));
  if (tb->small_alphabet) {  // the tile sets, from the end of each list backwards
    std::uint32_t set = 0;
    for (std::uint64_t a = g.arc_count(); a-- > 0;) {
      const typename C::Word w = g.arc(a);
      if (g.last(w)) set = 0;
      if (g.tile(w) < 32) set |= std::uint32_t(1) << g.tile(w);
      tb->meta[a] |= set;
    }
  }
  std::uint64_t total = 0;
  for (int t = 255; t >= 0; --t) {  // later siblings of the virtual root: the higher tiles
    Solver::Tables::First& f = tb->first[std::size_t(t)];
    if (!f.present) continue;
    f.later = static_cast<std::uint32_t>(total);
    total += (f.accepts ? 1 : 0) + counts[std::size_t(t)];
    if (total > kMaxWords) return Status(Errc::kLimit, "DAWG: more than " + std::to_string(kMaxWords) + " words");
  }
  tb->words = static_cast<std::uint32_t>(total);
  return Status::Ok();
}

}  // namespace

Result<Solver> Solver::Create(const Lexicon& lex, const SolverOptions& options) {
  if (options.min_len < 1 || options.min_len > kMaxWordTiles)
    return Status(Errc::kInvalidArgument, "minimum word length " + std::to_string(options.min_len) + ": expected 1.." +
                                              std::to_string(kMaxWordTiles));
  if (!lex.has_dawg() && !lex.has_gaddag()) return Status(Errc::kNotFound, "the image has no DAWG and no GADDAG");
  auto tables = std::make_shared<Tables>();
  const Graph& graph = lex.has_dawg() ? lex.dawg() : lex.gaddag();
  LEXC_RETURN_IF_ERROR(graph.Dispatch([&](const auto& g) { return BuildTables(lex, graph, g, tables.get()); }));
  Solver s;
  s.tables_ = std::move(tables);
  s.min_len_ = options.min_len;
  for (int len = 0; len <= kMaxWordTiles; ++len) s.points_[len] = len >= s.min_len_ ? PointsForLength(len) : 0;
  s.stamp_.assign(s.tables_->words, 0);
  return s;
}

std::uint32_t Solver::lexicon_words() const { return tables_ ? tables_->words : 0; }

void Solver::SetBoard(const Board& board) {
  for (int i = 0; i < rows_ * cols_; ++i) {  // the last board's tiles
    cells_with_[cubes_[i].tiles[0]] = 0;
    for (std::uint32_t m = around_[i]; m; m &= m - 1) adjacent_[i][__builtin_ctz(m)] = 0;
    around_[i] = 0;
  }
  if (board.rows != rows_ || board.cols != cols_) {
    rows_ = board.rows;
    cols_ = board.cols;
    for (int r = 0; r < rows_; ++r)
      for (int c = 0; c < cols_; ++c) {
        std::uint64_t m = 0;
        for (int dr = -1; dr <= 1; ++dr)
          for (int dc = -1; dc <= 1; ++dc) {
            const int rr = r + dr, cc = c + dc;
            if ((dr || dc) && rr >= 0 && rr < rows_ && cc >= 0 && cc < cols_)
              m |= std::uint64_t(1) << (rr * cols_ + cc);
          }
        neighbours_[r * cols_ + c] = m;
      }
  }
  const int n = board.cells();  // cubes_ past n are never read
  for (int i = 0; i < n; ++i) {
    const Tile t = (cubes_[i] = board.cubes[std::size_t(i)]).tiles[0];
    cells_with_[t] |= std::uint64_t(1) << i;
    if (t >= 32) continue;
    for (std::uint64_t m = neighbours_[i]; m; m &= m - 1) {
      const int c = __builtin_ctzll(m);
      adjacent_[c][t] |= std::uint64_t(1) << i;
      around_[c] |= std::uint32_t(1) << t;
    }
  }
  cells_with_[0] = 0;  // no cube shows tile 0 (the separator)
  if (++epoch_ == 0) {
    std::fill(stamp_.begin(), stamp_.end(), 0u);
    epoch_ = 1;
  }
  score_ = 0;
}

template <bool kCollect>
int Solver::Run(const Board& board) {
  // The precondition, cheaply enforced.
  if (!tables_ || board.rows < 1 || board.cols < 1 || board.rows > kMaxSide || board.cols > kMaxSide) return 0;
  SetBoard(board);
  const Tables& tb = *tables_;
  tb.graph.Dispatch([&](const auto& g) {
    const auto go = [&](auto small) {
      Walk<std::remove_cvref_t<decltype(g)>, decltype(small)::value, kCollect> walk(*this, g, tb.meta.data(), tb.words,
                                                                                    min_len_);
      walk.Run();
    };
    if (tb.small_alphabet)
      go(std::true_type{});
    else
      go(std::false_type{});
  });
  return score_;
}

int Solver::Score(const Board& board) { return Run<false>(board); }

int Solver::Solve(const Board& board) {
  found_.clear();
  tiles_.clear();
  const int score = Run<true>(board);
  std::sort(found_.begin(), found_.end(), [this](const FoundWord& a, const FoundWord& b) {
    const auto x = word_tiles(a), y = word_tiles(b);
    return std::lexicographical_compare(x.begin(), x.end(), y.begin(), y.end());
  });
  return score;
}

}  // namespace lexc::boggle
