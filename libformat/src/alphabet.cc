#include "lexc/alphabet.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <map>
#include <string>
#include <utility>

#include "lexc/escape.h"
#include "lexc/io.h"
#include "unicode.h"
#include "utf8.h"

namespace lexc {
namespace {

constexpr int kMaxValue = 65535;  // scores and counts are u16 in the image
constexpr std::size_t kMaxNameBytes = 64;

// Simple lower-case mapping, one code point to one code point of the same
// UTF-8 length (so a derived lower label never outgrows kMaxLabelBytes).
// Covers the ranges formats/alphabet.md lists; everything else maps to itself.
char32_t LowerOf(char32_t c) {
  if (c >= 'A' && c <= 'Z') return c + 0x20;
  if (c >= 0xC0 && c <= 0xDE && c != 0xD7) return c + 0x20;  // À..Þ except ×
  if (c >= 0x100 && c <= 0x17F) {                            // Latin Extended-A
    // İ ĸ ŉ ſ have no lower/upper partner inside the block.
    if (c == 0x130 || c == 0x138 || c == 0x149 || c == 0x17F) return c;
    if (c == 0x178) return 0xFF;  // Ÿ -> ÿ
    const bool odd_upper = (c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17E);
    const bool upper = odd_upper ? (c & 1) != 0 : (c & 1) == 0;
    return upper ? c + 1 : c;
  }
  if (c >= 0x391 && c <= 0x3AB && c != 0x3A2) return c + 0x20;  // Greek capitals
  if (c >= 0x410 && c <= 0x42F) return c + 0x20;                // Cyrillic А..Я
  if (c >= 0x400 && c <= 0x40F) return c + 0x50;                // Cyrillic Ѐ..Џ
  return c;
}

// Precondition: valid UTF-8.
std::string DeriveLower(std::string_view label) {
  std::string out;
  char32_t cp = 0;
  for (std::size_t i = 0; i < label.size();) {
    const int len = utf8::Decode(label, i, &cp);
    utf8::Encode(LowerOf(cp), &out);
    i += static_cast<std::size_t>(len);
  }
  return out;
}

std::string Quoted(std::string_view s) { return QuoteText(s); }

// Why `s` cannot be a label or a name; "" when it can. Both are printed and
// parsed as single fields: no spaces, controls or invisible characters, and
// none of the characters in `reserved`.
std::string TextProblem(std::string_view s, std::size_t max_bytes, std::string_view reserved) {
  if (s.size() > max_bytes) return "has " + std::to_string(s.size()) + " bytes, at most " + std::to_string(max_bytes);
  char32_t cp = 0;
  for (std::size_t i = 0; i < s.size();) {
    const int len = utf8::Decode(s, i, &cp);
    if (len == 0) return "is not valid UTF-8";
    if (utf8::IsSpaceOrControl(cp)) return "contains " + utf8::CodePointName(cp) + " (space, control or invisible)";
    if (cp < 0x80 && reserved.find(static_cast<char>(cp)) != std::string_view::npos)
      return std::string("contains '") + static_cast<char>(cp) + "'";
    i += static_cast<std::size_t>(len);
  }
  return "";
}

// A tile label of an alphabet file is also written into CGP and GCG
// records. A label of several code points is written in brackets ("[CH]"),
// inside which only the characters those records split on before reading
// tiles matter: '/' (CGP rows and racks), '(' and ')' (GCG through tiles and
// rack penalties), ';' and '"' (CGP operations). A label of one code point is
// written bare, so it may also not be a digit (empty squares, coordinates,
// scores), '.' (a played-through square), '-' (an exchange, a pass), '+',
// ':', ',' or '\\'. A label breaking this could not be read back from the
// records lexc writes, so alphabet files may not use one (fold texts, which
// are only read, may). Images keep whatever labels they hold. "" when `s`
// is fine.
std::string RecordSyntaxProblem(std::string_view s) {
  const bool bare = utf8::CountCodePoints(s) == 1;
  for (const char c : s) {
    const bool split = std::string_view("/();\"").find(c) != std::string_view::npos;
    const bool mark = (c >= '0' && c <= '9') || std::string_view(".-+:,\\").find(c) != std::string_view::npos;
    if (split || (bare && mark))
      return std::string("contains '") + c + "', which CGP and GCG records use as syntax" +
             (split ? "" : " (allowed in a label of several characters, which records write in brackets)");
  }
  return "";
}

// '?' is the blank and '*' a wildcard in racks and patterns; '#' a comment;
// '[' and ']' bracket a tile in tile text (formats/tile-text.md).
std::string LabelProblem(std::string_view s) {
  if (s.empty()) return "is empty";
  return TextProblem(s, static_cast<std::size_t>(kMaxLabelBytes), "?#*[]");
}

// "U+004E U+0303": the code points of valid UTF-8 text.
std::string CodePointList(std::string_view s) {
  std::string out;
  char32_t cp = 0;
  for (std::size_t i = 0; i < s.size();) {
    i += static_cast<std::size_t>(utf8::Decode(s, i, &cp));
    out += (out.empty() ? "" : " ") + utf8::CodePointName(cp);
  }
  return out;
}

// Labels and fold texts of alphabet files are compared with NFC text. Both
// forms often look alike on screen, so the message spells the code points.
std::string NfcProblem(const char* what, const std::string& s) {
  std::string nfc;
  if (!unicode::IsNfcSelfContained(s))
    return std::string(what) + " " + Quoted(s) + " (" + CodePointList(s) +
           ") starts with a character that Unicode NFC joins to the letter before it, so words could not be "
           "read tile by tile";
  if (!unicode::ToNfc(s, &nfc)) return "";
  return std::string(what) + " " + Quoted(s) + " (" + CodePointList(s) +
         ") is not in Unicode NFC: write it composed, as " + Quoted(nfc) + " (" + CodePointList(nfc) + ")";
}

std::string NameProblem(std::string_view s) { return TextProblem(s, kMaxNameBytes, "#"); }

std::string RangeProblem(const char* what, int v) {
  if (v >= 0 && v <= kMaxValue) return "";
  return std::string(what) + " " + std::to_string(v) + ", expected 0.." + std::to_string(kMaxValue);
}

// Completes *lower when empty and checks an upper/lower pair of texts (a
// tile's labels, or a fold's text, named `what`); "" when valid.
std::string CheckCasePair(const char* what, const std::string& upper, std::string* lower) {
  if (std::string p = LabelProblem(upper); !p.empty()) return std::string(what) + " " + Quoted(upper) + " " + p;
  if (lower->empty()) *lower = DeriveLower(upper);
  if (std::string p = LabelProblem(*lower); !p.empty())
    return std::string("lower ") + what + " " + Quoted(*lower) + " " + p;
  if (const std::size_t up = utf8::CountCodePoints(upper), low = utf8::CountCodePoints(*lower); up != low)
    return std::string("lower ") + what + " " + Quoted(*lower) + " has " + std::to_string(low) + " characters, " +
           what + " " + Quoted(upper) + " has " + std::to_string(up) + ": they must have as many";
  return "";
}

// Completes t->lower when empty and checks every field; "" when valid.
std::string CheckTile(TileInfo* t) {
  if (std::string p = CheckCasePair("label", t->label, &t->lower); !p.empty()) return p;
  if (std::string p = RangeProblem("score", t->score); !p.empty()) return p;
  return RangeProblem("count", t->count);
}

// The strings a tile matches, as code point slots that each accept either of
// two encodings: label and lower label (of equal code point count, checked by
// CheckTile) pair up slot by slot, so "CH" matches "CH", "Ch", "cH", "ch".
using Form = std::array<std::string, 2>;
using Forms = std::vector<Form>;

std::vector<std::string> CodePoints(std::string_view s) {
  std::vector<std::string> out;
  char32_t cp = 0;
  for (std::size_t i = 0; i < s.size();) {
    const auto len = static_cast<std::size_t>(utf8::Decode(s, i, &cp));
    out.emplace_back(s.substr(i, len));
    i += len;
  }
  return out;
}

Forms FormsOf(std::string_view upper, std::string_view lower) {
  const std::vector<std::string> up = CodePoints(upper), low = CodePoints(lower);
  Forms f;
  for (std::size_t i = 0; i < up.size() && i < low.size(); ++i) f.push_back({up[i], low[i]});
  return f;
}
Forms FormsOf(const TileInfo& t) { return FormsOf(t.label, t.lower); }
Forms FormsOf(const FoldInfo& f) { return FormsOf(f.text, f.lower); }

// Whether some string matches both forms.
bool Overlap(const Forms& a, const Forms& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const bool meet = a[i][0] == b[i][0] || a[i][0] == b[i][1] || a[i][1] == b[i][0] || a[i][1] == b[i][1];
    if (!meet) return false;
  }
  return true;
}

// Tiles (then folds) added so far, to find a new one that some string would
// match as well as an earlier one (tokenizing would then be ambiguous).
class ClashFinder {
 public:
  // Index of the earlier entry t clashes with, or -1; then remembers t.
  template <typename Entry>
  int Add(const Entry& t) {
    Forms forms = FormsOf(t);
    for (std::size_t j = 0; j < seen_.size(); ++j)
      if (Overlap(forms, seen_[j])) return static_cast<int>(j);
    seen_.push_back(std::move(forms));
    return -1;
  }

