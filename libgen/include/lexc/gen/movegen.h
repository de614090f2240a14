// lexc/gen/movegen.h -- every legal play of a position, over a mapped lexicon.
//
// A MoveGenerator borrows a Lexicon (normally a MappedLexicon's: the graphs
// are walked in place, never copied) and a Layout, holds one board with its
// BoardAnalysis (board_analysis.h: anchors, cross-check sets, cross sums,
// Apply and Undo) and a bingo bonus, and enumerates the plays a rack can
// make there.
//
// Rules: tiles go in one row or column, contiguous with the board tiles they
// play through; the main word (two tiles or more) and every cross word they
// form must be in the lexicon. The first play covers the start square; later
// plays touch a tile already on the board. Score: letter and word premiums
// count only under newly placed tiles, each cross word scores, a blank
// scores 0, and placing kRackSize (7) tiles adds the bingo bonus (Create's
// argument, then SetPosition's or SetBingoBonus's).
//
// Two algorithms, each reporting every play exactly once, and identical sets:
//   kDawg    Appel & Jacobson: LeftPart over the DAWG (the tiles left of an
//            anchor: the board run touching it, or rack tiles on the free
//            squares up to the previous anchor), then ExtendRight.
//   kGaddag  Gordon: from each anchor leftwards over the GADDAG (rev(x)),
//            then through the separator rightwards; an anchor right after
//            a board run starts from rev(run) + separator, one right before
//            a run from rev(run).
// Plays are generated from the leftmost anchor they cover; the rightward
// extension is the same walk for both (after the separator the GADDAG's
// states are DAWG-like states of the same image).
//
// Allocation: Create, SetBoard and SetPosition allocate; generation does not
// (Top() reserves its output once per call), nor do Apply and Undo once the
// undo stack has grown. The first Top() or Best() on an image
// builds an index of its words of kRackSize tiles or more, shared by every
// generator on that image: memory and time O(image bytes) (under 48 bytes
// per image byte), never O(words), and at most meta().word_count keys even
// on an image that was never verified. An image holding more words than its
// size allows (a few kilobytes can accept every string of 1..12 letters)
// gets no index: Top and Best stay exact, with less pruning. A visitor gets each play as a
// `const Play&` to a buffer reused for the next play.
// Untrusted images: on a Lexicon that was only opened (not verified),
// generation stays memory-safe and terminates (no word is longer than a
// board side, no walk leaves the board), but plays may be wrong, words longer
// than META's max-len included. Verify() images from elsewhere first.
// Thread safety: a MoveGenerator is single-threaded state; give each thread
// its own. Any number of generators may share one Lexicon.
// Complexity: SetBoard O(squares x cross-word walks); Apply O(tiles placed x
// cross-word walks); Undo O(squares the Apply changed); generation linear in
// the graph arcs visited.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <type_traits>
#include <vector>

#include "lexc/gen/board.h"
#include "lexc/gen/board_analysis.h"
#include "lexc/gen/layout.h"
#include "lexc/gen/move.h"
#include "lexc/gen/position.h"
#include "lexc/lexicon.h"
#include "lexc/rack.h"
#include "lexc/status.h"

