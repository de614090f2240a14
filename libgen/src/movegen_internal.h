// The move generator's traversal state and what its parts share: scoring
// along a word, placing rack tiles on graph arcs, the rightward extension
// (the same walk for Appel & Jacobson and for Gordon past the separator) and
// recording a found play. The sinks that take found plays are in
// movegen_sinks.h.
//
//   movegen_dawg.cc    Appel & Jacobson over the DAWG (DawgAnchor)
//   movegen_gaddag.cc  Gordon over the GADDAG (GaddagAnchor)
//   movegen_best.cc    the best-first search (Top, Best): bounds per anchor
//   movegen_opening.cc Best on an empty board: each word the rack makes once
//   movegen.cc         MoveGenerator itself: creation, board, Generate, Count
//
// Everything on the hot path is a template on the graph view (arc width
// fixed at compile time) and on the sink (what to do with a found play), so
// there are no virtual calls and no per-play allocation. DawgAnchor and
// GaddagAnchor are defined in their own files and explicitly instantiated
// there for every graph view and sink (LEXC_GEN_FOR_EACH_VIEW_AND_SINK,
// movegen_sinks.h);
// the call into them is once per anchor.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <utility>
#include <vector>

#include "bingo_index.h"
#include "lexc/gen/board_analysis.h"
#include "lexc/gen/movegen.h"

namespace lexc::gen::internal {

using Sq = AnalyzedSquare;

// The first keys of BetterPlay's tie-break (direction, row, column of the
// first square) as one int: among plays of equal score, the smaller key is
// listed first (equal keys go on to the length and the tiles). kAnyTieKey
// is above every key: a sink without a play to tie with.
inline int TieKey(const Play& p) { return int(p.dir) << 16 | p.row << 8 | p.col; }
// The key of the plays first placed at `start` of line `line` in direction d.
constexpr int StartTieKey(Dir d, int line, int start) {
  return d == Dir::kAcross ? line << 8 | start : 1 << 16 | start << 8 | line;
}
constexpr int kAnyTieKey = std::numeric_limits<int>::max();

// Score of the tiles placed so far, kept along the traversal.
struct Acc {
  int main = 0;    // main word: new tiles x letter premium, board tiles at face
  int wm = 1;      // product of the word premiums under new tiles
  int cross = 0;   // cross words, complete
  int placed = 0;  // tiles from the rack
};

inline Acc Place(Acc a, const Sq& s, int value) {
  const int v = value * s.lm;
  a.main += v;
  a.wm *= s.wm;
  if (s.flags & Sq::kHasCross) a.cross += (s.xsum + v) * s.wm;
  ++a.placed;
  return a;
}

// One generator's traversal of the board analysis it points to.
struct Traversal {
  // ---- configuration (set at Create; bingo by SetBingoBonus) ----
  const Lexicon* lex = nullptr;
  const BoardAnalysis* analysis = nullptr;
  int bingo = kDefaultBingoBonus;
  int values[kMaxGenTile + 1] = {};
  int blank_value = 0;
  bool blank_never_gains = true;  // blank_value <= every tile's value
  bool transposable = false;      // the layout is its own transpose (Layout::Transposable)
  std::uint64_t all_tiles = 0;    // bits 1..alphabet size

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
  int blanks_ = 0;
  // Blanks on the path standing for a letter the rack also holds: while
  // none does and every blank is spent, the path's choice of blanks is the
  // only one (Record).
  int blanks_for_held_ = 0;
  int rack_size_ = 0;  // tiles on the rack; a path has rack_size_ - Acc::placed left
  // The most tiles a path places (rack_size_, or one fewer where a
  // best-first search takes an anchor's bingos apart), and whether only
  // plays of kRackSize tiles are recorded (that anchor's bingos).
  int walk_tiles_ = 0;
  bool bingos_only_ = false;
  std::uint8_t rack_counts_[kMaxGenTile + 1] = {};  // the whole rack, for Record()
  int rack_blanks_ = 0;
  std::uint64_t rack_mask_ = 0;
  // What the new tiles placed as blanks would add if each were the real
  // tile it stands for (the traversal uses a blank only when the rack has
  // none left): on the main word before its word premium (blank_main_) and
  // on the cross words (blank_cross_). Kept by OnSquare (for the sinks that
  // prune) and the DAWG left part, so Record() bounds every choice of blanks
  // at once: score + blank_main_ * wm + blank_cross_ (RecordBlankChoices'
  // all_real).
  int blank_main_ = 0, blank_cross_ = 0;
  // New tiles by line position; also, for Materialize (const, hence
  // mutable), the board tiles of the line word_line_ (word_board_: bit p
  // set when square p holds one), so a play's word is one fixed-size copy.
  // Twice the longest line: the copy may read past the line's end.
  mutable Cell word_[2 * kMaxBoardDim] = {};
  mutable const Sq* word_line_ = nullptr;  // null: none yet in this generation (the board may have changed)
  mutable std::uint64_t word_board_ = 0;
  Cell left_[kMaxBoardDim] = {};  // DAWG left part, in order
  Play scratch_;

