// Folds (outside text read as a tile: Spanish Á as A, Catalan L.L as L·L)
// and Unicode NFC: the alphabet grammar and its errors, tokenizing against a
// brute-force model, word lists and tile text in decomposed form, the FOLD
// image section (round trip, minor version, corrupt records), and the
// shipped Spanish and Catalan alphabets.
#include <algorithm>
#include <catch2/catch.hpp>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "lexc/alphabet.h"
#include "lexc/builder.h"
#include "lexc/format.h"
#include "lexc/lexicon.h"
#include "lexc/tile_text.h"
#include "lexc/wordlist.h"
#include "test_support.h"

using lexc::Alphabet;
using lexc::Errc;
using lexc::FoldInfo;
using lexc::Tile;
using lexc::TileInfo;

namespace {

Alphabet ParseOrFail(const std::string& text) {
  auto a = Alphabet::Parse(text, "x.txt");
  INFO(a.status().ToString());
  REQUIRE(a.ok());
  return *a;
}

Tile Code(const Alphabet& a, std::string_view label) {
  for (int t = 1; t <= a.size(); ++t)
    if (a.tile(static_cast<Tile>(t)).label == label) return static_cast<Tile>(t);
  FAIL("no tile " << label);
  return 0;
}

std::string Spelled(const Alphabet& a, std::string_view text) {
  auto tiles = a.TokenizeOrError(text);
  INFO(tiles.status().ToString());
  REQUIRE(tiles.ok());
  return a.Render(*tiles);
}

// Every string a label or a fold matches (each code point in either case),
// with its tile; at each position the longest one present wins. Written from
// formats/alphabet.md, not from the matcher.
class ModelTokenizer {
 public:
  explicit ModelTokenizer(const Alphabet& a) {
    for (int t = 1; t <= a.size(); ++t)
      AddForms(a.tile(static_cast<Tile>(t)).label, a.tile(static_cast<Tile>(t)).lower, static_cast<Tile>(t));
    for (const FoldInfo& f : a.folds()) AddForms(f.text, f.lower, f.tile);
  }
  bool Tokenize(const std::string& text, std::vector<Tile>* out) const {
    for (std::size_t i = 0; i < text.size();) {
      std::size_t best = 0;
      Tile tile = 0;
      for (const auto& [s, t] : strings_)
        if (s.size() > best && text.compare(i, s.size(), s) == 0) best = s.size(), tile = t;
      if (best == 0) return false;
      out->push_back(tile);
      i += best;
    }
    return true;
  }

 private:
  void AddForms(const std::string& upper, const std::string& lower, Tile t) {
    const auto up = lexc::test::SplitCodePoints(upper), low = lexc::test::SplitCodePoints(lower);
    REQUIRE(up.size() == low.size());
    for (std::uint32_t mask = 0; mask < (1u << up.size()); ++mask) {
      std::string s;
      for (std::size_t i = 0; i < up.size(); ++i) s += (mask >> i & 1) ? low[i] : up[i];
      auto [it, fresh] = strings_.emplace(s, t);
      REQUIRE((fresh || it->second == t));  // no string matches two entries
    }
  }
  std::map<std::string, Tile> strings_;
};

const char* const kSpanishLike =
    "name es\n"
    "A 1 12\nC 3 4\nCH 5 1\nE 1 12\nL 1 4\nL·L 10 1\nN 1 5\nÑ 8 1\nO 1 9\nQU 8 1\nU 1 5\n"
    "fold Á A\n"
    "fold Ü U   # lower ü derived\n"
    "fold L.L L·L\n"
    "fold QÜ QU\n"
    "fold É E é\n";

}  // namespace

TEST_CASE("fold lines: parsed, lower case derived, matched like labels, printed as the tile") {
  const Alphabet a = ParseOrFail(kSpanishLike);
  REQUIRE(a.folds().size() == 5);
  CHECK(a.folds()[0].text == "Á");
  CHECK(a.folds()[0].lower == "á");
  CHECK(a.folds()[0].tile == Code(a, "A"));
  CHECK(a.folds()[1].lower == "ü");
  CHECK(a.folds()[2].lower == "l.l");
  CHECK(a.folds()[3].tile == Code(a, "QU"));
  CHECK(Spelled(a, "ÁLÁ") == "ALA");
  CHECK(Spelled(a, "cañé") == "CAÑE");
  CHECK(Spelled(a, "L.Lu") == "L·LU");
}

