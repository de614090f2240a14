// Word lists: random lists written every tolerated way read back as the
// std::set model; zstd input equals plain input; every bad line is a
// bad-input error naming file:line; skip_invalid counts; fixtures; SOWPODS.
#include <fcntl.h>
#include <unistd.h>
#include <zstd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "lexc/alphabet.h"
#include "lexc/io.h"
#include "lexc/wordlist.h"
#include "test_support.h"

using lexc::Alphabet;
using lexc::Errc;
using lexc::ReadOptions;
using lexc::ReadReport;
using lexc::Tile;
using lexc::WordList;
using Word = std::vector<Tile>;

namespace {

using lexc::test::WordLess;
using lexc::test::WordSet;

Alphabet Spanish() {
  auto a = Alphabet::LoadFile(lexc::test::SourcePath("formats/alphabets/spanish.txt"));
  REQUIRE(a.ok());
  return *a;
}

WordSet AsSet(const WordList& list) {
  WordSet out;
  for (std::size_t i = 0; i < list.size(); ++i) out.emplace(list[i].begin(), list[i].end());
  return out;
}

// The list must be strictly increasing; then it equals the model exactly.
void RequireEqualsModel(const WordList& list, const WordSet& model) {
  for (std::size_t i = 1; i < list.size(); ++i) {
    const Word a(list[i - 1].begin(), list[i - 1].end()), b(list[i].begin(), list[i].end());
    REQUIRE(WordLess()(a, b));
  }
  REQUIRE(list.size() == model.size());
  std::size_t i = 0;
  for (const Word& w : model) {
    REQUIRE(Word(list[i].begin(), list[i].end()) == w);
    ++i;
  }
}

// Spells a word with each tile in upper or lower case at random (mixed case
// inside one tile, "Ch", is covered by test_alphabet's model test).
std::string Spell(const Alphabet& a, const Word& w, std::mt19937_64& rng) {
  std::string out;
  for (Tile t : w) out += (rng() % 3 == 0) ? a.tile(t).lower : a.tile(t).label;
  return out;
}

// Whether greedy matching can read the word back as written: no tile is
// followed by text that extends its label into a longer label (Spanish C
// then H spells CH). Decided from the labels alone, not by the tokenizer.
bool Unambiguous(const Alphabet& a, const Word& w) {
  for (std::size_t i = 0; i + 1 < w.size(); ++i) {
    const std::string joined = a.tile(w[i]).label + a.tile(w[i + 1]).label;
    for (int t = 1; t <= a.size(); ++t) {
      const std::string& l = a.tile(static_cast<Tile>(t)).label;
      if (l.size() > a.tile(w[i]).label.size() && joined.compare(0, l.size(), l) == 0) return false;
    }
  }
  return true;
}

// Writes the words (with duplicates) in random order, with random case,
// CRLF or LF, blanks around words, comment and empty lines, maybe a BOM and
// maybe no final newline.
std::string WriteMessy(const Alphabet& a, const std::vector<Word>& words, std::mt19937_64& rng) {
  std::vector<Word> lines = words;
  for (std::size_t i = 0; i < words.size() / 5; ++i) lines.push_back(words[rng() % words.size()]);
  std::shuffle(lines.begin(), lines.end(), rng);
  std::string text = (rng() % 2) ? "\xEF\xBB\xBF" : "";
  const char* pads[] = {"", "", "", " ", "\t", "  \t", "\v", "\f"};
  for (const Word& w : lines) {
    switch (rng() % 12) {
      case 0:
        text += "# a comment line\n";
        break;
      case 1:
        text += "   \t\r\n";
        break;
      case 2:
        text += "\n";
        break;
      case 3:
        text += "  #indented comment, CAFÉ \xFF\r\n";
        break;
      default:
        break;
    }
    text += pads[rng() % 8];
    text += Spell(a, w, rng);
    text += pads[rng() % 8];
    text += (rng() % 3 == 0) ? "\r\n" : "\n";
  }
  if (rng() % 2) {  // the last line is a word line: drop its line end
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
  }
  return text;
}

std::string Zstd(std::string_view plain, bool checksum = false) {
  std::unique_ptr<ZSTD_CCtx, decltype(&ZSTD_freeCCtx)> cctx(ZSTD_createCCtx(), &ZSTD_freeCCtx);
  ZSTD_CCtx_setParameter(cctx.get(), ZSTD_c_checksumFlag, checksum ? 1 : 0);
  std::string out(ZSTD_compressBound(plain.size()), '\0');
  const std::size_t n = ZSTD_compress2(cctx.get(), out.data(), out.size(), plain.data(), plain.size());
  REQUIRE_FALSE(ZSTD_isError(n));
  out.resize(n);
  return out;
}

// A frame that does not declare its content size (streamed in pieces).
std::string ZstdStreamed(std::string_view plain) {
  std::unique_ptr<ZSTD_CCtx, decltype(&ZSTD_freeCCtx)> cctx(ZSTD_createCCtx(), &ZSTD_freeCCtx);
  std::string out;
  std::vector<char> buf(ZSTD_CStreamOutSize());
  ZSTD_inBuffer in{plain.data(), plain.size(), 0};
  for (;;) {
    const bool last = in.pos == in.size;
    ZSTD_outBuffer o{buf.data(), buf.size(), 0};
    // Feed at most 1000 bytes at a time so the size is never known up front.
    ZSTD_inBuffer piece{static_cast<const char*>(in.src) + in.pos, std::min<std::size_t>(1000, in.size - in.pos), 0};
    const std::size_t r = ZSTD_compressStream2(cctx.get(), &o, &piece, last ? ZSTD_e_end : ZSTD_e_continue);
    REQUIRE_FALSE(ZSTD_isError(r));
    in.pos += piece.pos;
    out.append(buf.data(), o.pos);
    if (last && r == 0) break;
  }
  REQUIRE(ZSTD_getFrameContentSize(out.data(), out.size()) == ZSTD_CONTENTSIZE_UNKNOWN);
  return out;
}

class TempFile {
 public:
  explicit TempFile(const std::string& content) {
    static int counter = 0;
    path_ = (std::filesystem::temp_directory_path() /
             ("lexc-test-wordlist-" + std::to_string(::getpid()) + "-" + std::to_string(counter++)))
                .string();
    std::ofstream(path_, std::ios::binary) << content;
  }
  ~TempFile() { std::filesystem::remove(path_); }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

lexc::Status ParseError(std::string_view text, const Alphabet& a = Alphabet::English(), ReadOptions o = {}) {
  auto r = lexc::ParseWordList(text, "in.txt", a, o, nullptr);
  REQUIRE_FALSE(r.ok());
  return r.status();
}

}  // namespace

TEST_CASE("Random English lists read back as the set model, however they are written") {
  const Alphabet en = Alphabet::English();
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    std::mt19937_64 rng(seed);
    const auto words = lexc::test::RandomWords(rng, 1500, 26, 15);
    const WordSet model(words.begin(), words.end());
    const std::string text = WriteMessy(en, words, rng);
    ReadReport rep;
    auto list = lexc::ParseWordList(text, "random.txt", en, {}, &rep);
    INFO("seed " << seed << ": " << list.status().ToString());
    REQUIRE(list.ok());
    RequireEqualsModel(*list, model);
    CHECK(rep.words - rep.duplicates == model.size());
    CHECK(rep.lines ==
          static_cast<std::uint64_t>(std::count(text.begin(), text.end(), '\n')) + (text.back() == '\n' ? 0 : 1));
    CHECK(rep.input_bytes == text.size());
    CHECK_FALSE(rep.compressed);
    CHECK(rep.skipped_invalid == 0);
  }
}