  // ---- best-first search state (movegen_best.cc) ----
  struct AnchorRef {
    int bound;
    Dir dir;
    std::uint8_t line, pos;
    std::uint8_t first;   // first_start_
    std::int32_t saved;   // start_bound_[first..pos] at saved_bounds_[saved], or -1: recompute
    int short_bound = 0;  // the bound of its plays of fewer than kRackSize tiles
    int blank_bound = 0;  // the bound of its plays that place a blank
    // Which of its plays a visit generates: all, or (an anchor searched in
    // two visits, RunBestFirst) its bingos alone or its other plays alone.
    enum Part : std::uint8_t { kAll, kBingos, kShort } part = kAll;
  };
  int short_best_ = kNoBound;  // AnchorBound's bound of the plays of fewer than kRackSize tiles
  int blank_best_ = kNoBound;  // and of the plays that place a blank (with blank_bonus_bounds_)
  // The tiles a square may take while the path has a blank left (RackAll):
  // all_tiles, except in the anchors a best-first search restricts. Where no
  // play placing a blank can reach the floor, the rack's own tiles
  // (rack_tiles_: a blank never needed). Where only a bingo can
  // (RestrictBlanks), those and the letters of the multisets the bingo index
  // allows for the first blank of a path, and after it (with two blanks)
  // the partners of the first's letter (after_blank_). Each set only narrows
  // the walk to a superset of the plays that may reach the floor, so the
  // plays kept are the same.
  std::uint64_t blank_tiles_ = 0;
  std::uint64_t rack_tiles_ = 0;  // rack_mask_ with the whole rack (LoadRack)
  // blank_tiles_ once a blank stands for tile t on the path (what matters
  // while a second blank is left): the same as before it but where
  // RestrictBlanks pairs the blanks' letters.
  std::uint64_t after_blank_[64] = {};
  bool blanks_restricted_ = true;  // blank_tiles_ or after_blank_ differ from all_tiles (at first: unset)
  void RestrictBlanks(int floor);
  // Whether RestrictBlanks applies to this search: one or two blanks on a
  // full rack, and the bingo index built.
  bool BlanksRestrictable() const {
    return rack_size_ == kRackSize && rack_blanks_ >= 1 && rack_blanks_ <= 2 && bingo_index_ &&
           bingo_index_->complete();
  }
  // blank_tiles_ and after_blank_ for an unrestricted search.
  void UnrestrictBlanks() {
    blank_tiles_ = all_tiles;
    std::fill(after_blank_, after_blank_ + 64, all_tiles);
    blanks_restricted_ = false;
  }
  std::vector<AnchorRef> anchors_;  // capacity reserved at Create
  // The per-start bounds of the anchors, kept from the bounding pass for the
  // search; sized at Create for full racks (no allocation while generating).
  std::vector<int> saved_bounds_;
  std::size_t n_saved_ = 0;
  std::shared_ptr<const BingoIndex> bingo_index_;  // fetched on first use
  int rack_values_[kMaxBoardDim] = {};             // the rack's best values, decreasing
  Tile rack_by_value_[kMaxGenTile + 1] = {};       // the rack's distinct tiles, by decreasing value
  int rack_distinct_ = 0;
  // Per first square of the anchor's plays (first_start_..anchor_): the
  // bound of the plays starting there (-1: none), and its running maximum.
  int start_bound_[kMaxBoardDim] = {};
  int left_bound_[kMaxBoardDim] = {};
  int first_start_ = 0;
  // The bound of a start or anchor with no play (bounds with bonuses may be
  // negative).
  static constexpr int kNoBound = std::numeric_limits<int>::min() / 2;
  // Best-first searches for score + bonus (BonusSink): bonus_[k] bounds the
  // bonus of a play placing k tiles (0 for the other sinks); with
  // bonus_bounds_ set, AnchorBound bounds every end of a span, not only the
  // longest, since a shorter play may keep a better leave.
  int bonus_[kMaxBoardDim + 1] = {};
  bool bonus_bounds_ = false;
  // With blank_bonus_bounds_ (a rack with blanks, BonusSearch::
  // max_bonus_blank): bonus_blank_[k] bounds the bonus of a play placing k
  // tiles of which a blank.
  int bonus_blank_[kMaxBoardDim + 1] = {};
  bool blank_bonus_bounds_ = false;
  struct KeyAnswer {
    std::uint64_t key;
    bool maybe;
  };
  static constexpr int kMaxKeys = 64;
  KeyAnswer keys_[kMaxKeys];  // MaybeBingo's answers in this search
  int n_keys_ = 0;
  std::uint64_t rack_key_ = 0;

