// On SOWPODS (skipped when the list is absent): the shipped fixture positions
// are exactly what the greedy self-play produces, the DAWG and GADDAG
// generators list the same plays on every one of them (all, top N, best),
// and the analysis updated after each play equals a from-scratch one. On the
// mixed benchmark set (a quarter of the racks with blanks), the best-first
// search returns what full generation ranks first.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstring>
#include <sstream>

#include "../../libgen/src/bingo_index.h"
#include "gen_support.h"
#include "lexc/builder.h"
#include "lexc/game/selfplay.h"
#include "lexc/gen/cgp.h"
#include "lexc/gen/movegen.h"
#include "lexc/wordlist.h"

namespace lexc::gen::test {
namespace {

// The SOWPODS image, built once, both graphs (gen_support.h).
const SowpodsImage* Get() { return Sowpods(); }

}  // namespace

TEST_CASE("SOWPODS: fixtures replay from self-play, incremental analysis", "[sowpods][selfplay][incremental]") {
  const SowpodsImage* s = Get();
  if (!s) return;
  const Layout layout = Layout::Standard15();
  MoveGenerator gen = MoveGenerator::Create(s->lexicon, layout).value();
  MoveGenerator scratch = MoveGenerator::Create(s->lexicon, layout).value();
  std::vector<std::string> replayed;
  int compared = 0;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    game::SelfPlayOptions o;
    o.seed = seed;
    o.lexicon_name = "SOWPODS";
    int turn = 0;
    REQUIRE(PlayGreedyGame(gen, o, [&](const Position& p) {
              if (turn > 0 && turn % 3 == 0) replayed.push_back(WriteCgp(p, s->lexicon.alphabet()));
              ++turn;
              REQUIRE(scratch.SetBoard(p.board).ok());
              RequireSameAnalysis(gen, scratch, true);
              ++compared;
            }).ok());
  }
  CHECK(compared > 400);
  CHECK(replayed == FixtureLines("fixtures/positions/sowpods-greedy.cgp"));
}

TEST_CASE("SOWPODS: DAWG and GADDAG agree on every fixture position", "[sowpods][agreement]") {
  const SowpodsImage* s = Get();
  if (!s) return;
  const Alphabet& a = s->lexicon.alphabet();
  const Layout layout = Layout::Standard15();
  MoveGenerator gen = MoveGenerator::Create(s->lexicon, layout).value();
  std::uint64_t total = 0;
  const std::vector<std::string> lines = FixtureLines("fixtures/positions/sowpods-greedy.cgp");
  REQUIRE(lines.size() >= 100);
  for (const std::string& line : lines) {
    INFO(line);
    const Position p = ParseCgp(line, a, layout).value();
    REQUIRE(gen.SetBoard(p.board).ok());
    for (const Rack& rack : p.racks) {
      const std::vector<Play> g = Generated(gen, rack, Algorithm::kGaddag);
      const std::vector<Play> d = Generated(gen, rack, Algorithm::kDawg);
      INFO(DiffPlays(g, d, a));
      REQUIRE(g == d);
      REQUIRE(std::adjacent_find(g.begin(), g.end()) == g.end());  // each play once
      total += g.size();
      std::vector<Play> top_g, top_d;
      gen.Top(rack, Algorithm::kGaddag, 10, &top_g);
      gen.Top(rack, Algorithm::kDawg, 10, &top_d);
      REQUIRE(top_g == top_d);
      REQUIRE(top_g == std::vector<Play>(g.begin(), g.begin() + std::ptrdiff_t(std::min<std::size_t>(10, g.size()))));
      Play best;
      if (gen.Best(rack, Algorithm::kDawg, &best)) REQUIRE(best == g.front());
    }
  }
  CHECK(total > 100000);
}

TEST_CASE("SOWPODS: Best and Top equal full generation on the mixed set", "[sowpods][best]") {
  const SowpodsImage* s = Get();
  if (!s) return;
  const Alphabet& a = s->lexicon.alphabet();
  const Layout layout = Layout::Standard15();
  MoveGenerator gen = MoveGenerator::Create(s->lexicon, layout).value();
  // The bingo index from the first position on (a search asks for it, and
  // gets it only after a few dozen searches, BingoIndex::WhenWorthIt): the
  // bingo proofs and the blanks kept to the index's letters where only a
  // bingo can win are then checked on every position.
  const auto index = internal::BingoIndex::For(s->lexicon);
  REQUIRE(index->complete());
  const std::vector<std::string> lines = FixtureLines("fixtures/positions/sowpods-mixed.cgp");
  REQUIRE(lines.size() == 1000);
  // Every rack with blanks (where the search proves bingos impossible with
  // one and two blanks), every 10th without.
  int checked[3] = {0, 0, 0}, blank_free = 0;
  for (const std::string& line : lines) {
    INFO(line);
    const Position p = ParseCgp(line, a, layout).value();
    const Rack& rack = p.racks[0];
    if (rack.blanks() == 0 && blank_free++ % 10 != 0) continue;
    ++checked[std::min(rack.blanks(), 2)];
    REQUIRE(gen.SetBoard(p.board).ok());
    const std::vector<Play> all = Generated(gen, rack, Algorithm::kGaddag);  // every play, BetterPlay order
    const std::vector<Play> want(all.begin(), all.begin() + std::ptrdiff_t(std::min<std::size_t>(5, all.size())));
    for (const Algorithm alg : {Algorithm::kGaddag, Algorithm::kDawg}) {
      Play best;
      REQUIRE(gen.Best(rack, alg, &best) == !all.empty());
      if (!all.empty()) REQUIRE(best == all.front());
      std::vector<Play> top;
      gen.Top(rack, alg, 5, &top);
      REQUIRE(top == want);
    }
  }
  CHECK(checked[0] == 75);
  CHECK(checked[1] == 200);
  CHECK(checked[2] == 50);
}

// The opening move (the empty board of the standard layout, which is its
// own transpose): Best takes the plays across only, and for a rack without
// blanks spells each word once along the DAWG (movegen_opening.cc). On the
// racks of the mixed set, Best equals full generation's first play.
TEST_CASE("SOWPODS: Best on the empty board equals full generation", "[sowpods][best]") {
  const SowpodsImage* s = Get();
  if (!s) return;
  const Alphabet& a = s->lexicon.alphabet();
  const Layout layout = Layout::Standard15();
  REQUIRE(layout.Transposable());
  MoveGenerator gen = MoveGenerator::Create(s->lexicon, layout).value();
  REQUIRE(gen.SetBoard(Board(layout.rows(), layout.cols())).ok());
  int racks = 0, with_blanks = 0, bingos = 0;
  for (const std::string& line : FixtureLines("fixtures/positions/sowpods-mixed.cgp")) {
    INFO(line);
    const Rack rack = ParseCgp(line, a, layout).value().racks[0];
    const std::vector<Play> all = Generated(gen, rack, Algorithm::kGaddag);  // every play, BetterPlay order
    for (const Algorithm alg : {Algorithm::kGaddag, Algorithm::kDawg}) {
      Play best;
      REQUIRE(gen.Best(rack, alg, &best) == !all.empty());
      if (!all.empty()) REQUIRE(best == all.front());
    }
    ++racks, with_blanks += rack.blanks() > 0;
    bingos += !all.empty() && all.front().placed == kRackSize;
  }
  CHECK(racks == 1000);
  CHECK(with_blanks == 250);
  CHECK(bingos > 0);
}

}  // namespace lexc::gen::test
