// The principal-variation nodes of thread 0 shared with the other threads
// (internal; SplitPoint in search.h).
#include <algorithm>
#include <utility>

#include "search.h"

namespace lexc::endgame::internal {

bool Searcher::SplitRest(int ply, int depth, int alpha, int beta, int best, SplitOutcome* out) {
  PlyState& ps = plies_[std::size_t(ply)];
  SplitPoint& sp = shared_.split;
  std::unique_lock<std::mutex> lock(sp.mu);
  sp.path.clear();
  for (int k = 1; k <= ply; ++k) {
    PvStep step;
    const gen::Play* m = plies_[std::size_t(k)].arrived_by;
    step.pass = m == nullptr;
    if (m) step.play = *m;
    sp.path.push_back(step);
  }
  sp.ply = ply;
  sp.depth = depth;
  sp.beta = beta;
  sp.scoreless = scoreless_;
  sp.plays = ps.plays;
  sp.parent_listed = ply >= 1 && plies_[std::size_t(ply - 1)].listed;
  if (sp.parent_listed) sp.parent_plays = plies_[std::size_t(ply - 1)].plays;
  sp.moves = ps.moves;
  sp.next = 1;
  sp.searching = 0;
  sp.alpha = alpha;
  sp.best = best;
  sp.best_key = 0;
  sp.improved = false;
  sp.pv.clear();
  sp.pv_ends_game = false;
  sp.all_exact = true;
  sp.cut = false;
  sp.cut_exact = false;
  sp.aborted = false;
  sp.open = true;
  ++sp.generation;
  sp.cv.notify_all();
  splitting_ = true;  // one node open at a time: the moves taken here do not split
  TakeSplitMoves(lock);
  splitting_ = false;
  sp.cv.wait(lock, [&] { return sp.searching == 0; });
  sp.open = false;
  if (sp.aborted) {
    aborted_ = true;
    return false;
  }
  out->best = sp.best;
  out->best_key = sp.best_key;
  out->alpha = sp.alpha;
  out->improved = sp.improved;
  out->all_exact = sp.all_exact;
  out->cut = sp.cut;
  out->cut_exact = sp.cut_exact;
  if (sp.improved) {
    ps.pv = sp.pv;
    ps.pv_ends_game = sp.pv_ends_game;
  }
  return true;
}

void Searcher::TakeSplitMoves(std::unique_lock<std::mutex>& lock) {
  SplitPoint& sp = shared_.split;
  const int ply = sp.ply, depth = sp.depth, beta = sp.beta;
  const int own_value = rack_values_[to_move_];
  const int opp_value = rack_values_[1 - to_move_];
  while (!sp.aborted && !sp.cut && sp.next < sp.moves.size()) {
    const Candidate c = sp.moves[sp.next++];
    ++sp.searching;
    const int a = sp.alpha;
    lock.unlock();
    bool child_exact = true, out_of_memory = false, bound_only = false;
    int v = 0;
    try {
      // A null window at the node's alpha as it is now; a move that may be
      // better is searched again in full above alpha as it is then (a lower
      // bound from an older, lower alpha proves nothing about it).
      v = Try(ply, depth, c, own_value, opp_value, a, a + 1, &child_exact);
      if (!aborted_ && v > a && v < beta) {
        lock.lock();
        const int now = sp.alpha;
        const bool cut = sp.cut;
        lock.unlock();
        if (cut)
          bound_only = true;
        else
          v = Try(ply, depth, c, own_value, opp_value, now, beta, &child_exact);
      }
    } catch (const std::bad_alloc&) {
      out_of_memory = true;  // the board is left mid-move: this thread stops
    }
    lock.lock();
    --sp.searching;
    if (out_of_memory) {
      {
        std::lock_guard<std::mutex> error_lock(shared_.mu);
        if (shared_.error.ok()) shared_.error = Status(Errc::kLimit, "endgame: out of memory");
      }
      shared_.stop.store(true);
      aborted_ = true;
    }
    if (aborted_) {
      sp.aborted = true;
      sp.cv.notify_all();
      return;
    }
    if (!bound_only && !(sp.cut && v < beta)) {  // once cut, only the refutation counts
      if (v >= beta) {
        if (!sp.cut) {
          sp.cut = true;
          sp.cut_exact = child_exact;
        }
      } else {
        sp.all_exact = sp.all_exact && child_exact;
      }
      if (v > sp.best) {
        sp.best = v;
        sp.best_key = c.key;
      }
      if (v > sp.alpha) {  // from a full window above alpha, or a refutation
        sp.alpha = v;
        sp.improved = true;
        LineThrough(ply, c, sp.plays, &sp.pv, &sp.pv_ends_game);
      }
    }
    sp.cv.notify_all();
  }
}

bool Searcher::FollowPath(const std::vector<PvStep>& path) {
  std::size_t common = 0;
  while (common < applied_.size() && common < path.size() && applied_[common].pass == path[common].pass &&
         (path[common].pass || applied_[common].play == path[common].play))
    ++common;
  while (applied_.size() > common) {
    const PvStep& step = applied_.back();
    to_move_ = 1 - to_move_;
    if (!step.pass) {
      MoveTiles(step.play, false);
      (void)gen_.Undo();
    }
    applied_.pop_back();
  }
  for (std::size_t k = common; k < path.size(); ++k) {
    const PvStep& step = path[k];
    if (!step.pass) {
      if (Status st = gen_.Apply(step.play); !st.ok()) {
        std::lock_guard<std::mutex> lock(shared_.mu);
        if (shared_.error.ok()) shared_.error = st;
        shared_.stop.store(true);
        aborted_ = true;
        return false;
      }
      MoveTiles(step.play, true);
    }
    to_move_ = 1 - to_move_;
    applied_.push_back(step);
  }
  return true;
}

void Searcher::RunHelper() {
  SplitPoint& sp = shared_.split;
  applied_.reserve(std::size_t(kMaxPlies) + 1);  // arrived_by points into it
  std::vector<PvStep> path;
  std::unique_lock<std::mutex> lock(sp.mu);
  std::uint64_t seen = 0;
  while (!aborted_) {
    sp.cv.wait(lock, [&] { return sp.finished || (sp.open && sp.generation != seen); });
    if (sp.finished) break;
    seen = sp.generation;
    if (sp.aborted || sp.cut || sp.next >= sp.moves.size()) continue;
    // The node's plays (and its parent's, for the reuse two plies below)
    // are copied while it is open: thread 0 changes them only after.
    const int ply = sp.ply;
    path = sp.path;
    plies_[std::size_t(ply)].plays = sp.plays;
    plies_[std::size_t(ply)].listed = true;
    if (ply >= 1) {
      PlyState& parent = plies_[std::size_t(ply - 1)];
      parent.listed = sp.parent_listed;
      if (sp.parent_listed) parent.plays = sp.parent_plays;
    }
    const int scoreless = sp.scoreless;
    lock.unlock();
    const bool ok = FollowPath(path);
    lock.lock();
    if (!ok) {
      sp.aborted = true;
      sp.cv.notify_all();
      break;
    }
    if (sp.generation != seen || !sp.open) continue;  // the node closed meanwhile
    scoreless_ = scoreless;
    plies_[std::size_t(ply)].arrived_by = ply >= 1 && !applied_.back().pass ? &applied_.back().play : nullptr;
    PrepareChildLists(ply);
    TakeSplitMoves(lock);
  }
  lock.unlock();
  shared_.nodes.fetch_add(unflushed_nodes_);
  unflushed_nodes_ = 0;
}

}  // namespace lexc::endgame::internal
