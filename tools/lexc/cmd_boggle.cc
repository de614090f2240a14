// lexc boggle -- Boggle on a lexicon image: the words of a board, random
// boards rolled from the standard dice, and the search for the best board.
// The work is lexc::boggle's (libgen/boggle); this file parses options and
// prints. Rules and formats: formats/boggle.md.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <csignal>
#include <cstdio>
#include <memory>
#include <thread>

#include "cli_checks.h"
#include "common.h"
#include "lexc/boggle/dice.h"
#include "lexc/boggle/search.h"
#include "lexc/boggle/solver.h"
#include "progress.h"

namespace lexc::cli {
namespace {

struct BoggleArgs {
  std::string image, board, random, search;
  std::uint64_t seed = 1, count = 1, iterations = 0, chain_length = 0;
  double seconds = 0;
  int min_len = 3, threads = 1, top = 10;
  bool json = false, quiet = false, summary = false, verify = true, load = false;
};

// Ctrl-C during a search stops it; the best boards so far are printed.
volatile std::sig_atomic_t g_interrupted = 0;
extern "C" void OnInterrupt(int) { g_interrupted = 1; }

std::string Size(int rows, int cols) { return std::to_string(rows) + "x" + std::to_string(cols); }

void ShapeOption(const std::string& option, const std::string& text, int* rows, int* cols) {
  if (Status st = boggle::ParseShape(text, rows, cols); !st.ok())
    Fail(option + ": " + st.detail(), 2);  // a usage error, as any bad option value
}

class BoggleCommand {
 public:
  BoggleCommand(const BoggleArgs& a, const Lexicon& lex)
      : a_(a), abc_(lex.alphabet()), render_(abc_), solver_(Check(boggle::Solver::Create(lex, {a.min_len}))) {}

  void Solve() {
    if (!a_.board.empty()) {
      Show(Check(boggle::ParseGrid(abc_, a_.board)), nullptr, 0);
    } else {
      int rows = 0, cols = 0;
      ShapeOption("--random", a_.random, &rows, &cols);
      const boggle::DiceSet* dice = boggle::StandardDice(rows, cols);
      if (dice == nullptr) Fail("--random " + Size(rows, cols) + ": no standard dice of that size (4x4, 5x5)", 2);
      const Stopwatch clock;
      for (std::uint64_t i = 0; i < a_.count; ++i) {
        Show(Check(boggle::RollDice(*dice, abc_, a_.seed + i)), dice, a_.seed + i);
        out_.MaybeFlush();
      }
      if (a_.count > 1 && !a_.quiet)
        std::fprintf(stderr, "lexc boggle: %s boards in %s s\n", Thousands(a_.count).c_str(),
                     Fixed(clock.Seconds(), 3).c_str());
    }
    if (a_.json) out_.buf() += json_items_ ? "]\n" : "[]\n";
    out_.Flush();
  }

  void Search() {
    boggle::SearchOptions o;
    ShapeOption("--search", a_.search, &o.rows, &o.cols);
    o.seed = a_.seed;
    o.iterations = a_.iterations;
    o.seconds = a_.seconds;
    if (o.iterations == 0 && o.seconds == 0) o.seconds = 10;
    o.chain_length = a_.chain_length;
    o.threads =
        a_.threads ? a_.threads : std::clamp(int(std::thread::hardware_concurrency()), 1, boggle::kMaxSearchThreads);
    o.keep = a_.top;
    ProgressLine line("lexc boggle", a_.quiet, 0, "chains", 5);
    line.SetTimeBudget(o.seconds);
    const auto progress = [&](const boggle::SearchProgress& p) {
      line.Update(p.chains, p.chains_planned, p.seconds,
                  "best " + std::to_string(p.best) + ", " + Thousands(p.evaluated) + " boards (" +
                      Thousands(std::uint64_t(p.seconds > 0 ? double(p.evaluated) / p.seconds : 0)) + "/s)");
      return g_interrupted == 0;
    };
    g_interrupted = 0;
    auto previous = std::signal(SIGINT, OnInterrupt);
    Result<boggle::SearchResult> r = boggle::SearchBestBoards(solver_, abc_, o, progress);
    std::signal(SIGINT, previous);
    line.Clear();  // the summary below says it all
    const boggle::SearchResult& res = Check(std::move(r));
    const double rate = res.seconds > 0 ? double(res.evaluated) / res.seconds : 0;
    if (a_.json) {
      JsonValue best = JsonValue::array();
      for (const boggle::ScoredGrid& b : res.best)
        best.push_back({{"score", b.score}, {"board", boggle::WriteGrid(abc_, b.board)}, {"chain", b.chain}});
      const JsonValue j = {{"size", Size(o.rows, o.cols)},
                           {"min_len", a_.min_len},
                           {"seed", o.seed},
                           {"threads", o.threads},
                           {"iterations", o.iterations},
                           {"seconds_budget", o.seconds},
                           {"chain_length", res.chain_length},
                           {"evaluated", res.evaluated},
                           {"chains", res.chains},
                           {"seconds", JsonFixed(res.seconds, 3)},
                           {"boards_per_second", JsonFixed(rate, 0)},
                           {"interrupted", res.stopped},
                           {"best", std::move(best)}};
      out_.buf() += JsonReport(j);
    } else {
      for (const boggle::ScoredGrid& b : res.best)
        out_.buf() += std::to_string(b.score) + " " + boggle::WriteGrid(abc_, b.board) + "\n";
      if (!a_.quiet)
        std::fprintf(stderr, "lexc boggle: %s boards evaluated in %s s (%s/s, %d %s), %s chains%s\n",
                     Thousands(res.evaluated).c_str(), Fixed(res.seconds, 1).c_str(),
                     Thousands(std::uint64_t(rate)).c_str(), o.threads, o.threads == 1 ? "thread" : "threads",
                     Thousands(res.chains).c_str(), res.stopped ? " (interrupted)" : "");
    }
    out_.Flush();
  }

