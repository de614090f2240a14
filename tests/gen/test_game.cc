// The game layer's rules against independent models: tile counts and scores
// written out by hand (the English set), bag sizes by arithmetic, and a
// random player whose games must conserve every tile. Covers exchanges
// (allowed exactly when the bag holds the limit), going out, the scoreless
// end, the turn limit, games started from CGP positions, and players other
// than the greedy one plugged into the runner.
#include <algorithm>
#include <catch2/catch.hpp>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "gen_support.h"
#include "lexc/game/game_state.h"
#include "lexc/game/gcg.h"
#include "lexc/game/player.h"
#include "lexc/game/selfplay.h"
#include "lexc/gen/cgp.h"

namespace lexc::game::test {
namespace {

using gen::Move;
using gen::Position;
using gen::test::TestLexicon;

// The English set and scores, written out rather than read from the alphabet.
const std::map<char, int>& EnglishCounts() {
  static const std::map<char, int> m = {{'A', 9}, {'B', 2}, {'C', 2}, {'D', 4}, {'E', 12}, {'F', 2}, {'G', 3},
                                        {'H', 2}, {'I', 9}, {'J', 1}, {'K', 1}, {'L', 4},  {'M', 2}, {'N', 6},
                                        {'O', 8}, {'P', 2}, {'Q', 1}, {'R', 6}, {'S', 4},  {'T', 6}, {'U', 4},
                                        {'V', 2}, {'W', 2}, {'X', 1}, {'Y', 2}, {'Z', 1},  {'?', 2}};
  return m;
}

int EnglishValue(const std::string& tiles) {
  static const std::map<char, int> score = {{'A', 1}, {'E', 1}, {'I', 1}, {'O', 1},  {'U', 1},  {'L', 1}, {'N', 1},
                                            {'S', 1}, {'T', 1}, {'R', 1}, {'D', 2},  {'G', 2},  {'B', 3}, {'C', 3},
                                            {'M', 3}, {'P', 3}, {'F', 4}, {'H', 4},  {'V', 4},  {'W', 4}, {'Y', 4},
                                            {'K', 5}, {'J', 8}, {'X', 8}, {'Q', 10}, {'Z', 10}, {'?', 0}};
  int v = 0;
  for (char c : tiles) v += score.at(c);
  return v;
}

// Tile counts by label ('?' for blanks), single-character labels only.
std::map<char, int> ByLabel(const gen::TileCounts& c, const Alphabet& a) {
  std::map<char, int> m;
  for (int t = 1; t <= a.size(); ++t)
    if (c.counts[std::size_t(t)]) m[a.tile(static_cast<Tile>(t)).label[0]] = c.counts[std::size_t(t)];
  if (c.blanks) m['?'] = c.blanks;
  return m;
}

std::map<char, int> Minus(std::map<char, int> m, const std::string& tiles) {
  for (char c : tiles)
    if (--m[c] == 0) m.erase(c);
  return m;
}

Rack R(const std::string& text) { return Rack::Parse(Alphabet::English(), text).value(); }

Move Exchange(const std::string& tiles) {
  Move m;
  m.kind = Move::Kind::kExchange;
  m.exchange = R(tiles);
  return m;
}

// An English position whose board holds `on_board` tiles (any tiles, row by
// row: the state does not read words), the mover holding `rack` and the
// opponent's rack unlisted.
Position FilledPosition(int on_board, const std::string& rack) {
  const Alphabet a = Alphabet::English();
  std::string pool;
  for (const auto& [label, n] : Minus(EnglishCounts(), rack))
    if (label != '?') pool.append(std::size_t(n), label);
  Position p;
  p.board = gen::Board(15, 15);
  for (int i = 0; i < on_board; ++i)
    p.board.set(i / 15, i % 15, static_cast<gen::Cell>(pool[std::size_t(i)] - 'A' + 1));
  p.racks = {R(rack), Rack()};
  p.scores = {0, 0};
  return p;
}

// Chooses at random among every legal move: plays of any score, exchanges
// of any part of the rack, passes.
class RandomPlayer final : public Player {
 public:
  explicit RandomPlayer(std::uint64_t seed) : rng_(seed) {}
  const std::string& name() const override { return name_; }
  Result<Move> ChooseMove(const PlayerView& view) override {
    view.LegalMoves(&moves_);
    // A kind first (plays outnumber the rest by far), then a move of it.
    std::vector<Move> of_kind;
    while (of_kind.empty()) {
      const auto kind = static_cast<Move::Kind>(std::uniform_int_distribution<int>(0, 2)(rng_));
      for (const Move& m : moves_)
        if (m.kind == kind) of_kind.push_back(m);
    }
    return of_kind[std::uniform_int_distribution<std::size_t>(0, of_kind.size() - 1)(rng_)];
  }

