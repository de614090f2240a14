// Fuzz target: arbitrary bytes as an alphabet file (Alphabet::Parse).
//
// A parse either fails with bad input naming "fuzz.txt" (and a line), or
// gives 1..255 tiles whose labels each tokenize to exactly their own tile and
// render back as themselves. A fixed sample of text, plus every label and
// lower label run together, then tokenizes without reading out of bounds.
// Whatever tokenizes renders as labels, and as lower labels, that tokenize
// back to the same tiles, so `lexc dump | lexc build` is the identity. (Found
// here before case partners were required, formats/alphabet.md: "LL 8 1 5"
// next to "L": "l5" read as L,LL, rendered as "LLL", and read back as LL,L.)
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_support.h"
#include "lexc/alphabet.h"

namespace {

using namespace lexc;

constexpr std::string_view kSample[] = {
    "QUIZ", "churro", "COL·LEGI", "ñandú", "Çà", "İıIi", "AbC", "ЖЁЛТЫЙ", "x\xC3", "\xF0\x9F\x98\x80", "a b", "?*#", "",
};

std::vector<Tile> Tokens(const Alphabet& a, std::string_view text, bool* ok) {
  std::vector<Tile> out;
  std::size_t bad = 0;
  *ok = a.Tokenize(text, &out, &bad);
  for (Tile t : out) FUZZ_CHECK(t >= 1 && t <= a.size());
  if (!*ok) FUZZ_CHECK(bad < text.size());
  return out;
}

void CheckRoundTrip(const Alphabet& a, std::string_view text) {
  bool ok = false;
  const std::vector<Tile> tiles = Tokens(a, text, &ok);
  if (!ok) return;
  for (bool lower : {false, true}) {
    std::string shown;
    for (Tile t : tiles) a.AppendLabel(t, lower, &shown);
    bool again_ok = false;
    const std::vector<Tile> again = Tokens(a, shown, &again_ok);
    FUZZ_CHECK_MSG(again_ok && again == tiles, "\"" + std::string(text) + "\" renders as \"" + shown + "\"");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto parsed = Alphabet::Parse(text, "fuzz.txt");
  if (!parsed.ok()) {
    FUZZ_CHECK(parsed.status().code() == Errc::kBadInput);
    FUZZ_CHECK_MSG(parsed.status().detail().rfind("fuzz.txt:", 0) == 0, parsed.status().detail());
    return 0;
  }
  const Alphabet& a = *parsed;
  FUZZ_CHECK(a.size() >= 1 && a.size() <= kMaxTiles);
  std::string labels, lowers;
  for (int i = 1; i <= a.size(); ++i) {
    const auto t = static_cast<Tile>(i);
    const TileInfo& info = a.tile(t);
    FUZZ_CHECK(!info.label.empty() && info.label.size() <= static_cast<std::size_t>(kMaxLabelBytes));
    FUZZ_CHECK(!info.lower.empty() && info.lower.size() <= static_cast<std::size_t>(kMaxLabelBytes));
    for (const std::string& s : {info.label, info.lower}) {
      bool ok = false;
      const std::vector<Tile> one = Tokens(a, s, &ok);
      FUZZ_CHECK_MSG(ok && one == std::vector<Tile>{t}, "label \"" + s + "\" of tile " + std::to_string(i));
    }
    FUZZ_CHECK(a.Render(std::vector<Tile>{t}) == info.label);
    labels += info.label;
    lowers += info.lower;
  }
  FUZZ_CHECK(a.Render(std::vector<Tile>{0, static_cast<Tile>(a.size() + 1)}).size() > 0);
  for (std::string_view s : kSample) CheckRoundTrip(a, s);
  CheckRoundTrip(a, labels);
  CheckRoundTrip(a, lowers);
  // A second parse of the same text gives the same alphabet.
  auto again = Alphabet::Parse(text, "fuzz.txt");
  FUZZ_CHECK(again.ok() && *again == a && again->name() == a.name());
  return 0;
}
