// lexc query -- look words up in an image.
//
// Exit status: 0 when every query found something (contains, index: every
// word is present), 1 otherwise (as grep) or on an error with the data (bad
// tile, bad image, a word number past the last word: a message on stderr),
// 2 on a usage error, as every lexc command.
#include <CLI/CLI.hpp>
#include <memory>

#include "cli_checks.h"
#include "common.h"
#include "lexc/io.h"
#include "lexc/query.h"
#include "lexc/tile_text.h"
#include "lexc/word_index.h"

namespace lexc::cli {
namespace {

struct QueryArgs {
  std::string image, kind, file;
  std::vector<std::string> args;
  std::vector<std::string> origins;  // per arg: "" (the command line) or "FILE:LINE" it was read from
  std::uint64_t limit = 0;           // 0: no limit
  bool sub = false, count = false, json = false, verify = true;
};

// Runs one listing query: `run` calls the library with a callback.
using Runner = std::function<void(const WordCallback&)>;

class Query {
 public:
  Query(const QueryArgs& a, const Lexicon& lex) : a_(a), lex_(lex), render_(lex.alphabet()) {}

  // Returns whether every query found something.
  bool Run() {
    bool all_found = true;
    for (std::size_t i = 0; i < a_.args.size(); ++i) {
      try {
        all_found &= RunOne(i);
      } catch (Exit& e) {  // a query read from a file: its file and line first
        if (i < a_.origins.size() && !a_.origins[i].empty()) e.message = a_.origins[i] + ": " + e.message;
        throw;
      }
    }
    if ((a_.kind == "contains" || a_.kind == "index") && a_.count && !a_.json)
      out_.buf() += std::to_string(found_) + "\n";
    if (a_.json) out_.buf() += JsonReport(std::move(json_));
    out_.Flush();
    return all_found;
  }

 private:
  // Query i; whether it found something.
  bool RunOne(std::size_t i) {
    const std::string& arg = a_.args[i];
    if (a_.kind == "contains") return Contains(arg);
    if (a_.kind == "index") return Index(arg);
    if (a_.kind == "word") {
      WordOf(arg);
      return true;
    }
    if (!a_.json && !a_.count && a_.args.size() > 1) out_.buf() += (i ? "\n" : "") + arg + ":\n";
    return List(arg, Prepare(arg)) > 0;
  }

  // The word as a word list spells it ("CHE" for CH,E); tile text where
  // that would read back as other tiles ("C[H]E" for C,H,E).
  std::string Shown(const std::vector<Tile>& word) const {
    std::string shown = render_(word);
    std::vector<Tile> again;
    if (!lex_.alphabet().Tokenize(shown, &again, nullptr) || again != word)
      shown = WriteTileText(lex_.alphabet(), word);
    return shown;
  }

  // The word index, built on first use (read in place from WIDX, else
  // computed from the DAWG, else the word list of a GADDAG-only image).
  const WordIndex& Index() {
    if (!index_) index_ = std::make_unique<WordIndex>(Check(WordIndex::Of(lex_)));
    return *index_;
  }

  // `index WORD`: the word's number in the lexicon's order, from 0.
  bool Index(const std::string& arg) {
    const std::vector<Tile> word = TokenizeArg(lex_.alphabet(), arg, "word");
    const std::optional<std::uint64_t> n = Index().Number(word);
    found_ += n.has_value();
    const std::string shown = Shown(word);
    if (a_.json) {
      JsonValue j = {{"kind", "index"}, {"query", arg}, {"word", shown}, {"found", n.has_value()}};
      if (n) j["index"] = *n;
      json_.push_back(std::move(j));
    } else if (!a_.count) {
      if (n)
        out_.buf() += (a_.args.size() > 1 ? shown + ": " : "") + std::to_string(*n) + "\n";
      else
        out_.buf() += shown + ": not a word\n";
    }
    return n.has_value();
  }

