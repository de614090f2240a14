// Solving allocates nothing per board: Score never, Solve once its word list
// has grown to the largest board's size. Counted by replacing the global
// operator new in this test program (not under AddressSanitizer, which
// replaces it itself: the test then skips).
#include <atomic>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <new>

#include "boggle_model.h"
#include "lexc/boggle/dice.h"
#include "lexc/boggle/solver.h"

namespace {
std::atomic<long> g_allocations{0};
}

#if !defined(__SANITIZE_ADDRESS__)
void* operator new(std::size_t n) {
  ++g_allocations;
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
#endif

namespace lexc::boggle::test {

TEST_CASE("no allocation per board", "[boggle][solver]") {
#if defined(__SANITIZE_ADDRESS__)
  WARN("operator new belongs to AddressSanitizer here: skipped");
  return;
#endif
  const Alphabet en = Alphabet::English();
  const BuiltLexicon built = Build(FixtureWords("fixtures/english-small.txt", en), en, true, false);
  Solver solver = Solver::Create(built.lex).value();
  std::vector<Grid> boards;
  for (int side : {4, 5})
    for (std::uint64_t seed = 0; seed < 50; ++seed)
      boards.push_back(RollDice(*StandardDice(side, side), en, seed).value());
  boards.push_back(ParseGrid(en, "SERS PATG LINE SERS").value());
  for (const Grid& b : boards) solver.Solve(b);  // the word list reaches its size
  const long before = g_allocations.load();
  long points = 0;
  for (const Grid& b : boards) points += solver.Score(b) + solver.Solve(b);
  CHECK(g_allocations.load() == before);
  CHECK(points > 0);
}

}  // namespace lexc::boggle::test
