#include "search.h"

#include <algorithm>
#include <new>
#include <utility>

#include "lexc/game/rules.h"

namespace lexc::endgame::internal {
namespace {

constexpr int kInfinity = 1 << 29;
constexpr int kPassOrder = -(1 << 28);  // the pass is tried last, after every play
constexpr int kTableMoveOrder = 1 << 28;
constexpr std::uint64_t kNodeFlush = 1024;  // nodes between budget checks

constexpr std::size_t kSelected = 6;  // moves picked by selection before sorting the rest

// The shallowest PV node whose moves after the first are shared between
// threads (SplitPoint): below it a move costs less than the hand-over.
constexpr int kMinSplitDepth = 2;

}  // namespace

Searcher::Searcher(SharedSearch& shared, gen::MoveGenerator gen, const Endgame& endgame, const Alphabet& a, int id)
    : shared_(shared),
      gen_(std::move(gen)),
      abc_(a),
      rules_(endgame.rules),
      id_(id),
      algorithm_(shared.options.algorithm),
      plies_(kMaxPlies + 2) {
  const gen::Position& p = endgame.position;
  racks_[0] = p.racks[0];
  racks_[1] = p.racks[1];
  start_scores_diff_ = p.scores[0] - p.scores[1];
  for (int t = 1; t <= a.size() && t <= gen::kMaxGenTile; ++t)
    face_[std::size_t(t)] = a.tile(static_cast<Tile>(t)).score;
  face_[0] = a.blank_score();
  for (int t = 0; t <= gen::kMaxGenTile; ++t)
    if (face_[std::size_t(t)] == 0) zero_tiles_ |= std::uint64_t(1) << t;
  rack_values_[0] = racks_[0].Value(a);
  rack_values_[1] = racks_[1].Value(a);
  start_scoreless_ = p.scoreless_turns;
  zero_tiles_held_ = false;
  for (const Rack& r : racks_) {
    if (r.blanks() && (zero_tiles_ & 1u)) zero_tiles_held_ = true;
    for (std::uint64_t z = zero_tiles_ & ~std::uint64_t(1); z; z &= z - 1)
      if (r.count(static_cast<Tile>(__builtin_ctzll(z)))) zero_tiles_held_ = true;
  }
  scoreless_ = EffectiveScoreless(p.scoreless_turns);
  cols_ = p.board.cols();
  for (int r = 0; r < p.board.rows(); ++r)
    for (int c = 0; c < p.board.cols(); ++c)
      if (p.board.at(r, c) != gen::kEmpty) board_key_ ^= SquareKey(r * cols_ + c, p.board.at(r, c));
  for (int seat = 0; seat < 2; ++seat) {
    const Rack& rack = racks_[seat];
    for (int t = 0; t <= gen::kMaxGenTile; ++t) {
      const int n = t == 0 ? rack.blanks() : rack.count(static_cast<Tile>(t));
      for (int k = 0; k < n; ++k)
        for (int role = 0; role < 2; ++role) rack_keys_[seat][role] ^= RackTileKey(role, t, k);
    }
  }
}

bool Searcher::Before(const Candidate& a, const Candidate& b) {
  return a.order != b.order ? a.order > b.order : a.index < b.index;
}

std::uint64_t Searcher::Key() const {
  return board_key_ ^ rack_keys_[to_move_][0] ^ rack_keys_[1 - to_move_][1] ^ ScorelessKey(scoreless_);
}

// Two passes in a row give the same position back, with the scoreless
// count two higher. With r = max_scoreless - count turns left before the
// scoreless end, a the best the side to move gets from a move that is not
// a pass, b the best (lowest, for it) the other side gets from one after a
// pass, and t the value of the scoreless end, the value is f(r) = max(a,
// min(b, f(r - 2))), f(1) = max(a, t) and f(0) = t, so f(3) = max(a, min(b,
// max(a, t))) = max(a, min(b, t)) = f(2), and by the same step f(r) = f(2)
// for every r >= 2. That needs a and b independent of r: no move but a pass
// may leave the count rising, so neither rack holds a tile worth 0 points
// (a play of them could score 0); racks only shrink, so it then holds below
// too. Such nodes are searched with r = 2, as the engines that solve
// endgames play them (two passes end the game): the same values, and lines
// of passes two plies long instead of max_scoreless. CompleteLine puts the
// passes back into a line.
int Searcher::EffectiveScoreless(int scoreless) const {
  const int limit = rules_.max_scoreless;
  if (limit - scoreless <= 2) return scoreless;
  if (!zero_tiles_held_) return limit - 2;  // none at the start: none below
  for (const Rack& r : racks_) {
    if (r.blanks() && (zero_tiles_ & 1u)) return scoreless;
    for (std::uint64_t z = zero_tiles_ & ~std::uint64_t(1); z; z &= z - 1)
      if (r.count(static_cast<Tile>(__builtin_ctzll(z)))) return scoreless;
  }
  return limit - 2;
}

void Searcher::CompleteLine(std::vector<PvStep>* steps, bool ends_game) const {
  if (!ends_game || steps->empty()) return;
  // Replay the line from the position: racks, the real scoreless count.
  Rack racks[2] = {racks_[to_move_], racks_[1 - to_move_]};
  int side = 0, scoreless = start_scoreless_;
  bool out = false;
  for (const PvStep& st : *steps) {
    if (st.pass) {
      ++scoreless;
    } else {
      for (int i = 0; i < st.play.length; ++i)
        if (!st.play.IsThrough(i))
          racks[side].Remove(gen::CellTile(st.play.cells[i]), gen::CellIsBlank(st.play.cells[i]));
      scoreless = st.play.score == 0 ? scoreless + 1 : 0;
      out = racks[side].empty();
    }
    side ^= 1;
  }
  // A line that ends by the scoreless rule ends in passes: the count the
  // search used was ahead, and passing on is as good (EffectiveScoreless).
  PvStep pass;
  pass.pass = true;
  while (!out && scoreless < rules_.max_scoreless) {
    steps->push_back(pass);
    ++scoreless;
  }
}

int Searcher::PlacedValue(const gen::Play& play) const {
  int v = 0;
  for (std::uint32_t b = LineSquares::NewTileBits(play); b; b &= b - 1)
    v += face_[std::size_t(RackTile(play.cells[__builtin_ctz(b)]))];
  return v;
}

void Searcher::MoveTiles(const gen::Play& play, bool to_board) {
  Rack& rack = racks_[to_move_];
  for (int i = 0; i < play.length; ++i) {
    if (play.IsThrough(i)) continue;
    const gen::Cell c = play.cells[i];
    const int t = RackTile(c);
    // The key of the copy that leaves (the last) or comes back (a new last).
    const int copy = (t == 0 ? rack.blanks() : rack.count(static_cast<Tile>(t))) - (to_board ? 1 : 0);
    if (to_board)
      rack.Remove(gen::CellTile(c), gen::CellIsBlank(c));
    else
      rack.Add(gen::CellTile(c), gen::CellIsBlank(c));
    for (int role = 0; role < 2; ++role) rack_keys_[to_move_][role] ^= RackTileKey(role, t, copy);
    rack_values_[to_move_] += to_board ? -face_[std::size_t(t)] : face_[std::size_t(t)];
    board_key_ ^= SquareKey(play.RowAt(i) * cols_ + play.ColAt(i), c);
  }
}

void Searcher::CountNode() {
  if (++unflushed_nodes_ < kNodeFlush) return;
  const std::uint64_t total = shared_.nodes.fetch_add(unflushed_nodes_, std::memory_order_relaxed) + unflushed_nodes_;
  unflushed_nodes_ = 0;
  shared_.table.Grow(total);
  const EndgameOptions& o = shared_.options;
  if (id_ == 0 && o.on_progress) ReportProgress(total);
  if ((o.node_limit && total >= o.node_limit) ||
      (shared_.has_deadline && std::chrono::steady_clock::now() >= shared_.deadline) ||
      (o.cancel && o.cancel->load(std::memory_order_relaxed)))
    shared_.stop.store(true, std::memory_order_relaxed);
}

void Searcher::ReportProgress(std::uint64_t nodes) {
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - shared_.start).count();
  if (seconds < next_progress_) return;
  next_progress_ = seconds + shared_.options.progress_every;
  EndgameIteration it = completed_;
  it.nodes = nodes;
  it.seconds = seconds;
  shared_.options.on_progress(it);
}

