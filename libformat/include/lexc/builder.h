// lexc/builder.h -- compiles a word list into a lexicon image.
//
// The builder produces the minimal automaton of each requested language
// (exact minimization with a full register, Daciuk et al. incremental
// construction over sorted input), lays the nodes out with shared sibling
// tails, and serializes the image described in formats/lexicon-image.md.
//
// GADDAG construction never materializes the rev(x)+SEP+y strings: for each
// distinct prefix x of a word, the separator arc after rev(x) leads to the
// DAWG state reached by x, so only the reversed prefixes are sorted and
// compiled, and the suffix halves are the DAWG's own (minimal) states.
//
// Determinism: the same set of words (in any input order) and the same
// options give a byte-identical image.
// Thread safety: BuildImage is reentrant; no shared state. It starts
// threads of its own with BuildOptions::threads > 1.
// Writing the image to a file: lexc/io.h (WriteFileAtomic).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "lexc/alphabet.h"
#include "lexc/lexicon.h"
#include "lexc/status.h"
#include "lexc/wordlist.h"
#include "lexc/zeroed_array.h"

namespace lexc {

struct BuildOptions {
  bool dawg = true;
  bool gaddag = true;
  int arc_width = 0;  // 0: smallest that fits (4, else 8); or force 4 / 8
  // Bit-packed arcs (format 1.3): tile bits for the alphabet, target bits
  // for the arc count, 2 flag bits; SOWPODS both graphs 28 bits an arc. Read
  // in place like the others, a little slower to walk. Needs arc_width 0.
  bool compact = false;
  int max_len = 15;  // recorded in META (the reader's word length bound)
  // Write the optional WIDX section (format 1.1): each DAWG node's word
  // count, so WordIndex numbers words in place (lexc/word_index.h). Needs
  // the DAWG. Off: the image stays 1.0 and as small as without it.
  bool word_index = false;
  // Threads that build the graphs (1: the calling thread alone; values
  // below 1 count as 1). The GADDAG is built in runs of leading tiles, one
  // per thread; the image is byte-identical for every value.
  int threads = 1;
  // Called as the graphs are built, about every 64K words (and at each
  // phase's end): the phase ("dawg": words added; "gaddag": reversed
  // prefixes added), work done and its total. From the building thread;
  // empty: not called. For progress bars; it must not throw.
  std::function<void(std::string_view phase, std::uint64_t done, std::uint64_t total)> progress = nullptr;
};

struct BuildReport {
  GraphInfo dawg, gaddag;       // as recorded in the image
  std::uint64_t arc_slots = 0;  // arcs in the ARCS array, sentinel included
  std::uint64_t image_bytes = 0;
  std::uint64_t word_index_bytes = 0;  // size of the WIDX section, 0 without it
  int arc_width = 0;                   // bytes per arc; 0: bit-packed (compact)
  int arc_bits = 0;                    // bits per arc
  double seconds_dawg = 0, seconds_gaddag = 0, seconds_layout = 0, seconds_word_index = 0;
};

// Errors: kLimit (more arcs than the widest arc layout indexes, or a forced
// arc width too small, or an alphabet too large for it, or a word index
// over more than 2^32 - 1 words), kInvalidArgument (neither graph
// requested, a word index without the DAWG, compact with an arc width, a word longer than max_len or with a tile the
// alphabet does not have).
Result<std::vector<std::byte>> BuildImage(const WordList& words, const Alphabet& alphabet, const BuildOptions& options,
                                          BuildReport* report = nullptr);

// The arcs alone, for a writer of another format that translates an
// image's arcs one for one (the KWG writer, lexc/interop/kwg.h): the 4-byte
// arc words (formats/lexicon-image.md, "ARCS") of the image BuildImage
// makes with the same options, the sentinel first, image arc i at words[i +
// shift] (words[0, shift) are 0) and every target t other than 0 written as
// t + shift. The graphs' figures are those the image records (roots
// unshifted). No image is encoded and META's text CRC is not computed.
struct ArcWords {
  ZeroedArray<std::uint32_t> words;  // shift + the image's arc slots
  GraphInfo dawg, gaddag;
};
// Errors: those of BuildImage; kInvalidArgument (options.compact or
// word_index set, or an arc width other than 0 or 4); kLimit (the arcs and
// `shift` more than 4-byte arcs address, or an alphabet over 63 tiles).
// Once the graphs are laid out, `report` has their figures, arc_slots
// (without the shift) among them, even when the arcs are then refused.
Result<ArcWords> BuildArcWords(const WordList& words, const Alphabet& alphabet, const BuildOptions& options,
                               std::uint32_t shift, BuildReport* report = nullptr);

}  // namespace lexc
