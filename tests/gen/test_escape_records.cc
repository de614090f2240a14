// libgen's outside text: CGP fields, board files and layout files quote what
// they reject escaped (checked with test::TerminalProblem, an independent
// byte scan); names written into GCG and CGP are refused by PlayGame when
// they hold a line break or a control character, and the writers keep every
// record on its own line whatever they are handed.
#include <catch2/catch.hpp>
#include <random>
#include <string>
#include <vector>

#include "gen_support.h"
#include "lexc/escape.h"
#include "lexc/game/gcg.h"
#include "lexc/game/selfplay.h"
#include "lexc/gen/cgp.h"
#include "lexc/gen/layout.h"

namespace lexc::gen::test {
namespace {

using lexc::test::TerminalProblem;

const std::string kEsc = "\x1B[31m\x1B[2J";  // colour, then clear the screen
const std::string kEmpty15 = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15";

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t end = text.find('\n', at);
    lines.push_back(text.substr(at, end - at));
    if (end == std::string::npos) break;
    at = end + 1;
  }
  return lines;
}

// An error message: no raw terminal bytes, and the ESC shown as \u{1B}.
void CheckQuoted(const Status& st) {
  INFO(st.detail());
  CHECK(TerminalProblem(st.detail()) == "");
  CHECK(st.detail().find("\\u{1B}") != std::string::npos);
}

}  // namespace

TEST_CASE("CGP and board-file errors quote outside text escaped", "[escape]") {
  const Alphabet en = Alphabet::English();
  const Layout layout = Layout::Standard15();
  const std::string row3 = "15/15/7" + kEsc + "7/15/15/15/15/15/15/15/15/15/15/15/15";
  for (const std::string& cgp :
       {row3 + " A/ 0/0 0", kEmpty15 + " AB" + kEsc + "/ 0/0 0", kEmpty15 + " A/B 0/" + kEsc + " 0",
        kEmpty15 + " A/B 0/0 " + kEsc, kEmpty15 + " A/B 0/0 0 lex CSW" + kEsc,
        kEmpty15 + " A/B 0/0 0 bb 1" + kEsc + ";", kEmpty15 + " A/B 0/0 0 lex CSW" + kEsc + ";"}) {
    auto p = ParseCgp(cgp, en, layout);
    REQUIRE_FALSE(p.ok());
    CHECK(p.status().code() == Errc::kBadInput);
    CheckQuoted(p.status());
  }
  // An operation's operand may not hold a control character: the position
  // would be written back with it.
  auto op = ParseCgp(kEmpty15 + " A/B 0/0 0 lex CSW\x1B[0m;", en, layout);
  REQUIRE_FALSE(op.ok());
  CHECK(op.status().detail() == "cgp operations: 'lex CSW\\u{1B}[0m' holds a control character (U+001B) at byte 8");
  auto cr = ParseCgp(kEmpty15 + " A/B 0/0 0 lex CSW\r21;", en, layout);
  REQUIRE_FALSE(cr.ok());
  CHECK(cr.status().detail() == "cgp operations: 'lex CSW\\u{D}21' holds a line break (U+000D) at byte 8");

  std::string board;
  for (int r = 0; r < 15; ++r) board += r == 4 ? "......." + kEsc + ".......\n" : "...............\n";
  auto b = ParseBoardFile(board, "board.txt", en, layout);
  REQUIRE_FALSE(b.ok());
  CheckQuoted(b.status());
  CHECK(b.status().detail().rfind("board.txt:5: ", 0) == 0);
}

TEST_CASE("layout-file errors quote outside text; a layout name with a control character is refused", "[escape]") {
  for (const std::string& text : {"size 15 15" + kEsc + "\n", "name x\nsize" + kEsc + " 3 3\n"}) {
    auto l = Layout::Parse(text, "l.txt");
    REQUIRE_FALSE(l.ok());
    CheckQuoted(l.status());
  }
  auto symbol = Layout::Parse("name x\nsize 1 3\n..\x1B\n", "l.txt");
  REQUIRE_FALSE(symbol.ok());
  CHECK(symbol.status().detail() == "l.txt:3: unknown square symbol '\\u{1B}' (expected one of . d t q D T Q * +)");
  auto name = Layout::Parse("name evil\x1B]0;title\x07\nsize 1 1\n*\n", "l.txt");
  REQUIRE_FALSE(name.ok());
  CHECK(name.status().detail() ==
        "l.txt:1: layout name \"evil\\u{1B}]0;title\\u{7}\" holds a control character (U+001B) at byte 5");
}

