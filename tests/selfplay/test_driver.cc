// The study driver: threads and chunk sizes give the accumulator a
// sequential fold gives; a prefix is continued; cancellation keeps a
// consistent prefix; an error in one game stops the run; checkpoints resume
// to the uninterrupted result; study files refuse damage and other studies;
// shards merge only when they fit.
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <random>

#include "gen_support.h"
#include "lexc/game/selfplay.h"
#include "lexc/io.h"
#include "lexc/selfplay/driver.h"
#include "lexc/selfplay/study.h"
#include "lexc/selfplay/study_file.h"
#include "lexc/selfplay/summary.h"
#include "test_support.h"

namespace lexc::selfplay {
namespace {

using gen::test::TestLexicon;

// Words of 2..5 letters over A..H: games of a few dozen moves.
const TestLexicon& Small() {
  static const TestLexicon tl = [] {
    std::mt19937_64 rng(4242);
    return TestLexicon(gen::test::RandomWords(rng, 2500, 8, 5), gen::test::SmallAlphabet(8));
  }();
  return tl;
}

const gen::Layout& Board() {
  static const gen::Layout layout = gen::Layout::Standard15();
  return layout;
}

// The model: game after game on one generator, the plain runner's way.
std::vector<game::GameRecord> SequentialGames(std::uint64_t seed_base, std::uint64_t first, std::uint64_t n) {
  auto gen = gen::MoveGenerator::Create(Small().lexicon(), Board());
  REQUIRE(gen.ok());
  std::vector<game::GameRecord> out;
  game::SelfPlayOptions o;
  for (std::uint64_t i = first; i < first + n; ++i) {
    o.seed = seed_base + i;
    auto g = game::PlayGreedyGame(*gen, o);
    REQUIRE(g.ok());
    out.push_back(std::move(*g));
  }
  return out;
}

nlohmann::json Fold(const std::vector<game::GameRecord>& games, std::size_t n) {
  SeriesSummary s;
  for (std::size_t i = 0; i < n; ++i) REQUIRE(s.Add(games[i]).ok());
  return s.ToJson();
}

StudyOptions Options(std::uint64_t first, std::uint64_t games, int threads, std::uint64_t chunk) {
  StudyOptions o;
  o.seed_base = 7;
  o.first_game = first;
  o.games = games;
  o.threads = threads;
  o.chunk_games = chunk;
  auto players = StrategyPlayers("greedy", "greedy");
  REQUIRE(players.ok());
  o.players = *players;
  return o;
}

}  // namespace

TEST_CASE("summary: figures recomputed from the records", "[driver]") {
  const auto games = SequentialGames(7, 0, 40);
  SeriesSummary s;
  std::uint64_t turns = 0, moves = 0;
  std::int64_t points = 0;
  for (const auto& g : games) {
    REQUIRE(s.Add(g).ok());
    points += g.scores[0] + g.scores[1];
    for (const auto& e : g.events) moves += e.kind == game::GameEvent::Kind::kMove;
    turns += std::uint64_t(g.turns);
  }
  CHECK(s.games() == 40);
  CHECK(s.points() == points);
  CHECK(s.turns() == turns);
  CHECK(moves == turns);
  const nlohmann::json j = s.ToJson();
  CHECK(j["moves"]["play"].get<std::uint64_t>() + j["moves"]["exchange"].get<std::uint64_t>() +
            j["moves"]["pass"].get<std::uint64_t>() ==
        turns);
  // Round trip, and the order of games shows in the sequence digest only.
  SeriesSummary back;
  REQUIRE(back.FromJson(j).ok());
  CHECK(back.ToJson() == j);
  SeriesSummary reversed;
  for (auto it = games.rbegin(); it != games.rend(); ++it) REQUIRE(reversed.Add(*it).ok());
  CHECK(reversed.digest() == s.digest());
  CHECK(reversed.sequence_digest() != s.sequence_digest());
  // Merging in order equals the fold; merging out of order does not.
  SeriesSummary a, b;
  for (std::size_t i = 0; i < 15; ++i) REQUIRE(a.Add(games[i]).ok());
  for (std::size_t i = 15; i < 40; ++i) REQUIRE(b.Add(games[i]).ok());
  SeriesSummary ab = a, ba = b;
  REQUIRE(ab.Merge(b).ok());
  REQUIRE(ba.Merge(a).ok());
  CHECK(ab.ToJson() == j);
  CHECK(ba.ToJson() != j);
}

TEST_CASE("summary: FromJson names the damaged field", "[driver]") {
  SeriesSummary s;
  REQUIRE(s.Add(SequentialGames(7, 0, 1)[0]).ok());
  const nlohmann::json good = s.ToJson();
  auto bad = good;
  bad["moves"]["play"] = "x";
  Status st = SeriesSummary().FromJson(bad);
  CHECK(st.code() == Errc::kBadInput);
  CHECK(st.detail().find("stats.moves.play") != std::string::npos);
  bad = good;
  bad.erase("turns");
  CHECK(SeriesSummary().FromJson(bad).detail().find("stats.turns: missing") != std::string::npos);
  bad = good;
  bad["digest"] = "12";
  CHECK(SeriesSummary().FromJson(bad).detail().find("stats.digest") != std::string::npos);
  bad = good;
  bad["games"] = 5;  // the ends no longer add up
  CHECK(!SeriesSummary().FromJson(bad).ok());
  bad = good;
  bad["extra"] = 1;
  CHECK(SeriesSummary().FromJson(bad).detail().find("stats.extra: unknown field") != std::string::npos);
}

TEST_CASE("driver: threads and chunk sizes give the sequential fold", "[driver]") {
  const auto games = SequentialGames(7, 0, 60);
  const nlohmann::json want = Fold(games, games.size());
  for (int threads : {1, 2, 3, 4})
    for (std::uint64_t chunk : {0, 1, 3, 7, 100}) {
      SeriesSummary s;
      auto out = RunStudy(Small().lexicon(), Board(), s, Options(0, 60, threads, chunk));
      INFO("threads " << threads << ", chunk " << chunk);
      REQUIRE(out.ok());
      CHECK(out->games_done == 60);
      CHECK(!out->cancelled);
      CHECK(s.ToJson() == want);
    }
}

TEST_CASE("driver: games go to on_game in seed order", "[driver]") {
  std::vector<std::uint64_t> seeds;
  auto o = Options(5, 30, 3, 2);
  o.on_game = [&](const game::GameRecord& g, const std::vector<gen::Position>&) { seeds.push_back(g.seed); };
  SeriesSummary s;
  REQUIRE(RunStudy(Small().lexicon(), Board(), s, o).ok());
  REQUIRE(seeds.size() == 30);
  for (std::size_t i = 0; i < seeds.size(); ++i) CHECK(seeds[i] == 7 + 5 + i);
}

TEST_CASE("driver: a prefix is continued", "[driver]") {
  const auto games = SequentialGames(7, 0, 30);
  SeriesSummary s;
  for (std::size_t i = 0; i < 10; ++i) REQUIRE(s.Add(games[i]).ok());
  REQUIRE(RunStudy(Small().lexicon(), Board(), s, Options(10, 20, 2, 3)).ok());
  CHECK(s.ToJson() == Fold(games, 30));
}

TEST_CASE("driver: cancellation keeps a prefix with no gap", "[driver]") {
  const auto games = SequentialGames(7, 0, 200);
  for (int threads : {1, 3}) {
    std::atomic<bool> cancel{false};
    auto o = Options(0, 200, threads, 4);
    o.cancel = &cancel;
    o.progress_every_seconds = 0;
    o.on_progress = [&](std::uint64_t done, std::uint64_t, double) {
      if (done >= 40) cancel = true;
    };
    SeriesSummary s;
    auto out = RunStudy(Small().lexicon(), Board(), s, o);
    REQUIRE(out.ok());
    CHECK(out->cancelled);
    CHECK(out->games_done >= 40);
    CHECK(out->games_done < 200);
    CHECK(s.games() == out->games_done);
    CHECK(s.ToJson() == Fold(games, out->games_done));
  }
}

namespace {
// Fails on the game with one seed.
class FailingSummary final : public GameAccumulator {
 public:
  explicit FailingSummary(std::uint64_t bad_seed) : bad_seed_(bad_seed) {}
  std::unique_ptr<GameAccumulator> NewEmpty() const override { return std::make_unique<FailingSummary>(bad_seed_); }
  Status Add(const game::GameRecord& g) override {
    if (g.seed == bad_seed_) return Status(Errc::kInvalidArgument, "refused");
    return inner_.Add(g);
  }
  Status Merge(const GameAccumulator& later) override {
    return inner_.Merge(dynamic_cast<const FailingSummary&>(later).inner_);
  }
  std::uint64_t games() const override { return inner_.games(); }
  nlohmann::json ToJson() const override { return inner_.ToJson(); }
  Status FromJson(const nlohmann::json& j) override { return inner_.FromJson(j); }

