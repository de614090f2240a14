// Fuzz target: build -> open -> verify -> dump on word lists made from the
// bytes.
//
// Byte 0 picks the alphabet size (3..6 letters), the graphs (DAWG, GADDAG,
// both), the arc encoding (the smallest width, 8 bytes, or bit-packed) and
// the builder's threads (1..3: an image built on 2 or 3 must equal the
// one-thread image, byte for byte); byte 1 the max-len (1..8). Every
// further byte is a tile (b mod (letters + 1)), 0 ending a word; words longer
// than max-len are cut. BuildImage must succeed; the image must open and
// pass Verify; its metadata, ForEachWord and Contains must agree with the
// sorted unique list, non-words must be absent, a GADDAG must accept every
// rev(x) SEP y and rev(w); the dump (words rendered as text) must read back
// as the same list; Prefix, Suffix, Substring and Anagram must agree with
// brute force over the list for probes taken from it.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include "fuzz_support.h"
#include "lexc/builder.h"
#include "lexc/lexicon.h"
#include "lexc/query.h"
#include "lexc/wordlist.h"

namespace {

using namespace lexc;
using Word = std::vector<Tile>;

Alphabet Letters(int n) {
  std::vector<TileInfo> tiles;
  for (int i = 0; i < n; ++i) tiles.push_back({std::string(1, static_cast<char>('A' + i)), "", 1, 1});
  auto a = Alphabet::FromTiles("letters", std::move(tiles), 2, 0);
  FUZZ_CHECK(a.ok());
  return std::move(a).value();
}

std::vector<Word> Collect(const std::function<std::uint64_t(const WordCallback&)>& query) {
  std::vector<Word> out;
  const std::uint64_t n = query([&](const WordMatch& m) {
    out.emplace_back(m.tiles.begin(), m.tiles.end());
    return true;
  });
  FUZZ_CHECK(n == out.size());
  return out;
}

template <class Pred>
std::vector<Word> Filter(const std::vector<Word>& words, Pred&& keep) {
  std::vector<Word> out;
  for (const Word& w : words)
    if (keep(w)) out.push_back(w);
  return out;
}

bool Accepts(const Graph& g, const Word& s) {
  Node n = g.root();
  bool acc = false;
  for (Tile t : s)
    if (n == kNoNode || !g.Child(n, t, &n, &acc)) return false;
  return acc;
}

bool IsAnagram(Word w, Word rack) {
  std::sort(w.begin(), w.end());
  std::sort(rack.begin(), rack.end());
  return w == rack;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const int letters = 3 + data[0] % 4;
  const int graphs = data[0] / 4 % 3;     // 0 DAWG, 1 GADDAG, 2 both
  const int encoding = data[0] / 12 % 3;  // 0 smallest width, 1 8 bytes, 2 bit-packed
  const int width = encoding == 1 ? 8 : 0;
  const int threads = 1 + data[0] / 36 % 3;  // 1..3 (the image must not depend on it)
  const int max_len = 1 + data[1] % 8;
  std::set<Word> model;
  Word cur;
  for (std::size_t i = 2; i <= size; ++i) {
    const int t = i < size ? data[i] % (letters + 1) : 0;
    if (t == 0) {
      if (!cur.empty()) model.insert(cur);
      cur.clear();
    } else if (static_cast<int>(cur.size()) < max_len) {
      cur.push_back(static_cast<Tile>(t));
    }
  }
  const std::vector<Word> words(model.begin(), model.end());
  const Alphabet alphabet = Letters(letters);

  WordList list = WordList::FromUnsorted(std::vector<Word>(words.rbegin(), words.rend()));
  BuildOptions opt;
  opt.dawg = graphs != 1;
  opt.gaddag = graphs != 0;
  opt.arc_width = width;
  opt.compact = encoding == 2;
  opt.max_len = max_len;
  opt.threads = threads;
  auto image = BuildImage(list, alphabet, opt);
  FUZZ_CHECK_MSG(image.ok(), image.status().ToString());
  if (threads > 1) {
    BuildOptions one = opt;
    one.threads = 1;
    auto serial = BuildImage(list, alphabet, one);
    FUZZ_CHECK_MSG(serial.ok(), serial.status().ToString());
    FUZZ_CHECK(*serial == *image);
  }
  fuzz::AlignedBytes buf(image->data(), image->size());
  auto lex = Lexicon::FromBytes(buf.bytes());
  FUZZ_CHECK_MSG(lex.ok(), lex.status().ToString());
  const Status verified = lex->Verify();
  FUZZ_CHECK_MSG(verified.ok(), verified.ToString());

  const Metadata& m = lex->meta();
  std::uint64_t tiles = 0;
  std::size_t longest = 0, shortest = words.empty() ? 0 : SIZE_MAX;
  for (const Word& w : words) {
    tiles += w.size();
    longest = std::max(longest, w.size());
    shortest = std::min(shortest, w.size());
  }
  FUZZ_CHECK(m.word_count == words.size() && m.tile_total == tiles && m.max_len == unsigned(max_len));
  FUZZ_CHECK(m.longest_word == longest && m.shortest_word == shortest);
  FUZZ_CHECK(lex->has_dawg() == opt.dawg && lex->has_gaddag() == opt.gaddag);
  FUZZ_CHECK(lex->alphabet() == alphabet);
  FUZZ_CHECK(lex->arc_encoding().packed() == opt.compact);

  FUZZ_CHECK(Collect([&](const WordCallback& cb) { return ForEachWord(*lex, cb); }) == words);
  for (const Word& w : words) {
    FUZZ_CHECK(Contains(*lex, w));
    Word longer = w;
    longer.push_back(1);
    FUZZ_CHECK(Contains(*lex, longer) == (model.count(longer) > 0));
    Word shorter(w.begin(), w.end() - 1);
    FUZZ_CHECK(Contains(*lex, shorter) == (model.count(shorter) > 0));
  }
  if (lex->has_gaddag()) {
    const Graph& g = lex->gaddag();
    for (const Word& w : words) {
      FUZZ_CHECK(Accepts(g, Word(w.rbegin(), w.rend())));
      for (std::size_t k = 1; k < w.size(); ++k) {
        Word s(w.rend() - static_cast<std::ptrdiff_t>(k), w.rend());  // rev(w[0, k))
        s.push_back(kSeparator);
        s.insert(s.end(), w.begin() + static_cast<std::ptrdiff_t>(k), w.end());
        FUZZ_CHECK(Accepts(g, s));
      }
    }
  }

  // Dump: the words as text, one a line, read back.
  std::string dump;
  for (const Word& w : words) dump += alphabet.Render(w) + "\n";
  ReadOptions ro;
  ro.max_len = max_len;
  auto back = ParseWordList(dump, "dump", alphabet, ro, nullptr);
  FUZZ_CHECK_MSG(back.ok(), back.status().ToString());
  FUZZ_CHECK(back->size() == words.size());
  for (std::size_t i = 0; i < words.size(); ++i)
    FUZZ_CHECK(std::equal(words[i].begin(), words[i].end(), (*back)[i].begin(), (*back)[i].end()));

  // Queries against brute force, probes from the first, middle and last word.
  if (words.empty()) return 0;
  for (const Word& w : {words.front(), words[words.size() / 2], words.back()}) {
    const Word head(w.begin(), w.begin() + static_cast<std::ptrdiff_t>((w.size() + 1) / 2));
    const Word tail(w.end() - static_cast<std::ptrdiff_t>((w.size() + 1) / 2), w.end());
    const Word mid(w.begin() + static_cast<std::ptrdiff_t>(w.size() / 3),
                   w.begin() + static_cast<std::ptrdiff_t>(w.size() / 3 + 1));
    FUZZ_CHECK(Collect([&](const WordCallback& cb) { return Prefix(*lex, head, cb); }) ==
               Filter(words, [&](const Word& x) {
                 return x.size() >= head.size() && std::equal(head.begin(), head.end(), x.begin());
               }));
    FUZZ_CHECK(Collect([&](const WordCallback& cb) { return Suffix(*lex, tail, cb); }) ==
               Filter(words, [&](const Word& x) {
                 return x.size() >= tail.size() &&
                        std::equal(tail.begin(), tail.end(), x.end() - static_cast<std::ptrdiff_t>(tail.size()));
               }));
    FUZZ_CHECK(Collect([&](const WordCallback& cb) { return Substring(*lex, mid, cb); }) ==
               Filter(words, [&](const Word& x) {
                 return std::search(x.begin(), x.end(), mid.begin(), mid.end()) != x.end();
               }));
    Rack rack;
    for (Tile t : w) rack.Add(t);
    FUZZ_CHECK(Collect([&](const WordCallback& cb) { return Anagram(*lex, rack, false, cb); }) ==
               Filter(words, [&](const Word& x) { return IsAnagram(x, w); }));
  }
  return 0;
}
