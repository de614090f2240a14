// MoveGenerator::BestWithBonus against the full generation: the play of
// highest score + bonus (ties by BetterPlay) found by scanning every play,
// for bonuses shaped like leave values (a value per multiset of tiles kept),
// on random boards and racks, both algorithms, blanks included.
#include <algorithm>
#include <catch2/catch.hpp>
#include <random>
#include <vector>

#include "gen_support.h"

namespace lexc::gen::test {
namespace {

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

}  // namespace
}  // namespace lexc::gen::test
