// The board search: reproducible for an iteration budget whatever the
// threads, scores that the brute-force model confirms, the optimum of a
// small case found, budgets and stops honoured, bad options refused.
#include <catch2/catch.hpp>

#include "boggle_model.h"
#include "lexc/boggle/search.h"
#include "lexc/boggle/solver.h"

namespace lexc::boggle::test {

TEST_CASE("search: same boards for a seed and budget on 1 or 3 threads; scores confirmed", "[boggle][search]") {
  const Alphabet en = Alphabet::English();
  const WordSet words = FixtureWords("fixtures/words-tiny.txt", en);
  const BuiltLexicon built = Build(words, en, true, false);
  const Solver solver = Solver::Create(built.lex).value();
  SearchOptions o;
  o.rows = o.cols = 3;
  o.iterations = lexc::test::kSanitized ? 3000 : 12000;
  o.chain_length = 1000;
  o.seed = 42;
  o.keep = 5;
  const SearchResult one = SearchBestBoards(solver, en, o).value();
  o.threads = 3;
  const SearchResult three = SearchBestBoards(solver, en, o).value();
  REQUIRE(!one.best.empty());
  CHECK(one.chains == o.iterations / o.chain_length);
  REQUIRE(one.best.size() == three.best.size());
  for (std::size_t i = 0; i < one.best.size(); ++i) {
    CHECK(one.best[i].score == three.best[i].score);
    CHECK(one.best[i].board == three.best[i].board);
    CHECK(one.best[i].chain == three.best[i].chain);
  }
  CHECK(one.evaluated == three.evaluated);
  for (std::size_t i = 0; i < one.best.size(); ++i) {
    const ScoredGrid& b = one.best[i];
    CHECK(b.score == BruteForce(b.board, words, 3).score);
    CHECK(Canonical(b.board) == b.board);
    if (i > 0) CHECK(b.score <= one.best[i - 1].score);
    for (std::size_t j = 0; j < i; ++j) CHECK(!(one.best[j].board == b.board));
  }
  o.seed = 43;  // another seed, other chains
  CHECK(SearchBestBoards(solver, en, o).value().evaluated != one.evaluated);
}

TEST_CASE("search: finds the optimum of a 2x2 case checked exhaustively", "[boggle][search]") {
  const Alphabet en = Alphabet::English();
  std::mt19937_64 rng(9);
  WordSet words;
  for (const Word& w : lexc::test::RandomWords(rng, 40, 4, 4)) words.insert(w);  // letters A..D
  const BuiltLexicon built = Build(words, en, true, false);
  // Only A..D can be in a word, so the best 2x2 board over them is the best of all.
  int best = 0;
  for (int code = 0; code < 256; ++code) {
    Grid b;
    b.rows = b.cols = 2;
    for (int i = 0; i < 4; ++i) b.cubes[std::size_t(i)] = {1, {Tile(1 + ((code >> (2 * i)) & 3)), 0}};
    best = std::max(best, BruteForce(b, words, 1).score);
  }
  Solver solver = Solver::Create(built.lex, {1}).value();
  SearchOptions o;
  o.rows = o.cols = 2;
  o.iterations = 4000;
  o.chain_length = 1000;
  const SearchResult r = SearchBestBoards(solver, en, o).value();
  REQUIRE(!r.best.empty());
  CHECK(r.best.front().score == best);
  CHECK(BruteForce(r.best.front().board, words, 1).score == best);
}

TEST_CASE("search: time budget, stop from the callback, bad options", "[boggle][search]") {
  const Alphabet en = Alphabet::English();
  const BuiltLexicon built = Build(FixtureWords("fixtures/english-small.txt", en), en, true, true);
  const Solver solver = Solver::Create(built.lex).value();
  SearchOptions o;
  o.seconds = 0.3;
  int calls = 0;
  const SearchResult timed = SearchBestBoards(solver, en, o, [&](const SearchProgress& p) {
                               ++calls;
                               CHECK(p.seconds >= 0);
                               return true;
                             }).value();
  CHECK(timed.evaluated > 0);
  CHECK(timed.seconds < 5);
  CHECK(calls >= 1);
  CHECK(!timed.stopped);
  o.seconds = 60;
  const SearchResult stopped = SearchBestBoards(solver, en, o, [](const SearchProgress&) { return false; }).value();
  CHECK(stopped.stopped);
  CHECK(stopped.seconds < 30);

  using lexc::test::CheckError;
  SearchOptions bad;
  CheckError(SearchBestBoards(solver, en, bad).status(), Errc::kInvalidArgument, "budget");
  bad.iterations = 10;
  bad.threads = 0;
  CheckError(SearchBestBoards(solver, en, bad).status(), Errc::kInvalidArgument, "threads");
  bad.threads = kMaxSearchThreads + 1;
  CheckError(SearchBestBoards(solver, en, bad).status(), Errc::kInvalidArgument, "threads must be 1..256");
  bad.threads = 1;
  bad.rows = 9;
  CheckError(SearchBestBoards(solver, en, bad).status(), Errc::kInvalidArgument, "9x4");
  bad.rows = 4;
  bad.start_temperature = 0.1;
  CheckError(SearchBestBoards(solver, en, bad).status(), Errc::kInvalidArgument, "temperature");
}

}  // namespace lexc::boggle::test
