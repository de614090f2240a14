// Static equity against plain models: leave values from a std::map keyed by
// the sorted tiles, every play's equity recomputed as score + map[rack minus
// its tiles], TopByEquity against a full sort of every legal move, the
// empty-bag rule (going out earns twice the unseen tiles), and the equity
// player in whole games.
#include <algorithm>
#include <catch2/catch.hpp>
#include <map>
#include <random>
#include <vector>

#include "gen_support.h"
#include "lexc/game/player.h"
#include "lexc/game/selfplay.h"
#include "lexc/strategy/equity.h"
#include "lexc/strategy/leave_values.h"

namespace lexc::strategy::test {
namespace {

using gen::test::TestLexicon;
using Key = std::vector<Tile>;

// A random table over `letters` letters and blanks: every multiset of 1..max
// tiles, each present with probability 3/4, values in [-20, 30).
std::map<Key, float> RandomModel(std::mt19937_64& rng, int letters, int max_tiles) {
  std::map<Key, float> m;
  std::uniform_real_distribution<float> value(-20, 30);
  Key k;
  auto rec = [&](auto& self, int from) -> void {
    if (!k.empty() && rng() % 4 != 0) m[k] = value(rng);
    if (int(k.size()) == max_tiles) return;
    for (int t = from; t <= letters; ++t) {
      k.push_back(Tile(t));
      self(self, t);
      k.pop_back();
    }
  };
  rec(rec, 0);
  return m;
}

interop::LeaveTable TableOf(const std::map<Key, float>& m, int letters) {
  std::vector<interop::LeaveEntry> e;
  for (const auto& [k, v] : m) e.push_back({k, v});
  auto t = interop::LeaveTable::FromEntries(std::move(e), letters);
  REQUIRE(t.ok());
  return std::move(t).value();
}

Key KeyOf(const Rack& r) {
  Key k(std::size_t(r.blanks()), interop::kLeaveBlank);
  for (int t = 1; t <= kMaxTiles; ++t)
    for (int c = 0; c < r.count(Tile(t)); ++c) k.push_back(Tile(t));
  return k;
}

float ModelValue(const std::map<Key, float>& m, const Rack& leave) {
  auto it = m.find(KeyOf(leave));
  return it == m.end() ? 0.0f : it->second;
}

Rack Minus(Rack r, const Rack& used) {
  for (int b = 0; b < used.blanks(); ++b) r.RemoveBlank();
  for (int t = 1; t <= kMaxTiles; ++t)
    for (int c = 0; c < used.count(Tile(t)); ++c) r.Remove(Tile(t));
  return r;
}

TEST_CASE("LeaveValues and RackLeaves equal a std::map on every sub-multiset") {
  std::mt19937_64 rng(11);
  for (int letters : {3, 6}) {
    const auto model = RandomModel(rng, letters, letters == 3 ? 7 : 5);
    const auto table = TableOf(model, letters);
    auto values = LeaveValues::Create(table, letters);
    REQUIRE(values.ok());
    CHECK_FALSE(LeaveValues::Create(table, letters + 1).ok());
    RackLeaves rl(*values);
    for (int round = 0; round < 300; ++round) {
      const Rack rack = gen::test::RandomRack(rng, letters, 1 + int(rng() % 7), 0.15);
      CHECK(values->Value(rack) == ModelValue(model, rack));
      rl.SetRack(rack);
      CHECK(rl.Whole() == ModelValue(model, rack));
      // Every leave but the whole rack (ForEachExchange throws 1+ tiles);
      // BestKept by size is their maximum (SetRack looks them up in batches),
      // BestKeptSpendingBlank the maximum of those keeping fewer blanks.
      float best[16], best_spending[16];
      bool seen[16] = {}, seen_spending[16] = {};
      gen::ForEachExchange(rack, [&](const Rack& thrown) {
        const Rack leave = Minus(rack, thrown);
        const float v = ModelValue(model, leave);
        CHECK(rl.AfterExchange(thrown) == v);
        const int n = leave.size();
        if (!seen[n] || v > best[n]) best[n] = v, seen[n] = true;
        if (leave.blanks() < rack.blanks() && (!seen_spending[n] || v > best_spending[n]))
          best_spending[n] = v, seen_spending[n] = true;
      });
      for (int n = 0; n < rack.size(); ++n) {
        if (seen[n]) CHECK(rl.BestKept(n) == best[n]);
        CHECK(rl.BestKeptSpendingBlank(n) == (seen_spending[n] ? best_spending[n] : 0.0f));
      }
    }
  }
}

TEST_CASE("The empty LeaveValues values every leave 0") {
  LeaveValues none;
  RackLeaves rl(none);
  Rack r;
  r.Add(1), r.Add(1), r.AddBlank();
  rl.SetRack(r);
  CHECK(rl.Whole() == 0);
  CHECK(none.Value(r) == 0);
}

struct Rated {
  gen::Move move;
  double equity;
  int kind_rank;      // plays 0, exchanges 1, pass 2
  std::size_t order;  // BetterPlay order among plays, ForEachExchange order among exchanges
};

// Every legal move rated by the model and sorted by the documented order.
std::vector<Rated> ModelRanking(gen::MoveGenerator& g, const Rack& rack, int bag, const Rack& unseen,
                                const std::map<Key, float>& model, const Alphabet& a, bool can_exchange) {
  std::vector<Rated> all;
  auto plays = gen::test::Generated(g, rack, gen::Algorithm::kGaddag);  // BetterPlay-sorted
  for (std::size_t i = 0; i < plays.size(); ++i) {
    const auto& p = plays[i];
    double e = p.score;
    if (bag > 0)
      e += ModelValue(model, Minus(rack, p.Tiles()));
    else if (p.placed == rack.size())
      e += 2 * unseen.Value(a);
    all.push_back({gen::Move::FromPlay(p), e, 0, i});
  }
  if (can_exchange) {
    std::size_t i = 0;
    gen::ForEachExchange(rack, [&](const Rack& thrown) {
      gen::Move m;
      m.kind = gen::Move::Kind::kExchange;
      m.exchange = thrown;
      all.push_back({m, bag > 0 ? ModelValue(model, Minus(rack, thrown)) : 0.0, 1, i++});
    });
  }
  all.push_back({gen::Move{}, bag > 0 ? ModelValue(model, rack) : 0.0, 2, 0});
  std::stable_sort(all.begin(), all.end(), [](const Rated& x, const Rated& y) {
    if (x.equity != y.equity) return x.equity > y.equity;
    if (x.kind_rank != y.kind_rank) return x.kind_rank < y.kind_rank;
    return x.order < y.order;
  });
  return all;
}

TEST_CASE("TopByEquity equals a full sort of every move rated by the model") {
  std::mt19937_64 rng(5);
  const int letters = 5;
  const Alphabet a = gen::test::SmallAlphabet(letters, 2);
  const TestLexicon lex(gen::test::RandomWords(rng, 200, letters, 6), a);
  const auto layout = gen::test::SmallLayout(9, 9, 3);
  const auto model = RandomModel(rng, letters, 6);
  const auto table = TableOf(model, letters);
  const auto values = LeaveValues::Create(table, letters).value();
  auto g = gen::MoveGenerator::Create(lex.lexicon(), layout, 35).value();
  StaticEquity equity(values, a);
  std::vector<RatedMove> top;
  int compared = 0;
  for (int round = 0; round < 150; ++round) {
    const gen::Board board = gen::test::RandomBoard(rng, 9, 9, letters, 0.15 + 0.3 * double(rng() % 3) / 2);
    if (!g.SetBoard(board).ok()) continue;
    const Rack rack = gen::test::RandomRack(rng, letters, 1 + int(rng() % 7), 0.2);
    const int bag = round % 3 == 0 ? 0 : int(rng() % 40);
    const Rack unseen = gen::test::RandomRack(rng, letters, 1 + int(rng() % 7), 0.2);
    const bool can_exchange = bag >= 7;
    equity.SetPosition(rack, bag, unseen);
    // BestExchange is the best of every exchange, listed one by one.
    double best_exchange = -1e300;
    gen::ForEachExchange(
        rack, [&](const Rack& thrown) { best_exchange = std::max(best_exchange, equity.OfExchange(thrown)); });
    if (!rack.empty()) CHECK(equity.BestExchange() == best_exchange);
    // The bonus bounds hold for every play: by tiles placed, and for the
    // plays that place a blank (their leave keeps fewer blanks), bag empty
    // or not.
    double bounds[gen::kMaxBoardDim + 1], blank_bounds[gen::kMaxBoardDim + 1];
    equity.PlayBonusBounds(bounds);
    equity.PlayBonusBoundsSpendingBlank(blank_bounds);
    g.Generate(rack, gen::Algorithm::kGaddag, [&](const gen::Play& p) {
      const double b = equity.BonusOfPlay(p);
      CHECK(b <= bounds[p.placed]);
      bool places_blank = false;
      for (int i = 0; i < p.length; ++i) places_blank |= !p.IsThrough(i) && gen::CellIsBlank(p.cells[i]);
      if (places_blank) CHECK(b <= blank_bounds[p.placed]);
      return true;
    });
    const auto want = ModelRanking(g, rack, bag, unseen, model, a, can_exchange);
    for (std::size_t n : {std::size_t(1), std::size_t(5), std::size_t(1000)}) {
      TopByEquity(g, gen::Algorithm::kGaddag, equity, can_exchange, n, &top);
      REQUIRE(top.size() == std::min(n, want.size()));
      for (std::size_t i = 0; i < top.size(); ++i) {
        INFO("round " << round << " n " << n << " place " << i);
        CHECK(top[i].equity == Approx(want[i].equity).margin(1e-9));
        CHECK(top[i].move.kind == want[i].move.kind);
        if (top[i].move.kind == gen::Move::Kind::kPlay) CHECK(top[i].move.play == want[i].move.play);
        if (top[i].move.kind == gen::Move::Kind::kExchange) CHECK(top[i].move.exchange == want[i].move.exchange);
        CHECK(equity.Of(top[i].move) == Approx(top[i].equity).margin(1e-9));
      }
      ++compared;
    }
  }
  CHECK(compared > 300);
}

TEST_CASE("EquityPlayer plays whole games; with no leave values it plays the top-scoring play") {
  const TestLexicon lex(gen::test::EnglishFixture("fixtures/english-small.txt"), Alphabet::English());
  const auto layout = gen::Layout::Standard15();
  auto g = gen::MoveGenerator::Create(lex.lexicon(), layout).value();
  LeaveValues none;
  EquityPlayer a(none, "Equity One"), b(none, "Equity Two");
  game::SelfPlayOptions o;
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    o.seed = seed;
    int checked = 0;
    auto record = game::PlayGame(g, a, b, o, [&](const gen::Position&) { ++checked; });
    REQUIRE(record.ok());
    CHECK(checked > 0);
    CHECK(!record->events.empty());
  }
  // Move by move: with every leave worth 0 and the bag not empty, the choice
  // is the generator's best play whenever a play exists.
  game::GameState s = game::GameState::NewGame(layout, lex.alphabet(), game::Rules{}, 9);
  REQUIRE(g.SetBoard(s.board()).ok());
  for (int turn = 0; turn < 12 && !s.over(); ++turn) {
    game::PlayerView view(s, g, gen::Algorithm::kGaddag);
    auto m = a.ChooseMove(view);
    REQUIRE(m.ok());
    gen::Play best;
    if (s.bag().size() > 0 && g.Best(s.rack(s.to_move()), gen::Algorithm::kGaddag, &best)) {
      REQUIRE(m->kind == gen::Move::Kind::kPlay);
      CHECK(m->play == best);
    }
    if (m->kind == gen::Move::Kind::kPlay) REQUIRE(g.Apply(m->play).ok());
    REQUIRE(s.Apply(*m).ok());
  }
}

}  // namespace
}  // namespace lexc::strategy::test
