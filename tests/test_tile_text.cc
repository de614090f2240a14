// Tile text (lexc/tile_text.h, formats/tile-text.md) and Rack (lexc/rack.h):
// the Spanish CH case, brackets, marks, case and blanks, errors, and random
// tile strings in English, Spanish and Catalan written and read back, checked
// against an independent model of the notation (greedy reading and a
// bracket-only reader, both over code points).
#include <catch2/catch.hpp>
#include <random>
#include <string>
#include <vector>

#include "lexc/alphabet.h"
#include "lexc/rack.h"
#include "lexc/tile_text.h"
#include "test_support.h"

namespace lexc::test {
namespace {

Alphabet Load(const std::string& rel) {
  auto a = Alphabet::LoadFile(SourcePath(rel));
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

std::vector<Tile> Codes(const Alphabet& a, std::initializer_list<const char*> labels) {
  std::vector<Tile> out;
  for (const char* l : labels) out.push_back(Code(a, l));
  return out;
}

// One token as the model reads it: a tile (lower: written as the lower
// label) or a mark.
struct Token {
  Tile tile = 0;
  bool lower = false;
  char mark = 0;
  bool operator==(const Token&) const = default;
};

// The notation, read independently of the library: '[' LABEL ']' is that
// tile (exact label or lower label); outside brackets, a mark is a mark, and
// otherwise (greedy) the tile whose label matches the most bytes, code point
// by code point in either case, within the run up to the next bracket or
// mark, or (bracket_only) exactly one code point. Returns false on text the
// model cannot read.
bool ModelRead(const Alphabet& a, const std::string& text, const std::string& marks, bool bracket_only,
               std::vector<Token>* out) {
  const std::vector<std::string> cps = SplitCodePoints(text);
  const auto is_mark = [&](const std::string& cp) { return cp.size() == 1 && marks.find(cp[0]) != std::string::npos; };
  for (std::size_t i = 0; i < cps.size();) {
    if (is_mark(cps[i])) {
      out->push_back({0, false, cps[i][0]});
      ++i;
      continue;
    }
    if (cps[i] == "[") {
      std::string inner;
      std::size_t j = i + 1;
      for (; j < cps.size() && cps[j] != "]"; ++j) inner += cps[j];
      if (j == cps.size()) return false;
      bool found = false;
      for (int t = 1; t <= a.size() && !found; ++t) {
        const TileInfo& info = a.tile(static_cast<Tile>(t));
        if (inner == info.label || inner == info.lower) {
          out->push_back({static_cast<Tile>(t), inner != info.label, 0});
          found = true;
        }
      }
      if (!found) return false;
      i = j + 1;
      continue;
    }
    std::size_t run_end = i;
    while (run_end < cps.size() && cps[run_end] != "[" && cps[run_end] != "]" && !is_mark(cps[run_end])) ++run_end;
    std::size_t best_bytes = 0, best_cps = 0;
    Token best;
    for (int t = 1; t <= a.size(); ++t) {
      const TileInfo& info = a.tile(static_cast<Tile>(t));
      const std::vector<std::string> up = SplitCodePoints(info.label), low = SplitCodePoints(info.lower);
      if (bracket_only && up.size() != 1) continue;
      if (i + up.size() > run_end) continue;
      std::string written;
      bool match = true;
      for (std::size_t k = 0; k < up.size() && match; ++k) {
        match = cps[i + k] == up[k] || cps[i + k] == low[k];
        written += cps[i + k];
      }
      if (match && written.size() > best_bytes) {
        best_bytes = written.size();
        best_cps = up.size();
        best = {static_cast<Tile>(t), written != info.label, 0};
      }
    }
    if (best_bytes == 0) return false;
    out->push_back(best);
    i += best_cps;
  }
  return true;
}

std::vector<Token> LibraryRead(const Alphabet& a, const std::string& text, const std::string& marks) {
  std::vector<Token> out;
  TileTextReader reader(a, text, marks);
  TextToken t;
  while (reader.Next(&t)) {
    if (t.kind == TextToken::Kind::kMark)
      out.push_back({0, false, t.mark});
    else
      out.push_back({t.tile, t.letter_case == LabelCase::kLower, 0});
  }
  INFO(text << ": " << reader.problem());
  REQUIRE(reader.ok());
  return out;
}

std::vector<Tile> Read(const Alphabet& a, const std::string& text) {
  auto r = ParseTileText(a, text);
  INFO(text << ": " << r.status().ToString());
  REQUIRE(r.ok());
  return *r;
}

std::string ErrorOf(const Alphabet& a, const std::string& text) {
  auto r = ParseTileText(a, text);
  if (r.ok()) return "ok";
  CHECK(r.status().code() == Errc::kBadInput);
  return r.status().detail();
}

}  // namespace

TEST_CASE("tile text: greedy as word lists, brackets for the exceptions (Spanish CH)") {
  const Alphabet es = Load("formats/alphabets/spanish.txt");
  CHECK(Read(es, "CHE") == Codes(es, {"CH", "E"}));
  CHECK(Read(es, "che") == Codes(es, {"CH", "E"}));
  CHECK(Read(es, "[CH]E") == Codes(es, {"CH", "E"}));
  CHECK(Read(es, "[C][H]E") == Codes(es, {"C", "H", "E"}));
  CHECK(Read(es, "C[H]E") == Codes(es, {"C", "H", "E"}));
  CHECK(Read(es, "[C]HE") == Codes(es, {"C", "H", "E"}));
  CHECK(Read(es, "CHURRO") == es.TokenizeOrError("CHURRO").value());
  CHECK(Read(es, "[ll]ama") == Codes(es, {"LL", "A", "M", "A"}));
  CHECK(Read(es, "año") == Codes(es, {"A", "Ñ", "O"}));
  // Written back: C,H,E needs one bracket; a digraph tile is bracketed.
  CHECK(WriteTileText(es, Codes(es, {"C", "H", "E"})) == "C[H]E");
  CHECK(WriteTileText(es, Codes(es, {"CH", "E"})) == "[CH]E");
  CHECK(WriteTileText(es, Codes(es, {"R", "R", "L", "L"})) == "R[R]L[L]");
  CHECK(WriteTileText(es, Codes(es, {"A", "Ñ", "O"})) == "AÑO");
  const Alphabet ca = Load("formats/alphabets/catalan.txt");
  CHECK(Read(ca, "QUE") == Codes(ca, {"QU", "E"}));
  CHECK(Read(ca, "NYE") == Codes(ca, {"NY", "E"}));
  CHECK(Read(ca, "L[L]L·L") == Codes(ca, {"L", "L", "L·L"}));
  CHECK(WriteTileText(ca, Codes(ca, {"N", "L", "L"})) == "NLL");  // no tile "LL" in Catalan
  CHECK(WriteTileText(ca, Codes(ca, {"L·L", "QU"})) == "[L·L][QU]");
  const Alphabet en = Alphabet::English();
  CHECK(WriteTileText(en, en.TokenizeOrError("RETAINS").value()) == "RETAINS");
  CHECK(Read(en, "[Q]i") == Codes(en, {"Q", "I"}));
}

TEST_CASE("tile text: errors are kBadInput and name the character") {
  const Alphabet en = Alphabet::English();
  const Alphabet es = Load("formats/alphabets/spanish.txt");
  CHECK(ErrorOf(en, "CAFÉ") == "unknown tile 'É' at character 4 of word 'CAFÉ' (alphabet english)");
  CHECK(ErrorOf(en, "A?") == "unknown tile '?' at character 2 of word 'A?' (alphabet english)");
  CHECK(ErrorOf(es, "C]") == "']' without '[' at character 2 of word 'C]' (alphabet spanish)");
  CHECK(ErrorOf(es, "Ñ[CH") == "unclosed '[' at character 2 of word 'Ñ[CH' (alphabet spanish)");
  CHECK(ErrorOf(es, "[]") == "empty '[]' at character 1 of word '[]' (alphabet spanish)");
  CHECK(ErrorOf(es, "A[CHE]") == "unknown tile '[CHE]' at character 2 of word 'A[CHE]' (alphabet spanish)");
  CHECK(ErrorOf(en, "AB\xFF") == "unknown tile '\\xFF' at character 3 of word 'AB\\xFF' (alphabet english)");
  CHECK(ErrorOf(en, "") == "empty word");
  // Labels may not hold brackets, so brackets always delimit.
  std::vector<TileInfo> tiles = {{"A", "", 1, 1}, {"[B]", "", 1, 1}};
  CHECK(Alphabet::FromTiles("x", tiles, 0, 0).status().detail().find("contains '['") != std::string::npos);
}

TEST_CASE("tile text: case, blanks and marks") {
  const Alphabet es = Load("formats/alphabets/spanish.txt");
  const auto one = [&](const std::string& text) {
    TileTextReader reader(es, text, "?");
    TextToken t;
    REQUIRE(reader.Next(&t));
    return t;
  };
  CHECK(one("[ch]").letter_case == LabelCase::kLower);
  CHECK(one("ch").letter_case == LabelCase::kLower);
  CHECK(one("CH").letter_case == LabelCase::kUpper);
  CHECK(one("Ch").letter_case == LabelCase::kMixed);
  CHECK(one("[Ch]").tile == Code(es, "CH"));
  CHECK(one("?").kind == TextToken::Kind::kMark);
  // A mark ends a greedy run: "C?H" is C, mark, H.
  CHECK(LibraryRead(es, "C?H", "?") ==
        std::vector<Token>{{Code(es, "C"), false, 0}, {0, false, '?'}, {Code(es, "H"), false, 0}});
  // The writer brackets a label equal to a mark of its context, and the
  // lower-case form keeps its brackets where greedy reading would merge.
  std::vector<TileInfo> tiles = {{"A", "", 1, 1}, {"1", "", 1, 1}, {"AB", "", 1, 1}, {"B", "", 1, 1}};
  const Alphabet odd = Alphabet::FromTiles("odd", tiles, 0, 0).value();
  std::string out;
  TileTextWriter writer(odd, &out, "0123456789");
  writer.Append(1);
  writer.Append(2);
  writer.AppendOther("3");
  writer.Append(1, true);
  writer.Append(4, true);
  CHECK(out == "A[1]3a[b]");
}

TEST_CASE("tile text: random strings written and read back, against the model") {
  std::mt19937_64 rng(13);
  const Alphabet alphabets[] = {Alphabet::English(), Load("formats/alphabets/spanish.txt"),
                                Load("formats/alphabets/catalan.txt")};
  for (const Alphabet& a : alphabets) {
    INFO("alphabet " << a.name());
    // Tiles whose label is a code point of a longer label (C and H for CH):
    // drawn half the time, so that merges are common.
    std::vector<Tile> parts;
    for (int t = 1; t <= a.size(); ++t)
      for (int u = 1; u <= a.size(); ++u)
        if (SplitCodePoints(a.tile(static_cast<Tile>(u)).label).size() > 1 &&
            a.tile(static_cast<Tile>(u)).label.find(a.tile(static_cast<Tile>(t)).label) != std::string::npos &&
            SplitCodePoints(a.tile(static_cast<Tile>(t)).label).size() == 1) {
          parts.push_back(static_cast<Tile>(t));
          break;
        }
    int bracketed = 0;
    for (int round = 0; round < 3000; ++round) {
      // Contexts: a word (tiles), a rack ('?' marks), a board row (digits,
      // lower case for blanks).
      const int context = round % 3;
      const std::string marks = context == 0 ? "" : context == 1 ? "?" : "0123456789";
      std::vector<Token> want;
      std::string text;
      TileTextWriter writer(a, &text, marks);
      const int n = 1 + static_cast<int>(rng() % 10);
      for (int i = 0; i < n; ++i) {
        if (context == 1 && rng() % 5 == 0) {
          writer.AppendOther("?");
          want.push_back({0, false, '?'});
          continue;
        }
        if (context == 2 && rng() % 5 == 0) {
          const char digit = static_cast<char>('1' + rng() % 9);
          writer.AppendOther(std::string(1, digit));
          want.push_back({0, false, digit});
          continue;
        }
        const Tile t = !parts.empty() && rng() % 2 ? parts[rng() % parts.size()]
                                                   : static_cast<Tile>(1 + rng() % static_cast<unsigned>(a.size()));
        const bool lower = context == 2 && rng() % 3 == 0;
        writer.Append(t, lower);
        want.push_back({t, lower, 0});
      }
      INFO("text " << text);
      bracketed += text.find('[') != std::string::npos;
      CHECK(LibraryRead(a, text, marks) == want);
      std::vector<Token> greedy, brackets;
      CHECK(ModelRead(a, text, marks, false, &greedy));
      CHECK(greedy == want);
      CHECK(ModelRead(a, text, marks, true, &brackets));
      CHECK(brackets == want);
    }
    if (a.name() == "english")
      CHECK(bracketed == 0);  // one letter a tile: nothing to bracket
    else
      CHECK(bracketed > 0);
  }
}

TEST_CASE("Rack: counts, blanks, text form, Contains, Value, mask") {
  const Alphabet es = Load("formats/alphabets/spanish.txt");
  const Rack r = Rack::Parse(es, "CHE?").value();
  CHECK(r.size() == 3);
  CHECK(r.count(Code(es, "CH")) == 1);
  CHECK(r.count(Code(es, "C")) == 0);
  CHECK(r.count(Code(es, "H")) == 0);
  CHECK(r.blanks() == 1);
  CHECK(r.ToString(es) == "[CH]E?");
  const Rack apart = Rack::Parse(es, "C[H]E").value();
  CHECK(apart.count(Code(es, "C")) == 1);
  CHECK(apart.count(Code(es, "H")) == 1);
  CHECK(apart.ToString(es) == "CEH");  // tile-code order: C, E, H
  CHECK(Rack::Parse(es, apart.ToString(es)).value() == apart);
  const Rack two_l = Rack::Parse(es, "L[L]").value();
  CHECK(two_l.count(Code(es, "L")) == 2);
  CHECK(two_l.ToString(es) == "L[L]");
  CHECK(Rack::Parse(es, "LL").value().count(Code(es, "LL")) == 1);
  CHECK(Rack::Parse(es, "[ch]e").value() == Rack::Parse(es, "CHE").value());  // case never makes a blank on a rack
  CHECK(r.Contains(Rack::Parse(es, "?").value()));
  CHECK_FALSE(r.Contains(apart));
  CHECK(r.Value(es) == es.tile(Code(es, "CH")).score + es.tile(Code(es, "E")).score + es.blank_score());
  CHECK(r.mask().count() == 2);
  CHECK(r.mask()[Code(es, "CH")]);
  Rack grow;
  grow.Add(255);
  grow.Add(Code(es, "E"), true);
  CHECK(grow.count(255) == 1);
  CHECK(grow.blanks() == 1);
  grow.Remove(255);
  grow.Remove(0, true);
  CHECK(grow.empty());
  CHECK(Rack::Parse(es, "").value().empty());
  const auto bad = Rack::Parse(es, "AB3");
  CHECK(bad.status().code() == Errc::kBadInput);
  CHECK(bad.status().detail() == "unknown tile '3' at character 3 of rack 'AB3' (alphabet spanish)");
  CHECK(Rack::Parse(es, std::string(256, '?')).status().code() == Errc::kBadInput);
  CHECK(Rack::Parse(es, std::string(255, '?')).ok());
}

}  // namespace lexc::test
