// lexc query -- look words up in an image.
//
// Exit status: 0 when every query found something (contains, index: every
// word is present), 1 otherwise (as grep) or on an error with the data (bad
// tile, bad image, a word number past the last word: a message on stderr),
// 2 on a usage error, as every lexc command. A bad query is named on stderr
// (FILE:LINE: when read from a file or standard input) and the others are
// still answered; the exit status is then the first bad query's.
#include <sys/stat.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <memory>
#include <optional>
#include <utility>

#include "cli_checks.h"
#include "common.h"
#include "lexc/escape.h"
#include "lexc/io.h"
#include "lexc/query.h"
#include "lexc/tile_text.h"
#include "lexc/word_index.h"

namespace lexc::cli {
namespace {

struct QueryArgs {
  std::string image, kind, file;
  std::vector<std::string> args;
  std::uint64_t limit = 0;  // 0: no limit
  bool sub = false, count = false, json = false, verify = true;
};

// Runs one listing query: `run` calls the library with a callback.
using Runner = std::function<void(const WordCallback&)>;

// Queries are answered as they are read (Add), so that a long list or a
// pipe needs memory for one query and its answer, and each answer goes out
// before the next query is read (with a lookahead of one query where the
// text depends on whether there is more than one: headings, "QI: 4").
class Query {
 public:
  Query(const QueryArgs& a, const Lexicon& lex) : a_(a), lex_(lex), render_(lex.alphabet()) {}

  // Where a query was read: a file (or "-") and line, or an argument
  // (empty file).
  struct Origin {
    std::string file;
    std::uint64_t line = 0;
  };

  // The next query.
  void Add(std::string arg, Origin origin) {
    // Only the text of index, word and listing queries depends on whether
    // there are several ("QI: 4", headings); the others are answered at once.
    const bool lookahead = !a_.json && a_.kind != "contains";
    if (!lookahead) {
      started_ = true;
      Answer(arg, origin);
      return;
    }
    if (!pending_ && !started_) {
      pending_.emplace(std::move(arg), std::move(origin));
      started_ = true;
      return;
    }
    if (pending_) {
      multi_ = true;
      AnswerPending();
    }
    Answer(arg, origin);
  }
  // Answers flushed one by one (queries from a pipe or terminal: a reader
  // may wait for each), or in 1 MiB blocks.
  void FlushEach(bool on) { flush_each_ = on; }

  // After the last Add: returns whether every query found something. Bad
  // queries (named on stderr as they came) then end the command with the
  // first one's exit status.
  bool Finish() {
    AnswerPending();
    if ((a_.kind == "contains" || a_.kind == "index") && a_.count && !a_.json)
      out_.buf() += std::to_string(found_) + "\n";
    if (a_.json) out_.buf() += json_items_ ? "]\n" : "[]\n";
    out_.Flush();
    if (bad_)  // one query alone: its message says it all
      throw Exit{first_bad_code_,
                 bad_ + answered_ == 1 ? std::string()
                 : answered_ == 0      ? "all " + Thousands(bad_) + " queries failed (named above)"
                                       : Thousands(bad_) + " of " + Thousands(bad_ + answered_) +
                                        " queries failed (named above); the others were answered",
                 /*json_done=*/a_.json};
    return all_found_;
  }
  // Builds the word index now (index and word queries), so that an image
  // without one fails once, before any query, rather than at every query.
  void PrepareIndex() {
    if (a_.kind == "index" || a_.kind == "word") Index();
  }

  // A failure of the input (a line it refuses, a read error): the query held
  // back for the lookahead is answered first (a bad one named), unless
  // standard output is what failed; once the --json array has begun, the
  // error object is its last element and the array is closed, so that
  // standard output stays one valid document; the command then adds no
  // other object. (json_done: Finish ended the command, its array closed.)
  void Abort(Exit* e) {
    if (e->json_done) return;
    if (!output_failed_) {
      try {
        AnswerPending();
        FlushOut();
      } catch (const Exit&) {  // standard output failed too: *e is the error to report
      }
    }
    if (!a_.json || json_items_ == 0) return;
    JsonValue error = JsonError("lexc query", *e);
    AddJsonVersion(&error);
    out_.buf() += ',' + JsonLine(error) + "]\n";
    out_.Flush();
    e->json_done = true;
  }

