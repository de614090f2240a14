// Fuzz target: arbitrary bytes as a CGP position, a board file and a layout
// file (libgen's parsers).
//
// Each parse either fails with an error naming its field or source ("cgp
// ...", "fuzz.txt:..."), or succeeds; then writing the result and parsing it
// again gives the same text (CGP, board file) or the same layout.
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_support.h"
#include "lexc/alphabet.h"
#include "lexc/gen/cgp.h"
#include "lexc/gen/layout.h"

namespace {

using namespace lexc;

const Alphabet& English() {
  static const Alphabet a = Alphabet::English();
  return a;
}
const gen::Layout& Standard() {
  static const gen::Layout l = gen::Layout::Standard15();
  return l;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);

  if (auto p = gen::ParseCgp(text, English(), Standard()); p.ok()) {
    const std::string once = gen::WriteCgp(*p, English());
    auto again = gen::ParseCgp(once, English(), Standard());
    FUZZ_CHECK_MSG(again.ok(), once + " -> " + again.status().ToString());
    FUZZ_CHECK_MSG(gen::WriteCgp(*again, English()) == once, once);
  } else {
    FUZZ_CHECK_MSG(p.status().detail().rfind("cgp", 0) == 0, p.status().detail());
  }

  if (auto b = gen::ParseBoardFile(text, "fuzz.txt", English(), Standard()); b.ok()) {
    const std::string once = gen::WriteBoardFile(*b, English());
    auto again = gen::ParseBoardFile(once, "again.txt", English(), Standard());
    FUZZ_CHECK_MSG(again.ok(), again.status().ToString());
    FUZZ_CHECK(gen::WriteBoardFile(*again, English()) == once);
  } else {
    FUZZ_CHECK_MSG(b.status().detail().find("fuzz.txt") != std::string::npos, b.status().detail());
  }

  if (auto l = gen::Layout::Parse(text, "fuzz.txt"); l.ok()) {
    auto again = gen::Layout::Parse(l->ToText(), "again.txt");
    FUZZ_CHECK_MSG(again.ok(), again.status().ToString());
    FUZZ_CHECK(*again == *l);
  } else {
    FUZZ_CHECK_MSG(l.status().detail().find("fuzz.txt") != std::string::npos, l.status().detail());
  }
  return 0;
}