 private:
  std::string name_ = "Random";
  std::mt19937_64 rng_;
  std::vector<Move> moves_;
};

}  // namespace

TEST_CASE("exchanges are allowed exactly when the bag holds at least the limit", "[game][rules]") {
  const Alphabet a = Alphabet::English();
  const gen::Layout layout = gen::Layout::Standard15();
  for (int limit : {1, 7, 10}) {
    for (int bag = 0; bag <= 14; ++bag) {
      INFO("limit " << limit << ", bag " << bag);
      // 100 tiles: the board, two racks of 7, the bag.
      Position p = FilledPosition(100 - 14 - bag, "AEINST?");
      p.SetOp("etl", std::to_string(limit));
      const GameState s = GameState::FromPosition(p, layout, a, RulesOf(p), 5).value();
      REQUIRE(s.bag().size() == bag);
      CHECK(s.rack(1).size() == 7);
      CHECK(s.CanExchange() == (bag >= limit));
      std::vector<Move> from_position, from_state;
      AppendNonPlays(p, a, &from_position);
      AppendNonPlays(s.rack(0), s.CanExchange(), &from_state);
      // AEINST? has 2^7 - 1 non-empty parts; the pass comes last.
      CHECK(from_position.size() == (bag >= limit ? 128u : 1u));
      CHECK(from_position.size() == from_state.size());
      CHECK(from_position.back().kind == Move::Kind::kPass);
      GameState copy = s;
      const Status st = copy.Apply(Exchange("Q"));  // not on the rack: refused either way
      CHECK(st.code() == Errc::kInvalidArgument);
      CHECK(copy.Apply(Exchange("A?")).ok() == (bag >= limit));
      if (bag >= limit) {
        // Draw first, then return: a bag of one gives back one tile for two.
        const int drawn = std::min(bag, 2);
        CHECK(copy.bag().size() == bag - drawn + 2);
        CHECK(copy.rack(0).size() == 5 + drawn);
        CHECK(copy.to_move() == 1);
      } else {
        CHECK(copy.rack(0) == s.rack(0));  // unchanged on error
        CHECK(copy.to_move() == 0);
      }
    }
  }
}

TEST_CASE("going out with the bag empty ends the game: twice the opponent's tiles", "[game][rules]") {
  // Six tiles in all: A A A T T T (A scores 1, T 2), no blanks.
  std::vector<TileInfo> tiles(2);
  tiles[0].label = "A", tiles[0].score = 1, tiles[0].count = 3;
  tiles[1].label = "T", tiles[1].score = 2, tiles[1].count = 3;
  const Alphabet a = Alphabet::FromTiles("at", tiles, 0, 0).value();
  const TestLexicon tl(gen::test::WordSet{{1, 2}, {2, 1}}, a);  // AT, TA
  const gen::Layout layout = gen::Layout::Standard15();
  const Position p = gen::ParseCgp("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AT/AATT 3/4 0", a, layout).value();
  GameState s = GameState::FromPosition(p, layout, a, RulesOf(p), 1).value();
  REQUIRE(s.bag().size() == 0);
  gen::MoveGenerator gen = gen::MoveGenerator::Create(tl.lexicon(), layout).value();
  std::vector<Move> moves;
  s.LegalMoves(gen, gen::Algorithm::kGaddag, &moves);
  REQUIRE(moves.size() == 9);  // AT and TA, across and down, over the centre two ways each; the pass
  CHECK(moves.back().kind == Move::Kind::kPass);
  GreedyPlayer greedy;
  const Move best = greedy.ChooseMove(PlayerView(s, gen, gen::Algorithm::kGaddag)).value();
  REQUIRE(best.kind == Move::Kind::kPlay);
  CHECK(best.play.score == 6);  // (1 + 2) x 2, the centre square doubles
  std::vector<GameEvent> events;
  REQUIRE(s.Apply(best, &events).ok());
  CHECK(s.over());
  CHECK(s.end() == End::kWentOut);
  REQUIRE(events.size() == 2);
  CHECK(events[1].kind == GameEvent::Kind::kOutBonus);
  CHECK(events[1].player == 0);
  CHECK(events[1].points == 2 * (1 + 1 + 2 + 2));
  CHECK(s.score(0) == 3 + 6 + 12);
  CHECK(s.score(1) == 4);
  CHECK(s.Apply(Move()).code() == Errc::kInvalidArgument);  // over
  s.LegalMoves(gen, gen::Algorithm::kGaddag, &moves);
  CHECK(moves.empty());
}

TEST_CASE("six scoreless turns end the game: each loses its own tiles", "[game][rules]") {
  const Alphabet a = Alphabet::English();
  const gen::Layout layout = gen::Layout::Standard15();
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    INFO("seed " << seed);
    GameState s = GameState::NewGame(layout, a, Rules(), seed);
    CHECK(s.bag().size() == 86);
    std::vector<GameEvent> events;
    for (int turn = 1; turn <= 5; ++turn) {
      REQUIRE(s.Apply(turn == 3 ? Exchange(s.rack(0).ToString(a)) : Move(), &events).ok());
      CHECK(!s.over());
      CHECK(s.scoreless_turns() == turn);
    }
    const std::string racks[2] = {s.rack(0).ToString(a), s.rack(1).ToString(a)};
    REQUIRE(s.Apply(Move(), &events).ok());
    CHECK(s.over());
    CHECK(s.end() == End::kScoreless);
    REQUIRE(events.size() == 8);
    for (int seat : {0, 1}) {
      CHECK(events[std::size_t(6 + seat)].kind == GameEvent::Kind::kRackPenalty);
      CHECK(events[std::size_t(6 + seat)].player == seat);
      CHECK(s.score(seat) == -EnglishValue(racks[seat]));
    }
  }
  // From a position: five scoreless turns, then a play that scores resets
  // the count; mcnz sets the limit; a pass ends the game at the limit.
  const std::string empty = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15";
  Position p = gen::ParseCgp(empty + " QI/ 10/20 5", a, layout).value();
  GameState s = GameState::FromPosition(p, layout, a, RulesOf(p), 3).value();
  gen::Play qi;
  qi.row = 7, qi.col = 7, qi.length = 2, qi.placed = 2, qi.score = 22;
  qi.cells[0] = 17, qi.cells[1] = 9;  // Q, I
  gen::Play wrong = qi;
  wrong.cells[1] = 24;  // X: not on the rack
  CHECK(s.Apply(Move::FromPlay(wrong)).code() == Errc::kInvalidArgument);
  wrong = qi;
  wrong.col = 14;  // runs off the board
  CHECK(s.Apply(Move::FromPlay(wrong)).code() == Errc::kInvalidArgument);
  CHECK(s.board().IsEmpty());
  CHECK(s.rack(0) == R("IQ"));
  REQUIRE(s.Apply(Move::FromPlay(qi)).ok());
  CHECK(s.Apply(Move::FromPlay(qi)).code() == Errc::kInvalidArgument);  // taken squares, the only Q gone
  CHECK(!s.over());
  CHECK(s.scoreless_turns() == 0);
  CHECK(s.score(0) == 32);
  // A score near the int range is refused where it is read (it overflowed
  // an endgame's spread); the largest one allowed plays on.
  CHECK(gen::ParseCgp(empty + " QI/ 2147483640/0 0", a, layout).status().code() == Errc::kBadInput);
  p = gen::ParseCgp(empty + " QI/ 1000000000/-1000000000 0", a, layout).value();
  s = GameState::FromPosition(p, layout, a, RulesOf(p), 3).value();
  REQUIRE(s.Apply(Move::FromPlay(qi)).ok());
  CHECK(s.score(0) == 1000000022);
  p = gen::ParseCgp(empty + " QI/ 10/20 2 mcnz 3;", a, layout).value();
  s = GameState::FromPosition(p, layout, a, RulesOf(p), 3).value();
  REQUIRE(s.Apply(Move()).ok());
  CHECK(s.over());
  CHECK(s.score(0) == 10 - EnglishValue("IQ"));
  // A position read at the limit is over at once: no move may follow, and
  // the rack penalties are taken (the opponent's rack is dealt from the bag).
  p = gen::ParseCgp(empty + " QI/ 10/20 3 mcnz 3;", a, layout).value();
  s = GameState::FromPosition(p, layout, a, RulesOf(p), 3).value();
  CHECK(s.over());
  CHECK(s.end() == End::kScoreless);
  CHECK(s.score(0) == 10 - EnglishValue("IQ"));
  CHECK(s.score(1) == 20 - s.rack(1).Value(a));
  CHECK(s.Apply(Move()).code() == Errc::kInvalidArgument);
}