 private:
  std::vector<Forms> seen_;
};

// Case partners: every code point of a label or lower label must be paired
// with the same code point (possibly itself) wherever it appears. Then a
// string matches a tile exactly when its code points are in the tile's
// partner classes, so rendering tokens as labels (or as lower labels) and
// tokenizing again gives the same tokens: `lexc dump | lexc build` and blank
// designations round-trip. Without it, "LL 8 1 l5" beside "L": "l5" reads as
// L,LL, renders as "LLL", and reads back as LL,L.
class CasePartners {
 public:
  struct Conflict {
    int tile = -1;                // the earlier tile, or -1
    std::string cp, here, there;  // cp's partner in the new tile and there
  };

  // Pairs are checked and recorded one position at a time, so a tile that
  // pairs a character two ways itself ("ZmM" with lower "zmm": m with m, and
  // M with m) conflicts with itself: Conflict::tile is then `index`. After a
  // conflict the caller drops the whole alphabet.
  template <typename Entry>
  Conflict Add(const Entry& t, int index) {
    for (const Form& f : FormsOf(t)) {
      for (int side = 0; side < 2; ++side) {
        const std::string& cp = f[side];
        const std::string& partner = f[1 - side];
        auto it = partner_.find(cp);
        if (it != partner_.end() && it->second.first != partner)
          return {it->second.second, cp, partner, it->second.first};
      }
      partner_.emplace(f[0], std::make_pair(f[1], index));
      partner_.emplace(f[1], std::make_pair(f[0], index));
    }
    return {};
  }

