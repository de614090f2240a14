// Fuzz target: arbitrary bytes as a streamed text input of records, one per
// line (lexc::ForEachTextLine: `lexc moves --cgp-file`, `lexc query --file`).
//
// The first byte picks the chunk size the stream hands out (1 to 255 bytes,
// or 0: everything at once); the rest is the input, plain or zstd. The
// lines (number and text) and the outcome must not depend on where the
// chunks end: the same bytes read in one chunk give the same calls and the
// same status (corrupt zstd: both fail, and the lines of one are a prefix of
// the other's, since the text decoded in the failing call is not delivered). For plain input, both also equal a model
// that splits the whole text at once: every '\n' ends a line, a last line without one is a line, a UTF-8 byte order
// mark at the start and trailing CR, spaces and tabs are dropped, blank lines are counted but not reported, and the
// first line holding a NUL byte stops the read with kBadInput naming that line. An error always has a message.
#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fuzz_support.h"
#include "lexc/io.h"
#include "lexc/text_lines.h"

namespace {

using namespace lexc;

struct Outcome {
  std::vector<std::pair<std::uint64_t, std::string>> lines;
  bool ok = true;
  Errc code = Errc::kOk;
  std::string detail;
};

Outcome Read(std::string_view bytes, std::size_t chunk) {
  InputStream in = InputStream::FromBytes(bytes, "input", 0, chunk);
  Outcome o;
  const Status st = ForEachTextLine(in, "input", "records", [&o](std::uint64_t n, std::string_view line) {
    o.lines.emplace_back(n, std::string(line));
  });
  o.ok = st.ok();
  o.code = st.code();
  o.detail = st.detail();
  if (!st.ok()) FUZZ_CHECK(fuzz::IsReportedError(st));
  return o;
}

// The whole text split at once (plain input only).
Outcome Model(std::string_view text) {
  Outcome o;
  std::uint64_t n = 0;
  std::size_t at = 0;
  while (at < text.size()) {
    ++n;
    std::size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(at, end - at);
    if (line.find('\0') != std::string_view::npos) {
      o.ok = false;
      o.code = Errc::kBadInput;
      o.detail = "input:" + std::to_string(n) + ": a NUL byte: not a text file of records";
      return o;
    }
    if (n == 1 && line.substr(0, 3) == "\xEF\xBB\xBF") line.remove_prefix(3);
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) line.remove_suffix(1);
    if (!line.empty()) o.lines.emplace_back(n, std::string(line));
    at = end + 1;
  }
  return o;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::size_t chunk = data[0];
  const std::string_view bytes(reinterpret_cast<const char*>(data) + 1, size - 1);
  const Outcome whole = Read(bytes, 0);
  const Outcome pieces = Read(bytes, chunk);
  FUZZ_CHECK(whole.ok == pieces.ok);
  if (whole.ok || !IsZstdFrame(bytes)) {
    FUZZ_CHECK(whole.lines == pieces.lines);
    FUZZ_CHECK(whole.code == pieces.code);
    FUZZ_CHECK_MSG(whole.detail == pieces.detail, whole.detail + " | " + pieces.detail);
  } else {
    // Corrupt zstd: the text decoded in the call that fails is not
    // delivered, so how much comes before the error depends on the chunks;
    // what does come is the same text.
    const auto& shorter = whole.lines.size() <= pieces.lines.size() ? whole.lines : pieces.lines;
    const auto& longer = whole.lines.size() <= pieces.lines.size() ? pieces.lines : whole.lines;
    FUZZ_CHECK(std::equal(shorter.begin(), shorter.end(), longer.begin()));
  }
  if (!IsZstdFrame(bytes)) {
    const Outcome model = Model(bytes);
    FUZZ_CHECK(whole.lines == model.lines);
    FUZZ_CHECK(whole.ok == model.ok);
    FUZZ_CHECK_MSG(whole.detail == model.detail, whole.detail + " | " + model.detail);
  }
  return 0;
}
