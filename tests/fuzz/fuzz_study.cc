// Fuzz target: arbitrary bytes as a study file (stats.json or a checkpoint,
// formats/study.md) and its "stats" object (formats/study-stats.md).
//
// ParseStudyFile either refuses the bytes with kBadInput (kLimit: too many values) naming the file
// ("fuzz.json: ...") or returns a file whose study identity has a valid
// range (RangeOf), equals itself (CheckSameStudy) and whose part lies in it.
// Any JSON object's "stats" member (from an accepted study file or not) goes
// to StudyStats::FromJson over a small built-in lexicon: the 43 words of
// fixtures/words-tiny.txt, so that the seeds, real studies played on that
// fixture, are accepted. FromJson either refuses with kBadInput naming a
// "stats" path, leaving the object as it was, or accepts; then
//   - ToJson → FromJson → ToJson is the identity (the JSON form is canonical
//     after one read);
//   - Merge with a copy of itself succeeds or fails with an error, never a
//     crash or undefined behaviour (sums near 2^63 under UBSan);
//   - DerivedFigures, MostPlayedWords and UnplayedWords do not crash, and
//     the first player's wins + ties + losses is the games count;
//   - MergeStudyFiles of the accepted file alone gives back its stats.
//
// Seeds (tests/fuzz/corpus/fuzz_study/): stats.json and checkpoints of small
// studies, `lexc build fixtures/words-tiny.txt -o tiny.lex; lexc selfplay
// tiny.lex --games N --stats DIR [--checkpoint-every ...]`.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_support.h"
#include "lexc/alphabet.h"
#include "lexc/builder.h"
#include "lexc/gen/layout.h"
#include "lexc/lexicon.h"
#include "lexc/selfplay/report.h"
#include "lexc/selfplay/stats.h"
#include "lexc/selfplay/study_file.h"
#include "lexc/word_index.h"
#include "lexc/wordlist.h"

