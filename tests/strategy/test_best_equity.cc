// BestByEquity (the pruned search the equity player uses) against
// TopByEquity(1), which rates every play: the same move and equity on random
// boards, racks, bag sizes (the empty bag too) and leave tables whose values
// are large enough that the bound often lets many plays through; and whole
// games of a BestByEquity player that equal the EquityPlayer's.
#include <catch2/catch.hpp>
#include <map>
#include <random>
#include <vector>

#include "gen_support.h"
#include "lexc/game/selfplay.h"
#include "lexc/strategy/equity.h"
#include "lexc/strategy/leave_gen.h"
#include "lexc/strategy/leave_values.h"

namespace lexc::strategy::test {
namespace {

using gen::test::TestLexicon;

interop::LeaveTable RandomTable(std::mt19937_64& rng, const Alphabet& a, float low, float high) {
  std::vector<interop::LeaveEntry> e;
  std::uniform_real_distribution<float> value(low, high);
  for (auto& k : AllLeaves(a, 6))
    if (rng() % 5 != 0) e.push_back({k, value(rng)});  // some leaves absent: worth 0
  return interop::LeaveTable::FromEntries(std::move(e), a.size()).value();
}

// The move BestByEquity picks, as a player.
class PrunedPlayer final : public game::Player {
 public:
  PrunedPlayer(const LeaveValues& leaves, std::string name) : leaves_(leaves), name_(std::move(name)) {}
  const std::string& name() const override { return name_; }
  Result<gen::Move> ChooseMove(const game::PlayerView& view) override {
    StaticEquity equity(leaves_, view.alphabet());
    SetPositionOf(view, &equity);
    RatedMove best;
    BestByEquity(view.generator(), view.algorithm(), equity, view.CanExchange(), &best, &plays_);
    return best.move;
  }

 private:
  const LeaveValues& leaves_;
  std::string name_;
  std::vector<gen::Play> plays_;
};

TEST_CASE("BestByEquity equals TopByEquity(1) on random positions") {
  std::mt19937_64 rng(21);
  const int letters = 5;
  const Alphabet a = gen::test::SmallAlphabet(letters, 2);
  const TestLexicon lex(gen::test::RandomWords(rng, 300, letters, 6), a);
  const auto layout = gen::test::SmallLayout(9, 9, 4);
  auto g = gen::MoveGenerator::Create(lex.lexicon(), layout, 35).value();
  int compared = 0, pruned = 0;
  for (const auto& [low, high] : {std::pair{-30.0f, 30.0f}, std::pair{-5.0f, 60.0f}, std::pair{-60.0f, 0.0f}}) {
    const auto table = RandomTable(rng, a, low, high);
    const auto values = LeaveValues::Create(table, letters).value();
    StaticEquity equity(values, a);
    std::vector<RatedMove> top;
    std::vector<gen::Play> scratch;
    for (int round = 0; round < 200; ++round) {
      const gen::Board board = gen::test::RandomBoard(rng, 9, 9, letters, 0.1 + 0.3 * double(rng() % 3) / 2);
      if (!g.SetBoard(board).ok()) continue;
      const Rack rack = gen::test::RandomRack(rng, letters, 1 + int(rng() % 7), 0.2);
      const int bag = round % 4 == 0 ? 0 : int(rng() % 40);
      const Rack unseen = gen::test::RandomRack(rng, letters, 1 + int(rng() % 7), 0.2);
      const bool can_exchange = bag >= 7;
      equity.SetPosition(rack, bag, unseen);
      TopByEquity(g, gen::Algorithm::kGaddag, equity, can_exchange, 1, &top);
      RatedMove best;
      BestByEquity(g, gen::Algorithm::kGaddag, equity, can_exchange, &best, &scratch);
      INFO("round " << round);
      REQUIRE(best.move.kind == top[0].move.kind);
      CHECK(best.equity == top[0].equity);
      if (best.move.kind == gen::Move::Kind::kPlay) CHECK(best.move.play == top[0].move.play);
      if (best.move.kind == gen::Move::Kind::kExchange) CHECK(best.move.exchange == top[0].move.exchange);
      pruned += g.Count(rack, gen::Algorithm::kGaddag) > scratch.size();
      ++compared;
    }
  }
  CHECK(compared > 400);
  CHECK(pruned > 50);  // the bound did cut the search short in many positions
}

TEST_CASE("A BestByEquity player's games equal the EquityPlayer's (TopByEquity(1))") {
  std::mt19937_64 rng(3);
  const TestLexicon lex(gen::test::EnglishFixture("fixtures/english-small.txt"), Alphabet::English());
  const auto table = RandomTable(rng, Alphabet::English(), -20, 25);
  const auto values = LeaveValues::Create(table, Alphabet::English().size()).value();
  auto g = gen::MoveGenerator::Create(lex.lexicon(), gen::Layout::Standard15()).value();
  EquityPlayer a(values, "One"), b(values, "Two");
  PrunedPlayer ra(values, "One"), rb(values, "Two");
  game::SelfPlayOptions o;
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    o.seed = seed;
    auto fast = game::PlayGame(g, a, b, o);
    auto full = game::PlayGame(g, ra, rb, o);
    REQUIRE(fast.ok());
    REQUIRE(full.ok());
    REQUIRE(fast->events.size() == full->events.size());
    for (std::size_t i = 0; i < fast->events.size(); ++i) {
      INFO("seed " << seed << " event " << i);
      const gen::Move& x = fast->events[i].move;
      const gen::Move& y = full->events[i].move;
      REQUIRE(x.kind == y.kind);
      if (x.kind == gen::Move::Kind::kPlay) CHECK(x.play == y.play);
      if (x.kind == gen::Move::Kind::kExchange) CHECK(x.exchange == y.exchange);
      CHECK(fast->events[i].points == full->events[i].points);
    }
  }
}

}  // namespace
}  // namespace lexc::strategy::test