namespace lexc::gen {

enum class Algorithm : std::uint8_t { kDawg, kGaddag };
const char* AlgorithmName(Algorithm a);  // "dawg" / "gaddag"

// A type-erased reference to a play visitor: no allocation, one indirect
// call per play. Returning false stops the generation.
struct PlayCallback {
  void* context;
  bool (*call)(void* context, const Play& play);
};

// A type-erased per-play addition to the score (a leave value, a going-out
// bonus): the value of a play is score + call(context, play).
struct PlayBonus {
  void* context;
  double (*call)(void* context, const Play& play);
  // Set only when call() is deterministic and depends on nothing but the
  // tiles the play takes from the rack (its new cells, blanks included, and
  // `placed`; a leave value, a going-out bonus), not on where it stands: a
  // play and its mirror image then get exactly the same bonus, and
  // BestWithBonus on the empty board of a transposable layout looks across
  // only (as Best does). A bonus set so that does not meet this may give a
  // play other than the best.
  bool tiles_only = false;
};

// A PlayCallback that calls visitor(play) (bool: false stops; void: goes
// on); the visitor must outlive it.
template <class Visitor>
PlayCallback CallbackOf(Visitor& visitor);

// A PlayBonus that calls f(play) (f must outlive it: a temporary is
// refused): no allocation.
template <class F>
PlayBonus BonusOf(const F& f, bool tiles_only = false) {
  return {const_cast<void*>(static_cast<const void*>(&f)),
          [](void* ctx, const Play& p) -> double { return (*static_cast<const F*>(ctx))(p); }, tiles_only};
}
template <class F>
PlayBonus BonusOf(const F&&, bool = false) = delete;

// A set of anchor squares by line: bit p of Line(d, i) is the square at
// position p along row i (d = kAcross) or column i (kDown). Restricts a
// best-first search to the plays generated from those anchors (every play
// is generated from the leftmost anchor it covers; BonusSearch).
class AnchorSet {
 public:
  static_assert(kMaxBoardDim <= 32, "one 32-bit mask a line");
  std::uint32_t Line(Dir d, int line) const { return lines_[int(d)][line]; }
  bool Has(Dir d, int line, int pos) const { return (lines_[int(d)][line] >> pos) & 1u; }
  void Add(Dir d, int line, int pos) { lines_[int(d)][line] |= std::uint32_t(1) << pos; }
  AnchorSet& operator|=(const AnchorSet& o) {
    for (int d = 0; d < 2; ++d)
      for (int i = 0; i < kMaxBoardDim; ++i) lines_[d][i] |= o.lines_[d][i];
    return *this;
  }

 private:
  std::uint32_t lines_[2][kMaxBoardDim] = {};
};

// A play with its value (score + bonus).
struct RatedPlay {
  Play play;
  double value = 0;
};

// Options of a best-first search by score + bonus beyond the rack: the
// anchors searched, and a play already known (the incumbent) that the
// answer must beat. Together they let a caller that knows which plays of a
// previous board are unchanged (play_reuse.h) search only where plays
// changed.
struct BonusSearch {
  const AnchorSet* anchors = nullptr;  // null: every anchor
  // When set: a legal play of this board and rack with its value (score +
  // bonus, the bonus computed as the search computes it). The answer is
  // the better of it and the best play of `anchors`.
  const RatedPlay* incumbent = nullptr;
  // When set (and no incumbent): only plays better than it (BetterPlay on
  // ties) count, and the search answers false when `anchors` give none. It
  // need not be a play of this board: a caller that knows every play
  // elsewhere is worse than it learns whether the anchors give the best.
  const RatedPlay* beat = nullptr;
  // When set: bounds by tiles placed, as max_bonus, of the bonus of the
  // plays that place a blank (a leave value: such a play keeps fewer
  // blanks). An anchor whose plays with a blank cannot reach the best value
  // found is then searched without placing blanks.
  const double* max_bonus_blank = nullptr;
};

class MoveGenerator {
 public:
  // `lexicon` and `layout` must outlive the generator. The board starts
  // empty; `bingo_bonus` holds until SetPosition or SetBingoBonus changes it.
  // Errors: kInvalidArgument (neither graph in the image, a negative bingo
  // bonus), kLimit (an alphabet of more than kMaxGenTile tiles; a layout side
  // above kMaxBoardDim; tile values, premiums and bingo bonus that could make
  // a play score more than INT_MAX / 4, so that no score or bound overflows).
  static Result<MoveGenerator> Create(const Lexicon& lexicon, const Layout& layout,
                                      int bingo_bonus = kDefaultBingoBonus);

  MoveGenerator(MoveGenerator&&) noexcept;
  MoveGenerator& operator=(MoveGenerator&&) noexcept;
  ~MoveGenerator();