  // Sizes the buffers for `layout` and copies the alphabet's values.
  void Init(const Lexicon& lexicon, const BoardAnalysis& board_analysis, int bingo_bonus);

  int ValueOf(Cell c) const { return CellIsBlank(c) ? blank_value : values[CellTile(c)]; }
  // Tiles the rack could put anywhere (blanks: any).
  std::uint64_t RackAll() const { return blanks_ ? blank_tiles_ : rack_mask_; }
  std::uint64_t Allowed(const Sq& s) const { return s.cross & RackAll(); }
  // The tiles anchor `pos` of `line` may take: its cross-check and the
  // extension set that applies to it (ext_hook right after a board run, whose
  // word then begins with the run). Every play of an anchor puts a tile on
  // it, so none of the rack's tiles among them means no play.
  static std::uint64_t AnchorTiles(const Sq* line, int pos) {
    const Sq& s = line[pos];
    return s.cross & (pos > 0 && line[pos - 1].cell != kEmpty ? s.ext_hook : s.ext);
  }

  void LoadRack(const Rack& rack) {
    blanks_ = rack_blanks_ = rack.blanks();
    rack_size_ = walk_tiles_ = rack.size();
    bingos_only_ = false;
    // The counts of codes 0..kMaxGenTile, copied whole (the endgame loads a
    // rack for every small generation), and the bit of each code held, 8
    // codes a word: a byte's high bit set when the byte is not 0, the 8
    // high bits gathered into the top byte by one multiplication (each
    // lands on its own bit, so nothing carries).
    static_assert(kMaxGenTile + 1 == 64 && sizeof(counts_) == 64 && sizeof(rack_counts_) == 64);
    static_assert(std::endian::native == std::endian::little, "byte k of a word is code 8 * word + k");
    std::memcpy(counts_, rack.counts().data(), sizeof counts_);
    std::memcpy(rack_counts_, counts_, sizeof counts_);
    rack_mask_ = 0;
    for (int k = 0; k < 8; ++k) {
      std::uint64_t w;
      std::memcpy(&w, counts_ + 8 * k, sizeof w);
      constexpr std::uint64_t kLow7 = 0x7F7F7F7F7F7F7F7Full;
      const std::uint64_t high = (((w & kLow7) + kLow7) | w) & ~kLow7;
      rack_mask_ |= (((high >> 7) * 0x0102040810204080ull) >> 56) << (8 * k);
    }
    rack_mask_ &= all_tiles & ~std::uint64_t(1);
    rack_tiles_ = rack_mask_;
    if (blanks_restricted_) UnrestrictBlanks();
    blank_main_ = blank_cross_ = 0;
    blanks_for_held_ = 0;
    word_line_ = nullptr;
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
    // The arc's tile and "last arc" flag are read as one key (ScanKey).
    using Word = typename G::Word;
    if (!allowed || node == kNoNode || node >= g.arc_count()) return;
    Word hits[kMaxGenTile + 1];
    std::size_t n = 0;  // pointer-sized: no sign extension per arc
    const unsigned last = 63u - static_cast<unsigned>(__builtin_clzll(allowed));  // arcs come in tile order
    const unsigned tile_mask = g.ScanTileMask();
    for (std::uint64_t i = node;; ++i) {
      const Word w = g.arc(i);
      const unsigned key = g.ScanKey(w);
      const unsigned t = key & tile_mask;
      hits[n] = w;
      // Each child is visited next, one subtree each: request its first
      // arcs as soon as its arc is read, hit or not (on a blank rack nearly
      // every scanned arc is a hit; a test would cost more than the spare
      // requests), so the first child's arcs are on their way while the
      // rest of the node is scanned and the misses overlap. Requested after
      // the scan instead, the first child's load was the walk's single
      // most expensive instruction. (A prefetch never faults.)
      g.Prefetch(g.target(w));
      n += static_cast<std::size_t>(tile_mask <= kMaxGenTile || t <= kMaxGenTile ? (allowed >> (t & 63u)) & 1u : 0u);
      // Past the last allowed tile or the node's last arc: one comparison.
      // Tiles strictly increase on a verified image; n stays in range anyway.
      if ((key >= last) | (n > kMaxGenTile)) break;
    }
    for (std::size_t i = 0; i < n && !stop_; ++i) {
      const Word w = hits[i];
      const Tile t = g.tile(w);
      const Node child = g.target(w);
      const bool accepts = g.accepts(w);
      if (counts_[t]) {
        const std::uint64_t bit = std::uint64_t(1) << t;
        if (--counts_[t] == 0) rack_mask_ &= ~bit;
        f(static_cast<Cell>(t), values[t], child, accepts);
        if (counts_[t]++ == 0) rack_mask_ |= bit;
      } else {
        const int held = rack_counts_[t] != 0;
        const std::uint64_t tiles = blank_tiles_;
        blank_tiles_ = after_blank_[t];
        --blanks_, blanks_for_held_ += held;
        f(MakeCell(t, true), blank_value, child, accepts);
        ++blanks_, blanks_for_held_ -= held;
        blank_tiles_ = tiles;
      }
    }
  }