TEST_CASE("the turn limit stops a game without adjustments", "[game][rules]") {
  Rules rules;
  rules.max_turns = 4;
  GameState s = GameState::NewGame(gen::Layout::Standard15(), Alphabet::English(), rules, 9);
  std::vector<GameEvent> events;
  for (int i = 0; i < 4; ++i) REQUIRE(s.Apply(Move(), &events).ok());
  CHECK(s.over());
  CHECK(s.end() == End::kTurnLimit);
  CHECK(events.size() == 4);
  CHECK(s.score(0) == 0);
  rules.max_turns = 0;
  CHECK(GameState::NewGame(gen::Layout::Standard15(), Alphabet::English(), rules, 9).over());
}

TEST_CASE("a game from a CGP position: the unseen tiles form the bag", "[game][cgp]") {
  const Alphabet a = Alphabet::English();
  const gen::Layout layout = gen::Layout::Standard15();
  const std::string board = "15/15/15/15/15/15/15/3WINDY7/15/15/15/15/15/15/15";
  const std::map<char, int> unseen = Minus(Minus(EnglishCounts(), "WINDY"), "ADEEGIL");
  for (const std::string opponent : {"", "QU", "UUUU"}) {
    INFO("opponent " << opponent);
    const Position p = gen::ParseCgp(board + " ADEEGIL/" + opponent + " 12/30 1 lex CSW21;", a, layout).value();
    const GameState s = GameState::FromPosition(p, layout, a, RulesOf(p), 77).value();
    CHECK(ByLabel(s.Unseen(0), a) == unseen);
    CHECK(s.Unseen(0).total == 100 - 5 - 7);
    CHECK(s.bag().size() == 100 - 5 - 7 - 7);
    CHECK(s.bag().size() == gen::BagSize(p, a));
    CHECK(s.rack(0) == R("ADEEGIL"));
    CHECK(s.rack(1).size() == 7);
    CHECK(s.rack(1).Contains(R(opponent)));
    // What the opponent cannot see: the bag and the mover's rack.
    CHECK(ByLabel(s.Unseen(1), a) == Minus(Minus(EnglishCounts(), "WINDY"), s.rack(1).ToString(a)));
    CHECK(s.score(0) == 12);
    CHECK(s.score(1) == 30);
    CHECK(s.scoreless_turns() == 1);
    // The same seed deals the same hidden tiles.
    CHECK(GameState::FromPosition(p, layout, a, RulesOf(p), 77)->rack(1) == s.rack(1));
    const Position back = s.ToPosition();
    CHECK(back.board == p.board);
    CHECK(back.racks[0] == p.racks[0]);
    CHECK(back.scores == p.scores);
  }
  Position three = gen::ParseCgp(board + " ADEEGIL/ 0/0 0", a, layout).value();
  three.racks.push_back(Rack());
  three.scores.push_back(0);
  CHECK(GameState::FromPosition(three, layout, a, Rules(), 1).status().code() == Errc::kInvalidArgument);
  Position too_many = gen::ParseCgp(board + " ADEEGIL/ 0/0 0", a, layout).value();
  too_many.racks[1] = R("WW");  // a third W: the set has two, the board one
  CHECK(GameState::FromPosition(too_many, layout, a, Rules(), 1).status().code() == Errc::kInvalidArgument);
}

