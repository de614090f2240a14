// lexc/gen/board_analysis.h -- a board and what move generation needs to know
// about it: anchors, cross-check sets, cross sums.
//
// Per empty square and direction: the cross-check set (a 64-bit mask over
// tile codes of the tiles whose perpendicular word is a word), the cross sum
// (face value of the perpendicular tiles) and whether there is any
// perpendicular tile; the extension sets (the tiles that may stand there
// given the board tiles beside it along the play's own line, below); per
// square, whether it is an anchor (an empty square next to a tile; on an
// empty board, the start square alone). `dir` below is the direction of the
// play that would place a tile on the square.
//
// A BoardAnalysis is a value: it owns its Board and borrows a Lexicon (the
// graph the cross-checks are walked in: the DAWG if present, else the
// GADDAG's rev(w) paths) and a Layout, which must outlive it and every copy.
// SetBoard computes everything from scratch; Apply places a play and updates
// only the squares the play can change; Undo takes back the last Apply.
//
// Undo: Apply records the squares it is about to change (both directions and
// the board cell, as they were) on an undo stack inside the analysis; Undo
// pops the last Apply's records and restores them, so a chain of Applies is
// undone in reverse order, each Undo giving back exactly the state before
// its Apply (operator== holds). The stack keeps its capacity, so after the
// first few Applies neither Apply nor Undo allocates. SetBoard clears it.
//
// Storage: every square is kept twice, in an across array (line = row) and a
// down array (line = column), so a traversal along either direction reads
// contiguous memory (Line()).
// Thread safety: a value type; const access from many threads is safe.
// Complexity: SetBoard O(squares x cross-word walks); Apply O(tiles placed x
// cross-word walks; the extension sets add a walk for squares between two
// runs); Undo O(records of that Apply: up to 5 per new tile, and the start
// square); copying O(squares + undo records).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "lexc/gen/board.h"
#include "lexc/gen/layout.h"
#include "lexc/gen/move.h"
#include "lexc/lexicon.h"
#include "lexc/status.h"

namespace lexc::gen {

// One square as seen by plays along one direction (what Line() returns).
struct AnalyzedSquare {
  static constexpr std::uint8_t kAnchor = 1;
  static constexpr std::uint8_t kHasCross = 2;

  std::uint64_t cross = 0;  // tiles allowed here (bit t); empty squares only, else 0
  // Extension sets, from the board runs L (the tiles right before the
  // square along the play's line) and R (right after it), either possibly
  // empty; every tile (all bits) when the set says nothing, 0 on an occupied
  // square. Necessary conditions, not exact sets: the best-first search's
  // bounds read them (a tile outside them cannot stand here in any play).
  //   ext:      with R not empty, the tiles t such that L t R occurs inside
  //             some word (read on the GADDAG; all tiles without one);
  //             all tiles when R is empty.
  //   ext_hook: with L not empty, the tiles t such that L t R begins some
  //             word (the play's word starts with L: an anchor right after
  //             a run); all tiles when L is empty.
  std::uint64_t ext = ~std::uint64_t(0), ext_hook = ~std::uint64_t(0);
  std::int32_t xsum = 0;  // face values of the perpendicular word's tiles
  std::int32_t face = 0;  // face value of the tile on the square (0: empty)
  Cell cell = kEmpty;
  std::uint8_t lm = 1, wm = 1;  // the layout's letter and word premiums
  std::uint8_t flags = 0;       // kAnchor, kHasCross

  bool operator==(const AnalyzedSquare&) const = default;
};

class BoardAnalysis {
 public:
  // The analysis of the empty board of `layout`. Both must outlive it.
  // Errors: kInvalidArgument (neither graph in the image), kLimit (an
  // alphabet of more than kMaxGenTile tiles, a layout side outside
  // 1..kMaxBoardDim).
  static Result<BoardAnalysis> Create(const Lexicon& lexicon, const Layout& layout);

  const Board& board() const { return board_; }
  const Layout& layout() const { return *layout_; }
  const Lexicon& lexicon() const { return *lexicon_; }

  // Replaces the board and recomputes everything; clears the undo stack.
  // Errors (kInvalidArgument, nothing changed): the board's size differs from
  // the layout's, a cell with a tile code outside the alphabet.
  Status SetBoard(const Board& board);
  // Places a play's new tiles (ApplyPlay's checks and errors, and a new tile
  // outside the alphabet: kInvalidArgument, nothing changed) and updates the
  // analysis incrementally, pushing an undo record. The play need not be legal.
  Status Apply(const Play& play);
  // Restores the board and analysis to what they were before the last Apply
  // not yet undone. Errors: kInvalidArgument when there is none (nothing
  // applied since SetBoard or Create).
  Status Undo();
  // Applies not yet undone.
  int UndoDepth() const { return static_cast<int>(frames_.size()); }

  // Whether the extension sets are kept (the default). Without them every
  // square's ext and ext_hook hold every tile: the best-first searches bound
  // more loosely (the same answers, more anchors walked) and Apply costs
  // about a third less. For work that lists every play, as the endgame
  // solver does. Changing it analyzes the board again and clears the undo
  // stack, as SetBoard does.
  void SetExtensionSets(bool keep);
  bool extension_sets() const { return extension_sets_; }

