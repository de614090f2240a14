#include "lexc/gen/game.h"

#include <limits>
#include <string>
#include <utility>

#include "lexc/tile_text.h"

namespace lexc::gen {

Bag::Bag(const TileCounts& contents, std::uint64_t seed) : rng_(seed) {
  for (int t = 1; t <= kMaxGenTile; ++t)
    tiles_.insert(tiles_.end(), std::size_t(contents.counts[std::size_t(t)]), static_cast<Cell>(t));
  tiles_.insert(tiles_.end(), std::size_t(contents.blanks), kBlankBit);
}

std::uint64_t Bag::Below(std::uint64_t n) {
  // Rejection keeps the draw uniform; the threshold is 2^64 mod n.
  const std::uint64_t threshold = (0 - n) % n;
  for (;;) {
    const std::uint64_t r = rng_();
    if (r >= threshold) return r % n;
  }
}

void Bag::Draw(int n, Rack* out) {
  for (int i = 0; i < n && !tiles_.empty(); ++i) {
    const std::size_t at = Below(tiles_.size());
    std::swap(tiles_[at], tiles_.back());
    out->Add(CellTile(tiles_.back()), CellIsBlank(tiles_.back()));
    tiles_.pop_back();
  }
}

void Bag::Refill(Rack* rack) { Draw(kRackSize - rack->size(), rack); }

void Bag::Return(const Rack& tiles) {
  for (int t = 1; t <= kMaxGenTile; ++t)
    tiles_.insert(tiles_.end(), std::size_t(tiles.count(static_cast<Tile>(t))), static_cast<Cell>(t));
  tiles_.insert(tiles_.end(), std::size_t(tiles.blanks()), kBlankBit);
}

Result<GameRecord> PlayGreedyGame(MoveGenerator& gen, const SelfPlayOptions& o,
                                  const std::function<void(const Position&)>& on_position) {
  if (!gen.Supports(o.algorithm))
    return Status(Errc::kInvalidArgument, std::string("the image has no graph for the ") +
                                              AlgorithmName(o.algorithm) + " algorithm");
  const Alphabet& a = gen.lexicon().alphabet();
  const Layout& layout = gen.layout();
  LEXC_RETURN_IF_ERROR(gen.SetBoard(Board(layout.rows(), layout.cols())));
  Bag bag(FullSet(a), o.seed);
  GameRecord g;
  g.seed = o.seed;
  Rack racks[2];
  bag.Refill(&racks[0]);
  bag.Refill(&racks[1]);
  int scoreless = 0, player = 0;
  bool overflow = false;
  const auto record = [&](GameEvent e) {
    // Plays are bounded (MoveGenerator::Create), but a game of many of them
    // with huge letter scores could still pass what an int holds.
    overflow |= __builtin_add_overflow(g.scores[e.player], e.points, &g.scores[e.player]);
    e.total = g.scores[e.player];
    g.events.push_back(std::move(e));
  };
  const auto overflowed = [&] {
    return Status(Errc::kLimit, "turn " + std::to_string(g.turns) + ": a score passes " +
                                    std::to_string(std::numeric_limits<int>::max()));
  };
  for (;; player = 1 - player) {
    if (g.turns == o.max_turns) {
      g.end = GameRecord::End::kTurnLimit;
      break;
    }
    if (on_position) {
      Position p;
      p.board = gen.board();
      p.racks = {racks[player], racks[1 - player]};
      p.scores = {g.scores[player], g.scores[1 - player]};
      p.scoreless_turns = scoreless;
      if (!o.lexicon_name.empty()) p.SetOp("lex", o.lexicon_name);
      on_position(p);
    }
    GameEvent e;
    e.player = player;
    e.rack = racks[player];
    Play best;
    if (gen.Best(racks[player], o.algorithm, &best)) {
      LEXC_RETURN_IF_ERROR(gen.Apply(best));
      e.move = Move::FromPlay(best);
      e.points = best.score;
      for (int i = 0; i < best.length; ++i)
        if (!best.IsThrough(i)) racks[player].Remove(CellTile(best.cells[i]), CellIsBlank(best.cells[i]));
      bag.Refill(&racks[player]);
      g.bingos += best.placed == kRackSize;
    } else if (bag.size() >= o.exchange_limit) {
      // Draw first, then put the old tiles back, as the rules say.
      e.move.kind = Move::Kind::kExchange;
      e.move.exchange = racks[player];
      Rack fresh;
      bag.Draw(racks[player].size(), &fresh);
      bag.Return(racks[player]);
      racks[player] = fresh;
    } else {
      e.move.kind = Move::Kind::kPass;
    }
    record(e);
    ++g.turns;
    if (overflow) return overflowed();
    scoreless = e.points == 0 ? scoreless + 1 : 0;
    if (racks[player].empty()) {
      GameEvent out;
      out.kind = GameEvent::Kind::kOutBonus;
      out.player = player;
      out.rack = racks[1 - player];
      out.points = 2 * out.rack.Value(a);
      record(out);
      if (overflow) return overflowed();
      g.end = GameRecord::End::kWentOut;
      break;
    }
    if (scoreless >= o.max_scoreless) {
      for (int p : {0, 1}) {
        GameEvent pen;
        pen.kind = GameEvent::Kind::kRackPenalty;
        pen.player = p;
        pen.rack = racks[p];
        pen.points = -racks[p].Value(a);
        record(pen);
      }
      if (overflow) return overflowed();
      g.end = GameRecord::End::kScoreless;
      break;
    }
  }
  return g;
}

std::string WriteGcg(const GameRecord& game, const Alphabet& a, const std::string& lexicon_name) {
  std::string out = "#character-encoding UTF-8\n#player1 p1 Greedy One\n#player2 p2 Greedy Two\n";
  out += "#title lexc greedy self-play, seed " + std::to_string(game.seed) + "\n";
  if (!lexicon_name.empty()) out += "#lexicon " + lexicon_name + "\n";
  for (const GameEvent& e : game.events) {
    out += e.player == 0 ? ">p1: " : ">p2: ";
    const std::string points = (e.points >= 0 ? "+" : "") + std::to_string(e.points);
    switch (e.kind) {
      case GameEvent::Kind::kMove:
        out += e.rack.ToString(a) + " ";
        if (e.move.kind == Move::Kind::kPlay) {
          const Play& p = e.move.play;
          out += Coordinate(p.row, p.col, p.dir) + " ";
          TileTextWriter word(a, &out, ".");
          for (int i = 0; i < p.length; ++i) {
            if (p.IsThrough(i)) word.AppendOther(".");
            else word.Append(CellTile(p.cells[i]), CellIsBlank(p.cells[i]));
          }
        } else if (e.move.kind == Move::Kind::kExchange) {
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
    }
    out += " " + points + " " + std::to_string(e.total) + "\n";
  }
  return out;
}

}  // namespace lexc::gen
