// Fuzz target: arbitrary bytes as an alphabet file (Alphabet::Parse).
//
// A parse either fails with bad input naming "fuzz.txt" (and a line), or
// gives 1..255 tiles whose labels each tokenize to exactly their own tile and
// render back as themselves. A fixed sample of text, plus every label and
// lower label run together, then tokenizes without reading out of bounds.
// When every lower label is the derived one (as in the shipped alphabets),
// what tokenizes renders as labels that tokenize back to the same tiles, so
// `lexc dump | lexc build` is the identity. Explicit lower labels can break
// that (found here: "LL 8 1 5" next to "L": "l5" reads as L,LL and renders
// as "LLL", which reads as LL,L); formats/alphabet.md does not forbid them.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_support.h"
#include "lexc/alphabet.h"

namespace {

using namespace lexc;

constexpr std::string_view kSample[] = {
    "QUIZ",   "churro", "COL·LEGI", "ñandú", "Çà", "İıIi", "AbC", "ЖЁЛТЫЙ", "x\xC3", "\xF0\x9F\x98\x80",
    "a b",    "?*#",    "",
};

std::vector<Tile> Tokens(const Alphabet& a, std::string_view text, bool* ok) {
  std::vector<Tile> out;
  std::size_t bad = 0;
  *ok = a.Tokenize(text, &out, &bad);
  for (Tile t : out) FUZZ_CHECK(t >= 1 && t <= a.size());
  if (!*ok) FUZZ_CHECK(bad < text.size());
  return out;
}

// Whether every tile's lower label is the one derived from its label.
bool DerivedLowers(const Alphabet& a) {
  for (int i = 1; i <= a.size(); ++i) {
    const TileInfo& info = a.tile(static_cast<Tile>(i));
    auto derived = Alphabet::FromTiles("", {{info.label, "", 0, 0}}, 0, 0);
    FUZZ_CHECK(derived.ok());
    if (derived->tile(1).lower != info.lower) return false;
  }
  return true;
}

void CheckRoundTrip(const Alphabet& a, std::string_view text, bool derived) {
  bool ok = false;
  const std::vector<Tile> tiles = Tokens(a, text, &ok);
  if (!ok || !derived) return;
  const std::string shown = a.Render(tiles);
  bool again_ok = false;
  const std::vector<Tile> again = Tokens(a, shown, &again_ok);
  FUZZ_CHECK_MSG(again_ok && again == tiles, "\"" + std::string(text) + "\" renders as \"" + shown + "\"");
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
  const bool derived = DerivedLowers(a);
  for (std::string_view s : kSample) CheckRoundTrip(a, s, derived);
  CheckRoundTrip(a, labels, derived);
  CheckRoundTrip(a, lowers, derived);
  // A second parse of the same text gives the same alphabet.
  auto again = Alphabet::Parse(text, "fuzz.txt");
  FUZZ_CHECK(again.ok() && *again == a && again->name() == a.name());
  return 0;
}