  template <class S>
  void Record(S& sink, int left, int right, const Acc& a) {
    if constexpr (S::kPrune) {  // only the best-first search visits an anchor's bingos apart
      if (bingos_only_ && a.placed != kRackSize) return;
    }
    if (dir_ == Dir::kDown && a.placed == 1) {
      // A lone tile that also forms an across word is reported across.
      int p = left;
      while (line_[p].cell != kEmpty) ++p;
      if (line_[p].flags & Sq::kHasCross) return;
    }
    const int score = a.main * a.wm + a.cross + (a.placed == kRackSize ? bingo : 0);
    if (rack_blanks_ == 0) {
      ++found_;
      if (!sink.Take(*this, left, right, a.placed, score)) stop_ = true;
      return;
    }
    // Every choice of blanks scores at most all_real (see RecordBlankChoices):
    // most plays of a blank rack fall short of the floor before listing them.
    if constexpr (S::kPrune) {
      if (blank_never_gains && score + blank_main_ * a.wm + blank_cross_ + bonus_[a.placed] < sink.Floor()) return;
    }
    if (blanks_ == 0 && blanks_for_held_ == 0) {
      // Every blank spent on a letter the rack has no real tile of: the
      // path's play is the only way to supply its letters (what
      // RecordBlankChoices would find, with the same floor test).
      if constexpr (S::kPrune) {
        if (blank_never_gains && score + bonus_[a.placed] < sink.Floor()) return;
      }
      if (stop_) return;
      ++found_;
      if (!sink.Take(*this, left, right, a.placed, score)) stop_ = true;
      return;
    }
    RecordBlankChoices(sink, left, right, a, score);
  }

