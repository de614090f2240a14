// StudyStats: the merge contract (any split into consecutive pieces merges
// to the sequential result), the JSON round trip, FromJson on damaged input
// (kBadInput naming the path, never a crash), and the report's files.
#include <catch2/catch.hpp>
#include <filesystem>
#include <limits>
#include <nlohmann/json.hpp>
#include <random>

#include "../gen/gen_support.h"
#include "lexc/game/selfplay.h"
#include "lexc/gen/cgp.h"
#include "lexc/io.h"
#include "lexc/selfplay/report.h"
#include "lexc/selfplay/stats.h"

namespace lexc::selfplay {
namespace {

using nlohmann::json;

// Words of 2..5 letters over A..H: games full of plays.
gen::test::WordSet Words() {
  std::mt19937_64 rng(4242);
  return gen::test::RandomWords(rng, 2500, 8, 5);
}

struct Fixture {
  gen::test::TestLexicon tl;
  gen::Layout layout = gen::Layout::Standard15();
  WordIndex index;
  std::vector<game::GameRecord> games;

  Fixture() : tl(Words(), gen::test::SmallAlphabet(8)), index(WordIndex::Of(tl.lexicon()).value()) {
    gen::MoveGenerator gen = gen::MoveGenerator::Create(tl.lexicon(), layout).value();
    for (std::uint64_t seed = 1; seed <= 120; ++seed) {
      game::SelfPlayOptions o;
      o.seed = seed;
      games.push_back(game::PlayGreedyGame(gen, o).value());
    }
  }
  StatsConfig Config() const { return StatsConfig{&tl.lexicon(), &layout, &index, game::Rules(), "EN", 6, 5, 10, {}}; }
  StudyStats Sequential() const {
    StudyStats s(Config());
    for (const auto& g : games) REQUIRE(s.Add(g).ok());
    return s;
  }
};

const Fixture& Get() {
  static const Fixture f;
  return f;
}

// Every path of an object key or array item below `j` with its value.
void Paths(const json& j, const std::string& path, std::vector<std::string>* out) {
  out->push_back(path);
  if (j.is_object())
    for (const auto& [k, v] : j.items()) Paths(v, path + "." + k, out);
  // Long arrays: their first three and last two items.
  if (j.is_array())
    for (std::size_t i = 0; i < j.size(); ++i)
      if (i < 3 || i + 2 >= j.size()) Paths(j[i], path + "[" + std::to_string(i) + "]", out);
}

// The JSON pointer of a "stats.a.b[3]" path.
json::json_pointer Pointer(const std::string& path) {
  std::string p;
  for (std::size_t i = std::string("stats").size(); i < path.size(); ++i) {
    if (path[i] == '.' || path[i] == '[')
      p += '/';
    else if (path[i] != ']')
      p += path[i];
  }
  return json::json_pointer(p);
}

}  // namespace

TEST_CASE("merge of consecutive pieces equals the sequential statistics", "[stats]") {
  const Fixture& f = Get();
  const json want = f.Sequential().ToJson();
  std::mt19937_64 rng(99);
  for (int trial = 0; trial < 25; ++trial) {
    // Random cut points, some pieces empty.
    std::vector<std::size_t> cuts = {0, f.games.size()};
    std::uniform_int_distribution<std::size_t> at(0, f.games.size());
    const int pieces = 1 + trial % 7;
    for (int i = 1; i < pieces; ++i) cuts.push_back(at(rng));
    std::sort(cuts.begin(), cuts.end());
    StudyStats total(f.Config());
    for (std::size_t p = 0; p + 1 < cuts.size(); ++p) {
      std::unique_ptr<GameAccumulator> piece = total.NewEmpty();
      for (std::size_t g = cuts[p]; g < cuts[p + 1]; ++g) REQUIRE(piece->Add(f.games[g]).ok());
      // Through JSON half of the time, as a checkpoint or an MPI message would.
      if (trial % 2) {
        StudyStats copy(f.Config());
        REQUIRE(copy.FromJson(piece->ToJson()).ok());
        REQUIRE(total.Merge(copy).ok());
      } else {
        REQUIRE(total.Merge(*piece).ok());
      }
    }
    INFO("trial " << trial);
    REQUIRE(total.ToJson() == want);
  }
}

TEST_CASE("JSON round trip", "[stats]") {
  const Fixture& f = Get();
  const StudyStats s = f.Sequential();
  StudyStats back(f.Config());
  REQUIRE(back.FromJson(s.ToJson()).ok());
  CHECK(back.ToJson() == s.ToJson());
  CHECK(back.games() == f.games.size());
  CHECK(back.word_plays() == s.word_plays());
  CHECK(back.top_moves() == s.top_moves());
  // Text round trip too (stats.json is text).
  StudyStats text(f.Config());
  REQUIRE(text.FromJson(json::parse(s.ToJson().dump())).ok());
  CHECK(text.ToJson() == s.ToJson());
  // An empty study is valid.
  StudyStats empty(f.Config()), empty_back(f.Config());
  REQUIRE(empty_back.FromJson(empty.ToJson()).ok());
  CHECK(empty_back.ToJson() == empty.ToJson());
}

namespace {

// FromJson(bad) fails with kBadInput, the detail starting with `path`, and
// leaves the statistics as they were.
void Refused(const json& bad, const std::string& path) {
  static const StudyStats filled = Get().Sequential();
  static const json before = filled.ToJson();
  StudyStats s = filled;
  const Status st = s.FromJson(bad);
  INFO("damaged at " << path << ": " << st.ToString());
  REQUIRE(st.code() == Errc::kBadInput);
  CHECK(st.detail().rfind(path, 0) == 0);
  CHECK(s.ToJson() == before);
}

}  // namespace

TEST_CASE("FromJson refuses every field removed or mistyped, naming the path", "[stats]") {
  const Fixture& f = Get();
  const json good = f.Sequential().ToJson();
  std::vector<std::string> paths;
  Paths(good, "stats", &paths);
  REQUIRE(paths.size() > 100);
  const auto refused = Refused;
  for (const std::string& path : paths) {
    if (path == "stats") continue;
    const json::json_pointer ptr = Pointer(path);
    const json& value = good.at(ptr);
    // A key removed (arrays are checked by the order and sum rules below).
    if (path.back() != ']') {
      json bad = good;
      bad.at(ptr.parent_pointer()).erase(ptr.back());
      refused(bad, path);
    }
    // The wrong type at every leaf.
    if (value.is_primitive()) {
      json bad = good;
      bad.at(ptr) = value.is_string() ? json(7) : json("7");
      refused(bad, path);
    }
    // Negative numbers where counts are.
    if (value.is_number_unsigned() && path.find("sum") == std::string::npos &&
        path.find("score") == std::string::npos && path.find("_spread") == std::string::npos) {
      json bad = good;
      bad.at(ptr) = -1;
      StudyStats s(f.Config());
      const Status st = s.FromJson(bad);
      INFO("negative at " << path << ": " << st.ToString());
      CHECK(st.code() == Errc::kBadInput);
    }
  }
}

TEST_CASE("FromJson refuses out-of-range, disordered and inconsistent values", "[stats]") {
  const Fixture& f = Get();
  const json good = f.Sequential().ToJson();
  const auto refused = Refused;
  SECTION("word number out of range") {
    json bad = good;
    auto& plays = bad["words"]["plays"];
    REQUIRE(!plays.empty());
    plays.back()[0] = f.index.size();
    refused(bad, "stats.words.plays[" + std::to_string(plays.size() - 1) + "][0]");
  }
  SECTION("schema unknown") {
    json bad = good;
    bad["schema"] = kStatsSchema + 1;
    refused(bad, "stats.schema");
  }
  SECTION("top moves out of order") {
    json bad = good;
    std::swap(bad["top_moves"][0], bad["top_moves"][1]);
    refused(bad, "stats.top_moves[1]");
  }
  SECTION("a control character in a top move's text (report prints it as it is)") {
    json bad = good;
    bad["top_moves"][0]["move"] = "8D X\x1b[31mRED";
    refused(bad, "stats.top_moves[0].move: a control character (byte 0x1b at 4)");
    bad = good;
    bad["top_moves"][1]["cgp"] = std::string("15/15\n");
    refused(bad, "stats.top_moves[1].cgp: a control character (byte 0x0a at 5)");
    bad = good;
    bad["top_moves"][0]["move"] = "H1 EM\u009b31mPHASE";  // a one-character CSI
    refused(bad, "stats.top_moves[0].move: a control character (U+009B at 5)");
  }
  SECTION("histogram out of order, zero count, counts not adding up") {
    json bad = good;
    std::swap(bad["histograms"]["move_score"][0], bad["histograms"]["move_score"][1]);
    refused(bad, "stats.histograms.move_score[1][0]");
    bad = good;
    bad["histograms"]["main_word_length"][0][1] = 0;
    refused(bad, "stats.histograms.main_word_length[0][1]");
    bad = good;
    bad["histograms"]["winner_score"].erase(0);
    refused(bad, "stats.histograms.winner_score");
  }
  SECTION("another lexicon's word count, not JSON objects at all") {
    json bad = good;
    bad["words"]["count"] = f.index.size() + 1;
    refused(bad, "stats.words.count");
    refused(json::array(), "stats");
    refused(json(3), "stats");
    refused(json(), "stats");
  }
  SECTION("a histogram spanning the whole int range: memory follows the entries") {
    json wide = good;
    const std::uint64_t plays = good["moves"]["play"].get<std::uint64_t>();
    REQUIRE(plays >= 2);
    wide["histograms"]["move_score"] =
        json::array({json::array({-2000000000, 1}), json::array({2000000000, plays - 1})});
    StudyStats s(f.Config());
    REQUIRE(s.FromJson(wide).ok());
    const auto entries = s.move_scores().Entries();
    REQUIRE(entries.size() == 2);
    CHECK(entries[0].first == -2000000000);
    CHECK(entries[1].second == plays - 1);
    CHECK(s.ToJson() == wide);
  }
  SECTION("huge numbers") {
    json bad = good;
    bad["top_moves"][0]["score"] = std::uint64_t(1) << 40;
    refused(bad, "stats.top_moves[0].score");
    bad = good;
    bad["top_moves"][0]["turn"] = 1.5;
    refused(bad, "stats.top_moves[0].turn");
  }
}

TEST_CASE("report: report.md and plots, or plots skipped", "[stats][report]") {
  const Fixture& f = Get();
  const StudyStats s = f.Sequential();
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("lexc-test-report-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const json study = {{"image", "small.lex"}, {"games", 120}, {"players", {"greedy", "greedy"}}};
  SECTION("without gnuplot") {
    ReportOptions o;
    o.gnuplot = "/nonexistent/gnuplot";
    ReportOutcome out;
    REQUIRE(WriteReport(s, study, dir.string(), o, &out).ok());
    CHECK_FALSE(out.plots_drawn);
    const std::string md = ReadFileBytes((dir / "report.md").string()).value();
    CHECK(md.find("Plots were skipped: /nonexistent/gnuplot") != std::string::npos);
    CHECK(md.find("| image | small.lex |") != std::string::npos);
    CHECK(md.find("| players[1] | greedy |") != std::string::npos);  // nested facts by path
    CHECK_FALSE(std::filesystem::exists(dir / "plots"));
  }
  SECTION("with gnuplot, when installed") {
    ReportOutcome out;
    REQUIRE(WriteReport(s, study, dir.string(), {}, &out).ok());
    if (!out.plots_drawn) {
      WARN("plots skipped: " << out.plots_skipped);
    } else {
      for (const char* name : {"word_lengths.svg", "scores.svg", "bingos.svg", "move_scores.svg", "top_words.svg"}) {
        const std::string svg = ReadFileBytes((dir / "plots" / name).string()).value();
        CHECK(svg.find("<svg") != std::string::npos);
        const std::string md = ReadFileBytes((dir / "report.md").string()).value();
        CHECK(md.find(std::string("(plots/") + name + ")") != std::string::npos);
      }
    }
  }
  std::filesystem::remove_all(dir);
}

}  // namespace lexc::selfplay

namespace lexc::selfplay {

TEST_CASE("Add refuses a record that contradicts the lexicon or the board, counting nothing", "[stats]") {
  const Fixture& f = Get();
  StudyStats s(f.Config());
  REQUIRE(s.Add(f.games[0]).ok());
  const json before = s.ToJson();
  // A main word not in the lexicon: the first play's first tile changed to
  // make a non-word.
  game::GameRecord bad = f.games[1];
  std::size_t first_play = 0;
  while (bad.events[first_play].move.kind != gen::Move::Kind::kPlay) ++first_play;
  gen::Play& p = bad.events[first_play].move.play;
  std::vector<Tile> word;
  bool found = false;
  for (Tile t = 1; t <= f.tl.alphabet().size() && !found; ++t) {
    word.clear();
    for (int i = 0; i < p.length; ++i) word.push_back(gen::CellTile(p.cells[i]));
    word[0] = t;
    if (!f.index.Number(word)) p.cells[0] = gen::MakeCell(t, false), found = true;
  }
  REQUIRE(found);
  Status st = s.Add(bad);
  CHECK(st.code() == Errc::kInvalidArgument);
  CHECK(st.detail().find("game seed 2, turn ") == 0);
  CHECK(st.detail().find("is not a word of the lexicon") != std::string::npos);
  CHECK(s.ToJson() == before);
  // A play on an occupied square: the second play repeated.
  bad = f.games[1];
  std::vector<game::GameEvent> events;
  for (const auto& e : bad.events) {
    events.push_back(e);
    if (e.kind == game::GameEvent::Kind::kMove && e.move.kind == gen::Move::Kind::kPlay) events.push_back(e);
  }
  bad.events = events;
  st = s.Add(bad);
  CHECK(st.code() == Errc::kInvalidArgument);
  CHECK(s.ToJson() == before);
  // A seat other than 0 or 1.
  bad = f.games[1];
  bad.events[0].player = 2;
  CHECK(s.Add(bad).code() == Errc::kInvalidArgument);
  CHECK(s.ToJson() == before);
}

TEST_CASE("top moves' CGP: the study's rules and lexicon name as operations", "[stats]") {
  const Fixture& f = Get();
  StatsConfig config = f.Config();
  config.rules.exchange_limit = 1;
  config.rules.max_scoreless = 4;
  config.lexicon_name = "SMALL";
  StudyStats s(config);
  for (std::size_t i = 0; i < 10; ++i) REQUIRE(s.Add(f.games[i]).ok());
  REQUIRE(!s.top_moves().empty());
  for (const TopMove& m : s.top_moves()) {
    const gen::Position p = gen::ParseCgp(m.cgp, f.tl.alphabet(), f.layout).value();
    CHECK(p.Op("lex") == "SMALL");
    CHECK(p.ExchangeLimit() == 1);
    CHECK(p.MaxScoreless() == 4);
    CHECK(p.racks.size() == 2);
  }
  StudyStats defaults(f.Config());
  REQUIRE(defaults.Add(f.games[0]).ok());
  CHECK(defaults.top_moves()[0].cgp.find("etl") == std::string::npos);
}

TEST_CASE("Merge refuses statistics of another configuration", "[stats]") {
  const Fixture& f = Get();
  StudyStats a(f.Config());
  StatsConfig other = f.Config();
  other.top_moves = 3;
  StudyStats b(other);
  CHECK(a.Merge(b).code() == Errc::kInvalidArgument);
  struct NotStats final : GameAccumulator {
    std::unique_ptr<GameAccumulator> NewEmpty() const override { return std::make_unique<NotStats>(); }
    Status Add(const game::GameRecord&) override { return Status::Ok(); }
    Status Merge(const GameAccumulator&) override { return Status::Ok(); }
    std::uint64_t games() const override { return 0; }
    json ToJson() const override { return json::object(); }
    Status FromJson(const json&) override { return Status::Ok(); }
  };
  CHECK(a.Merge(NotStats()).code() == Errc::kInvalidArgument);
}

// Found by fuzz_study (regressions/fuzz_study/merge-*-sums-pass-int64): a
// stats.json may hold sums near 2^63 that FromJson accepts; merging two such
// statistics overflowed int64 (undefined behaviour) instead of failing.
TEST_CASE("Regression: Merge refuses sums and counts that would pass their range, unchanged", "[stats]") {
  const Fixture& f = Get();
  const StudyStats s = f.Sequential();
  for (const char* field : {"/figures/turns/sum", "/figures/first_spread/sum", "/figures/turns/sum_squares"}) {
    json j = s.ToJson();
    const std::string name = field;
    if (name == "/figures/first_spread/sum")
      j[json::json_pointer(field)] = std::numeric_limits<std::int64_t>::min();
    else if (name == "/figures/turns/sum")
      j[json::json_pointer(field)] = std::numeric_limits<std::int64_t>::max();
    else
      j[json::json_pointer(field)] = std::numeric_limits<std::uint64_t>::max();
    StudyStats a(f.Config()), b(f.Config());
    REQUIRE(a.FromJson(j).ok());
    REQUIRE(b.FromJson(j).ok());
    const json before = a.ToJson();
    const Status merged = a.Merge(b);
    CHECK(merged.code() == Errc::kLimit);
    CHECK(a.ToJson() == before);
  }
  // A word's play count near 2^64.
  {
    json j = s.ToJson();
    REQUIRE(!j["words"]["plays"].empty());
    j["words"]["plays"][0][1] = std::numeric_limits<std::uint64_t>::max();
    // The plays of the words must add up to the plays, so FromJson already
    // refuses it (Merge's own check guards counts that do add up).
    StudyStats a(f.Config());
    const Status read = a.FromJson(j);
    CHECK(read.code() == Errc::kBadInput);
    CHECK(read.detail().find("stats.words.plays") != std::string::npos);
  }
  // Merging with itself doubles every count.
  {
    StudyStats a(f.Config()), b(f.Config());
    REQUIRE(a.FromJson(s.ToJson()).ok());
    REQUIRE(b.FromJson(s.ToJson()).ok());
    REQUIRE(b.Merge(a).ok());
    REQUIRE(a.Merge(a).ok());
    CHECK(a.ToJson() == b.ToJson());
  }
  // Sums that fit still merge.
  StudyStats a(f.Config()), b(f.Config());
  REQUIRE(a.FromJson(s.ToJson()).ok());
  REQUIRE(b.FromJson(s.ToJson()).ok());
  CHECK(a.Merge(b).ok());
  CHECK(a.games() == 2 * s.games());
}

}  // namespace lexc::selfplay

namespace lexc::selfplay {
namespace {

// The fixture's games as Equity v Greedy, the seats alternating by seed.
std::vector<game::GameRecord> MatchupGames() {
  std::vector<game::GameRecord> games = Get().games;
  for (game::GameRecord& g : games)
    g.players =
        g.seed % 2 ? std::array<std::string, 2>{"Equity", "Greedy"} : std::array<std::string, 2>{"Greedy", "Equity"};
  return games;
}

StatsConfig MatchupConfig() {
  StatsConfig c = Get().Config();
  c.matchup = {"Equity", "Greedy"};
  return c;
}

}  // namespace

TEST_CASE("matchup: counts from the records' names, merge, JSON, schema 1", "[stats]") {
  const auto games = MatchupGames();
  StudyStats s(MatchupConfig());
  std::uint64_t a_wins = 0, ties = 0, a_first = 0;
  std::int64_t spread = 0;
  for (const auto& g : games) {
    REQUIRE(s.Add(g).ok());
    const int a = g.players[0] == "Equity" ? 0 : 1;
    a_wins += g.scores[a] > g.scores[1 - a], ties += g.scores[a] == g.scores[1 - a], a_first += a == 0;
    spread += g.scores[a] - g.scores[1 - a];
  }
  CHECK(s.matchup().a_wins == a_wins);
  CHECK(s.matchup().ties == ties);
  CHECK(s.matchup().a_first == a_first);
  CHECK(s.matchup().spread.sum == spread);
  // Pieces merged equal the sequential statistics.
  StudyStats merged(MatchupConfig()), piece(MatchupConfig());
  for (std::size_t i = 0; i < games.size(); ++i) {
    REQUIRE(piece.Add(games[i]).ok());
    if (i % 37 == 36 || i + 1 == games.size()) {
      REQUIRE(merged.Merge(piece).ok());
      piece = StudyStats(MatchupConfig());
    }
  }
  CHECK(merged.ToJson() == s.ToJson());
  // Round trip, and what FromJson refuses.
  StudyStats back(MatchupConfig());
  REQUIRE(back.FromJson(s.ToJson()).ok());
  CHECK(back.ToJson() == s.ToJson());
  json j = s.ToJson();
  j["matchup"]["a"] = "Sim";
  CHECK(back.FromJson(j).detail().find("stats.matchup.a") != std::string::npos);
  j = s.ToJson();
  j["matchup"]["b_wins"] = j["matchup"]["b_wins"].get<std::uint64_t>() + 1;
  CHECK(back.FromJson(j).detail().find("do not add up") != std::string::npos);
  j = s.ToJson();
  j["schema"] = 1;
  CHECK_FALSE(back.FromJson(j).ok());  // schema 1 has no matchup
  StudyStats plain(Get().Config());
  CHECK(plain.FromJson(s.ToJson()).detail().find("stats.matchup: present") != std::string::npos);
  // A schema-1 file of one strategy is still read.
  json old = Get().Sequential().ToJson();
  old["schema"] = 1;
  REQUIRE(plain.FromJson(old).ok());
  // Records of other players are refused, nothing counted.
  game::GameRecord other = games[0];
  other.players = {"Greedy One", "Greedy Two"};
  const Status st = s.Add(other);
  CHECK(st.detail().find("the study pits \"Equity\" against \"Greedy\"") != std::string::npos);
  CHECK(s.games() == games.size());
  // The report's derived figures.
  const json d = DerivedFigures(s);
  CHECK(d["matchup"]["a_wins"] == a_wins);
  CHECK(d["matchup"]["a_win_rate"].get<double>() ==
        Approx((double(a_wins) + 0.5 * double(ties)) / double(games.size())));
}

}  // namespace lexc::selfplay
