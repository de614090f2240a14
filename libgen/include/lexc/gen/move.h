// lexc/gen/move.h -- plays, moves, and their notation.
//
// A Play is tiles placed in one row or column. It is identified by its main
// word: the first square (row, col), the direction, and every square of the
// word, the ones already on the board ("played through", marked in
// `through`) as well as the new ones. Two generators found the same play iff
// the Plays compare equal; the score is part of the comparison.
//
// A play of a single tile forms words in up to two directions; it is reported
// once, across when it forms an across word of two or more tiles, else down.
//
// Notation (formats/cgp.md, "Moves"):
//   8D GEL(I)D 18      across from row 8, column D; (I) was on the board
//   D8 GEL(I)D 18      the same word down column D from row 8
//   8D GeL(I)D 16      blanks print in lower case
//   exch AEI  0        exchange; pass 0
// Columns past Z continue AA, AB, ...
// Thread safety: value types and pure functions.
#pragma once

#include <cstdint>
#include <string>

#include "lexc/alphabet.h"
#include "lexc/gen/board.h"
#include "lexc/gen/layout.h"
#include "lexc/rack.h"
#include "lexc/status.h"

namespace lexc::gen {

enum class Dir : std::uint8_t { kAcross = 0, kDown = 1 };

struct Play {
  std::uint8_t row = 0, col = 0;  // first square of the main word
  Dir dir = Dir::kAcross;
  std::uint8_t length = 0;  // squares in the main word, >= 2
  std::uint8_t placed = 0;  // tiles taken from the rack, >= 1
  std::int32_t score = 0;
  std::uint32_t through = 0;      // bit i: square i of the word was already on the board
  Cell cells[kMaxBoardDim] = {};  // the word; entries past `length` are 0

  int RowAt(int i) const { return dir == Dir::kAcross ? row : row + i; }
  int ColAt(int i) const { return dir == Dir::kAcross ? col + i : col; }
  bool IsThrough(int i) const { return (through >> i) & 1u; }
  // The tiles that leave the rack.
  Rack Tiles() const;
};

bool operator==(const Play& a, const Play& b);

// The order plays are listed in: higher score first; among equal scores
// across before down, then by row, column, length and cells. A strict total
// order, so "the best play" does not depend on which generator found it.
bool BetterPlay(const Play& a, const Play& b);

struct Move {
  enum class Kind : std::uint8_t { kPlay, kExchange, kPass };
  Kind kind = Kind::kPass;
  Play play;      // kPlay
  Rack exchange;  // kExchange: the tiles put back

  static Move FromPlay(const Play& p) {
    Move m;
    m.kind = Kind::kPlay;
    m.play = p;
    return m;
  }
  int score() const { return kind == Kind::kPlay ? play.score : 0; }
};

// "8D" for across from row 8 (1-based), column D; "D8" for down.
std::string Coordinate(int row, int col, Dir dir);
// Column letters: 0 -> "A", 25 -> "Z", 26 -> "AA".
std::string ColumnName(int col);
// "GEL(I)D": through tiles in parentheses, blanks in lower case.
std::string PlayWord(const Play& p, const Alphabet& a);
// "8D GEL(I)D 18", "exch AEI 0", "pass 0".
std::string FormatMove(const Move& m, const Alphabet& a);

// Places the play's new tiles on `board`. Errors (kInvalidArgument): a
// square off the board, a new tile on an occupied square, a through square
// that is empty or holds another tile. `board` is unchanged on error.
Status ApplyPlay(const Play& p, Board* board);

}  // namespace lexc::gen