TEST_CASE("positions checked for two players and a game not over, as GameState sees them", "[game][rules][cgp]") {
  const Alphabet a = Alphabet::English();
  const gen::Layout layout = gen::Layout::Standard15();
  const std::string board = "15/15/15/15/15/15/15/3WINDY7/15/15/15/15/15/15/15";
  const auto at = [&](const std::string& rest) { return gen::ParseCgp(board + " " + rest, a, layout).value(); };
  CHECK(CheckTwoPlayers(at("ADEEGIL/ 0/0 0")).ok());
  CHECK(CheckTwoPlayers(at("ADEEGIL 0 0")).ok());
  const Status three = CheckTwoPlayers(at("ADEEGIL/B/C 0/0/0 0"));
  CHECK(three.code() == Errc::kInvalidArgument);
  CHECK(three.detail() == "racks: a game has two players, the position lists 3 racks");
  // The scoreless turns: over at the limit and past it, as GameState ends
  // a game read from the position at once.
  for (int n : {0, 1, 5, 6, 7}) {
    const Position p = at("ADEEGIL/ 0/0 " + std::to_string(n));
    const Status st = CheckNotOver(p, a, RulesOf(p));
    INFO(n << " scoreless: " << st.detail());
    CHECK(st.ok() == (n < 6));
    CHECK(st.ok() == !GameState::FromPosition(p, layout, a, RulesOf(p), 1)->over());
    if (n == 7) CHECK(st.detail() == "scoreless turns: 7 reach the limit of 6, the game is over");
  }
  const Position mcnz = at("ADEEGIL/ 0/0 2 mcnz 2;");
  CHECK_FALSE(CheckNotOver(mcnz, a, RulesOf(mcnz)).ok());
  // A player gone out: the opponent with no rack listed and nothing
  // unseen. Every tile but ADEEGIL on the board (rows 1-6 and WINDY).
  std::string full;
  {
    std::map<char, int> rest = Minus(Minus(EnglishCounts(), "WINDY"), "ADEEGIL");
    std::string tiles;
    for (const auto& [c, k] : rest) tiles += std::string(std::size_t(k), c == '?' ? 'e' : c);
    for (int row = 0; row < 6; ++row) {
      const std::string part = tiles.substr(std::min(tiles.size(), std::size_t(row) * 15), 15);
      full += (row ? "/" : "") + part + (part.size() < 15 ? std::to_string(15 - part.size()) : "");
    }
    REQUIRE(tiles.size() <= 90);
    full += "/15/3WINDY7/15/15/15/15/15/15/15";
  }
  const auto over = [&](const std::string& rest) {
    const Position p = gen::ParseCgp(full + " " + rest, a, layout).value();
    return CheckNotOver(p, a, RulesOf(p));
  };
  CHECK(over("ADEEGIL/ 0/0 0").detail() == "racks: the opponent has no tiles and the bag is empty, the game is over");
  CHECK(over("ADEEG/IL 0/0 0").ok());
  CHECK(over("/ADEEGIL 0/0 0").detail() ==
        "racks: the player to move has no tiles and the bag is empty, the game is over");
  CHECK(over("ADEEG/ 0/0 0").ok());  // IL unseen: the opponent's
}