TEST_CASE("Random Spanish lists (multi-byte tiles, digraphs) read back as the set model") {
  const Alphabet es = Spanish();
  for (std::uint64_t seed = 11; seed <= 14; ++seed) {
    std::mt19937_64 rng(seed);
    std::vector<Word> words;
    for (auto& w : lexc::test::RandomWords(rng, 3000, es.size(), 12))
      if (Unambiguous(es, w)) words.push_back(std::move(w));
    REQUIRE(words.size() > 500);
    const WordSet model(words.begin(), words.end());
    const std::string text = WriteMessy(es, words, rng);
    auto list = lexc::ParseWordList(text, "es.txt", es, {.max_len = 12}, nullptr);
    INFO("seed " << seed << ": " << list.status().ToString());
    REQUIRE(list.ok());
    RequireEqualsModel(*list, model);
  }
}

TEST_CASE("zstd input equals plain input: one frame, streamed frame, several frames") {
  const Alphabet en = Alphabet::English();
  std::mt19937_64 rng(99);
  const auto words = lexc::test::RandomWords(rng, 4000, 26, 15);
  const std::string plain = WriteMessy(en, words, rng);
  ReadReport plain_rep;
  auto want = lexc::ParseWordList(plain, "plain", en, {}, &plain_rep);
  REQUIRE(want.ok());

  const std::size_t half = plain.find('\n', plain.size() / 2) + 1;
  const std::vector<std::pair<const char*, std::string>> forms = {
      {"one frame", Zstd(plain)},
      {"checksummed", Zstd(plain, true)},
      {"streamed", ZstdStreamed(plain)},
      {"two frames", Zstd(plain.substr(0, half)) + ZstdStreamed(plain.substr(half))},
  };
  for (const auto& [what, z] : forms) {
    INFO(what);
    ReadReport rep;
    auto got = lexc::ParseWordList(z, "in.zst", en, {}, &rep);
    INFO(got.status().ToString());
    REQUIRE(got.ok());
    CHECK(AsSet(*got) == AsSet(*want));
    CHECK(rep.compressed);
    CHECK(rep.input_bytes == plain.size());
    CHECK(rep.lines == plain_rep.lines);
    CHECK(rep.duplicates == plain_rep.duplicates);

    TempFile f(z);
    bool compressed = false;
    auto bytes = lexc::ReadInputBytes(f.path(), &compressed);
    REQUIRE(bytes.ok());
    CHECK(compressed);
    CHECK(*bytes == plain);
    auto from_file = lexc::ReadWordList(f.path(), en, {}, nullptr);
    REQUIRE(from_file.ok());
    CHECK(AsSet(*from_file) == AsSet(*want));
  }
  // An empty frame is an empty list.
  auto empty = lexc::ParseWordList(Zstd(""), "e.zst", en, {}, nullptr);
  REQUIRE(empty.ok());
  CHECK(empty->size() == 0);
}

