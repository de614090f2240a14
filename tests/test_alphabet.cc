// Alphabet: the built-in English set, the shipped alphabet files, the file
// grammar and its errors, lower-case derivation, and greedy tokenizing
// checked against a brute-force model.
#include <algorithm>
#include <catch2/catch.hpp>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "lexc/alphabet.h"
#include "test_support.h"

using lexc::Alphabet;
using lexc::Errc;
using lexc::Tile;
using lexc::TileInfo;

namespace {

Alphabet Load(const std::string& rel) {
  auto a = Alphabet::LoadFile(lexc::test::SourcePath(rel));
  INFO(a.status().ToString());
  REQUIRE(a.ok());
  return *a;
}

// Tile labels of a tokenized text, e.g. {"CH","U","RR","O"}.
std::vector<std::string> Labels(const Alphabet& a, std::string_view text) {
  auto tiles = a.TokenizeOrError(text);
  INFO(tiles.status().ToString());
  REQUIRE(tiles.ok());
  std::vector<std::string> out;
  for (Tile t : *tiles) out.push_back(a.tile(t).label);
  return out;
}

// Tiles in a full set, blanks included.
int FullSet(const Alphabet& a) {
  int total = a.blank_count();
  for (int t = 1; t <= a.size(); ++t) total += a.tile(static_cast<Tile>(t)).count;
  return total;
}

Tile Code(const Alphabet& a, std::string_view label) {
  for (int t = 1; t <= a.size(); ++t)
    if (a.tile(static_cast<Tile>(t)).label == label) return static_cast<Tile>(t);
  FAIL("no tile " << label);
  return 0;
}

// Brute-force model of the matching rule in formats/alphabet.md: every
// string each tile matches, enumerated; at each position the longest one
// that occurs wins.
class ModelTokenizer {
 public:
  explicit ModelTokenizer(const Alphabet& a) {
    for (int t = 1; t <= a.size(); ++t) {
      const TileInfo& info = a.tile(static_cast<Tile>(t));
      const auto up = lexc::test::SplitCodePoints(info.label), low = lexc::test::SplitCodePoints(info.lower);
      if (up.size() != low.size()) {
        Add(info.label, t);
        Add(info.lower, t);
        continue;
      }
      for (std::uint32_t mask = 0; mask < (1u << up.size()); ++mask) {
        std::string s;
        for (std::size_t i = 0; i < up.size(); ++i) s += (mask >> i & 1) ? low[i] : up[i];
        Add(s, t);
      }
    }
  }
  bool Tokenize(const std::string& text, std::vector<Tile>* out, std::size_t* bad) const {
    for (std::size_t i = 0; i < text.size();) {
      std::size_t best = 0;
      Tile tile = 0;
      for (const auto& [s, t] : strings_)
        if (s.size() > best && text.compare(i, s.size(), s) == 0) best = s.size(), tile = t;
      if (best == 0) {
        *bad = i;
        return false;
      }
      out->push_back(tile);
      i += best;
    }
    return true;
  }

 private:
  void Add(const std::string& s, int t) {
    auto [it, fresh] = strings_.emplace(s, static_cast<Tile>(t));
    REQUIRE((fresh || it->second == t));  // uniqueness: no string matches two tiles
  }
  std::map<std::string, Tile> strings_;
};

Alphabet MakeAlphabet(std::vector<TileInfo> tiles) {
  auto a = Alphabet::FromTiles("test", std::move(tiles), 0, 0);
  INFO(a.status().ToString());
  REQUIRE(a.ok());
  return *a;
}

}  // namespace