TEST_CASE("random games conserve the tiles: board + racks + bag is the full set", "[game][conservation]") {
  // 8 letters, 6 of each and 2 blanks: 50 tiles, games that end.
  std::vector<TileInfo> tiles;
  for (int i = 0; i < 8; ++i) {
    TileInfo t;
    t.label = std::string(1, char('A' + i));
    t.score = 1 + i % 4;
    t.count = 6;
    tiles.push_back(t);
  }
  const Alphabet a = Alphabet::FromTiles("small50", tiles, 2, 0).value();
  std::mt19937_64 word_rng(99);
  const TestLexicon tl(gen::test::RandomWords(word_rng, 2500, 8, 5), a);
  const gen::Layout layout = gen::Layout::Standard15();
  gen::MoveGenerator gen = gen::MoveGenerator::Create(tl.lexicon(), layout).value();
  int moves_checked = 0, exchanges = 0, went_out = 0;
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    INFO("seed " << seed);
    GameState s = GameState::NewGame(layout, a, Rules(), seed);
    REQUIRE(gen.SetBoard(s.board()).ok());
    RandomPlayer random(seed);
    GreedyPlayer greedy;
    Player* players[2] = {&random, &greedy};
    std::vector<GameEvent> events;
    int totals[2] = {0, 0};
    while (!s.over()) {
      const Move m = players[s.to_move()]->ChooseMove(PlayerView(s, gen, gen::Algorithm::kDawg)).value();
      exchanges += m.kind == Move::Kind::kExchange;
      REQUIRE(s.Apply(m, &events).ok());
      if (m.kind == Move::Kind::kPlay) REQUIRE(gen.Apply(m.play).ok());
      // Count every tile where it is: 6 of each letter, 2 blanks.
      int letters[9] = {}, blanks = 0;
      for (gen::Cell c : s.board().cells())
        if (c != gen::kEmpty) gen::CellIsBlank(c) ? ++blanks : ++letters[gen::CellTile(c)];
      for (const Rack* r : {&s.rack(0), &s.rack(1)}) {
        blanks += r->blanks();
        for (int t = 1; t <= 8; ++t) letters[t] += r->count(static_cast<Tile>(t));
      }
      const gen::TileCounts bag = s.bag().Counts();
      blanks += bag.blanks;
      for (int t = 1; t <= 8; ++t) {
        letters[t] += bag.counts[std::size_t(t)];
        REQUIRE(letters[t] == 6);
      }
      REQUIRE(blanks == 2);
      REQUIRE(s.rack(0).size() <= 7);
      REQUIRE(s.rack(1).size() <= 7);
      ++moves_checked;
    }
    for (const GameEvent& e : events) {
      totals[e.player] += e.points;
      CHECK(e.total == totals[e.player]);
    }
    CHECK(totals[0] == s.score(0));
    CHECK(totals[1] == s.score(1));
    went_out += s.end() == End::kWentOut;
  }
  CHECK(moves_checked > 300);
  CHECK(exchanges > 10);
  CHECK(went_out > 0);
}