TEST_CASE("Corrupt or truncated zstd is bad input naming the file") {
  const Alphabet en = Alphabet::English();
  std::mt19937_64 rng(5);
  const std::string plain = WriteMessy(en, lexc::test::RandomWords(rng, 2000, 26, 15), rng);
  const std::string z = Zstd(plain, true);
  auto expect_bad = [&](const std::string& bytes, const std::string& needle) {
    auto r = lexc::ParseWordList(bytes, "list.zst", en, {}, nullptr);
    REQUIRE_FALSE(r.ok());
    CHECK(r.status().code() == Errc::kBadInput);
    INFO(r.status().detail());
    CHECK(r.status().detail().rfind("list.zst: ", 0) == 0);
    CHECK(r.status().detail().find(needle) != std::string::npos);
  };
  expect_bad(z.substr(0, z.size() - 1), "truncated zstd data");
  expect_bad(z.substr(0, z.size() / 2), "truncated zstd data");
  expect_bad(z.substr(0, 6), "");
  std::string flipped = z;
  flipped.back() = static_cast<char>(flipped.back() ^ 0x01);  // the content checksum
  expect_bad(flipped, "corrupt zstd data");
  expect_bad(z + "garbage!", "corrupt zstd data");
  expect_bad(std::string("\x28\xB5\x2F\xFD", 4), "");

  TempFile f(z.substr(0, z.size() - 3));
  bool compressed = false;
  auto bytes = lexc::ReadInputBytes(f.path(), &compressed);
  REQUIRE_FALSE(bytes.ok());
  CHECK(bytes.status().code() == Errc::kBadInput);
  CHECK(bytes.status().detail().rfind(f.path() + ": ", 0) == 0);
}