  // The traversal supplied each letter from the rack when it could, else
  // from a blank. Every other way to supply the same letters is another
  // play: enumerate them all, each new tile real or blank as the rack allows,
  // in line order, the real tile tried before the blank.
  //
  // Only choices that can still be completed are entered. A letter t needs
  // max(0, slots of t left - real t left) blanks from here on, so the play
  // needs need = sum over t of max(0, slots of t - real t on the rack)
  // blanks (what the traversal used), and spare = blanks - need may stand in
  // for a real tile: a blank on a slot of t costs nothing from spare while t
  // has more slots left than real tiles (the blank is needed for t anyway),
  // one spare blank otherwise. Dead ends (blanks spent on one letter that
  // another then lacks) are never walked; the plays and their order are
  // those of the plain enumeration.
  template <class S>
  void RecordBlankChoices(S& sink, int left, int right, const Acc& a, int score) {
    struct Slot {
      Cell* cell;
      int weight, penalty;  // penalty: what a blank here takes off
      Tile tile;
      Cell traversal;  // the traversal's choice, restored at the end
    };
    Slot slots[kMaxBoardDim];
    int n = 0, all_real = score, need = 0;
    std::uint8_t real_left[kMaxGenTile + 1], slots_left[kMaxGenTile + 1];
    for (int p = left; p <= right; ++p) {
      if (line_[p].cell != kEmpty) continue;
      const Sq& s = line_[p];
      const Cell c = word_[p];
      const Tile t = CellTile(c);
      const int weight = s.lm * a.wm + ((s.flags & Sq::kHasCross) ? s.lm * s.wm : 0);
      const int penalty = (values[t] - blank_value) * weight;
      slots[n++] = {&word_[p], weight, penalty, t, c};
      real_left[t] = rack_counts_[t];
      slots_left[t] = 0;
      if (CellIsBlank(c)) all_real += penalty;
    }
    // The letters the rack's real tiles fall short of, and by how many (the
    // first two; more than two blanks go to the recursion below).
    struct Lacking {
      int tile = -1, by = 0;
    } lacking[2];
    for (int i = 0; i < n; ++i) {
      const Tile t = slots[i].tile;
      if (++slots_left[t] <= real_left[t]) continue;
      if (++need > 2) continue;
      Lacking& k = lacking[0].tile < 0 || lacking[0].tile == t ? lacking[0] : lacking[1];
      k.tile = t, ++k.by;
    }
    // all_real bounds every choice when a blank never scores more than the
    // tile it stands for: each blank only takes points off. Then a pruning
    // sink skips what cannot reach its floor.
    if constexpr (S::kPrune) {
      if (blank_never_gains && all_real + bonus_[a.placed] < sink.Floor()) return;
    }
    const auto take = [&](int sc) {
      if constexpr (S::kPrune) {
        if (blank_never_gains && sc + bonus_[a.placed] < sink.Floor()) return;
      }
      ++found_;
      if (!sink.Take(*this, left, right, a.placed, sc)) stop_ = true;
    };
    if (rack_blanks_ <= 2) {
      if (need > rack_blanks_) return;  // no choice at all (not from the traversal)
      // One or two blanks: the choices listed by loops in the recursion's
      // order (slot 0 first, a real tile before a blank): the word in real
      // tiles, then for each slot h from the last to the first the blank on
      // h alone, then on h and each later slot l, from the last. A choice
      // is kept when its blanks cover what each short letter lacks. (The
      // floor test at each play alone is the recursion's: scores only fall
      // along its paths, and the floor only rises.)
      const auto covers = [&](int h, int l) {
        for (const Lacking& k : lacking) {
          const int on = (slots[h].tile == k.tile) + (l >= 0 && slots[l].tile == k.tile);
          if (k.tile >= 0 && on < k.by) return false;
        }
        return true;
      };
      for (int i = 0; i < n; ++i) *slots[i].cell = static_cast<Cell>(slots[i].tile);
      if (need == 0) take(all_real);
      for (int h = n - 1; h >= 0 && !stop_; --h) {
        *slots[h].cell = MakeCell(slots[h].tile, true);
        if (covers(h, -1)) take(all_real - slots[h].penalty);
        for (int l = n - 1; rack_blanks_ == 2 && l > h && !stop_; --l) {
          if (!covers(h, l)) continue;
          *slots[l].cell = MakeCell(slots[l].tile, true);
          take(all_real - slots[h].penalty - slots[l].penalty);
          *slots[l].cell = static_cast<Cell>(slots[l].tile);
        }
        *slots[h].cell = static_cast<Cell>(slots[h].tile);
      }
      for (int i = 0; i < n; ++i) *slots[i].cell = slots[i].traversal;
      return;
    }
    const auto assign = [&](const auto& self, int i, int sc, int spare) -> void {
      if (stop_) return;
      if constexpr (S::kPrune) {
        if (blank_never_gains && sc + bonus_[a.placed] < sink.Floor()) return;
      }
      if (i == n) {
        ++found_;
        if (!sink.Take(*this, left, right, a.placed, sc)) stop_ = true;
        return;
      }
      const Slot& slot = slots[i];
      const Tile t = slot.tile;
      const bool needed = slots_left[t] > real_left[t];  // this letter needs a blank from here on
      --slots_left[t];
      if (real_left[t]) {
        --real_left[t];
        *slot.cell = static_cast<Cell>(t);
        self(self, i + 1, sc, spare);
        ++real_left[t];
      }
      if (needed || spare) {
        *slot.cell = MakeCell(t, true);
        self(self, i + 1, sc - slot.penalty, needed ? spare : spare - 1);
      }
      ++slots_left[t];
    };
    assign(assign, 0, all_real, rack_blanks_ - need);
    for (int i = 0; i < n; ++i) *slots[i].cell = slots[i].traversal;
  }