TEST_CASE("the runner plays any players, reproducibly, and gathers the statistics", "[game][selfplay]") {
  std::mt19937_64 word_rng(4242);
  const TestLexicon tl(gen::test::RandomWords(word_rng, 2500, 8, 5), gen::test::SmallAlphabet(8));
  const gen::Layout layout = gen::Layout::Standard15();
  gen::MoveGenerator gen = gen::MoveGenerator::Create(tl.lexicon(), layout).value();
  struct Series {
    SelfPlayStats stats;
    std::vector<GameRecord> records;
    std::vector<std::string> gcg;
    std::uint64_t positions = 0;
  };
  const auto play = [&](int every) {
    Series out;
    RandomPlayer random(5);
    GreedyPlayer greedy("Greedy Two");
    SeriesOptions o;
    o.games = 4;
    o.first_seed = 20;
    o.position_every = every;
    const auto on_game = [&](const GameRecord& g) {
      out.records.push_back(g);
      out.gcg.push_back(WriteGcg(g, tl.alphabet(), ""));
    };
    out.stats = RunSelfPlay(gen, random, greedy, o, on_game, [&](const Position&) { ++out.positions; }).value();
    return out;
  };
  const Series a = play(3), b = play(3), every = play(1);
  CHECK(a.gcg == b.gcg);
  CHECK(a.gcg == every.gcg);
  REQUIRE(a.records.size() == 4);
  CHECK(a.gcg[0].rfind("#character-encoding UTF-8\n#player1 p1 Random\n#player2 p2 Greedy Two\n", 0) == 0);
  CHECK(a.gcg[1].find("#title lexc greedy self-play, seed 21\n") != std::string::npos);
  // The statistics recounted from the records' events.
  std::uint64_t moves = 0, bingos = 0, points = 0, every_third = 0;
  for (const GameRecord& g : a.records) {
    int made = 0;
    for (const GameEvent& e : g.events) {
      if (e.kind != GameEvent::Kind::kMove) continue;
      ++made;
      bingos += e.move.kind == Move::Kind::kPlay && e.move.play.placed == 7;
    }
    moves += std::uint64_t(made);
    every_third += std::uint64_t((made - 1) / 3);  // positions before moves 3, 6, ... (from 0)
    int final_score[2] = {0, 0};
    for (const GameEvent& e : g.events) final_score[e.player] = e.total;
    for (int seat : {0, 1}) points += std::uint64_t(std::max(0, final_score[seat]));
  }
  CHECK(a.stats.games == 4);
  CHECK(a.stats.turns == moves);
  CHECK(a.stats.bingos == bingos);
  CHECK(a.stats.points == points);
  CHECK(a.stats.mean_score() == Approx(double(points) / 8));
  CHECK(a.stats.positions == every_third);
  CHECK(a.positions == every_third);
  CHECK(every.stats.positions == moves - 4);  // every position but each game's first
  CHECK(a.stats.seconds > 0);
  GreedyPlayer one, two;
  SeriesOptions zero;
  zero.position_every = 0;
  CHECK(RunSelfPlay(gen, one, two, zero).status().code() == Errc::kInvalidArgument);
}

}  // namespace lexc::game::test
