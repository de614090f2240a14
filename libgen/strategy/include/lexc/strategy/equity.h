// lexc/strategy/equity.h -- static equity: a move's points plus the value of
// the tiles it keeps, and the player that maximizes it.
//
// Equity of a move for the player to move (Wickman section 3; what Quackle,
// MAGPIE and Macondo call static equity):
//   bag not empty:  score + leave value of the tiles kept (LeaveValues:
//                   0 for the empty leave and for leaves the table lacks);
//                   an exchange scores 0 and keeps the tiles not thrown;
//                   a pass keeps the whole rack.
//   bag empty:      the leave is worth nothing; a play that empties the
//                   rack (goes out) adds twice the value of the unseen
//                   tiles, which are then the opponent's rack (rules.h's
//                   OutBonus); exchanges are not allowed.
// Ties are broken by a total order, so a choice never depends on the
// generator: higher equity, then plays before exchanges before the pass,
// plays in BetterPlay order, exchanges in ForEachExchange's order.
// Thread safety: StaticEquity and EquityPlayer are per-thread state over a
// shared, immutable LeaveValues.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "lexc/alphabet.h"
#include "lexc/game/player.h"
#include "lexc/gen/move.h"
#include "lexc/gen/movegen.h"
#include "lexc/rack.h"
#include "lexc/strategy/leave_values.h"

namespace lexc::strategy {

class StaticEquity {
 public:
  // `leaves` and `alphabet` must outlive this object.
  StaticEquity(const LeaveValues& leaves, const Alphabet& alphabet) : leaves_(leaves), alphabet_(&alphabet) {}

  // The position seen by the player to move: its rack, the tiles in the bag,
  // and the tiles it cannot see (the opponent's rack when the bag is empty).
  // O(2^distinct tiles of the rack).
  void SetPosition(const Rack& rack, int bag_size, const Rack& unseen);
  const Rack& rack() const { return rack_leaves_.rack(); }
  int bag_size() const { return bag_size_; }
  const LeaveValues& leaves() const { return leaves_; }

  // Equity of a play of rack() (its new tiles from rack()). O(tiles placed).
  double OfPlay(const gen::Play& p) const;
  // Equity of putting back `thrown` (part of rack()). O(tiles).
  double OfExchange(const Rack& thrown) const;
  // The highest OfExchange of any exchange of rack() (1 to all of its
  // tiles), without listing them. O(rack size).
  double BestExchange() const;
  double OfPass() const;
  double Of(const gen::Move& m) const;
  // OfPlay(p) - p.score: the leave kept, or the going-out bonus.
  double BonusOfPlay(const gen::Play& p) const;
  // Upper bounds of BonusOfPlay by tiles placed: out[k] for the plays of
  // rack() placing k tiles, k = 0..gen::kMaxBoardDim (MoveGenerator::
  // BestWithBonus's max_bonus). O(kMaxBoardDim).
  void PlayBonusBounds(double* out) const;
  // The same for the plays that place a blank (BonusSearch::max_bonus_blank):
  // their leave keeps fewer blanks than the rack. O(kMaxBoardDim).
  void PlayBonusBoundsSpendingBlank(double* out) const;
  // The leave part alone (0 when the bag is empty).
  double LeaveOfPlay(const gen::Play& p) const { return bag_size_ > 0 ? rack_leaves_.AfterPlay(p) : 0.0; }

 private:
  const LeaveValues& leaves_;
  const Alphabet* alphabet_;
  RackLeaves rack_leaves_{leaves_};
  int bag_size_ = 0;
  int out_bonus_ = 0;
};

// A move with its equity.
struct RatedMove {
  gen::Move move;
  double equity = 0;
};

// Whether a is listed before b (the total order above). `a_rank`/`b_rank`
// break ties among exchanges: their place in ForEachExchange's order.
bool BetterRated(const RatedMove& a, std::uint32_t a_rank, const RatedMove& b, std::uint32_t b_rank);

// The n moves of highest equity of the player to move (plays from `gen`,
// which stands on the board; exchanges when `can_exchange`; the pass),
// best first, into *out (cleared). Reuses *out's storage.
// Precondition: equity.SetPosition done for this rack and position.
// Complexity: every play is generated (O(plays x log n)).
void TopByEquity(gen::MoveGenerator& gen, gen::Algorithm alg, const StaticEquity& equity, bool can_exchange,
                 std::size_t n, std::vector<RatedMove>* out);

// TopByEquity(..., 1, out) when the play of highest equity is already
// known (`best_play`, nullptr when there is none; its equity as
// BestPlayByEquity gives it): the exchanges and the pass are weighed
// against it, and *out gets the one best move.
void BestMoveGivenPlay(const RatedMove* best_play, const StaticEquity& equity, bool can_exchange,
                       std::vector<RatedMove>* out);

// The play of highest equity (ties: BetterPlay), if any: the generator's
// best-first search with the leave as a bonus (MoveGenerator::
// BestWithBonus), so anchors whose score bound plus the rack's best leave
// cannot reach the best equity found are never walked. Equal to the best
// play of TopByEquity. Precondition: equity.SetPosition for this position.
bool BestPlayByEquity(gen::MoveGenerator& gen, gen::Algorithm alg, const StaticEquity& equity, RatedMove* out);

// The static-equity player: the move of highest equity (TopByEquity(1)).
class EquityPlayer final : public game::Player {
 public:
  // `leaves` must outlive the player.
  EquityPlayer(const LeaveValues& leaves, std::string name = "Equity") : leaves_(leaves), name_(std::move(name)) {}
  const std::string& name() const override { return name_; }
  Result<gen::Move> ChooseMove(const game::PlayerView& view) override;

 private:
  const LeaveValues& leaves_;
  std::string name_;
  std::vector<RatedMove> top_;
};

}  // namespace lexc::strategy
