// lexc build -- word list in, verified lexicon image out.
//
// The output is replaced only by a complete image that has passed the
// reader's full Verify() (and, with --check-words, an exact-language check
// against the list just read). The output is opened first (lexc/io.h
// OutputFile), so that an unwritable path fails before the work: a regular
// file (or a symlink's target) is replaced atomically keeping its mode; a
// device, FIFO or "-" (standard output) is written as a stream. With
// --threads above 1 (the default on a multi-core machine) the graphs are
// built on that many threads. A file output is written and synced to its
// temporary while the image is verified, whatever --threads says (the
// writer mostly waits on the disk); the rename waits for both.
#include <CLI/CLI.hpp>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <algorithm>
#include <cstdio>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <thread>

#include "cli_checks.h"
#include "common.h"
#include "lexc/builder.h"
#include "lexc/interop/kwg.h"
#include "lexc/io.h"
#include "lexc/language.h"
#include "lexc/wordlist.h"
#include "progress.h"

namespace lexc::cli {
namespace {

struct BuildArgs {
  std::string input, output, alphabet = "english", format = "lex";
  bool dawg = false, gaddag = false, skip_invalid = false, json = false, quiet = false, progress = false,
       check_words = false, word_index = false, compact = false;
  int max_len = 15, arc_width = 0, threads = 0;
  std::uint64_t max_words = kDefaultMaxWords;
};

struct Timings {
  double read = 0, build = 0, check = 0, write = 0, total = 0;
};

void PrintHuman(const BuildArgs& a, const ReadReport& rr, const BuildReport& br, const Timings& t) {
  std::fprintf(stderr, "read %s: %s lines, %s words, %s duplicates, %s invalid, %s too long (%s bytes%s)\n",
               a.input == "-" ? "<stdin>" : QuotePath(a.input).c_str(), Thousands(rr.lines).c_str(),
               Thousands(rr.words).c_str(), Thousands(rr.duplicates).c_str(), Thousands(rr.skipped_invalid).c_str(),
               Thousands(rr.skipped_long).c_str(), Thousands(rr.input_bytes).c_str(),
               rr.compressed ? " after zstd" : "");
  for (const std::string& e : rr.examples) std::fprintf(stderr, "  skipped %s\n", e.c_str());
  const std::uint64_t skipped = rr.skipped_invalid + rr.skipped_long;
  if (skipped > rr.examples.size())
    std::fprintf(stderr, "  ... and %s more skipped\n", Thousands(skipped - rr.examples.size()).c_str());
  const auto graph = [](const char* name, const GraphInfo& g) {
    std::fprintf(stderr, "%-7s %s nodes, %s arcs, %s strings, longest path %u\n", name, Thousands(g.nodes).c_str(),
                 Thousands(g.arcs).c_str(), Thousands(g.strings).c_str(), g.longest_path);
  };
  if (br.dawg.root != kNoNode) graph("DAWG:", br.dawg);
  if (br.gaddag.root != kNoNode) graph("GADDAG:", br.gaddag);
  if (br.word_index_bytes)
    std::fprintf(stderr, "WIDX:   %s bytes of word index (%.1f%% of the image), %.2f s\n",
                 Thousands(br.word_index_bytes).c_str(), 100.0 * double(br.word_index_bytes) / double(br.image_bytes),
                 br.seconds_word_index);
  std::fprintf(stderr,
               "wrote %s: %s bytes, %d-%s arcs (%s slots); read %.2f s, build %.2f s, check %.2f s, "
               "write %.2f s, total %.2f s\n",
               a.output.c_str(), Thousands(br.image_bytes).c_str(), br.arc_width ? br.arc_width : br.arc_bits,
               br.arc_width ? "byte" : "bit packed", Thousands(br.arc_slots).c_str(), t.read, t.build, t.check, t.write,
               t.total);
}

void PrintJson(const BuildArgs& a, const ReadReport& rr, const BuildReport& br, const Timings& t) {
  JsonValue graphs = JsonValue::array();
  const auto graph = [&graphs](const char* name, const GraphInfo& g) {
    if (g.root == kNoNode) return;
    graphs.push_back({{"graph", name},
                      {"nodes", g.nodes},
                      {"arcs", g.arcs},
                      {"strings", g.strings},
                      {"longest_path", g.longest_path}});
  };
  graph("dawg", br.dawg);
  graph("gaddag", br.gaddag);
  const JsonValue j = {{"input", a.input},
                       {"output", a.output},
                       {"lines", rr.lines},
                       {"words", rr.words},
                       {"duplicates", rr.duplicates},
                       {"skipped_invalid", rr.skipped_invalid},
                       {"skipped_long", rr.skipped_long},
                       {"input_bytes", rr.input_bytes},
                       {"compressed", rr.compressed},
                       {"skipped_examples", rr.examples},
                       {"image_bytes", br.image_bytes},
                       {"arc_width", br.arc_width},
                       {"arc_slots", br.arc_slots},
                       {"word_index_bytes", br.word_index_bytes},
                       {"graphs", std::move(graphs)},
                       {"seconds",
                        {{"read", JsonFixed(t.read, 4)},
                         {"build", JsonFixed(t.build, 4)},
                         {"dawg", JsonFixed(br.seconds_dawg, 4)},
                         {"gaddag", JsonFixed(br.seconds_gaddag, 4)},
                         {"layout", JsonFixed(br.seconds_layout, 4)},
                         {"word_index", JsonFixed(br.seconds_word_index, 4)},
                         {"check", JsonFixed(t.check, 4)},
                         {"write", JsonFixed(t.write, 4)},
                         {"total", JsonFixed(t.total, 4)}}},
                       {"arc_bits", br.arc_bits}};
  std::fputs(JsonReport(j).c_str(), stdout);
}

// Commits `bytes` to the output once `check` has passed (it returns "" or
// the failure, which is then the error and nothing is written). To a
// temporary file, the bytes are written and synced while `check` runs on
// another thread; to a stream (which would carry unchecked bytes) it runs
// first. `what` names the
// check's phase ("verifying").
void CheckThenCommit(OutputFile* output, std::span<const std::byte> bytes, const std::string& what,
                     const std::function<std::string()>& check, Phases& phases, Timings* t) {
  const auto timed_check = [&] {
    const Stopwatch watch;
    std::string failure = check();
    t->check = watch.Seconds();
    return failure;
  };
  if (!output->streamed()) {
    phases.Begin(what + ", writing " + QuotePath(output->path()));
    std::string failure;
    Status written;
    {
      std::jthread checker([&] { failure = timed_check(); });
      const Stopwatch watch;
      written = output->Append(bytes);
      if (written.ok()) written = output->Sync();
      t->write = watch.Seconds();
    }
    if (!failure.empty()) Fail(failure);
    Check(written);
    Check(output->Commit());
    phases.End();
    return;
  }
  phases.Begin(what);
  if (const std::string failure = timed_check(); !failure.empty()) Fail(failure);
  phases.End();
  phases.Begin("writing " + QuotePath(output->path()));
  Check(output->Append(bytes));
  Check(output->Commit());
  t->write = phases.End();
}

// --format kwg: the KWG built straight from the list (interop::BuildKwg,
// the image's arcs translated in place), read back and checked (every arc,
// the word and GADDAG string counts) before it replaces the output.
void WriteKwg(const BuildArgs& a, const WordList& words, std::span<const std::uint32_t> arcs, int letters, bool gaddag,
              OutputFile* output, Phases& phases, Timings* t) {
  const std::span<const std::byte> kwg = interop::KwgByteView(arcs);  // written and checked without a copy
  interop::KwgReadOptions ro;
  ro.letters = letters;
  ro.max_len = std::min(a.max_len, 254);
  CheckThenCommit(
      output, kwg, "checking the KWG",
      [&]() -> std::string {
        const Result<interop::Kwg> back = interop::Kwg::Parse(kwg, ro, a.output);
        if (!back.ok()) return "built KWG failed its read-back check, nothing written: " + Describe(back.status());
        if (back->dawg().strings != words.size() || (gaddag && back->gaddag().strings != words.total_tiles()))
          return "built KWG does not hold the word list, nothing written";
        return "";
      },
      phases, t);
}

void RunBuild(const BuildArgs& a) {
  const Stopwatch total;
  Timings t;
  Phases phases("lexc build", a.quiet, a.progress);
  const Alphabet alphabet = LoadAlphabet(a.alphabet);
  if (a.json && WritesStandardOutput(a.output))
    Fail("-o " + QuotePath(a.output) + " and --json would both write standard output", 2);
  const std::string inputs[] = {a.input, a.alphabet};
  Check(CheckOutputIsNotInput(a.output, inputs));
  OutputFile output = Check(OutputFile::Create(a.output));

  phases.Begin("reading " + (a.input == "-" ? std::string("<stdin>") : QuotePath(a.input)));
  ReadOptions ro;
  ro.progress = [&phases](std::uint64_t bytes, std::uint64_t size) { phases.Progress("", "bytes", bytes, size); };
  ro.max_len = a.max_len;
  ro.skip_invalid = a.skip_invalid;
  ro.max_words = a.max_words;
  // More threads than cores only cost memory (a piece of the front each:
  // 256 threads took 2.2 GB and 9.5 s for SOWPODS, one 76 MB and 0.5 s).
  const int cores = std::max(1, int(std::thread::hardware_concurrency()));
  const int threads = a.threads ? std::min(a.threads, cores) : cores;
  ro.threads = threads;  // a large plain file is parsed in runs, one a thread
  ReadReport rr;
  auto read = ReadWordList(a.input, alphabet, ro, &rr);
  const std::string category = read.ok() ? "" : ErrcName(read.status().code());
  if (!read.ok() && rr.word_limit) throw Exit(1, Describe(read.status()) + " (--max-words raises it)", false, category);
  if (!read.ok() && rr.not_in_alphabet && !a.skip_invalid)
    throw Exit(1,
               Describe(read.status()) +
                   " (--skip-invalid drops such lines and counts them; a fold line in the alphabet file reads a "
                   "character as a tile, as the shipped spanish and catalan alphabets do for accents: "
                   "formats/alphabet.md)",
               false, category);
  const WordList words = Check(std::move(read));
  t.read = phases.End();
  if (words.size() == 0) Fail(QuotePath(a.input) + ": no words");

  phases.Begin("building");
  BuildOptions bo;
  bo.progress = [&phases](std::string_view graph, std::uint64_t done, std::uint64_t of) {
    if (graph == "dawg")
      phases.Progress("the DAWG", "words", done, of);
    else
      phases.Progress("the GADDAG", "prefixes", done, of);
  };
  bo.dawg = a.dawg || !a.gaddag;
  bo.gaddag = a.gaddag || !a.dawg;
  bo.arc_width = a.arc_width;
  bo.compact = a.compact;
  if (a.compact && a.arc_width != 0) Fail("--compact packs arcs to bits: it takes no --arc-width", 2);
  if (a.compact && a.format == "kwg") Fail("--compact is a lexc image encoding; a KWG has fixed 4-byte arcs", 2);
  if (a.arc_width != 0 && a.format == "kwg")
    Fail("--arc-width is a lexc image encoding; a KWG has fixed 4-byte arcs", 2);
  bo.max_len = a.max_len;
  bo.word_index = a.word_index;
  bo.threads = threads;
  if (a.format == "kwg" && !bo.dawg) Fail("a KWG always holds the DAWG (entry 0): drop --gaddag", 2);
  if (a.format == "kwg" && a.word_index) Fail("--word-index is a lexc image section; a KWG has none", 2);
  if (a.word_index && !bo.dawg) Fail("--word-index numbers the DAWG's words: it needs the DAWG (drop --gaddag)", 2);
  BuildReport br;
  if (a.format == "kwg") {
    auto kwg = interop::BuildKwg(words, alphabet, bo, &br);
    if (!kwg.ok()) Fail(QuotePath(a.input) + ": cannot build, nothing written: " + Describe(kwg.status()));
    t.build = phases.End();
    WriteKwg(a, words, std::span<const std::uint32_t>(kwg->data(), kwg->size()), alphabet.size(), bo.gaddag, &output,
             phases, &t);
    t.total = total.Seconds();
    if (a.json) PrintJson(a, rr, br, t);
    if (!a.quiet) PrintHuman(a, rr, br, t);
    return;
  }
  auto built = BuildImage(words, alphabet, bo, &br);
  if (!built.ok()) Fail(QuotePath(a.input) + ": cannot build, nothing written: " + Describe(built.status()));
  const std::vector<std::byte> image = std::move(built).value();
#if defined(__GLIBC__)
  // The builder's freed memory goes back to the system before the
  // verification allocates its own (Polish: 516 MB peak without this). It
  // costs about 25 ms of CPU, so small lists (SOWPODS: 2.4 million tiles,
  // 3 MB less) skip it.
  if (words.total_tiles() >= 8'000'000) malloc_trim(0);
#endif
  t.build = phases.End();

  // Read the image back as any reader would; the output is committed only
  // once the image has passed (written to the temporary meanwhile).
  CheckThenCommit(
      &output, image, "verifying",
      [&]() -> std::string {
        const Result<Lexicon> lex = Lexicon::FromBytes(image);
        const Status st = lex.ok() ? lex->Verify() : lex.status();
        if (!st.ok()) return "built image failed verification, nothing written: " + Describe(st);
        if (a.check_words) {
          const VerifyWordsReport lang = VerifyWords(*lex, words);
          if (!lang.equal()) return "built image does not hold the word list, nothing written: " + lang.difference;
        }
        return "";
      },
      phases, &t);
  t.total = total.Seconds();

  if (a.json) PrintJson(a, rr, br, t);
  if (!a.quiet) PrintHuman(a, rr, br, t);
}

}  // namespace

void RegisterBuild(CLI::App& app) {
  auto args = std::make_shared<BuildArgs>();
  CLI::App* cmd = app.add_subcommand("build", "Compile a word list into a lexicon image");
  cmd->add_option("input", args->input,
                  "Word list: one word per line, UTF-8, plain or zstd-compressed; - reads standard input")
      ->required();
  cmd->add_option("-o,--output", args->output,
                  "Image file to write (replaced atomically; a device, FIFO or - is written as a stream)")
      ->required();
  cmd->add_flag("--dawg", args->dawg, "Include the DAWG (default: both graphs)");
  cmd->add_flag("--gaddag", args->gaddag, "Include the GADDAG (default: both graphs)");
  cmd->add_option("--alphabet", args->alphabet, AlphabetHelp())->capture_default_str();
  cmd->add_option("--format", args->format,
                  "lex: a lexc image; kwg: a KWG for wolges/MAGPIE/Macondo (DAWG + GADDAG, or\n"
                  "DAWG only with --dawg; formats/kwg.md)")
      ->capture_default_str()
      ->check(CLI::IsMember({"lex", "kwg"}));
  cmd->add_option("--max-len", args->max_len, "Longest word in tiles; longer words are errors")
      ->capture_default_str()
      ->transform(WholeNumber(1, 255));
  cmd->add_option("--max-words", args->max_words,
                  "Most distinct words to keep (duplicates do not count); more is an error, not\n"
                  "out of memory. 0: no limit but the 4 GiB of text")
      ->capture_default_str()
      ->transform(WholeNumber(0, ~0ull));
  cmd->add_flag("--skip-invalid", args->skip_invalid,
                "Skip (and count) lines that are not valid words instead of failing");
  cmd->add_option("--arc-width", args->arc_width, "Bytes per arc: 4, 8, or 0 for the smallest that fits")
      ->capture_default_str()
      ->transform(CLI::Validator(
          [](std::string& s) -> std::string {
            // Read as every count is (decimal: "010" is ten, not octal 8),
            // then kept to the widths there are.
            if (std::string why = WholeNumber(0, 8)(s); !why.empty()) return why;
            return s == "0" || s == "4" || s == "8" ? "" : "expected 0, 4 or 8, got " + s;
          },
          "{0,4,8}"));
  cmd->add_flag("--compact", args->compact,
                "Bit-packed arcs (format 1.3): tile bits from the alphabet, pointer bits from\n"
                "the arc count (SOWPODS: 28 bits, 12% smaller); read in place, ~15% slower moves");
  cmd->add_option("--threads", args->threads,
                  "Threads reading a large list and building the graphs (0, or more than the cores: every core); "
                  "the image is the same for any number")
      ->capture_default_str()
      ->transform(WholeNumber(0, 256));
  cmd->add_flag("--word-index", args->word_index,
                "Add the word index (format 1.1): words numbered in order, read in place by\n"
                "`lexc query IMG index WORD` / `word N` and studies; needs the DAWG");
  cmd->add_flag("--check-words", args->check_words,
                "Before writing, also compare the image's language word by word with the list\n"
                "(Verify() always runs; this adds the exact check of `lexc verify --words`)");
  cmd->add_flag("--json", args->json, "Print the build report as JSON on standard output");
  cmd->add_flag("-q,--quiet", args->quiet, "No report or progress on standard error");
  cmd->add_flag("--progress", args->progress,
                "Also print each phase's time when stderr is not a terminal (a terminal shows a bar with an ETA; "
                "elsewhere long phases print a line every 2 s)");
  cmd->footer(R"(Examples:
  lexc build nwl18.txt -o nwl18.lex              both graphs in one image
  lexc build --dawg nwl18.txt -o nwl18.dawg
  lexc build --threads 1 nwl18.txt -o nwl18.lex  one thread: the same image, less memory
  lexc build --gaddag nwl18.txt.zst -o nwl18.gdg  zstd input is detected by content
  lexc build --word-index nwl18.txt -o nwl18.lex  with word numbers (+10% for SOWPODS)
  lexc build --compact nwl18.txt -o nwl18.lex     bit-packed arcs (format 1.3, 12% smaller)
  lexc build --format kwg nwl18.txt -o nwl18.kwg  a KWG (DAWG + GADDAG) for other engines
  zcat list.gz | lexc build - -o list.lex --skip-invalid

Errors in the list name file:line; an existing output is only replaced by a
complete, verified image.)");
  cmd->callback([args] { RunBuild(*args); });
}

}  // namespace lexc::cli