  // Precondition for all four: (row, col) in range. CrossSet is every tile
  // of the alphabet when nothing is perpendicular; 0 on an occupied square.
  std::uint64_t CrossSet(int row, int col, Dir dir) const { return At(dir, row, col).cross; }
  int CrossSum(int row, int col, Dir dir) const { return At(dir, row, col).xsum; }
  bool HasCross(int row, int col, Dir dir) const { return (At(dir, row, col).flags & AnalyzedSquare::kHasCross) != 0; }
  bool IsAnchor(int row, int col) const { return (At(Dir::kAcross, row, col).flags & AnalyzedSquare::kAnchor) != 0; }
  // The anchors of one line as a mask: bit p set when square p of Line(dir,
  // line) is an anchor (kept with the squares' flags, so a search reads a
  // line's anchors without a pass over its squares). Precondition: line in
  // range.
  std::uint32_t AnchorMask(Dir dir, int line) const { return anchor_mask_[static_cast<int>(dir)][line]; }

  // The squares of one line in order: row `line` for kAcross (cols() of
  // them), column `line` for kDown (rows()). Precondition: line in range.
  const AnalyzedSquare* Line(Dir dir, int line) const {
    const int d = static_cast<int>(dir);
    return squares_[d].data() + std::size_t(line) * std::size_t(line_len_[d]);
  }
  // Whether no tile is on the board (the start square is the only anchor).
  bool board_empty() const { return board_empty_; }
  int LineCount(Dir dir) const { return lines_[static_cast<int>(dir)]; }
  int LineLength(Dir dir) const { return line_len_[static_cast<int>(dir)]; }

  // The same board and the same analysis of every square (the undo stack
  // and which Lexicon and Layout objects are borrowed are not compared).
  bool operator==(const BoardAnalysis& o) const;

  // ---- test hook, not API ----
  // The cross-check set of an empty square computed with the named graph
  // rather than the one the analysis uses, for tests that the two ways
  // agree (DAWG: prefix then suffix; GADDAG: reversed). Precondition: that
  // graph is present; (row, col) in range.
  std::uint64_t CrossSetViaGraphForTesting(bool via_gaddag, int row, int col, Dir dir) const;

 private:
  // What Apply changed: a square's two views and its board cell as they were.
  struct SquareRecord {
    std::int32_t index;  // row * cols + col
    Cell cell;
    AnalyzedSquare across, down;
  };
  struct Frame {
    std::uint32_t first_record;
    bool board_was_empty;
  };

  BoardAnalysis() = default;
  AnalyzedSquare& At(Dir d, int row, int col) {
    return d == Dir::kAcross ? squares_[0][std::size_t(row * line_len_[0] + col)]
                             : squares_[1][std::size_t(col * line_len_[1] + row)];
  }
  const AnalyzedSquare& At(Dir d, int row, int col) const { return const_cast<BoardAnalysis*>(this)->At(d, row, col); }
  int ValueOf(Cell c) const;
  void Analyze();
  void Update(const Play& p);
  void Record(int row, int col);
  void SetCell(int row, int col, Cell c);
  bool ComputeAnchor(int row, int col) const;
  void SetAnchor(int row, int col);
  // Square (row, col)'s bits of anchor_mask_ (kept with its kAnchor flags).
  void SetAnchorBits(int row, int col, bool anchor);
  template <class G>
  void ComputeCross(const G& g, bool reversed, Dir d, int row, int col);
  template <class G>
  void CrossOf(const G& g, bool reversed, Dir d, int row, int col, std::uint64_t* set, int* sum, bool* has,
               bool gaddag_after = false, AnalyzedSquare* line_view = nullptr) const;
  std::uint64_t InsideSet(const Tile* u, int nu, const Tile* d, int nd) const;
  std::uint64_t HookSet(const Tile* u, int nu, const Tile* d, int nd) const;
  template <class G>
  std::uint64_t CrossSetOf(const G& g, bool reversed, const Tile* u, int nu, const Tile* d, int nd,
                           std::uint64_t* paths = nullptr) const;
  template <class F>
  void WithCrossGraph(F&& f);

  const Lexicon* lexicon_ = nullptr;
  const Layout* layout_ = nullptr;
  int values_[kMaxGenTile + 1] = {};
  int blank_value_ = 0;
  std::uint64_t all_tiles_ = 0;  // bits 1..alphabet size
  Board board_;
  bool board_empty_ = true;
  std::vector<AnalyzedSquare> squares_[2];  // [dir][line * line_len + pos]
  static_assert(kMaxBoardDim <= 32, "a line's anchors are a 32-bit mask");
  std::uint32_t anchor_mask_[2][kMaxBoardDim] = {};  // [dir][line]: AnchorMask
  int lines_[2] = {0, 0}, line_len_[2] = {0, 0};
  bool extension_sets_ = true;
  // Cross data by the runs around a square: the same words come back on
  // other boards (a search applies the same plays again and again), and a
  // look-up here costs less than the graph walks. Direct-mapped, verified
  // by the whole key (runs of up to kMemoTiles tiles), filled by
  // ComputeCross. Per object: a copy starts empty (CrossMemo's copy).
  struct CrossMemoEntry {
    std::uint64_t k0 = 0, k1 = 0;  // k0 == 0: empty (a key always has a length bit set)
    std::uint64_t set = 0, ext = 0, ext_hook = 0;
  };
  struct CrossMemo {
    CrossMemo() = default;
    CrossMemo(const CrossMemo&) {}
    CrossMemo& operator=(const CrossMemo&) {
      entries.clear();
      return *this;
    }
    CrossMemo(CrossMemo&&) = default;
    CrossMemo& operator=(CrossMemo&&) = default;
    std::vector<CrossMemoEntry> entries;  // empty until first used
  };
  static constexpr int kMemoTiles = 18;  // 6-bit tiles: 8 beside the lengths in one word, 10 in the other
  static constexpr std::size_t kMemoSlots = 2048;
  mutable CrossMemo memo_;
  std::vector<SquareRecord> records_;  // the undo stack: records of every frame
  std::vector<Frame> frames_;          // one per Apply not yet undone
};

}  // namespace lexc::gen
