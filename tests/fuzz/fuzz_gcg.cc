// Fuzz target: arbitrary bytes as a GCG file (lexc::game::ParseGcg), and the
// replay of every file that parses (lexc::game::ReplayGcg).
//
// A parse either fails with kBadInput naming the source ("fuzz.gcg..."), or
// succeeds; then the events written back by WriteGcg (a GameRecord made of
// them) parse again to the same events: kinds, seats, racks, moves, scores
// and totals (exchanges of unknown tiles excepted: the writer shows tiles).
// The parsed game is replayed over a small built-in lexicon with both
// algorithms: it succeeds or fails with kBadInput naming the source and a
// line; every issue names a line of an event; both algorithms give the same
// issues and the same record; the referee's scores are the sums of the
// events' points.
#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_game_lexicon.h"
#include "fuzz_support.h"
#include "lexc/game/gcg.h"
#include "lexc/game/gcg_reader.h"
#include "lexc/game/replay.h"
#include "lexc/gen/layout.h"
#include "lexc/gen/movegen.h"
#include "lexc/lexicon.h"

namespace {

using namespace lexc;

using fuzz::English;
using fuzz::Standard;
const Lexicon& Lex() { return fuzz::GameLexicon(); }

bool SameEvent(const game::GcgEvent& a, const game::GcgEvent& b) {
  const game::GameEvent &x = a.event, &y = b.event;
  if (x.kind != y.kind || x.player != y.player || !(x.rack == y.rack) || x.points != y.points || x.total != y.total ||
      a.rack_known != b.rack_known)
    return false;
  if (x.kind != game::GameEvent::Kind::kMove) return true;
  if (x.move.kind != y.move.kind) return false;
  if (x.move.kind == gen::Move::Kind::kPlay) return x.move.play == y.move.play;
  if (x.move.kind == gen::Move::Kind::kExchange) return x.move.exchange == y.move.exchange;
  return true;
}

void CheckRoundTrip(const game::GcgGame& g) {
  game::GameRecord r;
  for (const game::GcgEvent& e : g.events) {
    if (e.exchange_count > 0) return;  // its tiles are unknown: nothing to write
    r.events.push_back(e.event);
  }
  const std::string text = game::WriteGcg(r, English(), "");
  auto back = game::ParseGcg(text, English(), Standard(), "again.gcg");
  FUZZ_CHECK_MSG(back.ok(), back.status().ToString() + "\n" + text);
  FUZZ_CHECK(back->events.size() == g.events.size());
  for (std::size_t i = 0; i < g.events.size(); ++i)
    FUZZ_CHECK_MSG(SameEvent(back->events[i], g.events[i]), "event " + std::to_string(i) + " of\n" + text);
}

void Replay(const game::GcgGame& g) {
  std::vector<game::ReplayedGame> results;
  for (gen::Algorithm alg : {gen::Algorithm::kGaddag, gen::Algorithm::kDawg}) {
    auto gen = gen::MoveGenerator::Create(Lex(), Standard());
    FUZZ_CHECK(gen.ok());
    game::ReplayOptions o;
    o.algorithm = alg;
    o.seed = 7;
    auto r = game::ReplayGcg(g, *gen, o);
    if (!r.ok()) {
      FUZZ_CHECK_MSG(r.status().code() == Errc::kBadInput && r.status().detail().rfind("fuzz.gcg:", 0) == 0,
                     r.status().ToString());
      return;
    }
    std::set<int> lines;
    for (const game::GcgEvent& e : g.events) lines.insert(e.line);
    for (const game::ReplayIssue& i : r->issues) FUZZ_CHECK_MSG(lines.count(i.line), i.problem);
    long long sums[2] = {0, 0};
    for (const game::GameEvent& e : r->record.events) {
      FUZZ_CHECK(e.player == 0 || e.player == 1);
      sums[e.player] += e.points;
      FUZZ_CHECK(e.total == sums[e.player]);
    }
    FUZZ_CHECK(sums[0] == r->record.scores[0] && sums[1] == r->record.scores[1]);
    results.push_back(std::move(r).value());
  }
  if (results.size() != 2) return;
  FUZZ_CHECK(results[0].issues.size() == results[1].issues.size());
  for (std::size_t i = 0; i < results[0].issues.size(); ++i)
    FUZZ_CHECK(results[0].issues[i].problem == results[1].issues[i].problem);
  FUZZ_CHECK(results[0].record.events.size() == results[1].record.events.size());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto g = game::ParseGcg(text, English(), Standard(), "fuzz.gcg");
  if (!g.ok()) {
    FUZZ_CHECK_MSG(g.status().code() == Errc::kBadInput && g.status().detail().rfind("fuzz.gcg", 0) == 0,
                   g.status().ToString());
    return 0;
  }
  CheckRoundTrip(*g);
  Replay(*g);
  return 0;
}