TEST_CASE("English built-in: codes, standard scores and the 100-tile set") {
  const Alphabet en = Alphabet::English();
  REQUIRE(en.size() == 26);
  CHECK(en.name() == "english");
  CHECK(en.blank_count() == 2);
  CHECK(en.blank_score() == 0);
  const int kScore[26] = {1, 3, 3, 2, 1, 4, 2, 4, 1, 8, 5, 1, 3, 1, 1, 3, 10, 1, 1, 1, 1, 4, 4, 8, 4, 10};
  const int kCount[26] = {9, 2, 2, 4, 12, 2, 3, 2, 9, 1, 1, 4, 2, 6, 8, 2, 1, 6, 4, 6, 4, 2, 2, 1, 2, 1};
  for (int i = 0; i < 26; ++i) {
    const TileInfo& t = en.tile(static_cast<Tile>(i + 1));
    CHECK(t.label == std::string(1, static_cast<char>('A' + i)));
    CHECK(t.lower == std::string(1, static_cast<char>('a' + i)));
    CHECK(t.score == kScore[i]);
    CHECK(t.count == kCount[i]);
  }
  CHECK(FullSet(en) == 100);
  CHECK(Labels(en, "Quiz") == std::vector<std::string>{"Q", "U", "I", "Z"});
}

TEST_CASE("english.txt parses to exactly Alphabet::English()") {
  const Alphabet file = Load("formats/alphabets/english.txt");
  CHECK(file == Alphabet::English());
  CHECK(file.name() == "english");
}

TEST_CASE("spanish.txt: Spanish set, digraph tiles in sort position, greedy tokenizing") {
  const Alphabet es = Load("formats/alphabets/spanish.txt");
  CHECK(es.name() == "spanish");
  REQUIRE(es.size() == 28);
  CHECK(FullSet(es) == 100);
  CHECK(es.blank_count() == 2);
  // Sort order: each digraph right after its first letter.
  CHECK(Code(es, "CH") == Code(es, "C") + 1);
  CHECK(Code(es, "LL") == Code(es, "L") + 1);
  CHECK(Code(es, "Ñ") == Code(es, "N") + 1);
  CHECK(Code(es, "RR") == Code(es, "R") + 1);
  CHECK(es.tile(Code(es, "Ñ")).lower == "ñ");
  CHECK(es.tile(Code(es, "Ñ")).score == 8);
  CHECK(es.tile(Code(es, "CH")).score == 5);
  CHECK(es.tile(Code(es, "Z")).score == 10);

  CHECK(Labels(es, "CHURRO") == std::vector<std::string>{"CH", "U", "RR", "O"});
  CHECK(Labels(es, "churro") == std::vector<std::string>{"CH", "U", "RR", "O"});
  CHECK(Labels(es, "Churro") == std::vector<std::string>{"CH", "U", "RR", "O"});
  CHECK(Labels(es, "LLAMAR") == std::vector<std::string>{"LL", "A", "M", "A", "R"});
  CHECK(Labels(es, "AÑO") == std::vector<std::string>{"A", "Ñ", "O"});
  CHECK(Labels(es, "año") == std::vector<std::string>{"A", "Ñ", "O"});
  CHECK(Labels(es, "CARRILLO") == std::vector<std::string>{"C", "A", "RR", "I", "LL", "O"});
  auto ano = es.TokenizeOrError("AÑO");
  REQUIRE(ano.ok());
  std::string lower;
  for (Tile t : *ano) es.AppendLabel(t, true, &lower);
  CHECK(lower == "año");
  CHECK(es.Render(*ano) == "AÑO");
  // No K or W tiles in Spanish Scrabble.
  CHECK_FALSE(es.TokenizeOrError("KIWI").ok());
}

TEST_CASE("catalan.txt: L·L, NY, QU and Ç") {
  const Alphabet ca = Load("formats/alphabets/catalan.txt");
  CHECK(ca.name() == "catalan");
  REQUIRE(ca.size() == 26);
  CHECK(FullSet(ca) == 100);
  CHECK(ca.tile(Code(ca, "L·L")).lower == "l·l");
  CHECK(ca.tile(Code(ca, "Ç")).lower == "ç");
  CHECK(Code(ca, "L·L") == Code(ca, "L") + 1);
  CHECK(Labels(ca, "COL·LEGI") == std::vector<std::string>{"C", "O", "L·L", "E", "G", "I"});
  CHECK(Labels(ca, "col·legi") == std::vector<std::string>{"C", "O", "L·L", "E", "G", "I"});
  CHECK(Labels(ca, "PLAÇA") == std::vector<std::string>{"P", "L", "A", "Ç", "A"});
  CHECK(Labels(ca, "QUE") == std::vector<std::string>{"QU", "E"});
  CHECK(Labels(ca, "ANYS") == std::vector<std::string>{"A", "NY", "S"});
  CHECK(Labels(ca, "LL") == std::vector<std::string>{"L", "L"});
  // Q is not a tile on its own, nor is the middle dot.
  std::vector<Tile> out;
  std::size_t bad = 99;
  CHECK_FALSE(ca.Tokenize("QATAR", &out, &bad));
  CHECK(bad == 0);
  out.clear();
  CHECK_FALSE(ca.Tokenize("AL·", &out, &bad));
  CHECK(bad == 2);
  CHECK(out.size() == 2);  // the tiles before the failure stay
}

