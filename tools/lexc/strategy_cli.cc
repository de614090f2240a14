#include "strategy_cli.h"

#include <CLI/CLI.hpp>
#include <cmath>
#include <cstdlib>
#include <limits>

#include "cli_checks.h"
#include "lexc/gen/cgp.h"
#include "lexc/interop/klv2.h"
#include "play_common.h"

namespace lexc::cli {

LoadedLeaves LoadLeavesOption(const std::string& path, const Alphabet& alphabet) {
  LoadedLeaves l;
  if (path.empty()) return l;
  Result<interop::LeaveTable> t = interop::LoadLeaveTable(path, alphabet);
  if (!t.ok()) Fail("--leaves: " + Describe(t.status()));
  l.table = std::make_unique<interop::LeaveTable>(std::move(t).value());
  Result<strategy::LeaveValues> v = strategy::LeaveValues::Create(*l.table, alphabet.size());
  if (!v.ok()) Fail("--leaves: " + Describe(v.status()));
  l.values = std::move(v).value();
  return l;
}

double ParseTimeOption(const std::string& text) {
  constexpr double kWeek = 7 * 24 * 3600;
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(v) || v <= 0 || v > kWeek)
    Fail("--time: expected seconds in (0, 604800], got " + QuoteText(text, '\''), 2);
  return v;
}

void AddInferenceOptions(CLI::App* cmd, InferenceArgs* a, const std::string& prefix) {
  cmd->add_option("--" + prefix + "tolerance", a->tolerance,
                  "Keep a leave when the move was within E points of that rack's best equity (default 0; inf: "
                  "every leave, the prior)")
      ->check(DecimalNumber(0, std::numeric_limits<double>::max(), false, "equity points >= 0 or 'inf'", true));
  cmd->add_option("--" + prefix + "samples", a->samples, "Racks drawn when sampling (default 5000)")
      ->transform(WholeNumber(1, 10000000));
  cmd->add_option("--" + prefix + "enumerate", a->max_enumerated,
                  "Enumerate the possible leaves when at most N, else sample (default 20000)")
      ->transform(WholeNumber(0, 100000000));
}

namespace {

double ParseTolerance(const std::string& text, const std::string& option) {
  if (text == "inf" || text == "infinity") return std::numeric_limits<double>::infinity();
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(v) || v < 0)
    Fail(option + ": expected equity points >= 0 or 'inf', got " + QuoteText(text, '\''), 2);
  return v;
}

}  // namespace

Inferred RunInference(const Lexicon& lexicon, const gen::Layout& layout, const Alphabet& alphabet,
                      const strategy::LeaveValues& leaves, gen::Algorithm algorithm, const std::string& before_cgp,
                      const std::string& cgp_option, const InferenceArgs& a, const std::string& prefix) {
  const std::string move_option = prefix.empty() ? "--move" : "--infer";
  const std::string exchange_option = "--" + prefix + "exchange";
  if (a.move.empty() == (a.exchange == 0))
    Fail(move_option + " or " + exchange_option + ": give exactly one (the opponent's move)", 2);
  strategy::InferenceOptions o;
  o.tolerance = ParseTolerance(a.tolerance, "--" + prefix + "tolerance");
  o.samples = a.samples;
  o.max_enumerated = a.max_enumerated;
  o.seed = a.seed;
  o.algorithm = algorithm;
  Inferred out;
  Result<gen::Position> p = gen::ParseCgp(before_cgp, alphabet, layout);
  if (!p.ok()) Fail(cgp_option + ": " + Describe(p.status()));
  out.before = *p;
  if (!a.move.empty()) {
    gen::MoveGenerator g = MakeGenerator(lexicon, layout, p->BingoBonus());
    Check(g.SetPosition(*p));
    Result<gen::Play> play = strategy::ParsePlay(g, algorithm, alphabet, a.move);
    if (!play.ok()) Fail(move_option + ": " + Describe(play.status()));
    out.move = gen::Move::FromPlay(*play);
  } else {
    out.move.kind = gen::Move::Kind::kExchange;
  }
  Result<strategy::InferenceResult> r =
      strategy::InferLeave(lexicon, layout, alphabet, leaves, *p, out.move, a.exchange, o);
  if (!r.ok()) {
    // "tolerance: ..." is about the tolerance option, not the position.
    const bool tolerance = r.status().detail().rfind("tolerance:", 0) == 0;
    Fail((tolerance ? std::string() : cgp_option + ": ") + Describe(r.status()));
  }
  out.result = std::move(r).value();
  return out;
}

}  // namespace lexc::cli
