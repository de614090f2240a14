// Board analysis: anchors and cross-checks, from scratch and incrementally,
// with an undo stack of the squares each Apply changed.
#include "lexc/gen/board_analysis.h"

#include <algorithm>
#include <string>

namespace lexc::gen {

using Sq = AnalyzedSquare;

Result<BoardAnalysis> BoardAnalysis::Create(const Lexicon& lexicon, const Layout& layout) {
  const Alphabet& a = lexicon.alphabet();
  if (!lexicon.has_dawg() && !lexicon.has_gaddag())
    return Status(Errc::kInvalidArgument, "the image has neither a DAWG nor a GADDAG");
  if (a.size() > kMaxGenTile)
    return Status(Errc::kLimit, "alphabet " + a.name() + " has " + std::to_string(a.size()) +
                                    " tiles, the move generator handles at most " + std::to_string(kMaxGenTile));
  if (layout.rows() < 1 || layout.cols() < 1 || layout.rows() > kMaxBoardDim || layout.cols() > kMaxBoardDim)
    return Status(Errc::kLimit, "layout " + layout.name() + ": " + std::to_string(layout.rows()) + "x" +
                                    std::to_string(layout.cols()) + ", sides must be 1.." +
                                    std::to_string(kMaxBoardDim));
  BoardAnalysis b;
  b.lexicon_ = &lexicon;
  b.layout_ = &layout;
  for (int t = 1; t <= a.size(); ++t) {
    b.values_[t] = a.tile(static_cast<Tile>(t)).score;
    b.all_tiles_ |= std::uint64_t(1) << t;
  }
  b.blank_value_ = a.blank_score();
  b.lines_[0] = b.line_len_[1] = layout.rows();
  b.lines_[1] = b.line_len_[0] = layout.cols();
  for (auto& sq : b.squares_) sq.assign(std::size_t(layout.rows() * layout.cols()), Sq());
  for (int r = 0; r < layout.rows(); ++r) {
    for (int c = 0; c < layout.cols(); ++c) {
      for (const Dir d : {Dir::kAcross, Dir::kDown}) {
        Sq& s = b.At(d, r, c);
        s.lm = static_cast<std::uint8_t>(layout.letter_mult(r, c));
        s.wm = static_cast<std::uint8_t>(layout.word_mult(r, c));
      }
    }
  }
  b.board_ = Board(layout.rows(), layout.cols());
  b.Analyze();
  return b;
}

inline int BoardAnalysis::ValueOf(Cell c) const { return CellIsBlank(c) ? blank_value_ : values_[CellTile(c)]; }

// Cross-check set of the word U L D (U the tiles before the square in the
// perpendicular direction, D those after): DAWG walks U, branches on L,
// walks D; GADDAG walks rev(D), branches on L, walks rev(U) (rev(w) paths).
// With `paths`, also the tiles L for which the walk goes through, word or
// not: U L D begins a word (DAWG), or occurs in one (GADDAG).
template <class G>
inline std::uint64_t BoardAnalysis::CrossSetOf(const G& g, bool reversed, const Tile* u, int nu, const Tile* d, int nd,
                                               std::uint64_t* paths) const {
  const Tile* first = reversed ? d : u;
  const Tile* second = reversed ? u : d;
  const int n1 = reversed ? nd : nu, n2 = reversed ? nu : nd;
  Node node = g.root();
  bool acc = false;
  if (paths) *paths = 0;
  for (int i = 0; i < n1; ++i)
    if (!g.Child(node, first[reversed ? n1 - 1 - i : i], &node, &acc)) return 0;
  std::uint64_t set = 0, through = 0;
  g.ForEachArc(node, [&](Tile t, bool accepts, Node child) {
    if (t == kSeparator || t > kMaxGenTile) return true;
    bool ok = true, last = accepts;  // with nothing after L, L's arc ends the word
    for (int i = 0; i < n2 && ok; ++i) ok = g.Child(child, second[reversed ? n2 - 1 - i : i], &child, &last);
    if (ok) through |= std::uint64_t(1) << t;
    if (ok && last) set |= std::uint64_t(1) << t;
    return true;
  });
  if (paths) *paths = through & all_tiles_;
  return set & all_tiles_;
}

// Cross data of the empty square (row, col) for plays along d. With
// gaddag_after, a square with fewer tiles before it than after (|U| < |D|)
// is checked on the GADDAG instead: the walk after each arc L is then
// rev(U), the shorter, and with U empty it is none (L's arc flag), rather
// than D after each of the root's arcs (same words, so the same set on a
// verified image).
template <class G>
inline void BoardAnalysis::CrossOf(const G& g, bool reversed, Dir d, int row, int col, std::uint64_t* set, int* sum,
                                   bool* has, bool gaddag_after, Sq* line_view) const {
  const int dr = d == Dir::kAcross ? 1 : 0, dc = 1 - dr;  // perpendicular step
  Tile u[kMaxBoardDim], dn[kMaxBoardDim];
  int nu = 0, nd = 0;
  *sum = 0;
  int r = row - dr, c = col - dc;
  while (board_.InRange(r, c) && board_.at(r, c) != kEmpty) r -= dr, c -= dc;
  for (r += dr, c += dc; r != row || c != col; r += dr, c += dc) {
    u[nu++] = CellTile(board_.at(r, c));
    *sum += ValueOf(board_.at(r, c));
  }
  for (r = row + dr, c = col + dc; board_.InRange(r, c) && board_.at(r, c) != kEmpty; r += dr, c += dc) {
    dn[nd++] = CellTile(board_.at(r, c));
    *sum += ValueOf(board_.at(r, c));
  }
  *has = nu + nd > 0;
  // With line_view (ComputeCross: the same graphs and options every call),
  // the result depends on the runs alone: looked up first.
  CrossMemoEntry* memo = nullptr;
  std::uint64_t k0 = 0, k1 = 0;
  if (line_view && *has && nu + nd <= kMemoTiles && kMaxGenTile < 64) {
    k0 = std::uint64_t(nu) | std::uint64_t(nd) << 5 | std::uint64_t(extension_sets_) << 10 | std::uint64_t(1) << 11;
    int shift = 12;
    std::uint64_t* word = &k0;
    for (int i = 0; i < nu + nd; ++i) {
      if (shift > 58) word = &k1, shift = 0;
      *word |= std::uint64_t(i < nu ? u[i] : dn[i - nu]) << shift;
      shift += 6;
    }
    if (memo_.entries.empty()) memo_.entries.resize(kMemoSlots);
    const std::uint64_t h = (k0 * 0x9E3779B97F4A7C15ull) ^ (k1 * 0xC2B2AE3D27D4EB4Full);
    memo = &memo_.entries[(h >> 40) & (kMemoSlots - 1)];
    if (memo->k0 == k0 && memo->k1 == k1) {
      *set = memo->set;
      line_view->ext = memo->ext;
      line_view->ext_hook = memo->ext_hook;
      return;
    }
  }
  std::uint64_t paths = 0;
  const bool on_gaddag = reversed || (gaddag_after && nu < nd);
  if (on_gaddag && !reversed)
    lexicon_->gaddag().Dispatch([&](const auto& gaddag) { *set = CrossSetOf(gaddag, true, u, nu, dn, nd, &paths); });
  else
    *set = *has ? CrossSetOf(g, reversed, u, nu, dn, nd, &paths) : all_tiles_;
  if (!line_view) return;
  // The same runs are the line's own for plays along the other direction:
  // its extension sets. The cross-check walk gave one of them (the paths it
  // went through); the other takes a walk of its own when both runs are there.
  line_view->ext = line_view->ext_hook = ~std::uint64_t(0);
  if (extension_sets_) {
    if (nd > 0) line_view->ext = on_gaddag ? paths : InsideSet(u, nu, dn, nd);
    if (nu > 0) line_view->ext_hook = on_gaddag ? HookSet(u, nu, dn, nd) : paths;
  }
  if (memo) *memo = {k0, k1, *set, line_view->ext, line_view->ext_hook};
}

// ext of AnalyzedSquare: the tiles t such that u t d occurs in a word (d
// not empty): rev(d), t, rev(u) on the GADDAG; every tile without one.
std::uint64_t BoardAnalysis::InsideSet(const Tile* u, int nu, const Tile* d, int nd) const {
  if (!lexicon_->has_gaddag()) return ~std::uint64_t(0);
  std::uint64_t paths = 0;
  lexicon_->gaddag().Dispatch([&](const auto& g) { (void)CrossSetOf(g, true, u, nu, d, nd, &paths); });
  return paths;
}

// ext_hook of AnalyzedSquare: the tiles t such that u t d begins a word (u
// not empty): u, t, d on the DAWG; rev(u), the separator, t, d on the GADDAG.
std::uint64_t BoardAnalysis::HookSet(const Tile* u, int nu, const Tile* d, int nd) const {
  std::uint64_t paths = 0;
  if (lexicon_->has_dawg()) {
    lexicon_->dawg().Dispatch([&](const auto& g) { (void)CrossSetOf(g, false, u, nu, d, nd, &paths); });
    return paths;
  }
  lexicon_->gaddag().Dispatch([&](const auto& g) {
    Node node = g.root();
    bool acc = false;
    for (int i = nu - 1; i >= 0; --i)
      if (!g.Child(node, u[i], &node, &acc)) return;
    if (!g.Child(node, kSeparator, &node, &acc)) return;
    g.ForEachArc(node, [&](Tile t, bool, Node child) {
      if (t == kSeparator || t > kMaxGenTile) return true;
      bool ok = true;
      for (int i = 0; i < nd && ok; ++i) ok = g.Child(child, d[i], &child, &acc);
      if (ok) paths |= std::uint64_t(1) << t;
      return true;
    });
  });
  return paths & all_tiles_;
}

template <class G>
inline void BoardAnalysis::ComputeCross(const G& g, bool reversed, Dir d, int row, int col) {
  Sq& s = At(d, row, col);
  if (s.cell != kEmpty) return;
  bool has = false;
  CrossOf(g, reversed, d, row, col, &s.cross, &s.xsum, &has, lexicon_->has_gaddag(),
          &At(d == Dir::kAcross ? Dir::kDown : Dir::kAcross, row, col));
  s.flags = static_cast<std::uint8_t>(has ? (s.flags | Sq::kHasCross) : (s.flags & ~Sq::kHasCross));
}

inline bool BoardAnalysis::ComputeAnchor(int row, int col) const {
  if (board_.at(row, col) != kEmpty) return false;
  if (board_empty_) return row == layout_->start_row() && col == layout_->start_col();
  static constexpr int kSteps[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
  for (const auto& s : kSteps)
    if (board_.InRange(row + s[0], col + s[1]) && board_.at(row + s[0], col + s[1]) != kEmpty) return true;
  return false;
}

inline void BoardAnalysis::SetAnchor(int row, int col) {
  const bool a = ComputeAnchor(row, col);
  for (Dir d : {Dir::kAcross, Dir::kDown}) {
    Sq& s = At(d, row, col);
    s.flags = static_cast<std::uint8_t>(a ? (s.flags | Sq::kAnchor) : (s.flags & ~Sq::kAnchor));
  }
  SetAnchorBits(row, col, a);
}

inline void BoardAnalysis::SetAnchorBits(int row, int col, bool a) {
  const std::uint32_t across = std::uint32_t(1) << col, down = std::uint32_t(1) << row;
  anchor_mask_[0][row] = (anchor_mask_[0][row] & ~across) | (a ? across : 0);
  anchor_mask_[1][col] = (anchor_mask_[1][col] & ~down) | (a ? down : 0);
}

inline void BoardAnalysis::SetCell(int row, int col, Cell c) {
  for (Dir d : {Dir::kAcross, Dir::kDown}) {
    Sq& s = At(d, row, col);
    s.cell = c;
    s.face = c == kEmpty ? 0 : ValueOf(c);
    if (c != kEmpty) s.cross = 0, s.ext = 0, s.ext_hook = 0, s.xsum = 0, s.flags = 0;
  }
  if (c != kEmpty) SetAnchorBits(row, col, false);
}

// The graph cross-checks are computed with: the DAWG if present.
template <class F>
inline void BoardAnalysis::WithCrossGraph(F&& f) {
  const bool reversed = !lexicon_->has_dawg();
  (reversed ? lexicon_->gaddag() : lexicon_->dawg()).Dispatch([&](const auto& g) { f(g, reversed); });
}

void BoardAnalysis::Analyze() {
  board_empty_ = board_.IsEmpty();
  records_.clear();
  frames_.clear();
  for (int r = 0; r < board_.rows(); ++r)
    for (int c = 0; c < board_.cols(); ++c) SetCell(r, c, board_.at(r, c));
  WithCrossGraph([&](const auto& g, bool reversed) {
    for (int r = 0; r < board_.rows(); ++r) {
      for (int c = 0; c < board_.cols(); ++c) {
        ComputeCross(g, reversed, Dir::kAcross, r, c);
        ComputeCross(g, reversed, Dir::kDown, r, c);
        SetAnchor(r, c);
      }
    }
  });
}

inline void BoardAnalysis::Record(int row, int col) {
  records_.push_back(
      {row * board_.cols() + col, board_.at(row, col), At(Dir::kAcross, row, col), At(Dir::kDown, row, col)});
}

// After new tiles: a square's cross data depends on the runs of tiles next
// to it, so only the empty squares ending a run that holds a new tile can
// change, and only squares next to a new tile can become anchors. Every
// square is recorded before it changes (some twice: Undo restores in reverse).
void BoardAnalysis::Update(const Play& p) {
  const bool was_empty = board_empty_;
  board_empty_ = false;
  if (was_empty) {
    Record(layout_->start_row(), layout_->start_col());
    SetAnchor(layout_->start_row(), layout_->start_col());
  }
  for (int i = 0; i < p.length; ++i)
    if (!p.IsThrough(i)) SetCell(p.RowAt(i), p.ColAt(i), p.cells[i]);
  // The run along the play's own line is the same for all its new tiles:
  // its two ends are computed once (`done`).
  int done[4 * kMaxBoardDim];
  int n_done = 0;
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
          while (board_.InRange(r, c) && board_.at(r, c) != kEmpty) r += sign * dr, c += sign * dc;
          if (!board_.InRange(r, c)) continue;
          const int key = (r * board_.cols() + c) * 2 + static_cast<int>(d);
          if (std::find(done, done + n_done, key) != done + n_done) continue;
          if (n_done < 4 * kMaxBoardDim) done[n_done++] = key;
          Record(r, c);
          ComputeCross(g, reversed, d, r, c);
          SetAnchor(r, c);
        }
      }
      SetAnchor(row, col);
    }
  });
}