 private:
  std::uint64_t bad_seed_;
  SeriesSummary inner_;
};

class BrokenPlayer final : public game::Player {
 public:
  const std::string& name() const override { return name_; }
  Result<gen::Move> ChooseMove(const game::PlayerView&) override {
    return Status(Errc::kInvalidArgument, "broken player");
  }

 private:
  std::string name_ = "Broken";
};
}  // namespace

TEST_CASE("driver: an error in one game stops the run and is returned", "[driver]") {
  for (int threads : {1, 2, 4}) {
    FailingSummary s(7 + 37);
    auto out = RunStudy(Small().lexicon(), Board(), s, Options(0, 100, threads, 5));
    REQUIRE(!out.ok());
    CHECK(out.status().detail() == "game 37 (seed 44): refused");
    CHECK(SeriesSummary().FromJson(s.ToJson()).ok());
    CHECK(s.ToJson()["games"].get<std::uint64_t>() <= 35);  // whole chunks before game 37's
  }
  auto o = Options(0, 10, 2, 1);
  o.players = [] {
    return Result<PlayerPair>(PlayerPair(std::make_unique<BrokenPlayer>(), std::make_unique<BrokenPlayer>()));
  };
  SeriesSummary s;
  auto out = RunStudy(Small().lexicon(), Board(), s, o);
  REQUIRE(!out.ok());
  CHECK(out.status().detail().find("broken player") != std::string::npos);
  CHECK(RunStudy(Small().lexicon(), Board(), s, Options(0, 0, 1, 0)).status().code() == Errc::kInvalidArgument);
}

TEST_CASE("study: checkpoints resume to the uninterrupted result", "[driver]") {
  test::TempDir dir;
  const auto games = SequentialGames(7, 0, 120);
  StudyDescription d;
  d.image = IdentifyImage(Small().lexicon(), "small.lex");
  d.lexicon_name = "SMALL", d.algorithm = "gaddag", d.layout_name = "standard15";
  d.seed_base = 7, d.first_game = 0, d.games = 120;
  d.accumulator = {{"kind", "series-summary"}};
  StudyPart part{dir.path().string(), d.ToJson(), 0, 1, 0, 120};
  REQUIRE(PlanStudyDirectory(dir.path().string(), part.study, 1, false).ok());
  // A run stopped after ~50 games, checkpointing after every chunk.
  std::atomic<bool> cancel{false};
  auto o = Options(0, 120, 2, 5);
  o.cancel = &cancel;
  o.progress_every_seconds = 0;
  o.on_progress = [&](std::uint64_t done, std::uint64_t, double) { cancel = done >= 50; };
  SeriesSummary first;
  auto out = RunStudyPart(Small().lexicon(), Board(), first, part, 0, 0.0, o);
  REQUIRE(out.ok());
  REQUIRE(out->cancelled);
  // The directory now refuses a fresh run and accepts a resume.
  CHECK(PlanStudyDirectory(dir.path().string(), part.study, 1, false).status().code() == Errc::kInvalidArgument);
  CHECK(PlanStudyDirectory(dir.path().string(), part.study, 2, true).status().detail().find("split into 1 parts") !=
        std::string::npos);
  auto plan = PlanStudyDirectory(dir.path().string(), part.study, 1, true);
  REQUIRE(plan.ok());
  CHECK(*plan == DirectoryPlan::kResume);
  SeriesSummary resumed;
  auto done = LoadPartCheckpoint(part, resumed);
  REQUIRE(done.ok());
  CHECK(*done == out->games_done);
  CHECK(resumed.ToJson() == Fold(games, *done));
  auto rest = RunStudyPart(Small().lexicon(), Board(), resumed, part, *done, 0.0, Options(0, 120, 3, 0));
  REQUIRE(rest.ok());
  CHECK(rest->games_done == 120);
  CHECK(resumed.ToJson() == Fold(games, 120));

  // Another study (seed) and another image are refused, naming the field.
  nlohmann::json other = part.study;
  other["seed_base"] = 8;
  Status st = PlanStudyDirectory(dir.path().string(), other, 1, true).status();
  CHECK(st.detail().find("study.seed_base is 7 there, 8 here") != std::string::npos);
  other = part.study;
  other["image"]["crc32c"] = "0x00000001";
  CHECK(PlanStudyDirectory(dir.path().string(), other, 1, true).status().detail().find("another image") !=
        std::string::npos);
  other = part.study;
  other["image"]["path"] = "elsewhere/small.lex";  // a moved image is the same image
  CHECK(PlanStudyDirectory(dir.path().string(), other, 1, true).ok());

  // A damaged checkpoint: truncated, edited.
  const std::string path = CheckpointPath(dir.path().string(), 0, 1);
  auto text = ReadFileBytes(path);
  REQUIRE(text.ok());
  const auto write = [&](const std::string& s) {
    REQUIRE(WriteFileAtomic(path, std::as_bytes(std::span(s.data(), s.size()))).ok());
  };
  write(text->substr(0, text->size() / 2));
  CHECK(ReadStudyFile(path).status().detail().find("not JSON") != std::string::npos);
  auto j = nlohmann::json::parse(*text);
  j["games_done"] = 100000;
  write(j.dump());
  CHECK(ReadStudyFile(path).status().detail().find("games_done") != std::string::npos);
  j = nlohmann::json::parse(*text);
  j["stats"]["turns"] = -1;
  write(j.dump());
  SeriesSummary s;
  CHECK(LoadPartCheckpoint(part, s).status().detail().find("stats.turns") != std::string::npos);
}

TEST_CASE("study: part ranges tile the range", "[driver]") {
  for (std::uint64_t games : {1, 7, 100, 101})
    for (int parts : {1, 2, 3, 64}) {
      std::uint64_t next = 5;
      for (int p = 0; p < parts; ++p) {
        const auto [first, n] = PartRange(5, games, p, parts);
        CHECK(first == next);
        CHECK(n + 1 >= games / std::uint64_t(parts));
        next = first + n;
      }
      CHECK(next == 5 + games);
    }
  CHECK(PartRange(0, ~0ull, 1, 2).first == (~0ull) / 2);
}

TEST_CASE("study: shards merge only when they fit", "[driver]") {
  const auto games = SequentialGames(7, 0, 30);
  StudyDescription d;
  d.image = IdentifyImage(Small().lexicon(), "small.lex");
  d.lexicon_name = "SMALL", d.algorithm = "gaddag", d.layout_name = "standard15", d.seed_base = 7;
  d.accumulator = {{"kind", "series-summary"}};
  const auto shard = [&](std::uint64_t first, std::uint64_t n) {
    SeriesSummary s;
    for (std::uint64_t i = first; i < first + n; ++i) REQUIRE(s.Add(games[i]).ok());
    StudyFile f;
    f.path = "shard" + std::to_string(first) + "/stats.json";
    f.complete = true;
    d.first_game = first, d.games = n;
    f.study = d.ToJson();
    f.stats = s.ToJson();
    f.part_first_game = first, f.part_games = f.games_done = n;
    return f;
  };
  const AccumulatorFactory factory = [](const nlohmann::json&) {
    return Result<std::unique_ptr<GameAccumulator>>(std::make_unique<SeriesSummary>());
  };
  auto merged = MergeStudyFiles({shard(20, 10), shard(0, 12), shard(12, 8)}, factory);
  REQUIRE(merged.ok());
  CHECK(merged->stats == Fold(games, 30));
  CHECK(merged->study["first_game"] == 0);
  CHECK(merged->study["games"] == 30);
  CHECK(MergeStudyFiles({shard(0, 12), shard(10, 20)}, factory).status().detail().find("overlap") != std::string::npos);
  CHECK(MergeStudyFiles({shard(0, 10), shard(12, 18)}, factory).status().detail().find("games 10..11 are missing") !=
        std::string::npos);
  auto unfinished = shard(10, 20);
  unfinished.complete = false;
  unfinished.games_done = 5;
  CHECK(MergeStudyFiles({shard(0, 10), unfinished}, factory).status().detail().find("unfinished") != std::string::npos);
  auto other = shard(10, 20);
  other.study["rules"]["max_turns"] = 7;
  CHECK(MergeStudyFiles({shard(0, 10), other}, factory).status().detail().find("study.rules.max_turns") !=
        std::string::npos);
}

TEST_CASE("study: the layout is compared by its text's CRC32C, not its path, and both are named", "[driver]") {
  StudyDescription d;
  d.image = IdentifyImage(Small().lexicon(), "small.lex");
  d.lexicon_name = "SMALL", d.algorithm = "gaddag", d.seed_base = 7, d.games = 10;
  d.accumulator = {{"kind", "series-summary"}};
  d.layout_name = "/a/board.txt", d.layout_crc32c = 0x68aada4e;
  const nlohmann::json file = d.ToJson();
  CHECK(file["layout"] == nlohmann::json{{"path", "/a/board.txt"}, {"crc32c", "0x68aada4e"}});
  d.layout_name = "/b/moved.txt";
  CHECK(CheckSameStudy(d.ToJson(), file, "s/stats.json", true).ok());  // a moved layout is the same layout
  d.layout_crc32c = 0x30e2c1fe;
  Status st = CheckSameStudy(d.ToJson(), file, "s/stats.json", true);
  CHECK(st.code() == Errc::kBadInput);
  CHECK(st.detail() ==
        "s/stats.json: played on another layout (/a/board.txt, CRC32C 0x68aada4e; this one: /b/moved.txt, CRC32C "
        "0x30e2c1fe)");
  d.layout_name = "standard15", d.layout_crc32c = 0;
  CHECK(d.ToJson()["layout"] == nlohmann::json{{"name", "standard15"}});
  st = CheckSameStudy(d.ToJson(), file, "s/stats.json", true);
  CHECK(st.detail() ==
        "s/stats.json: played on another layout (/a/board.txt, CRC32C 0x68aada4e; this one: the built-in standard15 "
        "board)");
  CHECK(SameLayout(LayoutIdentity("standard15", 0), nlohmann::json{{"name", "standard15"}}));
  CHECK(!SameLayout(LayoutIdentity("/a/x.txt", 1), LayoutIdentity("/a/x.txt", 2)));
  CHECK(!SameLayout(LayoutIdentity("/a/x.txt", 1), nlohmann::json("standard15")));  // damaged: never the same
  CHECK(DescribeLayout(nlohmann::json{{"name", "big"}}) == R"({"name":"big"})");
}

}  // namespace lexc::selfplay

