// lexc/game/gcg_reader.h -- reading GCG game records (formats/gcg.md).
//
// GCG is the annotated-game format of Poslfit, Quackle, Macondo, MAGPIE and
// the Woogles site; gcg.h writes it. The reader turns a file into pragmas and
// event lines, checked one line at a time for syntax and field ranges; what
// the events mean on a board (words, scores, racks, the end of the game) is
// checked by the replay (replay.h), which needs a lexicon.
//
// Lines (CR LF and trailing blanks tolerated, blank lines skipped):
//   #player1 NICK Full Name     #player2 ...   (both, before the first event)
//   #title, #description, #id, #lexicon, #character-encoding, #note, #rack1,
//   #rack2, #game-type, #tile-set, #board-layout, #tile-distribution,
//   #incomplete; other pragmas are kept as text, never an error
//   >NICK: RACK 8D WORD +SCORE TOTAL        a play ('.' a played-through square)
//   >NICK: RACK -TILES +0 TOTAL             an exchange (-N: N unknown tiles)
//   >NICK: RACK - +0 TOTAL                  a pass
//   >NICK: RACK -- -SCORE TOTAL             the play before was challenged off
//   >NICK: RACK (challenge) +BONUS TOTAL    challenge bonus
//   >NICK: RACK (time) -PENALTY TOTAL       time penalty
//   >NICK: (TILES) +POINTS TOTAL            went out: the opponent's tiles
//   >NICK: RACK (RACK) -POINTS TOTAL        own tiles deducted at the end
// A line that is neither a pragma nor an event continues the #note or
// #description before it. The rack of an event may be left out (unknown).
// Seat 0 is the player of the first event (whatever #player1/2 say); tiles
// are tile text (formats/tile-text.md): lower case a blank's letter, '?' a
// blank on a rack.
//
// Errors are kBadInput "SOURCE:LINE: FIELD: problem", FIELD naming the
// pragma or the event field ("game.gcg:7: position: '16A' is off the 15x15
// board"). Memory follows the text; nothing is read past it.
// Thread safety: pure functions.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "lexc/alphabet.h"
#include "lexc/game/record.h"
#include "lexc/gen/layout.h"
#include "lexc/rack.h"
#include "lexc/status.h"

namespace lexc::game {

// A GCG file is at most this long (1 MiB): a game is a few kilobytes.
inline constexpr std::size_t kMaxGcgBytes = std::size_t(1) << 20;

struct GcgEvent {
  int line = 0;  // 1-based line of the file
  // kind, player (seat), rack as written (empty when unknown), move, points
  // (the signed score field) and total (the cumulative score field). A
  // play's cells hold its tiles (kBlankBit for lower case); a played-through
  // square ('.') has its `through` bit set and cell 0 until a replay reads
  // the board. move.play.score is the score field.
  GameEvent event;
  bool rack_known = false;  // the rack field was given
  int exchange_count = 0;   // an exchange written as a count ("-7"): its tiles unknown
};

struct GcgGame {
  std::string source;                // names the file in messages
  std::array<std::string, 2> nicks;  // by seat (seat 0 moved first)
  std::array<std::string, 2> names;  // the full names, by seat
  std::string title, description, id, lexicon, encoding, game_type, tile_set, board_layout, tile_distribution;
  bool incomplete = false;
  std::array<std::optional<Rack>, 2> final_racks;          // #rack1 / #rack2, by seat
  std::vector<std::pair<std::size_t, std::string>> notes;  // (events before it, text)
  std::vector<std::pair<int, std::string>> other_pragmas;  // (line, the whole line)
  std::vector<GcgEvent> events;
};

// Parses GCG text. `layout` bounds coordinates and word lengths; `source`
// names the text in errors. Text declared ISO-8859-1 (#character-encoding,
// first line) is converted to UTF-8; otherwise it must be UTF-8. O(text).
Result<GcgGame> ParseGcg(std::string_view text, const Alphabet& a, const gen::Layout& layout, std::string_view source);

// Reads (through lexc/io.h, at most kMaxGcgBytes; "-" is standard input) and
// parses a file. Errors: kIo naming the path, kLimit for a longer file, and
// ParseGcg's.
Result<GcgGame> ReadGcgFile(const std::string& path, const Alphabet& a, const gen::Layout& layout);

}  // namespace lexc::game
