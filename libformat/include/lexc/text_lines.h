// lexc/text_lines.h -- line-by-line reading of a streamed text input.
//
// Commands that take a list of records one per line (CGP positions, queries)
// read it as a stream: memory is one chunk of the InputStream and one line,
// whatever the input's length, and each record is handled as soon as its
// line is complete. This is the one splitter they share, so that line
// numbers, blank-line handling and the refusal of binary input are the same
// for all of them. Word lists have their own, faster tokenizer (wordlist.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string_view>

#include "lexc/io.h"
#include "lexc/status.h"

namespace lexc {

// The longest line ForEachTextLine accepts: far above any record it reads.
inline constexpr std::size_t kMaxTextLineBytes = std::size_t(1) << 20;

// Reads `in` to its end and calls on_line(number, line) for each line that
// is not blank once its trailing CR, spaces and tabs are dropped; lines are
// numbered from 1, blank ones counted. A last line without a newline is a
// line. A UTF-8 byte order mark at the start of the input is dropped (as
// word lists and GCG files drop it). `name` names the input in messages (as the user gave it: "-" for
// standard input), `what` is a plural naming the records.
// Errors (nothing further is read; lines before the bad one were handled):
//   kBadInput "NAME:LINE: a NUL byte: not a text file of <what>" (binary
//     data or a device);
//   kLimit "NAME:LINE: a line over 1 MiB: longer than any of the <what> it
//     should hold" (kMaxTextLineBytes);
//   the stream's own errors (kIo, kLimit over its byte cap, kBadInput for
//     corrupt zstd), as InputStream::Next returns them.
// NAME is `name` as QuotePath renders it. An exception thrown
// by on_line propagates, and the stream is left where it was.
// O(bytes read); memory one line (at most kMaxTextLineBytes) beside the
// stream's chunk.
Status ForEachTextLine(InputStream& in, std::string_view name, std::string_view what,
                       const std::function<void(std::uint64_t, std::string_view)>& on_line);

}  // namespace lexc
