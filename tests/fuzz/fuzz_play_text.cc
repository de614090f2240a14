// Fuzz target: arbitrary bytes as the text of a play, as `lexc infer --move`
// and `lexc sim` read it (lexc::strategy::ParsePlay: "8D GEL(I)D", "D8 GELID").
//
// The first byte picks one of three boards (empty, a few words, a crowded
// corner with a blank), the rest is the text. A parse either fails with
// kBadInput and a message, or returns a play that is legal on that board:
// its new tiles sit on empty squares, its board tiles are the board's, the
// move generator lists the very same play with the same score when given
// exactly its tiles (either algorithm), and the play written back by
// FormatMove parses to itself.
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_game_lexicon.h"
#include "fuzz_support.h"
#include "lexc/gen/board.h"
#include "lexc/gen/move.h"
#include "lexc/gen/movegen.h"
#include "lexc/rack.h"
#include "lexc/strategy/inference.h"

namespace {

using namespace lexc;

// Lays `word` (upper case: a tile, lower case: a blank) from (row, col).
void Lay(gen::Board* b, int row, int col, gen::Dir d, std::string_view word) {
  for (std::size_t i = 0; i < word.size(); ++i) {
    const char c = word[i];
    const bool blank = c >= 'a' && c <= 'z';
    const Tile t = static_cast<Tile>((blank ? c - 'a' : c - 'A') + 1);
    const int r = d == gen::Dir::kAcross ? row : row + int(i);
    const int k = d == gen::Dir::kAcross ? col + int(i) : col;
    b->set(r, k, gen::MakeCell(t, blank));
  }
}

gen::Board BoardFor(std::uint8_t which) {
  gen::Board b(15, 15);
  switch (which % 3) {
    case 0:
      break;
    case 1:
      Lay(&b, 7, 3, gen::Dir::kAcross, "RATE");
      Lay(&b, 7, 6, gen::Dir::kDown, "ETA");
      break;
    default:
      Lay(&b, 0, 0, gen::Dir::kAcross, "STONE");
      Lay(&b, 1, 0, gen::Dir::kAcross, "TaN");
      Lay(&b, 0, 14, gen::Dir::kDown, "NOTES");
      break;
  }
  return b;
}

gen::MoveGenerator& Generator(std::uint8_t which) {
  static gen::MoveGenerator gens[3] = {
      gen::MoveGenerator::Create(fuzz::GameLexicon(), fuzz::Standard()).value(),
      gen::MoveGenerator::Create(fuzz::GameLexicon(), fuzz::Standard()).value(),
      gen::MoveGenerator::Create(fuzz::GameLexicon(), fuzz::Standard()).value(),
  };
  static const bool set = [] {
    for (std::uint8_t i = 0; i < 3; ++i) FUZZ_CHECK(gens[i].SetBoard(BoardFor(i)).ok());
    return true;
  }();
  (void)set;
  return gens[which % 3];
}

void CheckLegal(gen::MoveGenerator& g, const gen::Play& p) {
  const gen::Board& board = g.board();
  Rack tiles;
  int placed = 0;
  FUZZ_CHECK(p.length >= 1 && p.length <= 15);
  for (int j = 0; j < p.length; ++j) {
    FUZZ_CHECK(board.InRange(p.RowAt(j), p.ColAt(j)));
    const gen::Cell on = board.at(p.RowAt(j), p.ColAt(j));
    if (p.IsThrough(j)) {
      FUZZ_CHECK(on == p.cells[j]);
      continue;
    }
    FUZZ_CHECK(on == gen::kEmpty);
    ++placed;
    gen::CellIsBlank(p.cells[j]) ? tiles.AddBlank() : tiles.Add(gen::CellTile(p.cells[j]));
  }
  FUZZ_CHECK(placed == p.placed && placed >= 1);
  for (gen::Algorithm alg : {gen::Algorithm::kGaddag, gen::Algorithm::kDawg}) {
    int seen = 0;
    g.Generate(tiles, alg, [&](const gen::Play& q) {
      seen += q == p;
      return true;
    });
    FUZZ_CHECK_MSG(seen == 1, "the play is listed " + std::to_string(seen) + " times");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  gen::MoveGenerator& g = Generator(data[0]);
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  auto play = strategy::ParsePlay(g, gen::Algorithm::kGaddag, fuzz::English(), text);
  if (!play.ok()) {
    FUZZ_CHECK_MSG(play.status().code() == Errc::kBadInput && !play.status().detail().empty(),
                   play.status().ToString());
    return 0;
  }
  CheckLegal(g, *play);
  const std::string written = gen::FormatMove(gen::Move::FromPlay(*play), fuzz::English());
  auto back = strategy::ParsePlay(g, gen::Algorithm::kDawg, fuzz::English(), written);
  FUZZ_CHECK_MSG(back.ok(), back.status().ToString());
  FUZZ_CHECK_MSG(*back == *play, written);
  return 0;
}
