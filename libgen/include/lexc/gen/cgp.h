// lexc/gen/cgp.h -- reading and writing positions as CGP, and board files.
//
// CGP (Crossword Game Position) is the one-line, FEN-like position format of
// open-source crossword game engines. The subset read and written here, and
// what each field must hold, is specified in formats/cgp.md:
//
//   <board> <racks> <scores> <scoreless turns> [<opcode> <operands>;]...
//   15/15/15/15/15/15/15/3WINDY7/15/15/15/15/15/15/15 ADEEGIL/ 0/0 0 lex CSW21;
//
// Board rows are separated by '/', digits give runs of empty squares, and
// tiles are tile text (lexc/tile_text.h, formats/tile-text.md): greedy
// longest match as word lists are read, a bracketed label ("[CH]") exactly
// that tile; upper-case labels are tiles and lower-case labels ("[ch]", "a")
// blanks. A '?' on a rack is a blank. Writers bracket labels of more than one
// code point, and single ones where greedy reading would join them ("C[H]").
// Everything read is validated (ValidatePosition) and every error names its
// field: "cgp board: row 3 has 16 squares, expected 15".
//
// A board file (for `lexc moves --board`) is the board alone, one row a line,
// '.' for an empty square; see formats/cgp.md, "Board files".
// Thread safety: pure functions.
#pragma once

#include <string>
#include <string_view>

#include "lexc/alphabet.h"
#include "lexc/gen/board.h"
#include "lexc/gen/layout.h"
#include "lexc/gen/position.h"
#include "lexc/status.h"

namespace lexc::gen {

// Errors: kBadInput, the detail starting "cgp <field>: " (kLimit for an
// alphabet of more than kMaxGenTile tiles); an operation holding a control
// or invisible character (RecordTextProblem, lexc/escape.h) is kBadInput
// "cgp operations: ...". Outside text in a message is quoted with QuoteText.
// O(text + squares).
Result<Position> ParseCgp(std::string_view text, const Alphabet& a, const Layout& layout);
// One line, no trailing newline. Precondition: tile codes within the alphabet.
// Operations should pass RecordTextProblem and hold no ';' (ParseCgp and
// PlayGame make only such); any other code or operand is written escaped
// (RecordText, ';' as \u{3B}, a space in a code as \u{20}), so the output is
// always one line holding exactly p.ops.size() operations.
std::string WriteCgp(const Position& p, const Alphabet& a);

// Empty when text may be a CGP operation's operand, written by WriteCgp and
// read back unchanged: RecordTextProblem (lexc/escape.h) is empty and it
// holds no ';'. Otherwise why not: "holds a line break (U+000A) at byte 4",
// "holds ';', which ends a CGP operation".
std::string CgpOperandProblem(std::string_view text);

// The board field alone ("15/15/.../15").
std::string WriteCgpBoard(const Board& b, const Alphabet& a);

// Errors: kBadInput "<source>:<line>: ..." (unknown tile, mixed case, row
// length, row count), as layout files; kLimit as ParseCgp.
Result<Board> ParseBoardFile(std::string_view text, std::string_view source, const Alphabet& a, const Layout& layout);
// One row a line, '.' for empty squares; parses back with ParseBoardFile.
std::string WriteBoardFile(const Board& b, const Alphabet& a);

}  // namespace lexc::gen