  // `there`: the earlier entry ("tile \"L\" on line 3"), or "itself".
  static std::string Describe(const Conflict& c, const std::string& there) {
    auto pairing = [&](const std::string& p) { return p == c.cp ? std::string("with itself") : "with " + Quoted(p); };
    return "pairs " + Quoted(c.cp) + " " + pairing(c.here) + ", but " +
           (there == "itself" ? std::string("also") : there) + " pairs it " + pairing(c.there) +
           " (a character needs the same case partner in every tile)";
  }

 private:
  std::map<std::string, std::pair<std::string, int>> partner_;
};

bool ParseValue(std::string_view s, int* out) {
  if (s.empty() || s.size() > 5) return false;
  int v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + (c - '0');
  }
  if (v > kMaxValue) return false;
  *out = v;
  return true;
}

std::string Fields(std::size_t n) { return std::to_string(n) + (n == 1 ? " field" : " fields"); }

std::vector<std::string_view> SplitFields(std::string_view line) {
  std::vector<std::string_view> fields;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    std::size_t j = i;
    while (j < line.size() && line[j] != ' ' && line[j] != '\t') ++j;
    if (j > i) fields.push_back(line.substr(i, j - i));
    i = j;
  }
  return fields;
}

}  // namespace

Alphabet Alphabet::English() {
  struct Spec {
    int score, count;
  };
  static constexpr Spec kSpecs[26] = {{1, 9}, {3, 2}, {3, 2}, {2, 4}, {1, 12}, {4, 2}, {2, 3}, {4, 2},  {1, 9},
                                      {8, 1}, {5, 1}, {1, 4}, {3, 2}, {1, 6},  {1, 8}, {3, 2}, {10, 1}, {1, 6},
                                      {1, 4}, {1, 6}, {1, 4}, {4, 2}, {4, 2},  {8, 1}, {4, 2}, {10, 1}};
  std::vector<TileInfo> tiles;
  for (int i = 0; i < 26; ++i) {
    const char up = static_cast<char>('A' + i);
    tiles.push_back(
        {std::string(1, up), std::string(1, static_cast<char>(up + 0x20)), kSpecs[i].score, kSpecs[i].count});
  }
  auto a = FromTiles("english", std::move(tiles), 2, 0);
  assert(a.ok());
  return std::move(a).value();
}

