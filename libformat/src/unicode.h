// unicode.h -- internal: Unicode normalization for the readers of outside
// text (word lists, tile text, alphabet labels). Text is compared byte for
// byte with labels, so it is brought to NFC first: "N" + U+0303 (as macOS
// file names and some lists spell it) reads as the tile Ñ. ICU does the
// work (its data tables follow each Unicode release); pure ASCII text, the
// common case, never reaches it. Not installed; not part of the public API.
#pragma once

#include <string>
#include <string_view>

namespace lexc::unicode {

// When `text` is valid UTF-8 and not in NFC, writes its NFC form to *out and
// returns true. Returns false (and leaves *out alone) when the text is
// already NFC, is pure ASCII, or is not valid UTF-8 (the caller's reader
// then reports the bad byte at its true offset).
bool ToNfc(std::string_view text, std::string* out);

// Whether NFC can never join `text` to the text before it: its first code
// point has a normalization boundary before it (false for a combining mark
// or a Hangul vowel or trailing jamo, which compose with what precedes).
// Labels that all pass this cannot be merged by normalizing the words they
// spell. True for ASCII and for invalid UTF-8.
bool IsNfcSelfContained(std::string_view text);

// Whether `text` is in NFC (true for ASCII and for invalid UTF-8, which no
// normalization can help).
inline bool IsNfc(std::string_view text) {
  std::string unused;
  return !ToNfc(text, &unused);
}

}  // namespace lexc::unicode
