// Appel & Jacobson over the DAWG: for each anchor, a left part (the board
// run touching it, or rack tiles on the free squares up to the previous
// anchor), then the shared rightward extension (movegen_internal.h).
#include <algorithm>

#include "movegen_sinks.h"

namespace lexc::gen::internal {

namespace {

template <class G, class S>
inline void LeftPart(Traversal& t, const G& g, S& sink, Node node, int k, int limit) {
  Acc acc;
  int blank_main = 0, blank_cross = 0;  // Traversal::blank_main_, blank_cross_ of the left part
  for (int i = 0; i < k; ++i) {
    const int pos = t.anchor_ - k + i;
    const Sq& s = t.line_[pos];
    t.word_[pos] = t.left_[i];
    acc = Place(acc, s, t.ValueOf(t.left_[i]));
    if (CellIsBlank(t.left_[i])) {
      const int gain = (t.values[CellTile(t.left_[i])] - t.blank_value) * s.lm;
      blank_main += gain;
      if (s.flags & Sq::kHasCross) blank_cross += gain * s.wm;
    }
  }
  if (t.WorthStart(sink, t.anchor_ - k)) {
    t.blank_main_ = blank_main, t.blank_cross_ = blank_cross;
    t.ExtendRight(g, sink, t.anchor_, node, t.anchor_ - k, acc);
    t.blank_main_ = t.blank_cross_ = 0;
  }
  if (k == limit || t.stop_ || !t.WorthLeftOf(sink, t.anchor_ - k)) return;
  t.ForEachPlacement(g, node, t.RackAll(), [&](Cell code, int, Node child, bool) {
    if (child == kNoNode) return;
    t.left_[k] = code;
    LeftPart(t, g, sink, child, k + 1, limit);
  });
}

}  // namespace

template <class G, class S>
void Traversal::DawgAnchor(const G& g, S& sink) {
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
  while (a - limit - 1 >= 0 && line_[a - limit - 1].cell == kEmpty && !(line_[a - limit - 1].flags & Sq::kAnchor))
    ++limit;
  LeftPart(*this, g, sink, g.root(), 0, std::min(limit, walk_tiles_ - 1));
}

#define LEXC_GEN_INSTANTIATE_DAWG(View, Sink) template void Traversal::DawgAnchor<View, Sink>(const View&, Sink&);
LEXC_GEN_FOR_EACH_VIEW_AND_SINK(LEXC_GEN_INSTANTIATE_DAWG)

}  // namespace lexc::gen::internal
