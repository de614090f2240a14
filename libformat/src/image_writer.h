// Internal: serialization of an image whose arcs are laid out already, shared
// by the builder (builder.cc) and EncodeImageFromArcs (lexc/image_writer.h).
// Writes the header, the section table, ALPH, META, the graph descriptors,
// ARCS (through the caller's arc writer), the optional WIDX section computed
// from the arcs as written, and the trailer with the CRC32C; every fixed
// record through image_codec.h. Layout: formats/lexicon-image.md.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "lexc/alphabet.h"
#include "lexc/lexicon.h"
#include "lexc/status.h"

namespace lexc::internal {

struct ImagePlan {
  const Alphabet* alphabet = nullptr;
  Metadata meta;                      // META as recorded (meta.options is its options text)
  const GraphInfo* dawg = nullptr;    // null: no DAWG section
  const GraphInfo* gaddag = nullptr;  // null: no GADG section
  int arc_width = 4;                  // 4 or 8
  std::uint64_t arc_count = 0;        // sentinel included
  bool word_index = false;            // compute and write WIDX (needs dawg)
};

struct EncodedImage {
  std::vector<std::byte> bytes;
  std::uint64_t word_index_bytes = 0;
  double seconds_word_index = 0;
};

// `write_arcs(out)` fills arc_count * arc_width bytes at `out` (little-endian
// arc words, the sentinel first). Errors: those of the word index (kLimit).
Result<EncodedImage> EncodeImage(const ImagePlan& plan, const std::function<void(std::byte* out)>& write_arcs);

}  // namespace lexc::internal