void Searcher::OrderMoves(int ply, std::uint32_t table_move, int own_value, int opp_value) {
  PlyState& ps = plies_[std::size_t(ply)];
  const int own_size = racks_[to_move_].size();
  const int out_bonus = game::OutBonusOfValue(rack_values_[1 - to_move_]);
  (void)opp_value;
  ps.moves.clear();
  for (std::size_t i = 0; i < ps.plays.size(); ++i) {
    const gen::Play& p = ps.plays[i];
    // Score, plus the going-out bonus, or minus what stays on the rack.
    const int order = p.score + (p.placed == own_size ? out_bonus : -(own_value - PlacedValue(p)));
    ps.moves.push_back({order, static_cast<int>(i), MoveKey(p)});
  }
  ps.moves.push_back({kPassOrder, -1, kPassKey});
  if (table_move)
    for (Candidate& c : ps.moves)
      if (c.key == table_move) {
        c.order = kTableMoveOrder;
        break;
      }
  // Most nodes are decided by their first few moves: those are picked by
  // selection in Search, the rest sorted only when reached (kSelected).
  // The root is sorted at once (its moves are shared out in that order).
  if (ply > 0) return;
  std::sort(ps.moves.begin(), ps.moves.end(), Before);
}

int Searcher::Try(int ply, int depth, const Candidate& c, int own_value, int opp_value, int alpha, int beta,
                  bool* exact) {
  PlyState& child = plies_[std::size_t(ply + 1)];
  child.pv.clear();
  child.pv_ends_game = true;
  Rack& own = racks_[to_move_];
  const gen::Play* play = c.index >= 0 ? &plies_[std::size_t(ply)].plays[std::size_t(c.index)] : nullptr;
  const int score = play ? play->score : 0;
  *exact = true;
  // The end of the game, as GameState::Apply decides it: playing out first,
  // then the scoreless-turn limit (each side loses its own rack's value).
  if (play && play->placed == own.size()) return score + game::OutBonusOfValue(rack_values_[1 - to_move_]);
  const int scoreless = score == 0 ? scoreless_ + 1 : 0;
  if (game::ScorelessLimitReached(scoreless, rules_))
    return score - (own_value - (play ? PlacedValue(*play) : 0)) + opp_value;
  child.pv_ends_game = false;
  if (depth <= 1) {
    // The child is a horizon leaf (Search's depth-0 value): no need to
    // place the tiles to know it.
    CountNode();
    *exact = false;
    return score - (own_value - (play ? PlacedValue(*play) : 0)) + opp_value;
  }
  // From the second child that lists its plays on, this node's own plays
  // for the other side serve them all (ListPlays); from the first when the
  // children are frontiers or hold one tile, which may then be refuted
  // without the board (RefutedByKept).
  if (PlyState& here = plies_[std::size_t(ply)];
      shared_.options.reuse_plays && !here.kept_from &&
      (here.children_listed >= 1 || depth == 2 || racks_[1 - to_move_].size() == 1))
    KeepChildPlays(ply);
  const int saved_scoreless = scoreless_;
  child.arrived_by = play;
  // The keys first: the child's table entry is fetched while the board and
  // its analysis follow the play.
  if (play) MoveTiles(*play, true);
  scoreless_ = EffectiveScoreless(scoreless);
  to_move_ = 1 - to_move_;
  const std::uint64_t child_key = Key();
  shared_.table.Prefetch(child_key);
  // A child refuted by a kept play going out needs no board (nor a list
  // of its plays): most frontier and one-tile children are. Its value is
  // then an exact lower bound, that play's, where Search would have found
  // the best going-out value: looser bounds above, the same values.
  if (play && ply + 1 < kMaxPlies && shared_.options.reuse_plays && plies_[std::size_t(ply)].kept_from &&
      (racks_[to_move_].size() == 1 || (depth == 2 && !game::ScorelessLimitReached(scoreless_ + 1, rules_)))) {
    int child_value;
    if (RefutedByKept(ply + 1, depth - 1, child_key, score - beta, score - alpha, &child_value, exact)) {
      to_move_ = 1 - to_move_;
      scoreless_ = saved_scoreless;
      MoveTiles(*play, false);
      return score - child_value;
    }
  }
  if (play) {
    if (Status st = gen_.Apply(*play); !st.ok()) {
      to_move_ = 1 - to_move_;
      scoreless_ = saved_scoreless;
      MoveTiles(*play, false);
      std::lock_guard<std::mutex> lock(shared_.mu);
      if (shared_.error.ok()) shared_.error = st;
      shared_.stop.store(true);
      aborted_ = true;
      return 0;
    }
  }
  const int v = score - Search(ply + 1, depth - 1, score - beta, score - alpha, exact);
  to_move_ = 1 - to_move_;
  scoreless_ = saved_scoreless;
  if (play) {
    MoveTiles(*play, false);
    (void)gen_.Undo();
  }
  return v;
}

