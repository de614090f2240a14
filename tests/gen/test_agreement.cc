// The two generators against the brute-force model (gen_support.h), play for
// play, on small lexicons: random boards (tiles scattered, not necessarily
// words), and random legal games where each position's analysis, updated
// incrementally after every play, must equal one computed from scratch.
#include <catch2/catch.hpp>
#include <cstring>
#include <random>
#include <sstream>

#include "../../libgen/src/bingo_index.h"
#include "gen_support.h"
#include "lexc/gen/movegen.h"

namespace lexc::gen::test {

namespace {

struct Tally {
  std::size_t plays = 0, blank_plays = 0, through_plays = 0, bingos = 0, empty_positions = 0;
};
Tally tally;

void Report() {
  WARN("plays " << tally.plays << ", with blanks " << tally.blank_plays << ", through " << tally.through_plays
                << ", bingos " << tally.bingos << ", positions without a play " << tally.empty_positions);
  tally = Tally();
}

void CompareAll(MoveGenerator& gen, const Board& board, const Layout& layout, const TestLexicon& tl, const Rack& rack,
                const char* what) {
  const std::vector<Play> want = BruteForce(board, layout, tl.alphabet(), tl.words(), rack);
  tally.plays += want.size();
  tally.empty_positions += want.empty();
  for (const Play& p : want) {
    bool blank = false;
    for (int i = 0; i < p.length; ++i) blank |= !p.IsThrough(i) && CellIsBlank(p.cells[i]);
    tally.blank_plays += blank;
    tally.through_plays += p.through != 0;
    tally.bingos += p.placed == kRackSize;
  }
  for (const Algorithm alg : {Algorithm::kGaddag, Algorithm::kDawg}) {
    const std::vector<Play> got = Generated(gen, rack, alg);
    INFO(what << ", " << AlgorithmName(alg) << ", rack " << rack.ToString(tl.alphabet()) << "\n"
              << ShowBoard(board, tl.alphabet()) << DiffPlays(want, got, tl.alphabet()));
    REQUIRE(got.size() == want.size());
    REQUIRE(got == want);
    CHECK(gen.Count(rack, alg) == want.size());
    // The best-first searches (pruned by score bounds) find the same.
    Play best;
    REQUIRE(gen.Best(rack, alg, &best) == !want.empty());
    if (!want.empty()) REQUIRE(best == want.front());
    for (const std::size_t n : {std::size_t(1), std::size_t(3), std::size_t(20)}) {
      std::vector<Play> top;
      gen.Top(rack, alg, n, &top);
      REQUIRE(top == std::vector<Play>(want.begin(), want.begin() + std::ptrdiff_t(std::min(n, want.size()))));
    }
  }
}

// Sanitizer builds (scripts/dev asan) check a quarter of the positions: they
// run ~20x slower, and the Release suite checks them all.
#if defined(__SANITIZE_ADDRESS__)
constexpr int kShare = 4;
#else
constexpr int kShare = 1;
#endif

}  // namespace

TEST_CASE("random boards: GADDAG, DAWG and brute force agree", "[agreement]") {
  std::mt19937_64 rng(20240601);
  int positions = 0, packed_positions = 0;
  for (int lexicon = 0; lexicon < 6; ++lexicon) {
    const int letters = 3 + lexicon % 4;
    const Alphabet a = SmallAlphabet(letters);
    const WordSet words = RandomWords(rng, 60 + 40 * lexicon, letters, 2 + lexicon % 5);
    const TestLexicon tl(words, a);
    // The same words with bit-packed arcs: the same plays, from the same model.
    const TestLexicon packed(words, a, true, true, true);
    REQUIRE(packed.lexicon().arc_width() == 0);
    for (int size : {5, 7, 9}) {
      const Layout layout = SmallLayout(size, size + lexicon % 2, rng());
      auto gen = MoveGenerator::Create(tl.lexicon(), layout);
      auto packed_gen = MoveGenerator::Create(packed.lexicon(), layout);
      REQUIRE(gen.ok());
      REQUIRE(packed_gen.ok());
      for (int i = 0; i < 120 / kShare; ++i) {
        const Board board = RandomBoard(rng, layout.rows(), layout.cols(), letters, (i % 8) * 0.08);
        REQUIRE(gen->SetBoard(board).ok());
        const Rack rack = RandomRack(rng, letters, int(rng() % 8), 0.12);
        CompareAll(*gen, board, layout, tl, rack, "random board");
        if (i % 2 == 0) {  // every other position again on the packed image
          REQUIRE(packed_gen->SetBoard(board).ok());
          CompareAll(*packed_gen, board, layout, packed, rack, "random board, packed arcs");
          ++packed_positions;
        }
        ++positions;
      }
    }
  }
  CHECK(positions == 6 * 3 * (120 / kShare));
  CHECK(packed_positions == 6 * 3 * ((120 / kShare + 1) / 2));
  Report();
}

TEST_CASE("random games: agreement and incremental analysis", "[agreement][incremental]") {
  std::mt19937_64 rng(777);
  int positions = 0;
  for (int game = 0; game < 60 / kShare; ++game) {
    const int letters = 4 + game % 3;
    const Alphabet a = SmallAlphabet(letters);
    const TestLexicon tl(RandomWords(rng, 150 + 50 * (game % 4), letters, 3 + game % 5), a, true, true);
    const Layout layout = game % 3 == 0 ? Layout::Standard15() : SmallLayout(7 + game % 5, 9 - game % 3, rng());
    auto inc = MoveGenerator::Create(tl.lexicon(), layout);
    auto scratch = MoveGenerator::Create(tl.lexicon(), layout);
    REQUIRE(inc.ok());
    REQUIRE(scratch.ok());
    Board board(layout.rows(), layout.cols());
    for (int turn = 0; turn < 30; ++turn) {
      const Rack rack = RandomRack(rng, letters, 1 + int(rng() % 7), 0.08);
      const std::vector<Play> want = BruteForce(board, layout, a, tl.words(), rack);
      CompareAll(*inc, board, layout, tl, rack, "game (incremental)");
      ++positions;
      if (want.empty()) continue;
      const Play& p = want[rng() % want.size()];
      REQUIRE(ApplyPlay(p, &board).ok());
      REQUIRE(inc->Apply(p).ok());
      REQUIRE(scratch->SetBoard(board).ok());
      RequireSameAnalysis(*inc, *scratch, true);
      REQUIRE(inc->analysis() == scratch->analysis());
    }
  }
  CHECK(positions == (60 / kShare) * 30);
  Report();
}

TEST_CASE("images with one graph: DAWG only, GADDAG only", "[agreement]") {
  std::mt19937_64 rng(99);
  const Alphabet a = SmallAlphabet(5);
  const WordSet words = RandomWords(rng, 400, 5, 5);
  const TestLexicon dawg_only(words, a, true, false), gaddag_only(words, a, false, true);
  const TestLexicon dawg_packed(words, a, true, false, true), gaddag_packed(words, a, false, true, true);
  const Layout layout = SmallLayout(9, 9, 5);
  MoveGenerator d = MoveGenerator::Create(dawg_only.lexicon(), layout).value();
  MoveGenerator g = MoveGenerator::Create(gaddag_only.lexicon(), layout).value();
  MoveGenerator dp = MoveGenerator::Create(dawg_packed.lexicon(), layout).value();
  MoveGenerator gp = MoveGenerator::Create(gaddag_packed.lexicon(), layout).value();
  CHECK(d.Supports(Algorithm::kDawg));
  CHECK_FALSE(d.Supports(Algorithm::kGaddag));
  CHECK(g.Supports(Algorithm::kGaddag));
  CHECK_FALSE(g.Supports(Algorithm::kDawg));
  CHECK(d.Count(RandomRack(rng, 5, 7, 0), Algorithm::kGaddag) == 0);  // absent graph: nothing
  for (int i = 0; i < 60; ++i) {
    const Board board = RandomBoard(rng, 9, 9, 5, (i % 6) * 0.07);
    const Rack rack = RandomRack(rng, 5, 1 + int(rng() % 7), 0.1);
    REQUIRE(d.SetBoard(board).ok());
    REQUIRE(g.SetBoard(board).ok());
    // The GADDAG-only generator computes its cross-checks from rev(w) paths.
    const std::vector<Play> want = BruteForce(board, layout, a, words, rack);
    REQUIRE(Generated(d, rack, Algorithm::kDawg) == want);
    REQUIRE(Generated(g, rack, Algorithm::kGaddag) == want);
    REQUIRE(dp.SetBoard(board).ok());
    REQUIRE(gp.SetBoard(board).ok());
    REQUIRE(Generated(dp, rack, Algorithm::kDawg) == want);
    REQUIRE(Generated(gp, rack, Algorithm::kGaddag) == want);
  }
}

}  // namespace lexc::gen::test

