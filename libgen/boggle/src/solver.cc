// The Boggle solver: a depth-first search of the board that walks the
// lexicon alongside the path. Contracts in lexc/boggle/solver.h; the tables
// it walks (the edge table, word numbers) in solver_tables.h.
#include "lexc/boggle/solver.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <type_traits>

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

// Counts word `number` (of `len` tiles, traced on `used`; the path's tiles
// in path_) when `take` and not found before on this board. Branch-free when
// not collecting: whether a step ends a word is a coin toss to the branch
// predictor, so every step goes through here with `take` false or true.
template <bool kCollect>
[[gnu::always_inline]] inline void Solver::Record(std::uint32_t number, int len, std::uint64_t used, bool take) {
  const std::uint32_t index = number & seen_mask_;  // in bounds whatever the image
  std::uint64_t& slot = seen_[index >> 6];
  const std::uint64_t block = slot, bit = std::uint64_t(take) << (index & 63);
  const bool fresh = (bit & ~block) != 0;
  slot = block | bit;
  dirty_[dirty_count_] = index >> 6;  // kept when the block was clear
  dirty_count_ += std::uint32_t(block == 0 && fresh);
  const int points = points_[len];
  score_ += fresh ? points : 0;
  if constexpr (kCollect) {
    if (!fresh) return;
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
// stack of frames: a cube reached, the edge that reached it, and the tiles
// still to try there (those both the edge's target and the cube's
// neighbours show: mask & around_[cube]). Each turn of the loop takes one
// tile of the top frame (popping it with its last tile): the edge for the
// tile (a popcount away), the word it ends (counted once however many
// neighbours show the tile), and a frame for the free neighbour showing it
// when something could follow there. Past the test that some neighbour
// showing the tile is free, the common path has no data-dependent branch:
// words are counted by masks and frames pushed by moving the top or not.
// Cubes of more than one tile (Qu) are stepped tile by tile (StepCube) in a
// turn of their own: bit 0 of a frame's tiles, set when around_'s bit 0
// marks such a neighbour. kPopcnt: the rank by the popcnt instruction
// (Drain is then compiled for a CPU that has it).
template <bool kCollect, bool kPopcnt>
struct Solver::EdgeWalk {
  Solver& s;
  const Edge* edges;
  int min_len;

  static std::uint32_t Rank(std::uint32_t mask, int t) {
    return std::uint32_t(CountBits<kPopcnt>(mask & ((std::uint32_t(1) << t) - 2)));
  }

  // The tiles a frame at `cell` below an edge of `mask` tries: those both
  // the edge's target and the cube's neighbours show, and bit 0 when a
  // neighbour shows more than one tile (a turn that steps onto those).
  std::uint32_t TilesAt(std::uint32_t mask, std::uint32_t around) const {
    return (mask & around & ~kAccepts) | (around & kAccepts);
  }

  // Writes the frame at `cell` (reached by an edge of `mask`, `first`) on
  // top, and keeps it when `keep` and it has tiles to try. Returns the top.
  [[gnu::always_inline]] inline WalkFrame* Push(WalkFrame* top, bool keep, std::uint64_t used, std::uint32_t mask,
                                                std::uint32_t first, std::uint32_t base, int cell, int len) {
    const std::uint32_t tiles = TilesAt(mask, s.around_[cell]);
    *top = {used, tiles, mask, first, base, std::uint8_t(cell), std::uint8_t(len)};
    return top + std::ptrdiff_t(keep & (tiles != 0));
  }

  // Without `root`: walks every frame from top down to `bottom`. With it
  // (Score only): walks the paths from each of the first `cells` cubes,
  // kWalks walks at a time on stacks kStackFrames apart from `bottom`, a
  // turn of each in turn; a walk that runs out starts from the next cube.
  // A turn is a chain of dependent loads that ends in where the top goes,
  // so one walk leaves the core idle; independent walks overlap (kCollect
  // keeps one walk: the path it lists is one).
  void Drain(WalkFrame* bottom, WalkFrame* top, const Edge* root, int cells);

  [[gnu::always_inline]] inline void DrainBody(WalkFrame* bottom, WalkFrame* top, const Edge* root, int cells) {
    // Everything the loop touches, in locals: stores through frames could
    // otherwise alias the solver's members and force reloads.
    const Edge* const table = edges;
    const std::uint32_t* const around = s.around_;
    const std::uint64_t(*const adjacent)[32] = s.adjacent_;
    std::uint64_t* const seen = s.seen_.data();
    std::uint32_t* const dirty = s.dirty_.data();
    const int* const points = s.points_;
    const std::uint32_t seen_mask = s.seen_mask_;
    const int min = min_len;
    std::uint32_t dirty_count = s.dirty_count_;
    int score = s.score_;
    // One turn of the walk whose top is `walk`.
    const auto turn = [&](WalkFrame * &walk) __attribute__((always_inline)) {
      WalkFrame& f = walk[-1];
      const std::uint32_t tiles = f.tiles, rest = tiles & (tiles - 1);
      f.tiles = rest;
      const int t = __builtin_ctz(tiles), cell = f.cell, len = f.len;
      const std::uint64_t used = f.used;
      const std::uint32_t base = f.base, mask = f.mask, first = f.first;
      walk -= std::ptrdiff_t(rest == 0);  // its last tile: the frame's slot is free
      if (t == 0) [[unlikely]] {          // bit 0: step onto the neighbours showing more than one tile
        s.dirty_count_ = dirty_count;
        s.score_ = score;
        for (std::uint64_t q = s.multi_near_[cell] & ~used; q; q &= q - 1)
          walk = StepCube(__builtin_ctzll(q), Edge{mask, first, 0}, base, used, len, walk);
        dirty_count = s.dirty_count_;
        score = s.score_;
        return;
      }
      const Edge& c = table[first + Rank(mask, t)];
      std::uint64_t m = adjacent[cell][t] & ~used;
      if (m == 0) return;  // every neighbour showing t is on the path (a branch: cheaper than the work)
      const std::uint32_t c_mask = c.mask, number = base + c.later;
      const std::uint64_t low = m & (~m + 1);
      if constexpr (kCollect) {
        const Cube& cube = s.cubes_[cell];
        const int size = cube.size > 1 ? cube.size : 1;
        for (int i = 0; i < size; ++i) s.path_[len - size + i] = cube.tiles[i];
        s.path_[len] = Tile(t);
        s.Record<true>(number, len + 1, used | low, (c_mask & kAccepts) && m != 0 && len + 1 >= min);
        dirty_count = s.dirty_count_;  // the locals follow the members here
        score = s.score_;
      } else {  // Record's branch-free count, on the locals; a word under the
                // minimum length scores 0 (points), so it need not be told apart
        const std::uint32_t take = (c_mask & kAccepts) & std::uint32_t(m != 0);
        const std::uint32_t index = number & seen_mask;  // in bounds whatever the image
        const std::uint64_t block = seen[index >> 6], bit = std::uint64_t(take) << (index & 63);
        const std::uint64_t fresh = bit & ~block;
        seen[index >> 6] = block | bit;
        dirty[dirty_count] = index >> 6;
        dirty_count += std::uint32_t((block == 0) & (fresh != 0));
        score += points[len + 1] & -int(fresh != 0);
      }
      const std::uint32_t c_first = c.first, below = number + (c_mask & kAccepts);
      __builtin_prefetch(table + c_first);  // the next turn's edge is among these (never faults)
      const int next = __builtin_ctzll(m | (std::uint64_t(1) << 63));
      const std::uint32_t next_around = around[next];
      const std::uint32_t next_tiles = TilesAt(c_mask, next_around);
      *walk = {used | low, next_tiles, c_mask, c_first, below, std::uint8_t(next), std::uint8_t(len + 1)};
      const std::uint32_t go = std::uint32_t(m != 0) & std::uint32_t(c_mask > kAccepts);
      walk += std::ptrdiff_t(go & std::uint32_t(next_tiles != 0));
      if (__builtin_expect(std::uint32_t((m & (m - 1)) != 0) & go, 0)) {  // more free neighbours show t
        for (m &= m - 1; m; m &= m - 1)
          walk = Push(walk, true, used | (m & (~m + 1)), c_mask, c_first, below, __builtin_ctzll(m), len + 1);
      }
    };
    if (root == nullptr || kCollect) {
      while (top != bottom) turn(top);
    } else {
      WalkFrame* bottoms[kWalks];
      WalkFrame* tops[kWalks];
      for (int i = 0; i < kWalks; ++i) bottoms[i] = tops[i] = bottom + i * kStackFrames;
      int cell = 0;
      for (;;) {
        bool all = true;
        for (int i = 0; i < kWalks; ++i) {
          if (tops[i] == bottoms[i]) {  // start the paths of the next cubes until some frame is left
            s.dirty_count_ = dirty_count;
            s.score_ = score;
            while (tops[i] == bottoms[i] && cell < cells) tops[i] = StepCube(cell++, *root, 0, 0, 0, bottoms[i]);
            dirty_count = s.dirty_count_;
            score = s.score_;
          }
          all &= tops[i] != bottoms[i];
        }
        if (!all) break;  // no cube left to start from
        for (;;) {
          bool more = true;
#pragma GCC unroll 8
          for (int i = 0; i < kWalks; ++i) {
            turn(tops[i]);
            more &= tops[i] != bottoms[i];
          }
          if (!more) break;
        }
      }
      for (bool any = true; any;) {  // the walks left, a turn each
        any = false;
#pragma GCC unroll 8
        for (int i = 0; i < kWalks; ++i)
          if (tops[i] != bottoms[i]) {
            turn(tops[i]);
            any = true;
          }
      }
    }
    s.dirty_count_ = dirty_count;
    s.score_ = score;
  }

  // Steps onto `cell` from edge e (`base`: the word number of the path so
  // far plus one if it is a word), tile by tile of its cube; counts the
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
    s.Record<kCollect>(number, len, used, (cur->mask & kAccepts) && len >= min_len);
    return Push(top, cur->mask > kAccepts, used, cur->mask, cur->first, number + (cur->mask & kAccepts), cell, len);
  }

  void Run(const Edge& root) {
    const int n = s.rows_ * s.cols_;
    WalkFrame* stack = s.stack_.data();
    if constexpr (kCollect) {
      for (int cell = 0; cell < n; ++cell) Drain(stack, StepCube(cell, root, 0, 0, 0, stack), nullptr, 0);
    } else {
      Drain(stack, stack, &root, n);
    }
  }
};

template <>
void Solver::EdgeWalk<false, false>::Drain(WalkFrame* bottom, WalkFrame* top, const Edge* root, int cells) {
  DrainBody(bottom, top, root, cells);
}
template <>
void Solver::EdgeWalk<true, false>::Drain(WalkFrame* bottom, WalkFrame* top, const Edge* root, int cells) {
  DrainBody(bottom, top, root, cells);
}
#if defined(__x86_64__) && !defined(__POPCNT__)
#define LEXC_TARGET_POPCNT __attribute__((target("popcnt")))
#else
#define LEXC_TARGET_POPCNT
#endif
template <>
LEXC_TARGET_POPCNT void Solver::EdgeWalk<false, true>::Drain(WalkFrame* bottom, WalkFrame* top, const Edge* root,
                                                             int cells) {
  DrainBody(bottom, top, root, cells);
}
template <>
LEXC_TARGET_POPCNT void Solver::EdgeWalk<true, true>::Drain(WalkFrame* bottom, WalkFrame* top, const Edge* root,
                                                            int cells) {
  DrainBody(bottom, top, root, cells);
}
#undef LEXC_TARGET_POPCNT

// The search for alphabets of 32 tiles or more: each node's arcs in the
// image scanned, each arc's tile looked up among the free neighbours.
template <class G, bool kCollect>
struct Solver::ScanWalk {
  Solver& s;
  G g;  // the image's graph view (any arc encoding)
  std::uint64_t n_arcs;
  const std::uint32_t* later;
  std::uint32_t words;
  int min_len;

  static constexpr std::uint64_t kNone = ~std::uint64_t(0);

  bool Valid(Node n) const { return n != kNoNode && n < n_arcs; }

  void Record(std::uint32_t number, int len, std::uint64_t used) { s.Record<kCollect>(number, len, used, true); }

  // The index of the arc of `node` labelled t, or kNone.
  std::uint64_t Child(Node node, Tile t) const {
    for (std::uint64_t a = node; a < n_arcs; ++a) {
      const auto w = g.arc(a);
      if (g.tile(w) == t) return a;
      if (g.last(w)) return kNone;
    }
    return kNone;
  }

  // Steps onto `cell`, whose face's first tile led to `node`: `number` is
  // the word number of the prefix so far, a word when `accepts`.
  void Enter(int cell, Node node, std::uint32_t number, bool accepts, std::uint64_t used, int len) {
    const Cube& cube = s.cubes_[cell];
    if constexpr (kCollect) s.path_[len] = cube.tiles[0];
    ++len;
    for (int i = 1; i < cube.size; ++i) {  // the Qu face: the rest of its tiles
      if (!Valid(node)) return;
      const std::uint64_t a = Child(node, cube.tiles[i]);
      if (a == kNone) return;
      const auto w = g.arc(a);
      number += (accepts ? 1 : 0) + later[a];
      accepts = g.accepts(w);
      node = g.target(w);
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
      const auto w = g.arc(a);
      std::uint64_t m = s.cells_with_[g.tile(w)] & free;
      for (; m; m &= m - 1) Enter(__builtin_ctzll(m), g.target(w), base + later[a], g.accepts(w), used, len);
      if (g.last(w)) return;
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
  tables->popcnt = !options.portable_bit_count && CpuHasPopcnt();
  Solver s;
  s.tables_ = std::move(tables);
  s.min_len_ = options.min_len;
  for (int len = 0; len <= kMaxWordTiles; ++len) s.points_[len] = len >= s.min_len_ ? PointsForLength(len) : 0;
  // Bits for word numbers 0 .. words-1, rounded up to a power of two so that
  // any number (an image that only opened) masks into bounds.
  std::uint64_t bits = 64;
  while (bits < s.tables_->words) bits *= 2;
  s.seen_mask_ = static_cast<std::uint32_t>(bits - 1);
  const std::size_t blocks = bits / 64;
  s.seen_.assign(blocks, 0);
  s.dirty_.assign(blocks + 1, 0);                       // Record writes one past the blocks listed
  s.stack_.assign(kWalks * kStackFrames, WalkFrame{});  // the walks Drain interleaves
  return s;
}

std::uint32_t Solver::lexicon_words() const { return tables_ ? tables_->words : 0; }
std::uint64_t Solver::table_bytes() const { return tables_ ? tables_->bytes() : 0; }

void Solver::SetBoard(const Grid& board) {
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
int Solver::Run(const Grid& board) {
  // The precondition, cheaply enforced.
  if (!tables_ || board.rows < 1 || board.cols < 1 || board.rows > kMaxSide || board.cols > kMaxSide) return 0;
  SetBoard(board);
  const Tables& tb = *tables_;
  if (tb.small_alphabet) {
    if (tb.popcnt)
      EdgeWalk<kCollect, true>{*this, tb.edges.data(), min_len_}.Run(tb.root);
    else
      EdgeWalk<kCollect, false>{*this, tb.edges.data(), min_len_}.Run(tb.root);
  } else {
    tb.graph.Dispatch([&](const auto& g) {
      using G = std::decay_t<decltype(g)>;
      ScanWalk<G, kCollect>{*this, g, g.arc_count(), tb.later.data(), tb.words, min_len_}.Run(tb);
    });
  }
  return score_;
}

int Solver::Score(const Grid& board) { return Run<false>(board); }

int Solver::Solve(const Grid& board) {
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
