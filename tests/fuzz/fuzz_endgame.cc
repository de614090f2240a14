// Fuzz target: arbitrary bytes as an endgame, CGP text read by the endgame
// solver (lexc::endgame) over a small set: five letters A..E, two of each,
// and a blank (11 tiles), so that short inputs often are endgames.
//
// MakeEndgame either refuses the position with an error naming its field,
// or completes it; then a solve under small budgets (a node limit, a ply
// limit, a 4 KiB table; one thread, or two on odd input lengths) returns a
// line whose moves the referee (GameState) accepts one after the other; an
// exact line ends the game with the solver's final spread.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_support.h"
#include "lexc/builder.h"
#include "lexc/endgame/solver.h"
#include "lexc/game/game_state.h"
#include "lexc/gen/cgp.h"
#include "lexc/lexicon.h"
#include "lexc/wordlist.h"

namespace {

using namespace lexc;

const Alphabet& Small() {
  static const Alphabet a = [] {
    std::vector<TileInfo> tiles;
    for (int i = 0; i < 5; ++i) {
      TileInfo t;
      t.label = std::string(1, char('A' + i));
      t.score = 1 + i * 2;
      t.count = 2;
      tiles.push_back(t);
    }
    return Alphabet::FromTiles("fuzz-endgame", tiles, 1, 0).value();
  }();
  return a;
}

const gen::Layout& Standard() {
  static const gen::Layout l = gen::Layout::Standard15();
  return l;
}

// Every two-letter string over A..E and a few longer words.
const Lexicon& Lex() {
  static std::string bytes;
  static const Lexicon lex = [] {
    std::vector<std::vector<Tile>> words;
    for (Tile a = 1; a <= 5; ++a)
      for (Tile b = 1; b <= 5; ++b) words.push_back({a, b});
    for (const char* w : {"ABE", "BAD", "CAB", "DAB", "BEAD", "DECADE", "ACE", "EBB"}) {
      std::vector<Tile> word;
      for (const char* c = w; *c; ++c) word.push_back(static_cast<Tile>(*c - 'A' + 1));
      words.push_back(word);
    }
    const WordList list = WordList::FromUnsorted(std::move(words));
    auto image = BuildImage(list, Small(), BuildOptions()).value();
    bytes.assign(reinterpret_cast<const char*>(image.data()), image.size());
    return Lexicon::FromBytes({reinterpret_cast<const std::byte*>(bytes.data()), bytes.size()}).value();
  }();
  return lex;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  Result<gen::Position> p = gen::ParseCgp(text, Small(), Standard());
  if (!p.ok()) return 0;
  Result<endgame::Endgame> e = endgame::MakeEndgame(*p, Standard(), Small());
  if (!e.ok()) {
    FUZZ_CHECK_MSG(fuzz::IsReportedError(e.status()), e.status().detail());
    return 0;
  }
  FUZZ_CHECK(e->position.racks.size() == 2 && !e->position.racks[0].empty() && !e->position.racks[1].empty());
  endgame::EndgameOptions o;
  o.node_limit = 3000;
  o.max_plies = 6;
  o.table_bytes = endgame::kMinTableBytes;
  o.threads = 1 + int(size % 2);
  Result<endgame::EndgameResult> r = endgame::SolveEndgame(Lex(), Standard(), *e, o);
  FUZZ_CHECK_MSG(r.ok(), r.status().detail());
  FUZZ_CHECK(!r->pv.empty() && r->depth >= 1);
  game::Rules rules = e->rules;
  rules.max_turns = -1;
  Result<game::GameState> s = game::GameState::FromPosition(e->position, Standard(), Small(), rules, 1);
  FUZZ_CHECK_MSG(s.ok(), s.status().detail());
  FUZZ_CHECK(s->bag().size() == 0);
  for (const gen::Move& m : r->pv) {
    FUZZ_CHECK(!s->over());
    const Status st = s->Apply(m);
    FUZZ_CHECK_MSG(st.ok(), st.detail());
  }
  if (r->exact) {
    FUZZ_CHECK(r->pv_ends_game && s->over());
    FUZZ_CHECK(s->score(0) - s->score(1) == r->final_spread);
  }
  return 0;
}
