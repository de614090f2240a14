// lexc -- the command-line front end of the lexicon image library.
// One file per subcommand (cmd_*.cc); this file only dispatches and turns
// exceptions into messages and exit codes.
#include <malloc.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <iostream>
#include <memory>
#include <new>
#include <string>
#include <string_view>
#include <vector>

#include "cli_checks.h"
#include "common.h"
#include "lexc/format.h"
#include "play_common.h"
#include "study_cli.h"

namespace {

using lexc::cli::JsonError;

CLI::App* FindCommand(CLI::App& app, std::string_view name) {
  for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; }))
    if (sub->get_name() == name) return sub;
  return nullptr;
}

// Optimal string alignment distance (Levenshtein with adjacent
// transpositions, "biuld" -> "build" is 1), case-insensitive.
std::size_t EditDistance(std::string_view a, std::string_view b) {
  const auto low = [](char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); };
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i)
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t cost = low(a[i - 1]) == low(b[j - 1]) ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && low(a[i - 1]) == low(b[j - 2]) && low(a[i - 2]) == low(b[j - 1]))
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

// "lexc: unknown command 'biuld'; did you mean 'build'?" and the commands.
std::string UnknownCommand(CLI::App& app, std::string_view name) {
  std::string best, names;
  std::size_t best_d = std::string::npos;
  for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) {
    const std::size_t d = EditDistance(name, sub->get_name());
    if (d < best_d) best_d = d, best = sub->get_name();
    names += (names.empty() ? "" : ", ") + sub->get_name();
  }
  std::string out = "lexc: unknown command " + lexc::QuoteText(name, '\'');
  // At most 2 edits, and fewer than half the letters (so "x" suggests nothing).
  if (best_d <= 2 && 2 * best_d < name.size()) out += "; did you mean '" + best + "'?";
  return out + "\nCommands: " + names + "\nRun 'lexc --help' or 'lexc help COMMAND' for more.\n";
}

}  // namespace

