// BoardAnalysis: Apply then Undo gives back exactly the board and analysis
// before (every play of many positions, and chains of plays undone in
// reverse), and Apply's incremental analysis equals both a from-scratch one
// and an independent model: cross-check sets, cross sums, extension sets and
// anchors computed square by square from the board and a std::set of the
// words (and of their pieces).
#include <catch2/catch.hpp>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "gen_support.h"
#include "lexc/gen/board_analysis.h"
#include "lexc/gen/cgp.h"
#include "lexc/gen/movegen.h"
#include "lexc/wordlist.h"

namespace lexc::gen::test {
namespace {

// The model: for the empty square (row, col) and plays along `dir`, the
// perpendicular word's tiles before and after the square.
struct CrossModel {
  Word before, after;
  int sum = 0;
};

CrossModel PerpendicularRun(const Board& b, const Alphabet& a, int row, int col, Dir dir) {
  const int dr = dir == Dir::kAcross ? 1 : 0, dc = 1 - dr;
  CrossModel m;
  const auto face = [&](Cell c) { return CellIsBlank(c) ? a.blank_score() : a.tile(CellTile(c)).score; };
  for (int r = row - dr, c = col - dc; b.InRange(r, c) && b.at(r, c) != kEmpty; r -= dr, c -= dc) {
    m.before.insert(m.before.begin(), CellTile(b.at(r, c)));
    m.sum += face(b.at(r, c));
  }
  for (int r = row + dr, c = col + dc; b.InRange(r, c) && b.at(r, c) != kEmpty; r += dr, c += dc) {
    m.after.push_back(CellTile(b.at(r, c)));
    m.sum += face(b.at(r, c));
  }
  return m;
}

bool ModelAnchor(const Board& b, const Layout& layout, int row, int col) {
  if (b.at(row, col) != kEmpty) return false;
  if (b.IsEmpty()) return row == layout.start_row() && col == layout.start_col();
  for (const auto& [r, c] : {std::pair{row - 1, col}, {row + 1, col}, {row, col - 1}, {row, col + 1}})
    if (b.InRange(r, c) && b.at(r, c) != kEmpty) return true;
  return false;
}

// Every contiguous piece of the words (the model of the extension sets'
// "occurs inside a word"), and every prefix ("begins a word").
struct Pieces {
  std::set<Word> inside, begins;
  explicit Pieces(const WordSet& words) {
    for (const Word& w : words)
      for (std::size_t i = 0; i < w.size(); ++i)
        for (std::size_t j = i + 1; j <= w.size(); ++j) {
          const Word piece(w.begin() + std::ptrdiff_t(i), w.begin() + std::ptrdiff_t(j));
          inside.insert(piece);
          if (i == 0) begins.insert(piece);
        }
  }
};

// REQUIREs that the analysis is what the model says of its board; the
// extension sets too when `pieces` (of the same words) is given.
void RequireModel(const BoardAnalysis& an, const Layout& layout, const Alphabet& a, const WordSet& words,
                  const Pieces* pieces = nullptr) {
  const Board& b = an.board();
  const bool has_gaddag = an.lexicon().has_gaddag();
  for (int row = 0; row < b.rows(); ++row) {
    for (int col = 0; col < b.cols(); ++col) {
      INFO("square " << Coordinate(row, col, Dir::kAcross));
      REQUIRE(an.IsAnchor(row, col) == ModelAnchor(b, layout, row, col));
      // The per-line masks say the same, in both directions.
      REQUIRE(((an.AnchorMask(Dir::kAcross, row) >> col) & 1u) == ModelAnchor(b, layout, row, col));
      REQUIRE(((an.AnchorMask(Dir::kDown, col) >> row) & 1u) == ModelAnchor(b, layout, row, col));
      if (b.at(row, col) != kEmpty) continue;
      for (const Dir d : {Dir::kAcross, Dir::kDown}) {
        const CrossModel m = PerpendicularRun(b, a, row, col, d);
        const bool has = !m.before.empty() || !m.after.empty();
        std::uint64_t set = 0;
        for (int t = 1; t <= a.size(); ++t) {
          Word w = m.before;
          w.push_back(static_cast<Tile>(t));
          w.insert(w.end(), m.after.begin(), m.after.end());
          if (!has || words.count(w)) set |= std::uint64_t(1) << t;
        }
        REQUIRE(an.HasCross(row, col, d) == has);
        REQUIRE(an.CrossSum(row, col, d) == m.sum);
        REQUIRE(an.CrossSet(row, col, d) == set);
        if (!pieces) continue;
        // The extension sets: the runs along the play's own line.
        const CrossModel line = PerpendicularRun(b, a, row, col, d == Dir::kAcross ? Dir::kDown : Dir::kAcross);
        std::uint64_t inside = ~std::uint64_t(0), hook = ~std::uint64_t(0);
        if (!line.after.empty() && has_gaddag) inside = 0;
        if (!line.before.empty()) hook = 0;
        for (int t = 1; t <= a.size(); ++t) {
          Word w = line.before;
          w.push_back(static_cast<Tile>(t));
          w.insert(w.end(), line.after.begin(), line.after.end());
          if (!line.after.empty() && has_gaddag && pieces->inside.count(w)) inside |= std::uint64_t(1) << t;
          if (!line.before.empty() && pieces->begins.count(w)) hook |= std::uint64_t(1) << t;
        }
        const AnalyzedSquare& sq = d == Dir::kAcross ? an.Line(Dir::kAcross, row)[col] : an.Line(Dir::kDown, col)[row];
        REQUIRE(sq.ext == inside);
        REQUIRE(sq.ext_hook == hook);
      }
    }
  }
}

// Applies `p`, checks the result against a fresh analysis of the new board
// (and the model when `words` is given), undoes it and checks that the
// analysis is `before` again.
void ApplyCheckUndo(BoardAnalysis& an, BoardAnalysis& fresh, const Play& p, const Alphabet& a, const WordSet* words,
                    const Pieces* pieces = nullptr) {
  const BoardAnalysis before = an;
  const int depth = an.UndoDepth();
  REQUIRE(an.Apply(p).ok());
  REQUIRE(an.UndoDepth() == depth + 1);
  REQUIRE(fresh.SetBoard(an.board()).ok());
  INFO(Describe(p, a) << "\n" << ShowBoard(an.board(), a));
  REQUIRE(an == fresh);
  if (words) RequireModel(an, an.layout(), a, *words, pieces);
  REQUIRE(an.Undo().ok());
  REQUIRE(an.UndoDepth() == depth);
  REQUIRE(an.board() == before.board());
  REQUIRE(an == before);
}

}  // namespace

TEST_CASE("Apply then Undo restores the analysis, over every play of random games", "[analysis][undo]") {
  std::mt19937_64 rng(4242);
  std::size_t plays_checked = 0;
  for (int game = 0; game < 12; ++game) {
    const int letters = 4 + game % 3;
    const Alphabet a = SmallAlphabet(letters);
    const TestLexicon tl(RandomWords(rng, 150 + 50 * (game % 4), letters, 3 + game % 5), a, game % 3 != 1,
                         game % 3 != 2);
    const Layout layout = game % 4 == 0 ? Layout::Standard15() : SmallLayout(7 + game % 5, 9 - game % 3, rng());
    BoardAnalysis an = BoardAnalysis::Create(tl.lexicon(), layout).value();
    BoardAnalysis fresh = an;
    const Pieces pieces(tl.words());
    RequireModel(an, layout, a, tl.words(), &pieces);
    for (int turn = 0; turn < 20; ++turn) {
      const Rack rack = RandomRack(rng, letters, 1 + int(rng() % 7), 0.08);
      const std::vector<Play> plays = BruteForce(an.board(), layout, a, tl.words(), rack);
      for (const Play& p : plays)
        ApplyCheckUndo(an, fresh, p, a, plays_checked % 7 == 0 ? &tl.words() : nullptr, &pieces);
      plays_checked += plays.size();
      if (plays.empty()) continue;
      REQUIRE(an.Apply(plays[rng() % plays.size()]).ok());
      RequireModel(an, layout, a, tl.words(), &pieces);
    }
  }
  CHECK(plays_checked > 5000);
}

TEST_CASE("a chain of Applies undone in reverse gives back every earlier state", "[analysis][undo]") {
  std::mt19937_64 rng(31337);
  for (int game = 0; game < 10; ++game) {
    const int letters = 4 + game % 3;
    const Alphabet a = SmallAlphabet(letters);
    const TestLexicon tl(RandomWords(rng, 200, letters, 4 + game % 4), a);
    const Layout layout = game % 2 ? Layout::Standard15() : SmallLayout(9, 9, rng());
    MoveGenerator gen = MoveGenerator::Create(tl.lexicon(), layout).value();
    if (game % 3 == 0) {  // from a board set directly, not only from the empty one
      REQUIRE(gen.SetBoard(RandomBoard(rng, layout.rows(), layout.cols(), letters, 0.1)).ok());
    }
    std::vector<BoardAnalysis> states{gen.analysis()};
    std::vector<Rack> racks;
    std::vector<std::vector<Play>> plays_before;
    for (int k = 0; k < 25; ++k) {
      const Rack rack = RandomRack(rng, letters, 7, 0.05);
      std::vector<Play> plays = Generated(gen, rack, Algorithm::kGaddag);
      if (plays.empty()) break;
      racks.push_back(rack);
      plays_before.push_back(plays);
      REQUIRE(gen.Apply(plays[rng() % plays.size()]).ok());
      states.push_back(gen.analysis());
    }
    REQUIRE(gen.analysis().UndoDepth() == int(states.size()) - 1);
    for (std::size_t k = states.size() - 1; k-- > 0;) {
      REQUIRE(gen.Undo().ok());
      REQUIRE(gen.board() == states[k].board());
      REQUIRE(gen.analysis() == states[k]);
      // The generator lists the same plays as it did in that position.
      REQUIRE(Generated(gen, racks[k], Algorithm::kDawg) == plays_before[k]);
    }
    const Status none = gen.Undo();
    CHECK(none.code() == Errc::kInvalidArgument);
    CHECK(gen.analysis() == states.front());
  }
}

TEST_CASE("without extension sets: every tile everywhere, the same best plays, Apply and Undo as before",
          "[analysis][undo]") {
  std::mt19937_64 rng(777);
  for (int game = 0; game < 8; ++game) {
    const int letters = 4 + game % 3;
    const Alphabet a = SmallAlphabet(letters);
    const TestLexicon tl(RandomWords(rng, 250, letters, 3 + game % 5), a, game % 3 != 1, game % 3 != 2);
    const Layout layout = game % 2 ? Layout::Standard15() : SmallLayout(9, 9, rng());
    MoveGenerator with = MoveGenerator::Create(tl.lexicon(), layout).value();
    MoveGenerator without = MoveGenerator::Create(tl.lexicon(), layout).value();
    CHECK(with.analysis().extension_sets());
    without.SetExtensionSets(false);
    CHECK_FALSE(without.analysis().extension_sets());
    BoardAnalysis fresh = without.analysis();
    const Algorithm alg = tl.lexicon().has_gaddag() ? Algorithm::kGaddag : Algorithm::kDawg;
    for (int turn = 0; turn < 20; ++turn) {
      const Rack rack = RandomRack(rng, letters, 7, 0.1);
      Play best_with, best_without;
      const bool found = with.Best(rack, alg, &best_with);
      REQUIRE(without.Best(rack, alg, &best_without) == found);
      std::vector<Play> top_with, top_without;
      with.Top(rack, alg, 5, &top_with);
      without.Top(rack, alg, 5, &top_without);
      REQUIRE(top_with == top_without);
      if (!found) break;
      REQUIRE(best_with == best_without);
      // Every empty square takes every tile, after Apply and after Undo.
      const auto all_open = [&](const BoardAnalysis& an) {
        for (const Dir d : {Dir::kAcross, Dir::kDown})
          for (int line = 0; line < an.LineCount(d); ++line)
            for (int pos = 0; pos < an.LineLength(d); ++pos) {
              const AnalyzedSquare& sq = an.Line(d, line)[pos];
              if (sq.cell != kEmpty) continue;
              REQUIRE(sq.ext == ~std::uint64_t(0));
              REQUIRE(sq.ext_hook == ~std::uint64_t(0));
            }
      };
      BoardAnalysis copy = without.analysis();
      ApplyCheckUndo(copy, fresh, best_without, a, nullptr);
      all_open(copy);
      REQUIRE(with.Apply(best_with).ok());
      REQUIRE(without.Apply(best_without).ok());
      REQUIRE(with.board() == without.board());
      all_open(without.analysis());
    }
    // Turning them back on analyzes the board again: the same as a fresh analysis with them.
    without.SetExtensionSets(true);
    MoveGenerator scratch = MoveGenerator::Create(tl.lexicon(), layout).value();
    REQUIRE(scratch.SetBoard(without.board()).ok());
    REQUIRE(without.analysis() == scratch.analysis());
  }
}

TEST_CASE("Undo: nothing to undo after SetBoard, and a failed Apply pushes nothing", "[analysis][undo]") {
  const Alphabet english = Alphabet::English();
  const TestLexicon tl(EnglishWords({"AT", "TA", "CAT"}), english);
  const Layout layout = Layout::Standard15();
  BoardAnalysis an = BoardAnalysis::Create(tl.lexicon(), layout).value();
  CHECK(an.Undo().code() == Errc::kInvalidArgument);
  Play at;
  at.row = 7, at.col = 7, at.length = 2, at.placed = 2;
  at.cells[0] = 1, at.cells[1] = 20;
  REQUIRE(an.Apply(at).ok());
  const BoardAnalysis after = an;
  CHECK_FALSE(an.Apply(at).ok());  // the squares are taken now
  CHECK(an == after);
  CHECK(an.UndoDepth() == 1);
  REQUIRE(an.SetBoard(an.board()).ok());
  CHECK(an.UndoDepth() == 0);
  CHECK(an.Undo().code() == Errc::kInvalidArgument);
  CHECK(an == after);
}

TEST_CASE("SOWPODS: Apply then Undo over every play of the fixture positions", "[analysis][undo][sowpods]") {
  const auto path = SowpodsPath();
  if (!path) {
    WARN("SOWPODS not found (set LEXC_SOWPODS); skipped");
    return;
  }
  const Alphabet english = Alphabet::English();
  ReadReport report;
  const WordList list = ReadWordList(*path, english, {}, &report).value();
  WordSet words;
  for (std::size_t i = 0; i < list.size(); ++i) words.emplace(list[i].begin(), list[i].end());
  const TestLexicon tl(words, english);
  const Layout layout = Layout::Standard15();
  MoveGenerator gen = MoveGenerator::Create(tl.lexicon(), layout).value();
  BoardAnalysis an = gen.analysis(), fresh = gen.analysis();
  std::size_t positions = 0, plays_checked = 0;
  for (const std::string& line : FixtureLines("fixtures/positions/sowpods-greedy.cgp")) {
    const Position p = ParseCgp(line, english, layout).value();
    REQUIRE(gen.SetPosition(p).ok());
    REQUIRE(an.SetBoard(p.board).ok());
    RequireModel(an, layout, english, words);
    gen.Generate(p.racks[0], Algorithm::kGaddag, [&](const Play& play) {
      ApplyCheckUndo(an, fresh, play, english, plays_checked % 997 == 0 ? &words : nullptr);
      ++plays_checked;
    });
    ++positions;
  }
  CHECK(positions >= 100);
  CHECK(plays_checked > 10000);
}

}  // namespace lexc::gen::test

