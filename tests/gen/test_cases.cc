// Hand-checked plays on the standard board with a small English lexicon:
// every expected play and score below was worked out by hand from the
// premium map (row 8: T..d...*...d..T, row 9: ..d...d.d...d..).
#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "../../libgen/src/bingo_index.h"
#include "gen_support.h"
#include "lexc/gen/cgp.h"
#include "lexc/gen/movegen.h"

namespace lexc::gen::test {

namespace {

const std::vector<std::string> kWords = {"AT",      "TA",      "AX",      "XI",      "EX",      "OX",      "ZA",
                                         "QI",      "TI",      "ETA",     "ATE",     "EAT",     "TEA",     "CAT",
                                         "CATS",    "SCAT",    "ACT",     "RETAINS", "NASTIER", "STAINER", "RETINAS",
                                         "ANESTRI", "RATINES", "STEARIN", "ANTSIER"};

struct Fixture {
  Alphabet english = Alphabet::English();
  TestLexicon tl{EnglishWords(kWords), english};
  Layout layout = Layout::Standard15();
  MoveGenerator gen = MoveGenerator::Create(tl.lexicon(), layout).value();

  // Tiles at "8G" (across) written as in a board file row fragment.
  void Put(const std::string& coord_row_col, const std::string& word, Dir dir = Dir::kAcross) {
    const int row = std::stoi(coord_row_col.substr(0, coord_row_col.size() - 1)) - 1;
    const int col = coord_row_col.back() - 'A';
    Board b = gen.board();
    for (std::size_t i = 0; i < word.size(); ++i) {
      const bool blank = std::islower(static_cast<unsigned char>(word[i])) != 0;
      const Tile t = static_cast<Tile>(std::toupper(static_cast<unsigned char>(word[i])) - 'A' + 1);
      b.set(dir == Dir::kAcross ? row : row + int(i), dir == Dir::kAcross ? col + int(i) : col, MakeCell(t, blank));
    }
    REQUIRE(gen.SetBoard(b).ok());
  }