Result<Alphabet> Alphabet::FromTiles(std::string name, std::vector<TileInfo> tiles, int blank_count, int blank_score,
                                     std::vector<FoldInfo> folds) {
  auto bad = [](std::string what) { return Status(Errc::kInvalidArgument, "alphabet: " + std::move(what)); };
  if (std::string p = NameProblem(name); !p.empty()) return bad("name " + Quoted(name) + " " + p);
  if (tiles.empty()) return bad("no tiles");
  if (tiles.size() > static_cast<std::size_t>(kMaxTiles))
    return bad(std::to_string(tiles.size()) + " tiles, at most " + std::to_string(kMaxTiles));
  if (std::string p = RangeProblem("blank count", blank_count); !p.empty()) return bad(p);
  if (std::string p = RangeProblem("blank score", blank_score); !p.empty()) return bad(p);
  if (folds.size() > static_cast<std::size_t>(kMaxFolds))
    return bad(std::to_string(folds.size()) + " folds, at most " + std::to_string(kMaxFolds));
  // Entries are numbered tiles first, then folds, in the checkers.
  auto entry = [&](std::size_t k) {
    return k < tiles.size()
               ? "tile " + std::to_string(k + 1) + " " + Quoted(tiles[k].label)
               : "fold " + std::to_string(k - tiles.size() + 1) + " " + Quoted(folds[k - tiles.size()].text);
  };
  ClashFinder clashes;
  CasePartners partners;
  for (std::size_t i = 0; i < tiles.size(); ++i) {
    const std::string where = "tile " + std::to_string(i + 1) + ": ";
    if (std::string p = CheckTile(&tiles[i]); !p.empty()) return bad(where + p);
    if (int j = clashes.Add(tiles[i]); j >= 0)
      return bad(where + Quoted(tiles[i].label) + " is the same as tile " + std::to_string(j + 1) + " " +
                 Quoted(tiles[static_cast<std::size_t>(j)].label) + " ignoring case");
    if (auto c = partners.Add(tiles[i], static_cast<int>(i)); c.tile >= 0)
      return bad(where + Quoted(tiles[i].label) + " " +
                 CasePartners::Describe(c, static_cast<std::size_t>(c.tile) == i
                                               ? std::string("itself")
                                               : entry(static_cast<std::size_t>(c.tile))));
  }
  // The tiles alone: a fold that they spell ("NN" beside tile N) would make
  // printed words read back as other tiles.
  Alphabet plain;
  if (!folds.empty()) {
    plain.tiles_ = tiles;
    plain.BuildMatcher();
  }
  for (std::size_t i = 0; i < folds.size(); ++i) {
    FoldInfo& f = folds[i];
    const std::size_t k = tiles.size() + i;
    const std::string where = entry(k) + ": ";
    if (f.tile < 1 || f.tile > tiles.size())
      return bad(where + "tile code " + std::to_string(f.tile) + " out of range 1.." + std::to_string(tiles.size()));
    if (std::string p = CheckCasePair("text", f.text, &f.lower); !p.empty()) return bad(where + p);
    if (int j = clashes.Add(f); j >= 0)
      return bad(where + "matches the same text as " + entry(static_cast<std::size_t>(j)) + " ignoring case");
    if (auto c = partners.Add(f, static_cast<int>(k)); c.tile >= 0)
      return bad(where + CasePartners::Describe(c, static_cast<std::size_t>(c.tile) == k
                                                       ? std::string("itself")
                                                       : entry(static_cast<std::size_t>(c.tile))));
    for (const std::string* text : {&f.text, &f.lower}) {
      std::vector<Tile> spelled;
      if (plain.Tokenize(*text, &spelled, nullptr))
        return bad(where + Quoted(*text) + " is spelled by the tiles " + plain.Render(spelled) +
                   " (printed, they would read back as the fold)");
    }
  }
  Alphabet a;
  a.name_ = std::move(name);
  a.tiles_ = std::move(tiles);
  a.folds_ = std::move(folds);
  a.blank_count_ = blank_count;
  a.blank_score_ = blank_score;
  a.BuildMatcher();
  return a;
}

