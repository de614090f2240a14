// ReplayGcg: the referee replays a GCG record line by line (replay.h).
#include "lexc/game/replay.h"

#include <algorithm>
#include <array>
#include <optional>
#include <utility>

#include "lexc/query.h"

namespace lexc::game {
namespace {

using Kind = GameEvent::Kind;

std::string Signed(int v) { return (v >= 0 ? "+" : "") + std::to_string(v); }

// The placed squares and tiles of a play, in board order: equal for two
// plays exactly when they put the same tiles on the same squares (a
// one-tile play may be written in either direction).
std::vector<std::pair<int, gen::Cell>> Placed(const gen::Play& p, int cols) {
  std::vector<std::pair<int, gen::Cell>> out;
  for (int i = 0; i < p.length; ++i)
    if (!p.IsThrough(i)) out.emplace_back(p.RowAt(i) * cols + p.ColAt(i), p.cells[i]);
  std::sort(out.begin(), out.end());
  return out;
}

// The run of tiles through (row, col) along (dr, dc) on `b`.
std::vector<Tile> RunThrough(const gen::Board& b, int row, int col, int dr, int dc) {
  while (b.InRange(row - dr, col - dc) && b.at(row - dr, col - dc) != gen::kEmpty) row -= dr, col -= dc;
  std::vector<Tile> w;
  for (; b.InRange(row, col) && b.at(row, col) != gen::kEmpty; row += dr, col += dc)
    w.push_back(gen::CellTile(b.at(row, col)));
  return w;
}

// Why a play the generator does not find is not legal: the words it forms
// that are not in the lexicon, else its placement.
std::string WhyNotLegal(const gen::Board& before, const gen::Play& p, const Lexicon& lex, const gen::Layout& layout) {
  gen::Board after = before;
  if (!gen::ApplyPlay(p, &after).ok()) return "the play does not fit the board";
  const Alphabet& a = lex.alphabet();
  const int dr = p.dir == gen::Dir::kAcross ? 0 : 1, dc = 1 - dr;
  std::string bad;
  const auto check = [&](const std::vector<Tile>& w, const char* what) {
    if (w.size() >= 2 && !Contains(lex, w))
      bad += std::string(bad.empty() ? "" : "; ") + what + " " + a.Render(w) + " is not a word";
  };
  const std::vector<Tile> main = RunThrough(after, p.RowAt(0), p.ColAt(0), dr, dc);
  if (main.size() != p.length)
    return "the word " + gen::PlayWord(p, a) + " runs on into the tiles beside it (" + a.Render(main) + ")";
  check(main, "the word");
  for (int i = 0; i < p.length; ++i)
    if (!p.IsThrough(i)) check(RunThrough(after, p.RowAt(i), p.ColAt(i), dc, dr), "the cross word");
  if (!bad.empty()) return bad;
  if (before.IsEmpty())
    return "the first play must cover the start square " +
           gen::Coordinate(layout.start_row(), layout.start_col(), gen::Dir::kAcross);
  return "the play touches no tile on the board";
}

class Replayer {
 public:
  Replayer(const GcgGame& g, gen::MoveGenerator& gen, const ReplayOptions& o, const BeforeMove& before)
      : g_(g),
        gen_(gen),
        o_(o),
        before_(before),
        a_(gen.lexicon().alphabet()),
        state_(GameState::NewGame(gen.layout(), a_, o.rules, o.seed)) {}