  // Every play as "8D WORD 18", checked against the brute force and the
  // other generator on the way.
  std::vector<std::string> Plays(const std::string& rack_text) {
    const Rack rack = Rack::Parse(english, rack_text).value();
    const std::vector<Play> want = BruteForce(gen.board(), layout, english, tl.words(), rack);
    const std::vector<Play> g = Generated(gen, rack, Algorithm::kGaddag);
    const std::vector<Play> d = Generated(gen, rack, Algorithm::kDawg);
    INFO(DiffPlays(want, g, english));
    REQUIRE(g == want);
    REQUIRE(d == want);
    std::vector<std::string> out;
    for (const Play& p : g) out.push_back(FormatMove(Move::FromPlay(p), english));
    return out;
  }
};

bool Has(const std::vector<std::string>& plays, const std::string& p) {
  return std::find(plays.begin(), plays.end(), p) != plays.end();
}

}  // namespace

TEST_CASE("first play covers the start square", "[cases]") {
  Fixture f;
  const auto plays = f.Plays("CAT");
  // CAT, ACT: 3 placements x 2 directions each; AT, TA: 2 x 2 each.
  CHECK(plays.size() == 2 * 6 + 2 * 4);
  CHECK(Has(plays, "8F CAT 10"));  // (3+1+1) x2 centre
  CHECK(Has(plays, "8H CAT 10"));
  CHECK(Has(plays, "H6 CAT 10"));
  CHECK(Has(plays, "8G AT 4"));
  CHECK(!Has(plays, "8E CAT 10"));  // misses the centre
  Play best;
  REQUIRE(f.gen.Best(Rack::Parse(f.english, "CAT").value(), Algorithm::kGaddag, &best));
  CHECK(FormatMove(Move::FromPlay(best), f.english) == "8F ACT 10");  // ties: across, leftmost, tile order
}

TEST_CASE("bingo adds 50 and takes the letter premium", "[cases]") {
  Fixture f;
  const auto plays = f.Plays("AEINRST");
  CHECK(Has(plays, "8B RETAINS 66"));  // T on 8D (DL): 8 x2 + 50
  CHECK(Has(plays, "8H RETAINS 66"));  // I on 8L (DL)
  CHECK(Has(plays, "8E RETAINS 64"));  // no letter premium
  CHECK(Has(plays, "H2 STEARIN 66"));  // A on D8 (DL, down)
  Play best;
  REQUIRE(f.gen.Best(Rack::Parse(f.english, "AEINRST").value(), Algorithm::kDawg, &best));
  CHECK(best.score == 66);
  CHECK(best.placed == 7);
}

TEST_CASE("hooks on both ends", "[cases]") {
  Fixture f;
  f.Put("8G", "AT");
  const auto plays = f.Plays("CS");
  CHECK(Has(plays, "8F C(AT)S 6"));
  CHECK(Has(plays, "8E SC(AT) 6"));
  CHECK(Has(plays, "8F C(AT) 5"));
  CHECK(plays.size() == 3);
}

TEST_CASE("parallel play forms two cross words", "[cases]") {
  Fixture f;
  f.Put("8G", "AX");
  const auto plays = f.Plays("TI");
  // T on 9G (DL): TI = 2+1; AT = 1+2; XI = 8+1.
  CHECK(Has(plays, "9G TI 15"));
}

TEST_CASE("play through several board tiles", "[cases]") {
  Fixture f;
  f.Put("8H", "T");
  f.Put("8J", "I");
  const auto plays = f.Plays("RAENS");
  // S on 8L (DL); the centre's DW is under a board tile and does not count.
  CHECK(Has(plays, "8F RE(T)A(I)NS 8"));
}

TEST_CASE("blanks: one, two, and a rack of only blanks", "[cases]") {
  Fixture f;
  auto plays = f.Plays("CA?");
  CHECK(Has(plays, "8F CAt 8"));
  CHECK(Has(plays, "H6 CAt 8"));
  CHECK(Has(plays, "8G At 2"));  // (1+0) x2
  CHECK(Has(plays, "8F CAT 10") == false);
  plays = f.Plays("??");
  // Every 2-letter word, 2 placements x 2 directions, 0 points.
  CHECK(plays.size() == 9 * 4);
  CHECK(Has(plays, "8G qi 0"));
  CHECK(std::all_of(plays.begin(), plays.end(), [](const std::string& p) { return p.back() == '0'; }));
  f.Put("8H", "A");
  plays = f.Plays("?");
  // A with one blank: AT, AX, TA, ZA, each across and down.
  CHECK(plays.size() == 8);
  CHECK(Has(plays, "8G z(A) 1"));
  CHECK(Has(plays, "H8 (A)x 1"));
}

TEST_CASE("plays along the edges", "[cases]") {
  Fixture f;
  f.Put("15O", "A");
  const auto plays = f.Plays("CT");
  CHECK(plays == std::vector<std::string>{"15N T(A) 2", "O14 T(A) 2"});
  f.Put("1A", "QI");
  CHECK(Has(f.Plays("A"), "2A A 0") == false);
}

TEST_CASE("empty rack has no plays", "[cases]") {
  Fixture f;
  CHECK(f.Plays("").empty());
  f.Put("8G", "AT");
  CHECK(f.Plays("").empty());
  CHECK(f.gen.Count(Rack(), Algorithm::kGaddag) == 0);
  Play p;
  CHECK_FALSE(f.gen.Best(Rack(), Algorithm::kDawg, &p));
}

TEST_CASE("a lone tile forming two words is one play", "[cases]") {
  Fixture f;
  f.Put("8G", "Q");
  f.Put("7H", "X");
  const auto plays = f.Plays("I");
  // I on 8H (the centre, DW, still empty): QI (10+1) x2 across and XI
  // (8+1) x2 down, reported once, across. I on 7I (DL): XI = 8+2. I on 9G
  // (DL): QI down = 10+2.
  CHECK(plays == std::vector<std::string>{"8G (Q)I 40", "G8 (Q)I 12", "7H (X)I 10"});
}

TEST_CASE("scores that could overflow an int are refused at Create; big ones below the bound are exact", "[cases]") {
  // Found by review: a huge bingo bonus (CGP `bb`), letter scores of 65535 or
  // quadruple-word layouts made scores and search bounds wrap around, and
  // the best play came out as an exchange.
  const Alphabet english = Alphabet::English();
  const TestLexicon tl(EnglishWords(kWords), english);
  const Layout standard = Layout::Standard15();
  auto huge_bingo = MoveGenerator::Create(tl.lexicon(), standard, 2147483647);
  REQUIRE_FALSE(huge_bingo.ok());
  CHECK(huge_bingo.status().code() == Errc::kLimit);
  CHECK(huge_bingo.status().detail().find("bingo bonus 2147483647") != std::string::npos);
  CHECK(MoveGenerator::Create(tl.lexicon(), standard, -1).status().code() == Errc::kInvalidArgument);
  CHECK(MoveGenerator::Create(tl.lexicon(), standard, 1000000).ok());

  std::vector<TileInfo> tiles;
  for (int i = 0; i < 26; ++i) tiles.push_back({std::string(1, static_cast<char>('A' + i)), "", 65535, 4});
  const Alphabet heavy = Alphabet::FromTiles("heavy", tiles, 2, 0).value();
  const TestLexicon htl(EnglishWords(kWords), heavy);
  auto premium = MoveGenerator::Create(htl.lexicon(), standard);
  REQUIRE_FALSE(premium.ok());
  CHECK(premium.status().code() == Errc::kLimit);
  CHECK(premium.status().detail().find("tile values up to 65535, letter premium 3, word premium 3") !=
        std::string::npos);

  // Without premiums the same tiles fit (15 x 65535 x 8 + 50, twice, is far
  // below the bound): every play and score agrees with the brute force.
  std::string text = "name plain\nsize 15 15\n";
  for (int r = 0; r < 15; ++r)
    text += (r == 7 ? std::string(7, '.') + "*" + std::string(7, '.') : std::string(15, '.')) + "\n";
  const Layout plain = Layout::Parse(text, "plain").value();
  MoveGenerator gen = MoveGenerator::Create(htl.lexicon(), plain).value();
  Board b(15, 15);
  const std::string cat = "CAT";
  for (int i = 0; i < 3; ++i) b.set(7, 6 + i, MakeCell(static_cast<Tile>(cat[std::size_t(i)] - 'A' + 1), false));
  REQUIRE(gen.SetBoard(b).ok());
  const Rack rack = Rack::Parse(heavy, "AEINRST").value();
  const std::vector<Play> want = BruteForce(b, plain, heavy, htl.words(), rack);
  REQUIRE_FALSE(want.empty());
  CHECK(want.front().score > 65535 * 7);
  for (Algorithm alg : {Algorithm::kGaddag, Algorithm::kDawg}) {
    const std::vector<Play> got = Generated(gen, rack, alg);
    INFO(DiffPlays(want, got, heavy));
    CHECK(got == want);
    Play best;
    REQUIRE(gen.Best(rack, alg, &best));
    CHECK(best == want.front());
  }
}

TEST_CASE("an unverified, cyclic image: generation terminates, the bingo index stays within META's words", "[cases]") {
  // Found by review: Top and Best index the image's words of 7+ tiles with
  // ForEachWord, which on a cyclic image that was never verified lists
  // paths without end. The index now stops at META's word count.
  const WordSet words = EnglishWords(kWords);
  for (const lexc::test::GraphChoice& g : lexc::test::kGraphChoices) {
    INFO(g.name);
    lexc::test::Image img = lexc::test::BuildOrFail(words, Alphabet::English(), lexc::test::Options(g));
    lexc::test::RawImage(&img).LoopLettersToRoot(g.dawg ? "DAWG" : "GADG");
    const Lexicon lex = lexc::test::OpenOrFail(img);
    REQUIRE_FALSE(lex.Verify().ok());
    const Layout layout = Layout::Standard15();
    MoveGenerator gen = MoveGenerator::Create(lex, layout).value();
    Board b(15, 15);
    b.set(7, 7, MakeCell(1, false));
    b.set(7, 8, MakeCell(20, false));
    REQUIRE(gen.SetBoard(b).ok());
    const Rack rack = Rack::Parse(Alphabet::English(), "AEINRST").value();
    for (Algorithm alg : {Algorithm::kGaddag, Algorithm::kDawg}) {
      if (!gen.Supports(alg)) continue;
      std::uint64_t n = 0;
      gen.Generate(rack, alg, [&](const Play& p) {
        CHECK(p.length <= 15);
        return ++n < 100000;
      });
      Play best;
      std::vector<Play> top;
      // Enough searches that the image's bingo index gets built
      // (BingoIndex::WhenWorthIt): it is what must stop at META's words.
      for (int i = 0; i < 100; ++i) {
        gen.Best(rack, alg, &best);
        gen.Top(rack, alg, 3, &top);
        CHECK(top.size() <= 3);
      }
    }
    // Built, or built now, and bounded either way.
    CHECK(internal::BingoIndex::For(lex) != nullptr);
  }
}

}  // namespace lexc::gen::test