TEST_CASE("Lower labels are derived per code point when not given") {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"A", "a"}, {"Z", "z"}, {"CH", "ch"}, {"L·L", "l·l"}, {"Ñ", "ñ"}, {"À", "à"}, {"Þ", "þ"}, {"×", "×"},
      {"Ą", "ą"}, {"Ć", "ć"}, {"Ę", "ę"},   {"Ł", "ł"},     {"Ń", "ń"}, {"Ś", "ś"}, {"Ź", "ź"}, {"Ż", "ż"},
      {"Ž", "ž"}, {"Ň", "ň"}, {"Ŋ", "ŋ"},   {"Ÿ", "ÿ"},     {"İ", "İ"}, {"ĸ", "ĸ"}, {"Ω", "ω"}, {"Я", "я"},
      {"Ё", "ё"}, {"1", "1"}, {"ÇA", "ça"}, {"ŁŻ", "łż"},   {"ñ", "ñ"}, {"ß", "ß"},
  };
  for (const auto& [label, lower] : cases) {
    auto a = Alphabet::FromTiles("t", {{label, "", 1, 1}}, 0, 0);
    INFO(label << " " << a.status().ToString());
    REQUIRE(a.ok());
    CHECK(a->tile(1).lower == lower);
  }
  // An explicit lower label wins over the derivation (Turkish dotted/dotless I).
  auto tr = Alphabet::FromTiles("turkish", {{"I", "ı", 2, 2}, {"İ", "i", 1, 7}}, 2, 0);
  REQUIRE(tr.ok());
  CHECK(Labels(*tr, "ıi") == std::vector<std::string>{"I", "İ"});
}

TEST_CASE("Greedy longest match, without backtracking") {
  const Alphabet a = MakeAlphabet({{"C", "", 1, 1}, {"CH", "", 1, 1}, {"H", "", 1, 1}, {"E", "", 1, 1}});
  CHECK(Labels(a, "CHE") == std::vector<std::string>{"CH", "E"});
  CHECK(Labels(a, "HC") == std::vector<std::string>{"H", "C"});
  CHECK(Labels(a, "cHc") == std::vector<std::string>{"CH", "C"});

  const Alphabet b = MakeAlphabet({{"A", "", 1, 1}, {"AB", "", 1, 1}, {"ABC", "", 1, 1}, {"BD", "", 1, 1}});
  CHECK(Labels(b, "ABCAB") == std::vector<std::string>{"ABC", "AB"});
  std::vector<Tile> out;
  std::size_t bad = 0;
  CHECK_FALSE(b.Tokenize("ABD", &out, &bad));  // AB is taken; A,BD is never tried
  CHECK(bad == 2);
  CHECK(b.Tokenize("", &out, &bad));
}

