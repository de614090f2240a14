// lexc/image_writer.h -- an image from arcs laid out by someone else.
//
// BuildImage (builder.h) compiles words; this writes an image around an arc
// array that already exists, as lexc::interop does when it translates a
// foreign graph (a KWG) arc for arc instead of recompiling its words. The
// caller supplies every figure META and the descriptors record; nothing is
// checked here beyond the sizes: run Lexicon::FromBytes and Verify() on the
// result (Verify recomputes every figure and rejects a disagreement).
// Layout: formats/lexicon-image.md. Thread safety: reentrant.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "lexc/alphabet.h"
#include "lexc/lexicon.h"
#include "lexc/status.h"

namespace lexc {

// `arcs` are width-4 arc words (formats/lexicon-image.md, "ARCS"), arcs[0]
// the sentinel; `dawg`/`gaddag` null for an absent graph (at least one
// given). meta.options is stored as the options text. Errors:
// kInvalidArgument (no graph, no arcs, arc 0 not the sentinel, more arcs
// than width 4 addresses, an alphabet over 63 tiles).
Result<std::vector<std::byte>> EncodeImageFromArcs(const Alphabet& alphabet, const Metadata& meta,
                                                   const GraphInfo* dawg, const GraphInfo* gaddag,
                                                   std::span<const std::uint32_t> arcs);

}  // namespace lexc