  // `word N`: word number N. N past the last word is an error.
  void WordOf(const std::string& arg) {
    std::uint64_t n = 0;
    if (arg.empty() || !std::all_of(arg.begin(), arg.end(), [](char c) { return c >= '0' && c <= '9'; }))
      Fail("word number " + QuoteText(arg) + ": expected a whole number from 0", 2);
    // Digits only: more than 19 of them, leading zeros aside (beyond any
    // lexicon), are past the end.
    const std::size_t first = std::min(arg.find_first_not_of('0'), arg.size() - 1);
    const bool huge = arg.size() - first > 19;
    n = huge ? ~std::uint64_t(0) : std::stoull(arg.substr(first));
    const WordIndex& index = Index();
    if (huge || n >= index.size())
      Fail("word number " + arg + ": the lexicon has " + Thousands(index.size()) + " words (numbers 0.." +
           (index.size() ? std::to_string(index.size() - 1) : std::string("none")) + ")");
    std::vector<Tile> word;
    Check(index.Word(n, &word));
    const std::string shown = Shown(word);
    if (a_.json)
      json_.push_back({{"kind", "word"}, {"query", arg}, {"index", n}, {"word", shown}});
    else
      out_.buf() += (a_.args.size() > 1 ? arg + ": " : "") + shown + "\n";
  }

  bool Contains(const std::string& arg) {
    const std::vector<Tile> word = TokenizeArg(lex_.alphabet(), arg, "word");
    const bool yes = lexc::Contains(lex_, word);
    found_ += yes;
    const std::string shown = Shown(word);
    if (a_.json)
      json_.push_back({{"kind", "contains"}, {"query", arg}, {"word", shown}, {"found", yes}});
    else if (!a_.count)
      out_.buf() += shown + (yes ? ": yes\n" : ": no\n");
    return yes;
  }

  Runner Prepare(const std::string& arg) {
    const Alphabet& abc = lex_.alphabet();
    const Lexicon& lex = lex_;
    if (a_.kind == "anagram") {
      Rack rack = Check(ParseRack(abc, arg));
      return [&lex, rack, sub = a_.sub](const WordCallback& cb) { Anagram(lex, rack, sub, cb); };
    }
    if (a_.kind == "pattern") {
      std::vector<PatternElem> p = Check(ParsePattern(abc, arg));
      return [&lex, p](const WordCallback& cb) { Pattern(lex, p, cb); };
    }
    std::vector<Tile> t = TokenizeArg(abc, arg, a_.kind);
    if (a_.kind == "prefix") return [&lex, t](const WordCallback& cb) { Prefix(lex, t, cb); };
    if (a_.kind == "suffix") return [&lex, t](const WordCallback& cb) { Suffix(lex, t, cb); };
    return [&lex, t](const WordCallback& cb) { Substring(lex, t, cb); };
  }

  // Returns the number of matches (at most --limit).
  std::uint64_t List(const std::string& arg, const Runner& run) {
    std::uint64_t n = 0;
    bool truncated = false;
    std::string& buf = out_.buf();
    JsonValue words = JsonValue::array();
    run([&](const WordMatch& m) {
      if (a_.limit && n == a_.limit) {
        truncated = true;
        return false;
      }
      ++n;
      if (a_.count) return true;
      word_.clear();
      render_.Append(m, &word_);
      if (a_.json) {
        words.push_back(word_);
      } else {
        buf += word_;
        buf += '\n';
        out_.MaybeFlush();
      }
      return true;
    });
    if (a_.json)
      json_.push_back(
          {{"kind", a_.kind}, {"query", arg}, {"words", std::move(words)}, {"count", n}, {"truncated", truncated}});
    else if (a_.count)
      buf += (a_.args.size() > 1 ? arg + ": " : "") + std::to_string(n) + "\n";
    return n;
  }