TEST_CASE("Every bad line is bad input naming file:line, the reason and the text") {
  struct Case {
    std::string text;
    std::string detail;  // exact
  };
  const std::vector<Case> cases = {
      {"CAT\nDOG\nCAFÉ\n", "in.txt:3: character \"É\" (U+00C9) at byte 4 is not in the alphabet \"english\": \"CAFÉ\""},
      {"  cafe1\n", "in.txt:1: character \"1\" (U+0031) at byte 7 is not in the alphabet \"english\": \"cafe1\""},
      {"A\n  B C \n", "in.txt:2: more than one word on the line: \"B C\""},
      {"A\r\nB\r\nC\tD\r\n", "in.txt:3: more than one word on the line: \"C\\u{9}D\""},
      {"WORD # note\n", "in.txt:1: more than one word on the line: \"WORD # note\""},
      {std::string("A\nB\0C\n", 6), "in.txt:2: NUL byte at byte 2 (UTF-16 or binary input?): \"B\\u{0}C\""},
      {std::string("\xFF\xFE"
                   "A\0\n\0",
                   6),
       "in.txt:1: UTF-16 text (byte order mark FF FE); word lists are UTF-8: iconv -f UTF-16 -t UTF-8 converts it: "
       "\"\\xFF\\xFEA\\u{0}\""},
      {std::string("C\0A\0T\0\n\0", 8),
       "in.txt:1: NUL byte at byte 2: UTF-16 text; word lists are UTF-8: iconv -f UTF-16 -t UTF-8 converts it: "
       "\"C\\u{0}A\\u{0}T\\u{0}\""},
      {"AB\xC3\x28\n", "in.txt:1: invalid UTF-8 at byte 3: \"AB\\xC3(\""},
      {"\xC0\xAF\n", "in.txt:1: invalid UTF-8 at byte 1: \"\\xC0\\xAF\""},
      {"A\xED\xA0\x80\n", "in.txt:1: invalid UTF-8 at byte 2: \"A\\xED\\xA0\\x80\""},
      {"CA\xE2\x80\x8BT\n",
       "in.txt:1: character \"\\u{200B}\" (U+200B) at byte 3 is not in the alphabet \"english\": \"CA\\u{200B}T\""},
      {"# c\n\n#x\nA1\n", "in.txt:4: character \"1\" (U+0031) at byte 2 is not in the alphabet \"english\": \"A1\""},
      {"\xEF\xBB\xBFok\nA\"B\n",
       "in.txt:2: character \"\\\"\" (U+0022) at byte 2 is not in the alphabet \"english\": \"A\\\"B\""},
      {"A\nB\nC?", "in.txt:3: character \"?\" (U+003F) at byte 2 is not in the alphabet \"english\": \"C?\""},
      {"ABCDEFGHIJKLMNO\nABCDEFGHIJKLMNOP\n", "in.txt:2: word has 16 tiles, over max-len 15: \"ABCDEFGHIJKLMNOP\""},
      {"A\n\xEF\xBB\xBF"
       "B\n",
       "in.txt:2: character \"\\u{FEFF}\" (U+FEFF) at byte 1 is not in the alphabet \"english\": \"\\u{FEFF}B\""},
  };
  for (const Case& c : cases) {
    INFO("input: " << c.text);
    const lexc::Status st = ParseError(c.text);
    CHECK(st.code() == Errc::kBadInput);
    CHECK(st.detail() == c.detail);
  }
  // Spanish: tiles count, not letters; K is not a tile.
  const Alphabet es = Spanish();
  CHECK(ParseError("CHURRO\n", es, {.max_len = 3}).detail() ==
        "in.txt:1: word has 4 tiles, over max-len 3: \"CHURRO\"");
  CHECK(lexc::ParseWordList("CHURRO\n", "in.txt", es, {.max_len = 4}, nullptr).ok());
  CHECK(ParseError("\nKIWI\n", es).detail() ==
        "in.txt:2: character \"K\" (U+004B) at byte 1 is not in the alphabet \"spanish\": \"KIWI\"");
  CHECK(ParseError("GARÇON\n", es).detail().find("character \"Ç\" (U+00C7) at byte 4") != std::string::npos);
}