TEST_CASE("Tokenize agrees with a brute-force model on random alphabets") {
  // Labels with shared prefixes, digraphs, multi-byte letters, and explicit
  // lower labels (Turkish dotted and dotless I).
  const std::vector<std::string> pool = {"A",  "B", "C",  "CH", "H", "L",  "LL", "L·L", "Ñ",   "N",
                                         "NY", "Y", "QU", "U",  "R", "RR", "Ç",  "Ł",   "ABC", "AB",
                                         "E",  "É", "Ω",  "Я",  "Ж", "·",  "Ŋ",  "ÀÁ",  "Z",   "ZZZ"};
  std::mt19937_64 rng(1234);
  for (int round = 0; round < 60; ++round) {
    std::vector<TileInfo> tiles;
    for (const std::string& l : pool)
      if (rng() % 3 != 0) tiles.push_back({l, "", 1, 1});
    if (rng() % 2) {
      tiles.push_back({"I", "ı", 1, 1});
      tiles.push_back({"İ", "i", 1, 1});
    }
    if (tiles.empty()) continue;
    std::shuffle(tiles.begin(), tiles.end(), rng);
    const Alphabet a = MakeAlphabet(tiles);
    const ModelTokenizer model(a);
    // Text: random labels in random case per code point, sometimes junk.
    for (int k = 0; k < 200; ++k) {
      std::string text;
      const int n = static_cast<int>(rng() % 8);
      for (int i = 0; i < n; ++i) {
        const TileInfo& t = a.tile(static_cast<Tile>(1 + rng() % static_cast<unsigned>(a.size())));
        const auto up = lexc::test::SplitCodePoints(t.label), low = lexc::test::SplitCodePoints(t.lower);
        if (up.size() == low.size()) {
          for (std::size_t j = 0; j < up.size(); ++j) text += (rng() % 2) ? low[j] : up[j];
        } else {
          text += (rng() % 2) ? t.lower : t.label;
        }
        if (rng() % 25 == 0) text += (rng() % 2) ? "?" : "\xC3";
      }
      std::vector<Tile> got, want;
      std::size_t got_bad = 0, want_bad = 0;
      const bool got_ok = a.Tokenize(text, &got, &got_bad);
      const bool want_ok = model.Tokenize(text, &want, &want_bad);
      INFO("round " << round << " text \"" << text << "\"");
      REQUIRE(got_ok == want_ok);
      CHECK(got == want);
      if (!got_ok) CHECK(got_bad == want_bad);
      if (got_ok) {
        // Rendered as labels or as lower labels, the tokens read back the same.
        for (bool lower : {false, true}) {
          std::string shown;
          for (Tile t : got) a.AppendLabel(t, lower, &shown);
          std::vector<Tile> again;
          INFO("rendered " << (lower ? "lower" : "upper") << " \"" << shown << "\"");
          CHECK(a.Tokenize(shown, &again, &got_bad));
          CHECK(again == got);
        }
      }
    }
  }
}

TEST_CASE("Parse: BOM, CRLF, tabs, comments anywhere, explicit lower labels") {
  const std::string text =
      "\xEF\xBB\xBF# header comment\r\n"
      "\r\n"
      "  name\tmini   # trailing comment\r\n"
      "A 1 9\r\n"
      "\tCH\t5\t1\t\r\n"
      "I 3 2 ı\n"
      "? 0 2#no space needed\n"
      "Ñ 8 1";  // no final newline
  auto a = Alphabet::Parse(text, "mini.txt");
  INFO(a.status().ToString());
  REQUIRE(a.ok());
  CHECK(a->name() == "mini");
  REQUIRE(a->size() == 4);
  CHECK(a->tile(1).label == "A");
  CHECK(a->tile(2).label == "CH");
  CHECK(a->tile(2).lower == "ch");
  CHECK(a->tile(3).lower == "ı");
  CHECK(a->tile(4).label == "Ñ");
  CHECK(a->tile(4).score == 8);
  CHECK(a->blank_count() == 2);
  CHECK(Labels(*a, "ıIchñ") == std::vector<std::string>{"I", "I", "CH", "Ñ"});
  std::vector<Tile> out;
  std::size_t bad = 0;
  CHECK_FALSE(a->Tokenize("i", &out, &bad));  // "i" is not I's lower case here

  auto no_blanks = Alphabet::Parse("name x\nA 1 1\n", "x");
  REQUIRE(no_blanks.ok());
  CHECK(no_blanks->blank_count() == 0);
  CHECK(no_blanks->blank_score() == 0);
}

