// lexc/gen/board.h -- the tiles on a board.
//
// A Board is a rows x cols grid of Cells. A Cell is one byte: 0 for an empty
// square, otherwise a tile code (1..63) with kBlankBit set when a blank
// stands for that tile. The generator keeps cross-check sets as 64-bit masks
// over tile codes, so alphabets of more than 63 tiles are refused where a
// board meets a lexicon (MoveGenerator::Create, ParseCgp).
//
// A Board knows nothing of premiums or words: Layout (layout.h) holds the
// geometry, MoveGenerator (movegen.h) the analysis of a board.
// Thread safety: a value type; const access from many threads is safe.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "lexc/alphabet.h"

namespace lexc::gen {

using Cell = std::uint8_t;
inline constexpr Cell kEmpty = 0;
inline constexpr Cell kBlankBit = 0x80;
inline constexpr Cell kTileMask = 0x3F;
// Highest tile code a board (and the generator) can hold.
inline constexpr int kMaxGenTile = 63;

constexpr Tile CellTile(Cell c) { return static_cast<Tile>(c & kTileMask); }
constexpr bool CellIsBlank(Cell c) { return (c & kBlankBit) != 0; }
constexpr Cell MakeCell(Tile t, bool blank) { return static_cast<Cell>(t | (blank ? kBlankBit : 0)); }

class Board {
 public:
  Board() = default;
  // An empty board. Precondition: 0 < rows, cols.
  Board(int rows, int cols) : rows_(rows), cols_(cols), cells_(std::size_t(rows) * std::size_t(cols)) {}

  int rows() const { return rows_; }
  int cols() const { return cols_; }
  bool InRange(int row, int col) const { return row >= 0 && col >= 0 && row < rows_ && col < cols_; }
  // Precondition: InRange(row, col).
  Cell at(int row, int col) const { return cells_[std::size_t(row * cols_ + col)]; }
  void set(int row, int col, Cell c) { cells_[std::size_t(row * cols_ + col)] = c; }
  // Row-major.
  std::span<const Cell> cells() const { return cells_; }

  // Tiles on the board (O(squares)).
  int TileCount() const;
  bool IsEmpty() const { return TileCount() == 0; }

  bool operator==(const Board& o) const = default;

 private:
  int rows_ = 0, cols_ = 0;
  std::vector<Cell> cells_;
};

}  // namespace lexc::gen