TEST_CASE("Binary garbage is quoted safely and briefly") {
  std::string garbage;
  std::mt19937_64 rng(3);
  for (int i = 0; i < 5000; ++i) {
    const auto b = static_cast<char>(rng() % 256);
    if (b != '\n') garbage += b;
  }
  garbage = "Q" + garbage;  // a word start, then junk
  const lexc::Status st = ParseError(garbage);
  CHECK(st.code() == Errc::kBadInput);
  const std::string& d = st.detail();
  INFO(d);
  CHECK(d.rfind("in.txt:1: ", 0) == 0);
  CHECK(d.size() < 400);
  CHECK(d.find("...\"") != std::string::npos);
  for (unsigned char c : d) CHECK((c >= 0x20 && c != 0x7F));
}

TEST_CASE("skip_invalid counts and quotes skipped lines") {
  const std::string text =
      "CAT\n"
      "CAFÉ\n"  // 2 invalid
      "DOG\n"
      "TWO WORDS\n"           // 4 invalid
      "ABCDEFGHIJKLMNOPQ\n"   // 5 long
      "dog\n"                 // duplicate
      "A1\n"                  // 7 invalid
      "ABCDEFGHIJKLMNOPQR\n"  // 8 long
      "\xFF\n"                // 9 invalid
      "ZEBRA";
  ReadReport rep;
  ReadOptions o;
  o.skip_invalid = true;
  o.max_reported = 3;
  auto list = lexc::ParseWordList(text, "s.txt", Alphabet::English(), o, &rep);
  REQUIRE(list.ok());
  CHECK(list->size() == 3);
  CHECK(rep.lines == 10);
  CHECK(rep.words == 4);
  CHECK(rep.duplicates == 1);
  CHECK(rep.skipped_invalid == 4);
  CHECK(rep.skipped_long == 2);
  REQUIRE(rep.examples.size() == 3);
  CHECK(rep.examples[0].rfind("s.txt:2: character \"É\"", 0) == 0);
  CHECK(rep.examples[1] == "s.txt:4: more than one word on the line: \"TWO WORDS\"");
  CHECK(rep.examples[2] == "s.txt:5: word has 17 tiles, over max-len 15: \"ABCDEFGHIJKLMNOPQ\"");

  o.max_reported = -1;
  REQUIRE(lexc::ParseWordList(text, "s.txt", Alphabet::English(), o, &rep).ok());
  CHECK(rep.examples.empty());
  CHECK(rep.skipped_invalid == 4);  // the report is reset per call
}

TEST_CASE("Edge inputs and options") {
  const Alphabet en = Alphabet::English();
  ReadReport rep;
  for (const std::string text : {"", "\n", "\xEF\xBB\xBF", "# only\r\n\r\n   \n", "\xEF\xBB\xBF\n"}) {
    auto list = lexc::ParseWordList(text, "e", en, {}, &rep);
    REQUIRE(list.ok());
    CHECK(list->size() == 0);
  }
  auto one = lexc::ParseWordList("\xEF\xBB\xBFqi", "e", en, {}, &rep);
  REQUIRE(one.ok());
  CHECK(en.Render((*one)[0]) == "QI");
  CHECK(rep.lines == 1);

  auto bad = lexc::ParseWordList("A\n", "e", en, {.max_len = 0}, nullptr);
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.status().code() == Errc::kInvalidArgument);
}

TEST_CASE("Files, standard input and io errors") {
  const Alphabet en = Alphabet::English();
  auto missing = lexc::ReadWordList("/nonexistent/words.txt", en, {}, nullptr);
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.status().code() == Errc::kIo);
  CHECK(missing.status().detail() == "/nonexistent/words.txt: cannot open: No such file or directory");

  bool compressed = true;
  const std::string dir = std::filesystem::temp_directory_path().string();
  auto d = lexc::ReadInputBytes(dir, &compressed);
  REQUIRE_FALSE(d.ok());
  CHECK(d.status().code() == Errc::kIo);
  CHECK(d.status().detail() == dir + ": cannot read: Is a directory");

  TempFile f("ZOO\nAPE\nzoo\n");
  ReadReport rep;
  auto list = lexc::ReadWordList(f.path(), en, {}, &rep);
  REQUIRE(list.ok());
  CHECK(list->size() == 2);
  CHECK(rep.duplicates == 1);
  auto bad = lexc::ReadWordList(TempFile("A\nB B\n").path(), en, {}, nullptr);
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.status().detail().find(":2: more than one word") != std::string::npos);

  // "-" reads standard input: point fd 0 at a file for the duration.
  TempFile in(Zstd("HELLO\nWORLD\n"));
  const int saved = ::dup(STDIN_FILENO);
  const int fd = ::open(in.path().c_str(), O_RDONLY);
  REQUIRE(fd >= 0);
  ::dup2(fd, STDIN_FILENO);
  ::close(fd);
  auto from_stdin = lexc::ReadWordList("-", en, {}, &rep);
  ::dup2(saved, STDIN_FILENO);
  ::close(saved);
  REQUIRE(from_stdin.ok());
  CHECK(rep.compressed);
  CHECK(from_stdin->size() == 2);
  CHECK(en.Render((*from_stdin)[0]) == "HELLO");
}