Result<Alphabet> Alphabet::Parse(std::string_view text, std::string_view source) {
  const std::string src = QuotePath(source);  // how messages name the input
  std::size_t line_no = 0;
  auto bad = [&](const std::string& what) {
    return Status(Errc::kBadInput, src + ":" + std::to_string(line_no) + ": " + what);
  };
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);

  std::string name;
  std::size_t name_line = 0, blank_line = 0;
  int blank_count = 0, blank_score = 0;
  std::vector<TileInfo> tiles;
  std::vector<std::size_t> tile_lines;
  struct FoldLine {
    FoldInfo fold;
    std::string target;  // the tile's label, resolved once every tile is read
    std::size_t line = 0;
  };
  std::vector<FoldLine> fold_lines;
  ClashFinder clashes;
  CasePartners partners;
  auto value = [&](std::string_view field, const char* what, int* out) -> Status {
    if (ParseValue(field, out)) return Status::Ok();
    return bad(std::string(what) + " " + Quoted(field) + ": expected a whole number 0.." + std::to_string(kMaxValue));
  };

  while (!text.empty()) {
    ++line_no;
    const std::size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (const std::size_t hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
    const std::vector<std::string_view> f = SplitFields(line);
    if (f.empty()) continue;

    if (f[0] == "name") {
      if (name_line) return bad("second \"name\" line (first on line " + std::to_string(name_line) + ")");
      if (f.size() != 2) return bad("expected \"name NAME\", got " + Fields(f.size()));
      if (std::string p = NameProblem(f[1]); !p.empty()) return bad("name " + Quoted(f[1]) + " " + p);
      name.assign(f[1]);
      name_line = line_no;
      continue;
    }
    if (!name_line) return bad("expected \"name NAME\" before the first tile or blank line");
    if (f[0] == "?") {
      if (blank_line) return bad("second blank line \"?\" (first on line " + std::to_string(blank_line) + ")");
      if (f.size() != 3) return bad("expected \"? SCORE COUNT\", got " + Fields(f.size()));
      LEXC_RETURN_IF_ERROR(value(f[1], "blank score", &blank_score));
      LEXC_RETURN_IF_ERROR(value(f[2], "blank count", &blank_count));
      blank_line = line_no;
      continue;
    }
    if (f[0] == "fold") {
      if (f.size() != 3 && f.size() != 4) return bad("expected \"fold TEXT LABEL [LOWER]\", got " + Fields(f.size()));
      if (fold_lines.size() == static_cast<std::size_t>(kMaxFolds))
        return bad("more than " + std::to_string(kMaxFolds) + " folds");
      FoldLine fl;
      fl.fold.text.assign(f[1]);
      fl.target.assign(f[2]);
      if (f.size() == 4) fl.fold.lower.assign(f[3]);
      fl.line = line_no;
      if (std::string p = CheckCasePair("text", fl.fold.text, &fl.fold.lower); !p.empty()) return bad("fold " + p);
      if (std::string p = NfcProblem("fold text", fl.fold.text); !p.empty()) return bad(p);
      if (std::string p = NfcProblem("fold lower text", fl.fold.lower); !p.empty()) return bad(p);
      fold_lines.push_back(std::move(fl));
      continue;
    }
    if (f.size() != 3 && f.size() != 4) return bad("expected \"LABEL SCORE COUNT [LOWER]\", got " + Fields(f.size()));
    if (tiles.size() == static_cast<std::size_t>(kMaxTiles))
      return bad("more than " + std::to_string(kMaxTiles) + " tiles");
    TileInfo t;
    t.label.assign(f[0]);
    if (f.size() == 4) t.lower.assign(f[3]);
    // Labels first, so "LABEL SCORE" typos name the label, not the number.
    if (std::string p = LabelProblem(t.label); !p.empty()) return bad("label " + Quoted(t.label) + " " + p);
    LEXC_RETURN_IF_ERROR(value(f[1], "score", &t.score));
    LEXC_RETURN_IF_ERROR(value(f[2], "count", &t.count));
    if (std::string p = CheckTile(&t); !p.empty()) return bad(p);
    if (std::string p = NfcProblem("label", t.label); !p.empty()) return bad(p);
    if (std::string p = NfcProblem("lower label", t.lower); !p.empty()) return bad(p);
    if (std::string p = RecordSyntaxProblem(t.label); !p.empty()) return bad("label " + Quoted(t.label) + " " + p);
    if (std::string p = RecordSyntaxProblem(t.lower); !p.empty())
      return bad("lower label " + Quoted(t.lower) + " " + p);
    if (int j = clashes.Add(t); j >= 0) {
      const auto k = static_cast<std::size_t>(j);
      return bad("tile " + Quoted(t.label) + " is the same as tile " + Quoted(tiles[k].label) + " on line " +
                 std::to_string(tile_lines[k]) + " ignoring case");
    }
    if (auto c = partners.Add(t, static_cast<int>(tiles.size())); c.tile >= 0) {
      const auto k = static_cast<std::size_t>(c.tile);
      return bad("tile " + Quoted(t.label) + " " +
                 CasePartners::Describe(c, k == tiles.size() ? std::string("itself")
                                                             : "tile " + Quoted(tiles[k].label) + " on line " +
                                                                   std::to_string(tile_lines[k])));
    }
    tiles.push_back(std::move(t));
    tile_lines.push_back(line_no);
  }
  if (!name_line) return Status(Errc::kBadInput, src + ": no \"name NAME\" line");
  if (tiles.empty()) return Status(Errc::kBadInput, src + ": no tiles");
  // Folds last: they name tiles declared anywhere in the file.
  std::vector<FoldInfo> folds;
  auto entry = [&](std::size_t k) {
    return k < tiles.size() ? "tile " + Quoted(tiles[k].label) + " on line " + std::to_string(tile_lines[k])
                            : "fold " + Quoted(fold_lines[k - tiles.size()].fold.text) + " on line " +
                                  std::to_string(fold_lines[k - tiles.size()].line);
  };
  for (FoldLine& fl : fold_lines) {
    line_no = fl.line;
    const std::string what = "fold " + Quoted(fl.fold.text) + " ";
    const auto target =
        std::find_if(tiles.begin(), tiles.end(), [&](const TileInfo& t) { return t.label == fl.target; });
    if (target == tiles.end()) return bad(what + "reads as " + Quoted(fl.target) + ", which is not a tile's label");
    fl.fold.tile = static_cast<Tile>(target - tiles.begin() + 1);
    const std::size_t k = tiles.size() + folds.size();
    if (int j = clashes.Add(fl.fold); j >= 0)
      return bad(what + "matches the same text as " + entry(static_cast<std::size_t>(j)) + " ignoring case");
    if (auto c = partners.Add(fl.fold, static_cast<int>(k)); c.tile >= 0)
      return bad(what + CasePartners::Describe(c, static_cast<std::size_t>(c.tile) == k
                                                      ? std::string("itself")
                                                      : entry(static_cast<std::size_t>(c.tile))));
    folds.push_back(fl.fold);
  }
  auto a = FromTiles(std::move(name), std::move(tiles), blank_count, blank_score, std::move(folds));
  if (!a.ok()) return Status(Errc::kBadInput, src + ": " + a.status().detail());  // checked above; defensive
  return a;
}

