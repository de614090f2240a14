#include "gen_support.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <sstream>

#include "lexc/gen/cgp.h"
#include "lexc/io.h"
#include "lexc/wordlist.h"

namespace lexc::gen::test {

std::string SourcePath(const std::string& rel) { return std::string(LEXC_SOURCE_DIR) + "/" + rel; }

std::optional<std::string> SowpodsPath() {
  const char* env = std::getenv("LEXC_SOWPODS");
  std::string p = env && *env ? env : LEXC_DEFAULT_SOWPODS;
  std::error_code ec;
  if (!std::filesystem::is_regular_file(p, ec)) return std::nullopt;
  return p;
}

const SowpodsImage* Sowpods() {
  static const std::unique_ptr<SowpodsImage> image = []() -> std::unique_ptr<SowpodsImage> {
    const auto path = SowpodsPath();
    if (!path) return nullptr;
    auto s = std::make_unique<SowpodsImage>();
    auto words = ReadWordList(*path, Alphabet::English(), {}, nullptr);
    REQUIRE(words.ok());
    s->words = std::move(words).value();
    auto bytes = BuildImage(s->words, Alphabet::English(), BuildOptions());
    REQUIRE(bytes.ok());
    s->image_bytes = bytes->size();
    s->store.resize((bytes->size() + 7) / 8);
    std::memcpy(s->store.data(), bytes->data(), bytes->size());
    s->lexicon = Lexicon::FromBytes({reinterpret_cast<const std::byte*>(s->store.data()), s->image_bytes}).value();
    return s;
  }();
  if (!image) WARN("SOWPODS not found (set LEXC_SOWPODS); skipped");
  return image.get();
}

TestLexicon::TestLexicon(const WordSet& words, const Alphabet& a, bool dawg, bool gaddag, bool compact)
    : words_(words) {
  std::vector<std::vector<Tile>> list(words.begin(), words.end());
  BuildOptions o;
  o.dawg = dawg;
  o.gaddag = gaddag;
  o.compact = compact;
  auto bytes = BuildImage(WordList::FromUnsorted(std::move(list)), a, o);
  INFO(bytes.status().ToString());
  REQUIRE(bytes.ok());
  store_.resize((bytes->size() + 7) / 8);
  std::memcpy(store_.data(), bytes->data(), bytes->size());
  auto lex = Lexicon::FromBytes({reinterpret_cast<const std::byte*>(store_.data()), bytes->size()});
  INFO(lex.status().ToString());
  REQUIRE(lex.ok());
  lex_ = std::move(lex).value();
}

Alphabet SmallAlphabet(int letters, int blanks) {
  std::vector<TileInfo> tiles;
  for (int i = 0; i < letters; ++i) {
    TileInfo t;
    t.label = std::string(1, char('A' + i));
    t.score = 1 + i % 4;
    t.count = 40;
    tiles.push_back(t);
  }
  return Alphabet::FromTiles("small" + std::to_string(letters), tiles, blanks, 0).value();
}

WordSet RandomWords(std::mt19937_64& rng, int count, int letters, int max_len) {
  WordSet s;
  std::uniform_int_distribution<int> len(2, max_len), letter(1, letters);
  double possible = 0;
  for (int l = 2; l <= max_len; ++l) possible += std::pow(double(letters), l);
  if (possible < count * 1.5) count = int(possible / 1.5);
  while (int(s.size()) < count) {
    Word w(std::size_t(len(rng)));
    for (Tile& t : w) t = static_cast<Tile>(letter(rng));
    s.insert(w);
  }
  return s;
}

WordSet DenseLongWords(std::mt19937_64& rng, int letters, int short_words, int short_max, int long_min, int long_max,
                       unsigned total) {
  WordSet words = RandomWords(rng, short_words, letters, short_max);
  std::uniform_int_distribution<int> len(long_min, long_max), letter(1, letters);
  while (words.size() < total) {
    Word w(std::size_t(len(rng)));
    for (Tile& t : w) t = static_cast<Tile>(letter(rng));
    words.insert(w);
  }
  return words;
}

WordSet EnglishWords(const std::vector<std::string>& words) {
  WordSet s;
  for (const std::string& w : words) {
    Word t;
    for (char c : w) t.push_back(static_cast<Tile>(std::toupper(static_cast<unsigned char>(c)) - 'A' + 1));
    s.insert(t);
  }
  return s;
}

std::vector<std::string> FixtureLines(const std::string& rel) {
  const Result<std::string> text = ReadFileBytes(SourcePath(rel));
  REQUIRE(text.ok());
  std::vector<std::string> lines;
  std::string_view rest = *text;
  while (!rest.empty()) {
    const std::size_t end = std::min(rest.find('\n'), rest.size());
    if (end > 0) lines.emplace_back(rest.substr(0, end));
    rest.remove_prefix(std::min(end + 1, rest.size()));
  }
  return lines;
}

WordSet EnglishFixture(const std::string& rel) {
  std::vector<std::string> words;
  for (std::string line : FixtureLines(rel)) {
    line.erase(
        std::remove_if(line.begin(), line.end(), [](char c) { return std::isspace(static_cast<unsigned char>(c)); }),
        line.end());
    if (line.empty() || line[0] == '#') continue;
    words.push_back(line);
  }
  return EnglishWords(words);
}

namespace {

struct Span {
  Dir dir;
  int line, start, len;
  int Row(int i) const { return dir == Dir::kAcross ? line : start + i; }
  int Col(int i) const { return dir == Dir::kAcross ? start + i : line; }
};

bool Occupied(const Board& b, int r, int c) { return b.InRange(r, c) && b.at(r, c) != kEmpty; }

int Face(const Alphabet& a, Cell c) { return CellIsBlank(c) ? a.blank_score() : a.tile(CellTile(c)).score; }

// The perpendicular word through (r, c) if `letter` were placed there, and
// the face sum of its board tiles; empty when no neighbour.
Word CrossWord(const Board& b, const Alphabet& a, Dir dir, int r, int c, Tile letter, int* face_sum) {
  const int dr = dir == Dir::kAcross ? 1 : 0, dc = 1 - dr;
  int r0 = r, c0 = c;
  while (Occupied(b, r0 - dr, c0 - dc)) r0 -= dr, c0 -= dc;
  Word w;
  *face_sum = 0;
  for (int rr = r0, cc = c0; (rr == r && cc == c) || Occupied(b, rr, cc); rr += dr, cc += dc) {
    if (rr == r && cc == c) {
      w.push_back(letter);
    } else {
      w.push_back(CellTile(b.at(rr, cc)));
      *face_sum += Face(a, b.at(rr, cc));
    }
  }
  return w.size() >= 2 ? w : Word();
}

}  // namespace

std::vector<Play> BruteForce(const Board& board, const Layout& layout, const Alphabet& a, const WordSet& words,
                             const Rack& rack, int bingo) {
  std::vector<std::vector<Word>> by_len(kMaxBoardDim + 1);
  for (const Word& w : words)
    if (w.size() >= 2 && w.size() <= std::size_t(kMaxBoardDim)) by_len[w.size()].push_back(w);
  const bool empty = board.IsEmpty();
  std::vector<Play> out;
  for (const Dir dir : {Dir::kAcross, Dir::kDown}) {
    const int lines = dir == Dir::kAcross ? board.rows() : board.cols();
    const int len = dir == Dir::kAcross ? board.cols() : board.rows();
    for (int line = 0; line < lines; ++line) {
      for (int start = 0; start < len; ++start) {
        for (int n = 2; start + n <= len; ++n) {
          const Span sp{dir, line, start, n};
          if (Occupied(board, sp.Row(-1), sp.Col(-1)) || Occupied(board, sp.Row(n), sp.Col(n))) continue;
          std::vector<int> holes;
          bool touches = false;
          for (int i = 0; i < n; ++i) {
            const int r = sp.Row(i), c = sp.Col(i);
            if (board.at(r, c) != kEmpty) {
              touches = true;
              continue;
            }
            holes.push_back(i);
            if (empty ? (r == layout.start_row() && c == layout.start_col())
                      : (Occupied(board, r - 1, c) || Occupied(board, r + 1, c) || Occupied(board, r, c - 1) ||
                         Occupied(board, r, c + 1)))
              touches = true;
          }
          if (!touches || holes.empty() || int(holes.size()) > rack.size()) continue;
          // A lone tile forming an across word is an across play.
          if (dir == Dir::kDown && holes.size() == 1) {
            const int r = sp.Row(holes[0]), c = sp.Col(holes[0]);
            if (Occupied(board, r, c - 1) || Occupied(board, r, c + 1)) continue;
          }
          for (const Word& w : by_len[std::size_t(n)]) {
            bool fits = true;
            for (int i = 0; i < n && fits; ++i) {
              const Cell on = board.at(sp.Row(i), sp.Col(i));
              if (on != kEmpty && CellTile(on) != w[std::size_t(i)]) fits = false;
            }
            std::vector<int> cross_faces(holes.size());
            std::vector<bool> has_cross(holes.size());
            for (std::size_t h = 0; h < holes.size() && fits; ++h) {
              const int i = holes[h];
              int sum = 0;
              const Word cw = CrossWord(board, a, dir, sp.Row(i), sp.Col(i), w[std::size_t(i)], &sum);
              has_cross[h] = !cw.empty();
              cross_faces[h] = sum;
              if (!cw.empty() && !words.count(cw)) fits = false;
            }
            if (!fits) continue;
            // Every way to supply the holes: real tile or blank.
            Rack left = rack;
            std::vector<bool> blank(holes.size());
            const auto emit = [&] {
              Play p;
              p.dir = dir;
              p.row = static_cast<std::uint8_t>(sp.Row(0));
              p.col = static_cast<std::uint8_t>(sp.Col(0));
              p.length = static_cast<std::uint8_t>(n);
              p.placed = static_cast<std::uint8_t>(holes.size());
              int main = 0, wm = 1, cross = 0;
              std::size_t h = 0;
              for (int i = 0; i < n; ++i) {
                const int r = sp.Row(i), c = sp.Col(i);
                if (board.at(r, c) != kEmpty) {
                  p.cells[i] = board.at(r, c);
                  p.through |= 1u << i;
                  main += Face(a, board.at(r, c));
                  continue;
                }
                p.cells[i] = MakeCell(w[std::size_t(i)], blank[h]);
                const int v = (blank[h] ? a.blank_score() : a.tile(w[std::size_t(i)]).score) * layout.letter_mult(r, c);
                main += v;
                wm *= layout.word_mult(r, c);
                if (has_cross[h]) cross += (cross_faces[h] + v) * layout.word_mult(r, c);
                ++h;
              }
              p.score = main * wm + cross + (p.placed == kRackSize ? bingo : 0);
              out.push_back(p);
            };
            const auto assign = [&](const auto& self, std::size_t h) -> void {
              if (h == holes.size()) return emit();
              const Tile t = w[std::size_t(holes[h])];
              if (left.count(t)) {
                left.Remove(t);
                blank[h] = false;
                self(self, h + 1);
                left.Add(t);
              }
              if (left.blanks()) {
                left.RemoveBlank();
                blank[h] = true;
                self(self, h + 1);
                left.AddBlank();
              }
            };
            assign(assign, 0);
          }
        }
      }
    }
  }
  std::sort(out.begin(), out.end(), BetterPlay);
  return out;
}

std::vector<Play> Generated(MoveGenerator& gen, const Rack& rack, Algorithm alg) {
  std::vector<Play> out;
  const std::uint64_t n = gen.Generate(rack, alg, [&](const Play& p) { out.push_back(p); });
  CHECK(n == out.size());
  std::sort(out.begin(), out.end(), BetterPlay);
  return out;
}

void CheckTopWithBonus(MoveGenerator& gen, const Rack& rack, Algorithm alg, PlayBonus bonus, const double* bounds,
                       std::size_t n, const std::vector<RatedPlay>& want, const double* blank_bounds) {
  std::vector<RatedPlay> top;
  gen.TopWithBonus(rack, alg, bonus, bounds, n, &top, blank_bounds);
  INFO("TopWithBonus(" << n << ")");
  REQUIRE(top.size() == std::min(n, want.size()));
  for (std::size_t i = 0; i < top.size(); ++i) {
    CHECK(top[i].play == want[i].play);
    CHECK(top[i].value == want[i].value);
  }
}

Layout SmallLayout(int rows, int cols, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  const char symbols[] = "..........dtDT";
  std::ostringstream text;
  text << "name small" << rows << "x" << cols << "\nsize " << rows << " " << cols << "\n";
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) {
      if (r == rows / 2 && c == cols / 2)
        text << '*';
      else
        text << symbols[rng() % (sizeof symbols - 1)];
    }
    text << "\n";
  }
  auto l = Layout::Parse(text.str(), "small");
  INFO(l.status().ToString());
  REQUIRE(l.ok());
  return *l;
}

