// The small English lexicon and standard 15x15 layout shared by the fuzz
// targets that play on a board (fuzz_gcg, fuzz_play_text): every two-letter
// string over AEINORST, so that plays of short inputs connect and are legal,
// and some longer words over them.
#pragma once

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "fuzz_support.h"
#include "lexc/alphabet.h"
#include "lexc/builder.h"
#include "lexc/gen/layout.h"
#include "lexc/lexicon.h"
#include "lexc/wordlist.h"

namespace lexc::fuzz {

inline const Alphabet& English() {
  static const Alphabet a = Alphabet::English();
  return a;
}

inline const gen::Layout& Standard() {
  static const gen::Layout l = gen::Layout::Standard15();
  return l;
}

// A verified image, built once per process.
inline const Lexicon& GameLexicon() {
  static std::vector<std::byte> image;
  static const Lexicon lex = [] {
    std::set<std::vector<Tile>> words;
    const std::string dense = "AEINORST";
    const auto tile = [](char c) { return static_cast<Tile>(c - 'A' + 1); };
    for (char a : dense)
      for (char b : dense) words.insert({tile(a), tile(b)});
    for (const char* w : {"RATE", "TEAR", "STONE", "NOTES", "TONES", "RETAINS", "NASTIER", "STAINER", "ANESTRI", "QI",
                          "ZA", "AXE", "OX"}) {
      std::vector<Tile> t;
      for (const char* c = w; *c; ++c) t.push_back(tile(*c));
      words.insert(t);
    }
    auto built = BuildImage(WordList::FromUnsorted({words.begin(), words.end()}), English(), BuildOptions{});
    FUZZ_CHECK_MSG(built.ok(), built.status().ToString());
    image = std::move(built).value();
    auto l = Lexicon::FromBytes(image);
    FUZZ_CHECK(l.ok() && l->Verify().ok());
    return std::move(l).value();
  }();
  return lex;
}

}  // namespace lexc::fuzz
