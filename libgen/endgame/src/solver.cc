#include "lexc/endgame/solver.h"

#include <cmath>
#include <exception>
#include <new>
#include <string>
#include <thread>
#include <utility>

#include "search.h"
#include "transposition_table.h"

namespace lexc::endgame {
namespace {

Status BadInput(std::string detail) { return Status(Errc::kBadInput, std::move(detail)); }
Status BadOption(std::string detail) { return Status(Errc::kInvalidArgument, std::move(detail)); }

}  // namespace

Result<Endgame> MakeEndgame(const gen::Position& p, const gen::Layout& layout, const Alphabet& a) {
  LEXC_RETURN_IF_ERROR(gen::ValidatePosition(p, layout, a));
  if (p.racks.size() > 2)
    return BadInput("racks: an endgame has two players, the position lists " + std::to_string(p.racks.size()));
  Endgame e;
  e.position = p;
  e.rules = game::RulesOf(p);
  gen::Position& q = e.position;
  while (q.racks.size() < 2) q.racks.emplace_back();
  while (q.scores.size() < 2) q.scores.push_back(0);
  const gen::TileCounts unseen = gen::Unseen(q, a);
  if (unseen.total > 0) {
    if (!q.racks[1].empty())
      return BadInput("bag: " + std::to_string(unseen.total) +
                      " tiles unseen besides the listed racks, the bag is not empty");
    if (unseen.total > gen::kRackSize)
      return BadInput("bag: " + std::to_string(unseen.total) + " tiles unseen, more than a rack of " +
                      std::to_string(gen::kRackSize) + ": the bag is not empty");
    for (int t = 1; t <= gen::kMaxGenTile; ++t)
      for (int n = unseen.counts[std::size_t(t)]; n > 0; --n) q.racks[1].Add(static_cast<Tile>(t));
    for (int n = unseen.blanks; n > 0; --n) q.racks[1].AddBlank();
  }
  if (q.racks[0].empty()) return BadInput("racks: the player to move has no tiles, the game is over");
  if (q.racks[1].empty()) return BadInput("racks: the opponent has no tiles, the game is over");
  if (e.rules.max_scoreless < 1)
    return BadInput("operations: mcnz " + std::to_string(e.rules.max_scoreless) + ", an endgame needs at least 1");
  if (e.rules.exchange_limit < 1)
    return BadInput("operations: etl " + std::to_string(e.rules.exchange_limit) +
                    " allows exchanging from an empty bag, which an endgame cannot search");
  if (game::ScorelessLimitReached(q.scoreless_turns, e.rules))
    return BadInput("scoreless turns: " + std::to_string(q.scoreless_turns) + " reach the limit of " +
                    std::to_string(e.rules.max_scoreless) + ", the game is over");
  return e;
}

Status ValidateOptions(const EndgameOptions& o) {
  if (o.max_plies < 0 || o.max_plies > kMaxPlies)
    return BadOption("max_plies: " + std::to_string(o.max_plies) + " is not in 0.." + std::to_string(kMaxPlies));
  if (o.threads < 1 || o.threads > kMaxThreads)
    return BadOption("threads: " + std::to_string(o.threads) + " is not in 1.." + std::to_string(kMaxThreads));
  if (!(o.time_limit >= 0 && o.time_limit <= kMaxSeconds))
    return BadOption("time_limit: " + std::to_string(o.time_limit) + " s is not in 0.." +
                     std::to_string(static_cast<long>(kMaxSeconds)));
  if (o.table_bytes < kMinTableBytes || o.table_bytes > kMaxTableBytes)
    return BadOption("table_bytes: " + std::to_string(o.table_bytes) + " is not in " + std::to_string(kMinTableBytes) +
                     ".." + std::to_string(kMaxTableBytes));
  return Status::Ok();
}

Result<EndgameResult> SolveEndgame(const Lexicon& lexicon, const gen::Layout& layout, const Endgame& endgame,
                                   const EndgameOptions& options) {
  LEXC_RETURN_IF_ERROR(ValidateOptions(options));
  try {
    Result<internal::TranspositionTable> table = internal::TranspositionTable::Create(options.table_bytes);
    if (!table.ok()) return table.status();
    internal::SharedSearch shared(std::move(table).value(), options);
    std::vector<internal::Searcher> searchers;
    searchers.reserve(std::size_t(options.threads));
    for (int id = 0; id < options.threads; ++id) {
      Result<gen::MoveGenerator> gen = gen::MoveGenerator::Create(lexicon, layout, endgame.position.BingoBonus());
      if (!gen.ok()) return gen.status();
      if (!gen->Supports(options.algorithm))
        return BadOption(std::string("algorithm: the image has no graph for ") + gen::AlgorithmName(options.algorithm));
      // Every node lists every play: no bounds to tighten, and Apply/Undo
      // at every node cost less without the extension sets.
      gen->SetExtensionSets(false);
      LEXC_RETURN_IF_ERROR(gen->SetPosition(endgame.position));
      searchers.emplace_back(shared, std::move(gen).value(), endgame, lexicon.alphabet(), id);
    }
    shared.start = std::chrono::steady_clock::now();
    if (options.time_limit > 0) {
      shared.has_deadline = true;
      shared.deadline = shared.start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                           std::chrono::duration<double>(options.time_limit));
    }
    // Out of memory in any thread (a move list growing) ends the solve with
    // kLimit rather than std::terminate.
    const auto run = [&](std::size_t i) {
      try {
        searchers[i].Run();
      } catch (const std::bad_alloc&) {
        std::lock_guard<std::mutex> lock(shared.mu);
        if (shared.error.ok()) shared.error = Status(Errc::kLimit, "endgame: out of memory");
        shared.stop.store(true);
      }
    };
    {
      std::vector<std::jthread> helpers;
      for (std::size_t i = 1; i < searchers.size(); ++i) helpers.emplace_back(run, i);
      run(0);
    }
    if (!shared.error.ok()) return shared.error;
    EndgameResult r = std::move(shared.result);
    r.nodes = shared.nodes.load();
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - shared.start).count();
    r.threads = options.threads;
    return r;
  } catch (const std::bad_alloc&) {
    return Status(Errc::kLimit, "endgame: out of memory");
  }
}

}  // namespace lexc::endgame
