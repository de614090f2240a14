#include "boggle_model.h"

#include <catch2/catch.hpp>
#include <sstream>

#include "lexc/builder.h"

namespace lexc::boggle::test {
namespace {

// Whether some word of the set starts with `prefix`.
bool IsPrefix(const WordSet& words, const Word& prefix) {
  const auto it = words.lower_bound(prefix);
  return it != words.end() && it->size() >= prefix.size() && std::equal(prefix.begin(), prefix.end(), it->begin());
}

struct Search {
  const Grid& b;
  const WordSet& words;
  int min_len;
  std::vector<bool> used;
  Word spelled;
  ModelResult out;

  void From(int r, int c) {
    const Cube& cube = b.at(r, c);
    const std::size_t before = spelled.size();
    for (int i = 0; i < cube.size; ++i) spelled.push_back(cube.tiles[i]);
    if (IsPrefix(words, spelled)) {
      if (static_cast<int>(spelled.size()) >= min_len && words.count(spelled)) out.words.insert(spelled);
      used[std::size_t(r * b.cols + c)] = true;
      for (int dr = -1; dr <= 1; ++dr)
        for (int dc = -1; dc <= 1; ++dc) {
          const int rr = r + dr, cc = c + dc;
          if (rr < 0 || cc < 0 || rr >= b.rows || cc >= b.cols) continue;
          if (used[std::size_t(rr * b.cols + cc)]) continue;
          From(rr, cc);
        }
      used[std::size_t(r * b.cols + c)] = false;
    }
    spelled.resize(before);
  }
};

}  // namespace

int ModelPoints(int tiles) {
  static const int table[] = {0, 0, 0, 1, 1, 2, 3, 5};
  return tiles >= 8 ? 11 : table[tiles];
}

ModelResult BruteForce(const Grid& b, const WordSet& words, int min_len) {
  Search s{b, words, min_len, std::vector<bool>(std::size_t(b.rows * b.cols), false), {}, {}};
  for (int r = 0; r < b.rows; ++r)
    for (int c = 0; c < b.cols; ++c) s.From(r, c);
  for (const Word& w : s.out.words) s.out.score += ModelPoints(static_cast<int>(w.size()));
  return s.out;
}

Grid RandomGrid(std::mt19937_64& rng, int rows, int cols, const std::vector<Tile>& pool, Tile q, Tile u) {
  Grid b;
  b.rows = rows;
  b.cols = cols;
  for (int i = 0; i < rows * cols; ++i) {
    const Tile t = pool[rng() % pool.size()];
    Cube& c = b.cubes[std::size_t(i)];
    c.size = 1;
    c.tiles[0] = t;
    if (t == q && q != 0) c.size = 2, c.tiles[1] = u;
  }
  return b;
}

std::vector<Tile> TilePool(const WordSet& words) {
  std::vector<Tile> pool;
  for (const Word& w : words) pool.insert(pool.end(), w.begin(), w.end());
  REQUIRE(!pool.empty());
  return pool;
}

BuiltLexicon Build(const WordSet& words, const Alphabet& a, bool dawg, bool gaddag, int arc_width, bool compact) {
  BuildOptions o;
  o.dawg = dawg;
  o.gaddag = gaddag;
  o.arc_width = arc_width;
  o.compact = compact;
  BuiltLexicon out;
  out.image = lexc::test::BuildOrFail(words, a, o);
  out.lex = lexc::test::OpenOrFail(out.image);
  REQUIRE(out.lex.Verify().ok());
  return out;
}

WordSet FixtureWords(const std::string& rel, const Alphabet& a) {
  std::istringstream in(lexc::test::ReadFile(lexc::test::SourcePath(rel)));
  WordSet out;
  for (std::string line; std::getline(in, line);) {
    const std::size_t b = line.find_first_not_of(" \t\r"), e = line.find_last_not_of(" \t\r");
    if (b == std::string::npos || line[b] == '#') continue;
    line = line.substr(b, e + 1 - b);
    std::vector<Tile> w;
    REQUIRE(a.Tokenize(line, &w, nullptr));
    out.insert(w);
  }
  REQUIRE(!out.empty());
  return out;
}

Alphabet NamedAlphabet(const std::string& name) {
  auto a = Alphabet::LoadFile(lexc::test::SourcePath("formats/alphabets/" + name + ".txt"));
  REQUIRE(a.ok());
  return *a;
}

Tile TileOf(const Alphabet& a, const std::string& label) {
  for (int t = 1; t <= a.size(); ++t)
    if (a.tile(static_cast<Tile>(t)).label == label) return static_cast<Tile>(t);
  return 0;
}

}  // namespace lexc::boggle::test