  bool Supports(Algorithm a) const;
  const Board& board() const;
  const Layout& layout() const;
  const Lexicon& lexicon() const;
  // The analysis of board(): anchors, cross-check sets, cross sums.
  const BoardAnalysis& analysis() const;
  // Added to the score of plays of kRackSize tiles.
  int bingo_bonus() const;

  // Replaces the board and recomputes the analysis (BoardAnalysis::SetBoard:
  // its errors, nothing changed on error; the undo stack is cleared).
  Status SetBoard(const Board& board);
  // The position's board (as SetBoard) and bingo bonus (p.BingoBonus(), as
  // SetBingoBonus); on any error neither changes. Racks and scores are not
  // kept: pass the rack to each generation call.
  Status SetPosition(const Position& p);
  // Sets the bonus for what is generated next. Errors (nothing changed):
  // Create's for the bonus, with the same details:
  // kInvalidArgument when negative, kLimit when a play could score more than
  // INT_MAX / 4 with it.
  Status SetBingoBonus(int bingo_bonus);
  // Places a play's tiles and updates the analysis incrementally
  // (BoardAnalysis::Apply: its checks and errors). The play need not be legal.
  Status Apply(const Play& play);
  // Takes back the last Apply not yet undone: board and analysis exactly as
  // before it (BoardAnalysis::Undo; kInvalidArgument when there is none).
  Status Undo();
  // Whether the analysis keeps the extension sets that tighten the bounds
  // of Top, Best and BestWithBonus (BoardAnalysis::SetExtensionSets; on by
  // default). Off, the answers are the same and Apply/Undo cheaper: for
  // callers that list every play (the endgame solver). Clears the undo stack.
  void SetExtensionSets(bool keep);

  // Calls visitor(const Play&) for every play of `rack` (bool result: false
  // stops). Returns the number of plays reported. Precondition: Supports(a).
  template <class Visitor>
  std::uint64_t Generate(const Rack& rack, Algorithm a, Visitor&& visitor);
  std::uint64_t Generate(const Rack& rack, Algorithm a, PlayCallback cb);
  // Only the plays generated from `anchors` (each play comes from the
  // leftmost anchor it covers; play_reuse.h).
  std::uint64_t Generate(const Rack& rack, Algorithm a, const AnchorSet& anchors, PlayCallback cb);
  template <class Visitor>
  std::uint64_t Generate(const Rack& rack, Algorithm a, const AnchorSet& anchors, Visitor&& visitor);
  // Counts the plays without building them.
  std::uint64_t Count(const Rack& rack, Algorithm a);
  // The n best plays (BetterPlay order), best first, into *out (cleared).
  // Anchors are searched by decreasing score bound and the search stops
  // when no remaining anchor can place a play among the n best (inside an
  // anchor, first squares whose own bound falls short are skipped), so the
  // return value, the number of plays examined, is at most Count().
  std::uint64_t Top(const Rack& rack, Algorithm a, std::size_t n, std::vector<Play>* out);
  // The best play, if any play exists (the same best-first search). On the
  // empty board of a layout that is its own transpose (the standard one) it
  // looks across only, and spells each word the rack makes once along the
  // DAWG instead (when the image has one and the graph `a` names, and no
  // blank scores more than a tile): the same play, BetterPlay's first.
  bool Best(const Rack& rack, Algorithm a, Play* out);
  // The play of highest score + bonus(play), ties broken by BetterPlay, if
  // any play exists; *value (when given) gets its score + bonus. The same
  // best-first search, with each anchor's bound raised by the bonus bound of
  // the number of tiles its plays place: max_bonus[k] (k = 1..rack size)
  // must be at least bonus(p) for every play p placing k tiles, else a
  // better play may be missed. The bonus is called for each play that could
  // still win. Complexity: at most Count()'s work. With bonus.tiles_only, on
  // the empty board of a transposable layout, it looks across only (as Best).
  bool BestWithBonus(const Rack& rack, Algorithm a, PlayBonus bonus, const double* max_bonus, Play* out,
                     double* value = nullptr);
  // The same with one bound for every play.
  bool BestWithBonus(const Rack& rack, Algorithm a, PlayBonus bonus, double max_bonus, Play* out,
                     double* value = nullptr);
  // The same over the plays of search.anchors only, against
  // search.incumbent (BonusSearch): the best of the incumbent and those
  // plays, ties broken by BetterPlay. With no anchor set and no incumbent,
  // exactly the search above.
  bool BestWithBonus(const Rack& rack, Algorithm a, PlayBonus bonus, const double* max_bonus, const BonusSearch& search,
                     RatedPlay* out);
  // The n plays of highest score + bonus (ties: BetterPlay), best first, into
  // *out (cleared), by the same best-first search (the floor is the n-th
  // value so far). Returns the number of plays examined. max_bonus_blank
  // (optional): as BonusSearch::max_bonus_blank.
  std::uint64_t TopWithBonus(const Rack& rack, Algorithm a, PlayBonus bonus, const double* max_bonus, std::size_t n,
                             std::vector<RatedPlay>* out, const double* max_bonus_blank = nullptr);
  template <class Bonus, class Bound>
  requires(!std::is_same_v<std::remove_cvref_t<Bonus>, PlayBonus>) bool BestWithBonus(const Rack& rack, Algorithm a,
                                                                                      Bonus&& bonus, Bound max_bonus,
                                                                                      Play* out,
                                                                                      double* value = nullptr) {
    using B = std::remove_reference_t<Bonus>;
    PlayBonus pb{const_cast<void*>(static_cast<const void*>(&bonus)),
                 [](void* ctx, const Play& p) -> double { return (*static_cast<B*>(ctx))(p); }};
    return BestWithBonus(rack, a, pb, max_bonus, out, value);
  }