void Searcher::LineThrough(int ply, const Candidate& c, const std::vector<gen::Play>& plays, std::vector<PvStep>* pv,
                           bool* ends_game) const {
  const PlyState& child = plies_[std::size_t(ply + 1)];
  pv->clear();
  PvStep step;
  step.pass = c.index < 0;
  if (!step.pass) step.play = plays[std::size_t(c.index)];
  pv->push_back(step);
  pv->insert(pv->end(), child.pv.begin(), child.pv.end());
  *ends_game = child.pv_ends_game;
}

bool Searcher::EnterNode(PlyState& ps) {
  ps.pv.clear();
  ps.pv_ends_game = false;
  ps.listed = false;
  CountNode();
  if (aborted_ || (interruptible_ && shared_.stop.load(std::memory_order_relaxed))) aborted_ = true;
  return !aborted_;
}

bool Searcher::TableSettles(const TableEntry& e, int depth, int alpha, int beta) {
  return (e.exact || e.depth >= depth) && (e.bound == Bound::kExact || (e.bound == Bound::kLower && e.value >= beta) ||
                                           (e.bound == Bound::kUpper && e.value <= alpha));
}

void Searcher::EndsWithPlay(PlyState& ps, std::uint64_t key, const gen::Play& p, int value, int depth, Bound bound) {
  PvStep step;
  step.play = p;
  ps.pv.assign(1, step);
  ps.pv_ends_game = true;
  TableEntry store;
  store.value = value;
  store.depth = std::min(depth, 255);
  store.bound = bound;
  store.exact = true;
  store.move = MoveKey(p);
  shared_.table.Store(key, store);
}

