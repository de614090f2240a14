#include "text_figures.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "lexc/crc32c.h"
#include "lexc/format.h"

namespace lexc::internal {
namespace {

// The end of the list's tiles when they lie flat, in word order, in one
// array (the words in a row, the first word's data at its start); null
// otherwise, or for no words.
const Tile* FlatTilesEnd(const WordList& words) {
  const std::size_t n = words.size();
  if (n == 0) return nullptr;
  const Tile* first = words[0].data();
  const Tile* end = words[n - 1].data() + words[n - 1].size();
  return end >= first && static_cast<std::size_t>(end - first) == words.total_tiles() ? end : nullptr;
}

}  // namespace

// Checks each word against max-len and the alphabet; the figures but the
// text's (ChecksumText).
Result<TextFigures> MeasureText(const WordList& words, const Alphabet& alphabet, int max_len) {
  TextFigures f;
  f.shortest = words.size() ? ~0u : 0;
  // The tiles are stored flat, in word order: one branch-free pass over all
  // of them (vectorized) clears the common case; only a list holding a bad
  // tile is scanned word by word, to name the first.
  bool tiles_ok = false;
  if (const Tile* end = FlatTilesEnd(words)) {
    Tile lo = 0xFF, hi = 0;
    for (const Tile* p = words[0].data(); p != end; ++p) {
      lo = std::min(lo, *p);
      hi = std::max(hi, *p);
    }
    tiles_ok = lo >= 1 && hi <= alphabet.size();
  }
  for (std::size_t i = 0; i < words.size(); ++i) {
    auto w = words[i];
    if (w.size() > static_cast<std::size_t>(max_len))
      return Status(Errc::kInvalidArgument, "word " + std::to_string(i + 1) + " has " + std::to_string(w.size()) +
                                                " tiles, over max-len " + std::to_string(max_len));
    if (!tiles_ok)
      for (Tile t : w)
        if (t < 1 || t > alphabet.size())
          return Status(Errc::kInvalidArgument, "word " + std::to_string(i + 1) + " has tile code " +
                                                    std::to_string(t) + ", outside the alphabet's 1.." +
                                                    std::to_string(alphabet.size()));
    f.longest = std::max<std::uint32_t>(f.longest, static_cast<std::uint32_t>(w.size()));
    f.shortest = std::min<std::uint32_t>(f.shortest, static_cast<std::uint32_t>(w.size()));
    f.tile_total += w.size();
  }
  return f;
}

// The text's length and CRC: the words rendered into a buffer, CRCed a
// block at a time. Precondition: MeasureText passed.
void ChecksumText(const WordList& words, const Alphabet& alphabet, int max_len, TextFigures* f) {
  std::vector<std::string_view> labels(static_cast<std::size_t>(alphabet.size()) + 1);
  for (int t = 1; t <= alphabet.size(); ++t)
    labels[static_cast<std::size_t>(t)] = alphabet.tile(static_cast<Tile>(t)).label;
  std::vector<char> buf(1 << 16);
  std::size_t used = 0;
  const std::size_t worst_line = static_cast<std::size_t>(max_len) * kMaxLabelBytes + 1;
  const auto flush = [&] {
    f->crc = Crc32c(f->crc, buf.data(), used);
    f->text_bytes += used;
    used = 0;
  };
  // Every label one byte (English): a byte per tile from a table, no
  // per-tile test of the label's length.
  char byte_of[256] = {};
  bool single_bytes = true;
  for (int t = 1; t <= alphabet.size(); ++t) {
    const std::string_view l = labels[static_cast<std::size_t>(t)];
    single_bytes &= l.size() == 1;
    byte_of[t] = l.empty() ? '\0' : l[0];
  }
  // English's labels are the tiles plus a constant ('A' = 1 + 64): a word
  // of up to 16 tiles is then rendered by two 8-byte additions (no carry
  // crosses a byte: every tile plus the constant stays below 256), reading
  // 16 tiles from the list's flat array when that many remain in it. The
  // bytes beyond the word land in the buffer's slack and are overwritten.
  int offset = single_bytes && alphabet.size() >= 1 ? static_cast<unsigned char>(byte_of[1]) - 1 : -1;
  for (int t = 1; t <= alphabet.size() && offset >= 0; ++t)
    if (static_cast<unsigned char>(byte_of[t]) != t + offset || t + offset > 255) offset = -1;
  const Tile* const flat_end = offset >= 0 ? FlatTilesEnd(words) : nullptr;
  if (single_bytes) {
    const std::uint64_t add = std::uint64_t(offset >= 0 ? offset : 0) * 0x0101010101010101ull;
    for (std::size_t i = 0; i < words.size(); ++i) {
      if (used + worst_line + 16 > buf.size()) flush();
      const auto w = words[i];
      char* const out = buf.data() + used;
      if (flat_end && w.size() <= 16 && flat_end - w.data() >= 16) {
        std::uint64_t lo, hi;
        std::memcpy(&lo, w.data(), 8);
        std::memcpy(&hi, w.data() + 8, 8);
        lo += add;
        hi += add;
        std::memcpy(out, &lo, 8);
        std::memcpy(out + 8, &hi, 8);
      } else {
        for (std::size_t j = 0; j < w.size(); ++j) out[j] = byte_of[w[j]];
      }
      out[w.size()] = '\n';
      used += w.size() + 1;
    }
    flush();
    return;
  }
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (used + worst_line > buf.size()) flush();
    for (Tile t : words[i]) {
      const std::string_view l = labels[t];
      if (l.size() == 1) {
        buf[used++] = l[0];
      } else {
        std::memcpy(buf.data() + used, l.data(), l.size());
        used += l.size();
      }
    }
    buf[used++] = '\n';
  }
  flush();
}

}  // namespace lexc::internal
