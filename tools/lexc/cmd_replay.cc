// lexc replay -- GCG games replayed by the referee and checked against the
// lexicon and the board (lexc/game/replay.h); the position before a turn;
// the statistics of a self-play study computed from any set of GCG files
// (--stats DIR, read by `lexc report` like a study's).
//
// Each file is one game. Game i (from 0, in the order given) has the number
// --seed + i: the "seed" that the statistics' top lists name.
#include <CLI/CLI.hpp>
#include <filesystem>
#include <memory>

#include "cli_checks.h"
#include "lexc/game/gcg_reader.h"
#include "lexc/game/replay.h"
#include "lexc/gen/board_render.h"
#include "lexc/gen/cgp.h"
#include "lexc/io.h"
#include "lexc/selfplay/report.h"
#include "lexc/selfplay/stats.h"
#include "lexc/selfplay/study_file.h"
#include "play_common.h"
#include "progress.h"
#include "study_cli.h"

namespace lexc::cli {
namespace {

struct ReplayArgs {
  std::string image, stats_dir, lexicon;
  std::vector<std::string> games;
  GameOptions game;
  ScreenOptions screen;
  int turn = 0;  // --turn N: print the position before move N
  bool show = false, json = false, quiet = false;
  std::uint64_t seed = 1;
};

const char* EndName(game::End e) {
  switch (e) {
    case game::End::kWentOut:
      return "went out";
    case game::End::kScoreless:
      return "scoreless turns";
    case game::End::kTurnLimit:
      break;
  }
  return "unfinished";
}

class ReplayCommand {
 public:
  explicit ReplayCommand(const ReplayArgs& a)
      : a_(a),
        image_(OpenImage(a.image, a.game.verify, a.game.load)),
        layout_(LoadLayout(a.game.layout)),
        abc_(image_->alphabet()),
        gen_(MakeGenerator(image_.lexicon(), layout_, gen::kDefaultBingoBonus)) {
    options_.algorithm = ChooseAlgorithm(a.game.algorithm, image_.lexicon());
  }

  int Run() {
    if (!a_.stats_dir.empty()) StartStats();
    ProgressLine progress("lexc replay", a_.quiet || a_.json || a_.games.size() < 100, 0);
    const Stopwatch clock;
    for (std::size_t i = 0; i < a_.games.size(); ++i) {
      ReplayFile(a_.games[i], a_.seed + i);
      progress.Update(i + 1, a_.games.size(), clock.Seconds());
      out_.MaybeFlush();
    }
    progress.Finish();
    if (a_.json) out_.buf() += JsonReport(std::move(json_));
    if (stats_) FinishStats();
    if (!a_.quiet && !a_.json && a_.games.size() > 1)
      std::fprintf(stderr, "lexc replay: %zu games, %zu with issues, %zu not replayed\n", a_.games.size(),
                   games_with_issues_, failed_);
    out_.Flush();
    return failed_ + games_with_issues_ + missing_turn_ > 0 ? 1 : 0;
  }

