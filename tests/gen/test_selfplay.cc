// Greedy self-play: reproducible games, tile conservation, GCG, the two
// algorithms playing identical games, incremental analysis equal to a
// from-scratch one after every play, and many threads sharing one image.
#include <catch2/catch.hpp>
#include <random>
#include <thread>

#include "gen_support.h"
#include "lexc/game/gcg.h"
#include "lexc/game/selfplay.h"
#include "lexc/gen/cgp.h"
#include "lexc/gen/movegen.h"

namespace lexc::gen::test {
namespace {

using game::Bag;
using game::GameEvent;
using game::GameRecord;
using game::PlayGreedyGame;
using game::SelfPlayOptions;
using game::WriteGcg;

// Words of 2..5 letters over A..H, plenty to keep a game going.
const TestLexicon& Small() {
  static const TestLexicon tl = [] {
    std::mt19937_64 rng(4242);
    return TestLexicon(RandomWords(rng, 2500, 8, 5), SmallAlphabet(8));
  }();
  return tl;
}

}  // namespace

TEST_CASE("bag: full set, seeded draws", "[selfplay]") {
  const Alphabet en = Alphabet::English();
  CHECK(FullSet(en).total == 100);
  CHECK(FullSet(en).blanks == 2);
  Bag a(FullSet(en), 7), b(FullSet(en), 7), c(FullSet(en), 8);
  Rack ra, rb, rc;
  a.Refill(&ra), b.Refill(&rb), c.Refill(&rc);
  CHECK(ra == rb);
  CHECK(ra.size() == 7);
  CHECK(a.size() == 93);
  Rack all;
  while (a.size()) a.Draw(1, &all);
  CHECK(all.size() == 93);
  a.Return(all);
  CHECK(a.size() == 93);
}

TEST_CASE("greedy games: rules, GCG, both algorithms", "[selfplay]") {
  const TestLexicon& tl = Small();
  const Layout layout = Layout::Standard15();
  MoveGenerator gen = MoveGenerator::Create(tl.lexicon(), layout).value();
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    INFO("seed " << seed);
    SelfPlayOptions o;
    o.seed = seed;
    int positions = 0;
    const GameRecord g = PlayGreedyGame(gen, o, [&](const Position& p) {
                           ++positions;
                           // The position's tiles, board and racks, never exceed the set.
                           REQUIRE(ValidatePosition(p, layout, tl.alphabet()).ok());
                           REQUIRE(ParseCgp(WriteCgp(p, tl.alphabet()), tl.alphabet(), layout).ok());
                         }).value();
    CHECK(positions == g.turns);
    CHECK(g.turns > 5);
    int sum[2] = {0, 0};
    for (const GameEvent& e : g.events) {
      sum[e.player] += e.points;
      CHECK(e.total == sum[e.player]);
    }
    CHECK(sum[0] == g.scores[0]);
    CHECK(sum[1] == g.scores[1]);
    // Tiles: the board plus what the last events show cannot exceed the set.
    CHECK(gen.board().TileCount() <= FullSet(tl.alphabet()).total);
    if (g.end == GameRecord::End::kWentOut) CHECK(g.events.back().kind == GameEvent::Kind::kOutBonus);
    if (g.end == GameRecord::End::kScoreless) CHECK(g.events.back().kind == GameEvent::Kind::kRackPenalty);
    CHECK(g.end != GameRecord::End::kTurnLimit);
    const std::string gcg = WriteGcg(g, tl.alphabet(), "RANDOM");
    CHECK(gcg.rfind("#character-encoding UTF-8\n#player1 p1 ", 0) == 0);
    CHECK(std::count(gcg.begin(), gcg.end(), '>') == std::ptrdiff_t(g.events.size()));
    // The same seed with the other algorithm plays the same game.
    o.algorithm = Algorithm::kDawg;
    const GameRecord d = PlayGreedyGame(gen, o).value();
    CHECK(WriteGcg(d, tl.alphabet(), "RANDOM") == gcg);
  }
}

TEST_CASE("incremental analysis equals a from-scratch one after every play", "[selfplay][incremental]") {
  const TestLexicon& tl = Small();
  for (const Layout& layout : {Layout::Standard15(), SmallLayout(9, 11, 3)}) {
    MoveGenerator gen = MoveGenerator::Create(tl.lexicon(), layout).value();
    MoveGenerator scratch = MoveGenerator::Create(tl.lexicon(), layout).value();
    int checked = 0;
    for (std::uint64_t seed = 100; seed < 110; ++seed) {
      SelfPlayOptions o;
      o.seed = seed;
      // gen is driven by the game (Apply after each play); compare before
      // each move, i.e. after every play of the game so far.
      REQUIRE(PlayGreedyGame(gen, o, [&](const Position& p) {
                REQUIRE(scratch.SetBoard(p.board).ok());
                RequireSameAnalysis(gen, scratch);
                ++checked;
              }).ok());
    }
    CHECK(checked > 100);
  }
}

TEST_CASE("one image, many threads", "[selfplay][threads]") {
  const TestLexicon& tl = Small();
  const Layout layout = Layout::Standard15();
  const auto play_games = [&](std::uint64_t first, std::string* out) {
    MoveGenerator gen = MoveGenerator::Create(tl.lexicon(), layout).value();
    for (std::uint64_t seed = first; seed < first + 6; ++seed) {
      SelfPlayOptions o;
      o.seed = seed;
      o.algorithm = seed % 2 ? Algorithm::kGaddag : Algorithm::kDawg;
      *out += WriteGcg(PlayGreedyGame(gen, o).value(), tl.alphabet(), "");
    }
  };
  std::string alone[4], together[4];
  for (int i = 0; i < 4; ++i) play_games(std::uint64_t(10 * i), &alone[i]);
  std::vector<std::thread> threads;
  for (int i = 0; i < 4; ++i) threads.emplace_back(play_games, std::uint64_t(10 * i), &together[i]);
  for (std::thread& t : threads) t.join();
  for (int i = 0; i < 4; ++i) CHECK(together[i] == alone[i]);
}

}  // namespace lexc::gen::test
