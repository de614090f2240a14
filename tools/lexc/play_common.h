// tools/lexc/play_common.h -- what the game subcommands (moves, selfplay)
// share: layouts, algorithms, generators. Built on common.h's conventions
// (errors as Exit, Check()).
#pragma once

#include <string>

#include "common.h"
#include "lexc/gen/board_render.h"
#include "lexc/gen/layout.h"
#include "lexc/gen/movegen.h"

namespace lexc::cli {

// --layout: "" or "standard15" for the built-in board, else a layout file.
gen::Layout LoadLayout(const std::string& spec);

// --algorithm: "dawg", "gaddag", or "auto" (the GADDAG when the image has one).
gen::Algorithm ChooseAlgorithm(const std::string& name, const Lexicon& lex);

// A generator over `lex` and `layout` (both must outlive it), or Fail.
gen::MoveGenerator MakeGenerator(const Lexicon& lex, const gen::Layout& layout, int bingo_bonus);

// The whole of a text file, or standard input for "-"; Fail on error.
std::string ReadText(const std::string& path);

// The options the game commands (moves, selfplay, show, replay) share:
// --algorithm, --layout, --[no-]verify, --no-mmap.
struct GameOptions {
  std::string algorithm = "auto", layout;
  bool verify = true;
  bool load = false;  // --no-mmap: read the image into memory (MappedLexicon::Load)
};
void AddGameOptions(CLI::App* cmd, GameOptions* o);

// How boards are drawn on screen (show, moves --show, replay --show):
// --ascii, --unicode, --color auto|always|never.
struct ScreenOptions {
  bool ascii = false, unicode = false;
  std::string colour = "auto";
};
void AddScreenOptions(CLI::App* cmd, ScreenOptions* s);
// The render style for standard output: Unicode on a terminal (or with
// --unicode), ASCII otherwise or with --ascii; colour as --color says.
gen::RenderOptions ScreenRenderOptions(const ScreenOptions& s);

void RegisterMoves(CLI::App& app);
void RegisterShow(CLI::App& app);
void RegisterReplay(CLI::App& app);
void RegisterSelfplay(CLI::App& app);
void RegisterReport(CLI::App& app);
void RegisterEndgame(CLI::App& app);
void RegisterSim(CLI::App& app);     // cmd_sim.cc (lexc::strategy)
void RegisterInfer(CLI::App& app);   // cmd_infer.cc (lexc::strategy)
void RegisterLeaves(CLI::App& app);  // cmd_leaves.cc (lexc::strategy)

}  // namespace lexc::cli
