#include "lexc/strategy/equity.h"

#include <algorithm>

#include "lexc/game/rules.h"

namespace lexc::strategy {

void StaticEquity::SetPosition(const Rack& rack, int bag_size, const Rack& unseen) {
  rack_leaves_.SetRack(rack);
  bag_size_ = bag_size;
  out_bonus_ = bag_size > 0 ? 0 : game::OutBonus(unseen, *alphabet_);
}

double StaticEquity::BonusOfPlay(const gen::Play& p) const {
  if (bag_size_ > 0) return double(rack_leaves_.AfterPlay(p));
  return p.placed == rack().size() ? out_bonus_ : 0;
}

double StaticEquity::OfPlay(const gen::Play& p) const { return p.score + BonusOfPlay(p); }

void StaticEquity::PlayBonusBounds(double* out) const {
  const int size = rack().size();
  for (int k = 0; k <= gen::kMaxBoardDim; ++k) {
    if (k > size)
      out[k] = 0;
    else if (bag_size_ > 0)
      out[k] = rack_leaves_.BestKept(size - k);
    else
      out[k] = k == size ? out_bonus_ : 0;
  }
}

void StaticEquity::PlayBonusBoundsSpendingBlank(double* out) const {
  PlayBonusBounds(out);  // with the bag empty, the bonus does not depend on the tiles played
  if (bag_size_ <= 0) return;
  const int size = rack().size();
  for (int k = 1; k <= size; ++k) out[k] = rack_leaves_.BestKeptSpendingBlank(size - k);
}

double StaticEquity::OfExchange(const Rack& thrown) const {
  return bag_size_ > 0 ? double(rack_leaves_.AfterExchange(thrown)) : 0.0;
}

double StaticEquity::BestExchange() const {
  if (bag_size_ <= 0) return 0.0;
  // Throwing t tiles keeps size - t: the best leave of each kept size is
  // the same value OfExchange reads for it.
  double best = double(rack_leaves_.BestKept(0));
  for (int kept = 1; kept < rack().size(); ++kept) best = std::max(best, double(rack_leaves_.BestKept(kept)));
  return best;
}

double StaticEquity::OfPass() const { return bag_size_ > 0 ? double(rack_leaves_.Whole()) : 0.0; }

double StaticEquity::Of(const gen::Move& m) const {
  switch (m.kind) {
    case gen::Move::Kind::kPlay:
      return OfPlay(m.play);
    case gen::Move::Kind::kExchange:
      return OfExchange(m.exchange);
    case gen::Move::Kind::kPass:
      break;
  }
  return OfPass();
}

bool BetterRated(const RatedMove& a, std::uint32_t a_rank, const RatedMove& b, std::uint32_t b_rank) {
  if (a.equity != b.equity) return a.equity > b.equity;
  if (a.move.kind != b.move.kind) return a.move.kind < b.move.kind;  // play, exchange, pass
  if (a.move.kind == gen::Move::Kind::kPlay) return gen::BetterPlay(a.move.play, b.move.play);
  return a_rank < b_rank;
}

namespace {

// The n best candidates seen so far, best first.
class TopList {
 public:
  TopList(std::size_t n, std::vector<RatedMove>* out) : n_(n), out_(out) {
    out_->clear();
    ranks_.clear();
  }
  // Whether a candidate of this equity could enter (cheap test first).
  bool MayEnter(double equity) const { return out_->size() < n_ || equity >= out_->back().equity; }
  void Offer(const RatedMove& m, std::uint32_t rank) {
    if (n_ == 0) return;
    // (ranks_ and *out_ grow together: the emptiness test only tells GCC
    // so, whose -Warray-bounds otherwise warns where n_ is 1.)
    if (out_->size() == n_ && !ranks_.empty() && !BetterRated(m, rank, out_->back(), ranks_.back())) return;
    std::size_t i = out_->size();
    while (i > 0 && BetterRated(m, rank, (*out_)[i - 1], ranks_[i - 1])) --i;
    if (out_->size() == n_) {
      out_->pop_back();
      ranks_.pop_back();
    }
    out_->insert(out_->begin() + std::ptrdiff_t(i), m);
    ranks_.insert(ranks_.begin() + std::ptrdiff_t(i), rank);
  }

