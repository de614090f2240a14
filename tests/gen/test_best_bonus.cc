// MoveGenerator::BestWithBonus against the full generation: the play of
// highest score + bonus (ties by BetterPlay) found by scanning every play,
// for bonuses shaped like leave values (a value per multiset of tiles kept),
// on random boards and racks, both algorithms, blanks included.
#include <algorithm>
#include <catch2/catch.hpp>
#include <random>
#include <vector>

#include "../../libgen/src/bingo_index.h"
#include "gen_support.h"

namespace lexc::gen::test {
namespace {

// Every play of `all` rated by score + bonus, best first (ties by
// BetterPlay): the model the searches are compared with.
template <class Bonus>
std::vector<RatedPlay> RatedBestFirst(const std::vector<Play>& all, const Bonus& bonus) {
  std::vector<RatedPlay> want;
  for (const Play& p : all) want.push_back({p, p.score + bonus(p)});
  std::stable_sort(want.begin(), want.end(), [](const RatedPlay& x, const RatedPlay& y) {
    return x.value != y.value ? x.value > y.value : BetterPlay(x.play, y.play);
  });
  return want;
}

TEST_CASE("BestWithBonus equals the best score + bonus over every generated play") {
  std::mt19937_64 rng(77);
  int compared = 0, differs_from_best = 0;
  for (int letters : {4, 7}) {
    const Alphabet a = SmallAlphabet(letters, 2);
    const TestLexicon lex(RandomWords(rng, letters == 4 ? 120 : 400, letters, 7), a);
    for (int round = 0; round < 120; ++round) {
      const int side = 7 + int(rng() % 5);
      const Layout layout = SmallLayout(side, side, rng());
      auto g = MoveGenerator::Create(lex.lexicon(), layout, 30).value();
      if (!g.SetBoard(RandomBoard(rng, side, side, letters, 0.1 + 0.1 * double(rng() % 4))).ok()) continue;
      const Rack rack = RandomRack(rng, letters, 1 + int(rng() % 7), 0.15);
      const double spans[][2] = {{0, 0}, {-15, 5}, {-5, 30}, {0, 60}, {-40, -10}, {-30, -2}};
      const auto& span = spans[(round / 2) % 6];
      const LeaveLikeBonus bonus{rack, span[0], span[1], rng()};
      const double top = std::max(span[1], 0.0);  // a play of the whole rack keeps nothing: 0
      for (const Algorithm alg : {Algorithm::kGaddag, Algorithm::kDawg}) {
        const std::vector<Play> all = Generated(g, rack, alg);
        Play got;
        double one_value = 0;
        Play one;
        REQUIRE(g.BestWithBonus(rack, alg, bonus, top, &one, &one_value) == !all.empty());
        double got_value = 0;
        // Bounds by tiles placed: the exact maxima (the tightest allowed)
        // on odd rounds, the span's top on even ones.
        double bounds[kMaxBoardDim + 1];
        std::fill(bounds, bounds + kMaxBoardDim + 1, round % 2 ? -1e9 : top);
        if (round % 2)
          for (const Play& p : all) bounds[p.placed] = std::max(bounds[p.placed], bonus(p));
        const bool have = g.BestWithBonus(rack, alg, bonus, bounds, &got, &got_value);
        REQUIRE(have == !all.empty());
        if (!have) continue;
        // The model: scan every play, keep the first of the highest value
        // (the list is in BetterPlay order, so the first wins ties).
        std::size_t best = 0;
        double best_value = all[0].score + bonus(all[0]);
        for (std::size_t i = 1; i < all.size(); ++i) {
          const double v = all[i].score + bonus(all[i]);
          if (v > best_value) best = i, best_value = v;
        }
        INFO("letters " << letters << " round " << round << " alg " << AlgorithmName(alg));
        CHECK(got == all[best]);
        CHECK(got_value == best_value);
        CHECK(one == all[best]);
        CHECK(one_value == best_value);
        differs_from_best += best != 0;
        ++compared;
      }
    }
  }
  CHECK(compared > 300);
  CHECK(differs_from_best > 50);  // the bonus really changes the choice
}

// A leave-like bonus that values the blanks kept highly, as real leaves
// do, with the bounds a caller passes: by tiles placed for every play and
// for the plays that place a blank (BonusSearch::max_bonus_blank), the
// exact maxima (the tightest allowed) or looser. Where no play with a
// blank can reach the best value, the search places no blank; the answer
// is the model's: every play rated and sorted.
TEST_CASE("BestWithBonus and TopWithBonus with a bound for the plays that place a blank") {
  std::mt19937_64 rng(1127);
  int compared = 0, best_keeps_blank = 0;
  for (int letters : {4, 6}) {
    const Alphabet a = SmallAlphabet(letters, 2);
    const TestLexicon lex(RandomWords(rng, letters == 4 ? 150 : 400, letters, 7), a);
    for (int round = 0; round < 100; ++round) {
      const int side = 7 + int(rng() % 5);
      const Layout layout = SmallLayout(side, side, rng());
      auto g = MoveGenerator::Create(lex.lexicon(), layout, 30).value();
      if (!g.SetBoard(RandomBoard(rng, side, side, letters, 0.1 + 0.1 * double(rng() % 4))).ok()) continue;
      Rack rack = RandomRack(rng, letters, 1 + int(rng() % 6), 0.1);
      rack.AddBlank();
      const LeaveLikeBonus leave{rack, -10, 10, rng()};
      const double per_blank = 10.0 + double(rng() % 30);
      const auto bonus = [&](const Play& p) {
        int kept = rack.blanks();
        for (int i = 0; i < p.length; ++i) kept -= !p.IsThrough(i) && CellIsBlank(p.cells[i]);
        return leave(p) + per_blank * kept;
      };
      const auto places_blank = [](const Play& p) {
        for (int i = 0; i < p.length; ++i)
          if (!p.IsThrough(i) && CellIsBlank(p.cells[i])) return true;
        return false;
      };
      for (const Algorithm alg : {Algorithm::kGaddag, Algorithm::kDawg}) {
        const std::vector<Play> all = Generated(g, rack, alg);
        double bounds[kMaxBoardDim + 1], blank_bounds[kMaxBoardDim + 1];
        std::fill(bounds, bounds + kMaxBoardDim + 1, -1e9);
        std::fill(blank_bounds, blank_bounds + kMaxBoardDim + 1, -1e9);
        for (const Play& p : all) {
          bounds[p.placed] = std::max(bounds[p.placed], bonus(p));
          if (places_blank(p)) blank_bounds[p.placed] = std::max(blank_bounds[p.placed], bonus(p));
        }
        if (round % 2)  // looser bounds on odd rounds
          for (int k = 0; k <= kMaxBoardDim; ++k) bounds[k] += 3, blank_bounds[k] += 1;
        const std::vector<RatedPlay> want = RatedBestFirst(all, bonus);
        INFO("letters " << letters << " round " << round << " alg " << AlgorithmName(alg) << " rack "
                        << rack.ToString(a));
        BonusSearch search;
        search.max_bonus_blank = blank_bounds;
        RatedPlay got;
        REQUIRE(g.BestWithBonus(rack, alg, BonusOf(bonus), bounds, search, &got) == !all.empty());
        if (all.empty()) continue;
        CHECK(got.play == want[0].play);
        CHECK(got.value == want[0].value);
        best_keeps_blank += !places_blank(want[0].play);
        // With an incumbent (a play of the position, the 4th best or the
        // last) and with a play to beat (the 2nd best), as the simulation's
        // replies search.
        BonusSearch with = search;
        with.incumbent = &want[std::min<std::size_t>(3, want.size() - 1)];
        REQUIRE(g.BestWithBonus(rack, alg, BonusOf(bonus), bounds, with, &got));
        CHECK(got.play == want[0].play);
        if (want.size() > 1) {
          BonusSearch beat = search;
          beat.beat = &want[1];
          REQUIRE(g.BestWithBonus(rack, alg, BonusOf(bonus), bounds, beat, &got));
          CHECK(got.play == want[0].play);
          beat.beat = &want[0];  // nothing beats the best
          CHECK_FALSE(g.BestWithBonus(rack, alg, BonusOf(bonus), bounds, beat, &got));
        }
        for (const std::size_t n : {std::size_t(1), std::size_t(3), std::size_t(8)})
          CheckTopWithBonus(g, rack, alg, BonusOf(bonus), bounds, n, want, blank_bounds);
        ++compared;
      }
    }
  }
  CHECK(compared > 300);
  CHECK(best_keeps_blank > compared / 3);  // the case this is about
}

// With the bingo index built, a full rack with one or two blanks has each
// anchor whose bingos bound it above its other plays searched in two
// visits: its bingos (blanks kept to the letters the index allows), then its
// other plays. Lexicons dense in 7-9 tile words so that bingos are often
// best; BestWithBonus (alone, with an incumbent, with a play to beat) and
// TopWithBonus against every play rated, with leave-like bonuses of either
// sign, exact and looser bounds.
TEST_CASE("BestWithBonus and TopWithBonus: bingos and the other plays searched apart") {
  std::mt19937_64 rng(20261128);
  int compared = 0, bingo_best = 0;
  for (int lexicon = 0; lexicon < 3; ++lexicon) {
    const int letters = 3 + lexicon % 2;
    const Alphabet a = SmallAlphabet(letters, 2);
    const TestLexicon lex(DenseLongWords(rng, letters, 40, 4, 7, 9, 540 + 250u * unsigned(lexicon)), a);
    const auto index = internal::BingoIndex::For(lex.lexicon());  // held: every search below uses it
    REQUIRE(index->complete());
    const Layout layout = SmallLayout(11, 11, rng());
    auto g = MoveGenerator::Create(lex.lexicon(), layout).value();
    for (int round = 0; round < 30; ++round) {
      if (!g.SetBoard(RandomBoard(rng, 11, 11, letters, 0.02 + (round % 4) * 0.03)).ok()) continue;
      Rack rack = RandomRack(rng, letters, 5 + int(rng() % 2), 0.0);
      while (rack.size() < kRackSize) rack.AddBlank();
      const double spans[][2] = {{-15, 5}, {0, 30}, {-40, -10}};
      const LeaveLikeBonus bonus{rack, spans[round % 3][0], spans[round % 3][1], rng()};
      for (const Algorithm alg : {Algorithm::kGaddag, Algorithm::kDawg}) {
        const std::vector<Play> all = Generated(g, rack, alg);
        if (all.empty()) continue;
        double bounds[kMaxBoardDim + 1];
        std::fill(bounds, bounds + kMaxBoardDim + 1, -1e9);
        for (const Play& p : all) bounds[p.placed] = std::max(bounds[p.placed], bonus(p));
        if (round % 2)
          for (double& b : bounds) b += 4;  // looser
        const std::vector<RatedPlay> want = RatedBestFirst(all, bonus);
        INFO("lexicon " << lexicon << " round " << round << " alg " << AlgorithmName(alg) << " rack "
                        << rack.ToString(a));
        RatedPlay got;
        REQUIRE(g.BestWithBonus(rack, alg, BonusOf(bonus), bounds, BonusSearch{}, &got));
        CHECK(got.play == want[0].play);
        CHECK(got.value == want[0].value);
        BonusSearch with;
        with.incumbent = &want[std::min<std::size_t>(5, want.size() - 1)];
        REQUIRE(g.BestWithBonus(rack, alg, BonusOf(bonus), bounds, with, &got));
        CHECK(got.play == want[0].play);
        if (want.size() > 1) {
          BonusSearch beat;
          beat.beat = &want[1];
          REQUIRE(g.BestWithBonus(rack, alg, BonusOf(bonus), bounds, beat, &got));
          CHECK(got.play == want[0].play);
        }
        for (const std::size_t n : {std::size_t(1), std::size_t(4), std::size_t(12)})
          CheckTopWithBonus(g, rack, alg, BonusOf(bonus), bounds, n, want);
        bingo_best += want[0].play.placed == kRackSize;
        ++compared;
      }
    }
  }
  CHECK(compared > 100);
  CHECK(bingo_best > compared / 4);  // the case this is about: bingos among the best
}

// On the empty board of a layout that is its own transpose, a bonus that
// only the tiles decide (PlayBonus::tiles_only: a leave value) lets the
// search look across only; one that the place decides (here: a bonus for
// plays down) does not. Both against the model (every play rated), with an
// incumbent and a play to beat as the simulation passes them.
TEST_CASE("BestWithBonus on the empty board: across only when the tiles alone decide the bonus") {
  std::mt19937_64 rng(20261129);
  int compared = 0, best_down = 0;
  for (int letters : {4, 6}) {
    const Alphabet a = SmallAlphabet(letters, 2);
    const TestLexicon lex(RandomWords(rng, letters == 4 ? 150 : 400, letters, 7), a);
    for (int round = 0; round < 60; ++round) {
      const int side = 7 + 2 * int(rng() % 3);
      const Layout layout = MirroredLayout(side, rng());
      REQUIRE(layout.Transposable());
      auto g = MoveGenerator::Create(lex.lexicon(), layout, 30).value();
      REQUIRE(g.SetBoard(Board(side, side)).ok());
      const Rack rack = RandomRack(rng, letters, 2 + int(rng() % 6), 0.15);
      const LeaveLikeBonus leave{rack, -15, 15, rng()};
      const bool by_place = round % 3 == 2;  // a bonus for plays down: not tiles_only
      const auto bonus = [&](const Play& p) { return leave(p) + (by_place && p.dir == Dir::kDown ? 4.0 : 0.0); };
      for (const Algorithm alg : {Algorithm::kGaddag, Algorithm::kDawg}) {
        const std::vector<Play> all = Generated(g, rack, alg);
        double bounds[kMaxBoardDim + 1];
        std::fill(bounds, bounds + kMaxBoardDim + 1, -1e9);
        for (const Play& p : all) bounds[p.placed] = std::max(bounds[p.placed], bonus(p));
        const std::vector<RatedPlay> want = RatedBestFirst(all, bonus);
        INFO("letters " << letters << " round " << round << " alg " << AlgorithmName(alg) << " rack "
                        << rack.ToString(a) << (by_place ? " (bonus by place)" : ""));
        const PlayBonus pb = BonusOf(bonus, !by_place);
        RatedPlay got;
        REQUIRE(g.BestWithBonus(rack, alg, pb, bounds, BonusSearch(), &got) == !all.empty());
        if (all.empty()) continue;
        CHECK(got.play == want[0].play);
        CHECK(got.value == want[0].value);
        best_down += want[0].play.dir == Dir::kDown;
        BonusSearch with;
        with.incumbent = &want[std::min<std::size_t>(2, want.size() - 1)];
        REQUIRE(g.BestWithBonus(rack, alg, pb, bounds, with, &got));
        CHECK(got.play == want[0].play);
        if (want.size() > 1) {
          BonusSearch beat;
          beat.beat = &want[1];
          REQUIRE(g.BestWithBonus(rack, alg, pb, bounds, beat, &got));
          CHECK(got.play == want[0].play);
        }
        // An incumbent down as good as the best (its mirror image): the
        // answer is still the best across.
        if (!by_place && want[0].play.dir == Dir::kAcross) {
          RatedPlay down = want[0];
          down.play.dir = Dir::kDown, down.play.row = want[0].play.col, down.play.col = want[0].play.row;
          REQUIRE(std::find_if(want.begin(), want.end(), [&](const RatedPlay& r) { return r.play == down.play; }) !=
                  want.end());
          BonusSearch with_down;
          with_down.incumbent = &down;
          REQUIRE(g.BestWithBonus(rack, alg, pb, bounds, with_down, &got));
          CHECK(got.play == want[0].play);
        }
        // The start square's anchor down alone (an AnchorSet): its plays down
        // are searched, whatever the bonus.
        AnchorSet only_down;
        only_down.Add(Dir::kDown, side / 2, side / 2);
        BonusSearch down_only;
        down_only.anchors = &only_down;
        const auto first_down =
            std::find_if(want.begin(), want.end(), [](const RatedPlay& r) { return r.play.dir == Dir::kDown; });
        REQUIRE(g.BestWithBonus(rack, alg, pb, bounds, down_only, &got) == (first_down != want.end()));
        if (first_down != want.end()) CHECK(got.play == first_down->play);
        ++compared;
      }
    }
  }
  CHECK(compared > 150);
  CHECK(best_down > 0);  // the bonus by place makes a play down the best
}

}  // namespace
}  // namespace lexc::gen::test
