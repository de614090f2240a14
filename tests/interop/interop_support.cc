#include "interop_support.h"

#include <catch2/catch.hpp>
#include <cstring>

namespace lexc::interop::test {
namespace {

Tile TileOf(std::uint32_t w) { return static_cast<Tile>(w >> 24); }
bool AcceptsOf(std::uint32_t w) { return (w & 0x00800000u) != 0; }
bool EndOf(std::uint32_t w) { return (w & 0x00400000u) != 0; }
std::uint32_t IndexOf(std::uint32_t w) { return w & 0x003FFFFFu; }

void Walk(const std::vector<std::uint32_t>& k, std::uint32_t p, Word& prefix, std::vector<Word>& out, int left) {
  if (p == 0 || left == 0) return;
  for (;; ++p) {
    REQUIRE(p < k.size());
    const std::uint32_t w = k[p];
    prefix.push_back(TileOf(w));
    if (AcceptsOf(w)) out.push_back(prefix);
    Walk(k, IndexOf(w), prefix, out, left - 1);
    prefix.pop_back();
    if (EndOf(w)) return;
  }
}

// Appends the trie list of the strings [lo, hi) (sorted, all longer than
// depth) and returns its first index.
std::uint32_t EmitList(const std::vector<Word>& s, std::size_t lo, std::size_t hi, std::size_t depth,
                       std::vector<std::uint32_t>& out) {
  std::vector<std::pair<std::size_t, std::size_t>> groups;
  for (std::size_t i = lo; i < hi;) {
    std::size_t j = i;
    while (j < hi && s[j][depth] == s[i][depth]) ++j;
    groups.push_back({i, j});
    i = j;
  }
  const auto first = static_cast<std::uint32_t>(out.size());
  out.resize(out.size() + groups.size());
  for (std::size_t g = 0; g < groups.size(); ++g) {
    auto [i, j] = groups[g];
    const bool accepts = s[i].size() == depth + 1;  // sorted: the shortest first
    const std::size_t below = accepts ? i + 1 : i;
    const std::uint32_t child = below < j ? EmitList(s, below, j, depth + 1, out) : 0;
    out[first + g] = std::uint32_t(s[i][depth]) << 24 | std::uint32_t(accepts) << 23 |
                     std::uint32_t(g + 1 == groups.size()) << 22 | child;
  }
  return first;
}

}  // namespace

std::vector<std::uint32_t> DecodeWords(std::span<const std::byte> bytes) {
  std::vector<std::uint32_t> w(bytes.size() / 4);
  for (std::size_t i = 0; i < w.size(); ++i)
    w[i] = std::uint32_t(bytes[4 * i]) | std::uint32_t(bytes[4 * i + 1]) << 8 | std::uint32_t(bytes[4 * i + 2]) << 16 |
           std::uint32_t(bytes[4 * i + 3]) << 24;
  return w;
}

std::vector<std::byte> EncodeWords(const std::vector<std::uint32_t>& words) {
  std::vector<std::byte> b;
  for (std::uint32_t w : words)
    for (int i = 0; i < 4; ++i) b.push_back(static_cast<std::byte>(w >> (8 * i)));
  return b;
}

std::vector<Word> KwgStrings(const std::vector<std::uint32_t>& kwg, std::uint32_t list, int max_depth) {
  std::vector<Word> out;
  Word prefix;
  Walk(kwg, list, prefix, out, max_depth);
  return out;
}

std::vector<Word> KwgDawgWords(const std::vector<std::uint32_t>& kwg) { return KwgStrings(kwg, IndexOf(kwg.at(0))); }
std::vector<Word> KwgGaddagStrings(const std::vector<std::uint32_t>& kwg) {
  return KwgStrings(kwg, IndexOf(kwg.at(1)));
}

std::vector<std::uint32_t> TrieKwg(const WordSet& dawg, const WordSet* gaddag) {
  std::vector<std::uint32_t> out(gaddag ? 2 : 1, 0x00400000u);  // root entries: tile 0, end
  const std::vector<Word> d(dawg.begin(), dawg.end());
  if (!d.empty()) out[0] |= EmitList(d, 0, d.size(), 0, out);
  if (gaddag && !gaddag->empty()) {
    const std::vector<Word> g(gaddag->begin(), gaddag->end());
    out[1] |= EmitList(g, 0, g.size(), 0, out);
  }
  return out;
}

}  // namespace lexc::interop::test