void BoardAnalysis::SetExtensionSets(bool keep) {
  if (keep == extension_sets_) return;
  extension_sets_ = keep;
  Analyze();
}

Status BoardAnalysis::SetBoard(const Board& board) {
  if (board.rows() != layout_->rows() || board.cols() != layout_->cols())
    return Status(Errc::kInvalidArgument, "board " + std::to_string(board.rows()) + "x" + std::to_string(board.cols()) +
                                              ", the layout " + layout_->name() + " is " +
                                              std::to_string(layout_->rows()) + "x" + std::to_string(layout_->cols()));
  for (int r = 0; r < board.rows(); ++r) {
    for (int c = 0; c < board.cols(); ++c) {
      const Cell cell = board.at(r, c);
      if (cell != kEmpty &&
          (CellTile(cell) == 0 || !((all_tiles_ >> CellTile(cell)) & 1u) || (cell & ~(kBlankBit | kTileMask))))
        return Status(Errc::kInvalidArgument, "board: tile code " + std::to_string(CellTile(cell)) + " at " +
                                                  Coordinate(r, c, Dir::kAcross) + " is not in the alphabet");
    }
  }
  board_ = board;
  Analyze();
  return Status::Ok();
}

Status BoardAnalysis::Apply(const Play& play) {
  for (int i = 0; i < play.length && i < kMaxBoardDim; ++i) {
    const Cell cell = play.cells[i];
    if (!play.IsThrough(i) && (!((all_tiles_ >> CellTile(cell)) & 1u) || (cell & ~(kBlankBit | kTileMask))))
      return Status(Errc::kInvalidArgument,
                    "play: tile code " + std::to_string(CellTile(cell)) + " is not in the alphabet");
  }
  // The new tiles' squares are recorded before ApplyPlay fills them; on error
  // the board is unchanged and so are the records dropped.
  const Frame frame{static_cast<std::uint32_t>(records_.size()), board_empty_};
  for (int i = 0; i < play.length && i < kMaxBoardDim; ++i)
    if (!play.IsThrough(i) && board_.InRange(play.RowAt(i), play.ColAt(i))) Record(play.RowAt(i), play.ColAt(i));
  if (Status st = ApplyPlay(play, &board_); !st.ok()) {
    records_.resize(frame.first_record);
    return st;
  }
  frames_.push_back(frame);
  Update(play);
  return Status::Ok();
}