 private:
  struct Impl;
  explicit MoveGenerator(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// Every distinct non-empty sub-multiset of the rack, each once, as a Rack:
// the possible exchanges. Calls f(const Rack&).
template <class F>
void ForEachExchange(const Rack& rack, F&& f);

// ---- implementation of the templates ----

template <class Visitor>
PlayCallback CallbackOf(Visitor& visitor) {
  return {const_cast<void*>(static_cast<const void*>(&visitor)), [](void* ctx, const Play& p) -> bool {
            Visitor& v = *static_cast<Visitor*>(ctx);
            if constexpr (std::is_void_v<decltype(v(p))>) {
              v(p);
              return true;
            } else {
              return static_cast<bool>(v(p));
            }
          }};
}

template <class Visitor>
std::uint64_t MoveGenerator::Generate(const Rack& rack, Algorithm a, Visitor&& visitor) {
  return Generate(rack, a, CallbackOf(visitor));
}

template <class Visitor>
std::uint64_t MoveGenerator::Generate(const Rack& rack, Algorithm a, const AnchorSet& anchors, Visitor&& visitor) {
  return Generate(rack, a, anchors, CallbackOf(visitor));
}

namespace detail {
// Adds 0..n copies of each tile from `tile` on (code 0 stands for blanks).
template <class F>
void ExchangeFrom(const Rack& rack, int tile, Rack* out, F& f) {
  while (tile <= kMaxGenTile && (tile == 0 ? rack.blanks() : rack.count(static_cast<Tile>(tile))) == 0) ++tile;
  if (tile > kMaxGenTile) {
    if (!out->empty()) f(static_cast<const Rack&>(*out));
    return;
  }
  const int n = tile == 0 ? rack.blanks() : rack.count(static_cast<Tile>(tile));
  const auto add = [&] { tile == 0 ? out->AddBlank() : out->Add(static_cast<Tile>(tile)); };
  const auto remove = [&] { tile == 0 ? out->RemoveBlank() : out->Remove(static_cast<Tile>(tile)); };
  for (int i = 0;; ++i) {
    ExchangeFrom(rack, tile + 1, out, f);
    if (i == n) break;
    add();
  }
  for (int i = 0; i < n; ++i) remove();
}
}  // namespace detail

template <class F>
void ForEachExchange(const Rack& rack, F&& f) {
  Rack out;
  detail::ExchangeFrom(rack, 0, &out, f);
}

}  // namespace lexc::gen