namespace lexc::gen::test {

TEST_CASE("the bingo bonus comes with the position: SetPosition, SetBingoBonus", "[cases]") {
  Fixture f;
  const Rack rack = Rack::Parse(f.english, "AEINRST").value();
  Position p;
  p.board = Board(15, 15);
  p.racks = {rack, Rack()};
  p.scores = {0, 0};
  p.SetOp("bb", "30");
  REQUIRE(f.gen.SetPosition(p).ok());
  CHECK(f.gen.bingo_bonus() == 30);
  Play best;
  REQUIRE(f.gen.Best(rack, Algorithm::kGaddag, &best));
  CHECK(best.score == 46);  // RETAINS on a DL: 16 + 30
  for (const Algorithm alg : {Algorithm::kGaddag, Algorithm::kDawg})
    CHECK(Generated(f.gen, rack, alg) == BruteForce(p.board, f.layout, f.english, f.tl.words(), rack, 30));

  // A bonus that could overflow is refused with Create's error, and nothing
  // changes: neither the bonus nor the board.
  Position huge = p;
  huge.board.set(7, 7, MakeCell(1, false));
  huge.SetOp("bb", "2147483647");
  const Status refused = f.gen.SetPosition(huge);
  CHECK(refused.code() == Errc::kLimit);
  CHECK(refused.detail().find("bingo bonus 2147483647") != std::string::npos);
  CHECK(f.gen.board() == p.board);
  CHECK(f.gen.bingo_bonus() == 30);
  CHECK(f.gen.SetBingoBonus(2147483647).code() == Errc::kLimit);
  CHECK(f.gen.SetBingoBonus(-1).code() == Errc::kInvalidArgument);
  CHECK(f.gen.bingo_bonus() == 30);
  Position bad_board = p;
  bad_board.board = Board(9, 9);
  bad_board.SetOp("bb", "0");
  CHECK(f.gen.SetPosition(bad_board).code() == Errc::kInvalidArgument);
  CHECK(f.gen.bingo_bonus() == 30);

  REQUIRE(f.gen.SetBingoBonus(1000000).ok());
  REQUIRE(f.gen.Best(rack, Algorithm::kDawg, &best));
  CHECK(best.score == 16 + 1000000);
  REQUIRE(f.gen.SetPosition(Position{Board(15, 15), {rack}, {0}, 0, {}}).ok());  // no bb: the default
  CHECK(f.gen.bingo_bonus() == kDefaultBingoBonus);
}

}  // namespace lexc::gen::test