int Searcher::Search(int ply, int depth, int alpha, int beta, bool* exact) {
  PlyState& ps = plies_[std::size_t(ply)];
  if (!EnterNode(ps)) {
    *exact = false;
    return 0;
  }
  const bool pv_node = beta - alpha > 1;
  const std::uint64_t key = Key();
  TableEntry entry;
  std::uint32_t table_move = 0;
  if (shared_.table.Load(key, &entry)) {
    table_move = entry.move;
    if (!pv_node && TableSettles(entry, depth, alpha, beta)) {
      *exact = entry.exact;
      return entry.value;
    }
  }
  const int own_value = rack_values_[to_move_];
  const int opp_value = rack_values_[1 - to_move_];
  if (depth <= 0 || ply >= kMaxPlies) {
    // The horizon: the racks' values as the scoreless end would count them.
    *exact = false;
    return opp_value - own_value;
  }
  // A side with no play can only pass: that forced pass does not count
  // against the depth, nor, from the second iteration on, the reply to it
  // (forced_pass_extension_: an extension for a single reply), so where one
  // side is stuck the other's play-out is searched to its end and such
  // endgames are proven iterations earlier. Only the horizon moves: a value
  // is still marked exact only when every leaf of its proof ends the game.
  // A frontier of more than one tile lists its plays itself (or ranks the
  // kept ones).
  if (depth > 1 || racks_[to_move_].size() == 1) {
    ListPlays(ply);
    if (racks_[to_move_].size() == 1 && !ps.plays.empty()) return OneTileOut(ply, key, exact);
  }
  bool stuck = false;
  if (depth == 1) {
    const int v = Frontier(ply, key, own_value, opp_value, beta, exact, &stuck);
    if (!stuck) return v;
    ps.plays.clear();  // none: the pass, then the other side's frontier
    ps.listed = true;
  } else {
    stuck = ps.plays.empty();
  }
  const int move_depth = stuck ? depth + forced_pass_extension_ : depth;  // Try searches the child at move_depth - 1
  PrepareChildLists(ply);
  OrderMoves(ply, table_move, own_value, opp_value);

  const int alpha0 = alpha;
  int best = -kInfinity;
  std::uint32_t best_key = 0;
  bool all_exact = true, node_exact = true;
  const bool split = id_ == 0 && !splitting_ && pv_node && depth >= kMinSplitDepth && shared_.options.threads > 1;
  for (std::size_t n = 0; n < ps.moves.size(); ++n) {
    if (split && n == 1) {  // the first move searched alone: the rest shared
      if (ply > 0) std::sort(ps.moves.begin() + 1, ps.moves.end(), Before);
      SplitOutcome o;
      if (!SplitRest(ply, depth, alpha, beta, best, &o)) {
        *exact = false;
        return 0;
      }
      if (o.best > best) {
        best = o.best;
        best_key = o.best_key;
      }
      if (o.improved) alpha = o.alpha;  // and plies_[ply].pv holds its line
      if (o.cut) {
        node_exact = o.cut_exact;
      } else {
        all_exact = all_exact && o.all_exact;
        node_exact = all_exact;
      }
      break;
    }
    if (ply > 0 && n < kSelected) {
      std::iter_swap(ps.moves.begin() + std::ptrdiff_t(n),
                     std::min_element(ps.moves.begin() + std::ptrdiff_t(n), ps.moves.end(), Before));
    } else if (ply > 0 && n == kSelected) {
      std::sort(ps.moves.begin() + std::ptrdiff_t(n), ps.moves.end(), Before);
    }
    const Candidate c = ps.moves[n];
    bool child_exact = true;
    int v;
    if (n == 0) {
      v = Try(ply, move_depth, c, own_value, opp_value, alpha, beta, &child_exact);
    } else {
      v = Try(ply, move_depth, c, own_value, opp_value, alpha, alpha + 1, &child_exact);
      if (v > alpha && v < beta && !aborted_)
        v = Try(ply, move_depth, c, own_value, opp_value, alpha, beta, &child_exact);
    }
    if (aborted_) {
      *exact = false;
      return 0;
    }
    if (v > best) {
      best = v;
      best_key = c.key;
      if (v > alpha) {
        alpha = v;
        if (pv_node) LineThrough(ply, c, ps.plays, &ps.pv, &ps.pv_ends_game);
      }
    }
    if (v >= beta) {
      node_exact = child_exact;  // a proven move refutes, whatever the others
      break;
    }
    all_exact = all_exact && child_exact;
    node_exact = all_exact;
  }
  TableEntry store;
  store.value = best;
  store.depth = std::min(depth, 255);
  store.bound = best >= beta ? Bound::kLower : best <= alpha0 ? Bound::kUpper : Bound::kExact;
  store.exact = node_exact;
  store.move = best_key;
  shared_.table.Store(key, store);
  *exact = node_exact;
  return best;
}

