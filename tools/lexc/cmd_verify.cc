// lexc verify -- full integrity check of an image, and optionally that its
// language is exactly a given word list.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <memory>

#include "cli_checks.h"
#include "common.h"
#include "lexc/format.h"
#include "lexc/language.h"
#include "lexc/wordlist.h"
#include "progress.h"

namespace lexc::cli {
namespace {

struct VerifyArgs {
  std::string image, words, alphabet;
  int max_len = 0;  // 0: the image's own
  bool skip_invalid = false, json = false, quiet = false;
};

struct Outcome {
  std::string error;  // empty: OK
  std::uint64_t list_words = 0, duplicates = 0, gaddag_strings = 0;
  double seconds = 0;
};

Outcome Examine(const VerifyArgs& a, const Lexicon& lex) {
  Outcome o;
  const Stopwatch watch;
  if (Status st = lex.Verify(); !st.ok()) {
    o.error = Describe(st);
    return o;
  }
  if (!a.words.empty()) {
    const Alphabet alphabet = a.alphabet.empty() ? lex.alphabet() : LoadAlphabet(a.alphabet);
    if (!(alphabet == lex.alphabet()))
      Fail("alphabet " + QuoteText(a.alphabet, '\'') + " is not the image's alphabet (" + lex.alphabet().name() + ")");
    ReadOptions ro;
    ro.max_len = a.max_len > 0 ? a.max_len : static_cast<int>(lex.meta().max_len);
    ro.skip_invalid = a.skip_invalid;
    ReadReport rr;
    // A long list shows its progress (a bar on a terminal).
    ProgressLine progress("lexc verify: reading " + (a.words == "-" ? std::string("<stdin>") : QuotePath(a.words)),
                          a.quiet, 0, "bytes", 2);
    const Stopwatch read_watch;
    ro.progress = [&](std::uint64_t bytes, std::uint64_t size) { progress.Update(bytes, size, read_watch.Seconds()); };
    const WordList words = Check(ReadWordList(a.words, alphabet, ro, &rr));
    progress.Clear();
    o.list_words = words.size();
    o.duplicates = rr.duplicates;
    const VerifyWordsReport lang = VerifyWords(lex, words);
    o.error = lang.difference;
    o.gaddag_strings = lang.gaddag_strings_checked;
  }
  o.seconds = watch.Seconds();
  return o;
}

void RunVerify(const VerifyArgs& a) {
  const MappedLexicon image = OpenImage(a.image, /*verify=*/false);
  const Lexicon& lex = image.lexicon();
  const Outcome o = Examine(a, lex);

  if (a.json) {
    JsonValue j = {{"image", a.image}, {"ok", o.error.empty()}};
    if (!o.error.empty()) j["error"] = o.error;
    j["words"] = lex.meta().word_count;
    j["dawg"] = lex.has_dawg();
    j["gaddag"] = lex.has_gaddag();
    j["format"] = std::to_string(format::kMajor) + "." + std::to_string(lex.minor_version());
    j["word_index"] = lex.has_word_index();
    if (!a.words.empty()) {
      j["word_list"] = a.words;
      j["list_words"] = o.list_words;
      j["list_duplicates"] = o.duplicates;
      j["gaddag_strings_checked"] = o.gaddag_strings;
    }
    j["seconds"] = JsonFixed(o.seconds, 4);
    std::fputs(JsonReport(std::move(j)).c_str(), stdout);
  }
  if (!o.error.empty()) throw Exit(1, QuotePath(a.image) + ": " + o.error, /*json_done=*/a.json);
  if (a.json) return;

  std::string what = "checksum and structure";
  if (!a.words.empty()) {
    what += "; language equals " + QuotePath(a.words) + " (" + Thousands(o.list_words) + " words";
    if (o.gaddag_strings) what += ", " + Thousands(o.gaddag_strings) + " GADDAG strings";
    what += ")";
  }
  std::string graphs = lex.has_dawg() && lex.has_gaddag() ? "DAWG+GADDAG" : lex.has_dawg() ? "DAWG" : "GADDAG";
  if (lex.has_word_index()) graphs += "+WIDX";
  std::printf("OK: %s: %s words, %s, %d-%s arcs; %s (%.3f s)\n", a.image.c_str(),
              Thousands(lex.meta().word_count).c_str(), graphs.c_str(),
              lex.arc_width() ? lex.arc_width() : lex.arc_bits(), lex.arc_width() ? "byte" : "bit packed", what.c_str(),
              o.seconds);
}

}  // namespace

void RegisterVerify(CLI::App& app) {
  auto args = std::make_shared<VerifyArgs>();
  CLI::App* cmd = app.add_subcommand("verify", "Check an image's checksum and structure, and optionally its words");
  cmd->add_option("image", args->image, "Image file")->required();
  CLI::Option* words = cmd->add_option("--words", args->words,
                                       "Word list the image must hold exactly (plain or zstd; - for standard input)");
  cmd->add_option("--alphabet", args->alphabet, "Alphabet to read --words with (default: the image's; must equal it)")
      ->needs(words);
  cmd->add_option("--max-len", args->max_len, "Longest word in --words, in tiles (default: the image's)")
      ->transform(WholeNumber(1, 255))
      ->needs(words);
  cmd->add_flag("--skip-invalid", args->skip_invalid, "Skip invalid lines of --words instead of failing")->needs(words);
  cmd->add_flag("--json", args->json, "Print the result as JSON on standard output");
  cmd->add_flag("-q,--quiet", args->quiet, "No progress on standard error (reading --words)");
  cmd->footer(R"(Examples:
  lexc verify nwl18.lex
  lexc verify nwl18.gdg --words nwl18.txt

Checks the CRC32C trailer, every arc, acyclicity, the counts in META, and the
word index (WIDX, format 1.1) against one recomputed from the DAWG. With
--words, also that the image holds exactly those words: the words it
enumerates equal the (sorted, de-duplicated) list, and a GADDAG accepts every
rev(x)^y split of every word and nothing else. Reports the first difference,
e.g. "missing from image: FOO" or "not in word list: BAR".
Exit status: 0 every image OK, 1 a damaged image or a file that cannot be read, 2 a usage error.)");
  cmd->callback([args] { RunVerify(*args); });
}

}  // namespace lexc::cli
