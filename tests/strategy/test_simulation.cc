// Simulation: the pruning rule on synthetic candidates of known means and
// variances (never the true best pruned), the normal quantile against
// tabulated values, a constructed position where one kind of candidate is
// better by construction, inferred leaves, and reproducibility over seeds
// and thread counts; the opponent's replies found by reusing the root
// board's plays (SimOptions::reuse_replies) give the very results of full
// searches.
#include <algorithm>
#include <catch2/catch.hpp>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "gen_support.h"
#include "lexc/game/game_state.h"
#include "lexc/game/rules.h"
#include "lexc/gen/cgp.h"
#include "lexc/interop/leave_table.h"
#include "lexc/strategy/equity.h"
#include "lexc/strategy/inference.h"
#include "lexc/strategy/leave_values.h"
#include "lexc/strategy/simulation.h"
#include "strategy_support.h"

namespace lexc::strategy::test {
namespace {

using gen::test::TestLexicon;

// A mid-game position of a short greedy game on fixtures/english-small.txt.
gen::Position OuthaulPosition(const Alphabet& a) {
  return gen::ParseCgp("15/15/15/15/15/15/15/4OUTHAUL4/15/15/15/15/15/15/15 AEINRST/ 0/14 0", a,
                       gen::Layout::Standard15())
      .value();
}

// OuthaulPosition on the fixture lexicon and the standard board, simulated
// with no leave values: six candidates, 300 iterations at most.
struct OuthaulSim {
  TestLexicon lex{gen::test::EnglishFixture("fixtures/english-small.txt"), Alphabet::English()};
  gen::Layout layout = gen::Layout::Standard15();
  gen::Position p = OuthaulPosition(lex.alphabet());
  LeaveValues none;
  SimOptions o = [] {
    SimOptions d;
    d.candidates = 6;
    d.max_iterations = 300;
    return d;
  }();
  Result<SimResult> Run() const { return Simulate(lex.lexicon(), layout, lex.alphabet(), none, p, o); }
};

TEST_CASE("NormalQuantile gives the tabulated two-sided z") {
  CHECK(NormalQuantile(0.90) == Approx(1.6448536269514722).epsilon(1e-10));
  CHECK(NormalQuantile(0.95) == Approx(1.959963984540054).epsilon(1e-10));
  CHECK(NormalQuantile(0.99) == Approx(2.5758293035489004).epsilon(1e-10));
  CHECK(NormalQuantile(0.999) == Approx(3.2905267314918945).epsilon(1e-10));
  CHECK(NormalQuantile(0.5) == Approx(0.6744897501960817).epsilon(1e-10));
}

TEST_CASE("ConfidencePruner's statistics equal a direct computation") {
  std::mt19937_64 rng(3);
  std::normal_distribution<double> d(5, 3);
  ConfidencePruner pr(3, 0.95);
  std::vector<std::vector<double>> seen(3);
  for (int i = 0; i < 200; ++i) {
    std::vector<double> v = {d(rng), d(rng) - 1, d(rng) + 2};
    pr.AddIteration(v);
    for (int c = 0; c < 3; ++c) seen[std::size_t(c)].push_back(v[std::size_t(c)]);
  }
  for (std::size_t c = 0; c < 3; ++c) {
    double mean = 0;
    for (double x : seen[c]) mean += x;
    mean /= double(seen[c].size());
    double ss = 0;
    for (double x : seen[c]) ss += (x - mean) * (x - mean);
    const double sd = std::sqrt(ss / double(seen[c].size() - 1));
    CHECK(pr.stats(c).Mean() == Approx(mean).epsilon(1e-12));
    CHECK(pr.stats(c).Sd() == Approx(sd).epsilon(1e-9));
    CHECK(pr.Upper(c) == Approx(mean + 1.959963984540054 * sd / std::sqrt(200.0)).epsilon(1e-9));
    CHECK(pr.Lower(c) == Approx(mean - 1.959963984540054 * sd / std::sqrt(200.0)).epsilon(1e-9));
  }
  CHECK(pr.Leader() == 2);
}

TEST_CASE("Pruning never drops the true best of candidates with known means and variances") {
  // Ten candidates, normal values; the best by 1 point over the next, SDs
  // 8 to 20 (the spread of real two-ply values). 300 runs of up to 200
  // batches of 50 at 99%: the best is never pruned, the clearly worse are.
  const std::vector<double> means = {30, 29, 27, 25, 24, 20, 18, 15, 10, 0};
  const std::vector<double> sds = {12, 15, 8, 20, 10, 14, 9, 18, 11, 16};
  int decided = 0;
  for (std::uint64_t run = 0; run < 300; ++run) {
    std::mt19937_64 rng(1000 + run);
    std::vector<std::normal_distribution<double>> dist;
    for (std::size_t c = 0; c < means.size(); ++c) dist.emplace_back(means[c], sds[c]);
    ConfidencePruner pr(means.size(), 0.99);
    std::vector<double> v(means.size());
    for (int batch = 0; batch < 200 && pr.alive_count() > 1; ++batch) {
      for (int i = 0; i < 50; ++i) {
        for (std::size_t c = 0; c < means.size(); ++c) v[c] = dist[c](rng);
        pr.AddIteration(v);
      }
      pr.Prune();
      REQUIRE(pr.alive(0));
    }
    CHECK_FALSE(pr.alive(9));  // 30 points behind
    CHECK_FALSE(pr.alive(5));  // 10 points behind
    decided += pr.alive_count() == 1;
  }
  CHECK(decided > 0);
}

TEST_CASE("LeaderAhead uses the paired differences") {
  // Two candidates sharing a large common noise term: the separate intervals
  // overlap for long, the paired differences separate at once.
  std::mt19937_64 rng(8);
  std::normal_distribution<double> common(0, 50), own(0, 1);
  ConfidencePruner pr(2, 0.99);
  for (int i = 0; i < 100; ++i) {
    const double x = common(rng);
    pr.AddIteration({x + 1 + own(rng), x + own(rng)});
  }
  CHECK(pr.Prune().empty());
  CHECK(pr.alive_count() == 2);
  CHECK(pr.LeaderAhead());
  CHECK(pr.Leader() == 0);
}

TEST_CASE("LeaderAhead holds all comparisons together (Bonferroni)") {
  // Leader 0 against three others, each paired difference with mean 1 and
  // SD about 8 over n = 400: 1 / (8 / 20) = 2.5, above z = 2.326 (one
  // comparison at 98%) but below z = 2.713 (three at 98% together).
  ConfidencePruner pr(4, 0.98);
  std::vector<double> v(4);
  for (int i = 0; i < 400; ++i) {
    const double e = i % 2 == 0 ? 8.0 : -8.0;
    v[0] = 100;
    v[1] = v[2] = v[3] = 99 + e;
    pr.AddIteration(v);
  }
  const double sd = pr.stats(1).Sd();
  REQUIRE(1.0 / (sd / 20) > NormalQuantile(0.98));
  REQUIRE(1.0 / (sd / 20) < NormalQuantile(1 - 0.02 / 3));
  CHECK_FALSE(pr.LeaderAhead());
  ConfidencePruner two(2, 0.98);
  for (int i = 0; i < 400; ++i) {
    const double e = i % 2 == 0 ? 8.0 : -8.0;
    two.AddIteration({100, 99 + e});
  }
  CHECK(two.LeaderAhead());
}

// The constructed game: tiles A and B (one each), Z (30), C (30); the words
// AB, BA and ABZZ. On the empty board the mover holds A and B: every AB and
// BA play scores the same (static equity ties), but an AB play lets the
// opponent, who holds only Z and C, answer ABZZ (when it holds two Z),
// while after a BA play nothing can be played. So every BA play is better,
// by construction, by what ABZZ scores on average.
struct Constructed {
  Alphabet alphabet;
  TestLexicon lex;
  gen::Layout layout = gen::Layout::Standard15();
  static Alphabet MakeAlphabet() {
    std::vector<TileInfo> t = {{"A", "a", 1, 1}, {"B", "b", 1, 1}, {"C", "c", 3, 30}, {"Z", "z", 10, 30}};
    return Alphabet::FromTiles("abcz", t, 0, 0).value();
  }
  static lexc::test::WordSet Words() { return {{1, 2}, {2, 1}, {1, 2, 4, 4}}; }
  Constructed() : alphabet(MakeAlphabet()), lex(Words(), alphabet) {}
  gen::Position Position(const std::string& extra = "") const {
    return gen::ParseCgp("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AB/ 0/0 0" + extra, alphabet, layout).value();
  }
};

bool IsAB(const gen::Move& m) { return m.kind == gen::Move::Kind::kPlay && m.play.cells[0] == 1; }

TEST_CASE("On a constructed position sim keeps the candidates better by construction") {
  const Constructed c;
  LeaveValues none;
  SimOptions o;
  o.candidates = 20;
  o.max_iterations = 2000;
  o.batch = 50;
  auto r = Simulate(c.lex.lexicon(), c.layout, c.alphabet, none, c.Position(), o);
  REQUIRE(r.ok());
  // AB and BA, across and down, two squares each covering the centre; the
  // exchanges of A, B and AB (worth 0: the mover can never play again) and
  // the pass (worth 4: the opponent cannot play, the mover then plays).
  REQUIRE(r->candidates.size() == 12);
  int ab = 0;
  for (const SimCandidate& s : r->candidates) {
    INFO(gen::FormatMove(s.move.move, c.alphabet) << " mean " << s.mean << " pruned " << s.pruned);
    if (IsAB(s.move.move)) {
      ++ab;
      CHECK(s.pruned);
      // 4, minus 22 when the opponent answers ABZZ (95% of racks hold two Z),
      // plus 22 when it cannot and the mover plays ABZZ itself (second ply).
      CHECK(s.mean < -10);
    } else if (s.move.move.kind == gen::Move::Kind::kExchange) {
      CHECK(s.pruned);
      CHECK(s.mean == 0);
    } else {
      CHECK_FALSE(s.pruned);
      CHECK(s.mean == 4);  // 2 x (1 + 1) on the centre; nothing comes back
      CHECK(s.sd == 0);
    }
  }
  CHECK(ab == 4);
  CHECK(r->candidates.size() - 4 - 3 == 5);  // four BA plays and the pass kept
  CHECK_FALSE(IsAB(r->candidates.front().move.move));
  CHECK(r->stop == SimStop::kIterations);  // the BA plays tie for ever
  CHECK(r->iterations == 2000);

  // Static equity alone (no plies) cannot tell them apart.
  o.plies = 0;
  o.max_iterations = 100;
  auto s = Simulate(c.lex.lexicon(), c.layout, c.alphabet, none, c.Position(), o);
  REQUIRE(s.ok());
  for (const SimCandidate& x : s->candidates) CHECK(x.pruned == (x.move.move.kind != gen::Move::Kind::kPlay));
}

TEST_CASE("Inferred leaves decide the opponent's racks") {
  // The opponent kept ZZ (an inferred leave, the only one): it always
  // answers an AB play with (AB)ZZ for 22, and nothing comes back, so every
  // AB play is worth exactly 4 - 22 on every draw.
  const Constructed c;
  LeaveValues none;
  LeaveDistribution d;
  Rack zz;
  zz.Add(4), zz.Add(4);
  d.leaves = {zz};
  d.weights = {1};
  SimOptions o;
  o.candidates = 20;
  o.max_iterations = 200;
  o.batch = 200;  // one batch: nothing pruned before every value is in
  o.opponent = &d;
  auto r = Simulate(c.lex.lexicon(), c.layout, c.alphabet, none, c.Position(), o);
  REQUIRE(r.ok());
  int ab = 0;
  for (const SimCandidate& s : r->candidates)
    if (IsAB(s.move.move)) {
      ++ab;
      CHECK(s.mean == -18);
      CHECK(s.sd == 0);
    }
  CHECK(ab == 4);
  // Two leaves, ZZ and CC, weighed 3 to 1: about three quarters of the
  // draws give the opponent two Z at least.
  Rack cc;
  cc.Add(3), cc.Add(3);
  d.leaves = {zz, cc};
  d.weights = {3, 1};
  o.max_iterations = 4000;
  o.batch = 4000;
  auto mixed = Simulate(c.lex.lexicon(), c.layout, c.alphabet, none, c.Position(), o);
  REQUIRE(mixed.ok());
  for (const SimCandidate& s : mixed->candidates)
    if (IsAB(s.move.move)) CHECK(s.mean < -10);
}

TEST_CASE("Simulation is identical for any number of threads and changes with the seed") {
  OuthaulSim sim;
  SimOptions& o = sim.o;
  o.batch = 40;
  o.seed = 77;
  std::vector<SimResult> results;
  for (int threads : {1, 2, 3}) {
    o.threads = threads;
    auto r = sim.Run();
    REQUIRE(r.ok());
    results.push_back(*r);
  }
  REQUIRE(results[0].candidates.size() > 1);
  for (std::size_t t = 1; t < results.size(); ++t) {
    REQUIRE(results[t].candidates.size() == results[0].candidates.size());
    CHECK(results[t].iterations == results[0].iterations);
    CHECK(results[t].stop == results[0].stop);
    for (std::size_t i = 0; i < results[0].candidates.size(); ++i) {
      const SimCandidate &x = results[0].candidates[i], &y = results[t].candidates[i];
      CHECK(x.move.move.play == y.move.move.play);
      CHECK(x.mean == y.mean);  // bit for bit
      CHECK(x.sd == y.sd);
      CHECK(x.iterations == y.iterations);
      CHECK(x.pruned == y.pruned);
    }
  }
  o.threads = 1;
  o.seed = 78;
  auto other = sim.Run();
  REQUIRE(other.ok());
  bool differs = false;
  for (const SimCandidate& x : other->candidates)
    for (const SimCandidate& y : results[0].candidates)
      if (x.move.move.play == y.move.move.play && x.mean != y.mean) differs = true;
  CHECK(differs);
}

// Every field of two results that does not depend on the clock.
void CheckSameResult(const SimResult& x, const SimResult& y) {
  CHECK(x.iterations == y.iterations);
  CHECK(x.stop == y.stop);
  REQUIRE(x.candidates.size() == y.candidates.size());
  for (std::size_t i = 0; i < x.candidates.size(); ++i) {
    const SimCandidate &a = x.candidates[i], &b = y.candidates[i];
    CHECK(a.move.move.kind == b.move.move.kind);
    CHECK(a.move.move.play == b.move.move.play);
    CHECK(a.mean == b.mean);  // bit for bit: every reply the same
    CHECK(a.sd == b.sd);
    CHECK(a.iterations == b.iterations);
    CHECK(a.pruned == b.pruned);
  }
}

// A batch's values are kept a chunk of draws at a time: a batch of two
// billion draws (a buffer of 96 GB for 6 candidates, allocated up front
// before) stopped at 300 iterations runs in the memory of the draws done,
// with the result of a batch of 300.
TEST_CASE("A batch far beyond the iterations run costs only the draws done") {
  OuthaulSim sim;
  sim.o.seed = 5;
  sim.o.batch = 300;
  auto want = sim.Run();
  REQUIRE(want.ok());
  sim.o.batch = 2000000000;
  auto got = sim.Run();
  REQUIRE(got.ok());
  CHECK(got->iterations == 300);
  CheckSameResult(*got, *want);
}

TEST_CASE("Replies reused from the root board give the results of full searches") {
  std::mt19937_64 rng(8);
  const auto layout = gen::Layout::Standard15();
  const interop::LeaveTable table = RandomLeaveTable(rng, 26, 30000, 0.05);
  const LeaveValues leaves = LeaveValues::Create(table, 26).value();
  const LeaveValues none;
  int compared = 0;
  const auto compare = [&](const Lexicon& lex, const gen::Position& p, int plies, int threads, bool with_leaves) {
    SimOptions o;
    o.candidates = 8;
    o.plies = plies;
    o.max_iterations = 60;
    o.batch = 20;
    o.threads = threads;
    o.seed = 1000 + std::uint64_t(compared);
    const LeaveValues& lv = with_leaves ? leaves : none;
    o.reuse_replies = false;
    auto full = Simulate(lex, layout, lex.alphabet(), lv, p, o);
    o.reuse_replies = true;
    auto reused = Simulate(lex, layout, lex.alphabet(), lv, p, o);
    REQUIRE(full.ok());
    REQUIRE(reused.ok());
    CheckSameResult(*full, *reused);
    ++compared;
  };
  {
    const TestLexicon lex(gen::test::EnglishFixture("fixtures/english-small.txt"), Alphabet::English());
    const gen::Position p = OuthaulPosition(lex.alphabet());
    for (int plies : {1, 2, 3}) compare(lex.lexicon(), p, plies, 1, plies != 2);
  }
  const gen::test::SowpodsImage* sowpods = gen::test::Sowpods();
  if (!sowpods) return;
  // The opening: every root reply covers the start square, so every
  // candidate changes them all.
  compare(
      sowpods->lexicon,
      gen::ParseCgp("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 ?EINRST/ 0/0 0", sowpods->lexicon.alphabet(), layout)
          .value(),
      2, 1, true);
  int n = 0;
  for (const std::string& line : gen::test::FixtureLines("fixtures/positions/sowpods-greedy.cgp")) {
    if (compared >= 40) break;
    if (line[0] == '#' || n++ % 7 != 3) continue;  // a spread of the games' turns
    const gen::Position p = gen::ParseCgp(line, sowpods->lexicon.alphabet(), layout).value();
    compare(sowpods->lexicon, p, 1 + n % 3, 1 + n % 2, n % 5 != 0);
  }
  CHECK(compared >= 20);
}

TEST_CASE("Simulate refuses bad options and positions") {
  const Constructed c;
  LeaveValues none;
  SimOptions o;
  o.max_iterations = 10;
  const gen::Position p = c.Position();
  auto bad = [&](SimOptions x) { return !Simulate(c.lex.lexicon(), c.layout, c.alphabet, none, p, x).ok(); };
  SimOptions x = o;
  x.candidates = 0;
  CHECK(bad(x));
  x = o, x.plies = kMaxPlies + 1;
  CHECK(bad(x));
  x = o, x.confidence = 1;
  CHECK(bad(x));
  x = o, x.batch = 0;
  CHECK(bad(x));
  x = o, x.threads = 0;
  CHECK(bad(x));
  x = o, x.max_iterations = 0;
  CHECK(bad(x));
  CHECK_FALSE(bad(o));
  gen::Position empty = p;
  empty.racks[0] = Rack();
  CHECK_FALSE(Simulate(c.lex.lexicon(), c.layout, c.alphabet, none, empty, o).ok());
  // An inferred leave the unseen tiles do not hold (the mover has the A).
  LeaveDistribution d;
  Rack a;
  a.Add(1);
  d.leaves.push_back(a);
  d.weights.push_back(1);
  x = o, x.opponent = &d;
  CHECK(bad(x));
  // A leave of Z only is fine, and then the opponent always holds a Z.
  d.leaves[0] = Rack();
  d.leaves[0].Add(4);
  CHECK_FALSE(bad(x));
}

// The end of the game in a line. The words CAT, CATS, SCAT, CATE and QI on
// the English set; CAT at 11F and the rest of the set on rows 1-7, where no
// word can be made, so the bag is empty and the opponent holds every
// unseen tile. Q is worth 10, X 8, S and E 1.
struct CatGame {
  TestLexicon lex{gen::test::EnglishWords({"CAT", "CATS", "SCAT", "CATE", "QI"}), Alphabet::English()};
  gen::Layout layout = gen::Layout::Standard15();
  LeaveValues none;
  static constexpr const char* kQsE =
      "eeAAAAAAAABBCDD/DDEEEEEEEEEEEFF/GGGHHIIIIIIIIIJ/KLLLLMMNNNNNNOO/OOOOOOPPRRRRRRS/SSTTTTTUUUUVVWW/XYYZ11/15/15/"
      "15/5CAT7/15/15/15/15 QS/E 0/0 ";
  static constexpr const char* kQX =
      "eeAAAAAAAABBCDD/DDEEEEEEEEEEEEF/FGGGHHIIIIIIIII/JKLLLLMMNNNNNNO/OOOOOOOPPRRRRRR/SSSSTTTTTUUUUVV/WWYYZ10/15/15/"
      "15/5CAT7/15/15/15/15 Q/X 0/0 ";
  gen::Position Position(const std::string& cgp) const { return gen::ParseCgp(cgp, lex.alphabet(), layout).value(); }
  Result<SimResult> Run(const gen::Position& p, int plies, int candidates = 10) const {
    SimOptions o;
    o.candidates = candidates;
    o.plies = plies;
    o.max_iterations = 20;
    return Simulate(lex.lexicon(), layout, lex.alphabet(), none, p, o);
  }
  // The referee's spread after the position's player to move passes and
  // then both pass, `plies` more moves at most (GameState, game/rules.h).
  int RefereePasses(const gen::Position& p, int plies) const {
    game::GameState g = game::GameState::FromPosition(p, layout, lex.alphabet(), game::RulesOf(p), 1).value();
    for (int i = 0; i <= plies && !g.over(); ++i) REQUIRE(g.Apply(gen::Move()).ok());
    return g.score(0) - g.score(1);
  }
};

const SimCandidate* Find(const SimResult& r, const Alphabet& a, const std::string& move) {
  for (const SimCandidate& c : r.candidates)
    if (gen::FormatMove(c.move.move, a) == move) return &c;
  return nullptr;
}

TEST_CASE("A line ends at the scoreless-turn limit, the position's count included, as the game ends") {
  const CatGame g;
  const Alphabet& a = g.lex.alphabet();
  // QS against E, 5 scoreless turns: the pass is the sixth and ends the
  // game, each side losing its own tiles: -(10 + 1) + 1 = -10.
  const gen::Position five = g.Position(std::string(CatGame::kQsE) + "5");
  for (int plies : {0, 1, 2}) {
    auto r = g.Run(five, plies);
    REQUIRE(r.ok());
    const SimCandidate* pass = Find(*r, a, "pass 0");
    REQUIRE(pass);
    CHECK(pass->mean == -10);
    CHECK(pass->sd == 0);
    CHECK(g.RefereePasses(five, plies) == -10);
  }
  // S(CAT) resets the count; E has no answer (SCATE is no word): 12.
  auto r = g.Run(five, 1);
  REQUIRE(r.ok());
  REQUIRE(Find(*r, a, "11E S(CAT) 12"));
  CHECK(Find(*r, a, "11E S(CAT) 12")->mean == 12);
  // From 4, the pass is the fifth: E answers (CAT)E for 6 and goes out,
  // gaining twice QS: -6 - 22 = -28.
  auto four = g.Run(g.Position(std::string(CatGame::kQsE) + "4"), 1);
  REQUIRE(four.ok());
  REQUIRE(Find(*four, a, "pass 0"));
  CHECK(Find(*four, a, "pass 0")->mean == -28);
  // mcnz 1: the pass ends the game from a count of 0.
  auto one = g.Run(g.Position(std::string(CatGame::kQsE) + "0 mcnz 1;"), 2);
  REQUIRE(one.ok());
  REQUIRE(Find(*one, a, "pass 0"));
  CHECK(Find(*one, a, "pass 0")->mean == -10);

  // Q against X: neither can play, the pass is the only move, passes
  // follow; the limit ends the line at the ply it comes: -10 + 8 = -2.
  for (int scoreless : {2, 3, 4, 5})
    for (int plies : {0, 1, 2, 3, 5}) {
      const gen::Position p = g.Position(std::string(CatGame::kQX) + std::to_string(scoreless));
      auto qx = g.Run(p, plies);
      REQUIRE(qx.ok());
      REQUIRE(qx->candidates.size() == 1);
      const double want = scoreless + plies + 1 >= 6 ? -2 : 0;
      INFO("scoreless " << scoreless << ", plies " << plies);
      CHECK(qx->candidates[0].mean == want);
      CHECK(g.RefereePasses(p, plies) == want);
    }
}

TEST_CASE("Simulate and InferLeave refuse three players, Simulate a finished game") {
  const CatGame g;
  const Alphabet& a = g.lex.alphabet();
  const auto refused = [](const Result<SimResult>& r, const std::string& why) {
    REQUIRE_FALSE(r.ok());
    CHECK(r.status().code() == Errc::kInvalidArgument);
    CHECK(r.status().detail() == why);
  };
  refused(g.Run(g.Position(std::string(CatGame::kQsE) + "6"), 2),
          "scoreless turns: 6 reach the limit of 6, the game is over");
  refused(g.Run(g.Position(std::string(CatGame::kQsE) + "7"), 2),
          "scoreless turns: 7 reach the limit of 6, the game is over");
  refused(g.Run(g.Position(std::string(CatGame::kQsE) + "3 mcnz 3;"), 2),
          "scoreless turns: 3 reach the limit of 3, the game is over");
  std::string out = std::string(CatGame::kQsE) + "0";
  out.replace(out.find(" QS/E "), 6, " QES/ ");  // the opponent has played out
  refused(g.Run(g.Position(out), 2), "racks: the opponent has no tiles and the bag is empty, the game is over");
  // Its rack left out with a tile unseen: the opponent holds it.
  gen::Position unlisted = g.Position(std::string(CatGame::kQsE) + "0");
  unlisted.racks.resize(1);
  unlisted.scores.resize(1);
  CHECK(g.Run(unlisted, 2).ok());
  gen::Position three = g.Position(std::string(CatGame::kQsE) + "0");
  three.racks.push_back(Rack());
  three.scores.push_back(0);
  refused(g.Run(three, 2), "racks: a game has two players, the position lists 3 racks");
  // The same rule in inference: the third rack is not the observer's.
  gen::Position before = three;
  before.racks[0] = Rack();
  gen::Move exchange;
  exchange.kind = gen::Move::Kind::kExchange;
  auto inferred = InferLeave(g.lex.lexicon(), g.layout, a, g.none, before, exchange, 1, InferenceOptions());
  REQUIRE_FALSE(inferred.ok());
  CHECK(inferred.status().detail() == "racks: a game has two players, the position lists 3 racks");
}

TEST_CASE("A single candidate is simulated over every draw, with the value it has among others") {
  OuthaulSim sim;
  sim.o.batch = 300;  // one batch: every candidate gets every draw
  auto all = sim.Run();
  REQUIRE(all.ok());
  REQUIRE(all->candidates.size() > 1);
  sim.o.candidates = 1;
  sim.o.batch = 40;
  for (int threads : {1, 2}) {
    sim.o.threads = threads;
    auto one = sim.Run();
    REQUIRE(one.ok());
    REQUIRE(one->candidates.size() == 1);
    const SimCandidate& c = one->candidates[0];
    CHECK(one->iterations == 300);
    CHECK(one->evaluations == 300);
    CHECK(one->stop == SimStop::kIterations);
    CHECK(c.iterations == 300);
    CHECK_FALSE(c.pruned);
    CHECK(c.sd > 0);
    CHECK(c.lower < c.mean);
    CHECK(c.mean < c.upper);
    bool found = false;
    for (const SimCandidate& x : all->candidates)
      if (x.move.move.kind == c.move.move.kind && x.move.move.play == c.move.move.play) {
        found = true;
        CHECK(x.mean == c.mean);  // the same draws, the same order
        CHECK(x.sd == c.sd);
      }
    CHECK(found);
  }
}

}  // namespace
}  // namespace lexc::strategy::test
