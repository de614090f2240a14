// lexc endgame -- the best line of an endgame (bag empty) and its final
// spread, by the exact solver of lexc::endgame.
//
// The position is a CGP record whose unseen tiles fit on one rack (the
// opponent's, listed or not). The solver searches until the value is proven,
// or until --plies, --time or --nodes stops it (the line is then marked
// depth-limited). Progress (nodes, time, the last iteration's value) is
// shown on standard error unless -q (progress.h).
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <memory>
#include <thread>

#include "cli_checks.h"
#include "lexc/endgame/solver.h"
#include "lexc/gen/cgp.h"
#include "play_common.h"
#include "progress.h"

namespace lexc::cli {
namespace {

struct EndgameArgs {
  std::string image, cgp, time;
  GameOptions game;
  int plies = 0;  // 0: until exact
  int threads = 1;
  std::uint64_t nodes = 0;
  std::size_t table_mib = 64;
  bool json = false, quiet = false;
};

// --time: seconds, a positive decimal up to a week.
double ParseSeconds(const std::string& text) {
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(v) || v <= 0 || v > endgame::kMaxSeconds)
    Fail("--time: expected seconds in (0, " + std::to_string(static_cast<long>(endgame::kMaxSeconds)) + "], got " +
             QuoteText(text, '\''),
         2);
  return v;
}

std::string Signed(int v) { return (v > 0 ? "+" : "") + std::to_string(v); }

void PrintText(const endgame::Endgame& e, const endgame::EndgameResult& r, const Alphabet& abc, Output& out) {
  const gen::Position& p = e.position;
  std::string& buf = out.buf();
  buf += "racks: " + p.racks[0].ToString(abc) + " (to move), " + p.racks[1].ToString(abc) + " (opponent); scores " +
         std::to_string(p.scores[0]) + " - " + std::to_string(p.scores[1]) + "\n";
  buf += std::string(r.exact ? "best line (exact" : "best line (depth-limited, not proven") + ", " +
         std::to_string(r.depth) + " plies searched):\n";
  std::vector<std::string> cells;
  std::size_t width = 0;
  for (const gen::Move& m : r.pv) {
    cells.push_back(gen::FormatMove(m, abc));
    width = std::max(width, cells.back().size());
  }
  for (std::size_t i = 0; i < r.pv.size(); ++i) {
    buf += (i + 1 < 10 ? "   " : "  ") + std::to_string(i + 1) + ". " + cells[i];
    buf.append(width - cells[i].size() + 2, ' ');
    buf += i % 2 == 0 ? "(to move)" : "(opponent)";
    buf += '\n';
  }
  buf += r.pv_ends_game ? "   the game ends\n" : "   (the line stops at the depth limit)\n";
  buf += "final spread: " + Signed(r.final_spread) + " for the side to move (" + Signed(r.value) + " from here)" +
         (r.exact ? "" : ", not proven") + "\n";
  buf += "searched: " + Thousands(r.nodes) + " nodes in " + Fixed(r.seconds, 3) + " s (" +
         Thousands(static_cast<std::uint64_t>(r.seconds > 0 ? double(r.nodes) / r.seconds : 0)) + " nodes/s), " +
         std::to_string(r.threads) + (r.threads == 1 ? " thread" : " threads") + "\n";
}

JsonValue ToJson(const endgame::Endgame& e, const endgame::EndgameResult& r, const Alphabet& abc) {
  const gen::Position& p = e.position;
  JsonValue pv = JsonValue::array();
  for (std::size_t i = 0; i < r.pv.size(); ++i)
    pv.push_back({{"move", gen::FormatMove(r.pv[i], abc)},
                  {"score", r.pv[i].score()},
                  {"player", i % 2 == 0 ? "to_move" : "opponent"}});
  return {{"cgp", gen::WriteCgp(p, abc)},
          {"racks", {p.racks[0].ToString(abc), p.racks[1].ToString(abc)}},
          {"scores", {p.scores[0], p.scores[1]}},
          {"exact", r.exact},
          {"depth", r.depth},
          {"value", r.value},
          {"final_spread", r.final_spread},
          {"pv", std::move(pv)},
          {"pv_ends_game", r.pv_ends_game},
          {"nodes", r.nodes},
          {"seconds", JsonFixed(r.seconds, 6)},
          {"threads", r.threads}};
}

void RunEndgame(const EndgameArgs& a) {
  endgame::EndgameOptions o;
  if (a.cgp.empty()) Fail("--cgp: the position is required", 2);
  if (!a.time.empty()) o.time_limit = ParseSeconds(a.time);
  o.max_plies = a.plies;
  o.threads = a.threads > 0 ? a.threads : std::clamp(int(std::thread::hardware_concurrency()), 1, endgame::kMaxThreads);
  o.node_limit = a.nodes;
  o.table_bytes = a.table_mib << 20;
  const MappedLexicon image = OpenImage(a.image, a.game.verify, a.game.load);
  const Alphabet& abc = image->alphabet();
  const gen::Layout layout = LoadLayout(a.game.layout);
  o.algorithm = ChooseAlgorithm(a.game.algorithm, image.lexicon());
  Result<gen::Position> p = gen::ParseCgp(a.cgp, abc, layout);
  if (!p.ok()) Fail("--cgp: " + Describe(p.status()));
  Result<endgame::Endgame> e = endgame::MakeEndgame(*p, layout, abc);
  if (!e.ok()) Fail("--cgp: " + Describe(e.status()));
  // Progress: nodes (of --nodes), the time (of --time), and the last
  // completed iteration's value; quick solves stay silent.
  ProgressLine line("lexc endgame", a.quiet, 0, "nodes", 5);
  line.SetTimeBudget(o.time_limit);
  if (!a.quiet)
    o.on_progress = [&](const endgame::EndgameIteration& it) {
      if (it.seconds < 0.5) return;
      line.Update(it.nodes, o.node_limit, it.seconds,
                  it.depth == 0 ? std::string("searching 1 ply")
                                : std::to_string(it.depth) + (it.depth == 1 ? " ply: " : " plies: ") +
                                      Signed(it.value) + (it.exact ? " (exact)" : ""));
    };
  Result<endgame::EndgameResult> solved = endgame::SolveEndgame(image.lexicon(), layout, *e, o);
  if (!solved.ok() && solved.status().code() == Errc::kLimit &&
      solved.status().detail().rfind("transposition table", 0) == 0)
    throw Exit{1,
               "--table " + std::to_string(a.table_mib) + ": " + solved.status().detail() + " (give a smaller --table)",
               false, ErrcName(Errc::kLimit)};
  const endgame::EndgameResult r = Check(std::move(solved));
  line.Clear();
  Output out;
  if (a.json)
    out.buf() += JsonReport(ToJson(*e, r, abc));
  else
    PrintText(*e, r, abc, out);
  out.Flush();
}

}  // namespace

