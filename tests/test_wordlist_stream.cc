// Word lists read while parsing (issue 18, section 4): the streaming reader
// against an independent line model at every chunk size, plain and zstd; the
// first bad line stops a pipe after a bounded prefix; duplicates and zstd
// bombs in bounded memory (under an address-space limit); the word limit.
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zstd.h>

#include <algorithm>
#include <atomic>
#include <catch2/catch.hpp>
#include <cerrno>
#include <fstream>
#include <functional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "lexc/alphabet.h"
#include "lexc/io.h"
#include "lexc/wordlist.h"
#include "test_support.h"

namespace {

using lexc::Alphabet;
using lexc::Errc;
using lexc::InputStream;
using lexc::ReadOptions;
using lexc::ReadReport;
using lexc::Tile;
using lexc::WordList;
using lexc::test::CheckError;
using lexc::test::TempDir;
using lexc::test::Word;
using lexc::test::WordSet;

// What a list should read as, worked out line by line from the format's
// rules (formats/wordlist.md), without the reader's code: the words, or the
// first bad line's number; with skip_invalid, the bad lines counted.
struct LineModel {
  WordSet words;
  std::uint64_t lines = 0, accepted = 0, bad = 0;
  std::uint64_t first_bad_line = 0;  // 0: none
};

bool Blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

LineModel Model(std::string_view text, const Alphabet& a, int max_len) {
  LineModel m;
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  while (!text.empty()) {
    const std::size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
    ++m.lines;
    while (!line.empty() && Blank(line.front())) line.remove_prefix(1);
    while (!line.empty() && Blank(line.back())) line.remove_suffix(1);
    if (line.empty() || line[0] == '#') continue;
    std::vector<Tile> tiles;
    std::size_t bad = 0;
    if (!a.Tokenize(line, &tiles, &bad) || tiles.size() > static_cast<std::size_t>(max_len)) {
      ++m.bad;
      if (!m.first_bad_line) m.first_bad_line = m.lines;
      continue;
    }
    ++m.accepted;
    m.words.insert(tiles);
  }
  return m;
}

std::string Zstd(std::string_view plain, int level = 3) {
  std::string out(ZSTD_compressBound(plain.size()), '\0');
  const std::size_t n = ZSTD_compress(out.data(), out.size(), plain.data(), plain.size(), level);
  REQUIRE_FALSE(ZSTD_isError(n));
  out.resize(n);
  return out;
}

// `copies` repetitions of `unit`, compressed as one streamed frame (no
// content size) without ever holding the whole text.
std::string ZstdRepeated(const std::string& unit, std::size_t copies) {
  std::unique_ptr<ZSTD_CCtx, decltype(&ZSTD_freeCCtx)> cctx(ZSTD_createCCtx(), &ZSTD_freeCCtx);
  ZSTD_CCtx_setParameter(cctx.get(), ZSTD_c_compressionLevel, 1);
  std::string block;
  const std::size_t per_block = std::max<std::size_t>(1, (1 << 20) / unit.size());
  std::string out;
  std::vector<char> buf(ZSTD_CStreamOutSize());
  for (std::size_t done = 0; done < copies || done == 0;) {
    const std::size_t n = std::min(per_block, copies - done);
    block.clear();
    for (std::size_t i = 0; i < n; ++i) block += unit;
    done += n;
    const bool last = done == copies;
    ZSTD_inBuffer in{block.data(), block.size(), 0};
    for (bool finished = false; !finished;) {
      ZSTD_outBuffer o{buf.data(), buf.size(), 0};
      const std::size_t left = ZSTD_compressStream2(cctx.get(), &o, &in, last ? ZSTD_e_end : ZSTD_e_continue);
      REQUIRE_FALSE(ZSTD_isError(left));
      out.append(buf.data(), o.pos);
      finished = last ? left == 0 : in.pos == in.size;
    }
    if (last) break;
  }
  return out;
}

// Lists with every feature of the format: CRLF, blanks, comments, a BOM,
// no final newline, repeats, unsorted order and (if `bad`) bad lines.
std::string MessyList(const Alphabet& a, std::mt19937_64& rng, bool bad) {
  const auto words = lexc::test::RandomWords(rng, 300, a.size(), 9);
  std::string text = rng() % 2 ? "\xEF\xBB\xBF" : "";
  for (const auto& w : words) {
    std::string label;
    for (Tile t : w) a.AppendLabel(t, rng() % 3 == 0, &label);
    switch (rng() % 12) {
      case 0:
        text += "  " + label + "\t\r\n";
        break;
      case 1:
        text += "# comment " + label + "\n\n";
        break;
      case 2:
        text += label + "\n" + label + "\n";
        break;  // a repeat
      case 3:
        if (bad) text += label + " " + label + "\n";  // two words
        break;
      case 4:
        if (bad) text += label + "\x01\n";
        break;
      case 5:
        if (bad) text += label + "\xC3(\n";  // invalid UTF-8
        break;
      default:
        text += label + "\n";
    }
  }
  if (rng() % 2 && !text.empty()) text.pop_back();  // no final newline
  return text;
}

lexc::Result<WordList> ReadInChunks(std::string_view bytes, std::size_t chunk, const Alphabet& a, const ReadOptions& o,
                                    ReadReport* rep) {
  InputStream in = InputStream::FromBytes(bytes, "chunks", 0, chunk);
  return lexc::ReadWordListFrom(in, a, o, rep);
}

void RequireModel(const WordList& list, const WordSet& model) {
  REQUIRE(list.size() == model.size());
  std::size_t i = 0;
  for (const Word& w : model) {
    const auto got = list[i++];
    REQUIRE(std::equal(got.begin(), got.end(), w.begin(), w.end()));
  }
}

// A strict read: the model's first bad line, else its words and figures.
void RequireStrictModel(const lexc::Result<WordList>& strict, const ReadReport& rep, const LineModel& model) {
  if (model.first_bad_line) {
    CheckError(strict.status(), Errc::kBadInput, "chunks:" + std::to_string(model.first_bad_line) + ": ");
    return;
  }
  REQUIRE(strict.ok());
  RequireModel(*strict, model.words);
  CHECK(rep.lines == model.lines);
  CHECK(rep.words == model.accepted);
  CHECK(rep.duplicates == model.accepted - model.words.size());
}

TEST_CASE("Streaming: every chunk size reads as the line model, plain and zstd, English and Spanish") {
  auto spanish = Alphabet::LoadFile(lexc::test::SourcePath("formats/alphabets/spanish.txt"));
  REQUIRE(spanish.ok());
  const Alphabet english = Alphabet::English();
  const std::vector<const Alphabet*> alphabets = {&english, &*spanish};
  std::mt19937_64 rng(1818);
  for (const Alphabet* a : alphabets) {
    for (int round = 0; round < 6; ++round) {
      const bool bad = round % 2;
      const std::string text = MessyList(*a, rng, bad);
      const LineModel model = Model(text, *a, 9);
      const std::string packed = Zstd(text);
      for (std::size_t chunk : {std::size_t{1}, std::size_t{2}, std::size_t{3}, std::size_t{5}, std::size_t{7},
                                std::size_t{64}, std::size_t(1 + rng() % 4096), std::size_t{0}}) {
        for (bool zstd : {false, true}) {
          INFO(a->name() << " round " << round << " chunk " << chunk << (zstd ? " zstd" : " plain"));
          const std::string_view bytes = zstd ? std::string_view(packed) : std::string_view(text);
          ReadReport rep;
          auto strict = ReadInChunks(bytes, chunk, *a, {.max_len = 9}, &rep);
          RequireStrictModel(strict, rep, model);
          if (strict.ok()) {
            CHECK(rep.input_bytes == text.size());
            CHECK(rep.compressed == zstd);
          }
          ReadReport lax_rep;
          auto lax = ReadInChunks(bytes, chunk, *a, {.max_len = 9, .skip_invalid = true}, &lax_rep);
          REQUIRE(lax.ok());
          RequireModel(*lax, model.words);
          CHECK(lax_rep.skipped_invalid + lax_rep.skipped_long == model.bad);
          CHECK(lax_rep.lines == model.lines);
        }
      }
    }
  }
}

TEST_CASE("Streaming: lines over 64 KiB are judged as they arrive, with a short line's messages") {
  const Alphabet en = Alphabet::English();
  const std::string pad(100'000, ' ');
  struct Case {
    std::string text, error;  // error "": reads as `words`
    std::size_t words;
  };
  const std::vector<Case> cases = {
      {"QI\n" + std::string(200'000, 'Q') + "\nZA\n", "long.txt:2: word has 200000 tiles, over max-len 15: \"QQQ", 0},
      {"QI\n" + pad + "CAT" + pad + "\nZA\n", "", 3},        // a word in 200 KB of blanks
      {"QI\n" + pad + "\n", "", 1},                          // a blank line
      {"#" + std::string(200'000, '\x01') + "\nQI", "", 1},  // a comment
      {"CAT" + pad + "DOG\n", "long.txt:1: more than one word on the line: \"CAT    ", 0},
      {std::string(70'000, 'A') + "\x01", "long.txt:1: character \"\\u{1}\" (U+0001) at byte 70001", 0},
      {pad + std::string(1, '\0'), "long.txt:1: NUL byte at byte 100001", 0},
  };
  for (const Case& c : cases) {
    for (std::size_t chunk : {std::size_t{0}, std::size_t{1000}, std::size_t{65'537}}) {
      INFO(c.error << " chunk " << chunk);
      InputStream in = InputStream::FromBytes(c.text, "long.txt", 0, chunk);
      auto r = lexc::ReadWordListFrom(in, en, {}, nullptr);
      if (c.error.empty()) {
        REQUIRE(r.ok());
        CHECK(r->size() == c.words);
      } else {
        CheckError(r.status(), Errc::kBadInput, c.error);
        CHECK(r.status().detail().size() < 200);
      }
    }
  }
  ReadReport rep;
  auto skipped = lexc::ParseWordList("QI\n" + std::string(200'000, 'Q') + "\nCAT" + pad + "DOG\nZA", "long.txt", en,
                                     {.skip_invalid = true}, &rep);
  REQUIRE(skipped.ok());
  CHECK(skipped->size() == 2);
  CHECK(rep.skipped_long == 1);
  CHECK(rep.skipped_invalid == 1);
  CHECK(rep.lines == 4);
}

// A writer thread feeding a pipe: `prefix`, then `forever` again and again,
// until the reader closes its end. Returns the bytes written.
class EndlessPipe {
 public:
  EndlessPipe(std::string prefix, std::string forever) {
    REQUIRE(::pipe(fds_) == 0);
    ::signal(SIGPIPE, SIG_IGN);
    writer_ = std::thread([this, prefix = std::move(prefix), forever = std::move(forever)] {
      std::string block = prefix;
      while (block.size() < (1 << 16)) block += forever;
      std::string rest;
      while (rest.size() < (1 << 16)) rest += forever;
      for (const std::string* b = &block;; b = &rest) {
        const ssize_t n = ::write(fds_[1], b->data(), b->size());
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        written_ += static_cast<std::uint64_t>(n);
      }
      ::close(fds_[1]);
    });
  }
  std::string path() const { return "/dev/fd/" + std::to_string(fds_[0]); }
  // Closes the read end and waits for the writer to notice.
  std::uint64_t Finish() {
    ::close(fds_[0]);
    writer_.join();
    return written_;
  }

 private:
  int fds_[2] = {-1, -1};
  std::thread writer_;
  std::atomic<std::uint64_t> written_{0};
};

TEST_CASE("Streaming: the first bad line of an endless pipe ends the read after a bounded prefix") {
  EndlessPipe pipe("AA\nQI\nZA\nQI\x01\n", "AA\n");
  auto r = lexc::ReadWordList(pipe.path(), Alphabet::English(), {}, nullptr);
  const std::uint64_t written = pipe.Finish();
  CheckError(r.status(), Errc::kBadInput, ":4: character \"\\u{1}\" (U+0001) at byte 3");
  // Read buffer (1 MiB) plus what the pipe holds: never the endless rest.
  CHECK(written < (8u << 20));

  EndlessPipe nul(std::string(1, '\0'), std::string(1, '\0'));
  auto z = lexc::ReadWordList(nul.path(), Alphabet::English(), {}, nullptr);
  CHECK(nul.Finish() < (8u << 20));
  CheckError(z.status(), Errc::kBadInput, ":1: NUL byte at byte 1");
}

// Runs `body` in a child process whose address space may grow by at most
// `extra_bytes` beyond the parent's; true if the body returned true (false if
// it failed, crashed, or ran out of memory).
bool UnderAddressLimit(std::uint64_t extra_bytes, const std::function<bool()>& body) {
  std::uint64_t vm_kib = 0;
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("VmSize:", 0) == 0) vm_kib = std::stoull(line.substr(7));
  REQUIRE(vm_kib > 0);
  const pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    const rlimit lim{vm_kib * 1024 + extra_bytes, vm_kib * 1024 + extra_bytes};
    ::setrlimit(RLIMIT_AS, &lim);
    bool ok = false;
    try {
      ok = body();
    } catch (...) {
    }
    ::_exit(ok ? 0 : 1);
  }
  int st = 0;
  ::waitpid(pid, &st, 0);
  return WIFEXITED(st) && WEXITSTATUS(st) == 0;
}

TEST_CASE("Streaming: duplicates do not pile up (60 MB of repeats under a 48 MB address-space limit)") {
  if (lexc::test::kSanitized) {
    WARN("skipped under sanitizers: they reserve address space an rlimit cannot allow");
    return;
  }
  // Sorted runs (dropped as they arrive), a short unsorted cycle (dropped by
  // the cache of recent words) and a cycle of 20,000 words in falling order
  // (too many to cache: sorted and de-duplicated in place as they pile up).
  std::string falling;
  for (int i = 19'999; i >= 0; --i) {
    for (int div : {26 * 26 * 26, 26 * 26, 26, 1}) falling += static_cast<char>('A' + i / div % 26);
    falling += '\n';
  }
  for (const std::string& unit : {std::string("QI\n"), std::string("QI\nAA\nZA\nQI\n"), falling}) {
    INFO(unit.substr(0, 20));
    const std::uint64_t distinct = unit.size() == 3 ? 1 : unit.size() == 12 ? 3 : 20'000;
    const std::uint64_t copies = 60'000'000 / unit.size();
    const std::uint64_t lines = copies * static_cast<std::uint64_t>(std::count(unit.begin(), unit.end(), '\n'));
    CHECK(UnderAddressLimit(48u << 20, [&] {
      // Fed through a pipe by a counting writer, so the input is never whole.
      int fds[2];
      if (::pipe(fds) != 0) return false;
      std::thread writer([&] {
        std::string block;
        while (block.size() < (1 << 20)) block += unit;
        const std::uint64_t per_block = block.size() / unit.size();
        for (std::uint64_t done = 0; done < copies; done += per_block) {
          const std::size_t n = static_cast<std::size_t>(std::min(per_block, copies - done) * unit.size());
          for (std::size_t off = 0; off < n;) {
            const ssize_t w = ::write(fds[1], block.data() + off, n - off);
            if (w <= 0) break;
            off += static_cast<std::size_t>(w);
          }
        }
        ::close(fds[1]);
      });
      ReadReport rep;
      auto r = lexc::ReadWordList("/dev/fd/" + std::to_string(fds[0]), Alphabet::English(), {}, &rep);
      writer.join();
      return r.ok() && r->size() == distinct && rep.lines == lines && rep.words == lines &&
             rep.duplicates == lines - distinct;
    }));
  }
}

TEST_CASE("Streaming: a zstd bomb is read in bounded memory, and its limit holds") {
  // 366 KB of zstd made 4e9 bytes of "A\n" in the issue; here 200 MB, made in
  // the test, to keep it fast: the reader must not hold the text.
  const std::string bomb = ZstdRepeated("A\n", 100'000'000);
  CHECK(bomb.size() < 100'000);
  if (!lexc::test::kSanitized) {
    CHECK(UnderAddressLimit(64u << 20, [&] {
      ReadReport rep;
      auto r = lexc::ParseWordList(bomb, "bomb.zst", Alphabet::English(), {}, &rep);
      return r.ok() && r->size() == 1 && rep.compressed && rep.input_bytes == 200'000'000 &&
             rep.duplicates == 100'000'000 - 1;
    }));
  }
  // A lower limit stops the text at that many bytes, not at the end.
  InputStream in = InputStream::FromBytes(bomb, "bomb.zst", 1 << 20);
  CheckError(lexc::ReadWordListFrom(in, Alphabet::English(), {}, nullptr).status(), Errc::kLimit,
             "bomb.zst: over 1048576 bytes");
}

TEST_CASE("Streaming: more distinct words than max_words is a limit error naming the limit") {
  const Alphabet en = Alphabet::English();
  const std::string sorted = "AA\nAB\nAB\nAD\nAE\n";    // 4 distinct
  const std::string unsorted = "AE\nAB\nAD\nAB\nAA\n";  // the same, unsorted
  for (const std::string& text : {sorted, unsorted}) {
    ReadReport rep;
    auto fits = lexc::ParseWordList(text, "w.txt", en, {.max_words = 4}, &rep);
    REQUIRE(fits.ok());
    CHECK(fits->size() == 4);
    CHECK_FALSE(rep.word_limit);
    auto over = lexc::ParseWordList(text, "w.txt", en, {.max_words = 3}, &rep);
    CheckError(over.status(), Errc::kLimit, "w.txt: more than 3 distinct words, the limit of words kept");
    CHECK(rep.word_limit);
    CHECK(lexc::ParseWordList(text, "w.txt", en, {.max_words = 0}, nullptr).ok());  // 0: no limit
  }
  // Sorted input stops at the first word over the limit: line 3 of a pipe
  // that never ends.
  EndlessPipe pipe("AA\nAB\nAC\n", "ZZ\n");
  ReadReport rep;
  auto r = lexc::ReadWordList(pipe.path(), en, {.max_words = 2}, &rep);
  CHECK(pipe.Finish() < (8u << 20));
  CheckError(r.status(), Errc::kLimit, "more than 2 distinct words");
  CHECK(rep.word_limit);
}

TEST_CASE("InputStream: chunks, zstd by content, truncated and corrupt zstd, limits") {
  const std::string text = "QI\nZA\nAA\n";
  for (std::size_t chunk : {std::size_t{0}, std::size_t{1}, std::size_t{4}}) {
    for (bool zstd : {false, true}) {
      const std::string bytes = zstd ? Zstd(text) : text;
      InputStream in = InputStream::FromBytes(bytes, "s", 0, chunk);
      std::string got;
      for (;;) {
        auto piece = in.Next();
        REQUIRE(piece.ok());
        if (piece->empty()) break;
        if (chunk) CHECK(piece->size() <= chunk);
        got += *piece;
      }
      CHECK(got == text);
      CHECK(in.compressed() == zstd);
      CHECK(in.bytes_delivered() == text.size());
    }
  }
  const std::string packed = Zstd(std::string(5000, 'A'));
  const std::string trailing_junk = packed + "junk";
  for (std::size_t chunk : {std::size_t{0}, std::size_t{1}, std::size_t{7}}) {
    InputStream cut = InputStream::FromBytes(std::string_view(packed).substr(0, packed.size() - 2), "t.zst", 0, chunk);
    lexc::Result<std::string_view> r = std::string_view();
    while ((r = cut.Next()).ok() && !r->empty()) {
    }
    CheckError(r.status(), Errc::kBadInput, "t.zst: truncated zstd data");
    InputStream junk = InputStream::FromBytes(trailing_junk, "j.zst", 0, chunk);
    while ((r = junk.Next()).ok() && !r->empty()) {
    }
    CheckError(r.status(), Errc::kBadInput, "j.zst: corrupt zstd data: ");
  }
  CheckError(InputStream::Open("/nonexistent/w.txt").status(), Errc::kIo,
             "/nonexistent/w.txt: cannot open: No such file or directory");
  CheckError(InputStream::Open("/tmp").status(), Errc::kIo, "/tmp: cannot read: Is a directory");
}

TEST_CASE("InputStream::Open: files of every size read in full, the read buffer sized to the file") {
  // The read buffer is 1 MiB, or the file's size rounded up to 4 KiB when
  // less, on a huge page from 256 KiB (lexc/huge_pages.h): sizes around each
  // of those edges, zstd too, and a file that grows after it was opened (the
  // buffer sized to the smaller file must still read everything).
  TempDir dir;
  const auto read_all = [](InputStream& in) {
    std::string got;
    for (;;) {
      auto piece = in.Next();
      REQUIRE(piece.ok());
      if (piece->empty()) return got;
      got += *piece;
    }
  };
  std::string pattern;
  for (int i = 0; pattern.size() < (3u << 20); ++i) pattern += std::to_string(std::uint64_t(i) * 7919u) + "\n";
  for (std::size_t size : {std::size_t{0}, std::size_t{1}, std::size_t{4095}, std::size_t{4096}, std::size_t{4097},
                           (std::size_t{256} << 10) - 1, std::size_t{256} << 10, std::size_t{300000},
                           (std::size_t{1} << 20) + 1, std::size_t{3} << 20}) {
    INFO("size " << size);
    const std::string text = pattern.substr(0, size);
    for (bool zstd : {false, true}) {
      const std::string path = dir.File(zstd ? "w.zst" : "w.txt");
      { std::ofstream(path, std::ios::binary) << (zstd ? Zstd(text) : text); }
      auto in = InputStream::Open(path);
      REQUIRE(in.ok());
      CHECK(read_all(*in) == text);
      CHECK(in->bytes_delivered() == text.size());
    }
  }
  const std::string path = dir.File("grows.txt");
  { std::ofstream(path, std::ios::binary) << "QI\n"; }
  auto in = InputStream::Open(path);
  REQUIRE(in.ok());
  { std::ofstream(path, std::ios::binary | std::ios::app) << pattern; }
  CHECK(read_all(*in) == "QI\n" + pattern);
}

TEST_CASE("InputStream: zstd frames that decompress to nothing still meet the limit") {
  // A zstd frame of "QI\n", then skippable frames (magic 0x184D2A50, a
  // 4-byte little-endian size, that many bytes): valid zstd that yields no
  // text, as an endless pipe of them would. The raw bytes count too.
  std::string bytes = Zstd("QI\n");
  const std::string skippable = std::string("\x50\x2A\x4D\x18\xF8\x03\x00\x00", 8) + std::string(1016, 'x');
  for (int i = 0; i < 64; ++i) bytes += skippable;  // 64 KiB that decompress to nothing
  for (std::size_t chunk : {std::size_t{0}, std::size_t{100}}) {
    InputStream in = InputStream::FromBytes(bytes, "skip.zst", 10000, chunk);
    lexc::Result<std::string_view> r = std::string_view();
    std::string got;
    while ((r = in.Next()).ok() && !r->empty()) got += *r;
    CHECK(got == "QI\n");
    CheckError(r.status(), Errc::kLimit, "skip.zst: over 10000 bytes");
  }
  // Under the limit the same frames read to the end.
  InputStream whole = InputStream::FromBytes(bytes, "skip.zst", 0, 0);
  lexc::Result<std::string_view> r = std::string_view();
  while ((r = whole.Next()).ok() && !r->empty()) {
  }
  CHECK(r.ok());
}

}  // namespace

// ---- The fast path (FastLines): sorted lists of plain words ----

// A sorted list of `count` distinct random words, mostly plain upper-case
// lines (the fast path's input), with every other kind of line sprinkled in:
// lower and mixed case, CRLF, blank and comment lines, blanks around a word,
// repeats (as written and in the other case), words of 15, 16 and 20
// tiles, and (if `bad`) bad lines and (if `unsorted`) a word out of order
// late in the list. Multi-letter alphabets add lines the fast path leaves
// to the general one (CH, LL, Ñ).
std::string SortedMostlyPlain(const Alphabet& a, std::mt19937_64& rng, int count, bool bad, bool unsorted) {
  const WordSet words = lexc::test::ToSet(lexc::test::RandomWords(rng, count, a.size(), 14));
  std::string text;
  const auto label = [&](const Word& w, bool lower) {
    std::string s;
    for (Tile t : w) a.AppendLabel(t, lower, &s);
    return s;
  };
  std::size_t n = 0;
  for (const Word& w : words) {
    const std::string up = label(w, false);
    ++n;
    switch (rng() % 60) {
      case 0:
        text += label(w, true) + "\n";
        break;
      case 1:
        text += up + "\r\n";
        break;
      case 2:
        text += "\n" + up + "\n\r\n";
        break;
      case 3:
        text += "# " + up + "\n" + up + "\n";
        break;
      case 4:
        text += " " + up + "\n";
        break;
      case 5:
        text += up + "\t\n";
        break;
      case 6:
        text += up + "\n" + up + "\n";
        break;
      case 7:
        text += up + "\n" + label(w, true) + "\r\n" + up + "\n";
        break;
      case 8:
        text += up + up + "\n";  // up to 28 tiles, in order after `up`
        break;
      case 9:
        text += up + std::string(16 - std::min<std::size_t>(up.size(), 15), 'Z') + "\n";  // 16 bytes or more
        break;
      case 10:
        if (bad) text += up + "1\n";
        break;
      case 11:
        if (bad) text += up + " " + up + "\n";
        break;
      case 12:
        if (bad) text += up + "\xC3\n";
        break;
      case 13:
        if (unsorted && n > words.size() * 3 / 4) text += "AA\n";
        break;
      default:
        text += up + "\n";
    }
  }
  if (rng() % 2 && !text.empty()) text.pop_back();  // no final newline
  return text;
}

// input_bytes only for a whole read: a failed read has read what its chunks held.
void CheckSameReport(const ReadReport& x, const ReadReport& y, bool whole) {
  CHECK(x.lines == y.lines);
  CHECK(x.words == y.words);
  CHECK(x.duplicates == y.duplicates);
  CHECK(x.skipped_invalid == y.skipped_invalid);
  CHECK(x.skipped_long == y.skipped_long);
  if (whole) CHECK(x.input_bytes == y.input_bytes);
  CHECK(x.compressed == y.compressed);
  CHECK(x.examples == y.examples);
  CHECK(x.word_limit == y.word_limit);
  CHECK(x.not_in_alphabet == y.not_in_alphabet);
}

// Reads `bytes` as a whole and in `chunk`-byte pieces and requires exactly
// what 1-byte chunks give: chunks that never hold a whole word line, so
// that every word is read by the general path (ShortLine, AddWord).
void SameAsGeneralPath(std::string_view bytes, const Alphabet& a, const ReadOptions& o, std::size_t chunk) {
  ReadReport want_rep, got_rep;
  auto want = ReadInChunks(bytes, 1, a, o, &want_rep);
  auto got = ReadInChunks(bytes, chunk, a, o, &got_rep);
  REQUIRE(got.ok() == want.ok());
  CheckSameReport(got_rep, want_rep, want.ok());
  if (!want.ok()) {
    CHECK(got.status().code() == want.status().code());
    CHECK(got.status().detail() == want.status().detail());
    return;
  }
  REQUIRE(got->size() == want->size());
  for (std::size_t i = 0; i < got->size(); ++i) {
    const auto x = (*got)[i], y = (*want)[i];
    REQUIRE(std::equal(x.begin(), x.end(), y.begin(), y.end()));
  }
}

TEST_CASE("Fast path: sorted plain lists read as the general path and the line model, at any chunk size") {
  auto spanish = Alphabet::LoadFile(lexc::test::SourcePath("formats/alphabets/spanish.txt"));
  REQUIRE(spanish.ok());
  const Alphabet english = Alphabet::English();
  // Only A and B: no letter of the English case's fast translation.
  auto ab = Alphabet::FromTiles("ab", {{"A", "", 1, 1}, {"B", "", 1, 1}}, 0, 0);
  REQUIRE(ab.ok());
  const std::vector<const Alphabet*> alphabets = {&english, &*spanish, &*ab};
  std::mt19937_64 rng(4242);
  for (const Alphabet* a : alphabets) {
    for (int round = 0; round < 4; ++round) {
      const bool bad = round & 1, unsorted = round & 2;
      // 12,000 words: some 100 KB, windows of 64 KiB with lines across them.
      const std::string text = SortedMostlyPlain(*a, rng, 12'000, bad, unsorted);
      const std::string packed = Zstd(text);
      for (int max_len : {15, 7, 20}) {
        const LineModel model = Model(text, *a, max_len);
        for (std::size_t chunk : {std::size_t{0}, std::size_t{17}, std::size_t{4099}, std::size_t{65536 + 5},
                                  std::size_t(1 + rng() % 50000)}) {
          for (bool zstd : {false, true}) {
            if (zstd && chunk != 0 && chunk != 4099) continue;
            INFO(a->name() << " round " << round << " max_len " << max_len << " chunk " << chunk
                           << (zstd ? " zstd" : " plain"));
            const std::string_view bytes = zstd ? std::string_view(packed) : std::string_view(text);
            for (bool skip : {false, true})
              SameAsGeneralPath(bytes, *a, {.max_len = max_len, .skip_invalid = skip, .max_reported = 5}, chunk);
            ReadReport rep;
            RequireStrictModel(ReadInChunks(bytes, chunk, *a, {.max_len = max_len}, &rep), rep, model);
          }
        }
        // The word limit met inside the fast path: the same error and figures.
        const std::uint64_t limit = model.words.size() / 2;
        for (std::size_t chunk : {std::size_t{0}, std::size_t{4099}})
          SameAsGeneralPath(text, *a, {.max_len = max_len, .skip_invalid = true, .max_words = limit}, chunk);
      }
    }
  }
}

TEST_CASE("Fast path: line ends, repeats and order at the edges of windows and chunks") {
  const Alphabet en = Alphabet::English();
  // A line of 15 letters ending at every offset around the 64 KiB window,
  // with LF or CR LF, then repeats of it and of the word before it.
  for (const std::string eol : {"\n", "\r\n"}) {
    for (std::size_t shift = 0; shift < 20; ++shift) {
      std::string text(shift, '\n');
      int k = 0;
      while (text.size() < (64u << 10) + 64) {
        std::string w = "AAAAAAAAAA";
        for (int v = k++, j = 9; v; v /= 26, --j) w[static_cast<std::size_t>(j)] = static_cast<char>('A' + v % 26);
        text += w + (k % 3 ? "BCDEF" : "") + eol;
      }
      text += text.substr(text.size() - 40);  // the last lines again: repeats, then an out-of-order word
      INFO("eol " << eol.size() << " shift " << shift);
      for (std::size_t chunk : {std::size_t{0}, std::size_t{65536}, std::size_t{65537}, std::size_t{3000}})
        SameAsGeneralPath(text, en, {}, chunk);
    }
  }
  // Edge lines: the last without LF, a lone CR, CR at a chunk's end, an
  // empty list, only blank lines, a word of exactly 15 and of 16 letters.
  for (const std::string text :
       {"", "\n\n\n", "A", "A\r", "AB\nAC\r", "AB\r\r\nAC\n", "AB\rAC\n", "ABCDEFGHIJKLMNO\nABCDEFGHIJKLMNOP\n",
        "ABCDEFGHIJKLMNOP\nB\n", "qi\nQI\nqI\nZA\n", "ZA\nQI\n", "B\nA\nB\nA\n", "AA\n#\nAB\n \nAC\n"})
    for (std::size_t chunk : {std::size_t{0}, std::size_t{2}, std::size_t{3}})
      for (bool skip : {false, true}) SameAsGeneralPath(text, en, {.skip_invalid = skip}, chunk);
}
