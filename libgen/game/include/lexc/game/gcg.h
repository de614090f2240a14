// lexc/game/gcg.h -- games as GCG, the .gcg format of annotated games.
//
// Written: pragmas #character-encoding, #player1/2 (the record's player
// names), #title, #lexicon; then one event line per GameEvent:
//   >p1: AEINRST 8D NASTIER +70 70      play ('.' for a played-through tile)
//   >p2: EIIOUUV -IIOUUV +0 0           exchange
//   >p2: EIIOUUV - +0 0                 pass
//   >p1: (EIV) +12 382                  end: went out, twice the opponent's tiles
//   >p2: EIV (EIV) -6 305               end: scoreless, own tiles deducted
//   >p1: AEINRST -- -70 0               the play before was challenged off
//   >p1: AEINRST (challenge) +5 75      challenge bonus (the play stood)
//   >p2: EIV (time) -10 295             time penalty
// Tiles print as in CGP (cgp.h): blanks in lower case, labels of more than
// one code point in brackets. The reader is gcg_reader.h; both follow
// formats/gcg.md.
// Thread safety: pure functions.
#pragma once

#include <string>

#include "lexc/alphabet.h"
#include "lexc/game/record.h"

namespace lexc::game {

// The game in GCG; #lexicon only when lexicon_name is not empty. Player
// names, the title and lexicon_name should pass RecordTextProblem
// (lexc/escape.h; PlayGame and `lexc selfplay` check them); one that does
// not is written as RecordText renders it, escaped, so every pragma and
// event is one line and no text forges another. O(events).
std::string WriteGcg(const GameRecord& game, const Alphabet& a, const std::string& lexicon_name);

}  // namespace lexc::game
