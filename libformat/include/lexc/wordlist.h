// lexc/wordlist.h -- reading word lists into sorted, unique tile strings.
//
// Input: one word per line, UTF-8, plain or zstd-compressed (detected by the
// zstd frame magic, not by file name); path "-" reads standard input.
// Tolerated: CRLF, a UTF-8 BOM, leading/trailing whitespace, blank lines,
// lines whose first non-blank character is '#', no final newline. Lower case
// folds to the alphabet's labels. Everything else (a character no tile
// matches, two words on a line, invalid UTF-8, a NUL byte, a word longer than
// max_len tiles) is an error naming file:line and the offending text, unless
// skip_invalid is set, in which case it is counted and the line skipped.
// The grammar is in formats/wordlist.md. Files are read through lexc/io.h,
// in chunks: memory follows the distinct words, not the input's size.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "lexc/alphabet.h"
#include "lexc/huge_pages.h"
#include "lexc/io.h"
#include "lexc/status.h"

namespace lexc {
namespace wordlist_internal {
class WordListReader;
}

// A sorted (by tile codes), duplicate-free list of words, stored flat.
// Words have 1..max_len tiles.
class WordList {
 public:
  std::size_t size() const { return starts_.empty() ? 0 : starts_.size() - 1; }
  std::span<const Tile> operator[](std::size_t i) const {
    return {tiles_.data() + starts_[i], starts_[i + 1] - starts_[i]};
  }
  std::size_t total_tiles() const { return tiles_.size(); }

  // Builds from arbitrary tile strings: sorts and removes duplicates.
  // Returns the number of duplicates removed. Empty words are dropped.
  static WordList FromUnsorted(std::vector<std::vector<Tile>> words, std::size_t* dups = nullptr);

  // Appends one word (no ordering enforced); call Normalize() before use.
  void Append(std::span<const Tile> w);
  // Sorts and de-duplicates in place; returns duplicates removed.
  std::size_t Normalize();

 private:
  // Tokenizes straight into tiles_ (no per-word copy).
  friend class wordlist_internal::WordListReader;

  // On huge pages when large (lexc/huge_pages.h): a list of SOWPODS' size
  // is then a few page faults instead of a thousand.
  internal::HugeVector<Tile> tiles_;
  internal::HugeVector<std::uint32_t> starts_;  // size()+1 offsets into tiles_
};

// The default ReadOptions::max_words: about 75 times the largest published
// game lexicon, far below what memory for reading and building allows.
inline constexpr std::uint64_t kDefaultMaxWords = 20'000'000;

struct ReadOptions {
  int max_len = 15;           // longest word in tiles; longer is an error
  bool skip_invalid = false;  // count and skip bad lines instead of failing
  int max_reported = 10;      // skipped lines quoted in ReadReport::examples
  // Most distinct words kept; more is kLimit ("x: more than N distinct
  // words, the limit of words kept") with ReadReport::word_limit set.
  // Duplicates never count. 0: no limit other than the 4 GiB of text.
  std::uint64_t max_words = kDefaultMaxWords;
  // Called after each chunk read (plain text: up to 1 MiB, zstd: 256 KiB):
  // text bytes read so far, and the input's size when known beforehand (a
  // plain regular file; 0 for pipes, devices and zstd). From the reading
  // thread; empty: not called. For progress bars; it must not throw.
  std::function<void(std::uint64_t bytes, std::uint64_t total)> progress = nullptr;
  // ReadWordList only: threads parsing a plain regular file of at least
  // 2 * min_run_bytes. The file is cut at line ends into runs of at least
  // min_run_bytes, one reader per run on its own thread (progress is then
  // called from the calling thread only), and their sorted lists merged. The
  // list and the report are the one-thread read's; any error, or more than
  // max_words words, reads the file again on one thread for the exact
  // message. 0 or 1: one thread.
  int threads = 1;
  // The smallest run worth a thread. A list of plain words in order (the
  // fast path above: SOWPODS) is parsed at memory speed, and two runs then
  // only add a merge and a second list's page faults; lists that need the
  // general tokenizer (Polish: NFC, multi-byte letters, skipped lines) parse
  // far slower and gain (60 MB of Polish: 0.41 -> 0.24 s).
  std::uint64_t min_run_bytes = 4 << 20;
};

struct ReadReport {
  std::uint64_t lines = 0;
  std::uint64_t words = 0;       // accepted, before de-duplication
  std::uint64_t duplicates = 0;  // removed by de-duplication
  std::uint64_t skipped_invalid = 0;
  std::uint64_t skipped_long = 0;
  std::uint64_t input_bytes = 0;  // bytes after decompression
  bool compressed = false;
  std::vector<std::string> examples;  // "file:line: reason" for skipped lines
  bool word_limit = false;            // the read failed at ReadOptions::max_words
  bool not_in_alphabet = false;       // a line held a character no tile or fold matches (an error unless skipped)
  int runs = 1;                       // runs of lines parsed on their own threads (ReadOptions::threads)
};

// Reads, tokenizes, sorts and de-duplicates, parsing while reading (files,
// pipes, devices; zstd decompressed incrementally through InputStream), so
// the first bad line ends the read at once in strict mode. `name` is used in
// messages (the path, or "<stdin>"). Errors: kIo, kBadInput ("file:line:
// ..."), kInvalidArgument (max_len < 1), kLimit (text over 4 GiB, or more
// than max_words distinct words). Memory: the distinct words kept (times at
// most about 2: unsorted input is sorted and de-duplicated in place whenever
// the words buffered since the last such pass reach the number kept and at
// least 512 Ki, so lists of that size are sorted once, at the end; in
// sorted input a repeat of the previous word is dropped at once, in unsorted
// input most repeats of recent words too), plus the
// read buffers and the current line. A line over 64 KiB is examined as it
// arrives, never held whole; its message quotes its first bytes. O(input)
// for sorted input, plus O(n log n) comparisons otherwise; no per-word
// allocation. While the words come sorted, lines that are nothing but a
// word of at most 15 bytes that each read as one tile (Alphabet::DirectTile:
// English letters of either case), ending in LF or CR LF, are read a 64 KiB
// window at a time without the general tokenizer (SOWPODS: about 3x
// faster); the results, reports and errors are exactly the general path's.
// *report (may be null) is reset, then filled.
Result<WordList> ReadWordList(const std::string& path, const Alphabet& alphabet, const ReadOptions& options,
                              ReadReport* report);
// The same over bytes already in memory (plain or zstd).
Result<WordList> ParseWordList(std::string_view bytes, std::string_view name, const Alphabet& alphabet,
                               const ReadOptions& options, ReadReport* report);
// The same over any InputStream (in.name() names it in messages); the two
// functions above are this over InputStream::Open and ::FromBytes.
Result<WordList> ReadWordListFrom(InputStream& in, const Alphabet& alphabet, const ReadOptions& options,
                                  ReadReport* report);

}  // namespace lexc
