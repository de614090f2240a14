// GCG in: the reader (every line kind, every error naming file, line and
// field), the writer -> reader round trip, and the replay: greedy games
// replayed by the referee give back their own records with no issue, and
// records edited by hand give exactly the issues the edits make. Also the
// board renderer against hand-drawn boards.
#include <catch2/catch.hpp>
#include <random>
#include <sstream>

#include "gen_support.h"
#include "lexc/game/game_state.h"
#include "lexc/game/gcg.h"
#include "lexc/game/gcg_reader.h"
#include "lexc/game/replay.h"
#include "lexc/game/selfplay.h"
#include "lexc/gen/board_render.h"
#include "lexc/gen/cgp.h"
#include "lexc/tile_text.h"

namespace lexc::gen::test {
namespace {

using game::GameEvent;
using game::GameRecord;
using game::GcgGame;
using Kind = GameEvent::Kind;

const Alphabet& En() {
  static const Alphabet a = Alphabet::English();
  return a;
}

// Words of 2..5 letters over A..H, plenty to keep a game going.
const TestLexicon& Small() {
  static const TestLexicon tl = [] {
    std::mt19937_64 rng(4242);
    return TestLexicon(RandomWords(rng, 2500, 8, 5), SmallAlphabet(8));
  }();
  return tl;
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

std::string Join(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& l : lines) out += l + "\n";
  return out;
}

Rack R(const char* text, const Alphabet& a = En()) { return Rack::Parse(a, text).value(); }

bool SameEvent(const GameEvent& x, const GameEvent& y) {
  if (x.kind != y.kind || x.player != y.player || !(x.rack == y.rack) || x.points != y.points || x.total != y.total)
    return false;
  if (x.kind != Kind::kMove || x.move.kind != y.move.kind) return x.kind != Kind::kMove || false;
  if (x.move.kind == Move::Kind::kPlay) return x.move.play == y.move.play;
  return x.move.kind != Move::Kind::kExchange || x.move.exchange == y.move.exchange;
}

}  // namespace

TEST_CASE("gcg reader: every line kind", "[gcg]") {
  const std::string text =
      "#character-encoding UTF-8\r\n"
      "#player1 cy Cy Cee\n"
      "#player2 al Al\n"
      "#title a test\n"
      "#lexicon TEST\n"
      "#description two\n"
      "lines\n"
      "#frobnicate something\n"
      ">al: AEINRST 8D RETAINS +70 70\n"
      "#note nice\n"
      "still the note\n"
      ">cy: ABC?EFG 9C AbC. +12 12\n"
      ">cy: ABC?EFG -- -12 0\n"
      ">al: DDEEFFG -DDFF +0 70\n"
      "\n"
      ">cy: -3 +0 0\n"
      ">al: DEEGGHH - +0 70\n"
      ">cy: F10 .A +3 3\n"
      ">cy: (challenge) +5 8\n"
      ">al: XYZ (time) -10 60\n"
      ">al: (QU) +22 82\n"
      ">cy: JK (JK) -13 -5\n"
      "#rack1 JK\n";
  const auto g = game::ParseGcg(text, En(), Layout::Standard15(), "t.gcg");
  REQUIRE(g.ok());
  // al moved first: seat 0, although #player2.
  CHECK(g->nicks[0] == "al");
  CHECK(g->names[0] == "Al");
  CHECK(g->nicks[1] == "cy");
  CHECK(g->names[1] == "Cy Cee");
  CHECK(g->title == "a test");
  CHECK(g->lexicon == "TEST");
  CHECK(g->description == "two\nlines");
  REQUIRE(g->notes.size() == 1);
  CHECK(g->notes[0] == std::make_pair(std::size_t(1), std::string("nice\nstill the note")));
  REQUIRE(g->other_pragmas.size() == 1);
  CHECK(g->other_pragmas[0].first == 8);
  CHECK(g->final_racks[1] == std::optional<Rack>(R("JK")));  // #rack1 is cy's: seat 1
  REQUIRE(g->events.size() == 11);
  const auto& e = g->events;
  CHECK(e[0].line == 9);
  CHECK(e[0].event.player == 0);
  CHECK(e[0].event.rack == R("AEINRST"));
  CHECK(e[0].rack_known);
  const Play& p = e[0].event.move.play;
  CHECK((p.row == 7 && p.col == 3 && p.dir == Dir::kAcross && p.length == 7 && p.placed == 7 && p.score == 70));
  CHECK(e[0].event.total == 70);
  const Play& q = e[1].event.move.play;  // 9C AbC. : down? no: row 9, column C, across
  CHECK((q.row == 8 && q.col == 2 && q.dir == Dir::kAcross && q.length == 4 && q.placed == 3));
  CHECK(q.IsThrough(3));
  CHECK(CellIsBlank(q.cells[1]));
  CHECK(CellTile(q.cells[1]) == 2);
  CHECK(e[2].event.kind == Kind::kPhonyWithdrawn);
  CHECK(e[2].event.points == -12);
  CHECK(e[3].event.move.kind == Move::Kind::kExchange);
  CHECK(e[3].event.move.exchange == R("DDFF"));
  CHECK(e[4].exchange_count == 3);
  CHECK(!e[4].rack_known);
  CHECK(e[5].event.move.kind == Move::Kind::kPass);
  const Play& d = e[6].event.move.play;
  CHECK((d.row == 9 && d.col == 5 && d.dir == Dir::kDown && d.placed == 1 && d.IsThrough(0)));
  CHECK(e[7].event.kind == Kind::kChallengeBonus);
  CHECK(e[8].event.kind == Kind::kTimePenalty);
  CHECK(e[8].event.points == -10);
  CHECK(e[9].event.kind == Kind::kOutBonus);
  CHECK(e[9].event.rack == R("QU"));
  CHECK(e[10].event.kind == Kind::kRackPenalty);
  CHECK(e[10].event.total == -5);
  CHECK(e[10].line == 22);
}

TEST_CASE("gcg reader: errors name file, line and field", "[gcg]") {
  const std::string head = "#player1 a A\n#player2 b B\n";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {">a: ABC 8D0 ABC +5 5", "t.gcg:3: position: \"8D0\" is not a coordinate"},
      {">a: ABC 16A ABC +5 5", "t.gcg:3: position: \"16A\" is off the 15x15 board"},
      {">a: ABC 8M ABCD +5 5", "t.gcg:3: word: \"ABCD\" runs off the board from 8M"},
      {">a: ABC 8D ABC 5 5", "t.gcg:3: score: \"5\" is not a signed score"},
      {">a: ABC 8D ABC +5 x", "t.gcg:3: total: \"x\" is not a number"},
      {">c: ABC 8D ABC +5 5", "t.gcg:3: player: \"c\" is neither #player1"},
      {">a ABC 8D ABC +5 5", "t.gcg:3: player: no ':'"},
      {">a: AB1 8D AB +5 5", "t.gcg:3: rack: unknown tile '1'"},
      {">a: ABC 8D A1 +5 5", "t.gcg:3: word: unknown tile '1'"},
      {">a: ABC 8D A +5 5", "t.gcg:3: word: \"A\": a play's word has at least two squares"},
      {">a: ABC 8D .. +5 5", "t.gcg:3: word: \"..\" places no tile"},
      {">a: ABC 8D AbC +5 -5x", "t.gcg:3: total:"},
      {">a: ABCDEFGH 8D AB +5 5", "t.gcg:3: rack: 8 tiles"},
      {">a: ABC -ABC +3 3", "t.gcg:3: score: an exchange scores +0"},
      {">a: ABC -9 +0 0", "t.gcg:3: exchange: 9 tiles"},
      {">a: ABC - +1 1", "t.gcg:3: score: a pass scores +0"},
      {">a: ABC -- -5 0", "t.gcg:3: event: a withdrawn play ('--') must follow that player's play"},
      {">a: ABC (challenge) -5 0", "t.gcg:3: score: \"-5\": expected +N"},
      {">a: AB (AC) -5 0", "t.gcg:3: end rack: the rack \"AB\" and the tiles \"(AC)\" differ"},
      {">a: ABC zap +0 0", "t.gcg:3: event: not a play"},
      {"hello", "t.gcg:3: line: neither a pragma"},
      {"#player1 z Z", "t.gcg:3: #player1: given twice"},
      {">a: +5", "t.gcg:3: event: needs at least a score and a total"},
      {">a: ABC 8D A\x1b[31m +5 5", "t.gcg:3: text: the line holds a control character"},
  };
  for (const auto& [line, want] : cases) {
    INFO(line);
    const auto g = game::ParseGcg(head + line + "\n", En(), Layout::Standard15(), "t.gcg");
    REQUIRE(!g.ok());
    CHECK(g.status().code() == Errc::kBadInput);
    CHECK(g.status().detail().rfind(want, 0) == 0);
  }
  CHECK(!game::ParseGcg(">a: ABC 8D ABC +5 5\n", En(), Layout::Standard15(), "t.gcg").ok());
  CHECK(!game::ParseGcg("", En(), Layout::Standard15(), "t.gcg").ok());
  // ISO-8859-1 declared: converted, so a Latin-1 name reads as UTF-8.
  const auto latin = game::ParseGcg("#character-encoding ISO-8859-1\n#player1 a Jos\xE9\n#player2 b B\n", En(),
                                    Layout::Standard15(), "t.gcg");
  REQUIRE(latin.ok());
  CHECK(latin->names[0] == "Jos\xC3\xA9");
}