namespace {

using namespace lexc;
using nlohmann::json;

// fixtures/words-tiny.txt (43 distinct words): the seeds' word count.
constexpr const char* kWords[] = {
    "QI",      "QAT",  "RETAINS", "XANTHIC",  "ZA",    "RETINAS", "STAINER",  "NASTIER", "RETSINA", "ANESTRI", "QATS",
    "XANTHAN", "XU",   "XI",      "AA",       "AAH",   "CAT",     "CATS",     "SCAT",    "ACT",     "ACTS",    "TACT",
    "QUA",     "QUAG", "QUIT",    "QUITE",    "QUIET", "QUAINT",  "SING",     "SINGING", "RING",    "BRING",   "STING",
    "THING",   "EXAM", "TAXI",    "RELAXING", "ZAX",   "AXE",     "SAXATILE", "RATINES", "STEARIN", "TRAINS"};

struct Fixture {
  std::vector<std::byte> image;
  Lexicon lexicon;
  gen::Layout layout = gen::Layout::Standard15();
  WordIndex words;
  selfplay::StatsConfig config;
};

const Fixture& World() {
  static const Fixture* const fixture = [] {
    std::vector<std::vector<Tile>> list;
    for (const char* w : kWords) {
      std::vector<Tile> word;
      for (const char* c = w; *c; ++c) word.push_back(static_cast<Tile>(*c - 'A' + 1));
      list.push_back(std::move(word));
    }
    auto built = BuildImage(WordList::FromUnsorted(std::move(list)), Alphabet::English(), BuildOptions{});
    FUZZ_CHECK_MSG(built.ok(), built.status().ToString());
    auto* f = new Fixture{std::move(built).value(), Lexicon(), gen::Layout::Standard15(), WordIndex(), {}};
    auto lex = Lexicon::FromBytes(f->image);
    FUZZ_CHECK_MSG(lex.ok() && lex->Verify().ok(), "built-in lexicon");
    f->lexicon = std::move(lex).value();
    auto index = WordIndex::Of(f->lexicon);
    FUZZ_CHECK_MSG(index.ok() && index->size() == std::size(kWords), "word index");
    f->words = std::move(index).value();
    f->config.lexicon = &f->lexicon, f->config.layout = &f->layout, f->config.words = &f->words;
    f->config.lexicon_name = "TINY";
    return f;
  }();
  return *fixture;
}

std::string Dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

// An accepted StudyStats: its JSON form is canonical, a merge with itself is
// clean, and the derived figures do not crash.
void CheckAccepted(const selfplay::StudyStats& stats) {
  const json once = stats.ToJson();
  selfplay::StudyStats again(World().config);
  const Status back = again.FromJson(once);
  FUZZ_CHECK_MSG(back.ok(), back.ToString() + " reading back " + Dump(once).substr(0, 300));
  FUZZ_CHECK_MSG(again.ToJson() == once, "ToJson -> FromJson -> ToJson changed the JSON");
  FUZZ_CHECK(again.games() == stats.games());
  FUZZ_CHECK(stats.first_wins() + stats.ties() + stats.first_losses() == stats.games());

  const json derived = selfplay::DerivedFigures(stats);
  FUZZ_CHECK(derived.is_object());
  auto most = selfplay::MostPlayedWords(stats, 5);
  FUZZ_CHECK_MSG(most.ok(), most.status().ToString());
  FUZZ_CHECK(most->size() <= 5);
  auto unplayed = selfplay::UnplayedWords(stats, 10);
  FUZZ_CHECK_MSG(unplayed.ok(), unplayed.status().ToString());

  // Merging a copy: sums may pass 2^63 (an error or a wrap, never UB); only
  // the figures' sanity is checked, not the values.
  selfplay::StudyStats doubled(World().config);
  FUZZ_CHECK(doubled.FromJson(once).ok());
  const Status merged = doubled.Merge(again);
  if (merged.ok()) {
    (void)doubled.ToJson();
    (void)selfplay::DerivedFigures(doubled);
  } else {
    FUZZ_CHECK_MSG(fuzz::IsReportedError(merged), merged.ToString());
  }
}

// The "stats" object of any JSON document: refused cleanly, or accepted.
void CheckStats(const json& stats_json) {
  selfplay::StudyStats stats(World().config);
  const json empty = stats.ToJson();
  const Status st = stats.FromJson(stats_json);
  if (!st.ok()) {
    FUZZ_CHECK_MSG(st.code() == Errc::kBadInput && st.detail().rfind("stats", 0) == 0, st.ToString());
    FUZZ_CHECK_MSG(stats.ToJson() == empty, "FromJson changed the object on error: " + st.ToString());
    return;
  }
  CheckAccepted(stats);
}

void CheckStudyFile(const selfplay::StudyFile& file) {
  FUZZ_CHECK(file.path == "fuzz.json");
  FUZZ_CHECK(file.study.is_object() && file.stats.is_object());
  auto range = selfplay::RangeOf(file.study, "study");
  FUZZ_CHECK_MSG(range.ok(), range.status().ToString());
  FUZZ_CHECK(file.part_first_game >= range->first_game &&
             file.part_first_game + file.part_games <= range->first_game + range->games);
  FUZZ_CHECK(file.games_done <= file.part_games);
  FUZZ_CHECK(file.part >= 0 && file.part < file.parts);
  const Status same = selfplay::CheckSameStudy(file.study, file.study, file.path, true);
  FUZZ_CHECK_MSG(same.ok(), same.ToString());

  // A merge of the file alone: its stats, read and written once.
  const selfplay::AccumulatorFactory factory = [](const json&) -> Result<std::unique_ptr<selfplay::GameAccumulator>> {
    return std::unique_ptr<selfplay::GameAccumulator>(new selfplay::StudyStats(World().config));
  };
  auto merged = selfplay::MergeStudyFiles({file}, factory);
  if (!merged.ok()) {
    // kInvalidArgument: limits other than the factory's accumulator's (the
    // tool's factory takes them from study.accumulator.options).
    const Errc code = merged.status().code();
    FUZZ_CHECK_MSG((code == Errc::kBadInput || code == Errc::kInvalidArgument) &&
                       merged.status().detail().rfind("fuzz.json", 0) == 0,
                   merged.status().ToString());
    return;
  }
  FUZZ_CHECK(file.games_done == file.part_games);
  selfplay::StudyStats direct(World().config);
  FUZZ_CHECK(direct.FromJson(file.stats).ok());
  FUZZ_CHECK_MSG(merged->stats == direct.ToJson(), "a merge of one file changed its stats");
  FUZZ_CHECK(merged->part_games == file.part_games && merged->complete);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  (void)World();

  auto file = selfplay::ParseStudyFile(text, "fuzz.json");
  if (file.ok()) {
    CheckStudyFile(*file);
  } else {
    FUZZ_CHECK_MSG((file.status().code() == Errc::kBadInput || file.status().code() == Errc::kLimit) &&
                       file.status().detail().rfind("fuzz.json: ", 0) == 0,
                   file.status().ToString());
  }

  // The statistics of any object with a "stats" member, accepted as a study
  // file or not (so that edits of the envelope do not hide FromJson).
  const json j = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (j.is_object() && j.contains("stats")) CheckStats(j["stats"]);
  return 0;
}