 private:
  void ReplayFile(const std::string& path, std::uint64_t number) {
    JsonValue j = {{"file", path}, {"game", number}};
    Result<game::GcgGame> g = game::ReadGcgFile(path, abc_, layout_);
    if (!g.ok()) return Failed(g.status(), std::move(j));
    options_.seed = number;
    std::string position;
    const auto before = [&](int turn, const game::GcgEvent&, const game::GameState& state) {
      if (turn != a_.turn) return;
      gen::Position p = state.ToPosition();
      p.racks[1] = Rack();  // the referee's guess, not the record's
      const std::string lex = a_.lexicon.empty() ? g->lexicon : a_.lexicon;
      if (!lex.empty() && gen::CgpOperandProblem(lex).empty()) p.SetOp("lex", lex);
      const int mover = state.to_move();
      gen::RenderOptions o = ScreenRenderOptions(a_.screen);
      o.player_names = {g->nicks[std::size_t(mover)], g->nicks[std::size_t(1 - mover)]};
      position = a_.show && !a_.json ? gen::RenderPosition(p, layout_, abc_, o) : gen::WriteCgp(p, abc_);
    };
    std::vector<game::ReplayIssue> early;  // the issues before a line that stops the replay
    Result<game::ReplayedGame> r = game::ReplayGcg(*g, gen_, options_, before, &early);
    if (!r.ok()) {
      // What the lines before the error showed is still said: the position
      // asked for, and the issues (the error may follow from one of them).
      if (a_.json) {
        if (a_.turn > 0) j["position"] = position.empty() ? JsonValue() : JsonValue(position);
        j["issues"] = IssuesJson(early);
      } else {
        if (!position.empty()) out_.buf() += position + (a_.show ? "" : "\n");
        out_.buf() += IssuesText(path, early);
      }
      return Failed(r.status(), std::move(j));
    }
    if (!r->issues.empty()) ++games_with_issues_;
    std::string missing;
    if (a_.turn > 0 && position.empty()) {
      ++missing_turn_;  // asked for a position the game does not have: exit 1
      missing = path + ": the game has no move " + std::to_string(a_.turn) + " (" + std::to_string(r->record.turns) +
                " moves)";
      Note(missing);
    }
    if (stats_) AddToStats(path, r->record);
    if (a_.json) {
      j["players"] = {g->nicks[0], g->nicks[1]};
      j["moves"] = r->record.turns;
      j["plays"] = r->plays;
      j["phonies_withdrawn"] = r->phonies_withdrawn;
      j["scores"] = {r->record.scores[0], r->record.scores[1]};
      j["end"] = EndName(r->record.end);
      j["finished"] = r->finished;
      if (a_.turn > 0) j["position"] = position.empty() ? JsonValue() : JsonValue(position);
      j["issues"] = IssuesJson(r->issues);
      if (!missing.empty()) j["error"] = missing;
      json_.push_back(std::move(j));
      return;
    }
    if (!position.empty()) out_.buf() += position + (a_.show ? "" : "\n");
    // The issues are the errors -q keeps: without them a game with issues
    // would end the command with exit 1 and nothing said.
    out_.buf() += IssuesText(path, r->issues);
    if (a_.quiet) return;
    if (a_.turn == 0)
      out_.buf() += path + ": " + g->nicks[0] + " " + std::to_string(r->record.scores[0]) + ", " + g->nicks[1] + " " +
                    std::to_string(r->record.scores[1]) + " (" + EndName(r->record.end) + "); " +
                    std::to_string(r->record.turns) + " moves, " + std::to_string(r->plays) + " plays checked, " +
                    std::to_string(r->phonies_withdrawn) + " withdrawn, " + std::to_string(r->issues.size()) +
                    (r->issues.size() == 1 ? " issue\n" : " issues\n");
  }

  static JsonValue IssuesJson(const std::vector<game::ReplayIssue>& issues) {
    JsonValue a = JsonValue::array();
    for (const game::ReplayIssue& i : issues)
      a.push_back({{"line", i.line}, {"turn", i.turn}, {"field", i.field}, {"problem", i.problem}});
    return a;
  }

  static std::string IssuesText(const std::string& path, const std::vector<game::ReplayIssue>& issues) {
    std::string text;
    for (const game::ReplayIssue& i : issues)
      text += path + ":" + std::to_string(i.line) + ": turn " + std::to_string(i.turn) + ": " + i.field + ": " +
              i.problem + "\n";
    return text;
  }

  // A game not replayed: its message on standard error, and with --json its
  // element's "error" (the array is the command's report of each game).
  void Failed(const Status& st, JsonValue j) {
    ++failed_;
    if (a_.json) {
      j["error"] = Describe(st);
      json_.push_back(std::move(j));
    }
    Note(Describe(st));
  }

  void Note(const std::string& message) {
    out_.Flush();
    std::fprintf(stderr, "lexc replay: %s\n", EscapeText(message, '\0', std::string::npos).c_str());
  }

  // ---- --stats DIR ----
  void StartStats() {
    selfplay::StudyDescription d;
    DescribeStudyInputs(image_.lexicon(), a_.image, a_.game.layout, &d);
    d.lexicon_name = a_.lexicon;
    d.algorithm = gen::AlgorithmName(options_.algorithm);
    d.rules = options_.rules;
    d.bingo_bonus = gen::kDefaultBingoBonus;
    d.strategies = {"gcg", "gcg"};
    d.seed_base = a_.seed;
    d.accumulator = StudyAccumulatorConfig();
    study_ = d.ToJson();
    std::error_code ec;
    std::filesystem::create_directories(a_.stats_dir, ec);
    if (ec) Fail(QuotePath(a_.stats_dir) + ": cannot create the directory: " + ec.message());
    Check(CheckWritableDirectory(a_.stats_dir));
    // Never over another study, nor over an input (a game, the image).
    if (!Check(selfplay::InspectStudyDirectory(a_.stats_dir)).empty())
      Fail(QuotePath(a_.stats_dir) + " already holds a study: write the statistics into another directory");
    std::vector<std::string> inputs = a_.games;
    inputs.push_back(a_.image);
    inputs.push_back(a_.game.layout);
    for (const std::string& path : selfplay::StudyOutputPaths(a_.stats_dir)) Check(CheckOutputIsNotInput(path, inputs));
    study_["games"] = 1;  // MakeStudyStats reads the configuration only
    stats_ = Check(MakeStudyStats(study_, &image_.lexicon(), &layout_, StudyStatsSource{}));
  }