TEST_CASE("fixtures/english-small.txt equals an independent reading of it") {
  const std::string path = lexc::test::SourcePath("fixtures/english-small.txt");
  const std::string text = lexc::test::ReadFile(path);
  REQUIRE(text.find("\r\n") != std::string::npos);
  // Model: split on LF, trim blanks, drop comments, upper-case ASCII.
  std::set<std::string> model;
  std::size_t lines = 0, words = 0;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    ++lines;
    const auto b = line.find_first_not_of(" \t\r");
    if (b == std::string::npos || line[b] == '#') continue;
    std::string w = line.substr(b, line.find_last_not_of(" \t\r") + 1 - b);
    for (char& c : w) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    model.insert(w);
    ++words;
  }
  ReadReport rep;
  auto list = lexc::ReadWordList(path, Alphabet::English(), {}, &rep);
  INFO(list.status().ToString());
  REQUIRE(list.ok());
  std::set<std::string> got;
  for (std::size_t i = 0; i < list->size(); ++i) got.insert(Alphabet::English().Render((*list)[i]));
  CHECK(got == model);
  CHECK(list->size() == model.size());
  CHECK(rep.lines == lines);
  CHECK(rep.words == words);
  CHECK(rep.duplicates == words - model.size());
  CHECK(rep.duplicates > 0);
}

TEST_CASE("fixtures/spanish-words.txt: every word reads, digraphs become single tiles") {
  const Alphabet es = Spanish();
  const std::string path = lexc::test::SourcePath("fixtures/spanish-words.txt");
  ReadReport rep;
  auto list = lexc::ReadWordList(path, es, {}, &rep);
  INFO(list.status().ToString());
  REQUIRE(list.ok());
  CHECK(list->size() >= 250);
  CHECK(rep.duplicates == 0);
  std::set<std::string> rendered;
  std::set<std::string> digraphs_seen;
  for (std::size_t i = 0; i < list->size(); ++i) {
    const std::string r = es.Render((*list)[i]);
    rendered.insert(r);
    for (Tile t : (*list)[i])
      if (es.tile(t).label.size() > 1) digraphs_seen.insert(es.tile(t).label);
    CHECK((*list)[i].size() <= 15);
  }
  CHECK(digraphs_seen == std::set<std::string>{"CH", "LL", "RR", "Ñ"});
  // Rendering the tiles gives back exactly the lines of the file.
  std::set<std::string> lines;
  std::istringstream in(lexc::test::ReadFile(path));
  for (std::string line; std::getline(in, line);) lines.insert(line);
  CHECK(rendered == lines);
  // Spot checks, and the Spanish order: CH words after all other C words.
  auto churro = es.TokenizeOrError("CHURRO");
  REQUIRE(churro.ok());
  CHECK(churro->size() == 4);
  std::size_t last_c = 0, first_ch = list->size();
  const Tile c = (*es.TokenizeOrError("C"))[0], ch = (*es.TokenizeOrError("CH"))[0];
  for (std::size_t i = 0; i < list->size(); ++i) {
    if ((*list)[i][0] == c) last_c = i;
    if ((*list)[i][0] == ch) first_ch = std::min(first_ch, i);
  }
  CHECK(last_c < first_ch);
}