  Result<ReplayedGame> Run(std::vector<ReplayIssue>* issues_before_error) {
    LEXC_RETURN_IF_ERROR(gen_.SetBoard(gen::Board(gen_.layout().rows(), gen_.layout().cols())));
    out_.record.seed = o_.seed;
    out_.record.players = g_.names;
    out_.record.title = g_.title;
    out_.finished = true;
    for (k_ = 0; k_ < g_.events.size(); ++k_) {
      const GcgEvent& e = g_.events[k_];
      line_turn_ = state_.turns() + (e.event.kind == Kind::kMove ? 1 : 0);
      Status st = Status::Ok();
      switch (e.event.kind) {
        case Kind::kMove:
          if (state_.over()) {
            Issue(e, "rules", "the game is over by the rules here (" + EndName() + "), the record goes on");
            out_.finished = false;
            return Finish();
          }
          st = Move(e);
          break;
        case Kind::kPhonyWithdrawn:
          st = Withdraw(e);
          break;
        case Kind::kChallengeBonus:
        case Kind::kTimePenalty:
          st = state_.Adjust(e.event.player, e.event.kind, e.event.points, &out_.record.events);
          break;
        case Kind::kOutBonus:
        case Kind::kRackPenalty:
          End(e);
          break;
      }
      if (!st.ok()) {  // located already (Move's own errors name file:line: field), else here
        if (issues_before_error) *issues_before_error = std::move(out_.issues);
        const std::string located = g_.source + ":" + std::to_string(e.line) + ": ";
        return st.detail().rfind(located, 0) == 0 ? st : Error(e, "event", st.detail());
      }
      CheckTotal(e);
    }
    for (std::size_t i : pending_end_) {
      const GameEvent& end = out_.record.events[i];
      const int line = g_.events.empty() ? 0 : g_.events.back().line;
      out_.issues.push_back(
          {line, Turn(), "end", "the record leaves out " + g_.nicks[end.player] + "'s end of game: " + EndText(end)});
    }
    return Finish();
  }

 private:
  Result<ReplayedGame> Finish() {
    GameRecord& r = out_.record;
    r.scores[0] = state_.score(0);
    r.scores[1] = state_.score(1);
    r.turns = state_.turns();
    r.end = state_.over() ? state_.end() : End::kTurnLimit;
    return std::move(out_);
  }

  std::string EndName() const {
    switch (state_.end()) {
      case End::kWentOut:
        return "a player went out";
      case End::kScoreless:
        return std::to_string(o_.rules.max_scoreless) + " scoreless turns";
      case End::kTurnLimit:
        break;
    }
    return "the turn limit";
  }

  std::string EndText(const GameEvent& e) const {
    return e.kind == Kind::kOutBonus ? "(" + e.rack.ToString(a_) + ") " + Signed(e.points)
                                     : e.rack.ToString(a_) + " (" + e.rack.ToString(a_) + ") " + Signed(e.points);
  }

  int Turn() const { return line_turn_; }

  void Issue(const GcgEvent& e, std::string field, std::string problem) {
    out_.issues.push_back({e.line, Turn(), std::move(field), std::move(problem)});
  }

  Status Error(const GcgEvent& e, std::string_view field, const std::string& problem) const {
    return Status(Errc::kBadInput,
                  g_.source + ":" + std::to_string(e.line) + ": " + std::string(field) + ": " + problem);
  }

  void CheckTotal(const GcgEvent& e) {
    const int seat = e.event.player;
    const long long expected = static_cast<long long>(totals_[seat]) + e.event.points;
    if (expected != e.event.total)
      Issue(e, "total",
            g_.nicks[seat] + "'s total " + std::to_string(e.event.total) + " should be " +
                std::to_string(totals_[seat]) + " " + Signed(e.event.points) + " = " + std::to_string(expected));
    totals_[seat] = e.event.total;
  }

  bool NextWithdraws(const GcgEvent& e) const {
    for (std::size_t i = k_ + 1; i < g_.events.size(); ++i) {
      const GameEvent& n = g_.events[i].event;
      if (n.kind == Kind::kPhonyWithdrawn) return n.player == e.event.player;
      if (n.kind == Kind::kMove) return false;
    }
    return false;
  }

