// The solver against the brute-force model (boggle_model.h) on thousands of
// random boards over small lexicons (every graph choice and arc width), on
// SOWPODS boards rolled from the standard dice (when the list is present),
// and on hand-checked boards.
#include <catch2/catch.hpp>
#include <cstring>

#include "boggle_model.h"
#include "lexc/boggle/dice.h"
#include "lexc/boggle/solver.h"
#include "lexc/builder.h"
#include "lexc/wordlist.h"

namespace lexc::boggle::test {
namespace {

// Solves with the library (Solve and Score) and the model; both must agree.
void Agree(Solver& solver, const Grid& b, const WordSet& words, const Alphabet& a) {
  const ModelResult want = BruteForce(b, words, solver.min_len());
  const int score = solver.Solve(b);
  WordSet got;
  Word previous;
  for (const FoundWord& w : solver.words()) {
    const auto t = solver.word_tiles(w);
    const Word word(t.begin(), t.end());
    CHECK(got.insert(word).second);                                        // each word once
    if (!previous.empty()) CHECK(lexc::test::WordLess()(previous, word));  // in tile order
    previous = word;
    CHECK(w.points == ModelPoints(w.length));
    CHECK(__builtin_popcountll(w.cells) >= 1);
    CHECK(__builtin_popcountll(w.cells) <= w.length);
  }
  INFO("board " << WriteGrid(a, b) << " min_len " << solver.min_len());
  CHECK(got == want.words);
  CHECK(score == want.score);
  CHECK(solver.Score(b) == want.score);
}

struct Fixture {
  const char* name;
  const char* file;  // nullptr: random words over 5 letters (deep, dense)
  const char* alphabet;
};

}  // namespace

TEST_CASE("solver equals brute force on random boards, small lexicons", "[boggle][solver][model]") {
  const Fixture fixtures[] = {{"english-small", "fixtures/english-small.txt", "english"},
                              {"words-tiny", "fixtures/words-tiny.txt", "english"},
                              {"spanish", "fixtures/spanish-words.txt", "spanish"},
                              {"random-5-letters", nullptr, "english"}};
  std::mt19937_64 rng(20261124);
  int boards = 0;
  for (const Fixture& f : fixtures) {
    const Alphabet a = NamedAlphabet(f.alphabet);
    WordSet words;
    if (f.file) {
      words = FixtureWords(f.file, a);
    } else {
      for (const Word& w : lexc::test::RandomWords(rng, 400, 5, 9)) words.insert(w);
    }
    const std::vector<Tile> pool = TilePool(words);
    const Tile q = TileOf(a, "Q"), u = TileOf(a, "U");
    for (const auto& g : lexc::test::kGraphChoices) {
      for (int width : {4, 8, 0}) {           // 0: bit-packed arcs
        if (width != 4 && !g.dawg) continue;  // one wide GADDAG-only case is enough: below
        const BuiltLexicon built = Build(words, a, g.dawg, g.gaddag, width, width == 0);
        for (int min_len : {1, 3}) {
          Solver solver = Solver::Create(built.lex, {min_len}).value();
          CHECK(solver.lexicon_words() == words.size());
          INFO(f.name << " " << g.name << " width " << width << " min_len " << min_len);
          const int n = lexc::test::kSanitized ? 60 : 250;
          for (int i = 0; i < n; ++i) {
            const int rows = i % 5 == 0 ? 4 : 1 + int(rng() % 5), cols = i % 5 == 0 ? 4 : 1 + int(rng() % 5);
            Agree(solver, RandomGrid(rng, rows, cols, pool, q, u), words, a);
            ++boards;
          }
        }
      }
    }
  }
  WARN(boards << " random boards");
}

TEST_CASE("solver on a GADDAG-only image with 8-byte arcs", "[boggle][solver][model]") {
  const Alphabet a = Alphabet::English();
  const WordSet words = FixtureWords("fixtures/english-small.txt", a);
  const BuiltLexicon built = Build(words, a, false, true, 8);
  Solver solver = Solver::Create(built.lex).value();
  std::mt19937_64 rng(5);
  const std::vector<Tile> pool = TilePool(words);
  for (int i = 0; i < 200; ++i) Agree(solver, RandomGrid(rng, 4, 4, pool, 17, 21), words, a);
}

TEST_CASE("solver equals brute force on SOWPODS boards from the dice", "[boggle][solver][sowpods]") {
  const auto path = lexc::test::SowpodsPath();
  if (!path) {
    WARN("SOWPODS not found (set LEXC_SOWPODS); skipped");
    return;
  }
  const Alphabet a = Alphabet::English();
  ReadReport report;
  auto list = ReadWordList(*path, a, {}, &report);
  REQUIRE(list.ok());
  WordSet words;
  for (std::size_t i = 0; i < list->size(); ++i) words.emplace((*list)[i].begin(), (*list)[i].end());
  BuildOptions o;
  o.gaddag = false;
  auto bytes = BuildImage(*list, a, o);
  REQUIRE(bytes.ok());
  const lexc::test::Image image(*bytes);
  const Lexicon lex = lexc::test::OpenOrFail(image);
  for (int min_len : {3, 4}) {
    Solver solver = Solver::Create(lex, {min_len}).value();
    const int n = lexc::test::kSanitized ? 20 : 150;
    for (int side : {4, 5})
      for (int seed = 0; seed < n; ++seed)
        Agree(solver, RollDice(*StandardDice(side, side), a, std::uint64_t(seed)).value(), words, a);
  }
}

TEST_CASE("hand-checked boards", "[boggle][solver]") {
  const Alphabet en = Alphabet::English();
  const auto make = [](const WordSet& words, const Alphabet& a) { return Build(words, a, true, false); };
  const auto word = [](const Alphabet& a, const char* s) {
    std::vector<Tile> w;
    REQUIRE(a.Tokenize(s, &w, nullptr));
    return w;
  };
  const auto found = [](const Solver& s, const Alphabet& a) {
    std::vector<std::string> out;
    for (const FoundWord& w : s.words()) out.push_back(a.Render(s.word_tiles(w)));
    return out;
  };
  using V = std::vector<std::string>;

  SECTION("repeated letters: every length once, lengths past the board absent") {
    const BuiltLexicon b = make({word(en, "AAA"), word(en, "AAAA"), word(en, "AAAAAAAAA"), word(en, "AAAAAAAAAA")}, en);
    Solver s = Solver::Create(b.lex).value();
    CHECK(s.Solve(ParseGrid(en, "AAA AAA AAA").value()) == 1 + 1 + 11);
    CHECK(found(s, en) == V{"AAA", "AAAA", "AAAAAAAAA"});
  }
  SECTION("a word traced many ways counts once") {
    const BuiltLexicon b = make({word(en, "TAT")}, en);
    Solver s = Solver::Create(b.lex).value();
    CHECK(s.Solve(ParseGrid(en, "TAT ATA TAT").value()) == 1);
    CHECK(found(s, en) == V{"TAT"});
  }
  SECTION("the Qu cube reads Q then U; QI cannot be traced") {
    const BuiltLexicon b = make(FixtureWords("fixtures/words-tiny.txt", en), en);
    Solver s3 = Solver::Create(b.lex).value();
    const Grid board = ParseGrid(en, "QuIT XEX XXX").value();
    CHECK(board.rows == 3);
    CHECK(board.at(0, 0).size == 2);
    CHECK(s3.Solve(board) == 2 + 1 + 2);  // QUIET 5 tiles, QUIT 4, QUITE 5
    CHECK(found(s3, en) == V{"QUIET", "QUIT", "QUITE"});
    Solver s2 = Solver::Create(b.lex, {2}).value();
    CHECK(s2.Solve(board) == 5);  // XI: 2 tiles, no points
    CHECK(found(s2, en) == V{"QUIET", "QUIT", "QUITE", "XI"});
  }
  SECTION("a board with no words") {
    const BuiltLexicon b = make(FixtureWords("fixtures/english-small.txt", en), en);
    Solver s = Solver::Create(b.lex).value();
    CHECK(s.Solve(ParseGrid(en, "XXXX XXXX XXXX XXXX").value()) == 0);
    CHECK(s.words().empty());
  }
  SECTION("Spanish CH and LL cubes") {
    const Alphabet es = NamedAlphabet("spanish");
    const BuiltLexicon b = make(FixtureWords("fixtures/spanish-words.txt", es), es);
    Solver s = Solver::Create(b.lex).value();
    const Grid board = ParseGrid(es, "CALA XLLECH").value();
    CHECK(board.cols == 4);
    CHECK(s.Solve(board) == 2 + 1);  // ALACHE (A,L,A,CH,E), CALLE (C,A,LL,E)
    CHECK(found(s, es) == V{"ALACHE", "CALLE"});
  }
  SECTION("Catalan: the Qu face is the QU tile") {
    const Alphabet ca = NamedAlphabet("catalan");
    const BuiltLexicon b = make({word(ca, "QUES"), word(ca, "SQUE")}, ca);
    Solver s = Solver::Create(b.lex).value();
    const Grid board = ParseGrid(ca, "QUESX XXXX").value();
    CHECK(board.at(0, 0).size == 1);
    CHECK(s.Solve(board) == 1);  // QU,E,S: 3 tiles; SQUE cannot be traced (S is not next to QU)
    CHECK(found(s, ca) == V{"QUES"});
  }
}

TEST_CASE("solver options and reuse", "[boggle][solver]") {
  const Alphabet en = Alphabet::English();
  const BuiltLexicon b = Build(FixtureWords("fixtures/words-tiny.txt", en), en, true, true);
  CHECK(Solver::Create(b.lex, {0}).status().code() == Errc::kInvalidArgument);
  CHECK(Solver::Create(b.lex, {kMaxWordTiles + 1}).status().code() == Errc::kInvalidArgument);
  // A copy solves alone; the same board twice gives the same answer (stamps reset).
  Solver s = Solver::Create(b.lex).value();
  Solver copy = s;
  const Grid board = ParseGrid(en, "CATS TACT XANT QUITE").value();
  const int once = s.Score(board);
  CHECK(s.Score(board) == once);
  CHECK(copy.Score(board) == once);
  CHECK(once == BruteForce(board, FixtureWords("fixtures/words-tiny.txt", en), 3).score);
}

}  // namespace lexc::boggle::test