  void Materialize(Play* p, int left, int right, int placed, int score) const {
    if (word_line_ != line_) {
      // The first play on this line: its board tiles into word_, once.
      // (The walk writes only empty squares of word_.)
      word_line_ = line_;
      word_board_ = 0;
      for (int q = 0; q < n_; ++q) {
        if (line_[q].cell == kEmpty) continue;
        word_[q] = line_[q].cell;
        word_board_ |= std::uint64_t(1) << q;
      }
    }
    const int length = right - left + 1;
    p->dir = dir_;
    p->row = static_cast<std::uint8_t>(dir_ == Dir::kAcross ? line_index_ : left);
    p->col = static_cast<std::uint8_t>(dir_ == Dir::kAcross ? left : line_index_);
    p->length = static_cast<std::uint8_t>(length);
    p->placed = static_cast<std::uint8_t>(placed);
    p->score = score;
    p->through = static_cast<std::uint32_t>((word_board_ >> left) & ((std::uint64_t(2) << (length - 1)) - 1));
    // A fixed-size copy in 8-byte words, the cells past the word cleared by
    // a mask of `length` 0xFF bytes then zeros, read from kKeep.
    static_assert(kMaxBoardDim % 8 == 0 && sizeof(Cell) == 1);
    static constexpr auto kKeep = [] {
      std::array<std::uint8_t, 2 * kMaxBoardDim> keep{};
      for (int i = 0; i < kMaxBoardDim; ++i) keep[i] = 0xFF;
      return keep;
    }();
    std::uint64_t w[kMaxBoardDim / 8], m[kMaxBoardDim / 8];
    std::memcpy(w, word_ + left, sizeof w);
    std::memcpy(m, kKeep.data() + kMaxBoardDim - length, sizeof m);
    for (int j = 0; j < kMaxBoardDim / 8; ++j) w[j] &= m[j];
    std::memcpy(p->cells, w, sizeof w);
  }