  void AddToStats(const std::string& path, const game::GameRecord& record) {
    if (Status st = stats_->Add(record); !st.ok()) {
      ++left_out_;
      Note(path + ": left out of the statistics: " + st.detail());
    }
  }

  void FinishStats() {
    if (stats_->games() == 0) Fail("--stats: no game could be counted; nothing written");
    study_["games"] = stats_->games();
    Check(selfplay::WriteStudyStats(a_.stats_dir, study_, stats_->ToJson()));
    Check(WriteStudyReport(a_.stats_dir, *stats_, study_));
    if (!a_.quiet && !a_.json)
      std::fprintf(stderr, "lexc replay: %s games counted, %zu left out; %s written\n",
                   Thousands(stats_->games()).c_str(), left_out_, selfplay::StatsPath(a_.stats_dir).c_str());
  }

  const ReplayArgs& a_;
  MappedLexicon image_;
  gen::Layout layout_;
  const Alphabet& abc_;
  gen::MoveGenerator gen_;
  game::ReplayOptions options_;
  Output out_;
  JsonValue json_ = JsonValue::array();
  std::size_t failed_ = 0, games_with_issues_ = 0, left_out_ = 0, missing_turn_ = 0;
  nlohmann::json study_;
  std::unique_ptr<selfplay::StudyStats> stats_;
};

}  // namespace

void RegisterReplay(CLI::App& app) {
  auto args = std::make_shared<ReplayArgs>();
  CLI::App* cmd = app.add_subcommand("replay", "Replay GCG games and check every play; their statistics (--stats)");
  cmd->add_option("image", args->image, "Image file (the lexicon the games were played with)")->required();
  VerbatimPositionals(cmd->add_option("games", args->games, "GCG files, one game each ('-': standard input)"))
      ->required();
  CLI::Option* turn =
      cmd->add_option("--turn", args->turn, "Print the position before move N (CGP; a board with --show)")
          ->transform(WholeNumber(1, 1000000));
  CLI::Option* show = cmd->add_flag("--show", args->show, "With --turn: draw the board instead of CGP")->needs(turn);
  CLI::Option* stats = cmd->add_option(
      "--stats", args->stats_dir,
      "Study directory: write DIR/stats.json and DIR/report.md of the games, as `lexc selfplay --stats`");
  cmd->add_option("--seed", args->seed, "With --stats: the number of the first game in the statistics (default 1)")
      ->transform(WholeNumber(0, ~0ull))
      ->needs(stats);
  cmd->add_option(
         "--lexicon", args->lexicon,
         "Lexicon name for the CGP of --turn (default: the GCG's #lexicon) and of the statistics (default: none)")
      ->check(RecordName());
  cmd->add_flag("--json", args->json, "Print a JSON array, one object per game: issues, scores, end, position")
      ->excludes(show);
  cmd->add_flag("-q,--quiet", args->quiet, "Print only the position (--turn) and errors");
  AddScreenOptions(cmd, &args->screen);
  AddGameOptions(cmd, &args->game);
  cmd->footer(R"(Examples:
  lexc replay sowpods.lex game.gcg                   check every line, print each issue
  lexc replay sowpods.lex game.gcg --turn 12 --show  the board before move 12
  lexc replay sowpods.lex games/*.gcg --stats study/  statistics, then: lexc report study/

Checks: each play's tiles were on the rack (when the record shows it), its
words are in the lexicon (the main word and every cross word) and its score
is right; each total adds up; a withdrawn play ('--') takes back its score;
the end-of-game lines match the rules. An issue prints as
"FILE:LINE: turn T: FIELD: problem". Exit status 1 when a game has an issue
or cannot be replayed (the message names file, line and field), or has no
move --turn N.
Format: formats/gcg.md.)");
  cmd->callback([args] {
    const int code = ReplayCommand(*args).Run();
    if (code != 0) throw Exit{code, ""};
  });
}

}  // namespace lexc::cli
