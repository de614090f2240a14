// Layout files, CGP, board files, racks and move notation: round trips,
// the shipped files, and every error naming its field.
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

#include "gen_support.h"
#include "lexc/gen/cgp.h"
#include "lexc/gen/layout.h"
#include "lexc/gen/move.h"
#include "lexc/gen/movegen.h"
#include "lexc/gen/position.h"

namespace lexc::gen::test {

namespace {

std::string ErrorOf(const Status& st) { return st.ok() ? "ok" : st.detail(); }
template <class T>
std::string ErrorOf(const Result<T>& r) {
  return r.ok() ? "ok" : r.status().detail();
}

const char* kEmpty15 = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15";

}  // namespace

TEST_CASE("standard layout: premium counts and the shipped file", "[layout]") {
  const Layout l = Layout::Standard15();
  int dl = 0, tl = 0, dw = 0, tw = 0;
  for (int r = 0; r < 15; ++r) {
    for (int c = 0; c < 15; ++c) {
      dl += l.letter_mult(r, c) == 2, tl += l.letter_mult(r, c) == 3;
      dw += l.word_mult(r, c) == 2, tw += l.word_mult(r, c) == 3;
      CHECK(l.letter_mult(r, c) == l.letter_mult(c, r));  // symmetric
      CHECK(l.word_mult(r, c) == l.word_mult(14 - r, c));
    }
  }
  CHECK(dl == 24);
  CHECK(tl == 12);
  CHECK(dw == 17);
  CHECK(tw == 8);
  CHECK(l.start_row() == 7);
  CHECK(l.start_col() == 7);
  auto file = Layout::LoadFile(SourcePath("formats/layouts/standard15.txt"));
  REQUIRE(file.ok());
  CHECK(*file == l);
  CHECK(Layout::Parse(l.ToText(), "text").value() == l);
}

TEST_CASE("21x21 example layout", "[layout]") {
  auto l = Layout::LoadFile(SourcePath("formats/layouts/big21.txt"));
  INFO(ErrorOf(l));
  REQUIRE(l.ok());
  CHECK(l->rows() == 21);
  CHECK(l->cols() == 21);
  CHECK(l->start_row() == 10);
  CHECK(l->word_mult(0, 0) == 4);
  CHECK(Layout::Parse(l->ToText(), "text").value() == *l);
}

TEST_CASE("layout errors name the line", "[layout]") {
  CHECK(ErrorOf(Layout::Parse("size 3 3\n", "x")) == "x:1: expected 'name NAME' first, got \"size 3 3\"");
  CHECK(ErrorOf(Layout::Parse("name a\nsize 2 3\n...\n.*\n", "x")) == "x:4: row 2 has 2 squares, expected 3");
  CHECK(ErrorOf(Layout::Parse("name a\nsize 2 3\n...\n.*..\n", "x")) ==
        "x:4: row 2 has more than 3 squares, expected 3");
  CHECK(ErrorOf(Layout::Parse("name a\nsize 2 3\n...\n.*x\n", "x")) ==
        "x:4: unknown square symbol 'x' (expected one of . d t q D T Q * +)");
  CHECK(ErrorOf(Layout::Parse("name a\nsize 2 3\n*..\n.*.\n", "x")) ==
        "x:4: a second start square (the first is on line 3)");
  CHECK(ErrorOf(Layout::Parse("name a\nsize 2 3\n...\n...\n", "x")) == "x:5: no start square ('*' or '+')");
  CHECK(ErrorOf(Layout::Parse("name a\nsize 2 3\n...\n.*.\n...\n", "x")) == "x:5: more than 2 rows");
  CHECK(ErrorOf(Layout::Parse("name a\nsize 2 3\n.*.\n", "x")) == "x:4: 1 rows, expected 2");
  CHECK(Layout::Parse("name a\nsize 40 40\n", "x").status().code() == Errc::kLimit);
  CHECK(Layout::Parse("# c\nname a # c\n\nsize 1 2 # c\n* d # spaces between squares\n", "x").ok());
  CHECK(Layout::LoadFile("/nonexistent/x.txt").status().code() == Errc::kIo);
  // A device (or anything endless) is read only as far as the size limit.
  CHECK(ErrorOf(Layout::LoadFile("/dev/zero")) == "/dev/zero: over 1048576 bytes, not a layout file");
}

TEST_CASE("racks", "[rack]") {
  const Alphabet en = Alphabet::English();
  const Rack r = Rack::Parse(en, "RETAINS?").value();
  CHECK(r.size() == 8);
  CHECK(r.blanks() == 1);
  CHECK(r.ToString(en) == "AEINRST?");
  CHECK(r.Value(en) == 7);
  CHECK(Rack::Parse(en, "ab").value() == Rack::Parse(en, "AB").value());
  CHECK(ErrorOf(Rack::Parse(en, "AB3")) == "unknown tile '3' at character 3 of rack 'AB3' (alphabet english)");
  // A Rack holds any tile code; a position checks them against its alphabet.
  Position p;
  p.board = Board(15, 15);
  p.racks = {Rack()};
  p.racks[0].Add(200);
  p.scores = {0};
  CHECK(ErrorOf(ValidatePosition(p, Layout::Standard15(), en)) == "rack 1: tile code 200, the alphabet has 26");
  // Scores built in code are bounded as CGP's are.
  p.racks[0] = Rack();
  p.scores = {-2000000000};
  CHECK(ErrorOf(ValidatePosition(p, Layout::Standard15(), en)) ==
        "scores: -2000000000 is beyond 1000000000 either way");
  p.scores = {1000000000};
  CHECK(ValidatePosition(p, Layout::Standard15(), en).ok());
  int n = 0;
  ForEachExchange(Rack::Parse(en, "AAB?").value(), [&](const Rack&) { ++n; });
  CHECK(n == 3 * 2 * 2 - 1);
}

TEST_CASE("CGP round trip and interpretation", "[cgp]") {
  const Alphabet en = Alphabet::English();
  const Layout l = Layout::Standard15();
  const std::string text =
      "15/15/15/15/15/15/15/3WINDy7/15/15/15/15/15/15/15 ADEEGIL/?QZ 12/-5 3 lex CSW21; bb 35; lm 8D WINDY;";
  auto p = ParseCgp(text, en, l);
  INFO(ErrorOf(p));
  REQUIRE(p.ok());
  CHECK(p->board.at(7, 3) == MakeCell(23, false));
  CHECK(p->board.at(7, 7) == MakeCell(25, true));
  CHECK(p->racks.size() == 2);
  CHECK(p->racks[1].blanks() == 1);
  CHECK(p->scores == std::vector<int>{12, -5});
  CHECK(p->scoreless_turns == 3);
  CHECK(p->Op("lex") == "CSW21");
  CHECK(p->BingoBonus() == 35);
  CHECK(p->ExchangeLimit() == 7);
  CHECK(p->Op("lm") == "8D WINDY");
  CHECK(WriteCgp(*p, en) ==
        "15/15/15/15/15/15/15/3WINDy7/15/15/15/15/15/15/15 ADEEGIL/QZ? 12/-5 3 lex CSW21; bb 35; lm 8D WINDY;");
  // 100 tiles - 5 on the board - 10 on racks; the opponent's rack is listed
  // with 3 tiles, so 4 more are assumed on it.
  CHECK(Unseen(*p, en).total == 85);
  CHECK(BagSize(*p, en) == 81);
}

TEST_CASE("CGP with bracketed multi-letter tiles", "[cgp]") {
  auto es = Alphabet::LoadFile(SourcePath("formats/alphabets/spanish.txt"));
  REQUIRE(es.ok());
  const Layout l = Layout::Standard15();
  const std::string text = "15/15/15/15/15/15/15/6[CH]A[rr]O5/15/15/15/15/15/15/15 [LL]Ñ?/ 0/0 0";
  auto p = ParseCgp(text, *es, l);
  INFO(ErrorOf(p));
  REQUIRE(p.ok());
  CHECK(WriteCgp(*p, *es) == text);
  CHECK(CellIsBlank(p->board.at(7, 8)));
  CHECK(p->racks[0].size() == 3);
}

// Regression: CGP read one code point per tile, so a "CHE" rack was C,H,E
// while `lexc query` read CH,E. Both now read tile text (greedy, brackets).
TEST_CASE("CGP and board files read Spanish tiles as queries do", "[cgp]") {
  auto es = Alphabet::LoadFile(SourcePath("formats/alphabets/spanish.txt"));
  REQUIRE(es.ok());
  const Layout l = Layout::Standard15();
  const auto code = [&](const char* label) { return es->TokenizeOrError(label).value().at(0); };
  auto p = ParseCgp("15/15/15/15/15/15/15/6[ch]E[C]H5/15/15/15/15/15/15/15 CHE/C[H]E 0/0 0", *es, l);
  INFO(ErrorOf(p));
  REQUIRE(p.ok());
  CHECK(p->board.at(7, 6) == MakeCell(code("CH"), true));  // [ch]: a blank CH
  CHECK(p->board.at(7, 7) == MakeCell(code("E"), false));
  CHECK(p->board.at(7, 8) == MakeCell(code("C"), false));
  CHECK(p->board.at(7, 9) == MakeCell(code("H"), false));
  CHECK(p->racks[0].size() == 2);
  CHECK(p->racks[0].count(code("CH")) == 1);
  CHECK(p->racks[1].size() == 3);
  CHECK(p->racks[1].count(code("C")) == 1);
  CHECK(p->racks[1].count(code("H")) == 1);
  CHECK(WriteCgp(*p, *es) == "15/15/15/15/15/15/15/6[ch]EC[H]5/15/15/15/15/15/15/15 [CH]E/CEH 0/0 0");
  CHECK(ParseCgp(WriteCgp(*p, *es), *es, l).value().board == p->board);
  // Unbracketed lower case is a blank too; mixed case is refused.
  auto q = ParseCgp("15/15/15/15/15/15/15/6che7/15/15/15/15/15/15/15 / 0/0 0", *es, l);
  REQUIRE(q.ok());
  CHECK(q->board.at(7, 6) == MakeCell(code("CH"), true));
  CHECK(q->board.at(7, 7) == MakeCell(code("E"), true));
  CHECK(ErrorOf(ParseCgp("15/15/15/15/15/15/15/6Che7/15/15/15/15/15/15/15 / 0/0 0", *es, l)) ==
        "cgp board: row 8: tile 'Ch' mixes upper and lower case (a blank is written in lower case)");
  // Board files: the same reading.
  std::string text;
  for (int r = 0; r < 15; ++r) text += r == 7 ? "......CHE.......\n" : "...............\n";
  auto b = ParseBoardFile(text, "b.txt", *es, l);
  INFO(ErrorOf(b));
  REQUIRE(b.ok());  // 6 + CH,E + 7 squares
  CHECK(b->at(7, 6) == MakeCell(code("CH"), false));
  CHECK(WriteBoardFile(*b, *es).find("......[CH]E.......\n") != std::string::npos);
  CHECK(ParseBoardFile(WriteBoardFile(*b, *es), "again", *es, l).value() == *b);
}

TEST_CASE("CGP errors name the field", "[cgp]") {
  const Alphabet en = Alphabet::English();
  const Layout l = Layout::Standard15();
  const auto err = [&](const std::string& text) { return ErrorOf(ParseCgp(text, en, l)); };
  const std::string e = kEmpty15;
  CHECK(err("") == "cgp board: missing (a CGP line has 4 fields before its operations)");
  CHECK(err(e + " A/B 0/0") == "cgp scoreless turns: missing (a CGP line has 4 fields before its operations)");
  CHECK(err("15/15 A/ 0/0 0") == "cgp board: 2 rows, expected 15 (layout standard15)");
  CHECK(err("16/15/15/15/15/15/15/15/15/15/15/15/15/15/15 A/ 0/0 0") == "cgp board: row 1 has 16 squares, expected 15");
  CHECK(err("15/15/7A6/15/15/15/15/15/15/15/15/15/15/15/15 A/ 0/0 0") ==
        "cgp board: row 3 has 14 squares, expected 15");
  CHECK(err("15/15/7É7/15/15/15/15/15/15/15/15/15/15/15/15 A/ 0/0 0") == "cgp board: row 3: unknown tile 'É'");
  CHECK(err("15/15/7A8B/15/15/15/15/15/15/15/15/15/15/15/15 A/ 0/0 0") ==
        "cgp board: row 3 has more than 16 squares, expected 15");
  // Found by review: a row of runs long enough to wrap an int column wrote
  // outside the board. Counting now stops one square past the board.
  {
    std::string row;
    for (int i = 0; i < 600000; ++i) row += "9999";
    CHECK(err(row + "A/15/15/15/15/15/15/15/15/15/15/15/15/15/15 A/ 0/0 0") ==
          "cgp board: row 1 has more than 9999 squares, expected 15");
  }
  CHECK(err(e + " AB3/ 0/0 0") == "cgp rack 1: unknown tile '3' at character 3 of rack 'AB3' (alphabet english)");
  CHECK(err(e + " ABCDEFGH/ 0/0 0") == "cgp rack 1: 8 tiles, a rack holds at most 7");
  CHECK(err(e + " A/B 0/x 0") == "cgp scores: 'x' is not a number from -1000000000 to 1000000000");
  // Scores are bounded (an endgame's spread of 2147483647 against
  // -2147483648 overflowed an int); the bounds themselves are read.
  CHECK(err(e + " A/B 2147483647/-2147483648 0") ==
        "cgp scores: '2147483647' is not a number from -1000000000 to 1000000000");
  CHECK(err(e + " A/B 0/-1000000001 0") == "cgp scores: '-1000000001' is not a number from -1000000000 to 1000000000");
  CHECK(err(e + " A/B 1000000000/-1000000000 0") == "ok");
  CHECK(err(e + " A/B 0/0/0 0") == "cgp scores: 3 scores for 2 racks");
  CHECK(err(e + " A/B 0/0 -1") == "cgp scoreless turns: '-1' is not a count");
  CHECK(err(e + " A/B 0/0 0 lex X") == "cgp operations: 'lex X' lacks its ';'");
  CHECK(err(e + " A/B 0/0 0 bb many;") == "cgp operation bb: 'many' is not a count");
  CHECK(err("15/15/15/15/15/15/15/6ZZ7/15/15/15/15/15/15/15 /Z 0/0 0") ==
        "cgp tiles: 3 'Z' on the board and racks, the set has 1");
  CHECK(err(e + " ??\?/ 0/0 0") == "cgp tiles: 3 blanks on the board and racks, the set has 2");
  CHECK(err(e + " ?/ 0/0 0 lex X;") == "ok");
}

TEST_CASE("board files", "[cgp]") {
  const Alphabet en = Alphabet::English();
  const Layout l = Layout::Standard15();
  std::string text = "# a board\n";
  for (int r = 0; r < 15; ++r) text += r == 7 ? "...W I N D y .......\n" : "...............\n";
  auto b = ParseBoardFile(text, "b.txt", en, l);
  INFO(ErrorOf(b));
  REQUIRE(b.ok());
  CHECK(WriteCgpBoard(*b, en) == "15/15/15/15/15/15/15/3WINDy7/15/15/15/15/15/15/15");
  CHECK(ParseBoardFile(WriteBoardFile(*b, en), "again", en, l).value() == *b);
  CHECK(ErrorOf(ParseBoardFile("...\n", "b.txt", en, l)) == "b.txt:1: row 1 has 3 squares, expected 15");
  CHECK(ErrorOf(ParseBoardFile("..3\n", "b.txt", en, l)) == "b.txt:1: unknown tile '3'");
  // Outside text that fails to parse is kBadInput, as layout files are.
  CHECK(ParseBoardFile("..3\n", "b.txt", en, l).status().code() == Errc::kBadInput);
  CHECK(ParseCgp("15/15 A/ 0/0 0", en, l).status().code() == Errc::kBadInput);
  CHECK(ParseCgp(std::string(kEmpty15) + " QQ/ 0/0 0", en, l).status().code() == Errc::kBadInput);
  CHECK(ErrorOf(ParseBoardFile("...............\n", "b.txt", en, l)) ==
        "b.txt: 1 rows, expected 15 (layout standard15)");
  CHECK(ErrorOf(ParseBoardFile(std::string(100000, '.') + "A\n", "b.txt", en, l)) ==
        "b.txt:1: row 1 has more than 16 squares, expected 15");
  std::string sixteen;
  for (int r = 0; r < 16; ++r) sixteen += "...............\n";
  CHECK(ErrorOf(ParseBoardFile(sixteen, "b.txt", en, l)) == "b.txt:16: more than 15 rows (layout standard15)");
}

TEST_CASE("move notation", "[notation]") {
  const Alphabet en = Alphabet::English();
  Play p;
  p.row = 7, p.col = 3, p.length = 5, p.placed = 4, p.score = 18;
  const char* word = "GELID";
  for (int i = 0; i < 5; ++i) p.cells[i] = MakeCell(static_cast<Tile>(word[i] - 'A' + 1), i == 1);
  p.through = 1u << 3;
  CHECK(FormatMove(Move::FromPlay(p), en) == "8D GeL(I)D 18");
  p.dir = Dir::kDown;
  CHECK(FormatMove(Move::FromPlay(p), en) == "D8 GeL(I)D 18");
  p.through = 0b11001;
  CHECK(PlayWord(p, en) == "(G)eL(ID)");
  CHECK(ColumnName(0) == "A");
  CHECK(ColumnName(25) == "Z");
  CHECK(ColumnName(26) == "AA");
  CHECK(Coordinate(20, 20, Dir::kAcross) == "21U");
  Move x;
  x.kind = Move::Kind::kExchange;
  x.exchange = Rack::Parse(en, "?EA").value();
  CHECK(FormatMove(x, en) == "exch AE? 0");
  CHECK(FormatMove(Move(), en) == "pass 0");
  CHECK(p.Tiles().ToString(en) == "L?");
}

TEST_CASE("ApplyPlay checks the board", "[notation]") {
  Board b(15, 15);
  Play p;
  p.row = 7, p.col = 13, p.length = 3, p.placed = 3;
  p.cells[0] = p.cells[1] = p.cells[2] = 1;
  CHECK(ErrorOf(ApplyPlay(p, &b)) == "play 8N runs off the board");
  p.col = 7;
  REQUIRE(ApplyPlay(p, &b).ok());
  CHECK(ErrorOf(ApplyPlay(p, &b)) == "play 8H: square 8H is occupied");
  p.through = 1;
  p.cells[0] = 2;
  CHECK(ErrorOf(ApplyPlay(p, &b)) == "play 8H: square 8H does not hold the through tile");
}

}  // namespace lexc::gen::test
