// Test helper: writes a "universal" lexicon image (tests/support/
// universal_image.h), valid and verified, that accepts every string of
// 1..MAX_LEN of the first LETTERS English letters.
//
//   universal_image OUT [LETTERS [MAX_LEN [dawg|both]]]   (default 26 12 both)
#include <cstdio>
#include <cstdlib>
#include <string>

#include "universal_image.h"

int main(int argc, char** argv) {
  if (argc < 2 || argc > 5 || (argc == 5 && std::string(argv[4]) != "dawg" && std::string(argv[4]) != "both")) {
    std::fprintf(stderr, "usage: universal_image OUT [LETTERS [MAX_LEN [dawg|both]]]\n");
    return 2;
  }
  lexc::test::UniversalSpec spec;
  if (argc > 2) spec.letters = std::atoi(argv[2]);
  if (argc > 3) spec.max_len = std::atoi(argv[3]);
  if (argc > 4) spec.gaddag = std::string(argv[4]) == "both";
  const lexc::test::UniversalImage image(spec);
  std::FILE* f = std::fopen(argv[1], "wb");
  if (!f) {
    std::perror(argv[1]);
    return 1;
  }
  const bool ok = std::fwrite(image.bytes().data(), 1, image.bytes().size(), f) == image.bytes().size();
  if (std::fclose(f) != 0 || !ok) {
    std::perror(argv[1]);
    return 1;
  }
  return 0;
}
