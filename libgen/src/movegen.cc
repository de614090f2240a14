// Move generation: the board analysis (anchors, cross-check sets, cross
// sums) kept per direction in line order, and the two traversals.
//
// Every square is stored twice, once in an across array (line = row) and once
// in a down array (line = column), so both directions walk contiguous memory
// and share one code path. A traversal is templated on the graph view (arc
// width fixed at compile time) and on a sink (what to do with a found play),
// so the hot loop has no virtual calls and no per-play allocation.
#include "lexc/gen/movegen.h"

#include "bingo_index.h"

#include <algorithm>
#include <cstring>
#include <functional>
#include <limits>

namespace lexc::gen {
namespace {

constexpr std::uint8_t kAnchor = 1;
constexpr std::uint8_t kHasCross = 2;

// One square as seen by plays along one direction.
struct Sq {
  std::uint64_t cross = 0;  // tiles allowed here (bit t); empty squares only
  std::int32_t xsum = 0;    // face values of the perpendicular word's tiles
  std::int32_t face = 0;    // face value of the tile on the square
  Cell cell = kEmpty;
  std::uint8_t lm = 1, wm = 1;
  std::uint8_t flags = 0;   // kAnchor, kHasCross
};

// Score of the tiles placed so far, kept along the traversal.
struct Acc {
  int main = 0;    // main word: new tiles x letter premium, board tiles at face
  int wm = 1;      // product of the word premiums under new tiles
  int cross = 0;   // cross words, complete
  int placed = 0;  // tiles from the rack
};

// The arc codec (Arc32 or Arc64) of a typed graph view.
template <class C>
C CodecOf(const GraphView<C>&);

inline Acc Place(Acc a, const Sq& s, int value) {
  const int v = value * s.lm;
  a.main += v;
  a.wm *= s.wm;
  if (s.flags & kHasCross) a.cross += (s.xsum + v) * s.wm;
  ++a.placed;
  return a;
}

}  // namespace

const char* AlgorithmName(Algorithm a) { return a == Algorithm::kDawg ? "dawg" : "gaddag"; }

struct MoveGenerator::Impl {
  const Lexicon* lex = nullptr;
  const Layout* layout = nullptr;
  int bingo = kDefaultBingoBonus;
  int values[kMaxGenTile + 1] = {};
  int blank_value = 0;
  std::uint64_t all_tiles = 0;  // bits 1..alphabet size
  Board board;
  bool board_empty = true;
  std::vector<Sq> squares[2];  // [dir][line * line_len + pos]
  int lines[2] = {0, 0}, line_len[2] = {0, 0};

  // ---- traversal state ----
  const Sq* line_ = nullptr;
  int n_ = 0, line_index_ = 0, anchor_ = 0;
  Dir dir_ = Dir::kAcross;
  // Gordon's leftward walk covers anchor_..right_end_: the anchor, or the
  // anchor and the board run right after it (GaddagRun).
  int right_end_ = 0;
  bool right_free_ = false;  // the square after right_end_ is empty or off the board
  bool right_open_ = false;  // a word may continue there: a board tile, or a square some tile fits
  bool stop_ = false;
  std::uint64_t found_ = 0;
  std::uint8_t counts_[kMaxGenTile + 1] = {};
  int blanks_ = 0, tiles_left_ = 0;
  std::uint8_t rack_counts_[kMaxGenTile + 1] = {};  // the whole rack, for Record()
  int rack_blanks_ = 0;
  std::uint64_t rack_mask_ = 0;
  Cell word_[kMaxBoardDim] = {};  // new tiles by line position
  Cell left_[kMaxBoardDim] = {};  // DAWG left part, in order
  Play scratch_;

  Sq& At(Dir d, int row, int col) {
    return d == Dir::kAcross ? squares[0][std::size_t(row * line_len[0] + col)]
                             : squares[1][std::size_t(col * line_len[1] + row)];
  }
  const Sq& At(Dir d, int row, int col) const { return const_cast<Impl*>(this)->At(d, row, col); }
  int ValueOf(Cell c) const { return CellIsBlank(c) ? blank_value : values[CellTile(c)]; }

  // ---- analysis ----

  // Cross-check set of the word U L D (U the tiles before the square in the
  // perpendicular direction, D those after): DAWG walks U, branches on L,
  // walks D; GADDAG walks rev(D), branches on L, walks rev(U) (rev(w) paths).
  template <class G>
  std::uint64_t CrossSetOf(const G& g, bool reversed, const Tile* u, int nu, const Tile* d, int nd) const {
    const Tile* first = reversed ? d : u;
    const Tile* second = reversed ? u : d;
    const int n1 = reversed ? nd : nu, n2 = reversed ? nu : nd;
    Node node = g.root();
    bool acc = false;
    for (int i = 0; i < n1; ++i)
      if (!g.Child(node, first[reversed ? n1 - 1 - i : i], &node, &acc)) return 0;
    std::uint64_t set = 0;
    g.ForEachArc(node, [&](Tile t, bool accepts, Node child) {
      if (t == kSeparator || t > kMaxGenTile) return true;
      bool ok = true, last = accepts;  // with nothing after L, L's arc ends the word
      for (int i = 0; i < n2 && ok; ++i) ok = g.Child(child, second[reversed ? n2 - 1 - i : i], &child, &last);
      if (ok && last) set |= std::uint64_t(1) << t;
      return true;
    });
    return set & all_tiles;
  }

