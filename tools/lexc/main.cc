// lexc -- the command-line front end of the lexicon image library.
// One file per subcommand (cmd_*.cc); this file only dispatches and turns
// exceptions into messages and exit codes.
#include <malloc.h>

#include <CLI/CLI.hpp>
#include <exception>
#include <iostream>
#include <new>
#include <string>

#include "common.h"
#include "lexc/format.h"
#include "play_common.h"
#include "study_cli.h"

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
  app.set_version_flag("--version",
                       std::string("lexc " LEXC_VERSION " (reads lexicon image format ") +
                           std::to_string(lexc::format::kMajor) + ".x, writes " + std::to_string(lexc::format::kMajor) +
                           "." + std::to_string(lexc::format::kMinor) + ", or " + std::to_string(lexc::format::kMajor) +
                           "." + std::to_string(lexc::format::kMinorWordIndex) + " with --word-index)");
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
  lexc moves nwl18.lex --board board.txt --rack 'RETAINS?' --top 10
  lexc show nwl18.lex --cgp '15/15/15/15/15/15/15/3WINDY7/15/15/15/15/15/15/15 ADEEGIL/ 0/0 0'
  lexc replay nwl18.lex game.gcg --turn 10 --show
  lexc selfplay nwl18.lex --games 100 -q
  lexc selfplay nwl18.lex --games 1000000 --threads 0 --stats study/
  lexc merge study/ shard1/ shard2/
  lexc boggle nwl18.lex --board 'CATD LINE MARO PETS'

Run 'lexc COMMAND --help' for a command's options.
Exit status: 0 success, 1 failure, 2 usage error (query: 2 for any error).)");
  RegisterBuild(app);
  RegisterConvert(app);
  RegisterStats(app);
  RegisterVerify(app);
  RegisterDump(app);
  RegisterQuery(app);
  RegisterMoves(app);
  RegisterShow(app);
  RegisterReplay(app);
  RegisterSelfplay(app);
  RegisterEndgame(app);
  RegisterLeaves(app);
  RegisterReport(app);
  RegisterMerge(app);
  RegisterBoggle(app);

  // Commands run inside parse(); anything they throw lands here.
  const auto command = [&app]() -> std::string {
    const auto subs = app.get_subcommands();
    return subs.empty() ? "lexc" : "lexc " + subs.front()->get_name();
  };
  try {
    app.parse(argc, argv);
    return 0;
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;
  } catch (const Exit& e) {
    // Outside text in messages is quoted where it is spliced in (escape.h);
    // this catches whatever reached a message unquoted (a path, say).
    if (!e.message.empty())
      std::cerr << command() << ": " << lexc::EscapeText(e.message, '\0', std::string::npos) << '\n';
    return e.code;
  } catch (const std::bad_alloc&) {
    std::cerr << command() << ": out of memory\n";
  } catch (const std::exception& e) {
    std::cerr << command() << ": " << e.what() << '\n';
  }
  return 1;
}
