// The sinks of the move generator's traversal (movegen_internal.h): what
// each kind of generation does with a found play (count it, call back,
// keep the best, the n best, or the best by score + bonus), and the list of
// graph views and sinks that DawgAnchor and GaddagAnchor are instantiated
// for. A sink is a template argument of the walk, so taking a play is an
// inlined call.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

#include "movegen_internal.h"

namespace lexc::gen::internal {

// ---- sinks ----
// kPrune: the sink keeps only plays scoring at least Floor(), so the search
// may skip what cannot reach it (best-first searches only).

struct CountSink {
  static constexpr bool kPrune = false;
  static int Floor() { return std::numeric_limits<int>::min(); }
  static int FloorKey() { return kAnyTieKey; }
  bool Take(const Traversal&, int, int, int, int) { return true; }
};

struct CallbackSink {
  static constexpr bool kPrune = false;
  static int Floor() { return std::numeric_limits<int>::min(); }
  static int FloorKey() { return kAnyTieKey; }
  PlayCallback cb;
  bool Take(Traversal& t, int left, int right, int placed, int score) {
    t.Materialize(&t.scratch_, left, right, placed, score);
    return cb.call(cb.context, t.scratch_);
  }
};

struct BestSink {
  static constexpr bool kPrune = true;
  Play best;
  bool have = false;
  int floor = std::numeric_limits<int>::min();  // best.score once have: one load for the hot checks
  int floor_key = kAnyTieKey;                   // TieKey(best) once have
  int Floor() const { return floor; }
  int FloorKey() const { return floor_key; }
  bool Take(const Traversal& t, int left, int right, int placed, int score) {
    if (score < floor) return true;
    Play p;
    t.Materialize(&p, left, right, placed, score);
    if (!have || BetterPlay(p, best)) best = p, have = true, floor = best.score, floor_key = TieKey(best);
    return true;
  }
};

// A value as a floor for the int bounds: rounded down (a bound below it
// cannot reach it; rounding never prunes a play that could tie), kept far
// from overflow.
inline int BonusFloor(double value) {
  const double f = std::floor(value);
  return f <= double(std::numeric_limits<int>::min() / 2) ? std::numeric_limits<int>::min() / 2 : int(f);
}

// Keeps x in *heap if it is among the n best by `better` (the heap's front
// is the worst kept).
template <class T, class Better>
void OfferToHeap(std::vector<T>* heap, std::size_t n, const T& x, Better better) {
  if (heap->size() < n) {
    heap->push_back(x);
    std::push_heap(heap->begin(), heap->end(), better);
  } else if (better(x, heap->front())) {
    std::pop_heap(heap->begin(), heap->end(), better);
    heap->back() = x;
    std::push_heap(heap->begin(), heap->end(), better);
  }
}

// Whether a is listed before b: higher value, then BetterPlay.
inline bool BetterRatedPlay(const RatedPlay& a, const RatedPlay& b) {
  return a.value != b.value ? a.value > b.value : BetterPlay(a.play, b.play);
}

// The play of highest score + bonus (ties: BetterPlay). The traversal's
// bonus_[k] bounds the bonus of a play placing k tiles and the anchor
// bounds include it, so the floor is in the same units: the best value so
// far, rounded down (a bound below it cannot reach it; rounding never
// prunes a play that could tie).
struct BonusSink {
  static constexpr bool kPrune = true;
  PlayBonus bonus;
  Play best;
  double value = 0;
  bool have = false;
  int floor = std::numeric_limits<int>::min();
  int Floor() const { return floor; }
  static int FloorKey() { return kAnyTieKey; }  // the floor is a rounded value: no tie-break on it
  bool Take(const Traversal& t, int left, int right, int placed, int score) {
    if (score + t.bonus_[placed] < floor) return true;
    Play p;
    t.Materialize(&p, left, right, placed, score);
    const double v = score + bonus.call(bonus.context, p);
    if (!have || v > value || (v == value && BetterPlay(p, best))) {
      best = p, value = v, have = true;
      floor = std::max(floor, BonusFloor(value));  // a preset floor (BonusSearch::beat) only rises
    }
    return true;
  }
};

// The n plays of highest score + bonus so far (a heap; its front is the
// worst of them), for TopWithBonus.
struct TopBonusSink {
  static constexpr bool kPrune = true;
  PlayBonus bonus;
  std::size_t n;
  std::vector<RatedPlay>* heap;
  int floor = std::numeric_limits<int>::min();
  int Floor() const { return floor; }
  static int FloorKey() { return kAnyTieKey; }  // the floor is a rounded value: no tie-break on it
  bool Take(const Traversal& t, int left, int right, int placed, int score) {
    if (score + t.bonus_[placed] < floor) return true;
    RatedPlay r;
    t.Materialize(&r.play, left, right, placed, score);
    r.value = score + bonus.call(bonus.context, r.play);
    OfferToHeap(heap, n, r, BetterRatedPlay);
    if (heap->size() == n) floor = BonusFloor(heap->front().value);
    return true;
  }
};

// A heap of the n best so far; its front is the worst of them.
struct TopSink {
  static constexpr bool kPrune = true;
  std::size_t n;
  std::vector<Play>* heap;
  int Floor() const { return heap->size() == n ? heap->front().score : std::numeric_limits<int>::min(); }
  int FloorKey() const { return heap->size() == n ? TieKey(heap->front()) : kAnyTieKey; }
  bool Take(const Traversal& t, int left, int right, int placed, int score) {
    if (heap->size() == n && score < heap->front().score) return true;
    Play p;
    t.Materialize(&p, left, right, placed, score);
    OfferToHeap(heap, n, p, BetterPlay);
    return true;
  }
};

// Instantiates M(view, sink) for every graph view and sink, for the
// explicit instantiations of DawgAnchor and GaddagAnchor.
// clang-format off
#define LEXC_GEN_FOR_EACH_VIEW_AND_SINK(M) \
  M(GraphView<Arc32>, CountSink)           \
  M(GraphView<Arc32>, CallbackSink)        \
  M(GraphView<Arc32>, BestSink)            \
  M(GraphView<Arc32>, TopSink)             \
  M(GraphView<Arc32>, BonusSink)           \
  M(GraphView<Arc32>, TopBonusSink)        \
  M(GraphView<Arc64>, CountSink)           \
  M(GraphView<Arc64>, CallbackSink)        \
  M(GraphView<Arc64>, BestSink)            \
  M(GraphView<Arc64>, TopSink)             \
  M(GraphView<Arc64>, BonusSink)           \
  M(GraphView<Arc64>, TopBonusSink)        \
  M(GraphView<ArcPacked>, CountSink)       \
  M(GraphView<ArcPacked>, CallbackSink)    \
  M(GraphView<ArcPacked>, BestSink)        \
  M(GraphView<ArcPacked>, TopSink)         \
  M(GraphView<ArcPacked>, BonusSink)       \
  M(GraphView<ArcPacked>, TopBonusSink)
// clang-format on

}  // namespace lexc::gen::internal