void RegisterEndgame(CLI::App& app) {
  auto args = std::make_shared<EndgameArgs>();
  CLI::App* cmd = app.add_subcommand("endgame", "Solve an endgame (bag empty): best line and final spread");
  cmd->add_option("image", args->image, "Image file (with a GADDAG and/or a DAWG)")->required();
  cmd->add_option("--cgp", args->cgp, "The position as a CGP record (quote it); the opponent's rack may be left out")
      ->check(NotEmpty("a CGP record"));
  cmd->add_option("--plies", args->plies,
                  "Search at most N plies; a pass forced on a side with no play is not counted, nor, past one ply, the "
                  "reply to it (default: until the value is proven)")
      ->transform(WholeNumber(1, endgame::kMaxPlies));
  cmd->add_option("--threads", args->threads, "Threads (default 1; 0: every core). The value does not depend on it")
      ->transform(WholeNumber(0, endgame::kMaxThreads));
  cmd->add_option("--time", args->time, "Stop after SECONDS of wall time with the best line so far (not proven)")
      ->check(DecimalNumber(0, endgame::kMaxSeconds, true,
                            "seconds in (0, " + std::to_string(static_cast<long>(endgame::kMaxSeconds)) + "]"));
  cmd->add_option("--nodes", args->nodes, "Stop after N positions searched (all threads), as --time does")
      ->transform(WholeNumber(1, 1000000000000000ull));
  cmd->add_option("--table", args->table_mib,
                  "Transposition table in MiB at most (default 64; reserved at the start, a search uses 4 MiB of it "
                  "first, more as it grows)")
      ->transform(WholeNumber(1, 1 << 20));
  cmd->add_flag("--json", args->json, "Print one JSON object");
  cmd->add_flag("-q,--quiet", args->quiet, "No progress on standard error");
  AddGameOptions(cmd, &args->game);
  cmd->footer(R"EX(Examples:
  lexc endgame sowpods.lex --cgp "$(sed -n 4p fixtures/positions/sowpods-endgames.cgp)"
  lexc endgame sowpods.lex --cgp "$(sed -n 2p fixtures/positions/sowpods-endgames.cgp)" --threads 2 --time 10
  lexc endgame sowpods.lex --cgp "$(sed -n 11p fixtures/positions/sowpods-endgames.cgp)" --plies 2 --json -q
  lexc endgame sowpods.lex --cgp "$(sed -n 4p fixtures/positions/sowpods-endgames.cgp | awk '{ sub(/\/.*/, "/", $2) } 1')"
      the same position with the opponent's rack left out (it is the unseen tiles)

The unseen tiles (not on the board, not on the listed racks) must fit on one
rack: they are the opponent's. The value is the final spread with the rules
of lexc selfplay: playing out earns twice the opponent's rack, and after the
scoreless-turn limit (CGP operation mcnz, default 6) each player loses its
own rack's value. Passes are moves. The line is printed one move a line in
the notation of lexc moves. Without --plies, --time and --nodes the value is
exact; a budget gives the best line of the deepest completed iteration,
marked "depth-limited, not proven" ("exact": false in --json).)EX");
  cmd->callback([args] { RunEndgame(*args); });
}

}  // namespace lexc::cli
