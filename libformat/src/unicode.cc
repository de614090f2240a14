#include "unicode.h"

#include <unicode/bytestream.h>
#include <unicode/normalizer2.h>
#include <unicode/stringpiece.h>

#include <cstdint>

#include "utf8.h"

namespace lexc::unicode {
namespace {

bool IsAscii(std::string_view text) {
  for (const char c : text)
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  return true;
}

}  // namespace

bool ToNfc(std::string_view text, std::string* out) {
  if (IsAscii(text) || text.size() > 0x7FFFFFFF || !utf8::Valid(text)) return false;
  UErrorCode status = U_ZERO_ERROR;
  // Owned by ICU, built once, thread-safe.
  const icu::Normalizer2* nfc = icu::Normalizer2::getNFCInstance(status);
  if (U_FAILURE(status)) return false;  // ICU's data missing: read the text as it is
  const icu::StringPiece piece(text.data(), static_cast<std::int32_t>(text.size()));
  if (nfc->isNormalizedUTF8(piece, status) || U_FAILURE(status)) return false;
  std::string normalized;
  icu::StringByteSink<std::string> sink(&normalized);
  status = U_ZERO_ERROR;
  nfc->normalizeUTF8(0, piece, sink, nullptr, status);
  if (U_FAILURE(status)) return false;
  *out = std::move(normalized);
  return true;
}

bool IsNfcSelfContained(std::string_view text) {
  if (IsAscii(text) || !utf8::Valid(text)) return true;
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* nfc = icu::Normalizer2::getNFCInstance(status);
  if (U_FAILURE(status)) return true;
  char32_t first = 0;
  utf8::Decode(text, 0, &first);
  return nfc->hasBoundaryBefore(static_cast<UChar32>(first));
}

}  // namespace lexc::unicode