TEST_CASE("Parse errors are bad input naming file:line") {
  struct Case {
    std::string text;
    int line;  // 0: whole-file error
    std::string needle;
  };
  const std::vector<Case> cases = {
      {"A 1 1\n", 1, "expected \"name NAME\" before the first tile"},
      {"name x\nname y\nA 1 1\n", 2, "second \"name\" line (first on line 1)"},
      {"name\n", 1, "expected \"name NAME\", got 1 field"},
      {"name a b\n", 1, "expected \"name NAME\", got 3 fields"},
      {"name x\n\nA 1\n", 3, "expected \"LABEL SCORE COUNT [LOWER]\", got 2 fields"},
      {"name x\nA 1 1 a extra\n", 2, "got 5 fields"},
      {"name x\nA one 1\n", 2, "score \"one\": expected a whole number 0..65535"},
      {"name x\nA 1 -1\n", 2, "count \"-1\": expected a whole number"},
      {"name x\nA 1 65536\n", 2, "count \"65536\""},
      {"name x\nA 1 000001\n", 2, "count \"000001\""},
      {"name x\nA?B 1 1\n", 2, "label \"A?B\" contains '?'"},
      {"name x\nA*B 1 1\n", 2, "contains '*'"},
      // Labels are written into CGP and GCG records: their syntax characters
      // are refused where a reader could not tell them from a tile.
      {"name x\nA 1 1\n/ 1 1\n", 3, "label \"/\" contains '/', which CGP and GCG records use as syntax"},
      {"name x\nA/B 1 1\n", 2, "label \"A/B\" contains '/'"},
      {"name x\nA(B 1 1\n", 2, "contains '('"},
      {"name x\n1 1 1\n", 2, "label \"1\" contains '1'"},
      {"name x\n. 1 1\n", 2, "label \".\" contains '.'"},
      {"name x\n- 1 1\n", 2, "label \"-\" contains '-'"},
      {"name x\nABCDEFGHIJKLMNOP 1 1\n", 2, "has 16 bytes, at most 15"},
      {"name x\n\xC3 1 1\n", 2, "label \"\\xC3\" is not valid UTF-8"},
      {"name x\nA\xC2\xA0 1 1\n", 2, "contains U+00A0"},
      {"name x\nA\x01 1 1\n", 2, "contains U+0001"},
      {"name x\nA 1 1 \xE2\x80\x8B\n", 2, "lower label \"\\u{200B}\" contains U+200B"},
      {"name x\nA 1 1\nB 1 1\na 1 1\n", 4, "tile \"a\" is the same as tile \"A\" on line 2 ignoring case"},
      {"name x\nCH 1 1\nCh 1 1\n", 3, "tile \"Ch\" is the same as tile \"CH\""},
      {"name x\nA 1 1 b\nB 1 1\n", 3, "tile \"B\" is the same as tile \"A\""},
      {"name x\nSS 1 1 ß\n", 2, "lower label \"ß\" has 1 characters, label \"SS\" has 2: they must have as many"},
      {"name x\nL 1 1\nLL 8 1 l5\n", 3,
       "tile \"LL\" pairs \"L\" with \"5\", but tile \"L\" on line 2 pairs it with \"l\" (a character needs "
       "the same case partner in every tile)"},
      {"name x\nA 1 1\nab 1 1\n", 3,
       "tile \"ab\" pairs \"a\" with itself, but tile \"A\" on line 2 pairs it with \"A\""},
      // Found by fuzz_alphabet: one tile pairing a character two ways (m with
      // itself, then M with m) slipped through when only earlier tiles were
      // compared; "ZMMMMQZMMMM"-like text then read back as other tiles.
      {"name x\nZmM 4 1\n", 2, "tile \"ZmM\" pairs \"m\" with \"M\", but also pairs it with itself"},
      {"name x\nI 1 1 ı\nIJ 1 1\n", 3,
       "tile \"IJ\" pairs \"I\" with \"i\", but tile \"I\" on line 2 pairs it with \"ı\""},
      {"name x\n? 0 2\n? 0 2\nA 1 1\n", 3, "second blank line \"?\" (first on line 2)"},
      {"name x\n? 0\n", 2, "expected \"? SCORE COUNT\""},
      {"name x\n? 0 x\n", 2, "blank count \"x\""},
      {"name x\r\nA 1 1\r\n\r\nB 1 1 b b\r\n", 4, "got 5 fields"},
      {"name x\nA 1 1\rB 1 1\n", 2, "got 5 fields"},
      {"name x\xC3\n", 1, "name \"x\\xC3\" is not valid UTF-8"},
      {"", 0, "mini.txt: no \"name NAME\" line"},
      {"name x\n# only comments\n", 0, "mini.txt: no tiles"},
  };
  for (const Case& c : cases) {
    auto a = Alphabet::Parse(c.text, "mini.txt");
    INFO("input: " << c.text);
    REQUIRE_FALSE(a.ok());
    CHECK(a.status().code() == Errc::kBadInput);
    const std::string d = a.status().detail();
    INFO("detail: " << d);
    if (c.line > 0) CHECK(d.rfind("mini.txt:" + std::to_string(c.line) + ": ", 0) == 0);
    CHECK(d.find(c.needle) != std::string::npos);
  }
}

