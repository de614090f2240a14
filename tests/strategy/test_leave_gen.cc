// Leave generation against brute force: the observations of self-play games
// recomputed from the positions the referee hands out (the board before and
// after each move gives the tiles placed; gen::BagSize the bag), their
// averages against EstimateLeaves with no shrinkage, every multiset of the
// tile set enumerated by counting, thread-count invariance of whole
// generations, the JSON round trip, and the players of a study by name.
#include <catch2/catch.hpp>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <vector>

#include "gen_support.h"
#include "lexc/game/selfplay.h"
#include "lexc/gen/position.h"
#include "lexc/strategy/equity.h"
#include "lexc/strategy/leave_file.h"
#include "lexc/strategy/leave_gen.h"
#include "lexc/strategy/players.h"

namespace lexc::strategy::test {
namespace {

using gen::test::TestLexicon;
using Key = std::vector<Tile>;

// Six letters, six of each, two blanks: 38 tiles, so games reach the end of
// the bag quickly and leaves repeat often.
Alphabet TinyAlphabet() {
  std::vector<TileInfo> tiles;
  for (int i = 0; i < 6; ++i) tiles.push_back({std::string(1, char('A' + i)), "", 1 + i % 3, 6});
  return Alphabet::FromTiles("tiny6", tiles, 2, 0).value();
}

Key KeyOf(const Rack& r) {
  Key k(std::size_t(r.blanks()), 0);
  for (int t = 1; t <= kMaxTiles; ++t)
    for (int c = 0; c < r.count(Tile(t)); ++c) k.push_back(Tile(t));
  return k;
}

struct ModelSums {
  std::uint64_t n = 0;
  double sum = 0;
};

// The observations of one game, recomputed from the positions before each
// move and the record's moves: independent of LeaveObservations' replay.
void ModelObservations(const game::GameRecord& g, const std::vector<gen::Position>& before, const Alphabet& a,
                       const std::map<Key, float>* previous, std::map<Key, ModelSums>* out) {
  struct Move {
    int player;
    Key leave;
    int bag_after;
    int score;
    bool counted;
  };
  std::vector<Move> moves;
  std::size_t k = 0;
  for (const game::GameEvent& e : g.events) {
    if (e.kind != game::GameEvent::Kind::kMove) continue;
    const gen::Position& p = before[k];
    REQUIRE(p.racks[0] == e.rack);  // the mover first
    Rack leave = e.rack;
    if (e.move.kind == gen::Move::Kind::kPlay) {
      // The tiles placed: squares empty before and filled after.
      REQUIRE(k + 1 <= before.size());
      gen::Board after = p.board;
      REQUIRE(gen::ApplyPlay(e.move.play, &after).ok());
      for (int r = 0; r < after.rows(); ++r)
        for (int c = 0; c < after.cols(); ++c)
          if (p.board.at(r, c) == gen::kEmpty && after.at(r, c) != gen::kEmpty) {
            if (gen::CellIsBlank(after.at(r, c)))
              leave.RemoveBlank();
            else
              leave.Remove(gen::CellTile(after.at(r, c)));
          }
    } else if (e.move.kind == gen::Move::Kind::kExchange) {
      for (int b = 0; b < e.move.exchange.blanks(); ++b) leave.RemoveBlank();
      for (int t = 1; t <= kMaxTiles; ++t)
        for (int c = 0; c < e.move.exchange.count(Tile(t)); ++c) leave.Remove(Tile(t));
    }
    // The bag after the move: the position before the next move shows it
    // (BagSize: the set less the board and both racks), else it is empty.
    const int bag_after = k + 1 < before.size() ? gen::BagSize(before[k + 1], a) : 0;
    const Key key = KeyOf(leave);
    moves.push_back(
        {e.player, key, bag_after, e.move.score(), e.move.kind != gen::Move::Kind::kPass && key.size() <= 6});
    ++k;
  }
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (!moves[i].counted || moves[i].bag_after == 0) continue;
    for (std::size_t j = i + 1; j < moves.size(); ++j) {
      if (moves[j].player != moves[i].player) continue;
      double target = moves[j].score;
      if (previous && moves[j].bag_after > 0 && !moves[j].leave.empty()) {
        auto it = previous->find(moves[j].leave);
        if (it != previous->end()) target += it->second;
      }
      ModelSums& s = (*out)[moves[i].leave];
      ++s.n;
      s.sum += target;
      break;
    }
  }
}

std::map<Key, float> RandomValues(std::mt19937_64& rng, const Alphabet& a) {
  std::map<Key, float> m;
  std::uniform_real_distribution<float> value(-15, 15);
  for (const Key& k : AllLeaves(a, 6)) m[k] = value(rng);
  return m;
}

interop::LeaveTable TableOf(const std::map<Key, float>& m, int letters) {
  std::vector<interop::LeaveEntry> e;
  for (const auto& [k, v] : m) e.push_back({k, v});
  return interop::LeaveTable::FromEntries(std::move(e), letters).value();
}

TEST_CASE("PackLeave and UnpackLeave round trip, and keys of other lengths differ") {
  const Key keys[] = {{}, {0}, {0, 0}, {1}, {1, 1, 2}, {0, 3, 3, 3, 5, 200}, {1, 2, 3, 4, 5, 6, 7}};
  for (const Key& k : keys) CHECK(UnpackLeave(PackLeave(k)) == k);
  CHECK(PackLeave(Key{0}) != PackLeave(Key{}));
  CHECK(PackLeave(Key{0, 0}) != PackLeave(Key{0}));
}

TEST_CASE("AllLeaves lists every multiset the tile set allows, in key order") {
  const Alphabet tiny = TinyAlphabet();
  const auto all = AllLeaves(tiny, 6);
  // Count by brute force over every count vector (blank 0..2, letters 0..6).
  std::uint64_t want = 0;
  for (int code = 0; code < 3 * 7 * 7 * 7 * 7 * 7 * 7; ++code) {
    int c = code, total = 0;
    total += c % 3, c /= 3;
    for (int t = 0; t < 6; ++t) total += c % 7, c /= 7;
    want += total >= 1 && total <= 6;
  }
  CHECK(all.size() == want);
  for (std::size_t i = 1; i < all.size(); ++i)
    REQUIRE(std::lexicographical_compare(all[i - 1].begin(), all[i - 1].end(), all[i].begin(), all[i].end()));
  CHECK(AllLeaves(Alphabet::English(), 6).size() == 914624);  // the figure the engines quote
}

TEST_CASE(
    "LeaveObservations equal a recomputation from the referee's positions, and their averages equal EstimateLeaves") {
  const Alphabet a = TinyAlphabet();
  std::mt19937_64 rng(5);
  // Words up to 8 tiles: bingos happen, so the empty leave is seen.
  gen::test::WordSet words = gen::test::RandomWords(rng, 250, 6, 4);
  for (const auto& w : gen::test::RandomWords(rng, 1500, 6, 8)) words.insert(w);
  const TestLexicon lex(words, a);
  const auto layout = gen::Layout::Standard15();
  auto g = gen::MoveGenerator::Create(lex.lexicon(), layout).value();
  const auto previous_model = RandomValues(rng, a);
  const auto previous_table = TableOf(previous_model, a.size());
  const auto previous = LeaveValues::Create(previous_table, a.size()).value();
  for (const bool with_previous : {false, true}) {
    LeaveObservationConfig config;
    config.alphabet = &a;
    config.previous = with_previous ? &previous : nullptr;
    LeaveObservations obs(config);
    std::map<Key, ModelSums> model;
    EquityPlayer p0(previous, "One"), p1(previous, "Two");
    game::GreedyPlayer g0("One"), g1("Two");
    game::SelfPlayOptions o;
    for (std::uint64_t seed = 1; seed <= 300; ++seed) {
      o.seed = seed;
      std::vector<gen::Position> positions;
      game::Player& first = with_previous ? static_cast<game::Player&>(p0) : g0;
      game::Player& second = with_previous ? static_cast<game::Player&>(p1) : g1;
      auto record = game::PlayGame(g, first, second, o, [&](const gen::Position& p) { positions.push_back(p); });
      REQUIRE(record.ok());
      REQUIRE(obs.Add(*record).ok());
      ModelObservations(*record, positions, a, with_previous ? &previous_model : nullptr, &model);
    }
    // The same leaves, counts and sums (each target rounded once to 1/16).
    std::uint64_t total = 0;
    for (const auto& [key, m] : model) {
      const auto it = obs.sums().find(PackLeave(key));
      REQUIRE(it != obs.sums().end());
      CHECK(it->second.count == m.n);
      CHECK(std::fabs(double(it->second.sum) / kLeaveScale - m.sum) <= double(m.n) / (2 * kLeaveScale) + 1e-9);
      total += m.n;
    }
    CHECK(obs.sums().size() == model.size());
    CHECK(obs.observations() == total);
    CHECK(total > 800);

    // With (almost) no shrinkage a seen leave's value is its mean less the
    // empty leave's mean.
    EstimateOptions eo;
    eo.prior = 1e-9;
    EstimateReport rep;
    auto table = EstimateLeaves(obs, a, eo, &rep);
    REQUIRE(table.ok());
    CHECK(table->size() == AllLeaves(a, 6).size());
    REQUIRE(model.count(Key{}));
    const double baseline = model[Key{}].sum / double(model[Key{}].n);
    CHECK(std::fabs(rep.baseline - baseline) < 0.05);
    int checked = 0;
    for (const auto& [key, m] : model) {
      if (key.empty()) continue;
      const auto i = table->Find(key);
      REQUIRE(i);
      CHECK(std::fabs(table->value(*i) - (m.sum / double(m.n) - baseline)) < 0.05 + 1e-3 * std::fabs(baseline));
      ++checked;
    }
    CHECK(checked > 15);

    // Shrinkage: a leave seen once moves toward the model, one seen often
    // barely; every value is finite.
    EstimateOptions shrink;
    shrink.prior = 30;
    auto shrunk = EstimateLeaves(obs, a, shrink).value();
    for (std::size_t i = 0; i < shrunk.size(); ++i) REQUIRE(std::isfinite(shrunk.value(i)));

    // JSON round trip.
    LeaveObservations back(config);
    REQUIRE(back.FromJson(obs.ToJson()).ok());
    CHECK(back.sums() == obs.sums());
    CHECK(back.games() == obs.games());
    nlohmann::json bad = obs.ToJson();
    bad["observations"] = obs.observations() + 1;
    CHECK_FALSE(back.FromJson(bad).ok());
  }
}

TEST_CASE("GenerateLeaves gives the same table on 1, 2 and 3 threads") {
  const Alphabet a = TinyAlphabet();
  std::mt19937_64 rng(9);
  const TestLexicon lex(gen::test::RandomWords(rng, 400, 6, 6), a);
  const auto layout = gen::Layout::Standard15();
  std::vector<interop::LeaveTable> tables;
  for (int threads : {1, 2, 3}) {
    LeaveGenOptions o;
    o.generations = 2;
    o.games = 150;
    o.seed = 7;
    o.threads = threads;
    std::vector<GenerationReport> reports;
    auto t = GenerateLeaves(lex.lexicon(), layout, o, &reports);
    REQUIRE(t.ok());
    REQUIRE(reports.size() == 2);
    CHECK(reports[0].players == "greedy");
    CHECK(reports[1].players == "equity");
    tables.push_back(std::move(*t));
  }
  for (std::size_t k = 1; k < tables.size(); ++k) {
    REQUIRE(tables[k].size() == tables[0].size());
    for (std::size_t i = 0; i < tables[0].size(); ++i) {
      REQUIRE(tables[k].value(i) == tables[0].value(i));  // bit for bit
      REQUIRE(std::equal(tables[k].key(i).begin(), tables[k].key(i).end(), tables[0].key(i).begin(),
                         tables[0].key(i).end()));
    }
  }
  LeaveGenOptions none;
  none.games = 0;
  CHECK_FALSE(GenerateLeaves(lex.lexicon(), layout, none, nullptr).ok());
}

TEST_CASE("StudyPlayers: names, leaves required, unknown strategies refused") {
  LeaveValues none;
  CHECK_FALSE(StudyPlayers({"equity", "greedy"}, nullptr).ok());
  CHECK_FALSE(StudyPlayers({"greedy", "sim"}, &none).ok());
  auto f = StudyPlayers({"equity", "greedy"}, &none);
  REQUIRE(f.ok());
  auto pair = (*f)();
  REQUIRE(pair.ok());
  CHECK(pair->first->name() == "Equity");
  CHECK(pair->second->name() == "Greedy");
  auto same = StudyPlayers({"greedy", "greedy"}, nullptr);
  REQUIRE(same.ok());
  CHECK((*same)()->first->name() == "Greedy One");
}

TEST_CASE("CheckSingleTiles refuses a table that lacks a tile of the set (another alphabet)") {
  const Alphabet a = TinyAlphabet();
  std::map<Key, float> m;
  for (int t = 0; t <= 5; ++t) m[Key{Tile(t)}] = 1;  // no F (tile 6)
  const auto table = TableOf(m, a.size());
  const Status st = CheckSingleTiles(table, a, "x.klv2");
  REQUIRE_FALSE(st.ok());
  CHECK(st.detail().find("x.klv2: no value for the single tile F") != std::string::npos);
  m[Key{6}] = 2;
  CHECK(CheckSingleTiles(TableOf(m, a.size()), a, "x.klv2").ok());
}

}  // namespace
}  // namespace lexc::strategy::test
