// tools/lexc/play_common.h -- what the game subcommands (moves, selfplay)
// share: layouts, algorithms, generators. Built on common.h's conventions
// (errors as Exit, Check()).
#pragma once

#include <string>

#include "common.h"
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

// The options moves and selfplay share: --algorithm, --layout, --[no-]verify.
struct GameOptions {
  std::string algorithm = "auto", layout;
  bool verify = true;
};
void AddGameOptions(CLI::App* cmd, GameOptions* o);

void RegisterMoves(CLI::App& app);
void RegisterSelfplay(CLI::App& app);
void RegisterReport(CLI::App& app);
void RegisterEndgame(CLI::App& app);

}  // namespace lexc::cli
