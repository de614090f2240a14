// The best play by score on the empty board (MoveGenerator::Best's
// shortcut) on a layout that is its own transpose, when a blank never
// scores more than the tile it stands for.
//
// The walk from the start square would spell each word the rack makes once
// for every square of it that can stand on the start square; here each word
// is spelled once, along the DAWG, and scored at each place across row
// start_row that covers the start square and fits the board. With no tile
// on the board there are no cross words and no hooks, so those are exactly
// the plays across (a word of two tiles or more, every tile from the rack),
// and the plays down are their mirror images (Layout::Transposable), never
// first in BetterPlay's order. At each place the best way to supply a
// word's letters is found directly (OpeningWalk), so the best play is the
// first by BetterPlay among one candidate per word and place, compared with
// BetterPlay itself.
#include "movegen_internal.h"

namespace lexc::gen::internal {

namespace {

// Depth-first over the DAWG: each letter from the rack when it holds one,
// else from a blank, as the generic walk places them. A word spelled with
// blanks stands for every way to supply its letters; the best of them at a
// place keeps real tiles wherever the rack has them (a blank never scores
// more than the tile it stands for: blank_never_gains), and puts the
// blanks a letter needs on its squares of the lowest letter premium, the
// rightmost of equal ones (BetterPlay then prefers a real tile first).
template <class G>
struct OpeningWalk {
  OpeningWalk(const G& graph, Traversal& traversal) : g(graph), t(traversal) {}

  const G& g;
  Traversal& t;
  int row = 0, cols = 0, start = 0;
  int lm[kMaxBoardDim] = {}, wm[kMaxBoardDim] = {};
  Tile word[kMaxBoardDim] = {};
  int blanks = 0;                     // blanks left on the rack
  Tile blank_for[kMaxBoardDim] = {};  // the letters blanks stand for so far
  int n_blank = 0;
  Play best;
  bool have = false;

  void Consider(int len) {
    const int first = std::max(0, start - len + 1), last = std::min(start, cols - len);
    for (int col = first; col <= last; ++col) {
      int main = 0, mult = 1;
      Play p;
      for (int i = 0; i < len; ++i) {
        main += t.values[word[i]] * lm[col + i];
        mult *= wm[col + i];
        p.cells[i] = static_cast<Cell>(word[i]);
      }
      for (int b = 0; b < n_blank; ++b) {  // each blank on its letter's cheapest square left
        const Tile x = blank_for[b];
        int at = -1;
        for (int i = 0; i < len; ++i)
          if (p.cells[i] == static_cast<Cell>(x) && (at < 0 || lm[col + i] <= lm[col + at])) at = i;
        main -= (t.values[x] - t.blank_value) * lm[col + at];
        p.cells[at] = MakeCell(x, true);
      }
      const int score = main * mult + (len == kRackSize ? t.bingo : 0);
      if (have && score < best.score) continue;
      p.dir = Dir::kAcross;
      p.row = static_cast<std::uint8_t>(row);
      p.col = static_cast<std::uint8_t>(col);
      p.length = static_cast<std::uint8_t>(len);
      p.placed = static_cast<std::uint8_t>(len);
      p.score = score;
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
      if (tile > kMaxGenTile || !((t.all_tiles >> tile) & 1u)) return true;
      const bool real = t.counts_[tile] != 0;
      if (!real && blanks == 0) return true;
      if (real)
        --t.counts_[tile];
      else
        --blanks, blank_for[n_blank++] = tile;
      word[depth] = tile;
      if (accepts && depth >= 1) Consider(depth + 1);
      if (depth + 1 < t.rack_size_ && depth + 1 < cols) Walk(child, depth + 1);
      if (real)
        ++t.counts_[tile];
      else
        ++blanks, --n_blank;
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
    w.blanks = rack_blanks_;
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
