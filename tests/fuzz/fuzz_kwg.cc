// Fuzz target: arbitrary bytes as a KWG (lexc/interop/kwg.h).
//
// The first byte chooses the reading: bits 0..5 the alphabet's size (1..64;
// 26 when 0), bit 6 a KLV2 leave graph (tile 0 a letter), bit 7 max-len 4
// instead of 15; the rest is the file. Kwg::Parse accepts or refuses with
// bad input (or a limit: at most 50,000 words here, so hostile graphs that
// encode 10^17 words in a few arcs are refused, not enumerated). What it
// accepts: ForEachWord lists exactly dawg().strings words, increasing, of
// 1..max-len tiles in the alphabet's range (0 allowed only in a leave
// graph). A lexicon KWG translated to an image (LexiconFromKwg) opens; when
// that image verifies, its words are the KWG's, and its KWG (KwgFromLexicon)
// parses back to the same words and, with a GADDAG, the same string count.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "fuzz_support.h"
#include "lexc/interop/kwg.h"
#include "lexc/lexicon.h"
#include "lexc/query.h"

namespace {

using namespace lexc;
using namespace lexc::interop;

Alphabet LettersAlphabet(int n) {
  std::vector<TileInfo> tiles;
  for (int i = 0; i < n; ++i) {
    std::string label(1, static_cast<char>('A' + i % 26));
    if (i >= 26) label += static_cast<char>('0' + i / 26);
    tiles.push_back({label, "", 1, 1});
  }
  return Alphabet::FromTiles("fuzz", std::move(tiles), 2, 0).value();
}

std::vector<std::vector<Tile>> Words(const Kwg& k) {
  std::vector<std::vector<Tile>> out;
  k.ForEachWord([&](std::span<const Tile> w) { out.emplace_back(w.begin(), w.end()); });
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  KwgReadOptions o;
  o.letters = (data[0] & 63) == 0 ? 26 : (data[0] & 63);
  o.leaves = (data[0] & 64) != 0;
  o.max_len = (data[0] & 128) ? 4 : 15;
  o.max_words = 50000;
  const fuzz::AlignedBytes bytes(data + 1, size - 1);
  auto kwg = Kwg::Parse(bytes.bytes(), o, "fuzz.kwg");
  if (!kwg.ok()) {
    FUZZ_CHECK(fuzz::IsReportedError(kwg.status()));
    FUZZ_CHECK(kwg.status().code() == Errc::kBadInput || kwg.status().code() == Errc::kLimit);
    return 0;
  }
  const auto words = Words(*kwg);
  FUZZ_CHECK(words.size() == kwg->dawg().strings);
  for (std::size_t i = 0; i < words.size(); ++i) {
    FUZZ_CHECK(!words[i].empty() && words[i].size() <= static_cast<std::size_t>(o.max_len));
    for (Tile t : words[i]) FUZZ_CHECK(t <= o.letters && (t > 0 || o.leaves));
    if (i > 0)
      FUZZ_CHECK(
          std::lexicographical_compare(words[i - 1].begin(), words[i - 1].end(), words[i].begin(), words[i].end()));
  }
  const Alphabet a = LettersAlphabet(o.letters);
  auto image = LexiconFromKwg(*kwg, a, o.max_len);
  if (o.leaves) {  // a leave graph is never a lexicon
    FUZZ_CHECK(!image.ok() && image.status().code() == lexc::Errc::kBadInput);
    return 0;
  }
  if (!image.ok()) {
    FUZZ_CHECK(fuzz::IsReportedError(image.status()));
    return 0;
  }
  const fuzz::AlignedBytes image_bytes(image->data(), image->size());
  auto lex = Lexicon::FromBytes(image_bytes.bytes());
  FUZZ_CHECK_MSG(lex.ok(), lex.status().ToString());
  if (!lex->Verify().ok()) return 0;
  std::vector<std::vector<Tile>> listed;
  ForEachWord(*lex, [&](const WordMatch& m) {
    listed.emplace_back(m.tiles.begin(), m.tiles.end());
    return true;
  });
  FUZZ_CHECK(listed == words);
  KwgWriteOptions wo;
  wo.gaddag = kwg->has_gaddag();
  auto again = KwgFromLexicon(*lex, wo);
  FUZZ_CHECK_MSG(again.ok(), again.status().ToString());
  const auto again_bytes = KwgBytes(*again);
  auto reparsed = Kwg::Parse(again_bytes, o, "again.kwg");
  FUZZ_CHECK_MSG(reparsed.ok(), reparsed.status().ToString());
  FUZZ_CHECK(Words(*reparsed) == words);
  FUZZ_CHECK(reparsed->has_gaddag() == kwg->has_gaddag());
  if (kwg->has_gaddag()) FUZZ_CHECK(reparsed->gaddag().strings == kwg->gaddag().strings);
  return 0;
}