// The whole tool, compiled once into the subcommand objects: lexc's main
// (tool_main.cc) calls it, and lexc-mpi's (mpi_main.cc) between MPI_Init and
// MPI_Finalize.
int LexcMain(int argc, char** argv) {
  // lexc is a batch tool whose phases allocate and free tens of megabytes
  // each (builder tables, then Verify's arrays). Keeping large blocks in the
  // heap instead of unmapping them lets each phase reuse the pages the last
  // one touched: a third fewer page faults and ~8% less time building SOWPODS.
  mallopt(M_MMAP_THRESHOLD, 1 << 30);
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  using namespace lexc::cli;
  CLI::App app("Compile Scrabble word lists into memory-mappable DAWG/GADDAG lexicon images.", "lexc");
  // Flag pairs (--verify,!--no-verify) are listed without CLI11's "{false}"
  // mark, which reads as if the pair defaulted to off; the description says
  // which is the default. Subcommands inherit the formatter.
  struct PairFormatter : CLI::Formatter {
    std::string make_option_name(const CLI::Option* opt, bool is_positional) const override {
      std::string name = CLI::Formatter::make_option_name(opt, is_positional);
      for (const std::string_view mark : {"{false}", "{true}"})
        for (std::size_t at; (at = name.find(mark)) != std::string::npos;) name.erase(at, mark.size());
      return name;
    }
  };
  app.formatter(std::make_shared<PairFormatter>());
  app.set_version_flag("--version",
                       std::string("lexc " LEXC_VERSION " (reads lexicon image format ") +
                           std::to_string(lexc::format::kMajor) + ".x, writes " + std::to_string(lexc::format::kMajor) +
                           "." + std::to_string(lexc::format::kMinor) + ", or " + std::to_string(lexc::format::kMajor) +
                           "." + std::to_string(lexc::format::kMinorWordIndex) + " with --word-index, " +
                           std::to_string(lexc::format::kMajor) + "." + std::to_string(lexc::format::kMinorFolds) +
                           " with folds, " + std::to_string(lexc::format::kMajor) + "." +
                           std::to_string(lexc::format::kMinorPackedArcs) + " with --compact)");
  app.require_subcommand(1);
  app.footer(R"(Examples:
  lexc build nwl18.txt -o nwl18.lex          DAWG and GADDAG in one image
  lexc build --gaddag nwl18.txt.zst -o nwl18.gdg
  lexc build --format kwg nwl18.txt -o nwl18.kwg
  lexc convert nwl18.kwg --alphabet english -o nwl18.lex
  lexc stats nwl18.lex
  lexc verify nwl18.lex --words nwl18.txt
  lexc dump nwl18.lex > words.txt
  lexc query nwl18.lex anagram 'RETAINS?'
  lexc moves nwl18.lex --board board.txt --rack 'RETAIN?' --limit 10
  lexc show nwl18.lex --cgp '15/15/15/15/15/15/15/3WINDY7/15/15/15/15/15/15/15 ADEEGIL/ 0/0 0'
  lexc replay nwl18.lex game.gcg --turn 10 --show
  lexc sim nwl18.lex --cgp '15/15/15/15/15/15/15/3WINDY7/15/15/15/15/15/15/15 ADEEGIL/ 0/0 0' --time 10
  lexc infer nwl18.lex --cgp '15/15/15/15/15/15/15/3OUTHAUL5/15/15/15/15/15/15/15 /AEINRST 0/0 0' --move 'G7 S(H)IVERY' --tolerance 15
  lexc selfplay nwl18.lex --games 100 -q
  lexc selfplay nwl18.lex --games 1000000 --threads 0 --stats study/
  lexc merge merged/ shard1/ shard2/
  lexc boggle nwl18.lex --board 'CATD LINE MARO PETS'
  lexc help moves                            the same as lexc moves --help

Run 'lexc help COMMAND' or 'lexc COMMAND --help' for a command's options;
'lexc completion bash' prints the bash completion script (installed by CMake).
Exit status, every command: 0 success; 1 a problem with data or files (query:
also a word not found, as grep); 2 a usage error (an unknown command or
option, a bad or missing value). With --json, a failure also prints
{"ok": false, "error": MESSAGE, ...} on standard output.
Progress: on a terminal, a bar with an ETA on standard error; plain lines
when standard error is not a terminal; nothing with -q.)");
  // Each command's options cost about 0.1 ms to set up (all of them, 1.5 ms
  // of a start-up that a word query or a DAWG build feels): a first word that
  // names a command sets up that command alone. Help, completion, version
  // and typos see every command.
  struct Command {
    std::string_view name;
    void (*add)(CLI::App&);
  };
  static constexpr Command kCommands[] = {
      {"build", RegisterBuild},       {"convert", RegisterConvert}, {"stats", RegisterStats},
      {"verify", RegisterVerify},     {"dump", RegisterDump},       {"query", RegisterQuery},
      {"moves", RegisterMoves},       {"show", RegisterShow},       {"replay", RegisterReplay},
      {"selfplay", RegisterSelfplay}, {"endgame", RegisterEndgame}, {"sim", RegisterSim},
      {"infer", RegisterInfer},       {"leaves", RegisterLeaves},   {"report", RegisterReport},
      {"merge", RegisterMerge},       {"boggle", RegisterBoggle}};
  const Command* only = nullptr;
  for (const Command& c : kCommands)
    if (argc >= 2 && c.name == argv[1]) only = &c;
  if (only != nullptr) {
    only->add(app);
  } else {
    for (const Command& c : kCommands) c.add(app);
    RegisterCompletion(app);
  }

  // An empty value is a usage error naming the option for every option that
  // takes one (`--stats ''` read as no --stats before): none documents a
  // meaning for it. An option whose value may be left out (`moves --show`)
  // is skipped.
  for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; }))
    for (CLI::Option* o : sub->get_options())
      if (o->nonpositional() && o->get_type_size_max() > 0 && o->get_expected_min() > 0) o->check(NoEmptyValue());
  // Usage errors quote what was typed ("--arc-width: ^[]0;..." CLI11's
  // validators and "not expected" messages splice it in raw): each line is
  // escaped as the messages of Exit are.
  app.failure_message([](const CLI::App* a, const CLI::Error& e) {
    const std::string text = CLI::FailureMessage::simple(a, e);
    std::string out;
    for (std::size_t at = 0; at < text.size();) {
      const std::size_t nl = std::min(text.find('\n', at), text.size());
      out += lexc::EscapeText(std::string_view(text).substr(at, nl - at), '\0', std::string::npos);
      if (nl < text.size()) out += '\n';
      at = nl + 1;
    }
    return out;
  });

  // Whatever is left buffered on standard output (an Output's destructor,
  // std::cout, help) is written now: a full disk or closed pipe is an
  // error there too. "" when it was written.
  const auto flush_stdout = []() -> std::string {
    errno = 0;
    std::cout.flush();
    const bool flushed = std::fflush(stdout) == 0;
    const int err = errno;
    if (flushed && !std::ferror(stdout) && std::cout) return "";
    return std::string("writing standard output: ") + (err ? std::strerror(err) : "write error");
  };
  // Help and version text written: exit 0, or 1 naming the write's failure.
  const auto text_written = [&flush_stdout]() {
    const std::string failed = flush_stdout();
    if (failed.empty()) return 0;
    std::cerr << "lexc: " << failed << '\n';
    return 1;
  };

  // Before CLI11 sees them: `lexc help [COMMAND]`, and a first word that is
  // no command (a typo: CLI11 would only say that a subcommand is required).
  if (argc >= 2 && std::string_view(argv[1]) == "help") {
    if (argc == 2) {
      std::cout << app.help();
      return text_written();
    }
    if (CLI::App* sub = FindCommand(app, argv[2])) {
      std::cout << sub->help("lexc");
      return text_written();
    }
    std::cerr << UnknownCommand(app, argv[2]);
    return 2;
  }
  if (argc >= 2 && argv[1][0] != '-' && FindCommand(app, argv[1]) == nullptr) {
    std::cerr << UnknownCommand(app, argv[1]);
    return 2;
  }

  // Commands run inside parse(); anything they throw lands here.
  const auto command = [&app]() -> std::string {
    const auto subs = app.get_subcommands();
    return subs.empty() ? "lexc" : "lexc " + subs.front()->get_name();
  };
  // --json given: a failure is also reported as a JSON object on stdout.
  const auto json_wanted = [&app, argc, argv]() {
    const auto subs = app.get_subcommands();
    if (!subs.empty()) {
      const CLI::Option* json = subs.front()->get_option_no_throw("--json");
      if (json != nullptr && json->count() > 0) return true;
    }
    for (int i = 1; i < argc; ++i)
      if (std::string_view(argv[i]) == "--json") return true;
    return false;
  };
  const auto json_error = [&](const Exit& e) {
    if (e.json_done || !json_wanted()) return;
    std::fflush(stdout);
    std::cout << JsonReport(JsonError(command(), e)) << std::flush;
  };
  try {
    app.parse(argc, argv);
    if (std::string failed = flush_stdout(); !failed.empty()) throw Exit{1, std::move(failed)};
    return 0;
  } catch (const CLI::ParseError& e) {
    // --help and --version print to standard output and exit 0.
    if (app.exit(e) == 0) return text_written();
    json_error(Exit{2, e.what()});
    return 2;
  } catch (const Exit& e) {
    // Outside text in messages is quoted where it is spliced in (escape.h);
    // this catches whatever reached a message unquoted (a path, say).
    if (!e.message.empty())
      std::cerr << command() << ": " << lexc::EscapeText(e.message, '\0', std::string::npos) << '\n';
    if (!e.message.empty()) json_error(e);
    return e.code;
  } catch (const std::bad_alloc&) {
    std::cerr << command() << ": out of memory\n";
    json_error(Exit{1, "out of memory"});
  } catch (const std::exception& e) {
    std::cerr << command() << ": " << e.what() << '\n';
    json_error(Exit{1, e.what()});
  }
  return 1;
}
