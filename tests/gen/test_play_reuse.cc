// Reusing a board's plays after a play is added (lexc/gen/play_reuse.h),
// against the full generation on both boards: a play whose dependency
// squares stay empty is a play of the new board with the same score; every
// other play of the new board places a tile on a hot square; a best-first
// search of AnchorsTouched against the best unchanged play (BonusSearch)
// finds exactly the full search's best; TopWithBonus lists the model's n best. Random
// lexicons and boards, SOWPODS on the standard board (when present), both
// algorithms, blanks included.
#include <algorithm>
#include <catch2/catch.hpp>
#include <random>
#include <set>
#include <tuple>
#include <vector>

#include "gen_support.h"
#include "lexc/gen/play_reuse.h"

namespace lexc::gen::test {
namespace {

// The model's order: higher value, then BetterPlay.
bool Before(const RatedPlay& a, const RatedPlay& b) {
  return a.value != b.value ? a.value > b.value : BetterPlay(a.play, b.play);
}

std::vector<RatedPlay> Rated(const std::vector<Play>& plays, const LeaveLikeBonus& bonus) {
  std::vector<RatedPlay> out;
  for (const Play& p : plays) out.push_back({p, p.score + bonus(p)});
  std::sort(out.begin(), out.end(), Before);
  return out;
}

struct Counts {
  int positions = 0, unaffected = 0, changed = 0, with_incumbent = 0, beat_found = 0;
  int one_tile = 0, empty_root = 0, wide = 0;  // changed plays of one tile; such root boards
};

// One root board on `g`: a play q of another rack is added, and `rack`'s
// plays before and after are compared with the functions under test.
void CheckPosition(MoveGenerator& g, std::mt19937_64& rng, const Rack& rack, const Rack& other, Algorithm alg,
                   Counts* counts) {
  const std::vector<Play> q_plays = Generated(g, other, alg);
  if (q_plays.empty()) return;
  const Play q = q_plays[rng() % q_plays.size()];
  const Board before = g.board();
  counts->empty_root += before.IsEmpty();
  counts->wide += before.cols() > 15 || before.rows() > 15;
  const LeaveLikeBonus bonus{rack, -12.0, 20.0, rng()};
  double bounds[kMaxBoardDim + 1];
  std::fill(bounds, bounds + kMaxBoardDim + 1, 20.0);
  const std::vector<RatedPlay> root = Rated(Generated(g, rack, alg), bonus);

  // TopWithBonus: the model's first n.
  for (std::size_t n : {std::size_t(1), std::size_t(3), std::size_t(8)})
    CheckTopWithBonus(g, rack, alg, BonusOf(bonus), bounds, n, root);

  REQUIRE(g.Apply(q).ok());
  SquareSet filled;
  AddNewSquares(q, &filled);
  const std::vector<RatedPlay> after = Rated(Generated(g, rack, alg), bonus);
  std::set<std::tuple<int, int, int, int, std::uint32_t>> kept;  // the unaffected root plays
  const auto key = [](const Play& p) {
    return std::make_tuple(int(p.dir), int(p.row), int(p.col), int(p.length), p.through);
  };
  const RatedPlay* incumbent = nullptr;
  for (const RatedPlay& r : root) {
    std::uint16_t deps[kMaxPlayDependencies];
    const int n = PlayDependencies(before, r.play, deps);
    REQUIRE(n <= kMaxPlayDependencies);
    if (!Unaffected(deps, n, filled)) continue;
    // Fact 1: an unaffected play is a play of the new board, same score.
    const bool found = std::any_of(after.begin(), after.end(), [&](const RatedPlay& a) { return a.play == r.play; });
    CHECK(found);
    kept.insert(key(r.play));
    if (!incumbent) incumbent = &r;
    ++counts->unaffected;
  }
  // Fact 2: every other play of the new board places a tile on a hot square.
  const AnchorSet anchors = AnchorsTouched(g.board(), q, rack.size());
  std::uint16_t hot_list[kMaxHotSquares];
  const int n_hot = HotSquares(g.board(), q, hot_list);
  REQUIRE(n_hot <= kMaxHotSquares);
  SquareSet hot;
  for (int i = 0; i < n_hot; ++i) hot.Add(hot_list[i]);
  for (const RatedPlay& a : after) {
    bool was_kept = false;
    if (kept.count(key(a.play)))
      was_kept = std::any_of(root.begin(), root.end(), [&](const RatedPlay& r) { return r.play == a.play; });
    if (was_kept) continue;
    ++counts->changed;
    counts->one_tile += a.play.placed == 1;
    bool on_hot = false;
    for (int i = 0; i < a.play.length; ++i)
      if (!a.play.IsThrough(i) && hot.Has(SquareSet::Index(a.play.RowAt(i), a.play.ColAt(i)))) on_hot = true;
    INFO("play at " << int(a.play.row) << "," << int(a.play.col) << " dir " << int(a.play.dir));
    CHECK(on_hot);
    // ... and is generated from an anchor AnchorsTouched gives: the
    // leftmost anchor it covers.
    int first = -1;
    for (int i = 0; i < a.play.length && first < 0; ++i)
      if (!a.play.IsThrough(i) && g.analysis().IsAnchor(a.play.RowAt(i), a.play.ColAt(i))) first = i;
    REQUIRE(first >= 0);
    const bool across = a.play.dir == Dir::kAcross;
    CHECK(anchors.Has(a.play.dir, across ? a.play.RowAt(first) : a.play.ColAt(first),
                      across ? a.play.ColAt(first) : a.play.RowAt(first)));
  }

  // The search of the anchors touched against the best unaffected play:
  // the full best.
  BonusSearch search;
  search.anchors = &anchors;
  search.incumbent = incumbent;
  RatedPlay got;
  const bool have = g.BestWithBonus(rack, alg, BonusOf(bonus), bounds, search, &got);
  REQUIRE(have == !after.empty());
  if (have) {
    CHECK(got.play == after.front().play);
    CHECK(got.value == after.front().value);
  }
  counts->with_incumbent += incumbent != nullptr;

  // `beat`, as the simulation uses it: with the root's best plays down to
  // `bar` all changed, a play of the anchors better than bar is the best of
  // the new board; none means the best is not better than bar.
  std::size_t first_kept = root.size();
  for (std::size_t i = 0; i < root.size(); ++i)
    if (incumbent == &root[i]) first_kept = i;
  if (first_kept > 0) {
    const RatedPlay& bar = root[rng() % first_kept];
    BonusSearch b;
    b.anchors = &anchors;
    b.beat = &bar;
    RatedPlay beat;
    if (g.BestWithBonus(rack, alg, BonusOf(bonus), bounds, b, &beat)) {
      CHECK(beat.play == after.front().play);
      CHECK(Before(beat, bar));
      ++counts->beat_found;
    } else if (!after.empty()) {
      CHECK(!Before(after.front(), bar));
    }
  }
  // Every anchor and no incumbent: BestWithBonus itself.
  RatedPlay all;
  REQUIRE(g.BestWithBonus(rack, alg, BonusOf(bonus), bounds, BonusSearch(), &all) == !after.empty());
  if (!after.empty()) CHECK(all.play == after.front().play);
  REQUIRE(g.Undo().ok());
  ++counts->positions;
}

TEST_CASE("Plays survive added tiles exactly as play_reuse says, on random lexicons and boards") {
  std::mt19937_64 rng(2026);
  Counts counts;
  // Under the sanitizers (ten times slower) a third of the rounds.
  const int rounds = lexc::test::kSanitized ? 20 : 60, scale = lexc::test::kSanitized ? 3 : 1;
  for (int letters : {4, 7}) {
    const Alphabet a = SmallAlphabet(letters, 2);
    const TestLexicon lex(RandomWords(rng, letters == 4 ? 120 : 400, letters, 7), a);
    for (int round = 0; round < rounds; ++round) {
      // Square boards of 7..12, and every third round a board up to the
      // generator's 32 squares a side, often not square; some empty.
      int rows = 7 + int(rng() % 6), cols = rows;
      if (round % 3 == 0) rows = 5 + int(rng() % 28), cols = round % 2 ? kMaxBoardDim : 5 + int(rng() % 28);
      const Layout layout = SmallLayout(rows, cols, rng());
      auto g = MoveGenerator::Create(lex.lexicon(), layout, 30).value();
      const double density = round % 10 == 4 ? 0.0 : 0.05 + 0.05 * double(rng() % 4);
      if (!g.SetBoard(RandomBoard(rng, rows, cols, letters, density)).ok()) continue;
      // Wide boards with short racks: every play of both boards is listed.
      const int most = rows * cols > 225 ? 4 : 7;
      const Rack rack = RandomRack(rng, letters, 1 + int(rng() % most), 0.1);
      const Rack other = RandomRack(rng, letters, 2 + int(rng() % (most - 1)), 0.1);
      for (const Algorithm alg : {Algorithm::kGaddag, Algorithm::kDawg})
        CheckPosition(g, rng, rack, other, alg, &counts);
    }
  }
  CHECK(counts.positions * scale > 150);
  CHECK(counts.unaffected * scale > 1000);
  CHECK(counts.changed * scale > 1000);
  CHECK(counts.with_incumbent * scale > 100);
  CHECK(counts.beat_found * scale > 20);
  CHECK(counts.one_tile * scale > 100);
  CHECK(counts.empty_root * scale > 4);
  CHECK(counts.wide * scale > 20);
}

TEST_CASE("Plays survive added tiles: SOWPODS on the standard board, boards grown by best plays", "[sowpods]") {
  const SowpodsImage* sowpods = Sowpods();
  if (!sowpods) return;
  const Layout layout = Layout::Standard15();
  std::mt19937_64 rng(99);
  Counts counts;
  for (int game = 0; game < 3; ++game) {
    auto g = MoveGenerator::Create(sowpods->lexicon, layout, 50).value();
    // Grow a board by the best plays of random racks, checking as it grows.
    for (int turn = 0; turn < 12; ++turn) {
      const Rack rack = RandomRack(rng, 26, 7, 0.08);
      const Rack other = RandomRack(rng, 26, 7, 0.08);
      if (turn > 0) CheckPosition(g, rng, rack, other, turn % 2 ? Algorithm::kDawg : Algorithm::kGaddag, &counts);
      Play best;
      if (!g.Best(RandomRack(rng, 26, 7, 0.0), Algorithm::kGaddag, &best)) continue;
      REQUIRE(g.Apply(best).ok());
    }
  }
  CHECK(counts.positions > 20);
  CHECK(counts.unaffected > 500);
  CHECK(counts.with_incumbent > 15);
}

}  // namespace
}  // namespace lexc::gen::test