TEST_CASE("fold lines: errors name the line and the problem") {
  const std::string head = "name es\nA 1 1\nE 1 1\nL 1 1\nL·L 1 1\n";
  struct Case {
    std::string lines, expect;
  };
  const Case cases[] = {
      {"fold Á\n", "x.txt:6: expected \"fold TEXT LABEL [LOWER]\", got 2 fields"},
      {"fold Á A á x\n", "got 5 fields"},
      {"fold Á X\n", "x.txt:6: fold \"Á\" reads as \"X\", which is not a tile's label"},
      {"fold a A\n", "x.txt:6: fold \"a\" matches the same text as tile \"A\" on line 2 ignoring case"},
      {"fold Á A\nfold á E\n", "x.txt:7: fold \"á\" matches the same text as fold \"Á\" on line 6 ignoring case"},
      {"fold Á A ab\n", "lower text \"ab\" has 2 characters, text \"Á\" has 1"},
      {"fold Á? A\n", "contains '?'"},
      {"\xCC\x81 1 1\n",
       "x.txt:6: label \"\xCC\x81\" (U+0301) starts with a character that Unicode NFC joins to the letter before it"},
      {"fold LL L·L\n", "fold 1 \"LL\": \"LL\" is spelled by the tiles LL (printed, they would read back as the fold)"},
      {"fold l.L L·L\n", "pairs \"l\" with itself, but tile \"L\" on line 4"},
      {"fold A\xCC\x81 A\n",
       "x.txt:6: fold text \"A\xCC\x81\" (U+0041 U+0301) is not in Unicode NFC: write it composed, as \"Á\" (U+00C1)"},
      {"N\xCC\x83 1 1\n",
       "x.txt:6: label \"N\xCC\x83\" (U+004E U+0303) is not in Unicode NFC: write it composed, as \"Ñ\" (U+00D1)"},
  };
  for (const Case& c : cases) {
    INFO(c.lines);
    auto a = Alphabet::Parse(head + c.lines, "x.txt");
    REQUIRE_FALSE(a.ok());
    lexc::test::CheckError(a.status(), Errc::kBadInput, c.expect);
  }
  std::string many = head;
  for (int i = 0; i < lexc::kMaxFolds + 1; ++i) many += "fold Q" + std::to_string(i) + " A\n";
  auto a = Alphabet::Parse(many, "x.txt");
  REQUIRE_FALSE(a.ok());
  lexc::test::CheckError(a.status(), Errc::kBadInput, "more than 255 folds");
}

TEST_CASE("FromTiles checks folds like the parser") {
  const std::vector<TileInfo> tiles = {{"A", "", 1, 1}, {"E", "", 1, 1}};
  auto bad = [&](std::vector<FoldInfo> folds, const std::string& expect) {
    auto a = Alphabet::FromTiles("t", tiles, 0, 0, std::move(folds));
    REQUIRE_FALSE(a.ok());
    lexc::test::CheckError(a.status(), Errc::kInvalidArgument, expect);
  };
  bad({{"Á", "", 3}}, "fold 1 \"Á\": tile code 3 out of range 1..2");
  bad({{"Á", "", 0}}, "tile code 0 out of range");
  bad({{"e", "", 1}}, "matches the same text as tile 2 \"E\"");
  bad({{"", "", 1}}, "text \"\" is empty");
  auto ok = Alphabet::FromTiles("t", tiles, 0, 0, {{"Á", "", 1}});
  REQUIRE(ok.ok());
  CHECK(ok->folds()[0].lower == "á");
  // Folds count in equality.
  auto plain = Alphabet::FromTiles("t", tiles, 0, 0);
  CHECK_FALSE(*ok == *plain);
}