namespace lexc::gen::test {
namespace {

// The cross data memo (BoardAnalysis keeps it by the runs around a square)
// on keys of 14 tiles, which take both of its key words: the words are every
// 15-letter string over {A, B} with an even count of B, so a square whose
// column holds 14 tiles takes exactly the tile that makes the count even.
// A key that lost a tile, or two runs taken for one, gives the other tile.
// Each board is analyzed twice, the second time from a full memo.
TEST_CASE("cross data memo: keys of 14 tiles, parity words, boards analyzed again", "[analysis]") {
  constexpr int kLen = 15;  // the test lexicons' max-len
  const Alphabet a = SmallAlphabet(2);
  WordSet words;
  for (std::uint32_t bits = 0; bits < (1u << kLen); ++bits) {
    if (__builtin_popcount(bits) % 2) continue;
    Word w;
    for (int i = 0; i < kLen; ++i) w.push_back(static_cast<Tile>(1 + ((bits >> i) & 1)));
    words.insert(w);
  }
  const TestLexicon tl(words, a);
  std::mt19937_64 rng(16016);
  const Layout layout = SmallLayout(kLen, kLen, rng());
  BoardAnalysis an = BoardAnalysis::Create(tl.lexicon(), layout).value();
  // Every column is one pattern with one tile flipped (a different one by
  // column and board) and one square emptied: the runs come back, and runs
  // that differ in a single tile, anywhere, meet in the memo.
  std::vector<Tile> pattern;
  for (int i = 0; i < kLen; ++i) pattern.push_back(static_cast<Tile>(1 + rng() % 2));
  std::vector<Board> boards;
  for (int k = 0; k < 6; ++k) {
    Board b(kLen, kLen);
    for (int col = 0; col < kLen; ++col) {
      const int flip = (k + col) % kLen, empty = (col * 7 + k * 3) % kLen;
      for (int row = 0; row < kLen; ++row) {
        const Tile t = row == flip ? static_cast<Tile>(3 - pattern[std::size_t(row)]) : pattern[std::size_t(row)];
        b.set(row, col, row == empty ? kEmpty : MakeCell(t, false));
      }
    }
    boards.push_back(b);
  }
  int fifteen = 0;
  for (int round = 0; round < 2; ++round)
    for (const Board& b : boards) {
      REQUIRE(an.SetBoard(b).ok());
      RequireModel(an, layout, a, words);
      for (int col = 0; col < kLen; ++col)
        for (int row = 0; row < kLen; ++row)
          if (b.at(row, col) == kEmpty) fifteen += __builtin_popcountll(an.CrossSet(row, col, Dir::kAcross)) == 1;
    }
  CHECK(fifteen == 2 * 6 * kLen);  // every column's square took one tile
}

}  // namespace
}  // namespace lexc::gen::test