// One tile left and a place for it: going out with the best score is the
// exact value. Every play goes out; a pass is never better, since the other
// side may pass back, after which going out (or, at the scoreless end, t =
// opponent's rack - own tile, at most any out value) is all that is left:
// so a pass is worth at most the out value, by induction on the turns left.
int Searcher::OneTileOut(int ply, std::uint64_t key, bool* exact) {
  PlyState& ps = plies_[std::size_t(ply)];
  std::size_t best = 0;
  for (std::size_t i = 1; i < ps.plays.size(); ++i)
    if (ps.plays[i].score > ps.plays[best].score) best = i;
  CountNode();
  const int value = ps.plays[best].score + game::OutBonusOfValue(rack_values_[1 - to_move_]);
  EndsWithPlay(ps, key, ps.plays[best], value, 255, Bound::kExact);
  *exact = true;
  return value;
}

void Searcher::FrontierTally::Add(const gen::Play& p, int placed_value) {
  ++plays;
  const bool out = p.placed == own_size;
  const bool ends = out || (p.score == 0 && scoreless_ends);
  const int v = out ? p.score + out_bonus : p.score - (own_value - placed_value) + opp_value;
  all_end = all_end && ends;
  if (v > best) best = v, best_is_pass = false, best_play = p, best_ends = ends;
  if (ends && v > best_ending) best_ending = v, best_ending_kind = kEndingPlay, best_ending_play = p;
}

