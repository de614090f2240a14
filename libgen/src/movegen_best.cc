// The best-first search for the best plays (MoveGenerator::Top and Best).
//
// An upper bound of the score of every play generated from an anchor (the
// plays whose leftmost anchor it is), from the board alone: for each first
// square the word may start on, the longest span the rack can fill (a
// longer span never scores less: every term is non-negative), with the
// rack's values paired to the squares' multipliers in decreasing order
// (rearrangement inequality), and also each square given the best value
// the rack has among the tiles its cross-check allows; the smaller of the
// two. A square beside board tiles of the line takes only the tiles of its
// extension set (board_analysis.h): a span stops before a square none of
// the rack's tiles can take. The bingo bonus counts when the span takes
// kRackSize tiles; when the bingo index rules out a word of the span's
// tiles and the whole rack, the span is cut to fewer tiles instead.
// Anchors are then searched by decreasing bound until the bound falls
// below the score a play must beat. With blanks on a full rack, an anchor
// whose bingos bound it above its other plays is searched in two visits,
// each at its own bound (AnchorRef::Part, RunBestFirst).
#include <algorithm>
#include <cmath>
#include <functional>
#include <type_traits>

#include "movegen_sinks.h"

namespace lexc::gen {
namespace internal {

void Traversal::SaveStarts(AnchorRef* ar) {
  const std::size_t need = std::size_t(anchor_ - first_start_ + 1);
  ar->first = static_cast<std::uint8_t>(first_start_);
  ar->saved = -1;
  if (n_saved_ + need > saved_bounds_.size()) return;
  ar->saved = static_cast<std::int32_t>(n_saved_);
  std::copy(start_bound_ + first_start_, start_bound_ + anchor_ + 1, saved_bounds_.begin() + std::ptrdiff_t(n_saved_));
  n_saved_ += need;
}

// Restores what AnchorBound() computes for the anchor just entered.
void Traversal::RestoreStarts(const AnchorRef& ar) {
  if (ar.saved < 0) {
    AnchorBound();
    return;
  }
  first_start_ = ar.first;
  const int* saved = saved_bounds_.data() + ar.saved;
  for (int p = first_start_, m = kNoBound; p <= anchor_; ++p) {
    start_bound_[p] = *saved++;
    left_bound_[p] = m = std::max(m, start_bound_[p]);
  }
}

void Traversal::SortRackValues() {
  int n = 0;
  rack_distinct_ = 0;
  for (int t = 1; t <= kMaxGenTile; ++t) {
    if (!counts_[t]) continue;
    rack_by_value_[rack_distinct_++] = static_cast<Tile>(t);
    for (int i = 0; i < counts_[t] && n < kMaxBoardDim; ++i) rack_values_[n++] = values[t];
  }
  for (int i = 0; i < blanks_ && n < kMaxBoardDim; ++i) rack_values_[n++] = blank_value;
  std::sort(rack_values_, rack_values_ + n, std::greater<int>());
  std::sort(rack_by_value_, rack_by_value_ + rack_distinct_, [&](Tile x, Tile y) { return values[x] > values[y]; });
}

// The best value the rack can put on a square allowing `allowed`.
[[gnu::always_inline]] inline int Traversal::BestValue(std::uint64_t allowed) const {
  int best = blanks_ ? blank_value : -1;
  for (int i = 0; i < rack_distinct_; ++i) {
    if ((allowed >> rack_by_value_[i]) & 1u) return std::max(best, values[rack_by_value_[i]]);
  }
  return best;
}

// The bound of a span of k new tiles (letter premiums lm, cross weights
// cw, best values cap), word premium wm, `fixed` the points that do not
// depend on the new tiles: the rack's values paired with the squares'
// weights in decreasing order, or each square's best value, the smaller;
// plus the bingo bonus for kRackSize tiles.
[[gnu::always_inline]] inline int Traversal::PairedBound(const int* lm, const int* cw, const int* cap, int k, int wm,
                                                         int fixed) const {
  int e[kMaxBoardDim];
  int capped = 0;
  for (int i = 0; i < k; ++i) {
    e[i] = lm[i] * wm + cw[i];
    capped += e[i] * cap[i];
  }
  for (int i = 1; i < k; ++i) {  // insertion sort, decreasing: k is at most the rack's size
    const int x = e[i];
    int j = i;
    for (; j > 0 && e[j - 1] < x; --j) e[j] = e[j - 1];
    e[j] = x;
  }
  int paired = 0;
  for (int i = 0; i < k; ++i) paired += e[i] * rack_values_[i];
  return fixed + std::min(paired, capped) + (k == kRackSize ? bingo : 0);
}

// Upper bound for the anchor entered last, by first square of its plays
// (start_bound_, left_bound_) and overall; kNoBound when no play can start there.
//
// An anchor right after a board run has one first square, the run's;
// any other has the free squares left of it (up to the previous anchor,
// fewer than rack_size_ of them) and itself. Every span shares its part
// from the anchor rightwards (after the run, if any), walked once: a
// start j squares left of the anchor keeps the longest of its ends with
// at most rack_size_ - j new tiles.
int Traversal::AnchorBound() {
  const int a = anchor_;
  int run = a;  // the board run right before the anchor: run..a-1
  while (run > 0 && line_[run - 1].cell != kEmpty) --run;
  int first = run;
  if (run == a) {
    int free = 0;
    while (a - free - 1 >= 0 && line_[a - free - 1].cell == kEmpty && !(line_[a - free - 1].flags & Sq::kAnchor))
      ++free;
    first = a - std::min(free, rack_size_ - 1);
  }
  const std::uint64_t rack_all = RackAll();
  first_start_ = first;
  for (int p = first; p <= a; ++p) start_bound_[p] = kNoBound;
  // The new tiles' data by span position: the left part (squares first..a-1,
  // stored right to left from index kMaxBoardDim - 1 down) then the right
  // part from index kMaxBoardDim up, so a start's tiles are contiguous.
  int lm[2 * kMaxBoardDim], cw[2 * kMaxBoardDim], cap[2 * kMaxBoardDim];
  // The ends of the spans from the anchor rightwards: the squares where a
  // word may stop (the next square empty or off the board). Two ends have a
  // new tile between them, so an end is named by its count k of new tiles
  // (from the anchor on): bit k of end_ks, its data in ends[k].
  struct End {
    int p, wm, through, cross;
    std::uint64_t key;
  };
  static_assert(kMaxBoardDim < 64);
  End ends[kMaxBoardDim + 1];
  std::uint64_t end_ks = 0;
  {
    int k = 0, wm = 1, through = 0, cross = 0;
    std::uint64_t key = 0;
    for (int p = run; p < a; ++p) {  // the board run before the anchor
      through += line_[p].face;
      key += BingoIndex::Key(CellTile(line_[p].cell));
    }
    for (int p = a; p < n_; ++p) {
      const Sq& s = line_[p];
      if (s.cell != kEmpty) {
        through += s.face;
        key += BingoIndex::Key(CellTile(s.cell));
      } else {
        // The board runs beside the square along the line narrow what it
        // takes (AnchorTiles for the anchor itself).
        const std::uint64_t allowed = rack_all & (p == a ? AnchorTiles(line_, a) : s.cross & s.ext);
        if (k == rack_size_ || !allowed) break;
        lm[kMaxBoardDim + k] = s.lm;
        cw[kMaxBoardDim + k] = (s.flags & Sq::kHasCross) ? s.lm * s.wm : 0;
        cap[kMaxBoardDim + k] = BestValue(allowed);
        if (s.flags & Sq::kHasCross) cross += s.xsum * s.wm;
        wm *= s.wm;
        ++k;
      }
      if (p + 1 == n_ || line_[p + 1].cell == kEmpty) {
        end_ks |= std::uint64_t(1) << k;
        ends[k] = {p, wm, through, cross, key};
      }
    }
  }
  // The bingo checks below look these keys up: start loading them now.
  if (rack_size_ == kRackSize && rack_blanks_ == 0 && bingo_index_)
    for (std::uint64_t e = end_ks; e; e &= e - 1) bingo_index_->Prefetch(rack_key_ + ends[__builtin_ctzll(e)].key);
  // Bits 0..n (none when n < 0).
  const auto up_to = [](int n) { return n < 0 ? std::uint64_t(0) : (std::uint64_t(2) << n) - 1; };
  int best = kNoBound;
  short_best_ = kNoBound;
  blank_best_ = blank_bonus_bounds_ ? kNoBound : std::numeric_limits<int>::max();
  int left_wm = 1, left_cross = 0;
  for (int start = run == a ? a : run; start >= first; --start) {  // after a run: its first square only
    const int kl = run == a ? a - start : 0;                       // new tiles left of the anchor
    if (kl > 0) {
      const Sq& s = line_[start];
      const std::uint64_t allowed = s.cross & rack_all;
      if (!allowed) break;  // every span from here leftwards stops on it
      const int i = kMaxBoardDim - kl;
      lm[i] = s.lm;
      cw[i] = (s.flags & Sq::kHasCross) ? s.lm * s.wm : 0;
      cap[i] = BestValue(allowed);
      if (s.flags & Sq::kHasCross) left_cross += s.xsum * s.wm;
      left_wm *= s.wm;
    }
    const int at = kMaxBoardDim - kl;
    // The paired bound of the span from `start` to the end of ke tiles (kl + ke new tiles).
    const auto span_bound = [&](int ke) {
      const End& e = ends[ke];
      const int wm = left_wm * e.wm;
      return PairedBound(lm + at, cw + at, cap + at, kl + ke, wm, wm * e.through + left_cross + e.cross);
    };
    // The ends this start may reach with the rack (kl + ke <= rack_size_),
    // past the start: only the end on the anchor itself (one tile, the
    // anchor's) can be the start.
    std::uint64_t reach = end_ks & up_to(rack_size_ - kl);
    if ((reach & 2u) && ends[1].p <= start) reach &= ~std::uint64_t(2);
    if (bonus_bounds_) {
      // Every end: a shorter play may keep a leave worth more than the
      // points a longer one adds.
      int start_best = kNoBound;
      for (std::uint64_t r = reach; r; r &= r - 1) {
        const int ke = __builtin_ctzll(r);
        const int k = kl + ke;
        if (k == kRackSize && rack_size_ == kRackSize && !MaybeBingo(ends[ke].key)) continue;
        const int paired = span_bound(ke);
        const int b = paired + bonus_[k];
        start_best = std::max(start_best, b);
        if (k < kRackSize) short_best_ = std::max(short_best_, b);
        blank_best_ = std::max(blank_best_, paired + bonus_blank_[k]);
      }
      if (start_best == kNoBound) continue;
      best = std::max(best, start_best);
      start_bound_[start] = start_best;
      continue;
    }
    if (!reach) continue;
    // The longest end within the budget, and the longest with fewer than
    // kRackSize new tiles in all (a word of two tiles at least). A rack of
    // more than kRackSize tiles also bounds the end of exactly kRackSize
    // (bingo_end): only such a play earns the bingo, which a longer one may
    // not make up for. (-1: none.)
    const auto highest = [](std::uint64_t m) { return m ? 63 - __builtin_clzll(m) : -1; };
    int end = highest(reach);
    const int short_end = highest(reach & up_to(kRackSize - 1 - kl));
    const int bingo_end = kRackSize - kl >= 0 && ((reach >> (kRackSize - kl)) & 1u) ? kRackSize - kl : -1;
    if (kl + end == kRackSize && rack_size_ == kRackSize && !MaybeBingo(ends[end].key)) end = short_end;
    if (end < 0) continue;
    if (end != short_end && short_end >= 0) short_best_ = std::max(short_best_, span_bound(short_end));
    int bound = span_bound(end);
    if (rack_size_ > kRackSize && bingo_end >= 0 && bingo_end != end) bound = std::max(bound, span_bound(bingo_end));
    best = std::max(best, bound);
    if (end == short_end) short_best_ = std::max(short_best_, bound);
    start_bound_[start] = bound;
  }
  for (int p = first, m = kNoBound; p <= a; ++p) left_bound_[p] = m = std::max(m, start_bound_[p]);
  return best;
}

// Whether the board tiles of a span holding kRackSize empty squares,
// with the whole rack, may spell a word (a blank standing for any tile).
// False proves no bingo fits the span. Two blanks take a probe per pair of
// tiles they may stand for (351 for 26 letters, their cache misses
// overlapped), far cheaper than walking the anchors a bingo bound would
// keep; more blanks are not worth proving (always true). Answers with
// blanks are memoized per search (without, one probe costs less).
bool Traversal::MaybeBingo(std::uint64_t through_key) {
  if (rack_blanks_ > 2) return true;
  const std::uint64_t key = rack_key_ + through_key;
  if (!bingo_index_) {
    bingo_index_ = BingoIndex::WhenWorthIt(*lex);
    if (!bingo_index_) return true;  // not yet: the bonus stays in the bound
  }
  if (rack_blanks_ == 0) return bingo_index_->MaybeWord(key);  // one probe: cheaper than the memo
  for (int i = 0; i < n_keys_; ++i)
    if (keys_[i].key == key) return keys_[i].maybe;
  bool maybe = false;
  if (rack_blanks_ == 1) {
    maybe = bingo_index_->MaybeWordWithOneOf(key, all_tiles);
  } else {
    // The pairs {x, y}, x <= y: the second blank stands for x or a later tile.
    for (std::uint64_t xs = all_tiles; xs && !maybe; xs &= xs - 1) {
      const int x = __builtin_ctzll(xs);
      maybe = bingo_index_->MaybeWordWithOneOf(key + BingoIndex::Key(static_cast<Tile>(x)), xs);
    }
  }
  if (n_keys_ < kMaxKeys) keys_[n_keys_++] = {key, maybe};
  return maybe;
}

// For the anchor entered, where only a bingo can reach `floor`: the
// letters its blanks may stand for, from the bingo index's answers for the
// span of kRackSize new tiles of each start that may reach the floor.
void Traversal::RestrictBlanks(int floor) {
  const int a = anchor_;
  int run = a;
  while (run > 0 && line_[run - 1].cell != kEmpty) --run;
  const std::uint64_t rack_all = RackAll();
  std::uint64_t end_key[kMaxBoardDim + 1];
  bool has_end[kMaxBoardDim + 1] = {};
  {
    int k = 0;
    std::uint64_t key = 0;
    for (int p = run; p < n_; ++p) {
      const Sq& s = line_[p];
      if (s.cell != kEmpty) {
        key += BingoIndex::Key(CellTile(s.cell));
      } else {
        const std::uint64_t allowed = rack_all & (p == a ? AnchorTiles(line_, a) : s.cross & s.ext);
        if (k == rack_size_ || !allowed) break;
        ++k;
      }
      if (p >= a && (p + 1 == n_ || line_[p + 1].cell == kEmpty)) end_key[k] = key, has_end[k] = true;
    }
  }
  std::uint64_t first = 0, partner[64] = {};
  for (int start = run == a ? a : run; start >= first_start_; --start) {
    const int kl = run == a ? a - start : 0;
    if (kl > 0 && !(line_[start].cross & rack_all)) break;
    const int kr = kRackSize - kl;
    if (kr < 1 || !has_end[kr] || start_bound_[start] < floor) continue;
    const std::uint64_t key = rack_key_ + end_key[kr];
    if (rack_blanks_ == 1) {
      first |= bingo_index_->MaybeTiles(key, all_tiles);
      continue;
    }
    for (std::uint64_t xs = all_tiles; xs; xs &= xs - 1) {
      const int x = __builtin_ctzll(xs);
      const std::uint64_t ys = bingo_index_->MaybeTiles(key + BingoIndex::Key(static_cast<Tile>(x)), xs);
      if (!ys) continue;
      first |= ys | (std::uint64_t(1) << x);
      partner[x] |= ys;
      for (std::uint64_t y = ys; y; y &= y - 1) partner[__builtin_ctzll(y)] |= std::uint64_t(1) << x;
    }
  }
  blank_tiles_ = rack_tiles_ | first;
  for (int t = 0; t < 64; ++t) after_blank_[t] = rack_blanks_ == 2 ? rack_tiles_ | partner[t] : blank_tiles_;
  blanks_restricted_ = true;
}

// Generates anchors by decreasing bound while `sink.Floor()` (the score a
// play must reach to matter) does not exceed the bound.
template <class S>
std::uint64_t Traversal::RunBestFirst(Algorithm alg, const Rack& rack, S& sink, const double* max_bonus,
                                      const AnchorSet* anchors, const double* max_bonus_blank) {
  LoadRack(rack);
  bonus_bounds_ = max_bonus != nullptr;
  blank_bonus_bounds_ = bonus_bounds_ && max_bonus_blank && rack_blanks_ > 0;
  // Rounded up, and kept far from overflow: a bound only needs to be no less than the bonus.
  const auto bound_of = [](double b) { return b > 1e8 ? 100000000 : b < -1e8 ? -100000000 : int(std::ceil(b)); };
  for (int k = 0; k <= kMaxBoardDim; ++k) {
    bonus_[k] = max_bonus && k <= rack_size_ ? bound_of(max_bonus[k]) : 0;
    bonus_blank_[k] = blank_bonus_bounds_ && k <= rack_size_ ? bound_of(max_bonus_blank[k]) : bonus_[k];
  }
  if (rack_size_ == 0) return 0;
  const Graph& graph = alg == Algorithm::kGaddag ? lex->gaddag() : lex->dawg();
  if (!graph.valid()) return 0;
  SortRackValues();
  n_keys_ = 0;
  rack_key_ = 0;
  for (int t = 1; t <= kMaxGenTile; ++t) rack_key_ += counts_[t] * BingoIndex::Key(static_cast<Tile>(t));
  const std::uint64_t rack_all = RackAll();
  anchors_.clear();
  n_saved_ = 0;
  // The best play on the empty board of a layout that is its own transpose
  // is never down: each play down has its mirror image across, with the
  // same score, and BetterPlay puts across first. So for the best by score,
  // or by score and a bonus that only the tiles decide (PlayBonus::
  // tiles_only), over every anchor, plays down are not searched. (Top lists
  // both; another bonus may tell them apart.)
  bool one_best = std::is_same_v<S, BestSink>;
  if constexpr (std::is_same_v<S, BonusSink>) one_best = sink.bonus.tiles_only;
  const bool across_only = one_best && !anchors && transposable && analysis->board_empty();
  // With one or two blanks on a full rack, an anchor whose bingos bound it
  // above its other plays is visited twice (AnchorRef::Part): its bingos
  // first, at its bound, with the blanks kept to the letters the bingo index
  // allows (RestrictBlanks), then its other plays at their own bound, which
  // the floor has often passed by then (the bingos found raise it), and by
  // paths of at most kRackSize - 1 tiles. Each play is recorded in one of
  // the two visits. Without the split such an anchor, taken before any
  // bingo is found, was walked with its blanks free.
  const bool split_bingos = BlanksRestrictable();
  for (const Dir d : {Dir::kAcross, Dir::kDown}) {
    if (d == Dir::kDown && across_only) break;
    const int n_lines = analysis->LineCount(d);
    for (int line = 0; line < n_lines; ++line) {
      const std::uint32_t allowed = anchors ? anchors->Line(d, line) : ~std::uint32_t(0);
      if (!allowed) continue;
      const Sq* sq = analysis->Line(d, line);
      for (std::uint32_t todo = analysis->AnchorMask(d, line) & allowed; todo; todo &= todo - 1) {
        const int pos = __builtin_ctz(todo);
        // An anchor none of the rack's tiles fits has no play: no bound needed.
        if (!(AnchorTiles(sq, pos) & rack_all)) continue;
        EnterAnchor(d, line, pos, rack_all);
        const int bound = AnchorBound();
        if (bound == kNoBound) continue;
        AnchorRef ar{bound, d, static_cast<std::uint8_t>(line), static_cast<std::uint8_t>(pos), 0, -1};
        ar.short_bound = short_best_, ar.blank_bound = blank_best_;
        SaveStarts(&ar);
        if (split_bingos && short_best_ < bound) {
          ar.part = AnchorRef::kBingos;
          anchors_.push_back(ar);
          if (short_best_ == kNoBound) continue;
          ar.part = AnchorRef::kShort;
          ar.bound = short_best_;
        }
        anchors_.push_back(ar);
      }
    }
  }
  // Anchors come off a max-heap by bound: the search usually stops long
  // before the last, so sorting them all would be wasted. (The order among
  // equal bounds does not matter: the sinks keep the best plays under
  // BetterPlay, a total order.)
  const auto lower = [](const AnchorRef& x, const AnchorRef& y) { return x.bound < y.bound; };
  std::make_heap(anchors_.begin(), anchors_.end(), lower);
  graph.Dispatch([&](const auto& g) {
    for (auto heap_end = anchors_.end(); heap_end != anchors_.begin(); --heap_end) {
      std::pop_heap(anchors_.begin(), heap_end, lower);
      const AnchorRef& ar = heap_end[-1];
      if (stop_ || ar.bound < sink.Floor()) break;
      // A bound equal to the floor matters only if a play of the anchor could win the tie-break.
      if (ar.bound == sink.Floor() && StartTieKey(ar.dir, ar.line, ar.first) > sink.FloorKey()) continue;
      EnterAnchor(ar.dir, ar.line, ar.pos, rack_all);
      RestoreStarts(ar);  // the per-start bounds of this anchor
      // Blanks only where a play with one may reach the floor, and where only
      // a bingo may, only for the letters of the bingos the index allows.
      if (rack_blanks_ > 0 && ar.blank_bound < sink.Floor()) {
        blank_tiles_ = rack_tiles_;
        std::fill(after_blank_, after_blank_ + 64, rack_tiles_);
        blanks_restricted_ = true;
      } else if ((ar.part == AnchorRef::kBingos || ar.short_bound < sink.Floor()) && BlanksRestrictable()) {
        RestrictBlanks(sink.Floor());
      }
      bingos_only_ = ar.part == AnchorRef::kBingos;
      walk_tiles_ = ar.part == AnchorRef::kShort ? kRackSize - 1 : rack_size_;
      GenerateAt(g, sink, alg);
      if (blanks_restricted_) UnrestrictBlanks();
      bingos_only_ = false;
      walk_tiles_ = rack_size_;
    }
  });
  return found_;
}

}  // namespace internal

std::uint64_t MoveGenerator::Top(const Rack& rack, Algorithm a, std::size_t n, std::vector<Play>* out) {
  out->clear();
  if (n == 0) return Count(rack, a);
  out->reserve(std::min<std::size_t>(n, 4096));
  internal::TopSink sink{n, out};
  const std::uint64_t found = impl_->traversal.RunBestFirst(a, rack, sink);
  std::sort_heap(out->begin(), out->end(), BetterPlay);
  return found;
}

bool MoveGenerator::BestWithBonus(const Rack& rack, Algorithm a, PlayBonus bonus, const double* max_bonus, Play* out,
                                  double* value) {
  internal::BonusSink sink;
  sink.bonus = bonus;
  impl_->traversal.RunBestFirst(a, rack, sink, max_bonus);
  if (sink.have) {
    *out = sink.best;
    if (value) *value = sink.value;
  }
  return sink.have;
}

bool MoveGenerator::BestWithBonus(const Rack& rack, Algorithm a, PlayBonus bonus, const double* max_bonus,
                                  const BonusSearch& search, RatedPlay* out) {
  internal::BonusSink sink;
  sink.bonus = bonus;
  if (search.incumbent) {
    sink.best = search.incumbent->play;
    sink.value = search.incumbent->value;
    sink.have = true;
    sink.floor = internal::BonusFloor(sink.value);
  } else if (search.beat) {
    sink.floor = internal::BonusFloor(search.beat->value);
  }
  impl_->traversal.RunBestFirst(a, rack, sink, max_bonus, search.anchors, search.max_bonus_blank);
  if (sink.have && !search.incumbent && search.beat &&
      !internal::BetterRatedPlay(RatedPlay{sink.best, sink.value}, *search.beat))
    sink.have = false;
  if (sink.have) {
    out->play = sink.best;
    out->value = sink.value;
  }
  return sink.have;
}

std::uint64_t MoveGenerator::TopWithBonus(const Rack& rack, Algorithm a, PlayBonus bonus, const double* max_bonus,
                                          std::size_t n, std::vector<RatedPlay>* out, const double* max_bonus_blank) {
  out->clear();
  if (n == 0) return 0;
  out->reserve(std::min<std::size_t>(n, 4096));
  internal::TopBonusSink sink{bonus, n, out};
  const std::uint64_t found = impl_->traversal.RunBestFirst(a, rack, sink, max_bonus, nullptr, max_bonus_blank);
  std::sort_heap(out->begin(), out->end(), internal::BetterRatedPlay);
  return found;
}

bool MoveGenerator::BestWithBonus(const Rack& rack, Algorithm a, PlayBonus bonus, double max_bonus, Play* out,
                                  double* value) {
  double by_placed[kMaxBoardDim + 1];
  std::fill(by_placed, by_placed + kMaxBoardDim + 1, max_bonus);
  return BestWithBonus(rack, a, bonus, by_placed, out, value);
}

bool MoveGenerator::Best(const Rack& rack, Algorithm a, Play* out) {
  internal::Traversal& t = impl_->traversal;
  // (With the graph `a` names: without it the search below finds nothing.)
  if (t.transposable && t.analysis->board_empty() && t.blank_never_gains && t.lex->dawg().valid() &&
      (a == Algorithm::kDawg || t.lex->gaddag().valid()))
    return t.BestOnEmptyBoard(rack, out);
  internal::BestSink sink;
  impl_->traversal.RunBestFirst(a, rack, sink);
  if (sink.have) *out = sink.best;
  return sink.have;
}

}  // namespace lexc::gen
