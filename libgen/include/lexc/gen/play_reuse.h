// lexc/gen/play_reuse.h -- which plays of a board survive tiles added to it.
//
// Searches that ask for the best play on boards differing from one root
// board by a few new tiles (a simulation's candidate moves, each followed by
// the same opponent rack) can keep the root board's plays and search again
// only where plays may differ. Two facts make that exact:
//
//  - A play P of board B is a play of B + added tiles, with the same words
//    and score, exactly when none of P's dependency squares on B was filled:
//    its new squares, the squares just before and after its main word, and
//    for each new tile the two squares that end the perpendicular runs of
//    board tiles beside it (filling one would lengthen its cross word).
//    Tiles are only ever added, so the runs between stay as they were.
//  - Any other play of B + Q (Q: the play whose tiles were added) has a word
//    or a cross word holding a tile of Q, so it places a tile on one of Q's
//    hot squares (HotSquares: for each new tile and direction, the square
//    just past the run of tiles from it): where its main word grows the run,
//    or where its cross word meets it. A play is generated from the leftmost
//    anchor it covers, which lies on the same line at most rack-size empty
//    squares before the hot square (AnchorsTouched).
//
// So the best play of B + Q is the better of the best unaffected play of B
// and the best play of the anchors AnchorsTouched returns
// (MoveGenerator::BestWithBonus with a BonusSearch), and the plays of B + Q
// are the unaffected plays of B and those of the anchors that place a tile
// on a hot square (the endgame solver's lists). tests/gen/test_play_reuse.cc
// checks both facts, and the leftmost anchors, against full generation.
// The same holds after several plays, with the squares and hot squares of
// all of them. Thread safety: pure functions and value types.
#pragma once

#include <cstdint>

#include "lexc/gen/board.h"
#include "lexc/gen/layout.h"
#include "lexc/gen/move.h"
#include "lexc/gen/movegen.h"

namespace lexc::gen {

// A set of squares of a board of up to kMaxBoardDim x kMaxBoardDim.
class SquareSet {
 public:
  static_assert(kMaxBoardDim * kMaxBoardDim % 64 == 0, "whole 64-bit words");
  static_assert(kMaxBoardDim * kMaxBoardDim <= 65536, "indices fit std::uint16_t");
  static int Index(int row, int col) { return row * kMaxBoardDim + col; }
  void Add(int row, int col) { Add(Index(row, col)); }
  void Add(int index) { bits_[index >> 6] |= std::uint64_t(1) << (index & 63); }
  bool Has(int index) const { return (bits_[index >> 6] >> (index & 63)) & 1u; }
  void Clear() {
    for (std::uint64_t& w : bits_) w = 0;
  }

 private:
  std::uint64_t bits_[kMaxBoardDim * kMaxBoardDim / 64] = {};
};

// The most dependency squares a play has: every new tile's square and its
// two run ends, and the two squares around the main word.
inline constexpr int kMaxPlayDependencies = 3 * kMaxBoardDim + 2;

// Writes P's dependency squares on `before` (SquareSet::Index values; P not
// on the board yet) to out[0..n), returns n (at most kMaxPlayDependencies).
// Precondition: p fits the board. O(P's length + its cross runs).
int PlayDependencies(const Board& before, const Play& p, std::uint16_t* out);

// Whether none of the squares out[0..n) of PlayDependencies is in `filled`.
inline bool Unaffected(const std::uint16_t* deps, int n, const SquareSet& filled) {
  for (int i = 0; i < n; ++i)
    if (filled.Has(deps[i])) return false;
  return true;
}

// The most hot squares a play has: four for each new tile.
inline constexpr int kMaxHotSquares = 4 * kMaxBoardDim;

// Writes q's hot squares on `after` (a board holding q's tiles;
// SquareSet::Index values, possibly repeated) to out[0..n), returns n.
// O(q's tiles x the runs through them).
int HotSquares(const Board& after, const Play& q, std::uint16_t* out);

// The anchors that may generate a play of `after` placing a tile on one of
// q's hot squares, for racks of at most `rack_size` tiles: along both lines
// through each hot square, the squares from it back to where more than
// rack_size empty squares would lie between.
AnchorSet AnchorsTouched(const Board& after, const Play& q, int rack_size);
// The same from hot squares already found (HotSquares' out[0..n)), added to
// *anchors.
void AddAnchorsReaching(const Board& after, const std::uint16_t* hot, int n, int rack_size, AnchorSet* anchors);

// Adds q's new squares to *filled.
void AddNewSquares(const Play& q, SquareSet* filled);

}  // namespace lexc::gen