namespace lexc::selfplay {

TEST_CASE("driver: a callback's exception stops every thread and is rethrown", "[driver]") {
  for (int threads : {1, 3}) {
    auto o = Options(0, 100, threads, 2);
    o.on_game = [](const game::GameRecord& g, const std::vector<gen::Position>&) {
      if (g.seed == 7 + 20) throw std::runtime_error("disk full");
    };
    SeriesSummary s;
    CHECK_THROWS_WITH(RunStudy(Small().lexicon(), Board(), s, o), "disk full");
  }
}

// What a SIGKILL leaves: the temporaries of the study's files, its report and
// its plots, named with the dead writer's PID, are removed; a live writer's
// and other files are kept.
TEST_CASE("RemoveStaleTemporaries: the study's, the report's and the plots' temporaries of dead writers") {
  const pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) ::_exit(0);
  int status = 0;
  REQUIRE(::waitpid(child, &status, 0) == child);  // now a PID of no live process
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("lexc-stale-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir / "plots");
  const std::string dead = std::to_string(child), live = std::to_string(::getpid());
  const std::vector<std::string> stale = {".stats.json.tmp-" + dead + "-1", ".run.json.tmp-" + dead + "-2",
                                          ".checkpoint-0-of-2.json.tmp-" + dead + "-3", ".report.md.tmp-" + dead + "-4",
                                          "plots/.scores.svg.tmp-" + dead + "-5"};
  const std::vector<std::string> kept = {".report.md.tmp-" + live + "-6", "plots/.bingos.svg.tmp-" + live + "-7",
                                         "notes.txt", ".notes.txt.tmp-" + dead + "-8", "plots/scores.svg"};
  for (const std::string& name : stale) std::ofstream(dir / name) << "x";
  for (const std::string& name : kept) std::ofstream(dir / name) << "x";
  REQUIRE(RemoveStaleTemporaries(dir.string()).ok());
  for (const std::string& name : stale) CHECK_FALSE(std::filesystem::exists(dir / name));
  for (const std::string& name : kept) CHECK(std::filesystem::exists(dir / name));
  std::filesystem::remove_all(dir);
}

}  // namespace lexc::selfplay