namespace lexc::boggle::test {

TEST_CASE("an image that only opened: a cyclic DAWG is refused, never walked out of bounds",
          "[boggle][solver][bad_input]") {
  const Alphabet en = Alphabet::English();
  for (const auto& g : lexc::test::kGraphChoices) {
    lexc::test::Image image =
        lexc::test::BuildOrFail(FixtureWords("fixtures/words-tiny.txt", en), en, lexc::test::Options(g));
    lexc::test::RawImage raw(&image);
    raw.LoopLettersToRoot(g.dawg ? "DAWG" : "GADG");
    raw.FixCrc();
    const Lexicon lex = lexc::test::OpenOrFail(image);
    CHECK(!lex.Verify().ok());
    auto solver = Solver::Create(lex);
    INFO(g.name);
    if (g.dawg) {
      lexc::test::CheckError(solver.status(), Errc::kCorrupt, "cycle");
    } else if (solver.ok()) {  // the GADDAG's letters now loop to its root: one-letter words, no separator after them
      CHECK(solver->Solve(ParseGrid(en, "QuIT XEX XXX").value()) == 0);
    }
  }
}

}  // namespace lexc::boggle::test

namespace lexc::boggle::test {

TEST_CASE("solver equals brute force with 32 tiles or more (the arc scan)", "[boggle][solver][model]") {
  // Polish has 32 letters: tile 32 does not fit the edge table's masks, so
  // the solver scans the image's arcs. Words over tiles 1, 12, 30, 31, 32.
  const Alphabet a = NamedAlphabet("polish");
  REQUIRE(a.size() >= 32);
  std::mt19937_64 rng(77);
  const Tile letters[] = {1, 12, 30, 31, 32};
  WordSet words;
  for (const Word& w : lexc::test::RandomWords(rng, 300, 5, 8)) {
    Word mapped;
    for (Tile t : w) mapped.push_back(letters[(t - 1) % 5]);
    words.insert(mapped);
  }
  const std::vector<Tile> pool = TilePool(words);
  for (const auto& g : lexc::test::kGraphChoices)
    for (int width : {4, 8, 0}) {  // 0: bit-packed arcs
      const BuiltLexicon built = Build(words, a, g.dawg, g.gaddag, width, width == 0);
      for (int min_len : {1, 3}) {
        Solver solver = Solver::Create(built.lex, {min_len}).value();
        CHECK(solver.lexicon_words() == words.size());
        INFO(g.name << " width " << width << " min_len " << min_len);
        for (int i = 0; i < (lexc::test::kSanitized ? 30 : 120); ++i)
          Agree(solver, RandomGrid(rng, 1 + int(rng() % 5), 1 + int(rng() % 5), pool, 0, 0), words, a);
      }
    }
}

TEST_CASE("the portable bit count gives the same answers as popcnt", "[boggle][solver][model]") {
  const Alphabet a = Alphabet::English();
  const WordSet words = FixtureWords("fixtures/english-small.txt", a);
  const BuiltLexicon built = Build(words, a, true, false);
  SolverOptions portable;
  portable.portable_bit_count = true;
  Solver fast = Solver::Create(built.lex).value(), slow = Solver::Create(built.lex, portable).value();
  std::mt19937_64 rng(3);
  const std::vector<Tile> pool = TilePool(words);
  for (int i = 0; i < 300; ++i) {
    const Grid b = RandomGrid(rng, 4, 4, pool, 17, 21);
    CHECK(slow.Score(b) == fast.Score(b));
    Agree(slow, b, words, a);
  }
}

TEST_CASE("an image that only opened, its arcs scrambled: every solve stays in bounds", "[boggle][solver][bad_input]") {
  // Random arcs (tiles 0..63, any flags, targets in and past the graph) in a
  // built image with its CRC fixed: Create refuses it (a cycle) or builds
  // tables, and then any board solves without reading out of bounds
  // (AddressSanitizer checks this test) and terminates.
  const Alphabet en = Alphabet::English();
  const WordSet words = FixtureWords("fixtures/english-small.txt", en);
  std::mt19937_64 rng(11);
  const std::vector<Tile> pool = TilePool(words);
  int solved = 0;
  for (int trial = 0; trial < 60; ++trial) {
    const auto& g = lexc::test::kGraphChoices[trial % 3];
    lexc::test::Image image = lexc::test::BuildOrFail(words, en, lexc::test::Options(g, trial % 2 ? 8 : 4));
    lexc::test::RawImage raw(&image);
    const std::uint64_t n = raw.arc_count();
    for (int k = 0; k < 1 + trial % 8; ++k) {
      lexc::test::RawImage::Arc arc;
      arc.tile = Tile(rng() % 64);
      arc.last = rng() % 2;
      arc.accepts = rng() % 2;
      arc.target = rng() % (n + 4);
      raw.SetArc(rng() % n, arc);
    }
    raw.FixCrc();
    auto lex = Lexicon::FromBytes(image.bytes());
    if (!lex.ok()) continue;
    for (bool portable : {false, true}) {
      SolverOptions o;
      o.portable_bit_count = portable;
      auto solver = Solver::Create(*lex, o);
      if (!solver.ok()) continue;
      for (int i = 0; i < 20; ++i) {
        const Grid b = RandomGrid(rng, 1 + int(rng() % 6), 1 + int(rng() % 6), pool, 17, 21);
        CHECK(solver->Solve(b) >= 0);  // the answers may be wrong, not the reads
        CHECK(solver->Score(b) >= 0);
        ++solved;
      }
    }
  }
  CHECK(solved > 0);
}

}  // namespace lexc::boggle::test

