// lexc/gen/board_render.h -- a position drawn as text, for people.
//
// RenderPosition draws the board of a Position on its Layout: column letters
// above, row numbers on both sides, premium squares on empty squares, tiles
// as their labels (a blank's letter in lower case, as in CGP), then one line
// per listed rack with its score (the player to move first), the bag count
// and the tiles unseen by the player to move (the full set minus the board
// and its own rack). Squares to highlight (a play's new tiles) are marked.
//
// Three styles, all plain text:
//   kAscii    '=' triple word, '-' double word, '"' triple letter, '\''
//             double letter, '.' plain, '*' the start square when empty;
//             a highlighted tile has '>' before it instead of ' '. Lines are
//             ASCII when the labels are (English).
//   kUnicode  box-drawing frame, '·' for a plain square, the same premium
//             marks, '▸' before a highlighted tile.
//   colour    (with kUnicode) ANSI SGR backgrounds: red triple word, pink
//             double word, blue triple letter, light blue double letter,
//             tiles black on a light tile colour, highlighted ones on yellow.
// Every square is as wide as the widest label (in code points), so
// multi-letter tiles (Spanish CH) keep the columns straight.
// Thread safety: pure functions. Complexity: O(squares + tiles).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "lexc/alphabet.h"
#include "lexc/gen/layout.h"
#include "lexc/gen/move.h"
#include "lexc/gen/position.h"

namespace lexc::gen {

struct RenderOptions {
  enum class Style : std::uint8_t { kAscii, kUnicode };
  Style style = Style::kAscii;
  bool colour = false;                         // kUnicode only: ANSI colours
  std::vector<std::pair<int, int>> highlight;  // (row, col) squares to mark
  std::vector<std::string> player_names;       // by rack index; default "to move", "opponent"
};

// The squares of a play's new tiles, for RenderOptions::highlight.
std::vector<std::pair<int, int>> NewSquares(const Play& p);

// Preconditions: ValidatePosition(p, layout, a) succeeded.
std::string RenderPosition(const Position& p, const Layout& layout, const Alphabet& a, const RenderOptions& o);

}  // namespace lexc::gen
