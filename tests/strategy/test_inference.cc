// Inference: plays read back from their notation; InferLeave against a
// brute-force model computed here from the board and the alphabet alone
// (every full rack drawn from the unseen tiles, with the ways to draw it;
// for a play, those holding the tiles played; for an exchange, every choice
// of the tiles thrown among the rack's 7; kept when the move was within the
// tolerance of the rack's best equity found by generating every move), at
// tolerances 0, finite and infinite, with and without leave values,
// enumerated and sampled; an exact case small enough to work out by hand;
// on self-play positions where the mover played the move of best equity,
// the true leave is always kept; refused input.
#include <algorithm>
#include <bit>
#include <catch2/catch.hpp>
#include <cmath>
#include <map>
#include <random>
#include <vector>

#include "gen_support.h"
#include "lexc/game/game_state.h"
#include "lexc/game/rules.h"
#include "lexc/gen/cgp.h"
#include "lexc/strategy/equity.h"
#include "lexc/strategy/inference.h"
#include "lexc/strategy/leave_values.h"
#include "strategy_support.h"

namespace lexc::strategy::test {
namespace {

using gen::test::TestLexicon;
using Counts = std::vector<int>;  // by tile code, index 0 the blank
constexpr double kInf = std::numeric_limits<double>::infinity();

// n choose k, by the multiplicative formula in long double.
long double Binomial(int n, int k) {
  if (k < 0 || k > n) return 0;
  long double r = 1;
  for (int i = 1; i <= k; ++i) r = r * (n - k + i) / i;
  return r;
}

// The tiles the observer cannot see before the move (the bag and the
// mover's rack), counted from the alphabet, the board and the observer's
// rack.
Counts UnseenOf(const gen::Position& p, const Alphabet& a) {
  Counts pool(std::size_t(a.size()) + 1, 0);
  pool[0] = a.blank_count();
  for (int t = 1; t <= a.size(); ++t) pool[std::size_t(t)] = a.tile(Tile(t)).count;
  for (int r = 0; r < p.board.rows(); ++r)
    for (int c = 0; c < p.board.cols(); ++c) {
      const gen::Cell cell = p.board.at(r, c);
      if (cell == gen::kEmpty) continue;
      --pool[gen::CellIsBlank(cell) ? 0 : gen::CellTile(cell)];
    }
  if (p.racks.size() > 1) {
    pool[0] -= p.racks[1].blanks();
    for (int t = 1; t <= a.size(); ++t) pool[std::size_t(t)] -= p.racks[1].count(Tile(t));
  }
  return pool;
}

Counts CountsOf(const Rack& r, const Alphabet& a) {
  Counts c(std::size_t(a.size()) + 1, 0);
  c[0] = r.blanks();
  for (int t = 1; t <= a.size(); ++t) c[std::size_t(t)] = r.count(Tile(t));
  return c;
}

Rack RackOf(const Counts& c) {
  Rack r;
  for (int k = 0; k < c[0]; ++k) r.AddBlank();
  for (std::size_t t = 1; t < c.size(); ++t)
    for (int k = 0; k < c[t]; ++k) r.Add(Tile(t));
  return r;
}

// Every multiset of `size` tiles from `pool`, with the ways to draw it.
template <class F>
void ForEachDraw(const Counts& pool, int size, F&& f) {
  Counts cur(pool.size(), 0);
  auto rec = [&](auto& self, std::size_t t, int left, long double ways) -> void {
    if (t == pool.size()) {
      if (left == 0) f(static_cast<const Counts&>(cur), ways);
      return;
    }
    for (int k = 0; k <= std::min(left, pool[t]); ++k) {
      cur[t] = k;
      self(self, t + 1, left - k, ways * Binomial(pool[t], k));
    }
    cur[t] = 0;
  };
  rec(rec, 0, size, 1);
}

// The model's answer: the kept leaves' weights and every leave's.
struct Model {
  std::map<Counts, long double> kept, all;
  long double kept_total = 0, total = 0;
};

// The best equity of `rack` by generating every move: every play, every
// exchange when allowed, the pass.
double BestEquity(gen::MoveGenerator& g, StaticEquity& eq, const Rack& rack, int bag, const game::Rules& rules) {
  eq.SetPosition(rack, bag, Rack());
  double best = eq.OfPass();
  g.Generate(rack, gen::Algorithm::kDawg, [&](const gen::Play& p) { best = std::max(best, eq.OfPlay(p)); });
  if (game::ExchangeAllowed(rack, bag, rules))
    gen::ForEachExchange(rack, [&](const Rack& t) { best = std::max(best, eq.OfExchange(t)); });
  return best;
}

// The mover's rack drawn from the unseen tiles; `made` a play (kept when
// the rack holds its tiles and it was within `tolerance` of the rack's best
// equity) or an exchange of `exchanged` tiles (each of the C(7, exchanged)
// choices of the rack's tiles alike, kept when within `tolerance`).
// `g` stands on the position's board. The bag must not be empty.
Model ModelOf(gen::MoveGenerator& g, const LeaveValues& values, const Alphabet& a, const gen::Position& before,
              const gen::Move& made, int exchanged, double tolerance) {
  StaticEquity eq(values, a);
  const Counts unseen = UnseenOf(before, a);
  int n = 0;
  for (int c : unseen) n += c;
  const int rack_size = std::min(gen::kRackSize, n), bag = n - rack_size;
  REQUIRE(bag > 0);
  const game::Rules rules = game::RulesOf(before);
  const bool play = made.kind == gen::Move::Kind::kPlay;
  const Counts placed = play ? CountsOf(made.play.Tiles(), a) : Counts();
  Model m;
  ForEachDraw(unseen, rack_size, [&](const Counts& rack, long double ways) {
    const Rack r = RackOf(rack);
    if (play) {
      Counts leave = rack;
      for (std::size_t t = 0; t < rack.size(); ++t)
        if ((leave[t] -= placed[t]) < 0) return;  // the rack lacks a tile played
      m.total += ways;
      m.all[leave] += ways;
      bool keep = std::isinf(tolerance);
      if (!keep) {
        const double best = BestEquity(g, eq, r, bag, rules);  // sets eq's position first
        keep = eq.OfPlay(made.play) >= best - tolerance;
      }
      if (keep) {
        m.kept_total += ways;
        m.kept[leave] += ways;
      }
      return;
    }
    std::vector<int> tiles;  // the rack tile by tile
    for (std::size_t t = 0; t < rack.size(); ++t)
      for (int k = 0; k < rack[t]; ++k) tiles.push_back(int(t));
    const double best = std::isinf(tolerance) ? 0 : BestEquity(g, eq, r, bag, rules);
    const long double each = ways / Binomial(rack_size, exchanged);
    for (unsigned mask = 0; mask < (1u << rack_size); ++mask) {
      if (std::popcount(mask) != exchanged) continue;
      Counts leave = rack, thrown(rack.size(), 0);
      for (int i = 0; i < rack_size; ++i)
        if (mask & (1u << i)) --leave[std::size_t(tiles[std::size_t(i)])], ++thrown[std::size_t(tiles[std::size_t(i)])];
      m.total += each;
      m.all[leave] += each;
      if (std::isinf(tolerance) || eq.OfExchange(RackOf(thrown)) >= best - tolerance) {
        m.kept_total += each;
        m.kept[leave] += each;
      }
    }
  });
  return m;
}

// By tile: P(at least one), the expected count, under the weights.
void TileStats(const std::map<Counts, long double>& m, long double total, std::size_t tiles, std::vector<double>* any,
               std::vector<double>* expected) {
  any->assign(tiles, 0.0);
  expected->assign(tiles, 0.0);
  for (const auto& [c, w] : m)
    for (std::size_t t = 0; t < tiles; ++t) {
      if (c[t] > 0) (*any)[t] += double(w / total);
      (*expected)[t] += double(c[t] * w / total);
    }
}

// An enumerated result equals the model, leave by leave (margin 0); a
// sampled one approaches it (tile by tile, and the likeliest leaves).
void CheckAgainst(const InferenceResult& r, const Model& m, const Alphabet& a, double margin) {
  const std::size_t tiles = std::size_t(a.size()) + 1;
  double sum = 0;
  for (const InferredLeave& l : r.leaves) sum += l.probability;
  CHECK(sum == Approx(1.0));
  if (margin == 0) {
    REQUIRE(r.leaves.size() == m.kept.size());
    for (const InferredLeave& l : r.leaves) {
      const auto it = m.kept.find(CountsOf(l.leave, a));
      INFO("leave " << l.leave.ToString(a));
      REQUIRE(it != m.kept.end());
      CHECK(l.probability == Approx(double(it->second / m.kept_total)).epsilon(1e-9));
    }
    CHECK(r.kept_mass == Approx(double(m.kept_total / m.total)).epsilon(1e-9));
  } else {
    CHECK(r.kept_mass == Approx(double(m.kept_total / m.total)).margin(margin));
    for (std::size_t i = 0; i < std::min<std::size_t>(r.leaves.size(), 5); ++i) {
      const auto it = m.kept.find(CountsOf(r.leaves[i].leave, a));
      const double p = it == m.kept.end() ? 0.0 : double(it->second / m.kept_total);
      INFO("leave " << r.leaves[i].leave.ToString(a));
      CHECK(r.leaves[i].probability == Approx(p).margin(margin));
    }
  }
  std::vector<double> any, expected, prior_any, prior_expected;
  TileStats(m.kept, m.kept_total, tiles, &any, &expected);
  TileStats(m.all, m.total, tiles, &prior_any, &prior_expected);
  REQUIRE(r.p_any.size() == tiles);
  for (std::size_t t = 0; t < tiles; ++t) {
    INFO("tile " << t);
    INFO("kept mass " << r.kept_mass);
    const double e = margin == 0 ? 1e-9 : margin;
    CHECK(r.p_any[t] == Approx(any[t]).margin(e));
    CHECK(r.expected[t] == Approx(expected[t]).margin(e));
    CHECK(r.prior_p_any[t] == Approx(prior_any[t]).margin(e));
    CHECK(r.prior_expected[t] == Approx(prior_expected[t]).margin(e));
  }
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

TEST_CASE("A play's leaves are weighed by the ways to draw the whole rack: the smallest case, by hand") {
  // Tiles A A B and five C, no blank; the mover (7 tiles, the bag 1) plays
  // A CCCCC: its rack held one A, the five C and one more tile, A or B.
  // The racks AACCCCC (1 way) and ABCCCCC (2 ways: either A): P(A) = 1/3
  // (not 1/2, the ways to draw the leave alone from the tiles left, A B).
  std::vector<TileInfo> info(3);
  info[0] = {"A", "a", 1, 2};
  info[1] = {"B", "b", 1, 1};
  info[2] = {"C", "c", 1, 5};
  const Alphabet a = Alphabet::FromTiles("aabc", info, 0, 0).value();
  const TestLexicon lex(lexc::test::ToSet({{1, 3, 3, 3, 3, 3}}), a);
  const gen::Layout layout = gen::Layout::Standard15();
  const gen::Position before = gen::ParseCgp("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 / 0/0 0", a, layout).value();
  auto g = gen::MoveGenerator::Create(lex.lexicon(), layout).value();
  REQUIRE(g.SetPosition(before).ok());
  Rack rack;
  rack.Add(1);
  for (int i = 0; i < 5; ++i) rack.Add(3);
  std::vector<gen::Play> plays;
  g.Top(rack, gen::Algorithm::kGaddag, 1, &plays);  // the best play (of the one word)
  REQUIRE(plays.size() == 1);
  const gen::Move made = gen::Move::FromPlay(plays[0]);
  const LeaveValues none;
  for (double tolerance : {kInf, 0.0}) {
    InferenceOptions o;
    o.tolerance = tolerance;
    auto r = InferLeave(lex.lexicon(), layout, a, none, before, made, 0, o);
    REQUIRE(r.ok());
    CHECK_FALSE(r->sampled);
    REQUIRE(r->leaves.size() == 2);
    CHECK(r->leaves[0].leave.ToString(a) == "B");
    CHECK(r->leaves[0].probability == Approx(2.0 / 3));
    CHECK(r->leaves[1].probability == Approx(1.0 / 3));
    CHECK(r->p_any[1] == Approx(1.0 / 3));
    CHECK(r->prior_p_any[1] == Approx(1.0 / 3));
    // The simulation draws the leaves by these weights.
    const LeaveDistribution d = r->Distribution();
    REQUIRE(d.weights.size() == 2);
    CHECK(d.weights[0] == Approx(2 * d.weights[1]));
    // Sampled: leaves drawn from A B alike, weighed back to 2 : 1.
    o.max_enumerated = 0;
    o.samples = 40000;
    auto s = InferLeave(lex.lexicon(), layout, a, none, before, made, 0, o);
    REQUIRE(s.ok());
    CHECK(s->sampled);
    CHECK(s->p_any[1] == Approx(1.0 / 3).margin(0.01));
    const LeaveDistribution sd = s->Distribution();
    REQUIRE(sd.weights.size() == 2);
    CHECK(sd.weights[0] + sd.weights[1] == Approx(3).margin(0.05));  // estimates of the ways
  }
}

TEST_CASE("Plays on self-play positions: the true leave is kept, and the result is the model's at every tolerance") {
  Game w;
  auto g = gen::MoveGenerator::Create(w.lex.lexicon(), w.layout).value();
  auto model_gen = gen::MoveGenerator::Create(w.lex.lexicon(), w.layout).value();
  StaticEquity eq(w.values, w.a);
  std::vector<RatedMove> top;
  int inferred = 0, modelled = 0, repeated = 0;
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
        if (turn % 2 == 0) {
          REQUIRE(model_gen.SetPosition(before).ok());
          for (double tolerance : {0.0, 6.5, kInf}) {
            INFO("tolerance " << tolerance);
            o.tolerance = tolerance;
            auto e = InferLeave(w.lex.lexicon(), w.layout, w.a, w.values, before, m, 0, o);
            REQUIRE(e.ok());
            REQUIRE_FALSE(e->sampled);
            const Model model = ModelOf(model_gen, w.values, w.a, before, m, 0, tolerance);
            CheckAgainst(*e, model, w.a, 0);
            if (tolerance == kInf) {
              CHECK(e->kept == e->considered);
              CHECK(e->kept_mass == Approx(1.0));
            }
            if (tolerance != 0) {  // sampling approaches the model
              InferenceOptions so = o;
              so.max_enumerated = 0;
              so.samples = 100000;
              auto sampled = InferLeave(w.lex.lexicon(), w.layout, w.a, w.values, before, m, 0, so);
              REQUIRE(sampled.ok());
              CHECK(sampled->sampled);
              CheckAgainst(*sampled, model, w.a, 0.025);
            }
          }
          for (int t = 0; t <= Game::kLetters; ++t) repeated += (t == 0 ? placed.blanks() : placed.count(Tile(t))) > 0;
          ++modelled;
        }
      }
      REQUIRE(s.Apply(m).ok());
      if (m.kind == gen::Move::Kind::kPlay) REQUIRE(g.Apply(m.play).ok());
    }
  }
  CHECK(inferred > 20);
  CHECK(modelled > 10);
  CHECK(repeated > 0);
}

