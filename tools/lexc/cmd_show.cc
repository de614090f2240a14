// lexc show -- a position drawn as a board (lexc/gen/board_render.h).
//
// The image gives the alphabet (labels, scores, the tile set) the position
// is read with; the layout gives the premiums. Unicode and colour on a
// terminal, ASCII otherwise or with --ascii.
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cstdlib>
#include <memory>

#include "cli_checks.h"
#include "lexc/gen/board_render.h"
#include "lexc/gen/cgp.h"
#include "play_common.h"

namespace lexc::cli {

gen::RenderOptions ScreenRenderOptions(const ScreenOptions& s) {
  gen::RenderOptions o;
  const bool tty = ::isatty(STDOUT_FILENO) == 1;
  const char* term = std::getenv("TERM");
  const bool dumb = term == nullptr || std::string(term) == "dumb";
  o.style = s.ascii || (!tty && !s.unicode) ? gen::RenderOptions::Style::kAscii : gen::RenderOptions::Style::kUnicode;
  o.colour = s.colour == "always" || (s.colour == "auto" && tty && !dumb && std::getenv("NO_COLOR") == nullptr);
  return o;
}

void AddScreenOptions(CLI::App* cmd, ScreenOptions* s) {
  CLI::Option* ascii =
      cmd->add_flag("--ascii", s->ascii, "Draw in plain ASCII (the default when standard output is not a terminal)");
  cmd->add_flag("--unicode", s->unicode, "Draw with Unicode box lines even when standard output is not a terminal")
      ->excludes(ascii);
  cmd->add_option("--color", s->colour, "auto | always | never: ANSI colours (auto: on a terminal, unless NO_COLOR)")
      ->check(CLI::IsMember({"auto", "always", "never"}));
}

namespace {

struct ShowArgs {
  std::string image, cgp;
  GameOptions game;
  ScreenOptions screen;
  bool json = false;
};

void RunShow(const ShowArgs& a) {
  const MappedLexicon image = OpenImage(a.image, a.game.verify, a.game.load);
  const gen::Layout layout = LoadLayout(a.game.layout);
  const Alphabet& abc = image->alphabet();
  const gen::Position p = Check(gen::ParseCgp(a.cgp, abc, layout));
  Output out;
  if (a.json) {
    JsonValue racks = JsonValue::array(), scores = JsonValue::array(), rows = JsonValue::array();
    for (const Rack& r : p.racks) racks.push_back(r.ToString(abc));
    for (int s : p.scores) scores.push_back(s);
    const std::string board = gen::WriteBoardFile(p.board, abc);
    for (std::size_t at = 0; at < board.size();) {
      const std::size_t end = board.find('\n', at);
      rows.push_back(board.substr(at, end - at));
      at = end + 1;
    }
    gen::Position mine = p;
    if (mine.racks.size() > 1) mine.racks.resize(1);
    const gen::TileCounts unseen = gen::Unseen(mine, abc);
    out.buf() += JsonReport({{"cgp", gen::WriteCgp(p, abc)},
                             {"rows", std::move(rows)},
                             {"racks", std::move(racks)},
                             {"scores", std::move(scores)},
                             {"bag", gen::BagSize(p, abc)},
                             {"unseen", unseen.total}});
    return;
  }
  out.buf() += gen::RenderPosition(p, layout, abc, ScreenRenderOptions(a.screen));
}

}  // namespace

void RegisterShow(CLI::App& app) {
  auto args = std::make_shared<ShowArgs>();
  CLI::App* cmd = app.add_subcommand("show", "Draw a position: board, premiums, racks, scores, bag and unseen tiles");
  cmd->add_option("image", args->image, "Image file (its alphabet reads the position)")->required();
  cmd->add_option("--cgp", args->cgp, "The position as a CGP record (quote it)")
      ->required()
      ->check(NotEmpty("a CGP record"));
  cmd->add_flag("--json", args->json, "Print the position's facts as JSON (rows as in board files) instead");
  AddScreenOptions(cmd, &args->screen);
  AddGameOptions(cmd, &args->game);
  cmd->footer(R"(Examples:
  lexc show sowpods.lex --cgp '15/15/15/15/15/15/15/3WINDY7/15/15/15/15/15/15/15 ADEEGIL/ 0/0 0'
  lexc show sowpods.lex --cgp '15/15/15/15/15/15/15/3WINDY7/15/15/15/15/15/15/15 ADEEGIL/ 0/0 0' --ascii

Squares: '=' triple word, '-' double word, '"' triple letter, "'" double
letter, '*' the empty start square; tiles in upper case, a blank's letter in
lower case. Below the board: each rack with its score (the player to move
first, '(unknown)' for a rack the CGP leaves empty), the bag and the tiles
the player to move has not seen. Colours: red triple word, pink double word,
blue triple letter, cyan double letter.)");
  cmd->callback([args] { RunShow(*args); });
}

}  // namespace lexc::cli