TEST_CASE("Limits: 255 tiles, 15-byte labels, values up to 65535") {
  std::string text = "name big\n";
  for (int i = 1; i <= 255; ++i) text.append("T").append(std::to_string(i)).append(" 65535 0\n");
  text += "? 65535 65535\n";
  auto a = Alphabet::Parse(text, "big.txt");
  INFO(a.status().ToString());
  REQUIRE(a.ok());
  CHECK(a->size() == 255);
  CHECK(a->tile(255).label == "T255");
  CHECK(a->tile(255).score == 65535);
  CHECK(a->blank_count() == 65535);
  CHECK(Labels(*a, "t12T1t255") == std::vector<std::string>{"T12", "T1", "T255"});

  auto over = Alphabet::Parse(text + "T256 1 1\n", "big.txt");
  REQUIRE_FALSE(over.ok());
  CHECK(over.status().detail() == "big.txt:258: more than 255 tiles");

  auto label15 = Alphabet::Parse("name x\nABCDEFGHIJKLMNO 1 1\nÑÑÑÑÑÑÑ 1 1\n", "x");
  INFO(label15.status().ToString());
  CHECK(label15.ok());
  auto label16 = Alphabet::Parse("name x\nÑÑÑÑÑÑÑÑ 1 1\n", "x");
  CHECK_FALSE(label16.ok());
}

TEST_CASE("FromTiles validates like the parser") {
  auto bad = [](std::vector<TileInfo> tiles, std::string name = "n", int blanks = 0, int score = 0) {
    auto a = Alphabet::FromTiles(std::move(name), std::move(tiles), blanks, score);
    REQUIRE_FALSE(a.ok());
    CHECK(a.status().code() == Errc::kInvalidArgument);
    return a.status().detail();
  };
  CHECK(bad({}) == "alphabet: no tiles");
  CHECK(bad({{"", "", 1, 1}}) == "alphabet: tile 1: label \"\" is empty");
  CHECK(bad({{"?", "", 1, 1}}).find("contains '?'") != std::string::npos);
  CHECK(bad({{"#", "", 1, 1}}).find("contains '#'") != std::string::npos);
  CHECK(bad({{"*", "", 1, 1}}).find("contains '*'") != std::string::npos);
  CHECK(bad({{"A B", "", 1, 1}}).find("contains U+0020") != std::string::npos);
  CHECK(bad({{"A", "", 70000, 1}}) == "alphabet: tile 1: score 70000, expected 0..65535");
  CHECK(bad({{"A", "", 1, -1}}) == "alphabet: tile 1: count -1, expected 0..65535");
  CHECK(bad({{"A", "", 1, 1}, {"a", "", 1, 1}}).find("tile 2: \"a\" is the same as tile 1 \"A\"") != std::string::npos);
  CHECK(bad({{"SS", "ß", 1, 1}}) ==
        "alphabet: tile 1: lower label \"ß\" has 1 characters, label \"SS\" has 2: they must have as many");
  CHECK(bad({{"L", "", 1, 1}, {"LL", "l5", 1, 1}}).find("tile 2: \"LL\" pairs \"L\" with \"5\", but tile 1 \"L\"") !=
        std::string::npos);
  CHECK(bad({{"A", "", 1, 1}, {"B", "a", 1, 1}}).find("tile 2: \"B\" is the same as tile 1") != std::string::npos);
  CHECK(bad({{"ZmM", "", 1, 1}}).find("tile 1: \"ZmM\" pairs \"m\" with \"M\", but also pairs it with itself") !=
        std::string::npos);
  CHECK(bad({{"A", "", 1, 1}}, "has space").find("name \"has space\"") != std::string::npos);
  CHECK(bad({{"A", "", 1, 1}}, "n", -1).find("blank count -1") != std::string::npos);
  CHECK(bad({{"A", "", 1, 1}}, "n", 0, 65536).find("blank score 65536") != std::string::npos);
  std::vector<TileInfo> many;
  for (int i = 0; i < 256; ++i) many.push_back({std::string("T").append(std::to_string(i)), "", 1, 1});
  CHECK(bad(many) == "alphabet: 256 tiles, at most 255");
  // An empty name is allowed here (images may carry none).
  CHECK(Alphabet::FromTiles("", {{"A", "", 1, 1}}, 0, 0).ok());
}