TEST_CASE("WordList: FromUnsorted, Append and Normalize against std::set") {
  std::mt19937_64 rng(42);
  for (int round = 0; round < 20; ++round) {
    auto words = lexc::test::RandomWords(rng, 1 + static_cast<int>(rng() % 3000), 1 + static_cast<int>(rng() % 30),
                                         1 + static_cast<int>(rng() % 20));
    for (std::size_t i = 0; i < words.size() / 3; ++i) words.push_back(words[rng() % words.size()]);
    words.push_back({});  // empty words are dropped
    std::shuffle(words.begin(), words.end(), rng);
    WordSet model;
    for (const Word& w : words)
      if (!w.empty()) model.insert(w);
    std::size_t dups = 0;
    const WordList list = WordList::FromUnsorted(words, &dups);
    RequireEqualsModel(list, model);
    CHECK(dups == words.size() - 1 - model.size());
    std::size_t total = 0;
    for (const Word& w : model) total += w.size();
    CHECK(list.total_tiles() == total);

    // Normalizing a normalized list changes nothing.
    WordList again = list;
    CHECK(again.Normalize() == 0);
    RequireEqualsModel(again, model);
  }
  WordList empty;
  CHECK(empty.size() == 0);
  CHECK(empty.Normalize() == 0);
  empty.Append({});
  CHECK(empty.size() == 0);

  // Sorted input with adjacent duplicates takes the no-sort path.
  WordList sorted;
  const Word a = {1, 2}, b = {1, 2, 3}, c = {2};
  for (const Word* w : {&a, &a, &b, &c, &c, &c}) sorted.Append(*w);
  CHECK(sorted.Normalize() == 3);
  RequireEqualsModel(sorted, {a, b, c});
  // Tile 0 and 255 order like any other byte value.
  const WordList edge = WordList::FromUnsorted({{255}, {0}, {1, 0}, {1}, {255, 255, 255, 255, 255, 255, 255, 255, 0}});
  RequireEqualsModel(edge, {{0}, {1}, {1, 0}, {255}, {255, 255, 255, 255, 255, 255, 255, 255, 0}});
}

TEST_CASE("SOWPODS: read, tokenize and sort, and shuffled input gives the same list") {
  const auto path = lexc::test::SowpodsPath();
  if (!path) {
    WARN("SOWPODS not found; set LEXC_SOWPODS");
    return;
  }
  const Alphabet en = Alphabet::English();
  double best_ms = 1e9;
  ReadReport rep;
  lexc::Result<WordList> list = WordList();
  for (int i = 0; i < 3; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    list = lexc::ReadWordList(*path, en, {}, &rep);
    const auto t1 = std::chrono::steady_clock::now();
    best_ms = std::min(best_ms, std::chrono::duration<double, std::milli>(t1 - t0).count());
    REQUIRE(list.ok());
  }
  std::cout << "SOWPODS read+tokenize+sort: " << best_ms << " ms (best of 3)\n";
  CHECK(list->size() == 267751);
  CHECK(rep.words == 267751);
  CHECK(rep.duplicates == 0);
  CHECK(en.Render((*list)[0]) == "AA");
  CHECK(en.Render((*list)[list->size() - 1]) == "ZZZS");

  // Shuffled and lower-cased, through the sorting path.
  std::vector<std::string> lines;
  std::istringstream in(lexc::test::ReadFile(*path));
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  std::mt19937_64 rng(1);
  std::shuffle(lines.begin(), lines.end(), rng);
  std::string text;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    std::string l = lines[i];
    if (i % 2) std::transform(l.begin(), l.end(), l.begin(), [](char ch) { return static_cast<char>(ch | 0x20); });
    text += l + "\n";
  }
  const auto t0 = std::chrono::steady_clock::now();
  auto shuffled = lexc::ParseWordList(text, "shuffled", en, {}, nullptr);
  const auto t1 = std::chrono::steady_clock::now();
  std::cout << "SOWPODS shuffled parse+sort: " << std::chrono::duration<double, std::milli>(t1 - t0).count() << " ms\n";
  REQUIRE(shuffled.ok());
  REQUIRE(shuffled->size() == list->size());
  for (std::size_t i = 0; i < list->size(); ++i) {
    const auto x = (*list)[i], y = (*shuffled)[i];
    REQUIRE(std::equal(x.begin(), x.end(), y.begin(), y.end()));
  }
}