TEST_CASE("gcg: greedy games written, read and replayed give their own records", "[gcg][replay]") {
  const TestLexicon& tl = Small();
  const Layout layout = Layout::Standard15();
  MoveGenerator gen = MoveGenerator::Create(tl.lexicon(), layout).value();
  MoveGenerator replay_gen = MoveGenerator::Create(tl.lexicon(), layout).value();
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    INFO("seed " << seed);
    game::SelfPlayOptions o;
    o.seed = seed;
    std::vector<Position> seen;  // the positions the players saw
    const GameRecord g = game::PlayGreedyGame(gen, o, [&](const Position& p) { seen.push_back(p); }).value();
    const std::string text = game::WriteGcg(g, tl.alphabet(), "SMALL");
    const auto read = game::ParseGcg(text, tl.alphabet(), layout, "g.gcg");
    REQUIRE(read.ok());
    REQUIRE(read->events.size() == g.events.size());
    for (std::size_t i = 0; i < g.events.size(); ++i) {
      const GameEvent& e = read->events[i].event;
      CHECK(e.kind == g.events[i].kind);
      CHECK(e.player == g.events[i].player);
      CHECK(e.points == g.events[i].points);
      CHECK(e.total == g.events[i].total);
      CHECK(e.rack == g.events[i].rack);
    }
    std::vector<Position> before;
    game::ReplayOptions ro;
    ro.seed = seed;
    const auto r =
        game::ReplayGcg(*read, replay_gen, ro, [&](int turn, const game::GcgEvent&, const game::GameState& s) {
          CHECK(turn == int(before.size()) + 1);
          before.push_back(s.ToPosition());
        });
    REQUIRE(r.ok());
    CHECK(r->issues.empty());
    CHECK(r->finished);
    CHECK(r->phonies_withdrawn == 0);
    REQUIRE(r->record.events.size() == g.events.size());
    for (std::size_t i = 0; i < g.events.size(); ++i) CHECK(SameEvent(r->record.events[i], g.events[i]));
    CHECK(r->record.scores[0] == g.scores[0]);
    CHECK(r->record.scores[1] == g.scores[1]);
    CHECK(r->record.end == g.end);
    CHECK(r->record.turns == g.turns);
    CHECK(r->record.bingos == g.bingos);
    // Before each move: the board, the scores and the mover's rack the player saw.
    REQUIRE(before.size() == seen.size());
    for (std::size_t t = 0; t < seen.size(); ++t) {
      CHECK(before[t].board == seen[t].board);
      CHECK(before[t].scores == seen[t].scores);
      CHECK(before[t].racks[0] == seen[t].racks[0]);
    }
  }
}

