// Gordon over the GADDAG: from each anchor leftwards (the path spells
// rev(x)), then through the separator rightwards with the shared extension
// (movegen_internal.h). An anchor right after a board run starts from
// rev(run) + separator, one right before a run from rev(run).
#include "movegen_sinks.h"

namespace lexc::gen::internal {

namespace {

template <class G, class S>
inline void GaddagLeft(Traversal& t, const G& g, S& sink, int pos, Node node, const Acc& a);

template <class G, class S>
inline void LeftStep(Traversal& t, const G& g, S& sink, int pos, Node child, bool accepts, const Acc& a) {
  const bool left_free = pos == 0 || t.line_[pos - 1].cell == kEmpty;
  // rev(w) accepted: the word ends at the anchor.
  if (accepts && left_free && t.right_free_ && pos < t.right_end_) t.Record(sink, pos, t.right_end_, a);
  if (child == kNoNode) return;
  // Further left: through board tiles, or rack tiles on free squares short
  // of the previous anchor (plays covering it are generated from it).
  if (pos > 0) {
    const Sq& l = t.line_[pos - 1];
    if ((l.cell != kEmpty || (!(l.flags & Sq::kAnchor) && a.placed < t.walk_tiles_)) && t.WorthLeftOf(sink, pos))
      GaddagLeft(t, g, sink, pos - 1, child, a);
  }
  // Turn right through the separator (a tile on a free square after the
  // run needs one left: the rack's last may be spent, or walk_tiles_ reached).
  if (left_free && t.right_open_ && (!t.right_free_ || a.placed < t.walk_tiles_) && t.WorthStart(sink, pos)) {
    Node sep;
    bool unused;
    if (g.Child(child, kSeparator, &sep, &unused)) t.ExtendRight(g, sink, t.right_end_ + 1, sep, pos, a);
  }
}

// Leftwards from the anchor: the path so far spells rev(squares pos..anchor).
template <class G, class S>
inline void GaddagLeft(Traversal& t, const G& g, S& sink, int pos, Node node, const Acc& a) {
  t.template OnSquare<S::kPrune>(
      g, pos, node, a, [&](Node child, bool accepts, const Acc& b) { LeftStep(t, g, sink, pos, child, accepts, b); });
}

// An anchor right after a board run: every play of it is the run followed
// by new tiles from the anchor rightwards (the square before the run, if
// empty, is an anchor of its own). Walk rev(run) + separator once and
// extend right, rather than walking the run again after each tile the
// anchor can take.
template <class G, class S>
inline void GaddagHook(Traversal& t, const G& g, S& sink) {
  int start = t.anchor_ - 1;
  while (start > 0 && t.line_[start - 1].cell != kEmpty) --start;
  Node node = g.root();
  bool accepts;
  Acc acc;
  for (int p = t.anchor_ - 1; p >= start; --p) {
    if (!g.Child(node, CellTile(t.line_[p].cell), &node, &accepts)) return;
    acc.main += t.line_[p].face;
  }
  if (!g.Child(node, kSeparator, &node, &accepts)) return;
  t.ExtendRight(g, sink, t.anchor_, node, start, acc);
}

// An anchor right before a board run (and none before it): every play of
// it covers the run. Walk rev(run) once, then leftwards from the anchor as
// usual, turning through the separator after the run, rather than walking
// the run again after the separator for every leftward path.
template <class G, class S>
inline void GaddagRun(Traversal& t, const G& g, S& sink) {
  int end = t.anchor_ + 1;
  while (end + 1 < t.n_ && t.line_[end + 1].cell != kEmpty) ++end;
  Node node = g.root();
  bool accepts;
  Acc acc;
  for (int p = end; p > t.anchor_; --p) {
    if (!g.Child(node, CellTile(t.line_[p].cell), &node, &accepts)) return;
    acc.main += t.line_[p].face;
  }
  t.right_end_ = end;
  t.right_free_ = true;
  t.right_open_ = end + 1 < t.n_ && (t.line_[end + 1].cross & t.RackAll()) != 0;
  GaddagLeft(t, g, sink, t.anchor_, node, acc);
}

}  // namespace

template <class G, class S>
void Traversal::GaddagAnchor(const G& g, S& sink) {
  if (anchor_ > 0 && line_[anchor_ - 1].cell != kEmpty)
    GaddagHook(*this, g, sink);
  else if (!right_free_)
    GaddagRun(*this, g, sink);
  else
    GaddagLeft(*this, g, sink, anchor_, g.root(), Acc());
}

#define LEXC_GEN_INSTANTIATE_GADDAG(View, Sink) template void Traversal::GaddagAnchor<View, Sink>(const View&, Sink&);
LEXC_GEN_FOR_EACH_VIEW_AND_SINK(LEXC_GEN_INSTANTIATE_GADDAG)

}  // namespace lexc::gen::internal