  // Cross data of the empty square (row, col) for plays along d.
  template <class G>
  void CrossOf(const G& g, bool reversed, Dir d, int row, int col, std::uint64_t* set, int* sum, bool* has) const {
    const int dr = d == Dir::kAcross ? 1 : 0, dc = 1 - dr;  // perpendicular step
    Tile u[kMaxBoardDim], dn[kMaxBoardDim];
    int nu = 0, nd = 0;
    *sum = 0;
    int r = row - dr, c = col - dc;
    while (board.InRange(r, c) && board.at(r, c) != kEmpty) r -= dr, c -= dc;
    for (r += dr, c += dc; r != row || c != col; r += dr, c += dc) {
      u[nu++] = CellTile(board.at(r, c));
      *sum += ValueOf(board.at(r, c));
    }
    for (r = row + dr, c = col + dc; board.InRange(r, c) && board.at(r, c) != kEmpty; r += dr, c += dc) {
      dn[nd++] = CellTile(board.at(r, c));
      *sum += ValueOf(board.at(r, c));
    }
    *has = nu + nd > 0;
    *set = *has ? CrossSetOf(g, reversed, u, nu, dn, nd) : all_tiles;
  }

  template <class G>
  void ComputeCross(const G& g, bool reversed, Dir d, int row, int col) {
    Sq& s = At(d, row, col);
    if (s.cell != kEmpty) return;
    bool has = false;
    CrossOf(g, reversed, d, row, col, &s.cross, &s.xsum, &has);
    s.flags = static_cast<std::uint8_t>(has ? (s.flags | kHasCross) : (s.flags & ~kHasCross));
  }