Result<Alphabet> Alphabet::LoadFile(const std::string& path) {
  bool compressed = false;
  // An alphabet is at most 255 short lines (plus comments): a megabyte is
  // plenty, and a device or endless pipe is read no further.
  auto bytes = ReadInputBytes(path, &compressed, kMaxAlphabetBytes);
  if (!bytes.ok()) return bytes.status();
  return Parse(*bytes, path == "-" ? "<stdin>" : path);
}

Alphabet::Slot Alphabet::MakeSlot(const std::array<std::string, 2>& alts, std::size_t* max_bytes) {
  Slot s{};
  for (int k = 0; k < 2; ++k) {
    std::memcpy(s.alt[k], alts[k].data(), alts[k].size());
    s.len[k] = static_cast<std::uint8_t>(alts[k].size());
  }
  *max_bytes += std::max(s.len[0], s.len[1]);
  return s;
}

void Alphabet::AddCandidate(Candidate c) {
  const auto b0 = static_cast<unsigned char>(c.slots[0].alt[0][0]);
  const auto b1 = static_cast<unsigned char>(c.slots[0].alt[1][0]);
  if (b1 != b0) by_first_byte_[b1].push_back(c);
  by_first_byte_[b0].push_back(std::move(c));
}

void Alphabet::BuildMatcher() {
  by_first_byte_.assign(256, {});
  std::fill(std::begin(byte_to_tile_), std::end(byte_to_tile_), Tile{0});
  for (std::size_t i = 0; i < tiles_.size(); ++i) {
    Candidate c;
    c.tile = static_cast<Tile>(i + 1);
    for (const Form& alts : FormsOf(tiles_[i])) c.slots.push_back(MakeSlot(alts, &c.max_bytes));
    AddCandidate(std::move(c));
  }
  for (std::size_t i = 0; i < folds_.size(); ++i) {
    Candidate c;
    c.tile = folds_[i].tile;
    c.fold = static_cast<int>(i);
    for (const Form& alts : FormsOf(folds_[i])) c.slots.push_back(MakeSlot(alts, &c.max_bytes));
    AddCandidate(std::move(c));
  }
  single_byte_only_ = true;
  for (int b = 0; b < 256; ++b) {
    auto& bucket = by_first_byte_[static_cast<std::size_t>(b)];
    if (bucket.empty()) continue;
    std::stable_sort(bucket.begin(), bucket.end(),
                     [](const Candidate& x, const Candidate& y) { return x.max_bytes > y.max_bytes; });
    // An ASCII byte is a whole code point: a one-slot candidate starting
    // with it matches exactly that byte. Distinct tiles never share one.
    if (b < 0x80 && bucket.size() == 1 && bucket[0].slots.size() == 1)
      byte_to_tile_[b] = bucket[0].tile;
    else
      single_byte_only_ = false;
  }
}

