// Internal: META's figures of a word list's normalized text (formats/
// lexicon-image.md, "META"): the words' lengths, the tile total, and the
// text's length and CRC32C as the list would be written one word a line in
// the alphabet's labels. The builder checks a list with MeasureText first
// and computes the CRC (ChecksumText) only for an image, beside other work.
#pragma once

#include <cstdint>

#include "lexc/alphabet.h"
#include "lexc/status.h"
#include "lexc/wordlist.h"

namespace lexc::internal {

// META's figures of the normalized list text ("WORD\n" lines).
struct TextFigures {
  std::uint64_t text_bytes = 0, tile_total = 0;
  std::uint32_t crc = 0;
  std::uint32_t longest = 0, shortest = 0;
};

// Checks each word against max-len and the alphabet; the figures but the
// text's (ChecksumText). Errors: kInvalidArgument naming the word.
Result<TextFigures> MeasureText(const WordList& words, const Alphabet& alphabet, int max_len);

// The text's length and CRC into *f. Precondition: MeasureText passed.
void ChecksumText(const WordList& words, const Alphabet& alphabet, int max_len, TextFigures* f);

}  // namespace lexc::internal
