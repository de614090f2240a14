// utf8.h -- internal UTF-8 helpers shared by the alphabet, word-list and
// tile-text readers: strict decoding, encoding, counting code points, and
// naming one character for an error message. The one place libformat (and,
// through tile_text.h, libgen and the tool) measures UTF-8; quoting outside
// text is lexc/escape.h's, built on Decode and IsSpaceOrControl. Not
// installed; not part of the public API.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "lexc/escape.h"

namespace lexc::utf8 {

using lexc::EscapeText;

// Decodes the code point starting at s[0], reading at most n bytes. Returns
// its length (1..4), or 0 when the bytes are not well-formed UTF-8 (RFC 3629:
// no overlong forms, no surrogates, nothing above U+10FFFF, no truncation).
inline int Decode(const unsigned char* s, std::size_t n, char32_t* cp) {
  if (n == 0) return 0;
  const unsigned char b0 = s[0];
  if (b0 < 0x80) {
    *cp = b0;
    return 1;
  }
  int len;
  char32_t c, min;
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    len = 2, c = b0 & 0x1Fu, min = 0x80;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    len = 3, c = b0 & 0x0Fu, min = 0x800;
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    len = 4, c = b0 & 0x07u, min = 0x10000;
  } else {
    return 0;  // continuation byte, C0/C1 overlong lead, or F5..FF
  }
  if (n < static_cast<std::size_t>(len)) return 0;
  for (int i = 1; i < len; ++i) {
    if ((s[i] & 0xC0) != 0x80) return 0;
    c = (c << 6) | (s[i] & 0x3Fu);
  }
  if (c < min || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return 0;
  *cp = c;
  return len;
}

inline int Decode(std::string_view s, std::size_t pos, char32_t* cp) {
  return Decode(reinterpret_cast<const unsigned char*>(s.data()) + pos, s.size() - pos, cp);
}

inline bool Valid(std::string_view s) {
  char32_t cp;
  for (std::size_t i = 0; i < s.size();) {
    const int len = Decode(s, i, &cp);
    if (len == 0) return false;
    i += static_cast<std::size_t>(len);
  }
  return true;
}

// Bytes of the code point starting at s[pos]; 1 for a byte that starts no
// well-formed sequence. Precondition: pos < s.size().
inline std::size_t SequenceLength(std::string_view s, std::size_t pos) {
  char32_t cp;
  const int len = Decode(s, pos, &cp);
  return len == 0 ? 1 : static_cast<std::size_t>(len);
}

// Code points in s, each malformed byte counting as one ("character N" in
// messages counts these).
inline std::size_t CountCodePoints(std::string_view s) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < s.size(); ++n) i += SequenceLength(s, i);
  return n;
}

// Precondition: cp <= U+10FFFF and not a surrogate.
inline void Encode(char32_t cp, std::string* out) {
  if (cp < 0x80) {
    out->push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out->push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out->push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out->push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

// Control characters (C0, DEL, C1) and Unicode White_Space, plus the
// invisible format characters that can disguise text in a terminal (zero
// width spaces/joiners, bidirectional overrides and isolates, BOM).
inline bool IsSpaceOrControl(char32_t c) {
  return c <= 0x20 || (c >= 0x7F && c <= 0xA0) || c == 0x1680 || (c >= 0x2000 && c <= 0x200F) ||
         (c >= 0x2028 && c <= 0x202F) || (c >= 0x205F && c <= 0x206F) || c == 0x3000 || c == 0xFEFF;
}

// "U+00E9" (at least four hex digits).
inline std::string CodePointName(char32_t cp) {
  static const char kHex[] = "0123456789ABCDEF";
  std::string digits;
  for (char32_t v = cp; v != 0 || digits.size() < 4; v >>= 4) digits.insert(digits.begin(), kHex[v & 0xF]);
  return "U+" + digits;
}

// Names the character at text[pos] for a message: `"é" (U+00E9)`, or
// `byte \xC3 (invalid UTF-8)`. Precondition: pos < text.size().
inline std::string CharAt(std::string_view text, std::size_t pos) {
  char32_t cp;
  const int len = Decode(text, pos, &cp);
  // Appends rather than `"literal" + temporary`, which trips a false
  // -Wrestrict in GCC 12 at -O2 (GCC bug 105651).
  std::string out = len == 0 ? "byte " : "\"";
  out += EscapeText(text.substr(pos, len == 0 ? 1 : static_cast<std::size_t>(len)));
  out += len == 0 ? " (invalid UTF-8)" : "\" (" + CodePointName(cp) + ")";
  return out;
}

}  // namespace lexc::utf8
