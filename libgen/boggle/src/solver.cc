// The Boggle solver: a depth-first search of the board that walks the
// lexicon alongside the path. Contracts in lexc/boggle/solver.h; the tables
// it walks (the edge table, word numbers) in solver_tables.h.
#include "lexc/boggle/solver.h"

#include <algorithm>
#include <cstring>
#include <string>

#include "solver_tables.h"

namespace lexc::boggle {
namespace {

// Set bits of a 32-bit word. Without -mpopcnt (the portable x86-64 baseline)
// __builtin_popcount is a call into libgcc; kHardware asks for the
// instruction, which the callers compile only into functions built for a
// CPU that has it (EdgeWalk<..., true>).
template <bool kHardware>
[[gnu::always_inline]] inline int CountBits(std::uint32_t x) {
#if defined(__POPCNT__) || !defined(__x86_64__)
  return __builtin_popcount(x);
#else
  if constexpr (kHardware) return __builtin_popcount(x);
  x = x - ((x >> 1) & 0x55555555u);
  x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
  return static_cast<int>((((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
#endif
}

bool CpuHasPopcnt() {
#if defined(__x86_64__) && !defined(__POPCNT__)
  __builtin_cpu_init();
  return __builtin_cpu_supports("popcnt");
#else
  return true;
#endif
}

}  // namespace

// Records word `number` (of `len` tiles, traced on `used`; the path's tiles
// in path_) unless found before on this board.
template <bool kCollect>
inline void Solver::Record(std::uint32_t number, int len, std::uint64_t used) {
  if (number >= tables_->words) return;  // an image that only opened
  std::uint64_t& block = seen_[number >> 6];
  const std::uint64_t bit = std::uint64_t(1) << (number & 63);
  if (block & bit) return;
  if (block == 0) dirty_[dirty_count_++] = number >> 6;
  block |= bit;
  const int points = points_[len];
  score_ += points;
  if constexpr (kCollect) {
    FoundWord w;
    w.offset = static_cast<std::uint32_t>(tiles_.size());
    w.length = static_cast<std::uint16_t>(len);
    w.points = static_cast<std::uint16_t>(points);
    w.cells = used;
    tiles_.insert(tiles_.end(), path_, path_ + len);
    found_.push_back(w);
  }
}

// The search over the edge table (tiles < 32), depth first with an explicit
// stack of frames (a cube reached, the edge that reached it). At a cube
// reached by edge e, the tiles both e's target and the cube's neighbours
// show are e.mask & around_[cube]; each is one edge, a popcount away, and
// one word (recorded once however many neighbours show the tile); a frame is
// pushed for each free neighbour showing it, unless nothing could follow
// there. Cubes of more than one tile (Qu) are stepped tile by tile
// (StepCube); around_'s bit 0 marks cubes next to one. kPopcnt: the rank by
// the popcnt instruction (Drain is then compiled for a CPU that has it).
template <bool kCollect, bool kPopcnt>
struct Solver::EdgeWalk {
  Solver& s;
  const Edge* edges;
  int min_len;

  static std::uint32_t Rank(std::uint32_t mask, int t) {
    return std::uint32_t(CountBits<kPopcnt>(mask & ((std::uint32_t(1) << t) - 2)));
  }
  // Whether a frame at `cell` below edge c could find anything.
  bool Promising(const Edge& c, int cell) const { return ((c.mask | kAccepts) & s.around_[cell]) != 0; }

  // Walks every frame from top down to `bottom`.
  void Drain(WalkFrame* bottom, WalkFrame* top);

  [[gnu::always_inline]] inline void DrainBody(WalkFrame* bottom, WalkFrame* top) {
    while (top != bottom) {
      const WalkFrame f = *--top;
      const int cell = f.cell, len = f.len;
      if constexpr (kCollect) {
        const Cube& cube = s.cubes_[cell];
        const int size = cube.size > 1 ? cube.size : 1;
        for (int i = 0; i < size; ++i) s.path_[len - size + i] = cube.tiles[i];
      }
      const std::uint32_t mask = f.edge->mask;
      const Edge* kids = edges + f.edge->first;
      const std::uint64_t* adjacent = s.adjacent_[cell];
      const std::uint32_t around = s.around_[cell];
      for (std::uint32_t tiles = mask & around & ~kAccepts; tiles; tiles &= tiles - 1) {
        const int t = __builtin_ctz(tiles);
        std::uint64_t m = adjacent[t] & ~f.used;
        if (m == 0) continue;
        const Edge& c = kids[Rank(mask, t)];
        const std::uint32_t number = f.base + c.later;
        if constexpr (kCollect) s.path_[len] = Tile(t);
        if ((c.mask & kAccepts) && len + 1 >= min_len) s.Record<kCollect>(number, len + 1, f.used | (m & (~m + 1)));
        if (c.mask <= kAccepts) continue;  // no edge below
        __builtin_prefetch(edges + c.first);
        const std::uint32_t below = number + (c.mask & kAccepts);
        for (; m; m &= m - 1) {
          const int next = __builtin_ctzll(m);
          if (Promising(c, next))
            *top++ = {f.used | (std::uint64_t(1) << next), &c, below, std::uint8_t(next), std::uint8_t(len + 1)};
        }
      }
      if (around & kAccepts) [[unlikely]] {  // a neighbour shows more than one tile
        for (std::uint64_t m = s.multi_near_[cell] & ~f.used; m; m &= m - 1)
          top = StepCube(__builtin_ctzll(m), *f.edge, f.base, f.used, len, top);
      }
    }
  }

  // Steps onto `cell` from edge e (`base`: the word number of the path so
  // far plus one if it is a word), tile by tile of its cube; records the
  // word there and pushes the frame that goes on.
  WalkFrame* StepCube(int cell, const Edge& e, std::uint32_t base, std::uint64_t used, int len, WalkFrame* top) {
    const Cube& cube = s.cubes_[cell];
    const Edge* cur = &e;
    std::uint32_t number = 0;
    const int size = cube.size > 1 ? cube.size : 1;
    for (int i = 0; i < size; ++i) {
      const Tile t = cube.tiles[i];
      if (t < 1 || t >= 32 || !(cur->mask & (std::uint32_t(1) << t))) return top;
      if (i > 0) base = number + (cur->mask & kAccepts);
      cur = edges + cur->first + Rank(cur->mask, t);
      number = base + cur->later;
      if constexpr (kCollect) s.path_[len] = t;
      ++len;
    }
    used |= std::uint64_t(1) << cell;
    if ((cur->mask & kAccepts) && len >= min_len) s.Record<kCollect>(number, len, used);
    if (cur->mask > kAccepts && Promising(*cur, cell))
      *top++ = {used, cur, number + (cur->mask & kAccepts), std::uint8_t(cell), std::uint8_t(len)};
    return top;
  }

  void Run(const Edge& root) {
    const int n = s.rows_ * s.cols_;
    WalkFrame* stack = s.stack_.data();
    for (int cell = 0; cell < n; ++cell) Drain(stack, StepCube(cell, root, 0, 0, 0, stack));
  }
};

template <>
void Solver::EdgeWalk<false, false>::Drain(WalkFrame* bottom, WalkFrame* top) {
  DrainBody(bottom, top);
}
template <>
void Solver::EdgeWalk<true, false>::Drain(WalkFrame* bottom, WalkFrame* top) {
  DrainBody(bottom, top);
}
#if defined(__x86_64__) && !defined(__POPCNT__)
#define LEXC_TARGET_POPCNT __attribute__((target("popcnt")))
#else
#define LEXC_TARGET_POPCNT
#endif
template <>
LEXC_TARGET_POPCNT void Solver::EdgeWalk<false, true>::Drain(WalkFrame* bottom, WalkFrame* top) {
  DrainBody(bottom, top);
}
template <>
LEXC_TARGET_POPCNT void Solver::EdgeWalk<true, true>::Drain(WalkFrame* bottom, WalkFrame* top) {
  DrainBody(bottom, top);
}
#undef LEXC_TARGET_POPCNT

// The search for alphabets of 32 tiles or more: each node's arcs in the
// image scanned, each arc's tile looked up among the free neighbours.
template <class C, bool kCollect>
struct Solver::ScanWalk {
  using W = typename C::Word;
  Solver& s;
  const W* arcs;
  std::uint64_t n_arcs;
  const std::uint32_t* later;
  std::uint32_t words;
  int min_len;

  bool Valid(Node n) const { return n != kNoNode && n < n_arcs; }

  void Record(std::uint32_t number, int len, std::uint64_t used) { s.Record<kCollect>(number, len, used); }

  // The arc of `node` labelled t, or nullptr.
  const W* Child(Node node, Tile t) const {
    for (std::uint64_t a = node; a < n_arcs; ++a) {
      if (C::tile(arcs[a]) == t) return arcs + a;
      if (C::last(arcs[a])) return nullptr;
    }
    return nullptr;
  }

  // Steps onto `cell`, whose face's first tile led to `node`: `number` is
  // the word number of the prefix so far, a word when `accepts`.
  void Enter(int cell, Node node, std::uint32_t number, bool accepts, std::uint64_t used, int len) {
    const Cube& cube = s.cubes_[cell];
    if constexpr (kCollect) s.path_[len] = cube.tiles[0];
    ++len;
    for (int i = 1; i < cube.size; ++i) {  // the Qu face: the rest of its tiles
      if (!Valid(node)) return;
      const W* p = Child(node, cube.tiles[i]);
      if (p == nullptr) return;
      number += (accepts ? 1 : 0) + later[p - arcs];
      accepts = C::accepts(*p);
      node = C::target(*p);
      if constexpr (kCollect) s.path_[len] = cube.tiles[i];
      ++len;
    }
    used |= std::uint64_t(1) << cell;
    if (accepts && len >= min_len) Record(number, len, used);
    if (Valid(node)) Visit(cell, node, number + (accepts ? 1 : 0), used, len);
  }

  void Visit(int cell, Node node, std::uint32_t base, std::uint64_t used, int len) {
    const std::uint64_t free = s.neighbours_[cell] & ~used;
    if (free == 0) return;
    for (std::uint64_t a = node; a < n_arcs; ++a) {
      const W w = arcs[a];
      std::uint64_t m = s.cells_with_[C::tile(w)] & free;
      for (; m; m &= m - 1) Enter(__builtin_ctzll(m), C::target(w), base + later[a], C::accepts(w), used, len);
      if (C::last(w)) return;
    }
  }

  void Run(const Tables& tb) {
    const int n = s.rows_ * s.cols_;
    for (int cell = 0; cell < n; ++cell) {
      const Tables::First& f = tb.first[s.cubes_[cell].tiles[0]];
      if (f.present) Enter(cell, f.node, f.later, f.accepts, 0, 0);
    }
  }
};

Result<Solver> Solver::Create(const Lexicon& lex, const SolverOptions& options) {
  if (options.min_len < 1 || options.min_len > kMaxWordTiles)
    return Status(Errc::kInvalidArgument, "minimum word length " + std::to_string(options.min_len) + ": expected 1.." +
                                              std::to_string(kMaxWordTiles));
  if (!lex.has_dawg() && !lex.has_gaddag()) return Status(Errc::kNotFound, "the image has no DAWG and no GADDAG");
  auto tables = std::make_shared<Tables>();
  LEXC_RETURN_IF_ERROR(BuildSolverTables(lex, tables.get()));
  tables->popcnt = CpuHasPopcnt();
  Solver s;
  s.tables_ = std::move(tables);
  s.min_len_ = options.min_len;
  for (int len = 0; len <= kMaxWordTiles; ++len) s.points_[len] = len >= s.min_len_ ? PointsForLength(len) : 0;
  const std::size_t blocks = (std::size_t(s.tables_->words) + 63) / 64;
  s.seen_.assign(blocks, 0);
  s.dirty_.assign(blocks, 0);
  s.stack_.assign(kMaxCells * 8 + 8, WalkFrame{});
  return s;
}

std::uint32_t Solver::lexicon_words() const { return tables_ ? tables_->words : 0; }
std::uint64_t Solver::table_bytes() const { return tables_ ? tables_->bytes() : 0; }

void Solver::SetBoard(const Board& board) {
  for (int i = 0; i < rows_ * cols_; ++i) {  // the last board's tiles
    cells_with_[cubes_[i].tiles[0]] = 0;
    for (std::uint32_t m = around_[i] & ~kAccepts; m; m &= m - 1) adjacent_[i][__builtin_ctz(m)] = 0;
    around_[i] = 0;
    multi_near_[i] = 0;
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
    const Cube& cube = (cubes_[i] = board.cubes[std::size_t(i)]);
    const Tile t = cube.tiles[0];
    cells_with_[t] |= std::uint64_t(1) << i;
    const std::uint64_t bit = std::uint64_t(1) << i;
    if (cube.size > 1) {
      for (std::uint64_t m = neighbours_[i]; m; m &= m - 1) {
        const int c = __builtin_ctzll(m);
        multi_near_[c] |= bit;
        around_[c] |= kAccepts;
      }
      continue;
    }
    if (t < 1 || t >= 32) continue;
    for (std::uint64_t m = neighbours_[i]; m; m &= m - 1) {
      const int c = __builtin_ctzll(m);
      adjacent_[c][t] |= bit;
      around_[c] |= std::uint32_t(1) << t;
    }
  }
  cells_with_[0] = 0;  // no cube shows tile 0 (the separator)
  for (std::uint32_t i = 0; i < dirty_count_; ++i) seen_[dirty_[i]] = 0;
  dirty_count_ = 0;
  score_ = 0;
}

template <bool kCollect>
int Solver::Run(const Board& board) {
  // The precondition, cheaply enforced.
  if (!tables_ || board.rows < 1 || board.cols < 1 || board.rows > kMaxSide || board.cols > kMaxSide) return 0;
  SetBoard(board);
  const Tables& tb = *tables_;
  if (tb.small_alphabet) {
    if (tb.popcnt)
      EdgeWalk<kCollect, true>{*this, tb.edges.data(), min_len_}.Run(tb.root);
    else
      EdgeWalk<kCollect, false>{*this, tb.edges.data(), min_len_}.Run(tb.root);
  } else if (tb.width == 4) {
    ScanWalk<Arc32, kCollect>{
        *this, static_cast<const Arc32::Word*>(tb.arcs), tb.arc_count, tb.later.data(), tb.words, min_len_}
        .Run(tb);
  } else {
    ScanWalk<Arc64, kCollect>{
        *this, static_cast<const Arc64::Word*>(tb.arcs), tb.arc_count, tb.later.data(), tb.words, min_len_}
        .Run(tb);
  }
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