 private:
  // Solves one board and prints it (text, --summary or --json).
  void Show(const boggle::Grid& b, const boggle::DiceSet* dice, std::uint64_t seed) {
    const int score = solver_.Solve(b);
    const std::string text = boggle::WriteGrid(abc_, b);
    if (a_.json) {
      JsonValue words = JsonValue::array();
      for (const boggle::FoundWord& w : solver_.words())
        words.push_back({{"word", render_(solver_.word_tiles(w))}, {"points", w.points}});
      JsonValue j = {{"board", text}, {"rows", b.rows}, {"cols", b.cols}, {"min_len", a_.min_len}};
      if (dice) j["dice"] = dice->name, j["seed"] = seed;
      j["words"] = solver_.words().size();
      j["score"] = score;
      if (!a_.summary) j["list"] = std::move(words);
      // The array is streamed, an element a board: memory does not grow
      // with --boards.
      AddJsonVersion(&j);
      out_.buf() += (json_items_++ ? "," : "[") + JsonLine(j);
      return;
    }
    std::string& buf = out_.buf();
    if (a_.summary) {
      buf += std::to_string(score) + " " + std::to_string(solver_.words().size()) + " " + text + "\n";
      return;
    }
    buf += "board " + text;
    if (dice) buf += " (" + std::string(dice->name) + " dice, seed " + std::to_string(seed) + ")";
    buf += "\n";
    for (int r = 0; r < b.rows; ++r) {  // the grid, each cube's tiles as tile text
      for (int c = 0; c < b.cols; ++c) {
        const boggle::Cube& cube = b.at(r, c);
        std::string cell;
        for (int i = 0; i < cube.size; ++i) abc_.AppendLabel(cube.tiles[i], i > 0, &cell);
        buf += std::string(cell.size() < 3 ? 3 - cell.size() : 1, ' ') + cell;
      }
      buf += "\n";
    }
    for (const boggle::FoundWord& w : solver_.words()) {
      render_.Append(solver_.word_tiles(w), &buf);
      buf += " " + std::to_string(w.points) + "\n";
    }
    buf += std::to_string(solver_.words().size()) + " words, " + std::to_string(score) + " points (min length " +
           std::to_string(a_.min_len) + ")\n";
  }

