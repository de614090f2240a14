// lexc/boggle/search.h -- looking for the highest-scoring board.
//
// Simulated annealing over the cube faces, in independent chains. A chain
// starts from a board of random faces (every tile of the alphabet, the Qu
// face for Q where the rule applies, grid.h) and makes `chain_length`
// proposals: change one cube's face (three times in four) or swap two
// cubes. A proposal that does not lower the score is kept; one that lowers
// it by d is kept with probability exp(-d / T), the temperature T falling
// geometrically from `start_temperature` to `end_temperature` over the
// chain. The chain's best board is then polished by hill climbing: every
// single-cube change is tried, the best improvement kept, until none
// improves. Each chain reports its best board.
//
// Reproducible: chain k draws from its own Rng, seeded from the seed and k
// (formats/boggle.md, dice.h), so for an
// iteration budget the chains, their boards and the result are the same on
// any number of threads (on one platform: the acceptance test uses
// std::exp). With a time budget, the chains cut at the deadline differ from
// run to run.
// Thread safety: SearchBestBoards runs its own threads (copies of the
// solver); the callback is called on the calling thread.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "lexc/boggle/grid.h"
#include "lexc/boggle/solver.h"
#include "lexc/status.h"

namespace lexc::boggle {

inline constexpr int kMaxSearchThreads = 256;  // each holds a Solver copy (4 bytes a word)

struct SearchOptions {
  int rows = 4, cols = 4;
  std::uint64_t seed = 1;
  // Budget: total proposals over all chains (0: none), and/or seconds of
  // wall time (0: none); at least one must be set. The search stops at
  // whichever comes first.
  std::uint64_t iterations = 0;
  double seconds = 0;
  std::uint64_t chain_length = 0;  // proposals per chain; 0: 2,000 x cells
  double start_temperature = 0;    // 0: 6 x cells (96 on 4x4)
  double end_temperature = 0.5;
  int threads = 1;  // 1..kMaxSearchThreads
  int keep = 10;    // best distinct boards reported (symmetries count once), >= 1
};

struct ScoredGrid {
  int score = 0;
  Grid board;               // Canonical()
  std::uint64_t chain = 0;  // the first chain that found it
};

struct SearchProgress {
  std::uint64_t evaluated = 0;       // boards scored so far (proposals and polishing)
  std::uint64_t chains = 0;          // chains finished
  std::uint64_t chains_planned = 0;  // with an iteration budget, the chains it makes; 0 without
  int best = 0;                      // best score so far
  double seconds = 0;
};

struct SearchResult {
  std::vector<ScoredGrid> best;  // by score, then board, highest first
  std::uint64_t evaluated = 0, chains = 0;
  std::uint64_t chain_length = 0;  // the proposals per chain used
  double seconds = 0;
  bool stopped = false;  // the callback asked to stop
};

// Called about every 0.2 s and once at the end; returning false stops the search.
using SearchCallback = std::function<bool(const SearchProgress&)>;

// Runs the search with copies of `solver` (its minimum length applies).
// Errors: kInvalidArgument (no budget, bad shape, threads outside
// 1..kMaxSearchThreads, keep < 1,
// temperatures not positive and decreasing, an empty alphabet).
Result<SearchResult> SearchBestBoards(const Solver& solver, const Alphabet& alphabet, const SearchOptions& options,
                                      const SearchCallback& progress = {});

}  // namespace lexc::boggle