  const QueryArgs& a_;
  const Lexicon& lex_;
  const Renderer render_;
  Output out_;
  JsonValue json_ = JsonValue::array();  // --json: one object per query
  std::string word_;
  std::uint64_t found_ = 0;
  std::unique_ptr<WordIndex> index_;
};

// The arguments with each "-" replaced by the lines of standard input, and
// the lines of --file: one query a line, blank lines skipped, CR and trailing
// blanks dropped (zstd is read too). A long list then needs no command line.
// Also sets a->origins.
void ExpandArgs(QueryArgs* a) {
  std::vector<std::string> out, origins;
  bool stdin_read = false;
  const auto read_lines = [&](const std::string& path) {
    ForEachInputLine(path, "queries", [&](std::uint64_t line_no, std::string_view line) {
      out.emplace_back(line);
      origins.push_back(QuotePath(path) + ":" + std::to_string(line_no));
    });
  };
  for (const std::string& arg : a->args) {
    if (arg != "-") {
      out.push_back(arg);
      origins.emplace_back();
    } else if (!stdin_read) {
      stdin_read = true;
      read_lines("-");
    }
  }
  if (!a->file.empty()) read_lines(a->file);
  a->args = std::move(out);
  a->origins = std::move(origins);
}

void RunQuery(QueryArgs a) {
  if (a.sub && a.kind != "anagram") Fail("--sub applies to anagram queries only", 2);
  if (a.args.empty() && a.file.empty()) Fail("give the words (racks, patterns, numbers), '-' or --file", 2);
  const MappedLexicon image = OpenImage(a.image, a.verify);
  ExpandArgs(&a);
  if (!Query(a, image.lexicon()).Run()) throw Exit{1, ""};
}

}  // namespace

void RegisterQuery(CLI::App& app) {
  auto args = std::make_shared<QueryArgs>();
  CLI::App* cmd = app.add_subcommand(
      "query", "Look words up: contains, anagram, pattern, prefix, suffix, substring; word numbers: index, word");
  cmd->add_option("image", args->image, "Image file")->required();
  cmd->add_option("kind", args->kind, "contains | anagram | pattern | prefix | suffix | substring | index | word")
      ->required()
      ->check(CLI::IsMember({"contains", "anagram", "pattern", "prefix", "suffix", "substring", "index", "word"}));
  cmd->add_option("args", args->args,
                  "Words, racks, patterns or word numbers (one query each); '-' reads them from standard input, one a "
                  "line");
  cmd->add_option("-f,--file", args->file, "Read more queries from this file, one a line (plain or zstd)");
  cmd->add_flag("--sub", args->sub, "anagram: also words using only part of the rack");
  cmd->add_option("--limit", args->limit, "Print at most N words per query (0: all)")
      ->transform(WholeNumber(0, 1000000000000000000ull));
  cmd->add_flag("--count", args->count, "Print only the number of matches");
  cmd->add_flag("--json", args->json, "Print a JSON array, one object per query");
  cmd->add_flag("--verify,!--no-verify", args->verify,
                "Verify the whole image first (the default). --no-verify trusts it: opening is then "
                "O(1), and a damaged image gives wrong answers or slow queries, never a crash");
  cmd->footer(R"(Examples:
  lexc query nwl18.lex contains QI ZA QX       QI: yes / ZA: yes / QX: no (exit 1)
  lexc query nwl18.lex anagram 'RETAINS?'      ? is a blank; blank tiles print in lower case
  lexc query nwl18.lex anagram --sub QIXZ      words from any part of the rack
  lexc query nwl18.lex pattern 'Q?I*'          ? one tile, * any run (possibly empty)
  lexc query nwl18.lex prefix QU --count
  lexc query nwl18.lex suffix ING --limit 20
  lexc query nwl18.lex substring XAN
  lexc query es.lex anagram --sub CHAALE       Spanish: CH,A,A,L,E, read as word lists are (greedy)
  lexc query es.lex contains 'ALAC[H]E'        A,L,A,C,H,E: a bracket names exactly one tile (exit 1)
  lexc query nwl18.lex index QI                the word's number (0 = the first word in order)
  lexc query nwl18.lex word 0 1000             words number 0 and 1000
  lexc dump nwl18.lex | lexc query nwl18.lex contains -   words from standard input (or --file FILE)

Words, racks and patterns are tile text (formats/tile-text.md).

Words come in the alphabet's tile order. With several arguments, each list is
headed by "ARG:". Word numbers count words in that order from 0; they are read
from the image's word index (lexc build --word-index), or computed on opening.
Exit status: 0 when every query found something (contains, index: every word
present); 1 when one found nothing (as grep; nothing on standard error), or
on an error with the image or an argument (a message on standard error; a
word number past the last word too); 2 on a usage error.)");
  cmd->callback([args] { RunQuery(*args); });
}

}  // namespace lexc::cli
