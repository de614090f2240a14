// The best play by score on the empty board (MoveGenerator::Best's
// shortcut), for a rack without blanks on a layout that is its own
// transpose.
//
// The walk from the start square would spell each word the rack makes once
// for every square of it that can stand on the start square; here each word
// is spelled once, along the DAWG, and scored at each place across row
// start_row that covers the start square and fits the board. With no tile
// on the board there are no cross words and no hooks, so those are exactly
// the plays across (a word of two tiles or more, every tile from the rack),
// and the plays down are their mirror images (Layout::Transposable), never
// first in BetterPlay's order. Without blanks a word is one play at each
// place, so the best is the highest score, then the leftmost place, then the
// shortest word, then the lowest cells: BetterPlay, which picks it.
#include "movegen_internal.h"

namespace lexc::gen::internal {

namespace {

// Depth-first over the DAWG, every tile from the rack's counts.
template <class G>
struct OpeningWalk {
  OpeningWalk(const G& graph, Traversal& traversal) : g(graph), t(traversal) {}

  const G& g;
  Traversal& t;
  int row = 0, cols = 0, start = 0;
  int lm[kMaxBoardDim] = {}, wm[kMaxBoardDim] = {};
  Tile word[kMaxBoardDim] = {};
  Play best;
  bool have = false;

  void Consider(int len) {
    const int first = std::max(0, start - len + 1), last = std::min(start, cols - len);
    for (int col = first; col <= last; ++col) {
      int main = 0, mult = 1;
      for (int i = 0; i < len; ++i) {
        main += t.values[word[i]] * lm[col + i];
        mult *= wm[col + i];
      }
      const int score = main * mult + (len == kRackSize ? t.bingo : 0);
      if (have && score < best.score) continue;
      Play p;
      p.dir = Dir::kAcross;
      p.row = static_cast<std::uint8_t>(row);
      p.col = static_cast<std::uint8_t>(col);
      p.length = static_cast<std::uint8_t>(len);
      p.placed = static_cast<std::uint8_t>(len);
      p.score = score;
      for (int i = 0; i < len; ++i) p.cells[i] = static_cast<Cell>(word[i]);
      if (!have || BetterPlay(p, best)) best = p, have = true;
    }
  }

  // A node's arcs come in increasing tile order on a verified image; on an
  // unverified one the walk stops at the first that does not, so that no
  // node is read past one pass over the alphabet (the generic search stops
  // likewise), and it takes only the alphabet's tiles.
  void Walk(Node node, int depth) {
    int previous = -1;
    g.ForEachArc(node, [&](Tile tile, bool accepts, Node child) {
      if (int(tile) <= previous) return false;
      previous = tile;
      if (tile > kMaxGenTile || !((t.all_tiles >> tile) & 1u) || t.counts_[tile] == 0) return true;
      --t.counts_[tile];
      word[depth] = tile;
      if (accepts && depth >= 1) Consider(depth + 1);
      if (depth + 1 < t.rack_size_ && depth + 1 < cols) Walk(child, depth + 1);
      ++t.counts_[tile];
      return true;
    });
  }
};

}  // namespace

bool Traversal::BestOnEmptyBoard(const Rack& rack, Play* out) {
  LoadRack(rack);
  const Layout& layout = analysis->layout();
  bool have = false;
  lex->dawg().Dispatch([&](const auto& g) {
    OpeningWalk<std::decay_t<decltype(g)>> w(g, *this);
    w.row = layout.start_row();
    w.cols = layout.cols();
    w.start = layout.start_col();
    for (int c = 0; c < w.cols; ++c) {
      w.lm[c] = layout.letter_mult(w.row, c);
      w.wm[c] = layout.word_mult(w.row, c);
    }
    if (rack_size_ >= 2) w.Walk(g.root(), 0);
    if (w.have) *out = w.best;
    have = w.have;
  });
  return have;
}

}  // namespace lexc::gen::internal
