// lexc query -- look words up in an image.
//
// Exit status follows grep: 0 when every query found something (contains:
// every word is present), 1 otherwise, 2 on any error (bad tile, bad image).
#include <CLI/CLI.hpp>
#include <memory>

#include "cli_checks.h"
#include "common.h"
#include "lexc/query.h"
#include "lexc/tile_text.h"

namespace lexc::cli {
namespace {

struct QueryArgs {
  std::string image, kind;
  std::vector<std::string> args;
  std::uint64_t limit = 0;  // 0: no limit
  bool sub = false, count = false, json = false, verify = true;
};

// Runs one listing query: `run` calls the library with a callback.
using Runner = std::function<void(const WordCallback&)>;

class Query {
 public:
  Query(const QueryArgs& a, const Lexicon& lex) : a_(a), lex_(lex), render_(lex.alphabet()) {}

  // Returns whether every query found something.
  bool Run() {
    if (a_.json) json_.Open('[');
    bool all_found = true;
    for (std::size_t i = 0; i < a_.args.size(); ++i) {
      const std::string& arg = a_.args[i];
      if (a_.kind == "contains") {
        all_found &= Contains(arg);
        continue;
      }
      if (!a_.json && !a_.count && a_.args.size() > 1) out_.buf() += (i ? "\n" : "") + arg + ":\n";
      all_found &= List(arg, Prepare(arg)) > 0;
    }
    if (a_.kind == "contains" && a_.count && !a_.json) out_.buf() += std::to_string(found_) + "\n";
    if (a_.json) out_.buf() += json_.Close().str() + "\n";
    out_.Flush();
    return all_found;
  }

 private:
  bool Contains(const std::string& arg) {
    const std::vector<Tile> word = TokenizeArg(lex_.alphabet(), arg, "word");
    const bool yes = lexc::Contains(lex_, word);
    found_ += yes;
    // The word as a word list spells it ("CHE" for CH,E); tile text where
    // that would read back as other tiles ("C[H]E" for C,H,E).
    std::string shown = render_(word);
    std::vector<Tile> again;
    if (!lex_.alphabet().Tokenize(shown, &again, nullptr) || again != word)
      shown = WriteTileText(lex_.alphabet(), word);
    if (a_.json)
      json_.Open('{').Field("kind", "contains").Field("query", arg).Field("word", shown).Field("found", yes).Close();
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
    if (a_.json) json_.Open('{').Field("kind", a_.kind).Field("query", arg).Key("words").Open('[');
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
        json_.Str(word_);
      } else {
        buf += word_;
        buf += '\n';
        out_.MaybeFlush();
      }
      return true;
    });
    if (a_.json)
      json_.Close().Field("count", n).Field("truncated", truncated).Close();
    else if (a_.count)
      buf += (a_.args.size() > 1 ? arg + ": " : "") + std::to_string(n) + "\n";
    return n;
  }

  const QueryArgs& a_;
  const Lexicon& lex_;
  const Renderer render_;
  Output out_;
  Json json_;
  std::string word_;
  std::uint64_t found_ = 0;
};

void RunQuery(const QueryArgs& a) {
  try {
    if (a.sub && a.kind != "anagram") Fail("--sub applies to anagram queries only");
    const MappedLexicon image = OpenImage(a.image, a.verify);
    if (!Query(a, image.lexicon()).Run()) throw Exit{1, ""};
  } catch (Exit& e) {
    if (!e.message.empty()) e.code = 2;  // errors exit 2, as grep's do
    throw;
  }
}

}  // namespace

void RegisterQuery(CLI::App& app) {
  auto args = std::make_shared<QueryArgs>();
  CLI::App* cmd = app.add_subcommand("query", "Look words up: contains, anagram, pattern, prefix, suffix, substring");
  cmd->add_option("image", args->image, "Image file")->required();
  cmd->add_option("kind", args->kind, "contains | anagram | pattern | prefix | suffix | substring")
      ->required()
      ->check(CLI::IsMember({"contains", "anagram", "pattern", "prefix", "suffix", "substring"}));
  cmd->add_option("args", args->args, "Words, racks or patterns (one query each)")->required();
  cmd->add_flag("--sub", args->sub, "anagram: also words using only part of the rack");
  cmd->add_option("--limit", args->limit, "Print at most N words per query (0: all)")
      ->check(WholeNumber(0, 1000000000000000000ull));
  cmd->add_flag("--count", args->count, "Print only the number of matches");
  cmd->add_flag("--json", args->json, "Print a JSON array, one object per query");
  cmd->add_flag("--verify,!--no-verify", args->verify,
                "Verify the whole image first (the default). --no-verify trusts it: opening is then "
                "O(1), and a damaged image gives wrong answers or slow queries, never a crash");
  cmd->footer(R"(Examples:
  lexc query nwl18.lex contains QI ZA QX       prints QI: yes / ZA: yes / QX: no
  lexc query nwl18.lex anagram 'RETAINS?'      ? is a blank; blank tiles print in lower case
  lexc query nwl18.lex anagram --sub QIXZ      words from any part of the rack
  lexc query nwl18.lex pattern 'Q?I*'          ? one tile, * any run (possibly empty)
  lexc query nwl18.lex prefix QU --count
  lexc query nwl18.lex suffix ING --limit 20
  lexc query nwl18.lex substring XAN
  lexc query es.lex anagram 'CHE'              Spanish: CH,E, read as word lists are (greedy)
  lexc query es.lex anagram 'C[H]E'            C,H,E: a bracket names exactly one tile

Words, racks and patterns are tile text (formats/tile-text.md).

Words come in the alphabet's tile order. With several arguments, each list is
headed by "ARG:". Exit status: 0 when every query found something (contains:
every word present), 1 otherwise, 2 on an error.)");
  cmd->callback([args] { RunQuery(*args); });
}

}  // namespace lexc::cli
