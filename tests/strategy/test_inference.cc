// Inference: plays read back from their notation; on self-play positions
// where the mover's rack is known and the mover played the move of best
// equity, the true leave is always kept; with an infinite tolerance the
// result is the uninformed prior, checked against hypergeometric weights
// computed here from the board and the alphabet alone; sampling approaches
// the prior; exchanges; refused input.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <map>
#include <random>
#include <vector>

#include "gen_support.h"
#include "lexc/game/game_state.h"
#include "lexc/gen/cgp.h"
#include "lexc/strategy/equity.h"
#include "lexc/strategy/inference.h"
#include "lexc/strategy/leave_values.h"
#include "strategy_support.h"

namespace lexc::strategy::test {
namespace {

using gen::test::TestLexicon;

// n choose k, by the multiplicative formula in long double.
long double Binomial(int n, int k) {
  if (k < 0 || k > n) return 0;
  long double r = 1;
  for (int i = 1; i <= k; ++i) r = r * (n - k + i) / i;
  return r;
}

// The tiles the observer cannot see, counted from the alphabet, the board
// and the observer's rack; index 0 the blank.
std::vector<int> PoolOf(const gen::Position& p, const Alphabet& a, const Rack& minus) {
  std::vector<int> pool(std::size_t(a.size()) + 1, 0);
  pool[0] = a.blank_count();
  for (int t = 1; t <= a.size(); ++t) pool[std::size_t(t)] = a.tile(Tile(t)).count;
  for (int r = 0; r < p.board.rows(); ++r)
    for (int c = 0; c < p.board.cols(); ++c) {
      const gen::Cell cell = p.board.at(r, c);
      if (cell == gen::kEmpty) continue;
      --pool[gen::CellIsBlank(cell) ? 0 : gen::CellTile(cell)];
    }
  auto take = [&](const Rack& rack) {
    pool[0] -= rack.blanks();
    for (int t = 1; t <= a.size(); ++t) pool[std::size_t(t)] -= rack.count(Tile(t));
  };
  if (p.racks.size() > 1) take(p.racks[1]);
  take(minus);
  return pool;
}

long double HyperGeometric(const std::vector<int>& pool, const Rack& leave) {
  int n = 0;
  for (int c : pool) n += c;
  long double w = Binomial(pool[0], leave.blanks());
  for (std::size_t t = 1; t < pool.size(); ++t) w *= Binomial(pool[t], leave.count(Tile(t)));
  return w / Binomial(n, leave.size());
}

TEST_CASE("ParsePlay reads back every play as lexc moves writes it, and plainly") {
  std::mt19937_64 rng(2);
  const int letters = 5;
  const Alphabet a = gen::test::SmallAlphabet(letters, 2);
  const TestLexicon lex(gen::test::RandomWords(rng, 300, letters, 6), a);
  const auto layout = gen::test::SmallLayout(11, 11, 1);
  auto g = gen::MoveGenerator::Create(lex.lexicon(), layout).value();
  int checked = 0;
  for (int round = 0; round < 60 && checked < 400; ++round) {
    if (!g.SetBoard(gen::test::RandomBoard(rng, 11, 11, letters, 0.2)).ok()) continue;
    const Rack rack = gen::test::RandomRack(rng, letters, 7, 0.1);
    const auto all = gen::test::Generated(g, rack, gen::Algorithm::kGaddag);
    for (std::size_t i = 0; i < all.size(); i += 1 + all.size() / 20) {  // about 20 a board
      const gen::Play& p = all[i];
      const std::string text = gen::FormatMove(gen::Move::FromPlay(p), a);
      auto back = ParsePlay(g, gen::Algorithm::kDawg, a, text);
      INFO(text);
      REQUIRE(back.ok());
      CHECK(*back == p);
      // The score written must be the play's own.
      const std::string wrong = text.substr(0, text.rfind(' ') + 1) + std::to_string(p.score + 1);
      auto refused = ParsePlay(g, gen::Algorithm::kGaddag, a, wrong);
      REQUIRE_FALSE(refused.ok());
      CHECK(refused.status().detail().find("it scores " + std::to_string(p.score) + ", not " +
                                           std::to_string(p.score + 1)) != std::string::npos);
      std::string plain = text;  // "(AB)C" -> "ABC", the score dropped
      plain.erase(std::remove_if(plain.begin(), plain.end(), [](char c) { return c == '(' || c == ')'; }), plain.end());
      plain = plain.substr(0, plain.rfind(' '));
      auto back2 = ParsePlay(g, gen::Algorithm::kGaddag, a, plain);
      REQUIRE(back2.ok());
      CHECK(*back2 == p);
      ++checked;
    }
  }
  CHECK(checked > 200);
  for (const char* bad : {"", "8", "8D", "Z99 AB", "8D A(B", "99D AB", "8D AB 1 2", "8D A3"})
    CHECK_FALSE(ParsePlay(g, gen::Algorithm::kGaddag, a, bad).ok());
}

struct Game {
  static constexpr int kLetters = 5;
  std::mt19937_64 rng{31};
  Alphabet a = gen::test::SmallAlphabet(kLetters, 2);
  TestLexicon lex{gen::test::RandomWords(rng, 1500, kLetters, 7), a};
  gen::Layout layout = gen::Layout::Standard15();
  interop::LeaveTable table = RandomLeaveTable(rng, kLetters);
  LeaveValues values = LeaveValues::Create(table, kLetters).value();
};

TEST_CASE("On self-play positions the true leave is kept, and an infinite tolerance gives the prior") {
  Game w;
  auto g = gen::MoveGenerator::Create(w.lex.lexicon(), w.layout).value();
  StaticEquity eq(w.values, w.a);
  std::vector<RatedMove> top;
  int inferred = 0, prior_checked = 0;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    game::GameState s = game::GameState::NewGame(w.layout, w.a, game::Rules{}, seed);
    REQUIRE(g.SetBoard(s.board()).ok());
    for (int turn = 0; turn < 16 && !s.over(); ++turn) {
      const int me = s.to_move();
      eq.SetPosition(s.rack(me), s.bag().size(), s.rack(1 - me));
      TopByEquity(g, gen::Algorithm::kGaddag, eq, s.CanExchange(), 1, &top);
      const gen::Move m = top.front().move;
      if (m.kind == gen::Move::Kind::kPlay && s.bag().size() > 0) {
        const gen::Position before = s.ToPosition();  // the mover first, the observer second
        InferenceOptions o;
        o.max_enumerated = 1000000;
        auto r = InferLeave(w.lex.lexicon(), w.layout, w.a, w.values, before, m, 0, o);
        REQUIRE(r.ok());
        REQUIRE_FALSE(r->sampled);
        Rack truth = s.rack(me);
        const Rack placed = m.play.Tiles();
        for (int b = 0; b < placed.blanks(); ++b) truth.RemoveBlank();
        for (int t = 1; t <= Game::kLetters; ++t)
          for (int k = 0; k < placed.count(Tile(t)); ++k) truth.Remove(Tile(t));
        const bool found =
            std::any_of(r->leaves.begin(), r->leaves.end(), [&](const InferredLeave& l) { return l.leave == truth; });
        INFO("seed " << seed << " turn " << turn << " " << gen::FormatMove(m, w.a));
        CHECK(found);
        CHECK(r->kept_mass > 0);
        CHECK(r->kept_mass <= 1.0 + 1e-12);
        ++inferred;
        if (turn % 3 == 0) {  // the prior, leave by leave
          o.tolerance = std::numeric_limits<double>::infinity();
          auto prior = InferLeave(w.lex.lexicon(), w.layout, w.a, w.values, before, m, 0, o);
          REQUIRE(prior.ok());
          CHECK(prior->kept == prior->considered);
          CHECK(prior->kept_mass == Approx(1.0));
          const std::vector<int> pool = PoolOf(before, w.a, placed);
          double sum = 0;
          for (const InferredLeave& l : prior->leaves) {
            CHECK(l.probability == Approx(double(HyperGeometric(pool, l.leave))).epsilon(1e-9));
            sum += l.probability;
          }
          CHECK(sum == Approx(1.0));
          // Every leave of the right size is there: as many as the model counts.
          std::size_t count = 0;
          auto rec = [&](auto& self, std::size_t t, int left) -> void {
            if (t == pool.size()) {
              count += left == 0;
              return;
            }
            for (int k = 0; k <= std::min(left, pool[t]); ++k) self(self, t + 1, left - k);
          };
          rec(rec, 0, prior->leave_size);
          CHECK(prior->leaves.size() == count);
          // Sampling approaches the prior.
          InferenceOptions so = o;
          so.max_enumerated = 0;
          so.samples = 20000;
          auto sampled = InferLeave(w.lex.lexicon(), w.layout, w.a, w.values, before, m, 0, so);
          REQUIRE(sampled.ok());
          CHECK(sampled->sampled);
          for (std::size_t t = 0; t < sampled->p_any.size(); ++t)
            CHECK(sampled->p_any[t] == Approx(prior->p_any[t]).margin(0.02));
          ++prior_checked;
        }
      }
      REQUIRE(s.Apply(m).ok());
      if (m.kind == gen::Move::Kind::kPlay) REQUIRE(g.Apply(m.play).ok());
    }
  }
  CHECK(inferred > 20);
  CHECK(prior_checked > 5);
}

TEST_CASE("Exchanges are inferred by sampling racks; bad input is refused") {
  Game w;
  auto g = gen::MoveGenerator::Create(w.lex.lexicon(), w.layout).value();
  game::GameState s = game::GameState::NewGame(w.layout, w.a, game::Rules{}, 5);
  REQUIRE(g.SetBoard(s.board()).ok());
  const gen::Position before = s.ToPosition();
  gen::Move x;
  x.kind = gen::Move::Kind::kExchange;
  InferenceOptions o;
  o.samples = 300;
  o.tolerance = std::numeric_limits<double>::infinity();
  auto r = InferLeave(w.lex.lexicon(), w.layout, w.a, w.values, before, x, 3, o);
  REQUIRE(r.ok());
  CHECK(r->sampled);
  CHECK(r->leave_size == 4);
  double sum = 0;
  for (const InferredLeave& l : r->leaves) {
    CHECK(l.leave.size() == 4);
    sum += l.probability;
  }
  CHECK(sum == Approx(1.0));
  // A pass, an exchange of 8, a negative tolerance, tiles not unseen.
  gen::Move pass;
  CHECK_FALSE(InferLeave(w.lex.lexicon(), w.layout, w.a, w.values, before, pass, 0, o).ok());
  CHECK_FALSE(InferLeave(w.lex.lexicon(), w.layout, w.a, w.values, before, x, 8, o).ok());
  InferenceOptions neg;
  neg.tolerance = -1;
  CHECK_FALSE(InferLeave(w.lex.lexicon(), w.layout, w.a, w.values, before, x, 3, neg).ok());
  // The observer holds every blank: a play of a blank cannot be the mover's.
  std::vector<gen::Play> plays;
  Rack two_blanks;
  two_blanks.AddBlank(), two_blanks.AddBlank(), two_blanks.Add(1), two_blanks.Add(2);
  g.Top(two_blanks, gen::Algorithm::kGaddag, 50, &plays);
  gen::Position seen = before;
  seen.racks[1] = Rack();
  seen.racks[1].AddBlank(), seen.racks[1].AddBlank();
  for (const gen::Play& p : plays)
    if (p.Tiles().blanks() > 0) {
      CHECK_FALSE(InferLeave(w.lex.lexicon(), w.layout, w.a, w.values, seen, gen::Move::FromPlay(p), 0, o).ok());
      break;
    }
}

}  // namespace
}  // namespace lexc::strategy::test
