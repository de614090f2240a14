// Streamed text records one per line (lexc::ForEachTextLine): against a
// model that splits the whole text at once, at every chunk size, plain and
// zstd; the NUL-byte and long-line refusals name the line and stop the read;
// an exception from the callback leaves the stream.
#include <zstd.h>

#include <catch2/catch.hpp>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "lexc/io.h"
#include "lexc/text_lines.h"

namespace {

using lexc::Errc;
using lexc::ForEachTextLine;
using lexc::InputStream;
using Lines = std::vector<std::pair<std::uint64_t, std::string>>;

std::string Zstd(std::string_view plain) {
  std::string out(ZSTD_compressBound(plain.size()), '\0');
  const std::size_t n = ZSTD_compress(out.data(), out.size(), plain.data(), plain.size(), 3);
  REQUIRE_FALSE(ZSTD_isError(n));
  out.resize(n);
  return out;
}

struct Read {
  Lines lines;
  lexc::Status status;
};

Read ReadAll(std::string_view bytes, std::size_t chunk, std::string_view name = "in.txt") {
  InputStream in = InputStream::FromBytes(bytes, std::string(name), 0, chunk);
  Read r;
  r.status = ForEachTextLine(in, name, "records",
                             [&r](std::uint64_t n, std::string_view line) { r.lines.emplace_back(n, line); });
  return r;
}

// The model: the whole text split at each '\n' by hand, numbered from 1,
// trailing CR/space/tab dropped, blank lines skipped (no NUL bytes here).
Lines Model(const std::string& text) {
  Lines out;
  std::string cur;
  std::uint64_t n = 1;
  auto flush = [&] {
    std::size_t keep = cur.size();
    while (keep > 0 && (cur[keep - 1] == '\r' || cur[keep - 1] == ' ' || cur[keep - 1] == '\t')) --keep;
    if (keep > 0) out.emplace_back(n, cur.substr(0, keep));
    cur.clear();
    ++n;
  };
  for (char c : text) {
    if (c == '\n')
      flush();
    else
      cur += c;
  }
  if (!cur.empty()) flush();
  return out;
}

}  // namespace

TEST_CASE("ForEachTextLine: random texts against the model at every chunk size, plain and zstd") {
  std::mt19937 rng(7);
  const std::string alphabet = "AB \t\r\n\n?*";
  for (int round = 0; round < 200; ++round) {
    std::string text;
    const int len = std::uniform_int_distribution<int>(0, 60)(rng);
    for (int i = 0; i < len; ++i)
      text += alphabet[std::uniform_int_distribution<std::size_t>(0, alphabet.size() - 1)(rng)];
    const Lines want = Model(text);
    const std::string packed = Zstd(text);
    for (std::size_t chunk :
         {std::size_t(0), std::size_t(1), std::size_t(2), std::size_t(3), std::size_t(7), std::size_t(64)}) {
      INFO("text \"" << text << "\", chunk " << chunk);
      const Read plain = ReadAll(text, chunk);
      REQUIRE(plain.status.ok());
      CHECK(plain.lines == want);
      const Read z = ReadAll(packed, chunk);
      REQUIRE(z.status.ok());
      CHECK(z.lines == want);
    }
  }
}

TEST_CASE("ForEachTextLine: a byte order mark at the start is dropped, elsewhere kept") {
  for (std::size_t chunk : {std::size_t(0), std::size_t(1), std::size_t(2)}) {
    const Read r = ReadAll("\xEF\xBB\xBFQI\n\xEF\xBB\xBFZA\n", chunk);
    REQUIRE(r.status.ok());
    CHECK(r.lines == Lines{{1, "QI"}, {2, "\xEF\xBB\xBFZA"}});
    const Read only = ReadAll("\xEF\xBB\xBF\r\nQI", chunk);
    CHECK(only.lines == Lines{{2, "QI"}});
  }
}

TEST_CASE("ForEachTextLine: a NUL byte stops the read at its line, naming it") {
  using namespace std::string_literals;
  const std::string text = "one\ntwo\n\nth\0ree\nfour\n"s;
  for (std::size_t chunk : {std::size_t(0), std::size_t(1), std::size_t(5)}) {
    const Read r = ReadAll(text, chunk, "-");
    CHECK(r.status.code() == Errc::kBadInput);
    CHECK(r.status.detail() == "-:4: a NUL byte: not a text file of records");
    CHECK(r.lines == Lines{{1, "one"}, {2, "two"}});  // the lines before it were handled, nothing after
  }
}

TEST_CASE("ForEachTextLine: a line over 1 MiB is refused at its line; 1 MiB exactly is read") {
  std::string exact(lexc::kMaxTextLineBytes, 'A');
  const Read ok = ReadAll("x\n" + exact + "\ny", 4096);
  REQUIRE(ok.status.ok());
  REQUIRE(ok.lines.size() == 3);
  CHECK(ok.lines[1].second.size() == lexc::kMaxTextLineBytes);
  CHECK(ok.lines[2] == std::pair<std::uint64_t, std::string>{3, "y"});
  const Read over = ReadAll("x\n\n" + exact + "A\ny\n", 4096);
  CHECK(over.status.code() == Errc::kLimit);
  CHECK(over.status.detail() == "in.txt:3: a line over 1 MiB: longer than any of the records it should hold");
  CHECK(over.lines == Lines{{1, "x"}});
}

TEST_CASE("ForEachTextLine: the stream's own errors are returned") {
  std::string packed = Zstd("one\ntwo\nthree\n");
  packed[packed.size() - 2] ^= 0x5a;  // corrupt the frame's end
  packed.resize(packed.size() - 1);
  const Read r = ReadAll(packed, 0);
  CHECK_FALSE(r.status.ok());
  CHECK_FALSE(r.status.detail().empty());
}

TEST_CASE("ForEachTextLine: a zstd frame holding less than it declares fails at every chunk size") {
  // Frame header: single segment, content size 3; then an empty raw block
  // and an empty last raw block. zstd's one-shot path calls it corrupt; fed
  // in pieces, its streaming decoder ends the frame quietly, so the stream
  // checks the declared size itself (found by fuzz_text_lines).
  const std::string frame("\x28\xB5\x2F\xFD\x20\x03\x00\x00\x00\x01\x00\x00", 12);
  for (std::size_t chunk : {std::size_t(0), std::size_t(1), std::size_t(5), std::size_t(11)}) {
    INFO("chunk " << chunk);
    const Read r = ReadAll(frame, chunk);
    CHECK(r.status.code() == Errc::kBadInput);
    CHECK(r.lines.empty());
  }
  // The declared size kept: a frame of "QI\n" read in pieces of one byte.
  const Read ok = ReadAll(Zstd("QI\n"), 1);
  REQUIRE(ok.status.ok());
  CHECK(ok.lines == Lines{{1, "QI"}});
}

TEST_CASE("ForEachTextLine: an exception from the callback propagates") {
  InputStream in = InputStream::FromBytes("a\nb\nc\n", "in", 0, 1);
  int calls = 0;
  CHECK_THROWS_AS(ForEachTextLine(in, "in", "records",
                                  [&calls](std::uint64_t n, std::string_view) {
                                    ++calls;
                                    if (n == 2) throw std::runtime_error("stop");
                                  }),
                  std::runtime_error);
  CHECK(calls == 2);
}
