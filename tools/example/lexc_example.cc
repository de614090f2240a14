// lexc_example IMAGE WORD... -- how another engine uses an installed lexc:
// map an image, verify it once, then look words up in place.
#include <lexc/lexicon.h>
#include <lexc/query.h>

#include <cstdio>

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: lexc_example IMAGE WORD...\n");
    return 2;
  }
  lexc::Result<lexc::MappedLexicon> image = lexc::MappedLexicon::Open(argv[1]);
  if (!image.ok()) {
    std::fprintf(stderr, "lexc_example: %s\n", image.status().ToString().c_str());
    return 1;
  }
  const lexc::Lexicon& lex = image->lexicon();
  if (lexc::Status st = lex.Verify(); !st.ok()) {
    std::fprintf(stderr, "lexc_example: %s: %s\n", argv[1], st.ToString().c_str());
    return 1;
  }
  std::printf("%s: %llu words, alphabet %s\n", argv[1], static_cast<unsigned long long>(lex.meta().word_count),
              lex.alphabet().name().c_str());

  int status = 0;
  for (int i = 2; i < argc; ++i) {
    lexc::Result<std::vector<lexc::Tile>> word = lex.alphabet().TokenizeOrError(argv[i]);
    if (!word.ok()) {
      std::fprintf(stderr, "lexc_example: %s\n", word.status().ToString().c_str());
      status = 2;
      continue;
    }
    const bool found = lexc::Contains(lex, *word);
    std::printf("%s: %s\n", argv[i], found ? "yes" : "no");
    if (!found && status == 0) status = 1;
  }
  return status;
}