TEST_CASE("replay: hand edits give exactly their issues", "[gcg][replay]") {
  const TestLexicon& tl = Small();
  const Layout layout = Layout::Standard15();
  MoveGenerator gen = MoveGenerator::Create(tl.lexicon(), layout).value();
  game::SelfPlayOptions o;
  GameRecord g;
  o.seed = 3;
  g = game::PlayGreedyGame(gen, o).value();
  REQUIRE(g.end != GameRecord::End::kTurnLimit);  // the record ends with end-of-game lines
  std::vector<std::string> lines = Lines(game::WriteGcg(g, tl.alphabet(), "SMALL"));
  // Lines 0-4 are pragmas; event i is line 5 + i (file line 6 + i).
  const std::size_t first = 5;
  REQUIRE(lines[first].rfind(">p1: ", 0) == 0);
  // 1. Before the first move: p1 plays a phony off the start square, which
  //    is withdrawn, and p2 passes (rack unknown).
  const std::string rack = g.events[0].rack.ToString(tl.alphabet());
  const Play& p0 = g.events[0].move.play;
  std::string two;  // two of the first rack's tiles, in tile order
  {
    Rack t = g.events[0].rack;
    std::string w;
    TileTextWriter tw(tl.alphabet(), &w);
    int n = 0;
    for (int c = 1; c <= tl.alphabet().size() && n < 2; ++c)
      for (int k = t.count(static_cast<Tile>(c)); k > 0 && n < 2; --k, ++n) tw.Append(static_cast<Tile>(c));
    two = w;
  }
  lines.insert(lines.begin() + first,
               {">p1: " + rack + " 1A " + two + " +9 9", ">p1: " + rack + " -- -9 0", ">p2: - +0 0"});
  // 2. The next line (p1's real first play): its score field raised by 3.
  std::string& play = lines[first + 3];
  const std::string points = " +" + std::to_string(g.events[0].points) + " ";
  const std::size_t at = play.rfind(points);
  REQUIRE(at != std::string::npos);
  play.replace(at, points.size(), " +" + std::to_string(g.events[0].points + 3) + " ");
  // 3. The last end-of-game line dropped, and a time penalty for p2 added.
  const GameEvent& dropped = g.events.back();
  REQUIRE(dropped.kind != Kind::kMove);
  REQUIRE(dropped.player == 1);
  lines.pop_back();
  const int p2_total = dropped.player == 1 ? dropped.total - dropped.points : g.scores[1];
  lines.push_back(">p2: (time) -10 " + std::to_string(p2_total - 10));
  const auto read = game::ParseGcg(Join(lines), tl.alphabet(), layout, "e.gcg");
  REQUIRE(read.ok());
  const auto r = game::ReplayGcg(*read, gen, game::ReplayOptions{});
  REQUIRE(r.ok());
  REQUIRE(r->issues.size() == 3);
  // The score, and the total that no longer adds up, on the edited line.
  const int edited = int(first + 3) + 1;
  CHECK(r->issues[0].line == edited);
  CHECK(r->issues[0].field == "score");
  CHECK(r->issues[0].problem.find("scores " + std::to_string(g.events[0].points) + ", the record says " +
                                  std::to_string(g.events[0].points + 3)) != std::string::npos);
  CHECK(r->issues[1].line == edited);
  CHECK(r->issues[1].field == "total");
  // The dropped end-of-game line is missing from the record.
  CHECK(r->issues[2].field == "end");
  CHECK(r->issues[2].problem.find("leaves out") != std::string::npos);
  CHECK(r->phonies_withdrawn == 1);
  CHECK(r->plays == int(g.turns) + 1 - int(std::count_if(g.events.begin(), g.events.end(), [](const GameEvent& e) {
                      return e.kind == Kind::kMove && e.move.kind != Move::Kind::kPlay;
                    })));
  // The referee: two passes more, the withdrawn play never scored, p2 fined.
  CHECK(r->record.turns == g.turns + 2);
  // p1: the edited score counts (the record's figures are replayed);
  // p2: its own deduction (from the referee's rack: the record no longer
  // shows it) and the fine.
  CHECK(r->record.scores[0] == g.scores[0] + 3);
  const auto pen = std::find_if(r->record.events.begin(), r->record.events.end(),
                                [](const GameEvent& e) { return e.kind != Kind::kMove && e.player == 1; });
  REQUIRE(pen != r->record.events.end());
  CHECK(r->record.scores[1] == p2_total + pen->points - 10);
  CHECK(r->record.events[0].move.kind == Move::Kind::kPass);
  CHECK(r->record.events.back().kind == Kind::kTimePenalty);

  // A tile on an occupied square stops the replay with an error naming the line.
  std::vector<std::string> twice = Lines(game::WriteGcg(g, tl.alphabet(), "SMALL"));
  twice[first + 2] = twice[first + 2].substr(0, 5) + g.events[2].rack.ToString(tl.alphabet()) + " " +
                     Coordinate(p0.row, p0.col, p0.dir) + " " + two + " +1 1";
  const auto bad =
      game::ReplayGcg(game::ParseGcg(Join(twice), tl.alphabet(), layout, "o.gcg").value(), gen, game::ReplayOptions{});
  REQUIRE(!bad.ok());
  CHECK(bad.status().detail().rfind("o.gcg:" + std::to_string(first + 3) + ": ", 0) == 0);
}