// A square layout of random premiums that is its own transpose (square
// (r, c) mirrors (c, r)), the start square in the middle.
Layout MirroredLayout(int side, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  const char symbols[] = "......dtDT";
  std::vector<std::string> rows(std::size_t(side), std::string(std::size_t(side), '.'));
  for (int r = 0; r < side; ++r)
    for (int c = 0; c <= r; ++c)
      rows[std::size_t(r)][std::size_t(c)] = rows[std::size_t(c)][std::size_t(r)] =
          symbols[rng() % (sizeof symbols - 1)];
  rows[std::size_t(side / 2)][std::size_t(side / 2)] = '*';
  std::ostringstream text;
  text << "name mirrored" << side << "\nsize " << side << " " << side << "\n";
  for (const std::string& row : rows) text << row << "\n";
  auto l = Layout::Parse(text.str(), "mirrored");
  INFO(l.status().ToString());
  REQUIRE(l.ok());
  return *l;
}

Board RandomBoard(std::mt19937_64& rng, int rows, int cols, int letters, double density) {
  Board b(rows, cols);
  std::uniform_real_distribution<double> u(0, 1);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      if (u(rng) < density) b.set(r, c, MakeCell(static_cast<Tile>(1 + rng() % unsigned(letters)), u(rng) < 0.1));
  return b;
}

