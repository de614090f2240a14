// Fuzz target: arbitrary bytes as a word list (plain or zstd), read with
// ParseWordList over English and over a multi-letter alphabet (digraphs,
// a three-code-point tile, non-ASCII letters, explicit lower labels), strict
// and with skip_invalid, with a small max-len taken from the first byte.
//
// Properties: a strict read either fails with bad input naming "fuzz:LINE"
// (or the file, for zstd problems), or gives a sorted, duplicate-free list of
// 1..max-len valid tiles per word; skip_invalid then gives the same list and
// counts nothing skipped; skip_invalid never fails on plain text; the words
// rendered back as text (labels or lower labels) read back as the same list;
// line counts agree with the bytes; the bytes streamed through InputStream in
// small chunks (1 byte, and a size from the second byte) read exactly as the
// whole buffer does, strict and skipping; the bytes as a file read in runs
// on three threads read exactly as on one.
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "fuzz_support.h"
#include "lexc/alphabet.h"
#include "lexc/io.h"
#include "lexc/wordlist.h"

namespace {

using namespace lexc;

// Like every valid alphabet, each character has one case partner throughout
// (formats/alphabet.md), so rendering tiles and reading them back is the
// identity.
constexpr std::string_view kMultiLetter =
    "name multi\n"
    "A 1 9\nC 3 4\nCH 5 1\nÇ 10 1\nE 1 12\nI 1 1 ı\nİ 1 1 i\nL 1 4\nLL 8 1\nL·L 10 1\n"
    "N 1 5\nÑ 8 1\nNY 10 1\nO 1 9\nQU 8 1\nR 1 5\nRR 8 1\nS 1 6\nT 1 4\nU 1 5\nЖ 5 1\n? 0 2\n";

const Alphabet& Multi() {
  static const Alphabet a = [] {
    auto r = Alphabet::Parse(kMultiLetter, "multi");
    FUZZ_CHECK_MSG(r.ok(), r.status().ToString());
    return std::move(r).value();
  }();
  return a;
}

bool SameList(const WordList& a, const WordList& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (!std::equal(a[i].begin(), a[i].end(), b[i].begin(), b[i].end())) return false;
  return true;
}

void CheckList(const WordList& list, const Alphabet& a, int max_len) {
  for (std::size_t i = 0; i < list.size(); ++i) {
    const auto w = list[i];
    FUZZ_CHECK(!w.empty() && w.size() <= static_cast<std::size_t>(max_len));
    for (Tile t : w) FUZZ_CHECK(t >= 1 && t <= a.size());
    if (i > 0) {
      const auto p = list[i - 1];
      FUZZ_CHECK(std::lexicographical_compare(p.begin(), p.end(), w.begin(), w.end()));
    }
  }
}

bool StartsWith(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

// The same bytes streamed in chunks of `chunk` bytes (raw and, for zstd,
// decompressed) read exactly as the whole buffer: the same words, report and
// error. Chunk boundaries then fall inside lines, UTF-8 sequences, labels,
// CRLFs, the BOM and zstd blocks. One exception: zstd damage is found where
// the decoder meets it (a frame's checksum at its end), so a read that
// decodes in smaller pieces may first meet a bad line of the text before it,
// and stops there (the first bad line ends the read); and zstd words the same
// damage differently with a smaller output buffer ("Destination buffer is too
// small" for "Data corruption detected"). Where either read meets zstd damage,
// both must be bad input naming the input.
void SameAsChunked(std::string_view text, const Alphabet& a, const ReadOptions& o, std::size_t chunk) {
  ReadReport whole_rep, chunk_rep;
  auto whole = ParseWordList(text, "fuzz", a, o, &whole_rep);
  InputStream in = InputStream::FromBytes(text, "fuzz", 0, chunk);
  auto chunked = ReadWordListFrom(in, a, o, &chunk_rep);
  FUZZ_CHECK(whole.ok() == chunked.ok());
  if (!whole.ok()) {
    const auto zstd_damage = [](const lexc::Status& st) {
      return st.code() == lexc::Errc::kBadInput && (st.detail().find(": corrupt zstd data: ") != std::string::npos ||
                                                    st.detail().find(": truncated zstd data") != std::string::npos);
    };
    if (zstd_damage(whole.status()) || zstd_damage(chunked.status())) {
      FUZZ_CHECK_MSG(whole.status().code() == lexc::Errc::kBadInput &&
                         chunked.status().code() == lexc::Errc::kBadInput &&
                         StartsWith(whole.status().detail(), "fuzz") && StartsWith(chunked.status().detail(), "fuzz"),
                     whole.status().ToString() + " / " + chunked.status().ToString());
      return;
    }
    FUZZ_CHECK_MSG(whole.status().ToString() == chunked.status().ToString(),
                   whole.status().ToString() + " / " + chunked.status().ToString());
    return;
  }
  FUZZ_CHECK(SameList(*whole, *chunked));
  FUZZ_CHECK(whole_rep.lines == chunk_rep.lines && whole_rep.words == chunk_rep.words);
  FUZZ_CHECK(whole_rep.duplicates == chunk_rep.duplicates && whole_rep.input_bytes == chunk_rep.input_bytes);
  FUZZ_CHECK(whole_rep.skipped_invalid == chunk_rep.skipped_invalid);
  FUZZ_CHECK(whole_rep.skipped_long == chunk_rep.skipped_long && whole_rep.examples == chunk_rep.examples);
}

// The file SameInRuns reads: a fresh name under the temporary directory,
// written through the I/O module once per input.
const std::string& RunsPath() {
  static const std::string path = [] {
    char name[] = "/tmp/lexc-fuzz-wordlist-XXXXXX";
    const int fd = ::mkstemp(name);
    FUZZ_CHECK(fd >= 0);
    ::close(fd);
    return std::string(name);
  }();
  return path;
}

// The bytes as a file (RunsPath, already written), read by ReadWordList on
// one thread and in runs on three (ReadOptions::threads, runs of any size,
// so each cut falls at the first line end after a third of the file): the
// same words, report and error (a run that meets an error makes the whole
// file read on one thread). The cuts fall after any line: the BOM is looked
// for in the first run only, the later runs' lines and quoted examples are
// numbered across the file, and words in two runs are kept once.
void SameInRuns(const Alphabet& a, const ReadOptions& o) {
  const std::string& path = RunsPath();
  ReadOptions one = o, runs = o;
  one.threads = 1;
  runs.threads = 3;
  runs.min_run_bytes = 1;
  ReadReport one_rep, runs_rep;
  auto a1 = ReadWordList(path, a, one, &one_rep);
  auto a3 = ReadWordList(path, a, runs, &runs_rep);
  FUZZ_CHECK(a1.ok() == a3.ok());
  if (!a1.ok()) {
    FUZZ_CHECK_MSG(a1.status().ToString() == a3.status().ToString(),
                   a1.status().ToString() + " / " + a3.status().ToString());
    return;
  }
  FUZZ_CHECK(SameList(*a1, *a3));
  FUZZ_CHECK(one_rep.lines == runs_rep.lines && one_rep.words == runs_rep.words);
  FUZZ_CHECK(one_rep.duplicates == runs_rep.duplicates && one_rep.input_bytes == runs_rep.input_bytes);
  FUZZ_CHECK(one_rep.skipped_invalid == runs_rep.skipped_invalid && one_rep.skipped_long == runs_rep.skipped_long);
  FUZZ_CHECK(one_rep.examples == runs_rep.examples && one_rep.compressed == runs_rep.compressed);
  FUZZ_CHECK(one_rep.not_in_alphabet == runs_rep.not_in_alphabet);
}

void ReadWith(std::string_view text, const Alphabet& a, int max_len) {
  const bool zstd = text.size() >= 4 && text.substr(0, 4) == "\x28\xB5\x2F\xFD";
  ReadOptions strict;
  strict.max_len = max_len;
  ReadReport srep;
  auto s = ParseWordList(text, "fuzz", a, strict, &srep);
  if (s.ok()) {
    CheckList(*s, a, max_len);
    FUZZ_CHECK(srep.words == s->size() + srep.duplicates);
    FUZZ_CHECK(srep.skipped_invalid == 0 && srep.skipped_long == 0 && srep.examples.empty());
  } else {
    FUZZ_CHECK(fuzz::IsReportedError(s.status()));
    FUZZ_CHECK_MSG(s.status().code() == Errc::kBadInput || s.status().code() == Errc::kLimit, s.status().ToString());
    FUZZ_CHECK_MSG(StartsWith(s.status().detail(), "fuzz:"), s.status().detail());
  }

  ReadOptions lax = strict;
  lax.skip_invalid = true;
  lax.max_reported = 3;
  ReadReport lrep;
  auto l = ParseWordList(text, "fuzz", a, lax, &lrep);
  if (!l.ok()) {
    // Only the container can fail: corrupt zstd data, or too much of it.
    FUZZ_CHECK_MSG(zstd && fuzz::IsReportedError(l.status()), l.status().ToString());
    FUZZ_CHECK(!s.ok());
    return;
  }
  CheckList(*l, a, max_len);
  FUZZ_CHECK(lrep.words == l->size() + lrep.duplicates);
  const std::uint64_t skipped = lrep.skipped_invalid + lrep.skipped_long;
  FUZZ_CHECK(lrep.examples.size() == std::min<std::uint64_t>(skipped, 3));
  for (const std::string& e : lrep.examples) FUZZ_CHECK_MSG(StartsWith(e, "fuzz:"), e);
  if (s.ok()) {
    FUZZ_CHECK(SameList(*s, *l) && skipped == 0 && srep.lines == lrep.lines);
  } else if (s.status().code() == Errc::kBadInput && !zstd) {
    FUZZ_CHECK(skipped > 0);
  }
  if (!zstd) {
    // Lines: one per LF, plus a last line without one.
    std::string_view body = text;
    if (StartsWith(body, "\xEF\xBB\xBF")) body.remove_prefix(3);
    const auto lfs = static_cast<std::uint64_t>(std::count(body.begin(), body.end(), '\n'));
    FUZZ_CHECK(lrep.lines == lfs + (!body.empty() && body.back() != '\n' ? 1 : 0));
  }

  // The list as text (upper-case labels, or lower-case labels, one word a
  // line) reads back the same.
  for (bool lower : {false, true}) {
    std::string out;
    for (std::size_t i = 0; i < l->size(); ++i) {
      for (Tile t : (*l)[i]) a.AppendLabel(t, lower, &out);
      out += '\n';
    }
    ReadReport rrep;
    auto again = ParseWordList(out, "rendered", a, strict, &rrep);
    FUZZ_CHECK_MSG(again.ok(), again.status().ToString());
    FUZZ_CHECK(SameList(*again, *l) && rrep.duplicates == 0);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const int max_len = size ? 1 + data[0] % 8 : 15;
  ReadWith(text, Alphabet::English(), max_len);
  ReadWith(text, Multi(), max_len);
  FUZZ_CHECK(WriteFileAtomic(RunsPath(), std::as_bytes(std::span(text.data(), text.size()))).ok());
  // Streamed in chunks of 1 byte and of a size taken from the input.
  const std::size_t chunk = size > 1 ? 1 + data[1] % 23 : 2;
  for (bool skip : {false, true}) {
    const ReadOptions o{.max_len = max_len, .skip_invalid = skip, .max_reported = 3};
    for (std::size_t c : {std::size_t{1}, chunk}) {
      SameAsChunked(text, Alphabet::English(), o, c);
      SameAsChunked(text, Multi(), o, c);
    }
    SameInRuns(skip ? Multi() : Alphabet::English(), o);  // one alphabet a mode: thread starts cost
  }
  return 0;
}