  // Steps onto square `pos` from `node`: through the board tile on it, or
  // with each rack tile (and blank) the graph and the cross-check allow.
  // Calls step(child, accepts, score so far). With kBlankGain (the sinks
  // that prune, the only readers) it keeps blank_main_ and blank_cross_.
  template <bool kBlankGain, class G, class F>
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
      if (!kBlankGain || !CellIsBlank(code)) {
        step(child, accepts, Place(a, s, value));
        return;
      }
      const int main = blank_main_, cross = blank_cross_;
      const int gain = (values[CellTile(code)] - value) * s.lm;
      blank_main_ += gain;
      if (s.flags & Sq::kHasCross) blank_cross_ += gain * s.wm;
      step(child, accepts, Place(a, s, value));
      blank_main_ = main, blank_cross_ = cross;
    });
  }

  // Rightward from `pos` (the anchor for Appel-Jacobson; the square after it
  // for Gordon, past the separator). The word starts at `left`.
  template <class G, class S>
  void ExtendRight(const G& g, S& sink, int pos, Node node, int left, const Acc& a) {
    OnSquare<S::kPrune>(g, pos, node, a, [&](Node child, bool accepts, const Acc& b) {
      RightStep(g, sink, pos, child, accepts, left, b);
    });
  }

  template <class G, class S>
  void RightStep(const G& g, S& sink, int pos, Node child, bool accepts, int left, const Acc& a) {
    const bool next_free = pos + 1 == n_ || line_[pos + 1].cell == kEmpty;
    if (accepts && next_free && pos > left) Record(sink, left, pos, a);
    if (child != kNoNode && pos + 1 < n_ && (!next_free || a.placed < walk_tiles_))
      ExtendRight(g, sink, pos + 1, child, left, a);
  }

  // Best-first pruning inside an anchor (sinks with kPrune): plays whose
  // first square is `start` are worth generating only when that start's bound
  // (AnchorBound, computed for the anchor just entered) reaches the score a
  // play must now reach, sink.Floor(). A bound equal to it is worth it only
  // if a play from there could win the tie-break (BetterPlay: first square
  // first), which a sink of scores tells by its FloorKey().
  template <class S>
  bool WorthStart(const S& sink, int start) const {
    if constexpr (S::kPrune)
      return Reaches(sink, start_bound_[start], start);
    else
      return true;
  }
  // Whether any play starting left of `pos` is worth generating (the
  // earliest such start, first_start_, for the tie-break).
  template <class S>
  bool WorthLeftOf(const S& sink, int pos) const {
    if constexpr (S::kPrune)
      return pos > first_start_ && Reaches(sink, left_bound_[pos - 1], first_start_);
    else
      return true;
  }
  // Whether a play first placed at `start` on the current line, worth at
  // most `bound`, may still be kept by the sink.
  template <class S>
  bool Reaches(const S& sink, int bound, int start) const {
    const int floor = sink.Floor();
    return bound > floor || (bound == floor && StartTieKey(dir_, line_index_, start) <= sink.FloorKey());
  }

  // Sets up the traversal state for one anchor.
  void EnterAnchor(Dir d, int line, int pos, std::uint64_t rack_all) {
    dir_ = d;
    n_ = analysis->LineLength(d);
    line_index_ = line;
    const Sq* previous = line_;
    line_ = analysis->Line(d, line);
    if (line_ != previous) word_line_ = nullptr;  // the walk on the previous line wrote over word_
    anchor_ = pos;
    right_end_ = pos;
    right_free_ = pos + 1 == n_ || line_[pos + 1].cell == kEmpty;
    right_open_ = pos + 1 < n_ && (!right_free_ || (line_[pos + 1].cross & rack_all) != 0);
  }

  // Every play generated from the anchor entered last (movegen_dawg.cc,
  // movegen_gaddag.cc).
  template <class G, class S>
  void DawgAnchor(const G& g, S& sink);
  template <class G, class S>
  void GaddagAnchor(const G& g, S& sink);

  template <class G, class S>
  void GenerateAt(const G& g, S& sink, Algorithm alg) {
    if (alg == Algorithm::kGaddag)
      GaddagAnchor(g, sink);
    else
      DawgAnchor(g, sink);
  }

  // Every play: every anchor of every line, both directions.
  template <class S>
  std::uint64_t Run(Algorithm alg, const Rack& rack, S& sink, const AnchorSet* anchors = nullptr) {
    LoadRack(rack);
    if (rack_size_ == 0) return 0;
    const Graph& graph = alg == Algorithm::kGaddag ? lex->gaddag() : lex->dawg();
    if (!graph.valid()) return 0;
    const std::uint64_t rack_all = RackAll();
    graph.Dispatch([&](const auto& g) {
      for (const Dir d : {Dir::kAcross, Dir::kDown}) {
        const int lines = analysis->LineCount(d);
        for (int line = 0; line < lines && !stop_; ++line) {
          const std::uint32_t allowed = anchors ? anchors->Line(d, line) : ~std::uint32_t(0);
          if (!allowed) continue;
          const Sq* sq = analysis->Line(d, line);
          // The allowed anchors only, in order.
          for (std::uint32_t todo = allowed & analysis->AnchorMask(d, line); todo && !stop_; todo &= todo - 1) {
            const int pos = __builtin_ctz(todo);
            if (!(AnchorTiles(sq, pos) & rack_all)) continue;
            EnterAnchor(d, line, pos, rack_all);
            GenerateAt(g, sink, alg);
          }
        }
      }
    });
    return found_;
  }

  // ---- best-first search (movegen_best.cc) ----
  // Only the anchors in `anchors` (when given) are searched.
  template <class S>
  std::uint64_t RunBestFirst(Algorithm alg, const Rack& rack, S& sink, const double* max_bonus = nullptr,
                             const AnchorSet* anchors = nullptr, const double* max_bonus_blank = nullptr);
  int AnchorBound();
  int PairedBound(const int* lm, const int* cw, const int* cap, int k, int wm, int fixed) const;
  void SaveStarts(AnchorRef* ar);
  void RestoreStarts(const AnchorRef& ar);
  void SortRackValues();
  // MoveGenerator::Best on the empty board of a transposable layout when
  // blank_never_gains, over the DAWG (movegen_opening.cc).
  bool BestOnEmptyBoard(const Rack& rack, Play* out);
  int BestValue(std::uint64_t allowed) const;
  bool MaybeBingo(std::uint64_t through_key);
};

}  // namespace lexc::gen::internal

namespace lexc::gen {

// The board analysis and the traversal that reads it; heap-allocated, so the
// traversal's pointer to the analysis survives moving the MoveGenerator.
struct MoveGenerator::Impl {
  explicit Impl(BoardAnalysis a) : analysis(std::move(a)) {}
  BoardAnalysis analysis;
  internal::Traversal traversal;
};

}  // namespace lexc::gen