 private:
  // A query that fails (a tile the alphabet lacks, a bad pattern, a word
  // number past the last word) is named on stderr, with its file and line
  // when it was read from one, and in the --json array as {"ok": false,
  // "kind", "query", "file", "line", "error"}; the batch goes on.
  void Answer(const std::string& arg, const Origin& origin) {
    try {
      all_found_ &= AnswerOne(arg);
      ++answered_;
    } catch (Exit& e) {
      if (output_failed_) throw;  // standard output failed, not the query: stop
      const std::string where = origin.file.empty() ? "" : QuotePath(origin.file) + ":" + std::to_string(origin.line);
      const auto name_it = [&] {
        std::fprintf(stderr, "lexc query: %s\n",
                     EscapeText((where.empty() ? "" : where + ": ") + e.message, '\0', std::string::npos).c_str());
      };
      if (!a_.json) {
        try {
          FlushOut();  // the answers before it first, on a terminal shared with stderr
        } catch (const Exit&) {
          name_it();  // then the output's failure, which stops the command
          throw;
        }
      }
      name_it();
      if (a_.json) {
        JsonValue j = {{"ok", false}, {"kind", a_.kind}, {"query", arg}};
        if (!origin.file.empty()) j["file"] = origin.file, j["line"] = origin.line;
        j["error"] = e.message;
        Json(std::move(j));
      }
      if (!bad_++) first_bad_code_ = e.code;
    }
    if (flush_each_) FlushOut();
  }

  // The query held back for the lookahead, if any, answered now.
  void AnswerPending() {
    if (!pending_) return;
    auto [arg, origin] = std::move(*pending_);
    pending_.reset();
    Answer(arg, origin);
  }

  // Whether the query found something.
  bool AnswerOne(const std::string& arg) {
    if (a_.kind == "contains") return Contains(arg);
    if (a_.kind == "index") return Index(arg);
    if (a_.kind == "word") {
      WordOf(arg);
      return true;
    }
    const Runner run = Prepare(arg);  // a bad query fails before its heading
    if (!a_.json && !a_.count && multi_) out_.buf() += (answered_ ? "\n" : "") + arg + ":\n";
    return List(arg, run) > 0;
  }

  // Flushes the buffer (when full only: MaybeFlushOut), noting a failure
  // (Answer then stops the batch: the output, not the query, failed).
  void FlushOut(bool only_when_full = false) {
    try {
      only_when_full ? out_.MaybeFlush() : out_.Flush();
    } catch (Exit&) {
      output_failed_ = true;
      throw;
    }
  }
  void MaybeFlushOut() { FlushOut(true); }

  // One element of the --json array, written as it is made.
  void Json(JsonValue j) {
    out_.buf() += json_items_++ ? ',' : '[';
    AddJsonVersion(&j);
    out_.buf() += JsonLine(j);
    MaybeFlushOut();
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
  // computed from the DAWG, or from a GADDAG-only image's suffix halves);
  // a damaged image's failure names the image.
  const WordIndex& Index() {
    if (!index_) {
      Result<WordIndex> index = WordIndex::Of(lex_);
      if (!index.ok()) Fail(a_.image, index.status());
      index_ = std::make_unique<WordIndex>(std::move(index).value());
    }
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
      Json(std::move(j));
    } else if (!a_.count) {
      if (n)
        out_.buf() += (multi_ ? shown + ": " : "") + std::to_string(*n) + "\n";
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
      Json({{"kind", "word"}, {"query", arg}, {"index", n}, {"word", shown}});
    else
      out_.buf() += (multi_ ? arg + ": " : "") + shown + "\n";
  }

  bool Contains(const std::string& arg) {
    const std::vector<Tile> word = TokenizeArg(lex_.alphabet(), arg, "word");
    const bool yes = lexc::Contains(lex_, word);
    found_ += yes;
    const std::string shown = Shown(word);
    if (a_.json)
      Json({{"kind", "contains"}, {"query", arg}, {"word", shown}, {"found", yes}});
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

  // Returns the number of matches (at most --limit). With --json the
  // query's object is written as its words come, so that memory never
  // follows the answer's length (an unverified cyclic image's is
  // exponential): the bytes JsonLine gives for the whole object, {"kind",
  // "query", "words": [...], "count", "truncated", "json_version"}.
  std::uint64_t List(const std::string& arg, const Runner& run) {
    std::uint64_t n = 0;
    bool truncated = false;
    std::string& buf = out_.buf();
    if (a_.json) {
      std::string head = JsonLine(JsonValue{{"kind", a_.kind}, {"query", arg}});
      head.pop_back();  // its '}'
      buf += json_items_++ ? ',' : '[';
      buf += head + ",\"words\":[";
    }
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
        if (n > 1) buf += ',';
        buf += JsonLine(JsonValue(word_));
      } else {
        buf += word_;
        buf += '\n';
      }
      MaybeFlushOut();
      return true;
    });
    if (a_.json) {
      JsonValue tail = {{"count", n}, {"truncated", truncated}};
      AddJsonVersion(&tail);
      std::string rest = JsonLine(tail);
      rest.front() = ',';  // its '{'
      buf += ']' + rest;
      MaybeFlushOut();
    } else if (a_.count) {
      buf += (multi_ ? arg + ": " : "") + std::to_string(n) + "\n";
    }
    return n;
  }