  // The record's play with its played-through squares read off the board.
  Result<gen::Play> Resolve(const GcgEvent& e) const {
    gen::Play p = e.event.move.play;
    const gen::Board& b = state_.board();
    for (int i = 0; i < p.length; ++i) {
      const int r = p.RowAt(i), c = p.ColAt(i);
      const std::string sq = gen::Coordinate(r, c, gen::Dir::kAcross);
      const gen::Cell on = b.at(r, c);
      if (p.IsThrough(i)) {
        if (on == gen::kEmpty) return Error(e, "word", "'.' plays through " + sq + ", which is empty");
        p.cells[i] = on;
      } else if (on != gen::kEmpty) {
        if (gen::CellTile(on) != gen::CellTile(p.cells[i]))
          return Error(e, "word",
                       "square " + sq + " holds " + a_.Render(std::vector<Tile>{gen::CellTile(on)}) +
                           ", the record places " + a_.Render(std::vector<Tile>{gen::CellTile(p.cells[i])}));
        p.cells[i] = on;  // a letter written for a tile already there: played through
        p.through |= 1u << i;
        --p.placed;
      }
    }
    if (p.placed == 0) return Error(e, "word", "the play places no tile: every square is taken");
    return p;
  }

  // Gives the mover the record's rack (or `needed` when unknown or short).
  Status GiveRack(const GcgEvent& e, const Rack& needed, const char* what) {
    Rack rack = e.event.rack;
    if (!e.rack_known) {
      rack = needed;
    } else if (!rack.Contains(needed)) {
      Issue(e, "rack", "the rack " + rack.ToString(a_) + " does not hold the " + what + " " + needed.ToString(a_));
      rack = needed;
    }
    if (!e.rack_known && needed.empty()) return Status::Ok();
    const int other = 1 - e.event.player;
    const Rack* known = known_[other] ? &*known_[other] : nullptr;
    if (known && state_.SetRack(e.event.player, rack, known).ok()) return Status::Ok();
    if (Status st = state_.SetRack(e.event.player, rack); !st.ok()) return Error(e, "rack", st.detail());
    return Status::Ok();
  }

  // What the record says `seat` holds after its move: the rack of a pass, or
  // of a play that drew nothing (the bag was empty); unknown otherwise.
  void NoteRackAfter(const GcgEvent& e, const gen::Move& m, int bag_before) {
    std::optional<Rack>& k = known_[e.event.player];
    k.reset();
    if (!e.rack_known) return;
    if (m.kind == gen::Move::Kind::kPass) {
      k = e.event.rack;
    } else if (m.kind == gen::Move::Kind::kPlay && bag_before == 0) {
      Rack left = e.event.rack;
      const Rack tiles = m.play.Tiles();
      if (!left.Contains(tiles)) return;
      for (int t = 1; t <= gen::kMaxGenTile; ++t)
        for (int n = tiles.count(static_cast<Tile>(t)); n > 0; --n) left.Remove(static_cast<Tile>(t));
      for (int n = tiles.blanks(); n > 0; --n) left.RemoveBlank();
      k = left;
    }
  }

  // The racks the end-of-game penalty lines right after this move show, by
  // seat: what each player held when the scoreless turns ended the game.
  std::array<std::optional<Rack>, 2> PenaltyRacksAfter() const {
    std::array<std::optional<Rack>, 2> out;
    for (std::size_t i = k_ + 1; i < g_.events.size() && g_.events[i].event.kind != Kind::kMove; ++i)
      if (g_.events[i].event.kind == Kind::kRackPenalty)
        out[std::size_t(g_.events[i].event.player)] = g_.events[i].event.rack;
    return out;
  }

  // The tiles the mover must have drawn to hold `after` once `m` is made
  // from `before`; nullopt when that is not a draw.
  static std::optional<Rack> DrawFor(const Rack& before, const gen::Move& m, const Rack& after) {
    Rack kept = before;
    const Rack gone = m.kind == gen::Move::Kind::kPlay ? m.play.Tiles() : m.exchange;
    if (!kept.Contains(gone)) return std::nullopt;
    for (int t = 1; t <= gen::kMaxGenTile; ++t)
      for (int n = gone.count(static_cast<Tile>(t)); n > 0; --n) kept.Remove(static_cast<Tile>(t));
    for (int n = gone.blanks(); n > 0; --n) kept.RemoveBlank();
    if (!after.Contains(kept)) return std::nullopt;
    Rack drawn = after;
    for (int t = 1; t <= gen::kMaxGenTile; ++t)
      for (int n = kept.count(static_cast<Tile>(t)); n > 0; --n) drawn.Remove(static_cast<Tile>(t));
    for (int n = kept.blanks(); n > 0; --n) drawn.RemoveBlank();
    return drawn;
  }