TEST_CASE("Render, AppendLabel and TokenizeOrError") {
  const Alphabet en = Alphabet::English();
  const std::vector<Tile> tiles = {3, 1, 20, 0, 27, 255};
  CHECK(en.Render(tiles) == "CAT<0><27><255>");
  std::string s;
  en.AppendLabel(3, true, &s);
  en.AppendLabel(99, true, &s);
  CHECK(s == "c<99>");

  auto r = en.TokenizeOrError("CAFé");
  REQUIRE_FALSE(r.ok());
  CHECK(r.status().code() == Errc::kInvalidArgument);
  CHECK(r.status().detail() == "\"CAFé\": no tile matches \"é\" (U+00E9) at byte 4");
  auto junk = en.TokenizeOrError(std::string("AB\xFF", 3));
  REQUIRE_FALSE(junk.ok());
  CHECK(junk.status().detail() == "\"AB\\xFF\": no tile matches byte \\xFF (invalid UTF-8) at byte 3");
  auto empty = en.TokenizeOrError("");
  REQUIRE(empty.ok());
  CHECK(empty->empty());

  const Alphabet none;  // default: no tiles, matches nothing
  std::vector<Tile> out;
  std::size_t bad = 9;
  CHECK_FALSE(none.Tokenize("A", &out, &bad));
  CHECK(bad == 0);
}

TEST_CASE("operator== compares tiles and blanks, not the name") {
  const Alphabet en = Alphabet::English();
  auto renamed =
      Alphabet::Parse(lexc::test::ReadFile(lexc::test::SourcePath("formats/alphabets/english.txt")), "english.txt");
  REQUIRE(renamed.ok());
  CHECK(*renamed == en);
  std::vector<TileInfo> tiles;
  for (int t = 1; t <= en.size(); ++t) tiles.push_back(en.tile(static_cast<Tile>(t)));
  CHECK(*Alphabet::FromTiles("other", tiles, 2, 0) == en);
  CHECK_FALSE(*Alphabet::FromTiles("english", tiles, 3, 0) == en);
  CHECK_FALSE(*Alphabet::FromTiles("english", tiles, 2, 1) == en);
  tiles[4].score = 2;
  CHECK_FALSE(*Alphabet::FromTiles("english", tiles, 2, 0) == en);
  tiles[4].score = 1;
  tiles[4].lower = "ε";
  CHECK_FALSE(*Alphabet::FromTiles("english", tiles, 2, 0) == en);
  tiles.pop_back();
  tiles[4].lower = "e";
  CHECK_FALSE(*Alphabet::FromTiles("english", tiles, 2, 0) == en);
}

TEST_CASE("LoadFile: io errors name the path") {
  auto a = Alphabet::LoadFile("/nonexistent/alphabet.txt");
  REQUIRE_FALSE(a.ok());
  CHECK(a.status().code() == Errc::kIo);
  CHECK(a.status().detail() == "/nonexistent/alphabet.txt: cannot open: No such file or directory");
  // A device (or an endless pipe) is read only as far as the size limit.
  auto dev = Alphabet::LoadFile("/dev/zero");
  REQUIRE_FALSE(dev.ok());
  CHECK(dev.status().code() == Errc::kLimit);
  CHECK(dev.status().detail() == "/dev/zero: over 1048576 bytes");
}