int Searcher::Frontier(int ply, std::uint64_t key, int own_value, int opp_value, int beta, bool* exact, bool* stuck) {
  // Every child is a leaf: its value costs a few additions, so all are
  // valued (no ordering, no cutoff): the depth-1 value is exact for its
  // depth. It is depth-independent when every child ends the game; else a
  // child ending the game with a value >= beta still proves a lower bound.
  PlyState& ps = plies_[std::size_t(ply)];
  FrontierTally t;
  t.own_size = racks_[to_move_].size();
  t.out_bonus = game::OutBonusOfValue(rack_values_[1 - to_move_]);
  t.own_value = own_value;
  t.opp_value = opp_value;
  t.scoreless_ends = game::ScorelessLimitReached(scoreless_ + 1, rules_);
  // The pass first: the scoreless end, or a leaf valued alike.
  t.best = opp_value - own_value;
  t.best_ends = t.scoreless_ends;
  t.best_ending = t.scoreless_ends ? t.best : -kInfinity;
  t.best_ending_kind = t.scoreless_ends ? FrontierTally::kEndingPass : FrontierTally::kEndingNone;
  t.all_end = t.scoreless_ends;
  if (ps.listed || !FrontierFromKept(ply, beta, &t)) {
    if (!ps.listed) ListPlays(ply);
    for (const gen::Play& p : ps.plays) {
      CountNode();
      t.Add(p, p.placed == t.own_size ? 0 : PlacedValue(p));
    }
  }
  CountNode();  // the pass
  if (aborted_) {
    *exact = false;
    return 0;
  }
  if (t.plays == 0 && !t.scoreless_ends) {
    *stuck = true;
    return 0;
  }
  TableEntry store;
  store.depth = 1;
  int best = t.best;
  PvStep step;
  step.pass = t.best_is_pass;
  if (!step.pass) step.play = t.best_play;
  if (t.all_end || t.best_ending >= beta) {
    const bool lower = !t.all_end;
    best = t.best_ending;
    step.pass = t.best_ending_kind != FrontierTally::kEndingPlay;
    if (!step.pass) step.play = t.best_ending_play;
    store.bound = lower ? Bound::kLower : Bound::kExact;
    store.exact = true;
  } else {
    store.bound = Bound::kExact;
    store.exact = false;
  }
  store.value = best;
  ps.pv.assign(1, step);
  ps.pv_ends_game = store.exact || t.best_ends;
  store.move = step.pass ? kPassKey : MoveKey(step.play);
  shared_.table.Store(key, store);
  *exact = store.exact;
  return best;
}

void Searcher::Publish(int depth, int value, bool exact) {
  EndgameResult r;
  r.value = value;
  r.final_spread = start_scores_diff_ + value;
  r.exact = exact;
  r.depth = depth;
  std::vector<PvStep> line = plies_[0].pv;
  CompleteLine(&line, plies_[0].pv_ends_game);
  for (const PvStep& s : line) r.pv.push_back(s.pass ? gen::Move() : gen::Move::FromPlay(s.play));
  r.pv_ends_game = plies_[0].pv_ends_game;
  std::lock_guard<std::mutex> lock(shared_.mu);
  if (shared_.have_result && shared_.result.exact) return;
  if (shared_.have_result && !exact && shared_.result.depth >= depth) return;
  shared_.result = std::move(r);
  shared_.have_result = true;
}

void Searcher::Run() {
  // The other side's plays on the root board, for the nodes at ply 1.
  opponent_root_.plays.clear();
  if (shared_.options.reuse_plays)
    gen_.Generate(racks_[1 - to_move_], algorithm_, [&](const gen::Play& p) { opponent_root_.plays.push_back(p); });
  opponent_root_.listed = shared_.options.reuse_plays;
  if (id_ > 0) return RunHelper();
  // However thread 0 leaves (an exception included), the helpers return.
  struct EndHelpers {
    SplitPoint& split;
    ~EndHelpers() {
      {
        std::lock_guard<std::mutex> lock(split.mu);
        split.finished = true;
      }
      split.cv.notify_all();
    }
  } end_helpers{shared_.split};
  const int limit = shared_.options.max_plies > 0 ? shared_.options.max_plies : kMaxPlies;
  for (int depth = 1; depth <= limit; ++depth) {
    interruptible_ = depth > 1;  // the first line always completes
    // ... and quickly: no extension (a stuck side's opponent would be
    // searched to the end of its play-out, which no budget could stop).
    forced_pass_extension_ = depth > 1 ? 2 : 1;
    bool exact = false;
    const int value = Search(0, depth, -kInfinity, kInfinity, &exact);
    if (aborted_) break;
    Publish(depth, value, exact);
    {
      EndgameIteration it;
      it.depth = depth;
      it.value = value;
      it.exact = exact;
      it.nodes = shared_.nodes.load() + unflushed_nodes_;
      it.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - shared_.start).count();
      completed_ = it;
      if (shared_.options.on_iteration) shared_.options.on_iteration(it);
      if (shared_.options.on_progress) shared_.options.on_progress(it);
    }
    if (exact) break;
  }
  shared_.nodes.fetch_add(unflushed_nodes_);
  unflushed_nodes_ = 0;
}

}  // namespace lexc::endgame::internal
