// lexc/lexicon.h -- the zero-copy reader of lexicon images.
//
// Lexicon is a thin view over image bytes that someone else owns: FromBytes
// checks the header and section table and hands out views; it copies nothing
// proportional to the image (only the alphabet, at most 255 tiles, is decoded).
// MappedLexicon owns a read-only memory mapping of a file and its Lexicon.
//
// Two levels of trust (formats/lexicon-image.md, "Validation"):
//   FromBytes / Open  O(sections + tiles): size, magic, major version,
//                     reserved flags, every section present, in bounds,
//                     aligned, non-overlapping; the arc encoding (4 or 8
//                     bytes, or bit-packed in a 1.3 image, its padding
//                     zero); arc 0 is the sentinel and the
//                     last arc ends a list; roots and alphabet valid; an
//                     optional WIDX section (1.1) sized for the arcs and
//                     accompanied by a DAWG. After
//                     this every accessor and query is memory-safe and
//                     terminates (graph.h, query.h), but answers may be wrong
//                     and a query may take time exponential in max-len.
//   Verify()          O(image): CRC32C, the padding between sections zero,
//                     every arc's reserved bits, tile range,
//                     target range, sorted sibling lists, acyclicity, no
//                     dead ends, separators only where a GADDAG allows them,
//                     the descriptors' figures, and each graph's words
//                     (a GADDAG's rev(w) and c SEP y strings both): word
//                     count, tile total, text bytes, longest and shortest
//                     word equal to META (whose shortest word is at most its
//                     longest); WIDX, when present, equal to the word index
//                     recomputed from the DAWG, in an image of minor >= 1.
//                     After this
//                     traversals need no further checks: ForEachWord lists
//                     exactly meta().word_count words in order, and query
//                     cost is bounded by META's figures (query.h). Whether
//                     the words are the intended ones is `lexc verify --words`.
// Thread safety: const methods may be called from any number of threads.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "lexc/alphabet.h"
#include "lexc/graph.h"
#include "lexc/status.h"

namespace lexc {

struct Metadata {
  std::uint64_t word_count = 0;
  std::uint64_t tile_total = 0;  // sum of word lengths in tiles
  std::uint64_t text_bytes = 0;  // bytes of the normalized list, one word + LF per line
  std::uint32_t longest_word = 0;
  std::uint32_t shortest_word = 0;
  std::uint32_t max_len = 0;     // the --max-len the image was built with
  std::uint32_t source_crc = 0;  // CRC32C of the normalized list text
  std::string_view options;      // build options, "key=value" separated by ' '
};

// Per-graph figures recorded by the builder (checked by Verify()).
struct GraphInfo {
  Node root = kNoNode;
  std::uint64_t nodes = 0;         // distinct non-empty nodes reachable from root
  std::uint64_t arcs = 0;          // distinct arc slots reachable (shared tails once)
  std::uint64_t strings = 0;       // accepted strings (words for a DAWG)
  std::uint32_t longest_path = 0;  // arcs on the longest root path
};

class Lexicon {
 public:
  Lexicon() = default;

  // Cheap open of an image in memory. `bytes` must stay alive and unchanged
  // while the Lexicon is used, and start at an 8-byte aligned address.
  // Errors: kBadMagic, kBadVersion, kCorrupt (with section/offset detail),
  // kInvalidArgument (misaligned buffer).
  static Result<Lexicon> FromBytes(std::span<const std::byte> bytes);

  // Full check; see the file comment. Allocates O(arc_count) temporarily
  // (under 32 bytes per arc). Errors: kChecksum, kCorrupt naming the graph,
  // the arc or node and the figures that disagree, kInvalidArgument (a
  // default-constructed Lexicon).
  Status Verify() const;

