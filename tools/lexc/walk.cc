#include "walk.h"

#include <algorithm>

#include "lexc/zeroed_array.h"

namespace lexc::cli {
namespace {

// Post-order DFS with per-node memo; node ids are arc indices, so the memo
// arrays are indexed by them directly (11 bytes and a bit per arc slot).
template <class View>
class Tallier {
 public:
  explicit Tallier(const View& g)
      : g_(g), state_(g.arc_count()), strings_(g.arc_count()), longest_(g.arc_count()), slot_(g.arc_count()) {}

  Result<GraphTally> Run() {
    tally_.fanout.assign(1, 0);
    if (!Visit(g_.root(), 0)) return Status(Errc::kCorrupt, error_);
    if (g_.root() != kNoNode) {
      tally_.strings = strings_[g_.root()];
      tally_.longest_path = longest_[g_.root()];
    }
    tally_.arcs = static_cast<std::uint64_t>(std::count(slot_.begin(), slot_.end(), true));
    return std::move(tally_);
  }

 private:
  enum : std::uint8_t { kNew, kActive, kDone };

  bool Visit(Node n, int depth) {
    if (n == kNoNode) return true;
    if (n >= g_.arc_count()) {
      error_ =
          "arc target " + std::to_string(n) + " outside the arc array (" + std::to_string(g_.arc_count()) + " arcs)";
      return false;
    }
    if (state_[n] == kDone) return true;
    if (state_[n] == kActive) return Error("cycle through node " + std::to_string(n));
    if (depth >= kMaxDepth) return Error("path deeper than " + std::to_string(kMaxDepth) + " arcs");
    state_[n] = kActive;
    std::uint64_t strings = 0, fan = 0;
    std::uint16_t longest = 0;
    bool ok = true;
    g_.ForEachArc(n, [&](Tile, bool accepts, Node child) {
      ++fan;
      ok = Visit(child, depth + 1);
      if (!ok) return false;
      strings += (accepts ? 1 : 0) + strings_[child];
      longest = std::max<std::uint16_t>(longest, static_cast<std::uint16_t>(1 + longest_[child]));
      return true;
    });
    if (!ok) return false;
    state_[n] = kDone;
    strings_[n] = strings;
    longest_[n] = longest;
    for (std::uint64_t i = n; i < n + fan; ++i) slot_[i] = true;
    ++tally_.nodes;
    if (tally_.fanout.size() <= fan) tally_.fanout.resize(fan + 1);
    ++tally_.fanout[fan];
    return true;
  }

  bool Error(std::string message) {
    error_ = std::move(message);
    return false;
  }

  const View& g_;
  // By node, zeroed by the system as the walk touches them (ZeroedArray:
  // a graph of a two-graph image touches only its own nodes).
  ZeroedArray<std::uint8_t> state_;
  ZeroedArray<std::uint64_t> strings_;
  ZeroedArray<std::uint16_t> longest_;
  std::vector<bool> slot_;
  GraphTally tally_;
  std::string error_;
};

}  // namespace

Result<GraphTally> TallyGraph(const Graph& g) {
  return g.Dispatch([](const auto& view) { return Tallier(view).Run(); });
}

}  // namespace lexc::cli