 private:
  std::size_t n_;
  std::vector<RatedMove>* out_;
  std::vector<std::uint32_t> ranks_;
};

}  // namespace

bool BestPlayByEquity(gen::MoveGenerator& gen, gen::Algorithm alg, const StaticEquity& equity, RatedMove* out) {
  out->move.kind = gen::Move::Kind::kPlay;
  const auto bonus = [&](const gen::Play& p) { return equity.BonusOfPlay(p); };
  double bounds[gen::kMaxBoardDim + 1], blank_bounds[gen::kMaxBoardDim + 1];
  equity.PlayBonusBounds(bounds);
  gen::BonusSearch search;
  if (equity.rack().blanks()) {
    equity.PlayBonusBoundsSpendingBlank(blank_bounds);
    search.max_bonus_blank = blank_bounds;
  }
  gen::RatedPlay best;
  // A leave value or a going-out bonus: the tiles decide it, not the place.
  if (!gen.BestWithBonus(equity.rack(), alg, gen::BonusOf(bonus, true), bounds, search, &best)) return false;
  out->move.play = best.play;
  out->equity = best.value;
  return true;
}

namespace {

// The exchanges and the pass offered to `top` (n places), after the plays.
void OfferExchangesAndPass(TopList& top, std::size_t n, const StaticEquity& equity, bool can_exchange,
                           const std::vector<RatedMove>* out) {
  RatedMove x;
  // No exchange can enter when the best of them falls short of the last
  // move kept: skip listing them.
  const bool exchanges_short = out->size() == n && equity.BestExchange() < out->back().equity;
  if (can_exchange && !equity.rack().empty() && !exchanges_short) {
    x.move.kind = gen::Move::Kind::kExchange;
    std::uint32_t rank = 0;
    gen::ForEachExchange(equity.rack(), [&](const Rack& thrown) {
      const double e = equity.OfExchange(thrown);
      if (top.MayEnter(e)) {
        x.move.exchange = thrown;
        x.equity = e;
        top.Offer(x, rank);
      }
      ++rank;
    });
  }
  RatedMove pass;
  pass.equity = equity.OfPass();
  top.Offer(pass, 0);
}

}  // namespace

void TopByEquity(gen::MoveGenerator& gen, gen::Algorithm alg, const StaticEquity& equity, bool can_exchange,
                 std::size_t n, std::vector<RatedMove>* out) {
  TopList top(n, out);
  RatedMove m;
  if (n == 1) {
    if (BestPlayByEquity(gen, alg, equity, &m)) top.Offer(m, 0);
  } else {
    m.move.kind = gen::Move::Kind::kPlay;
    gen.Generate(equity.rack(), alg, [&](const gen::Play& p) {
      const double e = equity.OfPlay(p);
      if (!top.MayEnter(e)) return;
      m.move.play = p;
      m.equity = e;
      top.Offer(m, 0);
    });
  }
  OfferExchangesAndPass(top, n, equity, can_exchange, out);
}

void BestMoveGivenPlay(const RatedMove* best_play, const StaticEquity& equity, bool can_exchange,
                       std::vector<RatedMove>* out) {
  TopList top(1, out);
  if (best_play) top.Offer(*best_play, 0);
  OfferExchangesAndPass(top, 1, equity, can_exchange, out);
}

Result<gen::Move> EquityPlayer::ChooseMove(const game::PlayerView& view) {
  StaticEquity equity(leaves_, view.alphabet());
  Rack unseen;
  if (view.bag_size() == 0) {
    const gen::TileCounts counts = view.unseen();
    for (int t = 1; t <= gen::kMaxGenTile; ++t)
      for (int c = 0; c < counts.counts[std::size_t(t)]; ++c) unseen.Add(Tile(t));
    for (int b = 0; b < counts.blanks; ++b) unseen.AddBlank();
  }
  equity.SetPosition(view.rack(), view.bag_size(), unseen);
  TopByEquity(view.generator(), view.algorithm(), equity, view.CanExchange(), 1, &top_);
  return top_.front().move;
}

}  // namespace lexc::strategy
