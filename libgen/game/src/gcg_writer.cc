#include <string>

#include "lexc/escape.h"
#include "lexc/game/gcg.h"
#include "lexc/tile_text.h"

namespace lexc::game {

std::string WriteGcg(const GameRecord& game, const Alphabet& a, const std::string& lexicon_name) {
  std::string out = "#character-encoding UTF-8\n";
  // Names become pragmas: RecordText keeps each on its own line (escape.h).
  out += "#player1 p1 " + RecordText(game.players[0]) + "\n#player2 p2 " + RecordText(game.players[1]) + "\n";
  out += "#title " + RecordText(game.title) + "\n";
  if (!lexicon_name.empty()) out += "#lexicon " + RecordText(lexicon_name) + "\n";
  for (const GameEvent& e : game.events) {
    out += e.player == 0 ? ">p1: " : ">p2: ";
    const std::string points = (e.points >= 0 ? "+" : "") + std::to_string(e.points);
    switch (e.kind) {
      case GameEvent::Kind::kMove:
        out += e.rack.ToString(a) + " ";
        if (e.move.kind == gen::Move::Kind::kPlay) {
          const gen::Play& p = e.move.play;
          out += gen::Coordinate(p.row, p.col, p.dir) + " ";
          TileTextWriter word(a, &out, ".");  // '.' marks a played-through square
          for (int i = 0; i < p.length; ++i) {
            if (p.IsThrough(i))
              word.AppendOther(".");
            else
              word.Append(gen::CellTile(p.cells[i]), gen::CellIsBlank(p.cells[i]));
          }
        } else if (e.move.kind == gen::Move::Kind::kExchange) {
          out += "-" + e.move.exchange.ToString(a);
        } else {
          out += "-";
        }
        break;
      case GameEvent::Kind::kOutBonus:
        out += "(" + e.rack.ToString(a) + ")";
        break;
      case GameEvent::Kind::kRackPenalty:
        out += e.rack.ToString(a) + " (" + e.rack.ToString(a) + ")";
        break;
      case GameEvent::Kind::kPhonyWithdrawn:
        out += e.rack.ToString(a) + " --";
        break;
      case GameEvent::Kind::kChallengeBonus:
        out += e.rack.ToString(a) + " (challenge)";
        break;
      case GameEvent::Kind::kTimePenalty:
        out += e.rack.ToString(a) + " (time)";
        break;
    }
    out += " " + points + " " + std::to_string(e.total) + "\n";
  }
  return out;
}

}  // namespace lexc::game