  bool ComputeAnchor(int row, int col) const {
    if (board.at(row, col) != kEmpty) return false;
    if (board_empty) return row == layout->start_row() && col == layout->start_col();
    static constexpr int kSteps[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
    for (const auto& s : kSteps)
      if (board.InRange(row + s[0], col + s[1]) && board.at(row + s[0], col + s[1]) != kEmpty) return true;
    return false;
  }

  void SetAnchor(int row, int col) {
    const bool a = ComputeAnchor(row, col);
    for (Dir d : {Dir::kAcross, Dir::kDown}) {
      Sq& s = At(d, row, col);
      s.flags = static_cast<std::uint8_t>(a ? (s.flags | kAnchor) : (s.flags & ~kAnchor));
    }
  }

  void SetCell(int row, int col, Cell c) {
    for (Dir d : {Dir::kAcross, Dir::kDown}) {
      Sq& s = At(d, row, col);
      s.cell = c;
      s.face = c == kEmpty ? 0 : ValueOf(c);
      if (c != kEmpty) s.cross = 0, s.xsum = 0, s.flags = 0;
    }
  }

  // The graph cross-checks are computed with: the DAWG if present.
  template <class F>
  void WithCrossGraph(F&& f) {
    const bool reversed = !lex->has_dawg();
    (reversed ? lex->gaddag() : lex->dawg()).Dispatch([&](const auto& g) { f(g, reversed); });
  }

  void Analyze() {
    board_empty = board.IsEmpty();
    for (int r = 0; r < board.rows(); ++r)
      for (int c = 0; c < board.cols(); ++c) SetCell(r, c, board.at(r, c));
    WithCrossGraph([&](const auto& g, bool reversed) {
      for (int r = 0; r < board.rows(); ++r) {
        for (int c = 0; c < board.cols(); ++c) {
          ComputeCross(g, reversed, Dir::kAcross, r, c);
          ComputeCross(g, reversed, Dir::kDown, r, c);
          SetAnchor(r, c);
        }
      }
    });
  }

  // After new tiles: a square's cross data depends on the runs of tiles next
  // to it, so only the empty squares ending a run that holds a new tile can
  // change, and only squares next to a new tile can become anchors.
  void Update(const Play& p) {
    const bool was_empty = board_empty;
    board_empty = false;
    if (was_empty) SetAnchor(layout->start_row(), layout->start_col());
    for (int i = 0; i < p.length; ++i)
      if (!p.IsThrough(i)) SetCell(p.RowAt(i), p.ColAt(i), p.cells[i]);
    WithCrossGraph([&](const auto& g, bool reversed) {
      for (int i = 0; i < p.length; ++i) {
        if (p.IsThrough(i)) continue;
        const int row = p.RowAt(i), col = p.ColAt(i);
        // Run ends along the row: down plays there see the row's word; along
        // the column: across plays see the column's word.
        for (const Dir d : {Dir::kAcross, Dir::kDown}) {
          const int dr = d == Dir::kAcross ? 1 : 0, dc = 1 - dr;
          for (const int sign : {-1, 1}) {
            int r = row, c = col;
            while (board.InRange(r, c) && board.at(r, c) != kEmpty) r += sign * dr, c += sign * dc;
            if (board.InRange(r, c)) {
              ComputeCross(g, reversed, d, r, c);
              SetAnchor(r, c);
            }
          }
        }
        SetAnchor(row, col);
      }
    });
  }

  // ---- traversal ----

  void LoadRack(const Rack& rack) {
    blanks_ = rack_blanks_ = rack.blanks();
    tiles_left_ = rack.size();
    rack_mask_ = 0;
    for (int t = 0; t <= kMaxGenTile; ++t) {
      counts_[t] = rack_counts_[t] = static_cast<std::uint8_t>(rack.count(static_cast<Tile>(t)));
      if (counts_[t] && t) rack_mask_ |= std::uint64_t(1) << t;
    }
    rack_mask_ &= all_tiles;
    stop_ = false;
    found_ = 0;
  }

  // Calls f(cell, value, child, accepts) for each tile of `node`'s arcs in
  // `allowed` that the rack can supply, with the tile taken off the rack
  // during the call.
  template <class G, class F>
  void ForEachPlacement(const G& g, Node node, std::uint64_t allowed, F&& f) {
    // First collect the usable arcs without data-dependent branches, then
    // recurse: the arc scan's test is unpredictable, the second loop is not.
    // The scan keeps raw arc words (one store per arc) and decodes only the
    // hits. A letter is placed once, from the rack if it holds one, else as a
    // blank; Record() enumerates the other ways to supply the word's letters.
    using C = decltype(CodecOf(g));
    using Word = typename C::Word;
    if (!allowed || node == kNoNode || node >= g.arc_count()) return;
    Word hits[kMaxGenTile + 1];
    int n = 0;
    const unsigned last = 63u - static_cast<unsigned>(__builtin_clzll(allowed));  // arcs come in tile order
    for (const Word* p = g.arcs() + node;; ++p) {
      const Word w = *p;
      const unsigned t = C::tile(w);
      hits[n] = w;
      n += static_cast<int>(t <= kMaxGenTile ? (allowed >> t) & 1u : 0u);
      // Tiles strictly increase on a verified image; n stays in range anyway.
      if (t >= last || C::last(w) || n > kMaxGenTile) break;
    }
    // The children are visited next, one subtree each: start loading all of
    // them now so their cache misses overlap.
    for (int i = 0; i < n; ++i) g.Prefetch(C::target(hits[i]));
    for (int i = 0; i < n && !stop_; ++i) {
      const Word w = hits[i];
      const Tile t = C::tile(w);
      const Node child = C::target(w);
      const bool accepts = C::accepts(w);
      --tiles_left_;
      if (counts_[t]) {
        const std::uint64_t bit = std::uint64_t(1) << t;
        if (--counts_[t] == 0) rack_mask_ &= ~bit;
        f(static_cast<Cell>(t), values[t], child, accepts);
        if (counts_[t]++ == 0) rack_mask_ |= bit;
      } else {
        --blanks_;
        f(MakeCell(t, true), blank_value, child, accepts);
        ++blanks_;
      }
      ++tiles_left_;
    }
  }

  std::uint64_t Allowed(const Sq& s) const { return s.cross & (blanks_ ? all_tiles : rack_mask_); }

  template <class S>
  void Record(S& sink, int left, int right, const Acc& a) {
    if (dir_ == Dir::kDown && a.placed == 1) {
      // A lone tile that also forms an across word is reported across.
      int p = left;
      while (line_[p].cell != kEmpty) ++p;
      if (line_[p].flags & kHasCross) return;
    }
    const int score = a.main * a.wm + a.cross + (a.placed == kRackSize ? bingo : 0);
    if (rack_blanks_ == 0) {
      ++found_;
      if (!sink.Take(*this, left, right, a.placed, score)) stop_ = true;
      return;
    }
    // The traversal supplied each letter from the rack when it could, else
    // from a blank. Every other way to supply the same letters is another
    // play: enumerate them all, each new tile real or blank as the rack allows.
    struct Slot {
      int pos, weight, value;
    };
    Slot slots[kRackSize * 4 + kMaxBoardDim];
    int n = 0, all_real = score;
    for (int p = left; p <= right; ++p) {
      if (line_[p].cell != kEmpty) continue;
      const Sq& s = line_[p];
      const Tile t = CellTile(word_[p]);
      const int weight = s.lm * a.wm + ((s.flags & kHasCross) ? s.lm * s.wm : 0);
      slots[n++] = {p, weight, values[t]};
      if (CellIsBlank(word_[p])) all_real += (values[t] - blank_value) * weight;
    }
    std::uint8_t real_left[kMaxGenTile + 1];
    std::memcpy(real_left, rack_counts_, sizeof real_left);
    int blanks_left = rack_blanks_;
    const auto assign = [&](const auto& self, int i, int sc) -> void {
      if (stop_) return;
      if (i == n) {
        ++found_;
        if (!sink.Take(*this, left, right, a.placed, sc)) stop_ = true;
        return;
      }
      Cell& cell = word_[slots[i].pos];
      const Tile t = CellTile(cell);
      if (real_left[t]) {
        --real_left[t];
        cell = static_cast<Cell>(t);
        self(self, i + 1, sc);
        ++real_left[t];
      }
      if (blanks_left) {
        --blanks_left;
        cell = MakeCell(t, true);
        self(self, i + 1, sc + (blank_value - slots[i].value) * slots[i].weight);
        ++blanks_left;
      }
    };
    Cell saved[kMaxBoardDim];
    for (int i = 0; i < n; ++i) saved[i] = word_[slots[i].pos];
    assign(assign, 0, all_real);
    for (int i = 0; i < n; ++i) word_[slots[i].pos] = saved[i];
  }

  void Materialize(Play* p, int left, int right, int placed, int score) const {
    p->dir = dir_;
    p->row = static_cast<std::uint8_t>(dir_ == Dir::kAcross ? line_index_ : left);
    p->col = static_cast<std::uint8_t>(dir_ == Dir::kAcross ? left : line_index_);
    p->length = static_cast<std::uint8_t>(right - left + 1);
    p->placed = static_cast<std::uint8_t>(placed);
    p->score = score;
    p->through = 0;
    for (int i = 0; i < p->length; ++i) {
      const Cell on = line_[left + i].cell;
      p->cells[i] = on != kEmpty ? on : word_[left + i];
      if (on != kEmpty) p->through |= 1u << i;
    }
    std::memset(p->cells + p->length, 0, sizeof p->cells - p->length);
  }

  // Steps onto square `pos` from `node`: through the board tile on it, or
  // with each rack tile (and blank) the graph and the cross-check allow.
  // Calls step(child, accepts, score so far).
  template <class G, class F>
  void OnSquare(const G& g, int pos, Node node, Acc a, F&& step) {
    const Sq& s = line_[pos];
    if (s.cell != kEmpty) {
      Node child;
      bool accepts;
      if (!g.Child(node, CellTile(s.cell), &child, &accepts)) return;
      a.main += s.face;
      step(child, accepts, a);
      return;
    }
    const std::uint64_t allowed = Allowed(s);
    if (!allowed) return;
    ForEachPlacement(g, node, allowed, [&](Cell code, int value, Node child, bool accepts) {
      word_[pos] = code;
      step(child, accepts, Place(a, s, value));
    });
  }

  // Rightward from `pos` (the anchor for Appel-Jacobson; the square after it
  // for Gordon, past the separator). The word starts at `left`.
  template <class G, class S>
  void ExtendRight(const G& g, S& sink, int pos, Node node, int left, const Acc& a) {
    OnSquare(g, pos, node, a, [&](Node child, bool accepts, const Acc& b) {
      RightStep(g, sink, pos, child, accepts, left, b);
    });
  }

  template <class G, class S>
  void RightStep(const G& g, S& sink, int pos, Node child, bool accepts, int left, const Acc& a) {
    const bool next_free = pos + 1 == n_ || line_[pos + 1].cell == kEmpty;
    if (accepts && next_free && pos > left) Record(sink, left, pos, a);
    if (child != kNoNode && pos + 1 < n_ && (!next_free || tiles_left_ > 0))
      ExtendRight(g, sink, pos + 1, child, left, a);
  }

  // ---- Gordon (GADDAG) ----

  // Leftwards from the anchor: the path so far spells rev(squares pos..anchor).
  template <class G, class S>
  void GaddagLeft(const G& g, S& sink, int pos, Node node, const Acc& a) {
    OnSquare(g, pos, node, a, [&](Node child, bool accepts, const Acc& b) {
      LeftStep(g, sink, pos, child, accepts, b);
    });
  }

  template <class G, class S>
  void LeftStep(const G& g, S& sink, int pos, Node child, bool accepts, const Acc& a) {
    const bool left_free = pos == 0 || line_[pos - 1].cell == kEmpty;
    // rev(w) accepted: the word ends at the anchor.
    if (accepts && left_free && right_free_ && pos < right_end_) Record(sink, pos, right_end_, a);
    if (child == kNoNode) return;
    // Further left: through board tiles, or rack tiles on free squares short
    // of the previous anchor (plays covering it are generated from it).
    if (pos > 0) {
      const Sq& l = line_[pos - 1];
      if ((l.cell != kEmpty || (!(l.flags & kAnchor) && tiles_left_ > 0)) && WorthLeftOf(sink, pos))
        GaddagLeft(g, sink, pos - 1, child, a);
    }
    // Turn right through the separator.
    if (left_free && right_open_ && WorthStart(sink, pos)) {
      Node sep;
      bool unused;
      if (g.Child(child, kSeparator, &sep, &unused)) ExtendRight(g, sink, right_end_ + 1, sep, pos, a);
    }
  }

  // An anchor right after a board run: every play of it is the run followed
  // by new tiles from the anchor rightwards (the square before the run, if
  // empty, is an anchor of its own). Walk rev(run) + separator once and
  // extend right, rather than walking the run again after each tile the
  // anchor can take.
  template <class G, class S>
  void GaddagHook(const G& g, S& sink) {
    int start = anchor_ - 1;
    while (start > 0 && line_[start - 1].cell != kEmpty) --start;
    Node node = g.root();
    bool accepts;
    Acc acc;
    for (int p = anchor_ - 1; p >= start; --p) {
      if (!g.Child(node, CellTile(line_[p].cell), &node, &accepts)) return;
      acc.main += line_[p].face;
    }
    if (!g.Child(node, kSeparator, &node, &accepts)) return;
    ExtendRight(g, sink, anchor_, node, start, acc);
  }

  // An anchor right before a board run (and none before it): every play of
  // it covers the run. Walk rev(run) once, then leftwards from the anchor as
  // usual, turning through the separator after the run, rather than walking
  // the run again after the separator for every leftward path.
  template <class G, class S>
  void GaddagRun(const G& g, S& sink) {
    int end = anchor_ + 1;
    while (end + 1 < n_ && line_[end + 1].cell != kEmpty) ++end;
    Node node = g.root();
    bool accepts;
    Acc acc;
    for (int p = end; p > anchor_; --p) {
      if (!g.Child(node, CellTile(line_[p].cell), &node, &accepts)) return;
      acc.main += line_[p].face;
    }
    right_end_ = end;
    right_free_ = true;
    right_open_ = end + 1 < n_ && (line_[end + 1].cross & RackAll()) != 0;
    GaddagLeft(g, sink, anchor_, node, acc);
  }

  // ---- Appel & Jacobson (DAWG) ----

  template <class G, class S>
  void DawgAnchor(const G& g, S& sink) {
    const int a = anchor_;
    if (a > 0 && line_[a - 1].cell != kEmpty) {
      // The left part is the board run touching the anchor.
      int start = a - 1;
      while (start > 0 && line_[start - 1].cell != kEmpty) --start;
      Node node = g.root();
      bool accepts;
      Acc acc;
      for (int p = start; p < a; ++p) {
        if (!g.Child(node, CellTile(line_[p].cell), &node, &accepts)) return;
        acc.main += line_[p].face;
      }
      ExtendRight(g, sink, a, node, start, acc);
      return;
    }
    // Rack tiles on the free squares left of the anchor, up to the previous
    // anchor; none of them touches a tile, so no cross-checks apply.
    int limit = 0;
    while (a - limit - 1 >= 0 && line_[a - limit - 1].cell == kEmpty && !(line_[a - limit - 1].flags & kAnchor)) ++limit;
    LeftPart(g, sink, g.root(), 0, std::min(limit, tiles_left_ - 1));
  }

  template <class G, class S>
  void LeftPart(const G& g, S& sink, Node node, int k, int limit) {
    Acc acc;
    for (int i = 0; i < k; ++i) {
      const int pos = anchor_ - k + i;
      word_[pos] = left_[i];
      acc = Place(acc, line_[pos], ValueOf(left_[i]));
    }
    if (WorthStart(sink, anchor_ - k)) ExtendRight(g, sink, anchor_, node, anchor_ - k, acc);
    if (k == limit || stop_ || !WorthLeftOf(sink, anchor_ - k)) return;
    ForEachPlacement(g, node, blanks_ ? all_tiles : rack_mask_, [&](Cell code, int, Node child, bool) {
      if (child == kNoNode) return;
      left_[k] = code;
      LeftPart(g, sink, child, k + 1, limit);
    });
  }

  // Best-first pruning inside an anchor (sinks with kPrune): plays whose
  // first square is `start` are worth generating only when that start's bound
  // (AnchorBound, computed for the anchor just entered) reaches the score a
  // play must now reach, sink.Floor(); equal scores are kept for tie-breaks.
  template <class S>
  bool WorthStart(const S& sink, int start) const {
    if constexpr (S::kPrune) return start_bound_[start] >= sink.Floor();
    else return true;
  }
  // Whether any play starting left of `pos` is worth generating.
  template <class S>
  bool WorthLeftOf(const S& sink, int pos) const {
    if constexpr (S::kPrune) return pos > first_start_ && left_bound_[pos - 1] >= sink.Floor();
    else return true;
  }

  // Sets up the traversal state for one anchor.
  void EnterAnchor(Dir d, int line, int pos, std::uint64_t rack_all) {
    dir_ = d;
    const int di = static_cast<int>(d);
    n_ = line_len[di];
    line_index_ = line;
    line_ = &squares[di][std::size_t(line * n_)];
    anchor_ = pos;
    right_end_ = pos;
    right_free_ = pos + 1 == n_ || line_[pos + 1].cell == kEmpty;
    right_open_ = pos + 1 < n_ && (!right_free_ || (line_[pos + 1].cross & rack_all) != 0);
  }

  template <class G, class S>
  void GenerateAt(const G& g, S& sink, Algorithm alg) {
    if (alg != Algorithm::kGaddag) DawgAnchor(g, sink);
    else if (anchor_ > 0 && line_[anchor_ - 1].cell != kEmpty) GaddagHook(g, sink);
    else if (!right_free_) GaddagRun(g, sink);
    else GaddagLeft(g, sink, anchor_, g.root(), Acc());
  }

  // Tiles the rack could put anywhere (blanks: any).
  std::uint64_t RackAll() const { return blanks_ ? all_tiles : rack_mask_; }

  // Every play: every anchor of every line, both directions.
  template <class S>
  std::uint64_t Run(Algorithm alg, const Rack& rack, S& sink) {
    LoadRack(rack);
    if (tiles_left_ == 0) return 0;
    const Graph& graph = alg == Algorithm::kGaddag ? lex->gaddag() : lex->dawg();
    if (!graph.valid()) return 0;
    const std::uint64_t rack_all = RackAll();
    graph.Dispatch([&](const auto& g) {
      for (const Dir d : {Dir::kAcross, Dir::kDown}) {
        const int di = static_cast<int>(d);
        for (int line = 0; line < lines[di] && !stop_; ++line) {
          const Sq* sq = &squares[di][std::size_t(line * line_len[di])];
          for (int pos = 0; pos < line_len[di] && !stop_; ++pos) {
            if (!(sq[pos].flags & kAnchor)) continue;
            EnterAnchor(d, line, pos, rack_all);
            GenerateAt(g, sink, alg);
          }
        }
      }
    });
    return found_;
  }

  // ---- best-first search for the best plays ----
  //
  // An upper bound of the score of every play generated from an anchor (the
  // plays whose leftmost anchor it is), from the board alone: for each first
  // square the word may start on, the longest span the rack can fill (a
  // longer span never scores less: every term is non-negative), with the
  // rack's values paired to the squares' multipliers in decreasing order
  // (rearrangement inequality), and also each square given the best value
  // the rack has among the tiles its cross-check allows; the smaller of the
  // two. The bingo bonus counts when the span takes kRackSize tiles; when
  // the bingo index rules out a word of the span's tiles and the whole rack,
  // the span is cut to fewer tiles instead. Anchors
  // are then searched by decreasing bound until the bound falls below the
  // score a play must beat.

  struct AnchorRef {
    int bound;
    Dir dir;
    std::uint8_t line, pos;
    std::uint8_t first;  // first_start_
    std::int32_t saved;  // start_bound_[first..pos] at saved_bounds_[saved], or -1: recompute
  };
  std::vector<AnchorRef> anchors_;  // capacity reserved at Create
  // The per-start bounds of the anchors, kept from the bounding pass for the
  // search; sized at Create for full racks (no allocation while generating).
  std::vector<int> saved_bounds_;
  std::size_t n_saved_ = 0;

  void SaveStarts(AnchorRef* ar) {
    const std::size_t need = std::size_t(anchor_ - first_start_ + 1);
    ar->first = static_cast<std::uint8_t>(first_start_);
    ar->saved = -1;
    if (n_saved_ + need > saved_bounds_.size()) return;
    ar->saved = static_cast<std::int32_t>(n_saved_);
    std::copy(start_bound_ + first_start_, start_bound_ + anchor_ + 1, saved_bounds_.begin() + std::ptrdiff_t(n_saved_));
    n_saved_ += need;
  }
  // Restores what AnchorBound() computes for the anchor just entered.
  void RestoreStarts(const AnchorRef& ar) {
    if (ar.saved < 0) {
      AnchorBound();
      return;
    }
    first_start_ = ar.first;
    const int* saved = saved_bounds_.data() + ar.saved;
    for (int p = first_start_, m = -1; p <= anchor_; ++p) {
      start_bound_[p] = *saved++;
      left_bound_[p] = m = std::max(m, start_bound_[p]);
    }
  }
  std::shared_ptr<const internal::BingoIndex> bingo_index_;  // fetched on first use
  int rack_values_[kMaxBoardDim] = {};  // the rack's best values, decreasing
  Tile rack_by_value_[kMaxGenTile + 1] = {};  // the rack's distinct tiles, by decreasing value
  int rack_distinct_ = 0;

  void SortRackValues() {
    int n = 0;
    rack_distinct_ = 0;
    for (int t = 1; t <= kMaxGenTile; ++t) {
      if (!counts_[t]) continue;
      rack_by_value_[rack_distinct_++] = static_cast<Tile>(t);
      for (int i = 0; i < counts_[t] && n < kMaxBoardDim; ++i) rack_values_[n++] = values[t];
    }
    for (int i = 0; i < blanks_ && n < kMaxBoardDim; ++i) rack_values_[n++] = blank_value;
    std::sort(rack_values_, rack_values_ + n, std::greater<int>());
    std::sort(rack_by_value_, rack_by_value_ + rack_distinct_,
              [&](Tile x, Tile y) { return values[x] > values[y]; });
  }

  // The best value the rack can put on a square allowing `allowed`.
  int BestValue(std::uint64_t allowed) const {
    int best = blanks_ ? blank_value : -1;
    for (int i = 0; i < rack_distinct_; ++i) {
      if ((allowed >> rack_by_value_[i]) & 1u) return std::max(best, values[rack_by_value_[i]]);
    }
    return best;
  }

  // Upper bound for the anchor entered last; -1 when no play can start there.
  int AnchorBound() {
    const int a = anchor_;
    int first = a, last = a;  // the word's possible first squares
    if (a > 0 && line_[a - 1].cell != kEmpty) {
      first = last = a - 1;
      while (first > 0 && line_[first - 1].cell != kEmpty) --first;
      last = first;
    } else {
      int free = 0;
      while (a - free - 1 >= 0 && line_[a - free - 1].cell == kEmpty && !(line_[a - free - 1].flags & kAnchor)) ++free;
      first = a - std::min(free, tiles_left_ - 1);
    }
    const std::uint64_t rack_all = RackAll();
    int best = -1;
    first_start_ = first;
    for (int p = first; p <= a; ++p) start_bound_[p] = -1;
    for (int start = first; start <= last; ++start) {
      int k = 0, wm = 1, through = 0, cross = 0;
      int lm[kMaxBoardDim], cw[kMaxBoardDim], cap[kMaxBoardDim];
      // The longest span ending where a word may end, overall and with
      // fewer than kRackSize new tiles (used when no bingo can fit).
      struct End {
        int k = -1, wm = 1, through = 0, cross = 0;
        std::uint64_t key = 0;
      } end, short_end;
      std::uint64_t key = 0;
      for (int p = start; p < n_; ++p) {
        const Sq& s = line_[p];
        if (s.cell != kEmpty) {
          through += s.face;
          key += internal::BingoIndex::Key(CellTile(s.cell));
        } else {
          const std::uint64_t allowed = s.cross & rack_all;
          if (k == tiles_left_ || !allowed) break;
          lm[k] = s.lm;
          cw[k] = (s.flags & kHasCross) ? s.lm * s.wm : 0;
          cap[k] = BestValue(allowed);
          if (s.flags & kHasCross) cross += s.xsum * s.wm;
          wm *= s.wm;
          ++k;
        }
        if (p >= a && p > start && (p + 1 == n_ || line_[p + 1].cell == kEmpty)) {
          end = {k, wm, through, cross, key};
          if (k < kRackSize) short_end = end;
        }
      }
      if (end.k == kRackSize && tiles_left_ == kRackSize && !MaybeBingo(end.key)) end = short_end;
      if (end.k < 1) continue;
      int e[kMaxBoardDim];
      int capped = 0;
      for (int i = 0; i < end.k; ++i) {
        e[i] = lm[i] * end.wm + cw[i];
        capped += e[i] * cap[i];
      }
      std::sort(e, e + end.k, std::greater<int>());
      int paired = 0;
      for (int i = 0; i < end.k; ++i) paired += e[i] * rack_values_[i];
      const int bound =
          end.wm * end.through + end.cross + std::min(paired, capped) + (end.k == kRackSize ? bingo : 0);
      best = std::max(best, bound);
      start_bound_[start] = bound;
    }
    for (int p = first, m = -1; p <= a; ++p) left_bound_[p] = m = std::max(m, start_bound_[p]);
    return best;
  }
  // Per first square of the anchor's plays (first_start_..anchor_): the
  // bound of the plays starting there (-1: none), and its running maximum.
  int start_bound_[kMaxBoardDim] = {};
  int left_bound_[kMaxBoardDim] = {};
  int first_start_ = 0;

  // Whether the board tiles of a span holding kRackSize empty squares,
  // with the whole rack, may spell a word (a blank standing for any tile).
  // False proves no bingo fits the span. Racks with two blanks or more are
  // not worth proving (always true). Answers are memoized per search.
  bool MaybeBingo(std::uint64_t through_key) {
    if (rack_blanks_ > 1) return true;
    const std::uint64_t key = rack_key_ + through_key;
    for (int i = 0; i < n_keys_; ++i)
      if (keys_[i].key == key) return keys_[i].maybe;
    if (!bingo_index_) bingo_index_ = internal::BingoIndex::For(*lex);
    bool maybe = false;
    if (rack_blanks_ == 0) {
      maybe = bingo_index_->MaybeWord(key);
    } else {
      for (std::uint64_t t = all_tiles; t && !maybe; t &= t - 1)
        maybe = bingo_index_->MaybeWord(key + internal::BingoIndex::Key(static_cast<Tile>(__builtin_ctzll(t))));
    }
    if (n_keys_ < kMaxKeys) keys_[n_keys_++] = {key, maybe};
    return maybe;
  }
  struct KeyAnswer {
    std::uint64_t key;
    bool maybe;
  };
  static constexpr int kMaxKeys = 64;
  KeyAnswer keys_[kMaxKeys];
  int n_keys_ = 0;
  std::uint64_t rack_key_ = 0;

  // Generates anchors by decreasing bound while `sink.Floor()` (the score a
  // play must reach to matter) does not exceed the bound.
  template <class S>
  std::uint64_t RunBestFirst(Algorithm alg, const Rack& rack, S& sink) {
    LoadRack(rack);
    if (tiles_left_ == 0) return 0;
    const Graph& graph = alg == Algorithm::kGaddag ? lex->gaddag() : lex->dawg();
    if (!graph.valid()) return 0;
    SortRackValues();
    n_keys_ = 0;
    rack_key_ = 0;
    for (int t = 1; t <= kMaxGenTile; ++t) rack_key_ += counts_[t] * internal::BingoIndex::Key(static_cast<Tile>(t));
    const std::uint64_t rack_all = RackAll();
    anchors_.clear();
    n_saved_ = 0;
    for (const Dir d : {Dir::kAcross, Dir::kDown}) {
      const int di = static_cast<int>(d);
      for (int line = 0; line < lines[di]; ++line) {
        const Sq* sq = &squares[di][std::size_t(line * line_len[di])];
        for (int pos = 0; pos < line_len[di]; ++pos) {
          if (!(sq[pos].flags & kAnchor)) continue;
          EnterAnchor(d, line, pos, rack_all);
          const int bound = AnchorBound();
          if (bound < 0) continue;
          AnchorRef ar{bound, d, static_cast<std::uint8_t>(line), static_cast<std::uint8_t>(pos), 0, -1};
          SaveStarts(&ar);
          anchors_.push_back(ar);
        }
      }
    }
    std::sort(anchors_.begin(), anchors_.end(), [](const AnchorRef& x, const AnchorRef& y) { return x.bound > y.bound; });
    graph.Dispatch([&](const auto& g) {
      for (const AnchorRef& ar : anchors_) {
        if (stop_ || ar.bound < sink.Floor()) break;
        EnterAnchor(ar.dir, ar.line, ar.pos, rack_all);
        RestoreStarts(ar);  // the per-start bounds of this anchor
        GenerateAt(g, sink, alg);
      }
    });
    return found_;
  }
};

namespace {

// kPrune: the sink keeps only plays scoring at least Floor(), so the search
// may skip what cannot reach it (best-first searches only).
struct CountSink {
  static constexpr bool kPrune = false;
  static int Floor() { return std::numeric_limits<int>::min(); }
  template <class Gen>
  bool Take(const Gen&, int, int, int, int) { return true; }
};

struct CallbackSink {
  static constexpr bool kPrune = false;
  static int Floor() { return std::numeric_limits<int>::min(); }
  PlayCallback cb;
  template <class Gen>
  bool Take(Gen& g, int left, int right, int placed, int score) {
    g.Materialize(&g.scratch_, left, right, placed, score);
    return cb.call(cb.context, g.scratch_);
  }
};

struct BestSink {
  static constexpr bool kPrune = true;
  Play best;
  bool have = false;
  int Floor() const { return have ? best.score : std::numeric_limits<int>::min(); }
  template <class Gen>
  bool Take(const Gen& g, int left, int right, int placed, int score) {
    if (have && score < best.score) return true;
    Play p;
    g.Materialize(&p, left, right, placed, score);
    if (!have || BetterPlay(p, best)) best = p, have = true;
    return true;
  }
};

// A heap of the n best so far; its front is the worst of them.
struct TopSink {
  static constexpr bool kPrune = true;
  std::size_t n;
  std::vector<Play>* heap;
  int Floor() const { return heap->size() == n ? heap->front().score : std::numeric_limits<int>::min(); }
  template <class Gen>
  bool Take(const Gen& g, int left, int right, int placed, int score) {
    if (heap->size() == n && score < heap->front().score) return true;
    Play p;
    g.Materialize(&p, left, right, placed, score);
    if (heap->size() < n) {
      heap->push_back(p);
      std::push_heap(heap->begin(), heap->end(), BetterPlay);
    } else if (BetterPlay(p, heap->front())) {
      std::pop_heap(heap->begin(), heap->end(), BetterPlay);
      heap->back() = p;
      std::push_heap(heap->begin(), heap->end(), BetterPlay);
    }
    return true;
  }
};

}  // namespace

MoveGenerator::MoveGenerator(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
MoveGenerator::MoveGenerator(MoveGenerator&&) noexcept = default;
MoveGenerator& MoveGenerator::operator=(MoveGenerator&&) noexcept = default;
MoveGenerator::~MoveGenerator() = default;

Result<MoveGenerator> MoveGenerator::Create(const Lexicon& lexicon, const Layout& layout, int bingo_bonus) {
  const Alphabet& a = lexicon.alphabet();
  if (!lexicon.has_dawg() && !lexicon.has_gaddag())
    return Status(Errc::kInvalidArgument, "the image has neither a DAWG nor a GADDAG");
  if (a.size() > kMaxGenTile)
    return Status(Errc::kLimit, "alphabet " + a.name() + " has " + std::to_string(a.size()) +
                                    " tiles, the move generator handles at most " + std::to_string(kMaxGenTile));
  if (layout.rows() < 1 || layout.cols() < 1 || layout.rows() > kMaxBoardDim || layout.cols() > kMaxBoardDim)
    return Status(Errc::kLimit, "layout " + layout.name() + ": " + std::to_string(layout.rows()) + "x" +
                                    std::to_string(layout.cols()) + ", sides must be 1.." + std::to_string(kMaxBoardDim));
  if (bingo_bonus < 0) return Status(Errc::kInvalidArgument, "bingo bonus " + std::to_string(bingo_bonus) + " is negative");
  // Scores and score bounds are ints. A play's score is at most its main
  // word (up to a board side of tiles at the top tile value and letter
  // premium, times the word premium of each of kRackSize new tiles), plus a
  // cross word per new tile, plus the bingo bonus; the search's bounds add
  // up at most twice that. Refuse what could overflow instead of wrapping.
  {
    std::int64_t value = a.blank_score(), lm = 1, wm = 1;
    for (int t = 1; t <= a.size(); ++t) value = std::max<std::int64_t>(value, a.tile(static_cast<Tile>(t)).score);
    for (int r = 0; r < layout.rows(); ++r)
      for (int c = 0; c < layout.cols(); ++c) {
        lm = std::max<std::int64_t>(lm, layout.letter_mult(r, c));
        wm = std::max<std::int64_t>(wm, layout.word_mult(r, c));
      }
    std::int64_t wm_all = 1;
    for (int i = 0; i < kRackSize; ++i) wm_all *= wm;
    const std::int64_t side = std::max(layout.rows(), layout.cols());
    const std::int64_t word = side * value * lm;
    const std::int64_t worst = 2 * (word * wm_all + kRackSize * word * wm + bingo_bonus);
    constexpr std::int64_t kMaxScore = std::numeric_limits<int>::max() / 2;
    if (worst > kMaxScore)
      return Status(Errc::kLimit, "a play could score up to " + std::to_string(worst / 2) +
                                      " (tile values up to " + std::to_string(value) + ", letter premium " +
                                      std::to_string(lm) + ", word premium " + std::to_string(wm) +
                                      ", bingo bonus " + std::to_string(bingo_bonus) + "), over the " +
                                      std::to_string(kMaxScore / 2) + " the move generator scores with");
  }
  auto impl = std::make_unique<Impl>();
  impl->lex = &lexicon;
  impl->layout = &layout;
  impl->bingo = bingo_bonus;
  for (int t = 1; t <= a.size(); ++t) {
    impl->values[t] = a.tile(static_cast<Tile>(t)).score;
    impl->all_tiles |= std::uint64_t(1) << t;
  }
  impl->blank_value = a.blank_score();
  impl->lines[0] = impl->line_len[1] = layout.rows();
  impl->lines[1] = impl->line_len[0] = layout.cols();
  for (auto& sq : impl->squares) sq.assign(std::size_t(layout.rows() * layout.cols()), Sq());
  impl->anchors_.reserve(std::size_t(2 * layout.rows() * layout.cols()));
  impl->saved_bounds_.assign(std::size_t(2 * layout.rows() * layout.cols() * kRackSize), 0);
  for (int r = 0; r < layout.rows(); ++r) {
    for (int c = 0; c < layout.cols(); ++c) {
      for (const Dir d : {Dir::kAcross, Dir::kDown}) {
        Sq& s = impl->At(d, r, c);
        s.lm = static_cast<std::uint8_t>(layout.letter_mult(r, c));
        s.wm = static_cast<std::uint8_t>(layout.word_mult(r, c));
      }
    }
  }
  impl->board = Board(layout.rows(), layout.cols());
  impl->Analyze();
  return MoveGenerator(std::move(impl));
}

bool MoveGenerator::Supports(Algorithm a) const {
  return a == Algorithm::kDawg ? impl_->lex->has_dawg() : impl_->lex->has_gaddag();
}
const Board& MoveGenerator::board() const { return impl_->board; }
const Layout& MoveGenerator::layout() const { return *impl_->layout; }
const Lexicon& MoveGenerator::lexicon() const { return *impl_->lex; }

Status MoveGenerator::SetBoard(const Board& board) {
  const Layout& l = *impl_->layout;
  if (board.rows() != l.rows() || board.cols() != l.cols())
    return Status(Errc::kInvalidArgument, "board " + std::to_string(board.rows()) + "x" + std::to_string(board.cols()) +
                                              ", the layout " + l.name() + " is " + std::to_string(l.rows()) + "x" +
                                              std::to_string(l.cols()));
  for (int r = 0; r < board.rows(); ++r) {
    for (int c = 0; c < board.cols(); ++c) {
      const Cell cell = board.at(r, c);
      if (cell != kEmpty && (CellTile(cell) == 0 || !((impl_->all_tiles >> CellTile(cell)) & 1u) ||
                             (cell & ~(kBlankBit | kTileMask))))
        return Status(Errc::kInvalidArgument, "board: tile code " + std::to_string(CellTile(cell)) + " at " +
                                                  Coordinate(r, c, Dir::kAcross) + " is not in the alphabet");
    }
  }
  impl_->board = board;
  impl_->Analyze();
  return Status::Ok();
}

Status MoveGenerator::Apply(const Play& play) {
  for (int i = 0; i < play.length && i < kMaxBoardDim; ++i) {
    const Cell cell = play.cells[i];
    if (!play.IsThrough(i) && (!((impl_->all_tiles >> CellTile(cell)) & 1u) || (cell & ~(kBlankBit | kTileMask))))
      return Status(Errc::kInvalidArgument, "play: tile code " + std::to_string(CellTile(cell)) + " is not in the alphabet");
  }
  LEXC_RETURN_IF_ERROR(ApplyPlay(play, &impl_->board));
  impl_->Update(play);
  return Status::Ok();
}

std::uint64_t MoveGenerator::Generate(const Rack& rack, Algorithm a, PlayCallback cb) {
  CallbackSink sink{cb};
  return impl_->Run(a, rack, sink);
}

std::uint64_t MoveGenerator::Count(const Rack& rack, Algorithm a) {
  CountSink sink;
  return impl_->Run(a, rack, sink);
}

std::uint64_t MoveGenerator::Top(const Rack& rack, Algorithm a, std::size_t n, std::vector<Play>* out) {
  out->clear();
  if (n == 0) return Count(rack, a);
  out->reserve(std::min<std::size_t>(n, 4096));
  TopSink sink{n, out};
  const std::uint64_t found = impl_->RunBestFirst(a, rack, sink);
  std::sort_heap(out->begin(), out->end(), BetterPlay);
  return found;
}

bool MoveGenerator::Best(const Rack& rack, Algorithm a, Play* out) {
  BestSink sink;
  impl_->RunBestFirst(a, rack, sink);
  if (sink.have) *out = sink.best;
  return sink.have;
}

std::uint64_t MoveGenerator::CrossSet(int row, int col, Dir dir) const { return impl_->At(dir, row, col).cross; }
int MoveGenerator::CrossSum(int row, int col, Dir dir) const { return impl_->At(dir, row, col).xsum; }
bool MoveGenerator::HasCross(int row, int col, Dir dir) const {
  return (impl_->At(dir, row, col).flags & kHasCross) != 0;
}
bool MoveGenerator::IsAnchor(int row, int col) const { return (impl_->At(Dir::kAcross, row, col).flags & kAnchor) != 0; }

std::uint64_t MoveGenerator::CrossSetWith(bool use_gaddag, int row, int col, Dir dir) const {
  std::uint64_t set = 0;
  int sum = 0;
  bool has = false;
  (use_gaddag ? impl_->lex->gaddag() : impl_->lex->dawg()).Dispatch([&](const auto& g) {
    impl_->CrossOf(g, use_gaddag, dir, row, col, &set, &sum, &has);
  });
  return set;
}

}  // namespace lexc::gen