  Status Move(const GcgEvent& e) {
    const int seat = e.event.player;
    if (seat != state_.to_move())
      return Error(e, "player", g_.nicks[seat] + " moves, but it is " + g_.nicks[state_.to_move()] + "'s turn");
    gen::Move m = e.event.move;
    if (m.kind == gen::Move::Kind::kPlay) {
      Result<gen::Play> play = Resolve(e);
      if (!play.ok()) return play.status();
      m.play = *play;
      LEXC_RETURN_IF_ERROR(GiveRack(e, m.play.Tiles(), "tiles played"));
      if (before_) before_(Turn(), e, state_);
      Check(e, m.play);
      withdraw_from_.emplace(state_);
      play_index_ = k_;
      events_before_ = out_.record.events.size();
      bingo_ = m.play.placed == gen::kRackSize;
      out_.record.bingos += bingo_;
    } else {
      if (m.kind == gen::Move::Kind::kExchange && e.exchange_count > 0) {
        // Tiles unknown: any of the rack's (the record's or the referee's).
        Rack from = e.rack_known ? e.event.rack : state_.rack(seat);
        Rack pick;
        for (int t = 1; t <= gen::kMaxGenTile && pick.size() < e.exchange_count; ++t)
          for (int n = from.count(static_cast<Tile>(t)); n > 0 && pick.size() < e.exchange_count; --n)
            pick.Add(static_cast<Tile>(t));
        for (int n = from.blanks(); n > 0 && pick.size() < e.exchange_count; --n) pick.AddBlank();
        if (pick.size() < e.exchange_count)
          return Error(e, "exchange",
                       std::to_string(e.exchange_count) + " tiles from a rack of " + std::to_string(from.size()));
        m.exchange = pick;
      }
      LEXC_RETURN_IF_ERROR(GiveRack(e, m.kind == gen::Move::Kind::kExchange ? m.exchange : Rack(), "tiles exchanged"));
      if (before_) before_(Turn(), e, state_);
      withdraw_from_.reset();
    }
    std::vector<GameEvent> events;
    const int bag_before = state_.bag().size();
    // A move the record ends the game with (scoreless turns): the racks its
    // penalty lines show are the racks the rules deduct.
    const auto ends = PenaltyRacksAfter();
    std::optional<Rack> draw;
    if (ends[std::size_t(1 - seat)]) {
      const Rack other = *ends[std::size_t(1 - seat)];
      const Rack mine = state_.rack(seat);
      if (!state_.SetRack(seat, mine, &other).ok())
        Issue(e, "end", "the racks of the end-of-game lines are not the unseen tiles");
    }
    if (ends[std::size_t(seat)] && m.kind != gen::Move::Kind::kPass)
      draw = DrawFor(state_.rack(seat), m, *ends[std::size_t(seat)]);
    Status applied = state_.Apply(m, &events, draw ? &*draw : nullptr);
    if (!applied.ok() && draw)
      applied = state_.Apply(m, &events);  // drawn tiles not in the bag: the check below says so
    if (!applied.ok()) return Error(e, "move", applied.detail());
    NoteRackAfter(e, m, bag_before);
    if (m.kind == gen::Move::Kind::kPlay) LEXC_RETURN_IF_ERROR(gen_.Apply(m.play));
    for (GameEvent& ev : events) {
      if (ev.kind != Kind::kMove) pending_end_.push_back(out_.record.events.size());
      out_.record.events.push_back(std::move(ev));
    }
    return Status::Ok();
  }

