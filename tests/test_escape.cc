// lexc/escape.h, and every libformat reader's messages: outside text holding
// ESC sequences, line breaks, bidirectional overrides or invalid UTF-8 reaches
// a message only escaped. Each message is checked by test::TerminalProblem, an
// independent byte-level scan, and for the escaped form of what was fed in.
#include <catch2/catch.hpp>
#include <random>
#include <string>

#include "lexc/alphabet.h"
#include "lexc/escape.h"
#include "lexc/io.h"
#include "lexc/query.h"
#include "lexc/rack.h"
#include "lexc/tile_text.h"
#include "lexc/wordlist.h"
#include "test_support.h"

namespace lexc {
namespace {

using test::TerminalProblem;

// Outside text as an attacker would write it: a colour-and-clear ESC
// sequence, a forged second line, a right-to-left override and a byte that
// is not UTF-8.
const std::string kHostile = "AB\x1B[31m\x1B[2J\nFORGED\xE2\x80\xAE\xFF";

// The message must be clean and show what was fed in, escaped.
void CheckMessage(const std::string& message) {
  INFO(message);
  CHECK(TerminalProblem(message) == "");
  CHECK(message.find("\\u{1B}[31m") != std::string::npos);
}

TEST_CASE("EscapeText renders controls, invisible characters and invalid UTF-8 as escapes") {
  CHECK(EscapeText("CAFÉ ok") == "CAFÉ ok");
  CHECK(EscapeText("A\x1B[31mB") == "A\\u{1B}[31mB");
  CHECK(EscapeText("a\nb\r\tc") == "a\\u{A}b\\u{D}\\u{9}c");
  CHECK(EscapeText("\x7F\xC2\x85") == "\\u{7F}\\u{85}");                        // DEL, NEL (C1)
  CHECK(EscapeText("x\xE2\x80\xAEy\xE2\x81\xA6z") == "x\\u{202E}y\\u{2066}z");  // RLO, LRI
  CHECK(EscapeText("\xEF\xBB\xBF\xE2\x80\x8B") == "\\u{FEFF}\\u{200B}");        // BOM, ZWSP
  CHECK(EscapeText("\xFF\xC3(") == "\\xFF\\xC3(");                              // not UTF-8
  CHECK(EscapeText("\xED\xA0\x80") == "\\xED\\xA0\\x80");                       // a surrogate
  CHECK(EscapeText("say \"hi\" \\ 'x'") == "say \\\"hi\\\" \\\\ 'x'");
  CHECK(EscapeText("say \"hi\" 'x'", '\'') == "say \"hi\" \\'x\\'");
  CHECK(EscapeText("\\u{1B} \"a\"\x1B", '\0') == "\\u{1B} \"a\"\\u{1B}");  // a finished message: controls only
  CHECK(EscapeText(std::string(100, 'A'), '"', 10) == std::string(10, 'A') + "...");
}

TEST_CASE("QuoteText and QuotePath") {
  CHECK(QuoteText("AB3", '\'') == "'AB3'");
  CHECK(QuoteText("a\"b") == "\"a\\\"b\"");
  CHECK(QuotePath("lists/words 2.txt") == "lists/words 2.txt");
  CHECK(QuotePath("a\\b\"c") == "a\\b\"c");  // printable: as given
  CHECK(QuotePath("dir/\x1B]0;owned\x07.txt") == "\"dir/\\u{1B}]0;owned\\u{7}.txt\"");
  CHECK(QuotePath(std::string(300, 'x') + "\n") == "\"" + std::string(300, 'x') + "\\u{A}\"");  // never cut
  CHECK(IsPrintableText("é [CH] ?"));
  CHECK_FALSE(IsPrintableText("a\tb"));
}

TEST_CASE("RecordTextProblem refuses line breaks, controls, invisible characters and invalid UTF-8") {
  CHECK(RecordTextProblem("") == "");
  CHECK(RecordTextProblem("CSW21 Collins Scrabble Words, é, 日本") == "");
  CHECK(RecordTextProblem("CSW\n#player1 evil Evil") == "holds a line break (U+000A) at byte 4");
  CHECK(RecordTextProblem("a\r") == "holds a line break (U+000D) at byte 2");
  CHECK(RecordTextProblem("x\xE2\x80\xA8") == "holds a line break (U+2028) at byte 2");
  CHECK(RecordTextProblem("\xC2\x85") == "holds a line break (U+0085) at byte 1");
  CHECK(RecordTextProblem("\x1B[2J") == "holds a control character (U+001B) at byte 1");
  CHECK(RecordTextProblem("a\tb") == "holds a control character (U+0009) at byte 2");
  CHECK(RecordTextProblem("ab\x7F") == "holds a control character (U+007F) at byte 3");
  CHECK(RecordTextProblem("ab\xE2\x80\xAE") == "holds an invisible format character (U+202E) at byte 3");
  CHECK(RecordTextProblem("ab\xFF") == "holds invalid UTF-8 (byte \\xFF) at byte 3");
  CHECK(RecordText("fine") == "fine");
  CHECK(RecordText("CSW\n#player1") == "CSW\\u{A}#player1");
}

TEST_CASE("escaping random bytes: nothing a terminal interprets survives, records stay one line") {
  std::mt19937_64 rng(18);
  for (int round = 0; round < 3000; ++round) {
    std::string s(rng() % 24, '\0');
    for (char& c : s) {
      const auto r = rng() % 8;  // bias towards the dangerous ranges
      c = static_cast<char>(r < 2 ? rng() % 0x20 : r < 3 ? 0x7F : r < 4 ? 0xC2 : r < 5 ? 0xE2 : rng() % 256);
    }
    INFO(EscapeText(s));
    CHECK(TerminalProblem(QuoteText(s, '"', 1000)) == "");
    CHECK(TerminalProblem(QuotePath(s)) == "");
    const std::string record = RecordText(s);
    CHECK(RecordTextProblem(record) == "");
    CHECK(TerminalProblem(record) == "");
    if (RecordTextProblem(s).empty()) CHECK(TerminalProblem(s) == "");
  }
}

TEST_CASE("word-list, alphabet, tile-text, rack, pattern and file messages quote outside text escaped") {
  const Alphabet en = Alphabet::English();
  SECTION("a word-list line") {
    auto r = ParseWordList("CAT\n" + kHostile + "\nDOG\n", "list.txt", en, ReadOptions{}, nullptr);
    REQUIRE_FALSE(r.ok());
    CheckMessage(r.status().detail());
    CHECK(r.status().detail().rfind("list.txt:2: ", 0) == 0);
  }
  SECTION("an alphabet file: label, name and count fields") {
    for (const std::string& text :
         {"name x\n" + kHostile + " 1 1\n", "name " + kHostile + "\nA 1 1\n", "name x\nA 1 " + kHostile + "\n"}) {
      auto a = Alphabet::Parse(text, "abc.txt");
      REQUIRE_FALSE(a.ok());
      INFO(a.status().detail());
      CHECK(TerminalProblem(a.status().detail()) == "");
      CHECK(a.status().detail().rfind("abc.txt:", 0) == 0);
    }
  }
  SECTION("tile text, a rack and a pattern") {
    auto word = ParseTileText(en, kHostile);
    REQUIRE_FALSE(word.ok());
    CheckMessage(word.status().detail());
    auto rack = Rack::Parse(en, kHostile);
    REQUIRE_FALSE(rack.ok());
    CheckMessage(rack.status().detail());
    auto query_rack = ParseRack(en, kHostile);
    REQUIRE_FALSE(query_rack.ok());
    CheckMessage(query_rack.status().detail());
    auto pattern = ParsePattern(en, "A*" + kHostile);
    REQUIRE_FALSE(pattern.ok());
    CheckMessage(pattern.status().detail());
    auto bracket = ParseTileText(en, "A[\x1B[0m]");
    REQUIRE_FALSE(bracket.ok());
    INFO(bracket.status().detail());
    CHECK(TerminalProblem(bracket.status().detail()) == "");
  }
  SECTION("a file name") {
    const std::string path = "no-such-dir/\x1B]0;owned\x07\n.txt";
    auto r = ReadFileBytes(path);
    REQUIRE_FALSE(r.ok());
    INFO(r.status().detail());
    CHECK(TerminalProblem(r.status().detail()) == "");
    CHECK(r.status().detail().rfind("\"no-such-dir/\\u{1B}]0;owned\\u{7}\\u{A}.txt\": ", 0) == 0);
  }
}

}  // namespace
}  // namespace lexc