Status BoardAnalysis::Undo() {
  if (frames_.empty()) return Status(Errc::kInvalidArgument, "undo: no play applied since the board was set");
  const Frame frame = frames_.back();
  frames_.pop_back();
  const int cols = board_.cols();
  for (std::size_t i = records_.size(); i-- > frame.first_record;) {
    const SquareRecord& rec = records_[i];
    const int row = rec.index / cols, col = rec.index % cols;
    board_.set(row, col, rec.cell);
    At(Dir::kAcross, row, col) = rec.across;
    At(Dir::kDown, row, col) = rec.down;
    SetAnchorBits(row, col, (rec.across.flags & Sq::kAnchor) != 0);
  }
  records_.resize(frame.first_record);
  board_empty_ = frame.board_was_empty;
  return Status::Ok();
}

bool BoardAnalysis::operator==(const BoardAnalysis& o) const {
  return board_ == o.board_ && board_empty_ == o.board_empty_ && squares_[0] == o.squares_[0] &&
         squares_[1] == o.squares_[1];
}

std::uint64_t BoardAnalysis::CrossSetViaGraphForTesting(bool via_gaddag, int row, int col, Dir dir) const {
  std::uint64_t set = 0;
  int sum = 0;
  bool has = false;
  (via_gaddag ? lexicon_->gaddag() : lexicon_->dawg()).Dispatch([&](const auto& g) {
    CrossOf(g, via_gaddag, dir, row, col, &set, &sum, &has);
  });
  return set;
}

}  // namespace lexc::gen
