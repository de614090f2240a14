// Tile labels in position text (CGP boards and racks, board files): one
// code point, or a bracketed label of several ("[CH]"); the upper-case label
// is the tile, the lower-case one a blank standing for it.
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>

#include "lexc/alphabet.h"

namespace lexc::gen::internal {

class Labels {
 public:
  explicit Labels(const Alphabet& a);

  // Reads one token at text[*pos] (advancing *pos): a bracketed label or a
  // single UTF-8 code point. Returns false for an unknown label, or an
  // unclosed bracket; *token is then the text that did not match.
  bool Next(std::string_view text, std::size_t* pos, Tile* tile, bool* lower, std::string* token) const;
  // Appends tile t's label (lower case for a blank), bracketed when it is
  // more than one code point.
  void Append(Tile t, bool lower, std::string* out) const;

 private:
  const Alphabet& a_;
  std::unordered_map<std::string, Tile> upper_, lower_;
};

// Bytes of the UTF-8 sequence starting with byte c (1 for invalid bytes).
std::size_t Utf8Length(unsigned char c);
// Number of code points in s.
std::size_t CodePoints(std::string_view s);

}  // namespace lexc::gen::internal