TEST_CASE("ParseStudyJson: nesting and size refused before parsing, strings skipped", "[driver]") {
  using lexc::selfplay::kMaxStudyJsonDepth;
  using lexc::selfplay::ParseStudyJson;
  const auto nested = [](int levels) {
    return std::string("{\"a\":") + std::string(std::size_t(levels - 1), '[') +
           std::string(std::size_t(levels - 1), ']') + "}";
  };
  // The model: nlohmann itself parses anything nested this deep; only the
  // depth decides.
  auto ok = ParseStudyJson(nested(kMaxStudyJsonDepth), "f.json");
  REQUIRE(ok.ok());
  CHECK(*ok == nlohmann::json::parse(nested(kMaxStudyJsonDepth)));
  auto deep = ParseStudyJson(nested(kMaxStudyJsonDepth + 1), "f.json");
  REQUIRE_FALSE(deep.ok());
  CHECK(deep.status().code() == lexc::Errc::kBadInput);
  CHECK(deep.status().detail() ==
        "f.json: nested deeper than 64 levels at byte " + std::to_string(5 + kMaxStudyJsonDepth));
  // Brackets, braces, commas and escaped quotes inside strings are text.
  const std::string in_strings = "{\"k\":\"" + std::string(200, '[') + "\\\"" + std::string(200, '{') + ",\"}";
  auto text = ParseStudyJson(in_strings, "f.json");
  REQUIRE(text.ok());
  CHECK(*text == nlohmann::json::parse(in_strings));
  // More values than any study: refused as a limit before any is parsed.
  std::string many = "[";
  for (std::uint64_t i = 0; i <= lexc::selfplay::kMaxStudyJsonValues; ++i) many += "0,";
  many += "0]";
  auto big = ParseStudyJson(many, "f.json");
  REQUIRE_FALSE(big.ok());
  CHECK(big.status().code() == lexc::Errc::kLimit);
  // Not JSON: the parser's byte.
  auto bad = ParseStudyJson("{\"a\": tru}", "f.json");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.status().detail().rfind("f.json: not JSON: at byte ", 0) == 0);
}