// Games of CAT on the standard board, replayed from GCG text.
struct CatReplays {
  const TestLexicon tl{EnglishWords({"AT", "TA", "CAT", "ACT", "CATS"}), En()};
  const Layout layout = Layout::Standard15();
  MoveGenerator gen = MoveGenerator::Create(tl.lexicon(), layout).value();
  Result<game::ReplayedGame> Replay(const std::string& gcg, const std::string& source,
                                    std::vector<game::ReplayIssue>* early = nullptr) {
    const auto read = game::ParseGcg(gcg, En(), layout, source);
    REQUIRE(read.ok());
    return game::ReplayGcg(*read, gen, game::ReplayOptions{}, {}, early);
  }
};

TEST_CASE("replay: a non-word and tiles missing from the rack are issues on their lines", "[gcg][replay]") {
  CatReplays cats;
  // Line 3: a's rack lacks the C and T of CAT (8G CAT: C3 A1 T1, doubled by
  // the start square). Line 4: b's TAC through the A is no word; its score
  // (T1 A1 C3) is what the board gives, so the word is the only problem.
  // Line 5: a's CATS, a word, its S on the rack: no issue.
  const std::string gcg =
      "#player1 a A\n#player2 b B\n"
      ">a: AXYZ 8G CAT +10 10\n"
      ">b: CTEEIOU H7 T.C +5 5\n"
      ">a: AESXYZ 8G ...S +6 16\n";
  const auto r = cats.Replay(gcg, "w.gcg");
  INFO(r.status().ToString());
  REQUIRE(r.ok());
  std::vector<std::string> got;
  for (const game::ReplayIssue& i : r->issues) got.push_back(std::to_string(i.line) + " " + i.field + ": " + i.problem);
  INFO(Join(got));
  REQUIRE(r->issues.size() == 2);
  CHECK(r->issues[0].line == 3);
  CHECK(r->issues[0].field == "rack");
  CHECK(r->issues[0].problem == "the rack AXYZ does not hold the tiles played ACT");
  CHECK(r->issues[1].line == 4);
  CHECK(r->issues[1].field == "word");
  CHECK(r->issues[1].problem == "H7 T(A)C: the word TAC is not a word");
}

