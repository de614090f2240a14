// The plays of a search node (internal): listed from those two plies
// above, kept by a node for its children, ranked for depth-1 children.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <utility>

#include "search.h"

namespace lexc::endgame::internal {
namespace {

// Whether the new tiles of `p` come from `rack` (a blank cell from a blank).
bool Fits(const gen::Play& p, const Rack& rack) {
  int need[gen::kMaxGenTile + 1] = {};
  for (std::uint32_t b = LineSquares::NewTileBits(p); b; b &= b - 1) {
    const int t = RackTile(p.cells[__builtin_ctz(b)]);
    if (++need[t] > (t == 0 ? rack.blanks() : rack.count(static_cast<Tile>(t)))) return false;
  }
  return true;
}

// Fits(p, rack) for a play `p` that fits a rack which `rack` is short of
// only by tiles in `spent` (tile codes, bit 0: a blank): only those are
// counted, and a tile placed once needs one left.
bool FitsAfterSpending(const gen::Play& p, const Rack& rack, std::uint64_t spent) {
  if (!spent) return true;
  std::uint64_t seen = 0;
  for (std::uint32_t b = LineSquares::NewTileBits(p); b; b &= b - 1) {
    const int t = RackTile(p.cells[__builtin_ctz(b)]);
    const std::uint64_t bit = std::uint64_t(1) << t;
    if (!(spent & bit)) continue;
    if (seen & bit) return Fits(p, rack);  // placed twice or more: count them all
    seen |= bit;
    if ((t == 0 ? rack.blanks() : rack.count(static_cast<Tile>(t))) == 0) return false;
  }
  return true;
}

// Test builds only (LEXC_ENDGAME_CHECK_LISTS, tests/gen/CMakeLists.txt:
// gen_test_endgame_checked): every list built here is compared with a full
// generation on the same board, and a frontier's result with one from it.
#ifdef LEXC_ENDGAME_CHECK_LISTS
constexpr bool kCheckLists = true;
#else
constexpr bool kCheckLists = false;
#endif

std::vector<gen::Play> FullList(gen::MoveGenerator& gen, gen::Algorithm a, const Rack& rack) {
  std::vector<gen::Play> full;
  gen.Generate(rack, a, [&](const gen::Play& p) { full.push_back(p); });
  return full;
}

[[noreturn]] void ListCheckFailed(const char* what, std::size_t got, std::size_t want) {
  std::fprintf(stderr, "endgame list check: %s: %zu plays, a full generation gives %zu\n", what, got, want);
  std::abort();
}

void CheckList(gen::MoveGenerator& gen, gen::Algorithm a, const Rack& rack, std::vector<gen::Play> list,
               const char* what) {
  std::vector<gen::Play> full = FullList(gen, a, rack);
  std::sort(full.begin(), full.end(), gen::BetterPlay);
  std::sort(list.begin(), list.end(), gen::BetterPlay);
  if (list != full) ListCheckFailed(what, list.size(), full.size());
}

}  // namespace

int Searcher::MarkMove(const gen::Play& m, LineSquares* marks, std::uint16_t* hot) const {
  const int n = gen::HotSquares(gen_.board(), m, hot);
  marks->AddNewSquares(m);
  for (int i = 0; i < n; ++i) marks->AddIndex(hot[i]);
  return n;
}

void Searcher::AppendPlaysAfter(const std::vector<gen::Play>& before, const LineSquares& marks, std::uint64_t spent,
                                const gen::AnchorSet* anchors, const Rack& rack, std::vector<gen::Play>* out) {
  for (const gen::Play& p : before)
    if (!marks.PlacesOn(p) && FitsAfterSpending(p, rack, spent)) out->push_back(p);
  // Plays placing no tile on a marked square were kept above: not twice.
  if (anchors)
    gen_.Generate(rack, algorithm_, *anchors, [&](const gen::Play& p) {
      if (marks.PlacesOn(p)) out->push_back(p);
    });
}

const std::vector<gen::Play>* Searcher::PlaysTwoAbove(int ply) const {
  const PlyState* above = ply >= 2 ? &plies_[std::size_t(ply - 2)] : ply == 1 ? &opponent_root_ : nullptr;
  return above && above->listed ? &above->plays : nullptr;
}

void Searcher::PrepareChildLists(int ply) {
  PlyState& ps = plies_[std::size_t(ply)];
  ps.children_listed = 0;
  ps.kept_from = nullptr;
  ps.kept_ranked = false;
  ps.arrival_marks = LineSquares();
  ps.arrival_spent = 0;
  ps.arrival_hot_count = 0;
  if (const gen::Play* m = ps.arrived_by) {
    ps.arrival_hot_count = MarkMove(*m, &ps.arrival_marks, ps.arrival_hot);
    for (std::uint32_t b = LineSquares::NewTileBits(*m); b; b &= b - 1)
      ps.arrival_spent |= std::uint64_t(1) << RackTile(m->cells[__builtin_ctz(b)]);
  }
}

void Searcher::ListPlays(int ply) {
  PlyState& ps = plies_[std::size_t(ply)];
  const Rack& rack = racks_[to_move_];
  ps.plays.clear();
  const std::vector<gen::Play>* above = shared_.options.reuse_plays ? PlaysTwoAbove(ply) : nullptr;
  if (!above) {
    gen_.Generate(rack, algorithm_, [&](const gen::Play& p) { ps.plays.push_back(p); });
    ps.listed = true;
    return;
  }
  // A play of two plies above is one here, unchanged, exactly when it fits
  // the rack and places no tile on a square the two moves since filled or
  // on one of their hot squares; every other play here places a tile on a
  // hot square and comes from the anchors AnchorsTouched gives. The plays
  // above fit the rack there, which the side's own move since (if any) has
  // left short of that move's tiles alone: a play using none of them fits.
  // From the second child of the node between on, that node holds its own
  // plays for this side (KeepChildPlays), and only the last move is left.
  PlyState& parent = plies_[std::size_t(ply - 1)];
  ++parent.children_listed;
  LineSquares last_marks;
  gen::AnchorSet anchors;
  std::uint16_t hot[gen::kMaxHotSquares];
  if (const gen::Play* m = ps.arrived_by)
    gen::AddAnchorsReaching(gen_.board(), hot, MarkMove(*m, &last_marks, hot), rack.size(), &anchors);
  if (parent.kept_from) {
    AppendPlaysAfter(*parent.kept_from, last_marks, 0, ps.arrived_by ? &anchors : nullptr, rack, &ps.plays);
    ps.listed = true;
    if constexpr (kCheckLists) CheckList(gen_, algorithm_, rack, ps.plays, "a child's plays from the kept ones");
    return;
  }
  // Both moves at once. The own move's squares are those PrepareChildLists
  // took on the board before the last move: where a hot square differs from
  // this board's, the last move filled it, and the last move's own hot
  // squares hold the one past the run.
  const gen::Play* own_move = ply >= 2 ? parent.arrived_by : nullptr;
  if (own_move)
    gen::AddAnchorsReaching(gen_.board(), hot, gen::HotSquares(gen_.board(), *own_move, hot), rack.size(), &anchors);
  LineSquares marks = last_marks;
  marks |= parent.arrival_marks;
  AppendPlaysAfter(*above, marks, own_move ? parent.arrival_spent : 0, &anchors, rack, &ps.plays);
  ps.listed = true;
  if constexpr (kCheckLists) CheckList(gen_, algorithm_, rack, ps.plays, "the plays from two plies above");
}

void Searcher::KeepChildPlays(int ply) {
  PlyState& ps = plies_[std::size_t(ply)];
  const std::vector<gen::Play>* above = PlaysTwoAbove(ply + 1);
  if (!above) return;
  const gen::Play* m = ply >= 1 ? ps.arrived_by : nullptr;
  if (!m) {  // a pass (or the root): the board and the rack as they were
    ps.kept_from = above;
    return;
  }
  // The plays of this board for the side not to move: those of two plies
  // above that the move leaves unchanged and that fit, then those placing
  // a tile on one of its squares (ListPlays' reasoning, one move).
  const Rack& rack = racks_[1 - to_move_];
  gen::AnchorSet anchors;
  gen::AddAnchorsReaching(gen_.board(), ps.arrival_hot, ps.arrival_hot_count, rack.size(), &anchors);
  ps.kept.clear();
  AppendPlaysAfter(*above, ps.arrival_marks, ps.arrival_spent, &anchors, rack, &ps.kept);
  ps.kept_from = &ps.kept;
  if constexpr (kCheckLists) CheckList(gen_, algorithm_, rack, ps.kept, "a node's kept plays");
}

void Searcher::RankKept(int ply, int own_size) {
  PlyState& ps = plies_[std::size_t(ply)];
  if (ps.kept_ranked) return;
  // The kept plays by their value at a child, which differs between
  // children only by a constant: score + the tiles' face values, and the
  // plays going out by score.
  const std::vector<gen::Play>& kept = *ps.kept_from;
  ps.ranked_stay.clear();
  ps.ranked_out.clear();
  for (std::size_t i = 0; i < kept.size(); ++i) {
    const gen::Play& p = kept[i];
    if (p.placed == own_size)
      ps.ranked_out.push_back({p.score, static_cast<std::uint32_t>(i)});
    else
      ps.ranked_stay.push_back({p.score + PlacedValue(p), static_cast<std::uint32_t>(i)});
  }
  const auto higher = [](const RankedPlay& a, const RankedPlay& b) {
    return a.value != b.value ? a.value > b.value : a.index < b.index;
  };
  std::sort(ps.ranked_stay.begin(), ps.ranked_stay.end(), higher);
  std::sort(ps.ranked_out.begin(), ps.ranked_out.end(), higher);
  ps.kept_ranked = true;
}

bool Searcher::FrontierFromKept(int ply, int beta, FrontierTally* t) {
  // The pass is a leaf that does not end the game, so only the best play
  // and the best play going out count (no play ending by the scoreless
  // rule, no "every move ends").
  if (ply == 0 || !shared_.options.reuse_plays || t->scoreless_ends) return false;
  PlyState& ps = plies_[std::size_t(ply)];
  PlyState& parent = plies_[std::size_t(ply - 1)];
  if (!parent.kept_from) return false;
  [[maybe_unused]] const FrontierTally start = *t;
  ++parent.children_listed;
  const std::vector<gen::Play>& kept = *parent.kept_from;
  RankKept(ply - 1, t->own_size);
  // The last move's squares: a kept play that places no tile on one is a
  // play here, so the first such of each ranking is the best of its kind;
  // the plays that place one come from the last move's anchors.
  LineSquares last_marks;
  gen::AnchorSet anchors;
  const gen::Play* m = ps.arrived_by;
  if (m) {
    std::uint16_t hot[gen::kMaxHotSquares];
    gen::AddAnchorsReaching(gen_.board(), hot, MarkMove(*m, &last_marks, hot), racks_[to_move_].size(), &anchors);
  }
  for (const std::vector<RankedPlay>* ranking : {&parent.ranked_out, &parent.ranked_stay}) {
    for (const RankedPlay& r : *ranking) {
      CountNode();
      const gen::Play& p = kept[r.index];
      if (last_marks.PlacesOn(p)) continue;
      t->Add(p, p.placed == t->own_size ? 0 : r.value - p.score);
      break;
    }
    // A kept play going out that reaches beta refutes the node exactly
    // (Frontier returns the best going-out value as a lower bound): the
    // plays at the last move's anchors could only raise that bound.
    if (t->best_ending >= beta) {
      if constexpr (kCheckLists) {
        FrontierTally full = start;
        for (const gen::Play& p : FullList(gen_, algorithm_, racks_[to_move_]))
          full.Add(p, p.placed == full.own_size ? 0 : PlacedValue(p));
        if (full.best_ending < t->best_ending) {
          std::fprintf(stderr, "endgame list check: a frontier's kept going out %d; a full generation's %d\n",
                       t->best_ending, full.best_ending);
          std::abort();
        }
      }
      return true;
    }
  }
  if (m)
    gen_.Generate(racks_[to_move_], algorithm_, anchors, [&](const gen::Play& p) {
      if (!last_marks.PlacesOn(p)) return;
      CountNode();
      t->Add(p, p.placed == t->own_size ? 0 : PlacedValue(p));
    });
  if constexpr (kCheckLists) {
    FrontierTally full = start;
    for (const gen::Play& p : FullList(gen_, algorithm_, racks_[to_move_]))
      full.Add(p, p.placed == full.own_size ? 0 : PlacedValue(p));
    if (full.best != t->best || full.best_ending != t->best_ending || full.all_end != t->all_end) {
      std::fprintf(stderr, "endgame list check: a frontier's best %d, going out %d; a full generation's %d, %d\n",
                   t->best, t->best_ending, full.best, full.best_ending);
      std::abort();
    }
  }
  return true;
}

bool Searcher::RefutedByKept(int ply, int depth, std::uint64_t key, int alpha, int beta, int* value, bool* exact) {
  PlyState& ps = plies_[std::size_t(ply)];
  PlyState& parent = plies_[std::size_t(ply - 1)];
  // Search's own first steps: the node counted, the stop, the table.
  *exact = false;
  *value = 0;
  if (!EnterNode(ps)) return true;
  TableEntry entry;
  if (beta - alpha == 1 && shared_.table.Load(key, &entry) && TableSettles(entry, depth, alpha, beta)) {
    *exact = entry.exact;
    *value = entry.value;
    return true;
  }
  // The best kept play going out that the last move leaves unchanged: its
  // squares and hot squares are the move's dependencies on the board
  // before it (its main word is a whole run, so the hot squares along its
  // line are the squares around the word; across it, the ends of the runs
  // beside each new tile, which its other tiles do not reach).
  const int own_size = racks_[to_move_].size();
  RankKept(ply - 1, own_size);
  LineSquares last_marks;
  std::uint16_t deps[gen::kMaxPlayDependencies];
  for (int i = 0, n = gen::PlayDependencies(gen_.board(), *ps.arrived_by, deps); i < n; ++i)
    last_marks.AddIndex(deps[i]);
  const std::vector<gen::Play>& kept = *parent.kept_from;
  const int out_bonus = game::OutBonusOfValue(rack_values_[1 - to_move_]);
  for (const RankedPlay& r : parent.ranked_out) {
    CountNode();
    const gen::Play& p = kept[std::size_t(r.index)];
    if (last_marks.PlacesOn(p)) continue;
    if (p.score + out_bonus < beta) return false;
    if constexpr (kCheckLists) {
      (void)gen_.Apply(*ps.arrived_by);
      int best_out = -(1 << 29);
      for (const gen::Play& q : FullList(gen_, algorithm_, racks_[to_move_]))
        if (q.placed == own_size) best_out = std::max(best_out, q.score + out_bonus);
      (void)gen_.Undo();
      if (best_out < p.score + out_bonus) {
        std::fprintf(stderr, "endgame list check: a node's kept going out %d; a full generation's %d\n",
                     p.score + out_bonus, best_out);
        std::abort();
      }
    }
    ++parent.children_listed;
    CountNode();  // the pass
    *value = p.score + out_bonus;
    *exact = true;
    EndsWithPlay(ps, key, p, *value, depth, Bound::kLower);
    return true;
  }
  return false;
}

}  // namespace lexc::endgame::internal