  const Alphabet& alphabet() const { return alphabet_; }
  const Metadata& meta() const { return meta_; }
  std::uint16_t minor_version() const { return minor_; }
  std::span<const std::byte> bytes() const { return bytes_; }
  // How ARCS stores the arcs: 4 or 8 bytes each, or bit-packed (format 1.3;
  // arc_width() is then 0 and arc_bits() the bits per arc).
  const ArcEncoding& arc_encoding() const { return arc_encoding_; }
  int arc_width() const { return arc_encoding_.width; }
  int arc_bits() const { return arc_encoding_.arc_bits(); }
  std::uint64_t arc_count() const { return arc_count_; }

  bool has_dawg() const { return dawg_.valid(); }
  bool has_gaddag() const { return gaddag_.valid(); }
  // Invalid Graph (valid() == false) when absent.
  const Graph& dawg() const { return dawg_; }
  const Graph& gaddag() const { return gaddag_; }
  const GraphInfo& dawg_info() const { return dawg_info_; }
  const GraphInfo& gaddag_info() const { return gaddag_info_; }

  // The optional WIDX section (format 1.1, the word index: lexc/word_index.h
  // reads it), empty when absent. Open checked its size against the arcs.
  bool has_word_index() const { return !word_index_.empty(); }
  std::span<const std::byte> word_index_section() const { return word_index_; }

 private:
  std::span<const std::byte> bytes_;
  std::uint16_t minor_ = 0;
  Alphabet alphabet_;
  Metadata meta_;
  ArcEncoding arc_encoding_;
  std::uint64_t arc_count_ = 0;
  const void* arcs_ = nullptr;
  Graph dawg_, gaddag_;
  GraphInfo dawg_info_, gaddag_info_;
  std::span<const std::byte> word_index_;
};

// The owner of an image file's bytes and its Lexicon: a read-only memory
// mapping (Open), or a copy in memory (Load). Move-only; the bytes live as
// long as this object.
//
// Replacing an image under a running program. A mapping reads the file's
// current pages for as long as it lives, so:
//   - replace an image by renaming a new file over it (what `lexc build -o`
//     and lexc/io.h's OutputFile do): the running program keeps the old
//     file's pages, since the old inode lives on while mapped; the next Open
//     sees the new image;
//   - never write into a mapped image in place (`cp new.lex live.lex`, `: >
//     live.lex`, an editor saving in place): a program that reads a page the
//     file no longer has (truncated) is killed by SIGBUS (exit status 135),
//     and one that reads rewritten pages sees bytes that Open and Verify never
//     checked, which the readers bound (every read stays in range) but answer
//     wrongly.
// A long-running program that cannot trust how its image will be replaced
// uses Load: after it returns, the file is never read again, so truncating,
// rewriting or deleting it cannot affect the Lexicon (the cost: the image's
// size in memory, twice that while reading, and the read: 1.1 ms against
// Open's 0.07 ms for the 4.7 MB SOWPODS image, warm page cache).
class MappedLexicon {
 public:
  MappedLexicon(MappedLexicon&&) noexcept;
  MappedLexicon& operator=(MappedLexicon&&) noexcept;
  ~MappedLexicon();

  // Errors: kIo ("path: No such file or directory", "path: cannot map: ..."),
  // kBadMagic for an empty file, and everything FromBytes returns,
  // with the path prefixed to the detail.
  static Result<MappedLexicon> Open(const std::string& path);
  // Reads the whole file (lexc/io.h ReadFileBytes, "-" for standard input)
  // into memory aligned for FromBytes, and opens that. Errors: ReadFileBytes's
  // (kIo, kLimit past 4 GiB), kBadMagic for an empty file, and FromBytes's
  // with the path prefixed.
  static Result<MappedLexicon> Load(const std::string& path);

  const Lexicon& lexicon() const { return lexicon_; }
  const Lexicon* operator->() const { return &lexicon_; }

 private:
  MappedLexicon() = default;
  struct Mapping;
  std::unique_ptr<Mapping> mapping_;
  Lexicon lexicon_;
};

}  // namespace lexc
