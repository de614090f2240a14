// Instructions per Boggle board, for valgrind callgrind (load-independent,
// unlike CPU time): maps an image, rolls boards from the standard dice
// (seeds 0..N-1) and scores each once with Solver::Score. Count only the
// solves:
//
//   valgrind --tool=callgrind --collect-atstart=no
//     --toggle-collect='lexc::boggle::Solver::Score*'
//     build/bench/boggle_instructions sowpods.lex 4 1000
//
// then divide the total by N. Also prints the solver's construction time
// and table memory, and the mean points per board.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "lexc/boggle/dice.h"
#include "lexc/boggle/solver.h"
#include "lexc/lexicon.h"

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: boggle_instructions IMAGE SIDE BOARDS\n");
    return 2;
  }
  auto image = lexc::MappedLexicon::Open(argv[1]);
  if (!image.ok()) {
    std::fprintf(stderr, "%s\n", image.status().ToString().c_str());
    return 1;
  }
  const lexc::Lexicon& lex = image->lexicon();
  const int side = std::atoi(argv[2]);
  const long n = std::atol(argv[3]);
  const auto* dice = lexc::boggle::StandardDice(side, side);
  if (dice == nullptr || n <= 0) {
    std::fprintf(stderr, "no dice for %dx%d, or no boards\n", side, side);
    return 2;
  }
  std::vector<lexc::boggle::Grid> boards;
  for (long seed = 0; seed < n; ++seed)
    boards.push_back(lexc::boggle::RollDice(*dice, lex.alphabet(), std::uint64_t(seed)).value());
  const auto t0 = std::chrono::steady_clock::now();
  auto solver = lexc::boggle::Solver::Create(lex);
  const auto t1 = std::chrono::steady_clock::now();
  if (!solver.ok()) {
    std::fprintf(stderr, "%s\n", solver.status().ToString().c_str());
    return 1;
  }
  long points = 0;
  for (const auto& b : boards) points += solver->Score(b);
  std::printf("solver built in %.1f ms, tables %.0f KB; %ld boards, %.2f points a board\n",
              std::chrono::duration<double, std::milli>(t1 - t0).count(), double(solver->table_bytes()) / 1e3, n,
              double(points) / double(n));
  return 0;
}