TEST_CASE("Tokenize with folds agrees with a brute-force model on random alphabets") {
  const std::vector<std::string> tile_pool = {"A",   "B", "C", "CH", "H", "L", "LL",
                                              "L·L", "Ñ", "N", "QU", "U", "E", "Z"};
  struct FoldSpec {
    const char* text;
    const char* target;
  };
  const FoldSpec fold_pool[] = {{"Á", "A"},   {"À", "A"},   {"Ü", "U"}, {"É", "E"}, {"L.L", "L·L"},
                                {"QÜ", "QU"}, {"ÇH", "CH"}, {"Ż", "Z"}, {"ÑÑ", "N"}};
  std::mt19937_64 rng(99);
  for (int round = 0; round < 60; ++round) {
    std::vector<TileInfo> tiles;
    for (const std::string& l : tile_pool)
      if (rng() % 4 != 0) tiles.push_back({l, "", 1, 1});
    std::shuffle(tiles.begin(), tiles.end(), rng);
    std::vector<FoldInfo> folds;
    const bool has_enye = std::any_of(tiles.begin(), tiles.end(), [](const TileInfo& t) { return t.label == "Ñ"; });
    for (const FoldSpec& f : fold_pool) {
      if (std::string(f.text) == "ÑÑ" && has_enye) continue;  // spelled by Ñ,Ñ: refused (tested above)
      for (std::size_t i = 0; i < tiles.size(); ++i)
        if (tiles[i].label == f.target && rng() % 3 != 0) folds.push_back({f.text, "", static_cast<Tile>(i + 1)});
    }
    auto made = Alphabet::FromTiles("t", tiles, 0, 0, folds);
    INFO(made.status().ToString());
    REQUIRE(made.ok());
    const Alphabet& a = *made;
    const ModelTokenizer model(a);
    std::vector<std::string> pieces;  // every label and fold text, in both cases
    for (int t = 1; t <= a.size(); ++t) {
      pieces.push_back(a.tile(static_cast<Tile>(t)).label);
      pieces.push_back(a.tile(static_cast<Tile>(t)).lower);
    }
    for (const FoldInfo& f : a.folds()) {
      pieces.push_back(f.text);
      pieces.push_back(f.lower);
    }
    for (int k = 0; k < 200; ++k) {
      std::string text;
      const int n = static_cast<int>(rng() % 8);
      for (int i = 0; i < n; ++i) text += pieces[rng() % pieces.size()];
      if (rng() % 20 == 0) text += "·";
      std::vector<Tile> got, want;
      std::size_t bad = 0;
      INFO("round " << round << " text \"" << text << "\"");
      const bool got_ok = a.Tokenize(text, &got, &bad);
      REQUIRE(got_ok == model.Tokenize(text, &want));
      CHECK(got == want);
      if (got_ok) {
        // Printed, folds are gone: the labels read back as the same tiles.
        std::vector<Tile> again;
        CHECK(a.Tokenize(a.Render(got), &again, &bad));
        CHECK(again == got);
      }
    }
  }
}

TEST_CASE("Word lists: decomposed text (NFD) reads as composed, folds read as tiles") {
  const Alphabet a = ParseOrFail(kSpanishLike);
  // NFD: N + U+0303 (Ñ), A + U+0301 (Á); NFC originals next to them.
  const std::string list =
      "N\xCC\x83"
      "A\xCC\x81"
      "L\n"     // ÑÁL in NFD
      "ÑÁL\n"   // the same word in NFC
      "l.lu\n"  // L·L U through the fold
      "L·LU\n"
      "quéquü\n";  // QU E QU U: QÜ is a fold, é too
  lexc::ReadOptions o;
  lexc::ReadReport r;
  auto words = lexc::ParseWordList(list, "list.txt", a, o, &r);
  INFO(words.status().ToString());
  REQUIRE(words.ok());
  std::set<std::string> got;
  for (std::size_t i = 0; i < words->size(); ++i) got.insert(a.Render((*words)[i]));
  CHECK(got == std::set<std::string>{"ÑAL", "L·LU", "QUEQUU"});
  CHECK(r.words == 5);

  // A character no tile or fold matches: the reason names it, in NFC form.
  auto bad = lexc::ParseWordList(
      "O\xCC\x81"
      "\n",
      "list.txt", a, o, &r);  // Ó in NFD: no fold for Ó here
  REQUIRE_FALSE(bad.ok());
  lexc::test::CheckError(bad.status(), Errc::kBadInput, "list.txt:1: character \"Ó\"");
  CHECK(r.not_in_alphabet);
  // Bytes are counted in the normalized word (Ñ is 2 bytes there, 3 in the line).
  auto late = lexc::ParseWordList("  N\xCC\x83X\n", "list.txt", a, o, &r);
  REQUIRE_FALSE(late.ok());
  lexc::test::CheckError(late.status(), Errc::kBadInput,
                         "character \"X\" (U+0058) at byte 3 is not in the alphabet \"es\" (counting bytes of the "
                         "word in Unicode NFC)");
}

TEST_CASE("Tile text: NFD and folds in racks and words, case kept") {
  const Alphabet a = ParseOrFail(kSpanishLike);
  auto word = lexc::ParseTileText(a,
                                  "N\xCC\x83"
                                  "á");
  INFO(word.status().ToString());
  REQUIRE(word.ok());
  CHECK(a.Render(*word) == "ÑA");
  // The case of a fold is the case it was written in.
  lexc::TileTextReader reader(a, "Áá[Ü]");
  lexc::TextToken tok;
  std::vector<lexc::LabelCase> cases;
  while (reader.Next(&tok)) cases.push_back(tok.letter_case);
  REQUIRE(reader.ok());
  CHECK(cases ==
        std::vector<lexc::LabelCase>{lexc::LabelCase::kUpper, lexc::LabelCase::kLower, lexc::LabelCase::kUpper});
  // Offsets count bytes of the normalized text.
  lexc::TileTextReader nfd(a, "N\xCC\x83X");
  while (nfd.Next(&tok)) {
  }
  REQUIRE_FALSE(nfd.ok());
  CHECK(nfd.text() == "ÑX");
  CHECK(nfd.offset() == 2);
}

