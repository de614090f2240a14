// Boards and their text form, shapes, symmetries, the dice and the Rng.
#include <catch2/catch.hpp>
#include <functional>
#include <set>

#include "boggle_model.h"
#include "lexc/boggle/dice.h"

namespace lexc::boggle::test {
namespace {

const Alphabet& En() {
  static const Alphabet a = Alphabet::English();
  return a;
}

Grid Letters(int rows, int cols, const char* letters) {
  Grid b;
  b.rows = rows;
  b.cols = cols;
  for (int i = 0; i < rows * cols; ++i) b.cubes[std::size_t(i)] = {1, {Tile(letters[i] - 'A' + 1), 0}};
  return b;
}

}  // namespace

TEST_CASE("board text: rows, one square run, case, separators", "[boggle][board]") {
  const Grid want = Letters(4, 4, "CATDLINEMAROPETS");
  for (const char* text : {"CATD LINE MARO PETS", "catdlinemaropets", "CATD/LINE/MARO/PETS", "CATD,LINE\nMARO\tPETS",
                           "  CATD  LINE MARO PETS\n"}) {
    INFO(text);
    const Grid b = ParseGrid(En(), text).value();
    CHECK(b == want);
  }
  CHECK(WriteGrid(En(), want) == "CATD LINE MARO PETS");
  CHECK(WriteGrid(En(), want, '/') == "CATD/LINE/MARO/PETS");
  const Grid three = ParseGrid(En(), "streaedlp").value();
  CHECK(three == Letters(3, 3, "STREAEDLP"));
  const Grid wide = ParseGrid(En(), "ABCDEFGH IJKLMNOP").value();
  CHECK((wide.rows == 2 && wide.cols == 8));
  CHECK(ParseGrid(En(), "A").value().cells() == 1);
}

TEST_CASE("board text: the Qu cube", "[boggle][board]") {
  const Tile q = 17, u = 21;
  for (const char* text : {"QuIT XEX XXX", "QUIT XEX XXX", "QIT XEX XXX", "quitxexxxx"}) {
    INFO(text);
    const Grid b = ParseGrid(En(), text).value();
    REQUIRE(b.cells() == 9);
    CHECK(b.at(0, 0).size == 2);
    CHECK(b.at(0, 0).tiles[0] == q);
    CHECK(b.at(0, 0).tiles[1] == u);
    CHECK(WriteGrid(En(), b) == "QuIT XEX XXX");
  }
  // A U right after the Qu cube belongs to it; a second U is a cube.
  const Grid quu = ParseGrid(En(), "QUUX XXX XXX").value();
  CHECK(quu.at(0, 1).size == 1);
  CHECK(quu.at(0, 1).tiles[0] == u);
  CHECK(WriteGrid(En(), quu) == "QuUX XXX XXX");
  CHECK(ParseGrid(En(), WriteGrid(En(), quu)).value() == quu);
  // Catalan has a QU tile: that tile is the Qu face.
  const Alphabet ca = NamedAlphabet("catalan");
  const Grid cb = ParseGrid(ca, "QUAL L·LNYA").value();
  CHECK(cb.cols == 3);
  CHECK(cb.at(0, 0).size == 1);
  CHECK(cb.at(0, 0).tiles[0] == TileOf(ca, "QU"));
  CHECK(cb.at(1, 0).tiles[0] == TileOf(ca, "L·L"));
  CHECK(ParseGrid(ca, WriteGrid(ca, cb)).value() == cb);
}

TEST_CASE("board text: Spanish digraphs and brackets", "[boggle][board]") {
  const Alphabet es = NamedAlphabet("spanish");
  const Grid b = ParseGrid(es, "CALA XLLECH").value();
  CHECK((b.rows == 2 && b.cols == 4));
  CHECK(b.at(1, 1).tiles[0] == TileOf(es, "LL"));
  CHECK(b.at(1, 3).tiles[0] == TileOf(es, "CH"));
  const Grid split = ParseGrid(es, "CAL[L] X[C]HE").value();  // brackets: L,L and C,H apart
  CHECK(split.cols == 4);
  CHECK(split.at(0, 3).tiles[0] == TileOf(es, "L"));
  CHECK(split.at(1, 1).tiles[0] == TileOf(es, "C"));
  CHECK(split.at(1, 2).tiles[0] == TileOf(es, "H"));
  CHECK(ParseGrid(es, WriteGrid(es, b)).value() == b);
  CHECK(ParseGrid(es, WriteGrid(es, split)).value() == split);
}

TEST_CASE("board text: errors name the problem", "[boggle][board][errors]") {
  using lexc::test::CheckError;
  CheckError(ParseGrid(En(), "CATDLINEMAROPET").status(), Errc::kBadInput, "15 cubes in one row");
  CheckError(ParseGrid(En(), "CATD LINE MAR PETS").status(), Errc::kBadInput, "row 3 has 3 cubes, row 1 has 4");
  CheckError(ParseGrid(En(), "CAT D0G EEL").status(), Errc::kBadInput, "unknown tile '0' at character 6");
  CheckError(ParseGrid(En(), "").status(), Errc::kBadInput, "no cube");
  CheckError(ParseGrid(En(), "  / ").status(), Errc::kBadInput, "no cube");
  CheckError(ParseGrid(En(), std::string(81, 'A')).status(), Errc::kBadInput, "more than 64 cubes");
  CheckError(ParseGrid(En(), "ABCDEFGHI ABCDEFGHI").status(), Errc::kBadInput, "1 to 8 rows and columns");
  CheckError(ParseGrid(En(), "A B C D E F G H I").status(), Errc::kBadInput, "1 to 8 rows and columns");
  CheckError(ParseGrid(En(), "AB[CD").status(), Errc::kBadInput, "unclosed '['");
  CheckError(ParseGrid(NamedAlphabet("spanish"), "KATA").status(), Errc::kBadInput, "unknown tile 'K'");
  int rows = 0, cols = 0;
  CHECK(ParseShape("4x4", &rows, &cols).ok());
  CHECK((rows == 4 && cols == 4));
  CHECK(ParseShape("5X3", &rows, &cols).ok());
  CHECK((rows == 5 && cols == 3));
  for (const char* bad : {"", "4", "x4", "4x", "4x4x4", "-4x4", "4 x 4", "1000x1"})
    CheckError(ParseShape(bad, &rows, &cols), Errc::kBadInput, "expected ROWSxCOLUMNS");
  CheckError(ParseShape("9x9", &rows, &cols), Errc::kBadInput, "board size 9x9");
  CheckError(ParseShape("0x4", &rows, &cols), Errc::kBadInput, "board size 0x4");
}

TEST_CASE("canonical form: the least of the symmetric boards", "[boggle][board]") {
  std::mt19937_64 rng(3);
  const std::vector<Tile> pool = {1, 2, 3, 5, 17};
  for (int i = 0; i < 200; ++i) {
    const int rows = 1 + int(rng() % 5), cols = 1 + int(rng() % 5);
    const Grid b = RandomGrid(rng, rows, cols, pool, 17, 21);
    // The model: every rotation and mirror, written out by hand.
    std::vector<Grid> forms;
    const std::function<Cube(int, int)> get = [&](int r, int c) { return b.at(r, c); };
    for (int k = 0; k < 8; ++k) {
      const bool t = k & 4;
      if (t && rows != cols) continue;
      Grid f;
      f.rows = t ? cols : rows;
      f.cols = t ? rows : cols;
      for (int r = 0; r < f.rows; ++r)
        for (int c = 0; c < f.cols; ++c) {
          int sr = t ? c : r, sc = t ? r : c;
          if (k & 1) sr = (t ? cols : rows) - 1 - sr;
          if (k & 2) sc = (t ? rows : cols) - 1 - sc;
          f.at(r, c) = get(sr, sc);
        }
      forms.push_back(f);
    }
    const auto key = [](const Grid& x) {
      std::vector<std::pair<int, int>> v;
      for (int j = 0; j < x.cells(); ++j)
        v.emplace_back(x.cubes[std::size_t(j)].tiles[0], x.cubes[std::size_t(j)].size);
      return v;
    };
    auto least = forms[0];
    for (const Grid& f : forms)
      if (key(f) < key(least)) least = f;
    const Grid c = Canonical(b);
    CHECK(key(c) == key(least));
    for (const Grid& f : forms) CHECK(Canonical(f) == c);
  }
}

TEST_CASE("Rng: SplitMix64's published outputs, and Below stays in range", "[boggle][dice]") {
  Rng zero(0);
  CHECK(zero.Next() == 0xE220A8397B1DCDAFull);
  CHECK(zero.Next() == 0x6E789E6AA1B965F4ull);
  Rng r(1234567);
  CHECK(r.Next() == 6457827717110365317ull);
  CHECK(r.Next() == 3203168211198807973ull);
  std::vector<int> hist(6, 0);
  for (int i = 0; i < 6000; ++i) ++hist[std::size_t(r.Below(6))];
  for (int h : hist) CHECK((h > 850 && h < 1150));
  for (int i = 0; i < 1000; ++i) {
    const double u = r.Unit();
    CHECK((u >= 0 && u < 1));
  }
}

TEST_CASE("dice: each die once, a face of it on each cube, the same board for a seed", "[boggle][dice]") {
  for (const DiceSet& set : AllDiceSets()) {
    CHECK(set.dice.size() == std::size_t(set.rows * set.cols));
    CHECK(StandardDice(set.rows, set.cols) == &set);
    std::set<std::string> boards;
    for (std::uint64_t seed = 0; seed < 200; ++seed) {
      const Grid b = RollDice(set, En(), seed).value();
      CHECK(b == RollDice(set, En(), seed).value());
      boards.insert(WriteGrid(En(), b));
      // A matching of cubes to dice (Kuhn's augmenting paths): each cube's
      // letter must be a face of its own die.
      const int n = b.cells();
      std::vector<int> die_of_cube(std::size_t(n), -1), cube_of_die(std::size_t(n), -1);
      const auto letter = [&](int cube) {
        const Cube& c = b.cubes[std::size_t(cube)];
        CHECK((c.size == 1 || (c.tiles[0] == 17 && c.tiles[1] == 21)));
        return char('A' + c.tiles[0] - 1);
      };
      std::function<bool(int, std::vector<bool>&)> augment = [&](int cube, std::vector<bool>& seen) {
        for (int d = 0; d < n; ++d) {
          if (seen[std::size_t(d)] || set.dice[std::size_t(d)].find(letter(cube)) == std::string_view::npos) continue;
          seen[std::size_t(d)] = true;
          if (cube_of_die[std::size_t(d)] < 0 || augment(cube_of_die[std::size_t(d)], seen)) {
            cube_of_die[std::size_t(d)] = cube;
            die_of_cube[std::size_t(cube)] = d;
            return true;
          }
        }
        return false;
      };
      for (int cube = 0; cube < n; ++cube) {
        std::vector<bool> seen(std::size_t(n), false);
        CHECK(augment(cube, seen));
      }
    }
    CHECK(boards.size() == 200);
  }
  CHECK(StandardDice(3, 3) == nullptr);
  lexc::test::CheckError(RollDice(*StandardDice(4, 4), NamedAlphabet("spanish"), 1).status(), Errc::kInvalidArgument,
                         "has no tile 'K'");
  // Catalan has no K either; with a lexicon of its own alphabet the dice are refused whatever the seed.
  for (std::uint64_t seed = 0; seed < 20; ++seed)
    CHECK(RollDice(*StandardDice(5, 5), NamedAlphabet("catalan"), seed).status().code() == Errc::kInvalidArgument);
}

}  // namespace lexc::boggle::test