  const BoggleArgs& a_;
  const Alphabet& abc_;
  Renderer render_;
  boggle::Solver solver_;
  Output out_;
  std::uint64_t json_items_ = 0;  // --json: boards written
};

void RunBoggle(const BoggleArgs& a) {
  const int modes = !a.board.empty() + !a.random.empty() + !a.search.empty();
  if (modes != 1) Fail("give exactly one of --board, --random and --search", 2);
  if (a.search.empty() && (a.iterations || a.seconds > 0 || a.chain_length))
    Fail("--iterations, --time and --chain-length go with --search", 2);
  if (a.random.empty() && a.count != 1) Fail("--boards goes with --random", 2);
  // Board i is rolled with seed + i: the last one's must fit (no wrap to 0).
  if (a.seed > ~0ull - (a.count - 1)) Fail("--seed + --boards passes 2^64", 2);
  const MappedLexicon image = OpenImage(a.image, a.verify, a.load);
  BoggleCommand cmd(a, image.lexicon());
  if (a.search.empty())
    cmd.Solve();
  else
    cmd.Search();
}

}  // namespace

void RegisterBoggle(CLI::App& app) {
  auto args = std::make_shared<BoggleArgs>();
  CLI::App* cmd = app.add_subcommand("boggle", "Boggle: the words of a board, random boards, the best board");
  cmd->add_option("image", args->image, "Image file (with a DAWG and/or a GADDAG)")->required();
  cmd->add_option("--board", args->board,
                  "The board: rows apart ('CATD LINE MARO PETS') or one square run ('streaedlp'); Q is Qu")
      ->check(NotEmpty("the board's letters"));
  cmd->add_option("--random", args->random, "Roll a board of this size from the standard dice (4x4, 5x5)");
  CLI::Option* search =
      cmd->add_option("--search", args->search, "Look for the highest-scoring board of this size (e.g. 4x4)");
  cmd->add_option("--min-len", args->min_len, "Shortest word counted, in tiles (default 3)")
      ->transform(WholeNumber(1, boggle::kMaxWordTiles));
  cmd->add_option("--seed", args->seed,
                  "Seed: of the first --random board (then +1 each), or of the --search (default 1)")
      ->transform(WholeNumber(0, ~0ull));
  CLI::Option* boards = cmd->add_option("--boards", args->count, "With --random: boards to roll (default 1)")
                            ->transform(WholeNumber(1, 1000000000000ull));
  cmd->add_flag("--summary", args->summary, "One line a board: score, words, board (no word list)");
  cmd->add_option("--time", args->seconds, "With --search: seconds to search (default 10 without --iterations)")
      ->check(DecimalNumber(1e-3, 1e7, false, "seconds in [0.001, 10000000]"));
  cmd->add_option("--iterations", args->iterations,
                  "With --search: proposals in all (the result then depends only on --seed); each chain's "
                  "best board is then polished by steepest ascent, which this does not count")
      ->transform(WholeNumber(1, 1000000000000000ull));
  cmd->add_option("--chain-length", args->chain_length,
                  "With --search: proposals per annealing chain (default 2,000 per cube)")
      ->transform(WholeNumber(0, 1000000000000ull));
  cmd->add_option("--threads", args->threads, "With --search: threads (default 1; 0: every core)")
      ->transform(WholeNumber(0, boggle::kMaxSearchThreads))
      ->needs(search);
  AddLimitOption(cmd, &args->top,
                 "With --search: best distinct boards to print (default 10; each chain ends on one, so at most "
                 "one a chain)",
                 1, 100000)
      ->needs(search);
  cmd->add_flag("--json", args->json, "Print JSON: an array of boards, or the search's result");
  cmd->add_flag("-q,--quiet", args->quiet, "No progress and no timing lines on standard error");
  cmd->add_flag("--verify,!--no-verify", args->verify,
                "Verify the whole image first (the default). --no-verify trusts it: opening is then "
                "O(1), and a damaged image gives wrong answers, never a crash");
  cmd->add_flag("--no-mmap", args->load,
                "Read the image into memory instead of mapping it, so that it may be rewritten or truncated in "
                "place while a long search runs (a mapped image must be replaced by rename)");
  cmd->add_option("--count", args->count, "The old name of --boards")
      ->transform(WholeNumber(1, 1000000000000ull))
      ->excludes(boards)
      ->group("Deprecated");
  cmd->footer(R"(Examples:
  lexc boggle sowpods.lex --board 'CATD LINE MARO PETS'
  lexc boggle sowpods.lex --board perslatgsineters --summary
  lexc boggle sowpods.lex --random 5x5 --seed 7 --min-len 4 --json
  lexc boggle sowpods.lex --random 4x4 --boards 100000 --summary -q > boards.txt
  lexc boggle sowpods.lex --search 4x4 --time 60 --threads 0
  lexc boggle sowpods.lex --search 3x3 --iterations 200000 --seed 3

Rules: adjacency is all 8 neighbours, each cube once a word, each word
counted once; points by length in tiles: 3-4: 1, 5: 2, 6: 3, 7: 5, 8+: 11.
Q is the Qu cube (Q then U) unless the alphabet has a QU tile. Words come
from the image's DAWG, or the DAWG part of a GADDAG-only image.
Output: the board, its grid, "WORD POINTS" a line in tile order, then
"N words, P points". --search prints "SCORE BOARD" lines, best first; Ctrl-C
stops it early and prints what it found. Format: formats/boggle.md.)");
  cmd->callback([args] { RunBoggle(*args); });
}

}  // namespace lexc::cli