TEST_CASE("Images keep the folds (FOLD, format 1.2) and reject a broken FOLD section") {
  const Alphabet a = ParseOrFail(kSpanishLike);
  const lexc::test::WordSet words = {{Code(a, "A"), Code(a, "L")}, {Code(a, "Ñ"), Code(a, "O")}};
  const lexc::test::Image img = lexc::test::BuildOrFail(words, a);
  const lexc::Lexicon lex = lexc::test::OpenOrFail(img);
  CHECK(lex.alphabet() == a);
  CHECK(lex.alphabet().folds().size() == 5);
  CHECK(lex.minor_version() == lexc::format::kMinorFolds);
  REQUIRE(lex.Verify().ok());
  // Without folds, the lowest version still: 1.0.
  const Alphabet plain = ParseOrFail("name p\nA 1 1\nL 1 1\n");
  const lexc::Lexicon lex0 = lexc::test::OpenOrFail(lexc::test::BuildOrFail({{1, 2}}, plain));
  CHECK(lex0.minor_version() == lexc::format::kMinor);

  // Break the FOLD section in ways Open must catch.
  lexc::test::Image copy0 = img;
  const lexc::test::RawImage raw(&copy0);
  REQUIRE(raw.Has("FOLD"));
  const auto fold = raw.Find("FOLD");
  auto expect_corrupt = [&](const std::function<void(lexc::test::RawImage&)>& edit, const std::string& detail) {
    lexc::test::Image copy = img;
    lexc::test::RawImage r(&copy);
    edit(r);
    r.FixCrc();
    auto opened = lexc::Lexicon::FromBytes(copy.bytes());
    REQUIRE_FALSE(opened.ok());
    lexc::test::CheckError(opened.status(), Errc::kCorrupt, detail);
  };
  const std::uint64_t rec = fold.offset + lexc::format::kFoldHeadSize;
  expect_corrupt([&](lexc::test::RawImage& r) { r.Set(rec + 32, 1, 200); }, "tile code 200 out of range");
  expect_corrupt([&](lexc::test::RawImage& r) { r.Set(rec + 33, 1, 1); }, "section FOLD: fold 1");
  expect_corrupt([&](lexc::test::RawImage& r) { r.Set(rec, 1, 16); }, "label length 16");
  expect_corrupt([&](lexc::test::RawImage& r) { r.Set(fold.offset, 4, 0); }, "fold count: expected 1..255, got 0");
  expect_corrupt([&](lexc::test::RawImage& r) { r.Set(fold.offset, 4, 9); }, "section FOLD: size");
  // Fold 1 ("Á") rewritten as "A": the same text as a tile.
  expect_corrupt(
      [&](lexc::test::RawImage& r) {
        r.Set(rec, 1, 1);
        r.Set(rec + 1, 2, 'A');
        r.Set(rec + 16, 1, 1);
        r.Set(rec + 17, 2, 'a');
      },
      "matches the same text as tile");
  expect_corrupt([&](lexc::test::RawImage& r) { r.Set(10, 2, lexc::format::kMinorWordIndex); },
                 "a FOLD section needs 1.2");
}

TEST_CASE("Shipped spanish and catalan alphabets fold accents as the games do") {
  auto es = Alphabet::LoadFile(lexc::test::SourcePath("formats/alphabets/spanish.txt"));
  REQUIRE(es.ok());
  CHECK(Spelled(*es, "pingüino") == "PINGUINO");
  CHECK(Spelled(*es, "CAMIÓN") == "CAMION");
  CHECK(Spelled(*es, "ñandú") == "ÑANDU");
  CHECK(Spelled(*es, "Chorizo") == "CHORIZO");
  auto ca = Alphabet::LoadFile(lexc::test::SourcePath("formats/alphabets/catalan.txt"));
  REQUIRE(ca.ok());
  CHECK(Spelled(*ca, "col.legi") == "COL·LEGI");
  CHECK(Spelled(*ca, "qüestió") == "QUESTIO");
  CHECK(Spelled(*ca, "àvia") == "AVIA");
  CHECK(Spelled(*ca, "raïm") == "RAIM");
  std::vector<Tile> out;
  std::size_t bad = 0;
  CHECK_FALSE(ca->Tokenize("d'or", &out, &bad));  // apostrophes stay errors (skip such words)
}