namespace lexc::gen::test {

namespace {

// Best and each Top(n) of `ns` against the full generation's ranking, both
// algorithms; the GADDAG's best play in *best (false: no play).
bool RequireBestAndTop(MoveGenerator& gen, const Board& board, const Alphabet& a, const Rack& rack,
                       std::initializer_list<std::size_t> ns, Play* best_out) {
  bool any = false;
  for (const Algorithm alg : {Algorithm::kGaddag, Algorithm::kDawg}) {
    const std::vector<Play> all = Generated(gen, rack, alg);
    INFO(AlgorithmName(alg) << ", rack " << rack.ToString(a) << "\n" << ShowBoard(board, a));
    Play best;
    REQUIRE(gen.Best(rack, alg, &best) == !all.empty());
    if (all.empty()) continue;
    REQUIRE(best == all.front());
    if (alg == Algorithm::kGaddag) *best_out = best, any = true;
    for (const std::size_t n : ns) {
      std::vector<Play> top;
      gen.Top(rack, alg, n, &top);
      REQUIRE(top == std::vector<Play>(all.begin(), all.begin() + std::ptrdiff_t(std::min(n, all.size()))));
    }
  }
  return any;
}

}  // namespace

// On the empty board of a layout that is its own transpose, Best skips the
// plays down (each has its mirror image across, as good and listed first).
// Best equals the brute-force model's first play on empty boards of such
// layouts and of layouts that are not their own transpose, where a play down
// may be the only best one.
TEST_CASE("Layout::Transposable", "[agreement][best]") {
  CHECK(Layout::Standard15().Transposable());
  const auto transposable = [](const char* rows_text) {
    auto l = Layout::Parse(rows_text, "t");
    INFO(rows_text << l.status().ToString());
    REQUIRE(l.ok());
    return l->Transposable();
  };
  CHECK(transposable("name t\nsize 5 5\nd...T\n.t...\n..*..\n...D.\nT...d\n"));
  CHECK(!transposable("name t\nsize 5 5\n.....\n.....\n...*.\n.....\n.....\n"));            // start off the diagonal
  CHECK(!transposable("name t\nsize 5 7\n.......\n.......\n..*....\n.......\n.......\n"));  // not square
  CHECK(!transposable("name t\nsize 5 5\n.d...\n.....\n..*..\n.....\n.....\n"));            // (0,1) has no mirror
}

TEST_CASE("empty boards: Best looks across only where the layout is its own transpose", "[agreement][best]") {
  std::mt19937_64 rng(20261128);
  int positions = 0, down_best = 0, mirrored = 0, bingos = 0;
  for (int lexicon = 0; lexicon < 4; ++lexicon) {
    const int letters = lexicon < 3 ? 3 + lexicon : 3;
    const Alphabet a = SmallAlphabet(letters);
    // The last lexicon dense in words of 5-7 tiles: bingos on the empty board.
    const WordSet words = lexicon < 3 ? RandomWords(rng, 80 + 40 * lexicon, letters, 3 + lexicon)
                                      : DenseLongWords(rng, letters, 40, 4, 5, 7, 900);
    const TestLexicon tl(words, a);
    for (int kind = 0; kind < 3; ++kind) {
      // 0: mirrored; 1: random premiums (not mirrored); 2: not square.
      const int side = 7 + 2 * (lexicon % 2);
      const Layout layout = kind == 0   ? MirroredLayout(side, rng())
                            : kind == 1 ? SmallLayout(side, side, rng())
                                        : SmallLayout(side, side + 2, rng());
      if (kind == 0) REQUIRE(layout.Transposable());
      if (kind == 2) REQUIRE(!layout.Transposable());
      mirrored += layout.Transposable();
      auto gen = MoveGenerator::Create(tl.lexicon(), layout);
      REQUIRE(gen.ok());
      const Board board(layout.rows(), layout.cols());
      REQUIRE(gen->SetBoard(board).ok());
      for (int i = 0; i < 60 / kShare; ++i) {
        const Rack rack = RandomRack(rng, letters, 2 + int(rng() % 6), 0.12);
        const std::vector<Play> want = BruteForce(board, layout, a, words, rack);
        for (const Algorithm alg : {Algorithm::kGaddag, Algorithm::kDawg}) {
          INFO("layout kind " << kind << ", " << AlgorithmName(alg) << ", rack " << rack.ToString(a));
          Play best;
          REQUIRE(gen->Best(rack, alg, &best) == !want.empty());
          if (want.empty()) continue;
          REQUIRE(best == want.front());
          REQUIRE(std::memcmp(best.cells, want.front().cells, sizeof best.cells) == 0);  // past the length too
          if (alg == Algorithm::kGaddag) down_best += best.dir == Dir::kDown, bingos += best.placed == kRackSize;
          if (layout.Transposable()) {
            // The best play's mirror image down is a play of the same score.
            Play mirror = best;
            mirror.dir = Dir::kDown, mirror.row = best.col, mirror.col = best.row;
            REQUIRE(std::find(want.begin(), want.end(), mirror) != want.end());
          }
        }
        ++positions;
      }
    }
  }
  CHECK(positions == 4 * 3 * (60 / kShare));
  CHECK(mirrored >= 4);
  CHECK(down_best > 0);  // where the layout is not mirrored, a play down can be the only best
  CHECK(bingos > 0);
}

// Where only a bingo can reach the score to beat, the best-first search
// lets a blank stand only for letters that the bingo index allows with the
// rest of the rack and the span's board tiles (the second blank only for a
// partner of the first's letter). Lexicons dense in words of 7-9 tiles over
// 3 letters, the index built before the first search, full racks with one
// or two blanks: Best and Top equal the full generation's ranking.
TEST_CASE("bingo-only anchors: blanks kept to the index's letters, the same best plays", "[agreement][best]") {
  std::mt19937_64 rng(20261127);
  int positions = 0, bingo_best = 0;
  for (int lexicon = 0; lexicon < 3; ++lexicon) {
    const int letters = 3 + lexicon % 2;
    const Alphabet a = SmallAlphabet(letters);
    const TestLexicon tl(DenseLongWords(rng, letters, 40, 4, 7, 9, 540 + 250u * unsigned(lexicon)), a);
    const auto index = internal::BingoIndex::For(tl.lexicon());  // held: every search below uses it
    REQUIRE(index->complete());
    const Layout layout = SmallLayout(11, 11, rng());
    auto gen = MoveGenerator::Create(tl.lexicon(), layout);
    REQUIRE(gen.ok());
    for (int i = 0; i < 60 / kShare; ++i) {
      const Board board = RandomBoard(rng, layout.rows(), layout.cols(), letters, 0.02 + (i % 4) * 0.03);
      REQUIRE(gen->SetBoard(board).ok());
      Rack rack = RandomRack(rng, letters, 5 + int(rng() % 2), 0.0);
      rack.AddBlank();
      if (rack.size() < kRackSize) rack.AddBlank();
      Play best;
      if (RequireBestAndTop(*gen, board, a, rack, {1, 4}, &best)) bingo_best += best.placed == kRackSize;
      ++positions;
    }
  }
  CHECK(positions == 3 * (60 / kShare));
  CHECK(bingo_best > positions / 2);  // the case this is about: a bingo sets the floor
}

// Racks of more than kRackSize tiles (the library takes up to 15; a game
// deals 7): only a play of exactly kRackSize tiles earns the bingo, so a
// start's longest span does not bound its shorter ones. Best and Top equal
// the full generation's ranking.
TEST_CASE("racks of more than seven tiles: Best and Top equal the full generation", "[agreement][best]") {
  std::mt19937_64 rng(8);
  int positions = 0, seven_best = 0;
  for (int lexicon = 0; lexicon < 2; ++lexicon) {
    const int letters = 4 + lexicon;
    const Alphabet a = SmallAlphabet(letters);
    const TestLexicon tl(DenseLongWords(rng, letters, 60, 5, 6, 10, 960), a);
    const Layout layout = SmallLayout(11, 11, rng());
    auto gen = MoveGenerator::Create(tl.lexicon(), layout);
    REQUIRE(gen.ok());
    for (int i = 0; i < 40 / kShare; ++i) {
      const Board board = RandomBoard(rng, layout.rows(), layout.cols(), letters, 0.03 + (i % 3) * 0.03);
      REQUIRE(gen->SetBoard(board).ok());
      const Rack rack = RandomRack(rng, letters, kRackSize + 1 + int(rng() % 3), 0.1);
      Play best;
      if (RequireBestAndTop(*gen, board, a, rack, {3}, &best)) seven_best += best.placed == kRackSize;
      ++positions;
    }
  }
  CHECK(positions == 2 * (40 / kShare));
  CHECK(seven_best > 0);  // a seven-tile play with the bingo beat the longer ones
}

}  // namespace lexc::gen::test