bool Alphabet::Tokenize(std::string_view text, std::vector<Tile>* out, std::size_t* bad_offset) const {
  const auto* s = reinterpret_cast<const unsigned char*>(text.data());
  const std::size_t n = text.size();
  std::size_t i = 0;
  if (single_byte_only_) {
    // Write through a raw pointer: push_back would store the vector's end
    // after every tile (a Tile store may alias it).
    const std::size_t base = out->size();
    out->resize(base + n);
    Tile* dst = out->data() + base;
    for (; i < n; ++i) {
      const Tile t = byte_to_tile_[s[i]];
      if (t == 0) break;
      dst[i] = t;
    }
    if (i == n) return true;
    out->resize(base + i);
    if (bad_offset) *bad_offset = i;
    return false;
  }
  while (i < n) {
    Tile t = byte_to_tile_[s[i]];
    std::size_t len = 1;
    if (t == 0) {
      len = MatchAt(text, i, &t);
      if (len == 0) {
        if (bad_offset) *bad_offset = i;
        return false;
      }
    }
    out->push_back(t);
    i += len;
  }
  return true;
}

std::size_t Alphabet::MatchAt(std::string_view text, std::size_t pos, Tile* tile) const {
  const FoldInfo* fold = nullptr;
  return MatchAt(text, pos, tile, &fold);
}