Rack RandomRack(std::mt19937_64& rng, int letters, int n, double blank_p) {
  std::uniform_real_distribution<double> u(0, 1);
  Rack r;
  for (int i = 0; i < n; ++i) {
    if (u(rng) < blank_p)
      r.AddBlank();
    else
      r.Add(static_cast<Tile>(1 + rng() % unsigned(letters)));
  }
  return r;
}

void RequireSameAnalysis(const MoveGenerator& gen_a, const MoveGenerator& gen_b, bool both_ways) {
  const BoardAnalysis& a = gen_a.analysis();
  const BoardAnalysis& b = gen_b.analysis();
  const Board& board = a.board();
  REQUIRE(board == b.board());
  for (int r = 0; r < board.rows(); ++r) {
    for (int c = 0; c < board.cols(); ++c) {
      INFO("square " << Coordinate(r, c, Dir::kAcross));
      REQUIRE(a.IsAnchor(r, c) == b.IsAnchor(r, c));
      REQUIRE(((a.AnchorMask(Dir::kAcross, r) >> c) & 1u) == a.IsAnchor(r, c));
      REQUIRE(((a.AnchorMask(Dir::kDown, c) >> r) & 1u) == a.IsAnchor(r, c));
      if (board.at(r, c) != kEmpty) continue;
      for (const Dir d : {Dir::kAcross, Dir::kDown}) {
        REQUIRE(a.CrossSet(r, c, d) == b.CrossSet(r, c, d));
        REQUIRE(a.CrossSum(r, c, d) == b.CrossSum(r, c, d));
        REQUIRE(a.HasCross(r, c, d) == b.HasCross(r, c, d));
        if (both_ways)
          REQUIRE(a.CrossSetViaGraphForTesting(true, r, c, d) == a.CrossSetViaGraphForTesting(false, r, c, d));
      }
    }
  }
}

std::string Describe(const Play& p, const Alphabet& a) {
  return FormatMove(Move::FromPlay(p), a) + " [placed " + std::to_string(p.placed) + "]";
}

std::string ShowBoard(const Board& b, const Alphabet& a) { return WriteBoardFile(b, a); }

std::string DiffPlays(const std::vector<Play>& want, const std::vector<Play>& got, const Alphabet& a, std::size_t max) {
  std::string s;
  std::size_t lines = 0;
  std::size_t i = 0, j = 0;
  while ((i < want.size() || j < got.size()) && lines < max) {
    if (j == got.size() || (i < want.size() && BetterPlay(want[i], got[j]))) {
      s += "  missing: " + Describe(want[i++], a) + "\n", ++lines;
    } else if (i == want.size() || BetterPlay(got[j], want[i])) {
      s += "  extra:   " + Describe(got[j++], a) + "\n", ++lines;
    } else if (!(want[i] == got[j])) {
      s += "  differs: " + Describe(want[i++], a) + " vs " + Describe(got[j++], a) + "\n", ++lines;
    } else {
      ++i, ++j;
    }
  }
  return s;
}

}  // namespace lexc::gen::test
