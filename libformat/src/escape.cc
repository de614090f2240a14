#include "lexc/escape.h"

#include "utf8.h"

namespace lexc {
namespace {

constexpr char kHex[] = "0123456789ABCDEF";

bool NeedsEscape(char32_t cp) { return cp != ' ' && utf8::IsSpaceOrControl(cp); }

bool IsLineBreak(char32_t cp) { return (cp >= 0x0A && cp <= 0x0D) || cp == 0x85 || cp == 0x2028 || cp == 0x2029; }

bool IsControl(char32_t cp) { return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F); }

// Zero-width spaces and joiners, direction marks, embeddings, overrides and
// isolates, word joiner and invisible operators, BOM.
bool IsInvisibleFormat(char32_t cp) {
  return (cp >= 0x200B && cp <= 0x200F) || (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2060 && cp <= 0x206F) ||
         cp == 0xFEFF;
}

std::string Hex(char32_t v) {
  std::string digits;
  do {
    digits.insert(digits.begin(), kHex[v & 0xF]);
    v >>= 4;
  } while (v != 0);
  return digits;
}

}  // namespace

std::string EscapeText(std::string_view s, char quote, std::size_t max_bytes) {
  std::string out;
  for (std::size_t i = 0; i < s.size();) {
    if (out.size() >= max_bytes) {
      out += "...";
      break;
    }
    char32_t cp = 0;
    const int len = utf8::Decode(s, i, &cp);
    if (len == 0) {
      const auto b = static_cast<unsigned char>(s[i]);
      out += "\\x";
      out += kHex[b >> 4];
      out += kHex[b & 0xF];
      ++i;
      continue;
    }
    if (quote != '\0' && (cp == static_cast<unsigned char>(quote) || cp == '\\')) {
      out += '\\';
      out += static_cast<char>(cp);
    } else if (NeedsEscape(cp)) {
      out += "\\u{";
      out += Hex(cp);
      out += '}';
    } else {
      out.append(s.substr(i, static_cast<std::size_t>(len)));
    }
    i += static_cast<std::size_t>(len);
  }
  return out;
}

std::string QuoteText(std::string_view text, char quote, std::size_t max_bytes) {
  std::string out(1, quote);
  out += EscapeText(text, quote, max_bytes);
  out += quote;
  return out;
}

bool IsPrintableText(std::string_view text) {
  char32_t cp = 0;
  for (std::size_t i = 0; i < text.size();) {
    const int len = utf8::Decode(text, i, &cp);
    if (len == 0 || NeedsEscape(cp)) return false;
    i += static_cast<std::size_t>(len);
  }
  return true;
}

std::string QuotePath(std::string_view path) {
  if (IsPrintableText(path)) return std::string(path);
  return QuoteText(path, '"', std::string_view::npos);
}

std::string RecordTextProblem(std::string_view text) {
  char32_t cp = 0;
  for (std::size_t i = 0; i < text.size();) {
    const int len = utf8::Decode(text, i, &cp);
    const std::string at = " at byte " + std::to_string(i + 1);
    if (len == 0) return "holds invalid UTF-8 (byte \\x" + Hex(static_cast<unsigned char>(text[i])) + ")" + at;
    if (IsLineBreak(cp)) return "holds a line break (" + utf8::CodePointName(cp) + ")" + at;
    if (IsControl(cp)) return "holds a control character (" + utf8::CodePointName(cp) + ")" + at;
    if (IsInvisibleFormat(cp)) return "holds an invisible format character (" + utf8::CodePointName(cp) + ")" + at;
    i += static_cast<std::size_t>(len);
  }
  return "";
}

std::string RecordText(std::string_view text) {
  if (RecordTextProblem(text).empty()) return std::string(text);
  return EscapeText(text, '\0', std::string_view::npos);
}

}  // namespace lexc