TEST_CASE("Exchanges: every rack and every choice of the tiles thrown, as the model; the prior at tolerance inf") {
  Game w;
  const LeaveValues none;
  int enumerated = 0, sampled_checked = 0;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    game::GameState s = game::GameState::NewGame(w.layout, w.a, game::Rules{}, seed);
    auto g = gen::MoveGenerator::Create(w.lex.lexicon(), w.layout).value();
    REQUIRE(g.SetBoard(s.board()).ok());
    StaticEquity eq(w.values, w.a);
    std::vector<RatedMove> top;
    for (int turn = 0; turn < 2 * int(seed); ++turn) {  // a few moves in
      eq.SetPosition(s.rack(s.to_move()), s.bag().size(), s.rack(1 - s.to_move()));
      TopByEquity(g, gen::Algorithm::kGaddag, eq, s.CanExchange(), 1, &top);
      REQUIRE(s.Apply(top.front().move).ok());
      if (top.front().move.kind == gen::Move::Kind::kPlay) REQUIRE(g.Apply(top.front().move.play).ok());
    }
    const gen::Position before = s.ToPosition();
    gen::Move x;
    x.kind = gen::Move::Kind::kExchange;
    const int exchanged = 1 + int(seed % 7) + int(seed / 3);  // 2, 3, 4, 6
    for (const LeaveValues* values : {static_cast<const LeaveValues*>(&w.values), &none})
      for (double tolerance : {0.0, 40.0, kInf}) {
        INFO("seed " << seed << " exchange " << exchanged << " tolerance " << tolerance << " leave values "
                     << (values == &none ? "none" : "random"));
        const Model model = ModelOf(g, *values, w.a, before, x, exchanged, tolerance);
        InferenceOptions o;
        o.tolerance = tolerance;
        auto r = InferLeave(w.lex.lexicon(), w.layout, w.a, *values, before, x, exchanged, o);
        if (model.kept_total == 0) {  // no rack exchanges rather than play within the tolerance
          CHECK_FALSE(r.ok());
          continue;
        }
        REQUIRE(r.ok());
        CHECK_FALSE(r->sampled);
        CHECK(r->racks == !std::isinf(tolerance));
        CHECK(r->leave_size == gen::kRackSize - exchanged);
        CheckAgainst(*r, model, w.a, 0);
        ++enumerated;
        if (tolerance == kInf || values == &none) {
          // The tiles kept are a draw from the unseen tiles (at tolerance
          // inf; with no leave values, given the rack): prior.
          const Counts unseen = UnseenOf(before, w.a);
          int n = 0;
          for (int c : unseen) n += c;
          for (std::size_t t = 0; t < unseen.size(); ++t) {
            const double expected = double(r->leave_size) * unseen[t] / n;
            CHECK(r->prior_expected[t] == Approx(expected).epsilon(1e-9));
            if (tolerance == kInf) CHECK(r->expected[t] == Approx(expected).epsilon(1e-9));
          }
        }
        if (model.kept_total < 0.1 * model.total) continue;  // too rare to sample well
        InferenceOptions so = o;                             // sampled
        so.max_enumerated = 0;
        so.samples = 30000;
        auto sampled = InferLeave(w.lex.lexicon(), w.layout, w.a, *values, before, x, exchanged, so);
        REQUIRE(sampled.ok());
        CHECK(sampled->sampled);
        CheckAgainst(*sampled, model, w.a, 0.04);
        ++sampled_checked;
      }
  }
  CHECK(enumerated >= 16);
  CHECK(sampled_checked >= 8);
}

TEST_CASE("Bad input is refused") {
  Game w;
  auto g = gen::MoveGenerator::Create(w.lex.lexicon(), w.layout).value();
  game::GameState s = game::GameState::NewGame(w.layout, w.a, game::Rules{}, 5);
  REQUIRE(g.SetBoard(s.board()).ok());
  const gen::Position before = s.ToPosition();
  gen::Move x;
  x.kind = gen::Move::Kind::kExchange;
  InferenceOptions o;
  o.samples = 300;
  o.tolerance = kInf;
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
