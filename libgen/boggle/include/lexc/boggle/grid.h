// lexc/boggle/grid.h -- Boggle boards (type Grid: gen::Board is the
// Scrabble board): cubes on an N x M grid, their text form, and the Qu rule.
//
// A board is rows x cols cubes (1..kMaxSide each, at most kMaxCells cubes so
// that a set of cubes is one 64-bit mask). Each cube shows one face: one tile
// of the lexicon's alphabet, or the "Qu" face, which reads two tiles (Q then
// U) in an alphabet that has Q and U tiles but no QU tile. In an alphabet with
// a QU tile (Catalan) the Qu face is that one tile. Adjacency is the 8
// neighbours. Word lengths, the minimum length and the scoring table count
// tiles: QUIT traced on Qu,I,T is 4 tiles long in English, 3 in Catalan.
//
// Text form (formats/boggle.md): the rows in order, separated by spaces,
// '/', ',' or line breaks ("CATD LINE MARO PETS", "CAT/DOG/EEL"), or one run
// of k*k cubes for a square board ("perslatgsineters" is 4x4). Each cube is
// tile text (lexc/tile_text.h: greedy longest match, brackets, either case);
// in an alphabet with the Qu rule a Q cube is the Qu face and a U right after
// it belongs to it ("Qu", "QU" and "Q" are the same cube; "QUU" is Qu then U).
// Thread safety: values and pure functions.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "lexc/alphabet.h"
#include "lexc/status.h"

namespace lexc::boggle {

inline constexpr int kMaxSide = 8;       // rows and columns, each
inline constexpr int kMaxCells = 64;     // rows x cols (a cube set is a uint64_t)
inline constexpr int kMaxFaceTiles = 2;  // the Qu face: Q then U
inline constexpr int kMaxWordTiles = kMaxCells * kMaxFaceTiles;

// What one cube shows: 1..kMaxFaceTiles tiles read in order.
struct Cube {
  std::uint8_t size = 0;
  Tile tiles[kMaxFaceTiles] = {};

  std::span<const Tile> span() const { return {tiles, size}; }
  bool operator==(const Cube& o) const {
    return size == o.size && tiles[0] == o.tiles[0] && (size < 2 || tiles[1] == o.tiles[1]);
  }
  // A total order (tile codes, then size), for canonical forms.
  bool operator<(const Cube& o) const {
    if (tiles[0] != o.tiles[0]) return tiles[0] < o.tiles[0];
    if (size != o.size) return size < o.size;
    return size > 1 && tiles[1] < o.tiles[1];
  }
};

struct Grid {
  int rows = 0, cols = 0;
  std::array<Cube, kMaxCells> cubes{};  // row-major; the first rows*cols are used

  int cells() const { return rows * cols; }
  Cube& at(int r, int c) { return cubes[std::size_t(r * cols + c)]; }
  const Cube& at(int r, int c) const { return cubes[std::size_t(r * cols + c)]; }
  bool operator==(const Grid& o) const;
};

// Checks a board size: 1..kMaxSide rows and columns. Errors: kInvalidArgument
// ("board size 9x9: at most 8 rows and 8 columns").
Status CheckShape(int rows, int cols);

// Reads "4x4" (or "4X4", "5x3"): rows x columns, checked by CheckShape.
// Errors: kBadInput naming the text, and CheckShape's (as kBadInput).
Status ParseShape(std::string_view text, int* rows, int* cols);

// How an alphabet's tiles become cube faces: the Qu rule.
class Faces {
 public:
  explicit Faces(const Alphabet& a);
  // The cube showing tile t (1..alphabet size): {t}, or {Q, U} for the Qu
  // face when t is Q and the rule applies.
  Cube CubeOf(Tile t) const;
  // Whether the Q tile reads Q then U (Q and U tiles, no QU tile).
  bool q_reads_qu() const { return q_ != 0; }
  Tile q() const { return q_; }
  Tile u() const { return u_; }
  // The QU tile when the alphabet has one (the Qu face is then that tile), else 0.
  Tile qu() const { return qu_; }

 private:
  Tile q_ = 0, u_ = 0;  // both 0 unless the rule applies
  Tile qu_ = 0;
};

// Reads a board in the text form above. Errors (kBadInput, quoting the text):
// an unknown tile (placed: "unknown tile '1' at character 3 of board ..."),
// no cube, rows of different lengths, a run that is not k*k cubes, a size
// over kMaxSide. Never reads past the text; O(text).
Result<Grid> ParseGrid(const Alphabet& a, std::string_view text);

// The text form, rows joined by `row_separator` (' ' or '/'), as tile text
// that ParseGrid reads back as the same board; the Qu face is "Qu".
std::string WriteGrid(const Alphabet& a, const Grid& b, char row_separator = ' ');

// The same board turned or mirrored (a rows x cols board has 4 such forms, a
// square one 8): the least of them in cube order, so boards that differ only
// by symmetry compare equal after it.
Grid Canonical(const Grid& b);

}  // namespace lexc::boggle