TEST_CASE("PlayGame refuses names that would forge GCG or CGP records", "[escape][selfplay]") {
  std::mt19937_64 rng(18);
  const TestLexicon tl(RandomWords(rng, 800, 8, 5), SmallAlphabet(8));
  const Layout layout = Layout::Standard15();  // the generator refers to it
  MoveGenerator gen = MoveGenerator::Create(tl.lexicon(), layout).value();
  struct Case {
    std::string lexicon, title, player, want;
  };
  const Case cases[] = {
      {"CSW\n#player1 evil Evil", "t", "P",
       "lexicon name \"CSW\\u{A}#player1 evil Evil\": holds a line break (U+000A) at byte 4"},
      {"CSW;bb 1000", "t", "P", "lexicon name \"CSW;bb 1000\": holds ';', which ends a CGP operation"},
      {"CSW", "a\x1B[2Jb", "P", "title \"a\\u{1B}[2Jb\": holds a control character (U+001B) at byte 2"},
      {"CSW", "t", "Eve\xE2\x80\xAEliA",
       "player name \"Eve\\u{202E}liA\": holds an invisible format character (U+202E) at byte 4"},
  };
  for (const Case& c : cases) {
    game::SelfPlayOptions o;
    o.lexicon_name = c.lexicon;
    o.title = c.title;
    game::GreedyPlayer first(c.player), second("Two");
    int positions = 0;
    auto g = game::PlayGame(gen, first, second, o, [&](const Position&) { ++positions; });
    REQUIRE_FALSE(g.ok());
    CHECK(g.status().code() == Errc::kInvalidArgument);
    CHECK(g.status().detail() == c.want);
    CHECK(positions == 0);  // refused before any move
  }
  game::SelfPlayOptions fine;
  fine.lexicon_name = "CSW21 Collins, é";
  CHECK(game::PlayGreedyGame(gen, fine).ok());
}

TEST_CASE("WriteGcg and WriteCgp keep every record on its own line whatever they are handed", "[escape]") {
  std::mt19937_64 rng(7);
  const TestLexicon tl(RandomWords(rng, 800, 8, 5), SmallAlphabet(8));
  const Layout layout = Layout::Standard15();  // the generator refers to it
  MoveGenerator gen = MoveGenerator::Create(tl.lexicon(), layout).value();
  game::SelfPlayOptions o;
  o.lexicon_name = "LEX";
  std::vector<Position> positions;
  auto g = game::PlayGreedyGame(gen, o, [&](const Position& p) { positions.push_back(p); });
  REQUIRE(g.ok());
  REQUIRE_FALSE(positions.empty());
  game::GameRecord forged = *g;
  forged.players = {"One\n#player2 p2 Mallory", "Two\r\x1B[2J"};
  forged.title = "T\xE2\x80\xA8#title x\xFF";
  const std::string gcg = game::WriteGcg(forged, tl.lexicon().alphabet(), "CSW\n#lexicon NWL\xC2\x85");
  const std::vector<std::string> lines = Lines(gcg);
  // Independently: 5 pragmas, then one line per event.
  REQUIRE(lines.size() == 5 + forged.events.size());
  int pragmas = 0;
  for (const std::string& line : lines) {
    INFO(line);
    CHECK(TerminalProblem(line) == "");
    CHECK((line.rfind("#", 0) == 0 || line.rfind(">p", 0) == 0));
    pragmas += line[0] == '#';
  }
  CHECK(pragmas == 5);
  CHECK(lines[1] == "#player1 p1 One\\u{A}#player2 p2 Mallory");
  CHECK(lines[2] == "#player2 p2 Two\\u{D}\\u{1B}[2J");
  CHECK(lines[3] == "#title T\\u{2028}#title x\\xFF");
  CHECK(lines[4] == "#lexicon CSW\\u{A}#lexicon NWL\\u{85}");

  Position p = positions.back();
  p.SetOp("lex", "CSW;bb 1000\n");
  p.SetOp("pn\x1B", "x");
  const std::string cgp = WriteCgp(p, tl.lexicon().alphabet());
  INFO(cgp);
  CHECK(TerminalProblem(cgp) == "");
  CHECK(cgp.find('\n') == std::string::npos);
  auto back = ParseCgp(cgp, tl.lexicon().alphabet(), layout);
  REQUIRE(back.ok());
  CHECK(back->ops.size() == p.ops.size());
  CHECK(back->Op("lex") == "CSW\\u{3B}bb 1000\\u{A}");
  CHECK(back->Op("bb").empty());
}

}  // namespace lexc::gen::test