  void Check(const GcgEvent& e, const gen::Play& play) {
    ++out_.plays;
    const auto want = Placed(play, gen_.layout().cols());
    std::optional<int> score;
    gen_.Generate(play.Tiles(), o_.algorithm, [&](const gen::Play& p) {
      if (p.placed != play.placed || Placed(p, gen_.layout().cols()) != want) return true;
      score = p.score;
      return false;
    });
    const bool withdrawn = NextWithdraws(e);
    const std::string word = gen::Coordinate(play.row, play.col, play.dir) + " " + gen::PlayWord(play, a_);
    if (!score) {
      if (withdrawn) {
        ++out_.phonies_withdrawn;
        return;
      }
      Issue(e, "word", word + ": " + WhyNotLegal(state_.board(), play, gen_.lexicon(), gen_.layout()));
      return;
    }
    if (withdrawn) Issue(e, "challenge", word + " is a legal play, yet the record withdraws it");
    if (*score != play.score)
      Issue(e, "score", word + " scores " + std::to_string(*score) + ", the record says " + std::to_string(play.score));
  }

  Status Withdraw(const GcgEvent& e) {
    if (!withdraw_from_) return Error(e, "event", "no play to withdraw right before this line");
    const int score = out_.record.events[events_before_].move.score();
    if (e.event.points != -score)
      Issue(e, "score",
            "withdrawing the play takes back " + std::to_string(score) + ", the record says " + Signed(e.event.points));
    state_ = *withdraw_from_;
    withdraw_from_.reset();
    const GcgEvent& played = g_.events[play_index_];
    known_[e.event.player] = played.rack_known ? std::optional<Rack>(played.event.rack) : std::nullopt;
    LEXC_RETURN_IF_ERROR(gen_.Undo());
    out_.record.events.resize(events_before_);
    pending_end_.clear();  // the play's end of game, if it ended it, is undone too
    out_.record.bingos -= bingo_;
    bingo_ = false;
    std::vector<GameEvent> events;
    LEXC_RETURN_IF_ERROR(state_.Apply(gen::Move{}, &events));  // the turn is lost: a pass
    for (GameEvent& ev : events) {
      if (ev.kind != Kind::kMove) pending_end_.push_back(out_.record.events.size());
      out_.record.events.push_back(std::move(ev));
    }
    return Status::Ok();
  }

  void End(const GcgEvent& e) {
    for (auto it = pending_end_.begin(); it != pending_end_.end(); ++it) {
      const GameEvent& mine = out_.record.events[*it];
      if (mine.kind != e.event.kind || mine.player != e.event.player) continue;
      if (!(mine.rack == e.event.rack) || mine.points != e.event.points) {
        const GameEvent& theirs = e.event;
        Issue(e, "end", "the record says " + EndText(theirs) + ", the rules give " + EndText(mine));
      }
      pending_end_.erase(it);
      return;
    }
    Issue(e, "end",
          state_.over()
              ? "the rules end the game otherwise (" + EndName() + ")"
              : "the game is not over here by the rules (the bag holds " + std::to_string(state_.bag().size()) +
                    " tiles, " + std::to_string(state_.scoreless_turns()) + " scoreless turns)");
  }

  const GcgGame& g_;
  gen::MoveGenerator& gen_;
  const ReplayOptions& o_;
  const BeforeMove& before_;
  const Alphabet& a_;
  GameState state_;
  ReplayedGame out_;
  std::size_t k_ = 0;
  int line_turn_ = 0;                       // the move number of line k_ (the move it follows)
  int totals_[2] = {0, 0};                  // the record's running totals
  std::optional<GameState> withdraw_from_;  // the state before the last play
  std::size_t events_before_ = 0;           // record events before it
  std::size_t play_index_ = 0;              // its GCG event
  bool bingo_ = false;
  std::vector<std::size_t> pending_end_;  // the referee's end events not yet met in the record
  std::optional<Rack> known_[2];          // a seat's rack as the record shows it after its move
};

}  // namespace

Result<ReplayedGame> ReplayGcg(const GcgGame& game, gen::MoveGenerator& gen, const ReplayOptions& o,
                               const BeforeMove& before, std::vector<ReplayIssue>* issues_before_error) {
  if (issues_before_error) issues_before_error->clear();
  return Replayer(game, gen, o, before).Run(issues_before_error);
}

}  // namespace lexc::game
