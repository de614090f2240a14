// lexc/tile_text.h -- reading and writing tiles as text typed by people:
// query words, racks, patterns, CGP boards and racks, board files, GCG racks.
//
// The notation is specified in formats/tile-text.md. In short:
//   - "[CH]" (a label in brackets) is exactly that tile; "[ch]", its lower-
//     case label, is the blank-designated form where the context has blanks
//     (board squares) and the same tile elsewhere;
//   - outside brackets, text is read by greedy longest match, exactly as word
//     lists are (Alphabet::Tokenize): with Spanish tiles C, CH, H, "CHE" is
//     CH,E, and "C[H]E" or "[C][H]E" is C,H,E;
//   - a context names its marks, ASCII bytes that are not tile text there
//     ('?' a blank on racks, '?' and '*' in patterns, digits on CGP rows,
//     '.' and spaces in board files); a mark ends a greedy run.
// Writing follows the reverse rule: labels of more than one code point are
// bracketed, and a one-code-point label only when greedy reading would merge
// it with the text before it ("C[H]") or when it is a mark of the context.
// What is written reads back as the same tiles (and cases), both by this
// reader and by a reader that only knows brackets (Macondo's CGP).
//
// Plain word output (dump, query results, "GEL(I)D") is not tile text: it is
// concatenated labels, Alphabet::Render.
// Thread safety: a reader or writer is used by one thread; the alphabet it
// refers to must outlive it. The free functions are pure.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "lexc/alphabet.h"
#include "lexc/status.h"

namespace lexc {

// How a tile was written: its label, its lower-case label, or a mix of the
// two code point by code point ("Ch"; never a blank's designation). A label
// without case (upper == lower, e.g. "·") reads as kUpper.
enum class LabelCase : std::uint8_t { kUpper, kLower, kMixed };

struct TextToken {
  enum class Kind : std::uint8_t { kTile, kMark };
  Kind kind = Kind::kTile;
  Tile tile = 0;                              // kTile: 1..alphabet size
  LabelCase letter_case = LabelCase::kUpper;  // kTile
  char mark = 0;                              // kMark: the byte
  std::size_t offset = 0;                     // byte offset of the token in the text
};

// Reads tile text token by token. Text not in Unicode NFC is normalized
// first (a copy), so offsets count bytes of text(); the alphabet's folds read
// as their tiles ("á" as a, in the case written). Cost: O(text) for
// alphabets of single ASCII letters, else O(text x labels sharing a first
// byte); no allocation except for an error message or text not in NFC.
class TileTextReader {
 public:
  // `marks`: ASCII bytes reported as kMark tokens in this context.
  TileTextReader(const Alphabet& a, std::string_view text, std::string_view marks = {});
  TileTextReader(const TileTextReader&) = delete;  // text_ may point into normalized_
  TileTextReader& operator=(const TileTextReader&) = delete;

  // The text being read: the text given, or its NFC form.
  std::string_view text() const { return text_; }

  // Reads the next token. Returns false at the end of the text, or on an
  // error: then ok() is false, problem() says what ("unknown tile 'É'",
  // "unclosed '['", "empty '[]'", "']' without '['", "unknown tile '[X]'")
  // and offset() is the byte where it starts; reading stops there.
  bool Next(TextToken* token);

  bool ok() const { return problem_.empty(); }
  const std::string& problem() const { return problem_; }
  std::size_t offset() const { return pos_; }
  // The problem placed in its text, for a message: "unknown tile '3' at
  // character 3 of rack 'AB3' (alphabet english)"; `what` names the text.
  // Characters are code points, counted from 1. Precondition: !ok().
  Status ErrorStatus(std::string_view what) const;

 private:
  bool Fail(std::string problem);

  const Alphabet& a_;
  std::string normalized_;  // the NFC form, when the text given was not
  std::string_view text_, marks_;
  std::size_t pos_ = 0;
  std::size_t run_end_ = 0;  // end of the greedy run pos_ is in, once found
  std::string problem_;
};

// Reads text of tiles only (query words, prefixes, infixes). Errors
// (kBadInput): the reader's, placed as ErrorStatus(what) does; "empty
// <what>" for text without tiles.
Result<std::vector<Tile>> ParseTileText(const Alphabet& a, std::string_view text, std::string_view what = "word");

// Writes tile text that reads back as the same tiles. Cost per tile: O(1)
// for alphabets whose labels are all one code point, else O(greedy run).
class TileTextWriter {
 public:
  // Appends to *out; `marks` are those of the context the text will be read
  // in (a label equal to one is bracketed).
  TileTextWriter(const Alphabet& a, std::string* out, std::string_view marks = {});

  // Appends tile t (1..alphabet size), its lower-case label when `lower`.
  void Append(Tile t, bool lower = false);
  // Appends bytes that are not tile text in this context (marks, run counts,
  // separators such as '/' or ' '): they end the greedy run.
  void AppendOther(std::string_view text);

 private:
  const Alphabet& a_;
  std::string* out_;
  std::string_view marks_;
  bool multi_code_point_;  // some label or fold text has more than one code point
  // The greedy run being written: where it starts in *out_, and its tiles.
  std::size_t run_start_;
  std::vector<Tile> run_tiles_;
};

// Tiles as tile text (upper case), e.g. Spanish C,H,E -> "C[H]E", CH,E -> "[CH]E".
std::string WriteTileText(const Alphabet& a, std::span<const Tile> tiles);

}  // namespace lexc
