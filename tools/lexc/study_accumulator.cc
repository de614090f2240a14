// What a study gathers: StudyStats (lexc/selfplay/stats.h), and the report
// written beside its stats.json (lexc/selfplay/report.h). The study driver
// and `lexc merge` reach the statistics only through the three functions of
// study_cli.h defined here; `lexc report` through MakeStudyStats.
//
// StudyStats points at the image, the layout and the word index of the
// study. `lexc selfplay` hands in what it opened; `lexc merge` and `lexc
// report` open what the study names (study.image.path, study.layout.path, or
// report's --image and --layout), check they are the study's (the image's
// size and trailer CRC32C; the layout's text CRC32C, or the built-in board),
// and keep them for the life of the process (one command).
#include <filesystem>
#include <list>
#include <memory>
#include <optional>
#include <tuple>
#include <utility>

#include "common.h"
#include "lexc/crc32c.h"
#include "lexc/io.h"
#include "lexc/selfplay/driver.h"
#include "lexc/selfplay/report.h"
#include "lexc/selfplay/stats.h"
#include "lexc/selfplay/study_file.h"
#include "lexc/word_index.h"
#include "play_common.h"
#include "study_cli.h"

namespace lexc::cli {
namespace {

using nlohmann::json;

constexpr const char* kKind = "study-stats";
constexpr int kTopMoves = 10, kTopGames = 10;
// Each accumulator counts plays per word in two dense arrays (16 bytes a
// word), and a run holds a few accumulators per thread: memory follows this
// bound, never the word count an image claims.
constexpr std::uint64_t kMaxStudyWords = 20'000'000;

// What a StudyStats points at, kept for the process's life.
struct StudyImage {
  std::optional<MappedLexicon> mapped;  // opened here (merge, report), else the caller's
  const Lexicon* lexicon = nullptr;
  std::string layout_spec;
  std::optional<gen::Layout> layout_owned;
  const gen::Layout* layout = nullptr;
  WordIndex words;
};

std::list<StudyImage>& OpenStudyImages() {
  static std::list<StudyImage> images;
  return images;
}

// A string at study[a][b], or "".
std::string StudyString(const json& study, const char* a, const char* b = nullptr) {
  const json* v = &study;
  for (const char* key : {a, b}) {
    if (!key) break;
    if (!v->is_object() || !v->contains(key)) return "";
    v = &(*v)[key];
  }
  return v->is_string() ? v->get<std::string>() : "";
}

Result<game::Rules> StudyRules(const json& study) {
  game::Rules r;
  const json rules = study.is_object() ? study.value("rules", json()) : json();
  const auto field = [&](const char* name, int* out) -> Status {
    if (!rules.is_object() || !rules.contains(name) || !rules[name].is_number_integer())
      return Status(Errc::kBadInput, std::string("study.rules.") + name + ": missing or not an integer");
    const auto v = rules[name].get<std::int64_t>();
    if (v < -1000000 || v > 1000000)
      return Status(Errc::kBadInput,
                    std::string("study.rules.") + name + ": " + std::to_string(v) + " is out of range");
    *out = int(v);
    return Status::Ok();
  };
  LEXC_RETURN_IF_ERROR(field("exchange_limit", &r.exchange_limit));
  LEXC_RETURN_IF_ERROR(field("max_scoreless", &r.max_scoreless));
  LEXC_RETURN_IF_ERROR(field("max_turns", &r.max_turns));
  return r;
}

Result<int> TopOption(const json& options, const char* name) {
  if (!options.is_object() || !options.contains(name) || !options[name].is_number_integer() ||
      options[name].get<std::int64_t>() < 0 || options[name].get<std::int64_t>() > 100000)
    return Status(Errc::kBadInput,
                  std::string("study.accumulator.options.") + name + ": missing or not a whole number up to 100000");
  return int(options[name].get<std::int64_t>());
}

// The layout's part of the identity: "standard15" (CRC 0) for the built-in
// board, else the file's absolute path and its text's CRC32C.
std::pair<std::string, std::uint32_t> LayoutNameAndCrc(const std::string& layout_spec) {
  if (layout_spec.empty() || layout_spec == "standard15") return {"standard15", 0};
  const std::string text = ReadText(layout_spec);
  return {std::filesystem::absolute(layout_spec).lexically_normal().string(), Crc32c(0, text.data(), text.size())};
}

// The layout `layout_spec` is the study's (study.layout): the built-in board
// for a study played on it, else a file of the same text (CRC32C; the path
// may differ). Checked before the file is parsed, so an edited layout is
// named as such, whatever the edit. `where` names the study file, or "".
void CheckStudyLayout(const json& study, const std::string& layout_spec, const std::string& where) {
  const json recorded = study.value("layout", json());
  if (!recorded.is_object())
    Fail(where + "study.layout: " +
         (recorded.is_null() ? std::string("missing") : "expected an object, got " + recorded.dump()));
  const auto [name, crc] = LayoutNameAndCrc(layout_spec);
  const json here = selfplay::LayoutIdentity(name, crc);
  if (selfplay::SameLayout(here, recorded)) return;
  const bool builtin = name == "standard15";
  // Its CRC32C when the study's is a file too: what differs.
  const std::string crc_here = !builtin && recorded.contains("path")
                                   ? "its text's CRC32C is " + here.value("crc32c", std::string("0x00000000")) + "; "
                                   : "";
  Fail((builtin ? std::string("the built-in standard15 board") : QuotePath(name)) +
       " is not the study's layout: " + crc_here + "the study was played on " + selfplay::DescribeLayout(recorded));
}

// The image the study names (or `override_path`), opened once, checked to be
// the study's; the layout likewise (CheckStudyLayout).
const StudyImage& StudyImageFor(const json& study, const Lexicon* lexicon, const gen::Layout* layout,
                                const StudyStatsSource& source) {
  std::string image_path = source.image.empty() ? StudyString(study, "image", "path") : source.image;
  if (!lexicon) {
    if (image_path.empty()) Fail("study.image.path: missing; name the study's image with --image", 2);
    // A relative path is relative to where the study ran; try it as given,
    // then next to the study directory.
    if (!source.study_dir.empty() && !std::filesystem::exists(image_path) &&
        std::filesystem::path(image_path).is_relative() &&
        std::filesystem::exists(std::filesystem::path(source.study_dir) / image_path))
      image_path = (std::filesystem::path(source.study_dir) / image_path).string();
  }
  std::string layout_spec = source.layout;
  if (layout_spec.empty()) layout_spec = StudyString(study, "layout", "path");
  const std::string inputs[] = {lexicon ? std::string() : image_path, layout ? std::string() : layout_spec};
  for (const std::string& out : source.outputs) Check(CheckOutputIsNotInput(out, inputs));
  for (StudyImage& open : OpenStudyImages())
    if ((lexicon ? open.lexicon == lexicon : open.mapped.has_value()) &&
        (layout ? open.layout == layout : open.layout_spec == layout_spec))
      return open;
  StudyImage& s = OpenStudyImages().emplace_back();
  if (lexicon) {
    s.lexicon = lexicon;
  } else {
    s.mapped.emplace(OpenImage(image_path, source.verify));
    s.lexicon = &s.mapped->lexicon();
    const selfplay::ImageIdentity id = selfplay::IdentifyImage(*s.lexicon, image_path);
    json expected = study.value("image", json());
    if (!expected.is_object()) expected = json::object();
    if (expected.value("size", json()) != json(id.size))
      Fail(QuotePath(image_path) + " is not the study's image: " + std::to_string(id.size) +
           " bytes, the study's has " + expected.value("size", json()).dump());
    char crc[16];
    std::snprintf(crc, sizeof crc, "0x%08x", id.crc32c);
    if (expected.value("crc32c", json()) != json(crc))
      Fail(QuotePath(image_path) + " is not the study's image: CRC32C " + crc + ", the study's is " +
           expected.value("crc32c", json()).dump());
  }
  s.layout_spec = layout_spec;
  if (layout) {
    s.layout = layout;
  } else {
    CheckStudyLayout(
        study, layout_spec,
        source.study_dir.empty() ? std::string() : QuotePath(selfplay::StatsPath(source.study_dir)) + ": ");
    s.layout_owned.emplace(LoadLayout(layout_spec));
    s.layout = &*s.layout_owned;
  }
  s.words = Check(WordIndex::Of(*s.lexicon));
  if (s.words.size() > kMaxStudyWords)
    Fail("the image has " + Thousands(s.words.size()) + " words; a study counts the plays of at most " +
         Thousands(kMaxStudyWords) + " words");
  return s;
}

}  // namespace

void DescribeStudyInputs(const Lexicon& lexicon, const std::string& image_path, const std::string& layout_spec,
                         selfplay::StudyDescription* d) {
  d->image = selfplay::IdentifyImage(lexicon, std::filesystem::absolute(image_path).lexically_normal().string());
  std::tie(d->layout_name, d->layout_crc32c) = LayoutNameAndCrc(layout_spec);
}

json StudyAccumulatorConfig() {
  return {{"kind", kKind}, {"options", {{"top_moves", kTopMoves}, {"top_games", kTopGames}}}};
}

Result<std::unique_ptr<selfplay::StudyStats>> MakeStudyStats(const json& study, const Lexicon* lexicon,
                                                             const gen::Layout* layout,
                                                             const StudyStatsSource& source) {
  if (!study.is_object()) return Status(Errc::kBadInput, "study: expected an object");
  const json config = study.value("accumulator", json());
  const json kind = config.is_object() ? config.value("kind", json()) : json();
  if (kind != kKind)
    return Status(Errc::kBadInput, "study.accumulator.kind: " + kind.dump() + ", this build gathers \"" + kKind + "\"");
  const json options = config.value("options", json());
  const Result<int> top_moves = TopOption(options, "top_moves");
  if (!top_moves.ok()) return top_moves.status();
  const Result<int> top_games = TopOption(options, "top_games");
  if (!top_games.ok()) return top_games.status();
  const Result<game::Rules> rules = StudyRules(study);
  if (!rules.ok()) return rules.status();
  const StudyImage& image = StudyImageFor(study, lexicon, layout, source);
  selfplay::StatsConfig c;
  c.lexicon = image.lexicon;
  c.layout = image.layout;
  c.words = &image.words;
  c.rules = *rules;
  c.lexicon_name = StudyString(study, "lexicon");
  c.top_moves = *top_moves;
  c.top_games = *top_games;
  if (source.top_words > 0) c.top_words = source.top_words;
  // Two strategies: the matchup of the first against the second, by the
  // names their players carry (selfplay::StrategyPlayerNames).
  const json players = study.value("players", json());
  if (players.is_array() && players.size() == 2) {
    const std::string a = players[0].is_object() ? players[0].value("strategy", "") : "";
    const std::string b = players[1].is_object() ? players[1].value("strategy", "") : "";
    if (!a.empty() && !b.empty() && a != b) c.matchup = selfplay::StrategyPlayerNames(a, b);
  }
  return std::make_unique<selfplay::StudyStats>(c);
}

Result<std::unique_ptr<selfplay::GameAccumulator>> MakeStudyAccumulator(const json& study, const Lexicon* lexicon,
                                                                        const gen::Layout* layout) {
  auto stats = MakeStudyStats(study, lexicon, layout, StudyStatsSource{});
  if (!stats.ok()) return stats.status();
  return std::unique_ptr<selfplay::GameAccumulator>(std::move(*stats));
}

Status WriteStudyReport(const std::string& dir, const selfplay::GameAccumulator& stats, const json& study) {
  const auto* s = dynamic_cast<const selfplay::StudyStats*>(&stats);
  if (!s) return Status(Errc::kInvalidArgument, "the study's accumulator is not a StudyStats");
  selfplay::ReportOptions options;
  options.top_words = s->config().top_words;
  selfplay::ReportOutcome outcome;
  return selfplay::WriteReport(*s, study, dir, options, &outcome);
}

}  // namespace lexc::cli
