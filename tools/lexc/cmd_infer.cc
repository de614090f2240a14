// lexc infer -- what the opponent kept after its last move: each tile's
// probability and the most likely leaves (lexc::strategy's InferLeave; the
// method is in lexc/strategy/inference.h).
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cmath>
#include <memory>

#include "cli_checks.h"
#include "lexc/gen/cgp.h"
#include "lexc/interop/leave_table.h"
#include "play_common.h"
#include "strategy_cli.h"

namespace lexc::cli {
namespace {

struct InferArgs {
  std::string image, cgp, leaves;
  GameOptions game;
  InferenceArgs infer;
  int top = 20;
  bool json = false;
};

std::string TileLabel(const Alphabet& abc, std::size_t t) {
  return t == 0 ? "?" : interop::LeaveTable::KeyText(std::vector<Tile>{Tile(t)}, abc);
}

std::string InferSummary(const Inferred& inf, const Alphabet& abc, const InferenceArgs& a) {
  const strategy::InferenceResult& r = inf.result;
  const std::string made = a.exchange ? "exch " + std::to_string(a.exchange) : gen::FormatMove(inf.move, abc);
  return "after " + made + " the opponent kept " + std::to_string(r.leave_size) +
         (r.leave_size == 1 ? " tile: " : " tiles: ") + Thousands(r.considered) + (r.racks ? " racks" : " leaves") +
         (r.sampled ? " sampled" : " enumerated") + ", " + Thousands(r.kept) + " kept (prior mass " +
         Fixed(100 * r.kept_mass, 2) + "%), tolerance " + a.tolerance;
}

void PrintInferText(const Inferred& inf, const Alphabet& abc, const InferArgs& a, Output& out) {
  const strategy::InferenceResult& r = inf.result;
  std::string& buf = out.buf();
  buf += InferSummary(inf, abc, a.infer) + "\n";
  buf += "tile   P(any)  prior  expected  prior\n";
  for (std::size_t t = 0; t < r.p_any.size(); ++t) {
    if (r.available[t] == 0) continue;  // the leave cannot hold it
    std::string label = TileLabel(abc, t);
    label.resize(std::max<std::size_t>(label.size(), 5), ' ');
    buf += label + "  " + Fixed(r.p_any[t], 3) + "  " + Fixed(r.prior_p_any[t], 3) + "     " + Fixed(r.expected[t], 3) +
           "  " + Fixed(r.prior_expected[t], 3) + "\n";
  }
  buf += "most likely leaves:\n";
  const std::size_t shown = a.top == 0 ? r.leaves.size() : std::min(r.leaves.size(), std::size_t(a.top));
  for (std::size_t i = 0; i < shown; ++i) {
    std::string leave = r.leaves[i].leave.empty() ? "(none)" : r.leaves[i].leave.ToString(abc);
    leave.resize(std::max<std::size_t>(leave.size(), 8), ' ');
    buf += (i + 1 < 10 ? "   " : "  ") + std::to_string(i + 1) + "  " + leave + "  " +
           Fixed(100 * r.leaves[i].probability, 3) + "%\n";
  }
  if (r.leaves.size() > shown) buf += "  (" + Thousands(r.leaves.size() - shown) + " more)\n";
}

JsonValue InferJson(const Inferred& inf, const Alphabet& abc, const InferArgs& a) {
  const strategy::InferenceResult& r = inf.result;
  JsonValue tiles = JsonValue::array();
  for (std::size_t t = 0; t < r.p_any.size(); ++t) {
    if (r.available[t] == 0) continue;
    tiles.push_back({{"tile", TileLabel(abc, t)},
                     {"p_any", JsonFixed(r.p_any[t], 6)},
                     {"prior_p_any", JsonFixed(r.prior_p_any[t], 6)},
                     {"expected", JsonFixed(r.expected[t], 6)},
                     {"prior_expected", JsonFixed(r.prior_expected[t], 6)}});
  }
  JsonValue leaves = JsonValue::array();
  const std::size_t shown = a.top == 0 ? r.leaves.size() : std::min(r.leaves.size(), std::size_t(a.top));
  for (std::size_t i = 0; i < shown; ++i)
    leaves.push_back(
        {{"leave", r.leaves[i].leave.ToString(abc)}, {"probability", JsonFixed(r.leaves[i].probability, 8)}});
  return {{"cgp", gen::WriteCgp(inf.before, abc)},
          {"move", a.infer.exchange ? "exch " + std::to_string(a.infer.exchange) : gen::FormatMove(inf.move, abc)},
          {"leave_size", r.leave_size},
          {"sampled", r.sampled},
          {"considered", r.considered},
          {"kept", r.kept},
          {"kept_mass", JsonFixed(r.kept_mass, 8)},
          {"distinct_leaves", r.leaves.size()},
          {"tiles", std::move(tiles)},
          {"leaves", std::move(leaves)}};
}

void RunInfer(const InferArgs& a) {
  if (a.cgp.empty()) Fail("--cgp: the position before the opponent's move is required", 2);
  const MappedLexicon image = OpenImage(a.image, a.game.verify, a.game.load);
  const Alphabet& abc = image->alphabet();
  const gen::Layout layout = LoadLayout(a.game.layout);
  const gen::Algorithm alg = ChooseAlgorithm(a.game.algorithm, image.lexicon());
  const LoadedLeaves leaves = LoadLeavesOption(a.leaves, abc);
  const Inferred inf = RunInference(image.lexicon(), layout, abc, leaves.values, alg, a.cgp, "--cgp", a.infer, "");
  Output out;
  if (a.json)
    out.buf() += JsonReport(InferJson(inf, abc, a));
  else
    PrintInferText(inf, abc, a, out);
  out.Flush();
}

}  // namespace

void RegisterInfer(CLI::App& app) {
  auto args = std::make_shared<InferArgs>();
  CLI::App* cmd = app.add_subcommand("infer", "Infer the opponent's leave from the move it just made");
  cmd->add_option("image", args->image, "Image file (with a GADDAG and/or a DAWG)")->required();
  cmd->add_option("--cgp", args->cgp,
                  "The position before the opponent's move, the opponent to move (its rack is not read; "
                  "the second rack, if listed, is the observer's)");
  cmd->add_option("--move", args->infer.move, "The play made, as lexc moves writes it: '8D WORD' or 'D8 WO(R)D'");
  cmd->add_option("--exchange", args->infer.exchange, "Or: the opponent exchanged N tiles")
      ->transform(WholeNumber(1, gen::kRackSize));
  AddInferenceOptions(cmd, &args->infer, "");
  cmd->add_option("--seed", args->infer.seed, "Seed of the sampling (default 1)")->transform(WholeNumber(0, ~0ull));
  cmd->add_option("--leaves", args->leaves, "Leave values: a KLV2 or lexc leave file (default: every leave 0)");
  cmd->add_option("--limit", args->top, "List the N most likely leaves only (default 20; 0: all)")
      ->transform(WholeNumber(0, 1000000000));
  cmd->add_flag("--json", args->json, "Print one JSON object");
  AddGameOptions(cmd, &args->game);
  cmd->footer(R"EX(Examples:
  lexc infer sowpods.lex --cgp '15/15/15/15/15/15/15/3OUTHAUL5/15/15/15/15/15/15/15 /AEINRST 0/0 0' --move 'G7 S(H)IVERY' --tolerance 15
  lexc infer sowpods.lex --cgp '15/15/15/15/15/15/15/3OUTHAUL5/15/15/15/15/15/15/15 /AEINRST 0/0 0' --exchange 3 --tolerance 30 --leaves english.klv2 --json

The opponent's rack was a draw from the tiles unseen before its move (as the
observer sees them, the tiles played included). After a play, every leave
it could have kept is weighed by the ways to draw its whole rack (the tiles
played plus the leave); after an exchange of N, every rack and every choice
of the N tiles thrown, all choices alike. A candidate is kept when the move
made was within --tolerance of the best static equity that rack had. With
more candidates than --enumerate, tiles are drawn instead (--samples).
--tolerance inf gives the uninformed prior (after an exchange, a draw of
7 - N tiles from the unseen tiles).)EX");
  cmd->callback([args] { RunInfer(*args); });
}

}  // namespace lexc::cli