TEST_CASE("replay: a rack the tile set cannot hold fails, its place named once", "[gcg][replay]") {
  const TestLexicon tl(EnglishWords({"AT", "TA", "ZA", "ZZ"}), En());
  const Layout layout = Layout::Standard15();
  MoveGenerator gen = MoveGenerator::Create(tl.lexicon(), layout).value();
  const auto read = game::ParseGcg("#player1 a A\n#player2 b B\n>a: ZZZZ 8H ZZ +20 20\n", En(), layout, "z.gcg");
  REQUIRE(read.ok());
  const auto r = game::ReplayGcg(*read, gen, game::ReplayOptions{});
  REQUIRE_FALSE(r.ok());
  INFO(r.status().detail());
  CHECK(r.status().detail().rfind("z.gcg:3: rack: ", 0) == 0);
  CHECK(r.status().detail().find("z.gcg:3", 1) == std::string::npos);  // once, not "z.gcg:3: event: z.gcg:3: ..."
}

TEST_CASE("replay: the issues before a line that stops the replay are kept", "[gcg][replay]") {
  CatReplays cats;
  // Line 3: CAT on the start square scores (3 + 1 + 1) x 2 = 10, the record
  // says 11 (its total agrees with its score: no total issue). Line 4: a
  // rack of four Zs, which the tile set cannot hold, stops the replay.
  const std::string gcg =
      "#player1 a A\n#player2 b B\n"
      ">a: ACT 8G CAT +11 11\n"
      ">b: ZZZZ 9G ZZ +20 20\n";
  std::vector<game::ReplayIssue> early = {{1, 1, "stale", "left from an earlier call"}};
  const auto r = cats.Replay(gcg, "i.gcg", &early);
  REQUIRE_FALSE(r.ok());
  CHECK(r.status().detail().rfind("i.gcg:4: rack: ", 0) == 0);
  REQUIRE(early.size() == 1);
  CHECK(early[0].line == 3);
  CHECK(early[0].field == "score");
  CHECK(early[0].problem.find("10") != std::string::npos);
  // A replay that runs to the end leaves the list empty (its issues are the game's).
  const auto ok = cats.Replay("#player1 a A\n#player2 b B\n>a: ACT 8G CAT +11 11\n", "f.gcg", &early);
  REQUIRE(ok.ok());
  CHECK(early.empty());
  CHECK(ok->issues.size() == 1);
}

