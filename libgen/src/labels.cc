#include "labels.h"

namespace lexc::gen::internal {

std::size_t Utf8Length(unsigned char c) {
  if (c >= 0xF0 && c < 0xF8) return 4;
  if (c >= 0xE0) return c < 0xF0 ? 3 : 1;
  if (c >= 0xC0) return 2;
  return 1;
}

std::size_t CodePoints(std::string_view s) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < s.size(); i += Utf8Length(static_cast<unsigned char>(s[i]))) ++n;
  return n;
}

Labels::Labels(const Alphabet& a) : a_(a) {
  for (int t = 1; t <= a.size(); ++t) {
    const TileInfo& info = a.tile(static_cast<Tile>(t));
    upper_.emplace(info.label, static_cast<Tile>(t));
    // A label without case (upper == lower) reads as the tile itself.
    if (info.lower != info.label) lower_.emplace(info.lower, static_cast<Tile>(t));
  }
}

bool Labels::Next(std::string_view text, std::size_t* pos, Tile* tile, bool* lower, std::string* token) const {
  std::size_t start = *pos, len;
  if (text[start] == '[') {
    const std::size_t close = text.find(']', start);
    if (close == std::string_view::npos) {
      *token = std::string(text.substr(start));
      *pos = text.size();
      return false;
    }
    *token = std::string(text.substr(start + 1, close - start - 1));
    *pos = close + 1;
  } else {
    len = Utf8Length(static_cast<unsigned char>(text[start]));
    if (start + len > text.size()) len = text.size() - start;
    *token = std::string(text.substr(start, len));
    *pos = start + len;
  }
  if (auto it = upper_.find(*token); it != upper_.end()) {
    *tile = it->second;
    *lower = false;
    return true;
  }
  if (auto it = lower_.find(*token); it != lower_.end()) {
    *tile = it->second;
    *lower = true;
    return true;
  }
  return false;
}

void Labels::Append(Tile t, bool lower, std::string* out) const {
  const TileInfo& info = a_.tile(t);
  const std::string& s = lower ? info.lower : info.label;
  if (CodePoints(s) == 1) {
    *out += s;
  } else {
    *out += '[';
    *out += s;
    *out += ']';
  }
}

}  // namespace lexc::gen::internal