namespace lexc::boggle::test {

TEST_CASE("boards of Qu cubes: every path through them walked, words counted once", "[boggle][solver][model]") {
  // Every cube, or most, a Qu face, and words QU, QUQU, ... up to six cubes
  // (and a few with other letters): the walk steps onto Qu cubes in turns of
  // their own, at every depth; the brute force agrees.
  const Alphabet en = Alphabet::English();
  const Tile q = TileOf(en, "Q"), u = TileOf(en, "U"), a = TileOf(en, "A"), s = TileOf(en, "S");
  WordSet words;
  Word w;
  for (int k = 1; k <= 6; ++k) {
    w.push_back(q);
    w.push_back(u);
    words.insert(w);
    Word plural = w;
    plural.push_back(s);
    words.insert(plural);
    Word mixed = w;
    mixed.push_back(a);
    mixed.push_back(q);
    mixed.push_back(u);
    words.insert(mixed);
  }
  const BuiltLexicon built = Build(words, en, true, false);
  std::mt19937_64 rng(9);
  for (int min_len : {1, 3}) {
    Solver solver = Solver::Create(built.lex, {min_len}).value();
    for (int i = 0; i < (lexc::test::kSanitized ? 4 : 12); ++i) {
      const int side = 3 + i % 4;
      Grid b;
      b.rows = b.cols = side;
      for (int c = 0; c < side * side; ++c) {
        const int r = int(rng() % 10);
        Cube& cube = b.cubes[std::size_t(c)];
        cube.size = r < 7 ? 2 : 1;
        cube.tiles[0] = r < 7 ? q : r < 9 ? a : s;
        cube.tiles[1] = r < 7 ? u : 0;
      }
      Agree(solver, b, words, en);
    }
  }
}

}  // namespace lexc::boggle::test
