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
#include <cstring>
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

namespace lexc::endgame::test {
namespace {

using gen::Position;
using gen::test::TestLexicon;

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

void CompareOne(const Lexicon& lex, const gen::Layout& layout, const Position& position, std::size_t i,
                Tally* tally) {
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
  o.threads = 1 + int(i % 3 == 2);                                // some on two threads
  o.table_bytes = i % 2 ? kMinTableBytes : std::size_t(1) << 20;  // a tiny table forces replacements
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

}  // namespace

TEST_CASE("endgame: equals a plain minimax on a random lexicon", "[endgame][model]") {
  const Alphabet a = Tiny6();
  std::mt19937_64 rng(14);
  gen::test::WordSet words = gen::test::RandomWords(rng, 120, 6, 5);
  const TestLexicon lex(words, a);
  const gen::Layout layout = gen::test::SmallLayout(9, 9, 3);
  const std::vector<Position> positions = Endgames(lex.lexicon(), layout, 260, 3, 1, 1, 3);
  Tally t;
  SolveAndCompare(lex.lexicon(), layout, positions, &t);
  WARN("random lexicon: " << t.cases << " endgames (" << t.plays << " starting with a play), all equal to the minimax; " << t.skipped
                            << " too large for the model skipped");
  CHECK(t.cases >= 100);
}

TEST_CASE("endgame: equals a plain minimax on english-small and words-tiny", "[endgame][model]") {
  int total = 0;
  for (const char* fixture : {"fixtures/english-small.txt", "fixtures/words-tiny.txt"}) {
    Tally t;
    ConstructedEndgames(gen::test::EnglishFixture(fixture), 150, 100, &t);
    WARN(fixture << ": " << t.cases << " endgames (" << t.plays << " starting with a play), all equal to the minimax; "
                 << t.skipped << " too large for the model skipped");
    total += t.cases;
  }
  CHECK(total >= 100);
}

TEST_CASE("endgame: long pass sequences, scoreless limits 4..6", "[endgame][model]") {
  const Alphabet a = Tiny6();
  std::mt19937_64 rng(15);
  gen::test::WordSet words = gen::test::RandomWords(rng, 60, 6, 4);
  const TestLexicon lex(words, a);
  const gen::Layout layout = gen::test::SmallLayout(7, 7, 5);
  const std::vector<Position> positions = Endgames(lex.lexicon(), layout, 100, 2, 500, 4, 6);
  Tally t;
  SolveAndCompare(lex.lexicon(), layout, positions, &t);
  WARN("pass sequences: " << t.cases << " endgames (" << t.plays << " starting with a play), all equal to the minimax; " << t.skipped
                           << " too large for the model skipped");
  CHECK(t.cases >= 20);
}

}  // namespace lexc::endgame::test