std::size_t Alphabet::MatchAt(std::string_view text, std::size_t pos, Tile* tile, const FoldInfo** fold) const {
  const auto* s = reinterpret_cast<const unsigned char*>(text.data());
  const std::size_t n = text.size();
  *fold = nullptr;
  if (const Tile t = byte_to_tile_[s[pos]]; t != 0) {
    *tile = t;
    return 1;
  }
  auto match = [&](const Candidate& c) -> std::size_t {
    std::size_t p = pos;
    for (const Slot& slot : c.slots) {
      if (n - p >= slot.len[0] && std::memcmp(s + p, slot.alt[0], slot.len[0]) == 0) {
        p += slot.len[0];
      } else if (n - p >= slot.len[1] && std::memcmp(s + p, slot.alt[1], slot.len[1]) == 0) {
        p += slot.len[1];
      } else {
        return 0;
      }
    }
    return p - pos;
  };
  std::size_t len = 0;
  if (by_first_byte_.empty()) return 0;  // a default-constructed alphabet
  for (const Candidate& c : by_first_byte_[s[pos]]) {
    if (c.max_bytes <= len) break;  // sorted: nothing later can be longer
    if (const std::size_t m = match(c); m > len) {
      len = m;
      *tile = c.tile;
      *fold = c.fold < 0 ? nullptr : &folds_[static_cast<std::size_t>(c.fold)];
    }
  }
  return len;
}

Result<std::vector<Tile>> Alphabet::TokenizeOrError(std::string_view text) const {
  std::vector<Tile> out;
  std::size_t bad = 0;
  if (Tokenize(text, &out, &bad)) return out;
  return Status(Errc::kInvalidArgument,
                Quoted(text) + ": no tile matches " + utf8::CharAt(text, bad) + " at byte " + std::to_string(bad + 1));
}

std::string Alphabet::Render(std::span<const Tile> tiles) const {
  std::string out;
  for (Tile t : tiles) AppendLabel(t, false, &out);
  return out;
}

void Alphabet::AppendLabel(Tile t, bool lower, std::string* out) const {
  if (t >= 1 && t <= size()) {
    const TileInfo& info = tiles_[t - 1];
    out->append(lower ? info.lower : info.label);
  } else {
    out->append("<" + std::to_string(t) + ">");
  }
}

bool Alphabet::operator==(const Alphabet& o) const {
  if (blank_count_ != o.blank_count_ || blank_score_ != o.blank_score_ || tiles_.size() != o.tiles_.size())
    return false;
  for (std::size_t i = 0; i < tiles_.size(); ++i) {
    const TileInfo &a = tiles_[i], &b = o.tiles_[i];
    if (a.label != b.label || a.lower != b.lower || a.score != b.score || a.count != b.count) return false;
  }
  if (folds_.size() != o.folds_.size()) return false;
  for (std::size_t i = 0; i < folds_.size(); ++i) {
    const FoldInfo &a = folds_[i], &b = o.folds_[i];
    if (a.text != b.text || a.lower != b.lower || a.tile != b.tile) return false;
  }
  return true;
}

}  // namespace lexc
