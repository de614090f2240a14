// The endgame solver against an independent model: a plain minimax written
// here, with no pruning, ordering or table, that plays every legal move
// through the referee (GameState::LegalMoves and Apply: the game layer's own
// rules, passes included) and scores the finished game. On hundreds of small
// endgames from greedy games (few tiles per rack; random, english-small and
// words-tiny lexicons; scoreless limits 1..6) the solver's final spread
// equals the model's, and its principal variation, replayed through the
// referee, ends the game with that spread. Also: budgets give a line marked
// not exact, bad endgames and options are refused, and on SOWPODS self-play
// endgames the value does not depend on the threads or the table size.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "gen_support.h"
#include "lexc/builder.h"
#include "lexc/endgame/solver.h"
#include "lexc/game/game_state.h"
#include "lexc/game/selfplay.h"
#include "lexc/gen/cgp.h"
#include "lexc/wordlist.h"
#include "transposition_table.h"

namespace lexc::endgame::test {
namespace {

using gen::Position;
using gen::test::TestLexicon;

// Sanitizer builds (Debug, ~5-20x slower) check a quarter of the endgames;
// the Release suite checks them all.
constexpr int kShare = lexc::test::kSanitized ? 4 : 1;

// Positions the model may visit for one endgame; a larger tree is skipped
// (the plain minimax is exponential in the passes).
constexpr std::uint64_t kModelNodes = 20000;

// The final spread (seat 0's score minus seat 1's) under best play by both;
// stops early (the value is then meaningless) once *nodes passes kModelNodes.
int Minimax(const game::GameState& s, gen::MoveGenerator& gen, std::uint64_t* nodes) {
  if (++*nodes > kModelNodes) return 0;
  if (s.over()) return s.score(0) - s.score(1);
  REQUIRE(gen.SetBoard(s.board()).ok());
  std::vector<gen::Move> moves;
  s.LegalMoves(gen, gen::Algorithm::kGaddag, &moves);
  const bool maximize = s.to_move() == 0;
  int best = maximize ? -1000000 : 1000000;
  for (const gen::Move& m : moves) {
    REQUIRE(m.kind != gen::Move::Kind::kExchange);  // the bag is empty
    game::GameState next = s;
    REQUIRE(next.Apply(m).ok());
    const int v = Minimax(next, gen, nodes);
    best = maximize ? std::max(best, v) : std::min(best, v);
  }
  return best;
}

game::GameState Referee(const Endgame& e, const gen::Layout& layout, const Alphabet& a) {
  game::Rules rules = e.rules;
  rules.max_turns = -1;  // no safety stop: the game ends by its own rules
  auto s = game::GameState::FromPosition(e.position, layout, a, rules, 1);
  REQUIRE(s.ok());
  REQUIRE(s->bag().size() == 0);
  return *s;
}

// Replays the line through the referee: every move legal; an exact line
// ends the game with the solver's final spread.
void CheckLine(const EndgameResult& r, const Endgame& e, const gen::Layout& layout, const Alphabet& a) {
  game::GameState s = Referee(e, layout, a);
  REQUIRE(!r.pv.empty());
  for (const gen::Move& m : r.pv) {
    REQUIRE(!s.over());
    REQUIRE(s.Apply(m).ok());
  }
  if (r.exact) {
    REQUIRE(r.pv_ends_game);
    REQUIRE(s.over());
    CHECK(s.score(0) - s.score(1) == r.final_spread);
  }
}

// The first position of each greedy game where the bag is empty and neither
// rack holds more than `max_tiles` (games played with the default rules),
// to be solved with a scoreless limit in min_mcnz..max_mcnz.
std::vector<Position> Endgames(const Lexicon& lex, const gen::Layout& layout, int games, int max_tiles,
                               std::uint64_t first_seed, int min_mcnz, int max_mcnz) {
  auto gen = gen::MoveGenerator::Create(lex, layout);
  REQUIRE(gen.ok());
  std::vector<Position> out;
  for (int g = 0; g < games; ++g) {
    game::SelfPlayOptions o;
    o.seed = first_seed + std::uint64_t(g);
    const int mcnz = min_mcnz + int(o.seed % std::uint64_t(max_mcnz - min_mcnz + 1));
    bool found = false;
    auto rec = game::PlayGreedyGame(*gen, o, [&](const Position& p) {
      if (found || gen::BagSize(p, lex.alphabet()) != 0 || p.scoreless_turns >= mcnz) return;
      if (p.racks[0].size() > max_tiles || p.racks[1].size() > max_tiles || p.racks[1].empty()) return;
      found = true;
      Position q = p;
      q.SetOp("mcnz", std::to_string(mcnz));
      out.push_back(q);
    });
    REQUIRE(rec.ok());
  }
  return out;
}

// An alphabet of A..Z with the English scores and a small set (a third of
// English's counts, rounded up, one blank), so that greedy games on a small
// lexicon empty the bag.
Alphabet EnglishLite() {
  const Alphabet en = Alphabet::English();
  std::vector<TileInfo> tiles;
  for (int t = 1; t <= en.size(); ++t) {
    TileInfo info = en.tile(static_cast<Tile>(t));
    info.count = (info.count + 2) / 3;
    tiles.push_back(info);
  }
  return Alphabet::FromTiles("english-lite", tiles, 1, 0).value();
}

// Six letters, three of each, one blank: 19 tiles.
Alphabet Tiny6() {
  std::vector<TileInfo> tiles;
  for (int i = 0; i < 6; ++i) {
    TileInfo t;
    t.label = std::string(1, char('A' + i));
    t.score = 1 + (i * 3) % 5;
    t.count = 3;
    tiles.push_back(t);
  }
  return Alphabet::FromTiles("tiny6", tiles, 1, 0).value();
}

using WordSetAlias = gen::test::WordSet;

struct Tally {
  int cases = 0, skipped = 0;
  int plays = 0;  // endgames whose best line starts with a play, not a pass
};

void CompareOne(const Lexicon& lex, const gen::Layout& layout, const Position& position, std::size_t i, Tally* tally) {
  const Alphabet& a = lex.alphabet();
  INFO("case " << i << ": " << gen::WriteCgp(position, a));
  auto model_gen = gen::MoveGenerator::Create(lex, layout);
  REQUIRE(model_gen.ok());
  auto e = MakeEndgame(position, layout, a);
  REQUIRE(e.ok());
  std::uint64_t model_nodes = 0;
  const int want = Minimax(Referee(*e, layout, a), *model_gen, &model_nodes);
  if (model_nodes > kModelNodes) {
    ++tally->skipped;
    return;
  }
  EndgameOptions o;
  o.threads = 1 + int(i % 3 == 2) + int(i % 9 == 8);              // some on two threads, a few on three
  o.table_bytes = i % 2 ? kMinTableBytes : std::size_t(1) << 20;  // a tiny table forces replacements
  o.reuse_plays = i % 4 != 3;                                     // some with every node's plays generated
  auto r = SolveEndgame(lex, layout, *e, o);
  REQUIRE(r.ok());
  INFO("model nodes " << model_nodes << ", solver nodes " << r->nodes);
  REQUIRE(r->exact);
  CHECK(r->final_spread == want);
  CHECK(r->value == want - (position.scores[0] - position.scores[1]));
  CheckLine(*r, *e, layout, a);
  ++tally->cases;
  tally->plays += r->pv.front().kind == gen::Move::Kind::kPlay;
}

void SolveAndCompare(const Lexicon& lex, const gen::Layout& layout, const std::vector<Position>& positions,
                     Tally* tally) {
  for (std::size_t i = 0; i < positions.size(); ++i) CompareOne(lex, layout, positions[i], i, tally);
}

// Endgames on a real word list whose greedy games rarely empty a bag: the
// board of a greedy game (english-lite set, default rules) when a play is
// about to be made, racks of 1..3 tiles taken from the two racks then, and
// an image of the same words whose tile set is exactly the board plus the
// racks (so the bag is empty), one image per endgame.
void ConstructedEndgames(const WordSetAlias& words, int games, std::uint64_t first_seed, Tally* tally) {
  const gen::Layout layout = gen::Layout::Standard15();
  const Alphabet lite = EnglishLite();
  const TestLexicon lex(words, lite);
  auto gen = gen::MoveGenerator::Create(lex.lexicon(), layout);
  REQUIRE(gen.ok());
  std::mt19937_64 rng(first_seed);
  for (int g = 0; g < games; ++g) {
    game::SelfPlayOptions o;
    o.seed = first_seed + std::uint64_t(g);
    std::vector<Position> before_plays;
    auto rec = game::PlayGreedyGame(*gen, o, [&](const Position& p) { before_plays.push_back(p); });
    REQUIRE(rec.ok());
    if (before_plays.size() < 2) continue;
    Position p = before_plays[std::size_t(rng() % before_plays.size())];
    // Each rack keeps the tiles of one of its plays of 1..3 tiles (chosen at
    // random) and one other tile, or 1..3 tiles at random without such a play.
    REQUIRE(gen->SetBoard(p.board).ok());
    for (Rack& rack : p.racks) {
      std::vector<gen::Play> small;
      gen->Generate(rack, gen::Algorithm::kGaddag, [&](const gen::Play& play) {
        if (play.placed <= 3) small.push_back(play);
      });
      std::vector<std::pair<Tile, bool>> tiles;
      for (int t = 1; t <= lite.size(); ++t)
        for (int n = rack.count(static_cast<Tile>(t)); n > 0; --n) tiles.push_back({static_cast<Tile>(t), false});
      for (int n = rack.blanks(); n > 0; --n) tiles.push_back({0, true});
      std::shuffle(tiles.begin(), tiles.end(), rng);
      Rack kept;
      if (!small.empty()) kept = small[std::size_t(rng() % small.size())].Tiles();
      const std::size_t extra = small.empty() ? 1 + rng() % 3 : 1;
      for (std::size_t k = 0, added = 0; k < tiles.size() && added < extra; ++k) {
        Rack with = kept;
        tiles[k].second ? with.AddBlank() : with.Add(tiles[k].first);
        if (!rack.Contains(with)) continue;
        kept = with;
        ++added;
      }
      rack = kept;
    }
    if (p.racks[0].empty() || p.racks[1].empty()) continue;
    const int mcnz = 1 + int(rng() % 3);
    if (p.scoreless_turns >= mcnz) continue;
    p.SetOp("mcnz", std::to_string(mcnz));
    // The set: what the board and the racks hold, nothing more.
    std::vector<TileInfo> tiles;
    for (int t = 1; t <= lite.size(); ++t) tiles.push_back(lite.tile(static_cast<Tile>(t)));
    for (TileInfo& t : tiles) t.count = 0;
    int blanks = 0;
    for (int r = 0; r < p.board.rows(); ++r)
      for (int c = 0; c < p.board.cols(); ++c) {
        const gen::Cell cell = p.board.at(r, c);
        if (cell == gen::kEmpty) continue;
        gen::CellIsBlank(cell) ? ++blanks : ++tiles[gen::CellTile(cell) - 1].count;
      }
    for (const Rack& rack : p.racks) {
      for (int t = 1; t <= lite.size(); ++t) tiles[std::size_t(t - 1)].count += rack.count(static_cast<Tile>(t));
      blanks += rack.blanks();
    }
    const Alphabet exact_set = Alphabet::FromTiles("english-exact", tiles, blanks, 0).value();
    const TestLexicon case_lex(words, exact_set);
    CompareOne(case_lex.lexicon(), layout, p, std::size_t(g), tally);
  }
}

// Endgames of greedy games on a random lexicon over Tiny6, on a small
// layout, each compared with the model.
struct RandomSetup {
  std::uint64_t seed;
  int words, max_len, side, layout_seed, games, max_tiles;
  std::uint64_t first_seed;
  int min_mcnz, max_mcnz;
};

void RandomLexiconCases(const char* name, const RandomSetup& r, int min_cases) {
  const Alphabet a = Tiny6();
  std::mt19937_64 rng(r.seed);
  const TestLexicon lex(gen::test::RandomWords(rng, r.words, 6, r.max_len), a);
  const gen::Layout layout = gen::test::SmallLayout(r.side, r.side, std::uint64_t(r.layout_seed));
  const std::vector<Position> positions =
      Endgames(lex.lexicon(), layout, r.games / kShare, r.max_tiles, r.first_seed, r.min_mcnz, r.max_mcnz);
  Tally t;
  SolveAndCompare(lex.lexicon(), layout, positions, &t);
  WARN(name << ": " << t.cases << " endgames (" << t.plays << " starting with a play), all equal to the minimax; "
            << t.skipped << " too large for the model skipped");
  CHECK(t.cases >= min_cases / kShare);
}

}  // namespace

TEST_CASE("endgame: equals a plain minimax on a random lexicon", "[endgame][model]") {
  RandomLexiconCases("random lexicon", {14, 120, 5, 9, 3, 260, 3, 1, 1, 3}, 100);
}

TEST_CASE("endgame: equals a plain minimax on english-small and words-tiny", "[endgame][model]") {
  int total = 0;
  for (const char* fixture : {"fixtures/english-small.txt", "fixtures/words-tiny.txt"}) {
    Tally t;
    ConstructedEndgames(gen::test::EnglishFixture(fixture), 150 / kShare, 100, &t);
    WARN(fixture << ": " << t.cases << " endgames (" << t.plays << " starting with a play), all equal to the minimax; "
                 << t.skipped << " too large for the model skipped");
    total += t.cases;
  }
  CHECK(total >= 100 / kShare);
}

TEST_CASE("endgame: long pass sequences, scoreless limits 4..6", "[endgame][model]") {
  RandomLexiconCases("pass sequences", {15, 60, 4, 7, 5, 100, 2, 500, 4, 6}, 20);
}

TEST_CASE("endgame: a budget gives a legal line marked not exact", "[endgame][budget]") {
  const Alphabet a = Tiny6();
  std::mt19937_64 rng(16);
  const TestLexicon lex(gen::test::RandomWords(rng, 200, 6, 5), a);
  const gen::Layout layout = gen::test::SmallLayout(11, 11, 7);
  const std::vector<Position> positions = Endgames(lex.lexicon(), layout, 40 / kShare, 7, 900, 6, 6);
  REQUIRE(!positions.empty());
  int cut = 0;
  for (const Position& p : positions) {
    auto e = MakeEndgame(p, layout, a);
    REQUIRE(e.ok());
    EndgameOptions o;
    o.node_limit = 1;  // stops at the first check, after the first iteration
    auto r = SolveEndgame(lex.lexicon(), layout, *e, o);
    REQUIRE(r.ok());
    REQUIRE(r->depth >= 1);
    CheckLine(*r, *e, layout, a);
    if (!r->exact) ++cut;
    // With a ply limit of one, the line is one move, after the passes forced
    // on a side with no play (not counted), exact only if it ends the game.
    o.node_limit = 0;
    o.max_plies = 1;
    auto one = SolveEndgame(lex.lexicon(), layout, *e, o);
    REQUIRE(one.ok());
    CHECK(one->depth == 1);
    REQUIRE(!one->pv.empty());
    for (std::size_t k = 0; k + 1 < one->pv.size(); ++k) CHECK(one->pv[k].kind == gen::Move::Kind::kPass);
    CHECK(one->exact == one->pv_ends_game);
    CheckLine(*one, *e, layout, a);
  }
  CHECK(cut > 0);
}

TEST_CASE("endgame: on_progress reports the nodes so far and the last completed iteration", "[endgame][progress]") {
  const Alphabet a = Tiny6();
  std::mt19937_64 rng(16);
  const TestLexicon lex(gen::test::RandomWords(rng, 200, 6, 5), a);
  const gen::Layout layout = gen::test::SmallLayout(11, 11, 7);
  const std::vector<Position> positions = Endgames(lex.lexicon(), layout, 12, 7, 900, 6, 6);
  REQUIRE(!positions.empty());
  std::size_t reports = 0;
  for (const Position& p : positions) {
    auto e = MakeEndgame(p, layout, a);
    REQUIRE(e.ok());
    EndgameOptions o;
    o.progress_every = 0;  // at every check of the budgets
    o.max_plies = 3;
    std::vector<EndgameIteration> iterations, progress;
    o.on_iteration = [&](const EndgameIteration& it) { iterations.push_back(it); };
    o.on_progress = [&](const EndgameIteration& it) { progress.push_back(it); };
    auto r = SolveEndgame(lex.lexicon(), layout, *e, o);
    REQUIRE(r.ok());
    reports += progress.size();
    // Every completed iteration is reported as progress too; in between, the
    // depth and value are those of the last iteration completed before.
    std::size_t done = 0;
    for (std::size_t i = 0; i < progress.size(); ++i) {
      const EndgameIteration& it = progress[i];
      if (i > 0) CHECK(it.nodes >= progress[i - 1].nodes);
      CHECK(it.nodes <= r->nodes);
      if (done < iterations.size() && it.depth == iterations[done].depth && it.nodes == iterations[done].nodes) {
        CHECK(it.value == iterations[done].value);
        ++done;
        continue;
      }
      CHECK(it.depth == (done == 0 ? 0 : iterations[done - 1].depth));
      if (done > 0) CHECK(it.value == iterations[done - 1].value);
    }
    CHECK(done == iterations.size());
    REQUIRE(!iterations.empty());
    CHECK(iterations.back().depth == r->depth);
  }
  CHECK(reports > 0);
}

TEST_CASE("endgame: positions that are not endgames and bad options are refused", "[endgame][bad-input]") {
  const Alphabet a = Alphabet::English();
  const gen::Layout layout = gen::Layout::Standard15();
  const auto parse = [&](const std::string& cgp) {
    auto p = gen::ParseCgp(cgp, a, layout);
    REQUIRE(p.ok());
    return *p;
  };
  const auto error = [&](const std::string& cgp) {
    auto e = MakeEndgame(parse(cgp), layout, a);
    REQUIRE(!e.ok());
    return e.status();
  };
  const std::string empty = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15";
  // A bag full of tiles: 93 unseen with one rack listed.
  Status st = error(empty + " ADEEGIL/ 0/0 0");
  CHECK(st.code() == Errc::kBadInput);
  CHECK_THAT(st.detail(), Catch::Contains("bag: 93 tiles unseen") && Catch::Contains("not empty"));
  // Both racks listed and tiles still unseen.
  st = error(empty + " ADEEGIL/AEIOU 0/0 0");
  CHECK_THAT(st.detail(), Catch::Contains("bag: 88 tiles unseen besides the listed racks"));
  // More tiles than the set holds (three Z).
  {
    Position p = parse(empty + " Z/ 0/0 0");
    p.racks[0].Add(26);
    p.racks[0].Add(26);
    CHECK_THAT(MakeEndgame(p, layout, a).status().detail(), Catch::Contains("3 'Z'"));
  }
  // Scoreless turns at the limit; a limit of 0.
  const Position base = parse(empty + " A/B 0/0 0");
  {
    Position p = base;
    p.board = gen::Board(15, 15);
    // Fill the board with the rest of the set so that the bag is empty.
    gen::TileCounts rest = gen::Unseen(p, a);
    int sq = 0;
    for (int t = 1; t <= a.size(); ++t)
      for (int n = rest.counts[std::size_t(t)]; n > 0; --n, ++sq)
        p.board.set(sq / 15, sq % 15, gen::MakeCell(Tile(t), false));
    for (int n = rest.blanks; n > 0; --n, ++sq) p.board.set(sq / 15, sq % 15, gen::MakeCell(1, true));
    REQUIRE(MakeEndgame(p, layout, a).ok());
    p.scoreless_turns = 6;
    CHECK_THAT(MakeEndgame(p, layout, a).status().detail(), Catch::Contains("reach the limit of 6"));
    p.scoreless_turns = 0;
    p.SetOp("mcnz", "0");
    CHECK_THAT(MakeEndgame(p, layout, a).status().detail(), Catch::Contains("mcnz 0"));
    p.SetOp("mcnz", "6");
    p.SetOp("etl", "0");
    CHECK_THAT(MakeEndgame(p, layout, a).status().detail(), Catch::Contains("etl 0"));
    p.SetOp("etl", "7");
    p.racks[0] = Rack();
    p.board.set(14, 14, gen::MakeCell(1, false));  // the A, from the rack to the board
    CHECK_THAT(MakeEndgame(p, layout, a).status().detail(), Catch::Contains("the player to move has no tiles"));
  }
  EndgameOptions o;
  o.max_plies = -1;
  CHECK(ValidateOptions(o).code() == Errc::kInvalidArgument);
  o.max_plies = kMaxPlies + 1;
  CHECK_THAT(ValidateOptions(o).detail(), Catch::Contains("max_plies"));
  o = EndgameOptions();
  o.threads = 0;
  CHECK_THAT(ValidateOptions(o).detail(), Catch::Contains("threads"));
  o = EndgameOptions();
  o.time_limit = -1;
  CHECK_THAT(ValidateOptions(o).detail(), Catch::Contains("time_limit"));
  o.time_limit = std::nan("");
  CHECK_THAT(ValidateOptions(o).detail(), Catch::Contains("time_limit"));
  o = EndgameOptions();
  o.table_bytes = 10;
  CHECK_THAT(ValidateOptions(o).detail(), Catch::Contains("table_bytes"));
  CHECK(ValidateOptions(EndgameOptions()).ok());
}

// SOWPODS (skipped when absent): endgames of the benchmark set with short
// racks, solved on 1 and 2 threads and with a 4 KiB and a 64 MiB table:
// every solve exact and the values equal.
TEST_CASE("endgame: SOWPODS values do not depend on threads, table size or reused plays", "[endgame][sowpods]") {
  const gen::test::SowpodsImage* sowpods = gen::test::Sowpods();
  if (!sowpods) return;
  const Lexicon& lex = sowpods->lexicon;
  const Alphabet en = Alphabet::English();
  const gen::Layout layout = gen::Layout::Standard15();
  int solved = 0, longer = 0;
#ifdef LEXC_ENDGAME_CHECK_LISTS
  constexpr bool kCheckedLists = true;  // a full generation a node: the short ones only
#else
  constexpr bool kCheckedLists = false;
#endif
  const int want = lexc::test::kSanitized ? 2 : 4;
  const int want_longer = kCheckedLists ? 0 : lexc::test::kSanitized ? 1 : 3;
  for (const std::string& line : gen::test::FixtureLines("fixtures/positions/sowpods-endgames.cgp")) {
    if (solved >= want && longer >= want_longer) break;
    if (line[0] == '#') continue;
    auto p = gen::ParseCgp(line, en, layout);
    REQUIRE(p.ok());
    // Short opponent racks (quick to solve) on threads and tables; a few
    // of 3 or 4 tiles with the plays reused and generated.
    const int opp = p->racks[1].size();
    const bool short_rack = opp <= 2 && solved < want;
    const bool longer_rack = (opp == 3 || opp == 4) && longer < want_longer;
    if (!short_rack && !longer_rack) continue;
    INFO(line);
    auto e = MakeEndgame(*p, layout, en);
    REQUIRE(e.ok());
    struct Config {
      int threads;
      std::size_t table;
      bool reuse;
    };
    std::vector<Config> configs;
    if (short_rack)
      configs = {{1, kMinTableBytes, true},
                 {2, kMinTableBytes, true},
                 {1, std::size_t(64) << 20, true},
                 {2, std::size_t(64) << 20, true},
                 {1, std::size_t(64) << 20, false}};
    else
      configs = {{1, std::size_t(64) << 20, true}, {1, std::size_t(64) << 20, false}, {2, std::size_t(64) << 20, true}};
    std::vector<int> values;
    for (const Config& c : configs) {
      EndgameOptions o;
      o.threads = c.threads;
      o.table_bytes = c.table;
      o.reuse_plays = c.reuse;
      auto r = SolveEndgame(lex, layout, *e, o);
      REQUIRE(r.ok());
      REQUIRE(r->exact);
      CheckLine(*r, *e, layout, en);
      values.push_back(r->value);
    }
    CHECK(std::adjacent_find(values.begin(), values.end(), std::not_equal_to<>()) == values.end());
    (short_rack ? solved : longer) += 1;
  }
  CHECK(solved == want);
  CHECK(longer == want_longer);
}

// The table grows with the search (TranspositionTable::Grow): entries
// stored under the narrow mask are found under each wider one, those a
// later store to the same slot replaced are not, and no key ever reads
// another key's entry. The model: the last key stored in each narrow slot.
TEST_CASE("endgame table: entries survive growth, none is read for another key", "[endgame][table]") {
  using internal::Bound;
  using internal::TableEntry;
  using internal::TranspositionTable;
  auto table = TranspositionTable::Create(std::size_t(64) << 20);
  REQUIRE(table.ok());
  const std::uint64_t narrow = TranspositionTable::kStartEntries;
  REQUIRE(table->entries() == (std::size_t(64) << 20) / 16);
  std::mt19937_64 rng(1515);
  const auto entry_of = [](std::uint64_t key) {
    TableEntry e;
    e.value = int(key % 2001) - 1000;
    e.depth = int(key % 200);
    e.bound = static_cast<Bound>(key % 3);
    e.exact = false;
    e.move = std::uint32_t(key % 1000000) + 2;
    return e;
  };
  std::vector<std::uint64_t> stored;
  std::vector<std::uint64_t> last(narrow, 0);  // the key last stored in each narrow slot
  for (int i = 0; i < 200000; ++i) {
    const std::uint64_t key = rng() | (std::uint64_t(1) << 63);
    table->Store(key, entry_of(key));
    stored.push_back(key);
    last[key & (narrow - 1)] = key;
  }
  const auto check = [&](const char* when) {
    INFO(when);
    std::size_t found = 0;
    for (std::uint64_t key : stored) {
      TableEntry e;
      const bool hit = table->Load(key, &e);
      const bool kept = last[key & (narrow - 1)] == key;
      REQUIRE(hit == kept);
      if (!hit) continue;
      ++found;
      const TableEntry want = entry_of(key);
      REQUIRE(e.value == want.value);
      REQUIRE(e.depth == want.depth);
      REQUIRE(e.bound == want.bound);
      REQUIRE(e.move == want.move);
    }
    TableEntry e;
    for (int i = 0; i < 1000; ++i) REQUIRE_FALSE(table->Load(rng() & ~(std::uint64_t(1) << 63), &e));
    return found;
  };
  const std::size_t before = check("narrow");
  CHECK(before > narrow / 2);
  table->Grow(narrow);  // under twice the entries in use: no change
  CHECK(check("not yet grown") == before);
  table->Grow(2 * narrow);  // four times wider
  CHECK(check("grown once") == before);
  table->Grow(~std::uint64_t(0));  // to the whole table
  CHECK(check("grown to the whole table") == before);
}

}  // namespace lexc::endgame::test
