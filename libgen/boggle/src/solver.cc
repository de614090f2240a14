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

namespace lexc::boggle {

struct Solver::Tables {
  const void* arcs = nullptr;
  std::uint64_t arc_count = 0;
  int width = 4;
  std::vector<std::uint32_t> later;  // by arc index; 0 for arcs no word passes
  // The virtual root: the first tile of a word.
  struct First {
    Node node = kNoNode;  // the state after the tile
    std::uint32_t later = 0;
    bool accepts = false, present = false;
  };
  std::array<First, 256> first{};
  std::uint32_t words = 0;
  bool small_alphabet = true;  // tile codes < 64: a set of tiles is a uint64_t
};

namespace {

constexpr std::uint64_t kMaxWords = 0xFFFFFFFEull;

// Counts the words below every node reachable from `starts` and fills
// later[]; returns each start's word count in *counts. Iterative (no
// recursion depth), each node once; a cycle is an error.
template <class C>
Status CountWords(const typename C::Word* arcs, std::uint64_t n_arcs, std::span<const Node> starts,
                  std::vector<std::uint32_t>* later, std::vector<std::uint64_t>* counts) {
  const auto valid = [n_arcs](Node n) { return n != kNoNode && n < n_arcs; };
  std::vector<std::uint8_t> state(n_arcs, 0);  // 0 new, 1 entered (on the path), 2 done
  std::vector<std::uint32_t> suffix(n_arcs, 0);  // words under this arc and the later siblings
  later->assign(n_arcs, 0);
  std::vector<Node> stack;
  for (Node start : starts) {
    if (!valid(start) || state[start] == 2) continue;
    stack.push_back(start);
    while (!stack.empty()) {
      const Node n = stack.back();
      if (state[n] == 0) {
        state[n] = 1;
        for (std::uint64_t a = n;; ++a) {
          const Node t = C::target(arcs[a]);
          if (valid(t)) {
            if (state[t] == 1) return Status(Errc::kCorrupt, "DAWG: a cycle through node " + std::to_string(t));
            if (state[t] == 0) stack.push_back(t);
          }
          if (C::last(arcs[a])) break;
        }
        continue;
      }
      stack.pop_back();
      if (state[n] == 2) continue;
      std::uint64_t end = n;
      while (!C::last(arcs[end])) ++end;
      for (std::uint64_t a = end + 1; a-- > n;) {
        const Node t = C::target(arcs[a]);
        const std::uint64_t after = a == end ? 0 : suffix[a + 1];
        const std::uint64_t s = after + (C::accepts(arcs[a]) ? 1 : 0) + (valid(t) ? suffix[t] : 0);
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

template <class C>
Status BuildTables(const Lexicon& lex, const GraphView<C>& g, Solver::Tables* tb);

}  // namespace

// The search over one board, typed on the arc codec so the hot loop has no
// dispatch; kSmallAlphabet: tile codes < 64, so the tiles the free
// neighbours show are one mask and a node's scan stops once all are met.
template <class C, bool kSmallAlphabet, bool kCollect>
struct Solver::Walk {
  using W = typename C::Word;
  Solver& s;
  const W* arcs;
  std::uint64_t n_arcs;
  const std::uint32_t* later;
  std::uint32_t words;

  bool Valid(Node n) const { return n != kNoNode && n < n_arcs; }

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

  // Steps onto `cell`, whose face's first tile led to `node`: `number` is
  // the word number of the prefix so far, a word when `accepts`.
  void Enter(int cell, Node node, std::uint32_t number, bool accepts, std::uint64_t used, int len) {
    const Cube& cube = s.cubes_[cell];
    if constexpr (kCollect) s.path_[len] = cube.tiles[0];
    ++len;
    for (int i = 1; i < cube.size; ++i) {  // the Qu face: the rest of its tiles
      if (!Valid(node)) return;
      const W* p = arcs + node;
      while (C::tile(*p) != cube.tiles[i]) {
        if (C::last(*p)) return;
        ++p;
      }
      number += (accepts ? 1 : 0) + later[p - arcs];
      accepts = C::accepts(*p);
      node = C::target(*p);
      if constexpr (kCollect) s.path_[len] = cube.tiles[i];
      ++len;
    }
    used |= std::uint64_t(1) << cell;
    if (accepts && len >= s.min_len_) Found(number, len, used);
    if (Valid(node)) Visit(cell, node, number + (accepts ? 1 : 0), used, len);
  }

  void Visit(int cell, Node node, std::uint32_t base, std::uint64_t used, int len) {
    const std::uint64_t free = s.neighbours_[cell] & ~used;
    if (free == 0) return;
    std::uint64_t want = 0;  // kSmallAlphabet: the first tiles the free neighbours show
    if constexpr (kSmallAlphabet)
      for (std::uint64_t m = free; m; m &= m - 1) want |= s.tile_bit_[__builtin_ctzll(m)];
    for (const W* p = arcs + node;; ++p) {
      const W w = *p;
      const Tile t = C::tile(w);
      if (!kSmallAlphabet || (t < 64 && ((want >> t) & 1))) {
        std::uint64_t m = s.cells_with_[t] & free;
        if (m) {
          const std::uint32_t number = base + later[p - arcs];
          const bool accepts = C::accepts(w);
          const Node child = C::target(w);
          for (; m; m &= m - 1) Enter(__builtin_ctzll(m), child, number, accepts, used, len);
        }
        if constexpr (kSmallAlphabet) {
          want &= ~(std::uint64_t(1) << t);
          if (want == 0) return;
        }
      }
      if (C::last(w)) return;
    }
  }

  void Run() {
    const int n = s.rows_ * s.cols_;
    const auto& first = s.tables_->first;
    for (int cell = 0; cell < n; ++cell) {
      const Tables::First& f = first[s.cubes_[cell].tiles[0]];
      if (f.present) Enter(cell, f.node, f.later, f.accepts, 0, 0);
    }
  }
};

namespace {

template <class C>
Status BuildTables(const Lexicon& lex, const GraphView<C>& g, Solver::Tables* tb) {
  tb->arcs = g.arcs();
  tb->arc_count = g.arc_count();
  tb->width = C::kWidth;
  tb->small_alphabet = lex.alphabet().size() < 64;
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
  LEXC_RETURN_IF_ERROR(CountWords<C>(g.arcs(), g.arc_count(), starts, &tb->later, &counts));
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
  LEXC_RETURN_IF_ERROR(graph.Dispatch([&](const auto& g) { return BuildTables(lex, g, tables.get()); }));
  Solver s;
  s.tables_ = std::move(tables);
  s.min_len_ = options.min_len;
  for (int len = 0; len <= kMaxWordTiles; ++len) s.points_[len] = len >= s.min_len_ ? PointsForLength(len) : 0;
  s.stamp_.assign(s.tables_->words, 0);
  return s;
}

std::uint32_t Solver::lexicon_words() const { return tables_ ? tables_->words : 0; }

void Solver::SetBoard(const Board& board) {
  if (board.rows != rows_ || board.cols != cols_) {
    rows_ = board.rows;
    cols_ = board.cols;
    for (int r = 0; r < rows_; ++r)
      for (int c = 0; c < cols_; ++c) {
        std::uint64_t m = 0;
        for (int dr = -1; dr <= 1; ++dr)
          for (int dc = -1; dc <= 1; ++dc) {
            const int rr = r + dr, cc = c + dc;
            if ((dr || dc) && rr >= 0 && rr < rows_ && cc >= 0 && cc < cols_) m |= std::uint64_t(1) << (rr * cols_ + cc);
          }
        neighbours_[r * cols_ + c] = m;
      }
  }
  for (int i = 0; i < kMaxCells; ++i) cells_with_[cubes_[i].tiles[0]] = 0;  // the last board's tiles
  const int n = board.cells();
  for (int i = 0; i < kMaxCells; ++i) cubes_[i] = i < n ? board.cubes[std::size_t(i)] : Cube{};
  for (int i = 0; i < n; ++i) {
    const Tile t = cubes_[i].tiles[0];
    cells_with_[t] |= std::uint64_t(1) << i;
    tile_bit_[i] = t < 64 ? std::uint64_t(1) << t : 0;
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
  if (!tables_) return 0;
  SetBoard(board);
  const Tables& tb = *tables_;
  const auto go = [&](auto codec, auto small) {
    using C = decltype(codec);
    Walk<C, decltype(small)::value, kCollect> walk{*this, static_cast<const typename C::Word*>(tb.arcs), tb.arc_count,
                                                   tb.later.data(), tb.words};
    walk.Run();
  };
  if (tb.width == 4) {
    if (tb.small_alphabet)
      go(Arc32{}, std::true_type{});
    else
      go(Arc32{}, std::false_type{});
  } else {
    if (tb.small_alphabet)
      go(Arc64{}, std::true_type{});
    else
      go(Arc64{}, std::false_type{});
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