  const QueryArgs& a_;
  const Lexicon& lex_;
  const Renderer render_;
  Output out_;
  std::optional<std::pair<std::string, Origin>> pending_;  // the first query, until a second shows
  std::uint64_t bad_ = 0;                                  // queries that failed (Answer)
  int first_bad_code_ = 0;                                 // the first one's exit status
  bool output_failed_ = false;                             // MaybeFlushOut failed
  bool started_ = false, multi_ = false, flush_each_ = false, all_found_ = true;
  std::uint64_t answered_ = 0, json_items_ = 0;
  std::string word_;
  std::uint64_t found_ = 0;
  std::unique_ptr<WordIndex> index_;
};

// The queries in order: the arguments, each "-" (its first one) replaced by
// the lines of standard input, then the lines of --file: one query a line,
// blank lines skipped, CR and trailing blanks dropped (zstd is read too).
// Each is answered as it is read.
void RunQuery(const QueryArgs& a) {
  if (a.sub && a.kind != "anagram") Fail("--sub applies to anagram queries only", 2);
  if (a.count && a.kind == "word") Fail("--count does not apply to word queries: each names one word", 2);
  if (a.args.empty() && a.file.empty()) Fail("give the words (racks, patterns, numbers), '-' or --file", 2);
  const MappedLexicon image = OpenImage(a.image, a.verify);
  Query q(a, image.lexicon());
  q.PrepareIndex();
  const auto read_lines = [&q](const std::string& path) {
    ForEachInputLine(path, "queries", [&](std::uint64_t line_no, std::string_view line) {
      q.Add(std::string(line), {path, line_no});
    });
  };
  bool all_found = false;
  try {
    bool stdin_read = false;
    for (const std::string& arg : a.args) {
      if (arg != "-") {
        q.Add(arg, {});
      } else if (!stdin_read) {
        stdin_read = true;
        struct stat st {};
        q.FlushEach(::fstat(STDIN_FILENO, &st) != 0 || !S_ISREG(st.st_mode));  // a pipe or terminal
        read_lines("-");
        q.FlushEach(false);
      }
    }
    if (!a.file.empty()) read_lines(a.file);
    all_found = q.Finish();
  } catch (Exit& e) {
    q.Abort(&e);
    throw;
  }
  if (!all_found) throw Exit{1, ""};
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
  VerbatimPositionals(cmd->add_option(
      "args", args->args,
      "Words, racks, patterns or word numbers (one query each); '-' reads them from standard input, one a "
      "line, each answered as it is read"));
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
A bad query (a tile the alphabet lacks, a word number past the last word) is
named on standard error, with FILE:LINE: when it was read from a file or
standard input, and the others are still answered.
Exit status: 0 when every query found something (contains, index: every word
present); 1 when one found nothing (as grep; nothing on standard error), or
on an error with the image or a query (the first bad query's status); 2 on a
usage error.)");
  cmd->callback([args] { RunQuery(*args); });
}

}  // namespace lexc::cli