TEST_CASE("game state: SetRack takes the record's rack from the unseen tiles", "[gcg]") {
  const Alphabet& a = En();
  auto s = game::GameState::NewGame(Layout::Standard15(), a, game::Rules{}, 5);
  REQUIRE(s.SetRack(0, R("QZ??")).ok());
  CHECK(s.rack(0) == R("QZ??"));
  CHECK(s.rack(1).size() == 7);
  CHECK(s.bag().size() == 100 - 4 - 7);
  const game::GameState before = s;
  CHECK(!s.SetRack(1, R("QQ")).ok());  // one Q in the set, on seat 0's rack
  CHECK(s.rack(0) == before.rack(0));
  CHECK(s.bag().size() == before.bag().size());
  REQUIRE(s.SetRack(1, R("Q")).ok());  // seat 0's Q goes back to the bag first
  CHECK(s.rack(1) == R("Q"));
  CHECK(s.rack(0).size() == 7);
}

TEST_CASE("board render: ASCII drawn as by hand", "[render]") {
  const Layout layout = Layout::Parse("name t\nsize 3 4\nT.dt\n.*D.\n....\n", "t").value();
  Position p;
  p.board = Board(3, 4);
  p.board.set(1, 1, MakeCell(1, false));  // A
  p.board.set(1, 2, MakeCell(20, true));  // a blank as T
  p.racks = {R("QI?"), Rack()};
  p.scores = {12, 7};
  RenderOptions o;
  o.highlight = {{1, 2}};
  const std::string want =
      "   A B C D\n"
      "  +---------+\n"
      "1 | = . ' \" | 1\n"
      "2 | . A>t . | 2\n"
      "3 | . . . . | 3\n"
      "  +---------+\n"
      "> to move   IQ?        12\n"
      "  opponent  (unknown)  7\n";
  const std::string got = RenderPosition(p, layout, En(), o);
  CHECK(got.substr(0, want.size()) == want);
  // Unseen by the player to move: 100 - 2 on the board - 3 on its rack.
  CHECK(got.find("unseen 95: ") != std::string::npos);
  CHECK(got.find("bag " + std::to_string(BagSize(p, En())) + ",") != std::string::npos);
  // The start square shows '*' while empty.
  Position empty;
  empty.board = Board(3, 4);
  empty.racks = {R("A")};
  empty.scores = {0};
  CHECK(RenderPosition(empty, layout, En(), RenderOptions{}).find("\n2 | . * - . | 2\n") != std::string::npos);
  // Unicode keeps the same columns, with box lines.
  RenderOptions u;
  u.style = RenderOptions::Style::kUnicode;
  u.highlight = o.highlight;
  CHECK(RenderPosition(p, layout, En(), u).find("\n2 \xE2\x94\x82 \xC2\xB7 A\xE2\x96\xB8t \xC2\xB7 \xE2\x94\x82 2\n") !=
        std::string::npos);
}

}  // namespace lexc::gen::test
