// lexc report -- a study's report.md and plots, again, from its stats.json.
//
// stats.json is the driver's envelope (formats/study.md): {"format":
// "lexc-study", "version": 1, "study": {...}, "stats": {...}}; "stats" is
// StudyStats::ToJson (formats/study-stats.md), read back through FromJson,
// which validates every field.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>

#include "cli_checks.h"
#include "common.h"
#include "lexc/io.h"
#include "lexc/selfplay/report.h"
#include "lexc/selfplay/stats.h"
#include "lexc/word_index.h"
#include "play_common.h"
#include "study_cli.h"

namespace lexc::cli {
namespace {

using nlohmann::json;

struct ReportArgs {
  std::string dir, image, layout;
  int top = 0;
  bool json = false, plots = true, verify = true;
};

void RunReport(const ReportArgs& a) {
  const std::string path = (std::filesystem::path(a.dir) / "stats.json").string();
  const std::string text = Check(ReadFileBytes(path, selfplay::kMaxStudyFileBytes));
  json envelope = Check(selfplay::ParseStudyJson(text, QuotePath(path)));
  if (!envelope.is_object() || envelope.value("format", json()) != "lexc-study")
    throw Exit{1, QuotePath(path) + ": format: expected \"lexc-study\" (a study's stats.json)"};
  if (envelope.value("version", json()) != 1)
    throw Exit{1, QuotePath(path) + ": version: " + envelope.value("version", json()).dump() +
                      " is not one this build reads (it reads 1)"};
  const json study = envelope.value("study", json::object());
  if (!envelope.contains("stats")) throw Exit{1, QuotePath(path) + ": stats: missing"};

  Check(CheckWritableDirectory(a.dir));
  StudyStatsSource source;
  source.image = a.image, source.layout = a.layout, source.study_dir = a.dir, source.verify = a.verify;
  source.top_words = a.top;
  source.outputs = selfplay::StudyOutputPaths(a.dir);  // never over the image or layout read, however named
  auto made_or = MakeStudyStats(study, nullptr, nullptr, source);
  if (!made_or.ok()) throw Exit{1, QuotePath(path) + ": " + made_or.status().detail()};
  std::unique_ptr<selfplay::StudyStats> made = std::move(*made_or);
  selfplay::StudyStats& stats = *made;
  if (Status st = stats.FromJson(envelope["stats"]); !st.ok()) throw Exit{1, QuotePath(path) + ": " + st.detail()};
  selfplay::ReportOptions options;
  options.top_words = stats.config().top_words;
  if (!a.plots) options.gnuplot.clear();
  selfplay::ReportOutcome outcome;
  Check(selfplay::WriteReport(stats, study, a.dir, options, &outcome));

  const json d = selfplay::DerivedFigures(stats);
  Output out;
  if (a.json) {
    json j = d;
    j["files"] = outcome.files;
    j["plots_drawn"] = outcome.plots_drawn;
    if (!outcome.plots_drawn) j["plots_skipped"] = outcome.plots_skipped;
    out.buf() += JsonReport(JsonValue(j));
    return;
  }
  const json& pg = d["per_game"];
  const auto mean_sd = [&](const char* key) {
    return Fixed(pg[key]["mean"].get<double>(), 1) + " ± " + Fixed(pg[key]["sd"].get<double>(), 1);
  };
  const json& fp = d["first_player"];
  std::string& s = out.buf();
  s += a.dir + ": " + Thousands(stats.games()) + " games\n";
  s += "  first player: wins " + Fixed(100 * fp["win_rate"].get<double>(), 2) + "% (95% CI " +
       Fixed(100 * fp["win_rate_ci95"][0].get<double>(), 2) + "–" +
       Fixed(100 * fp["win_rate_ci95"][1].get<double>(), 2) + "%, ties count half), " + Thousands(stats.ties()) +
       " ties\n";
  s += "  per game: turns " + mean_sd("turns") + ", bingos " + mean_sd("bingos") + "\n";
  s += "  scores: winner " + mean_sd("winner_score") + ", loser " + mean_sd("loser_score") + ", first " +
       mean_sd("first_score") + ", second " + mean_sd("second_score") + "\n";
  if (!stats.top_moves().empty())
    s += "  best move: " + stats.top_moves()[0].move + " (seed " + std::to_string(stats.top_moves()[0].seed) + ")\n";
  s += "  wrote " + (std::filesystem::path(a.dir) / "report.md").string();
  if (outcome.plots_drawn)
    s += " and " + std::to_string(outcome.files.size() - 1) + " plots in " +
         (std::filesystem::path(a.dir) / "plots").string() + "\n";
  else
    s += "; plots skipped: " + outcome.plots_skipped + "\n";
}

}  // namespace

void RegisterReport(CLI::App& app) {
  auto args = std::make_shared<ReportArgs>();
  CLI::App* cmd = app.add_subcommand("report", "Rebuild a study's report.md and plots from its stats.json");
  cmd->add_option("study", args->dir, "Study directory (holds stats.json; report.md and plots/ are written there)")
      ->required();
  cmd->add_option("--image", args->image,
                  "The study's image, for word texts (default: the path recorded in stats.json's study.image)");
  cmd->add_option("--layout", args->layout,
                  "The study's layout file, when it has moved (default: the path recorded in\n"
                  "study.layout; standard15 names the built-in board)");
  AddLimitOption(cmd, &args->top, "Most-played words to list (default 100)", 1, 1000000);
  cmd->add_flag("--json", args->json, "Print the derived figures (means, sds, the win rate's CI) as JSON");
  cmd->add_flag("--plots,!--no-plots", args->plots, "Draw plots with gnuplot (the default)");
  cmd->add_flag("--verify,!--no-verify", args->verify, "Verify the whole image first (the default)");
  cmd->footer(R"(Examples:
  lexc report study/                      report.md and plots/*.svg again, a summary on stdout
  lexc report study/ --image sowpods.lex  the image moved since the study ran
  lexc report study/ --limit 500 --json   500 words in report.md; means, sds, CI as JSON

The image must be the one the study played (word numbers index its words),
and the layout too: the built-in board, or a file of the same text (its
CRC32C is compared, not its path), else the report is refused naming both.
Plots are drawn by gnuplot when it is installed; otherwise report.md says
they were skipped. Files are replaced atomically.)");
  cmd->callback([args] { RunReport(*args); });
}

}  // namespace lexc::cli
