#include "lexc/strategy/inference.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <map>
#include <string>

#include "lexc/escape.h"
#include "lexc/game/rules.h"
#include "lexc/tile_text.h"
#include "sim_random.h"

namespace lexc::strategy {

namespace {

Status BadMove(std::string_view text, const std::string& why) {
  return Status(Errc::kBadInput, "move " + QuoteText(text, '\'') + ": " + why);
}

Status Invalid(std::string detail) { return Status(Errc::kInvalidArgument, std::move(detail)); }

// Counts of a multiset by tile code, index 0 the blank.
using Counts = std::vector<int>;

Counts CountsOf(const Rack& r) {
  Counts c(gen::kMaxGenTile + 1, 0);
  c[0] = r.blanks();
  for (int t = 1; t <= gen::kMaxGenTile; ++t) c[std::size_t(t)] = r.count(Tile(t));
  return c;
}

Rack RackOf(const Counts& c) {
  Rack r;
  for (int b = 0; b < c[0]; ++b) r.AddBlank();
  for (int t = 1; t <= gen::kMaxGenTile; ++t)
    for (int k = 0; k < c[std::size_t(t)]; ++k) r.Add(Tile(t));
  return r;
}

Rack Plus(Rack a, const Rack& b) {
  for (int k = 0; k < b.blanks(); ++k) a.AddBlank();
  for (int t = 1; t <= gen::kMaxGenTile; ++t)
    for (int k = 0; k < b.count(Tile(t)); ++k) a.Add(Tile(t));
  return a;
}

Rack Minus(Rack a, const Rack& b) {
  for (int k = 0; k < b.blanks(); ++k) a.RemoveBlank();
  for (int t = 1; t <= gen::kMaxGenTile; ++t)
    for (int k = 0; k < b.count(Tile(t)); ++k) a.Remove(Tile(t));
  return a;
}

double Choose(int n, int k) {
  double r = 1;
  for (int i = 0; i < k; ++i) r = r * double(n - i) / double(i + 1);
  return std::round(r);
}

// Every sub-multiset of `pool` of `size` tiles, until more than `cap`
// (then false).
bool Enumerate(const Counts& pool, int size, std::uint64_t cap, std::vector<Counts>* out) {
  Counts cur(pool.size(), 0);
  bool ok = true;
  auto rec = [&](auto& self, std::size_t t, int left) -> void {
    if (!ok) return;
    if (left == 0) {
      if (out->size() >= cap) {
        ok = false;
        return;
      }
      out->push_back(cur);
      return;
    }
    if (t >= pool.size()) return;
    for (int k = std::min(left, pool[t]); k >= 0; --k) {
      cur[t] = k;
      self(self, t + 1, left - k);
      if (!ok) return;
    }
    cur[t] = 0;
  };
  rec(rec, 0, size);
  return ok;
}

}  // namespace

Result<gen::Play> ParsePlay(gen::MoveGenerator& gen, gen::Algorithm alg, const Alphabet& alphabet,
                            std::string_view text) {
  std::vector<std::string_view> fields;
  for (std::size_t i = 0; i < text.size();) {
    while (i < text.size() && text[i] == ' ') ++i;
    std::size_t j = i;
    while (j < text.size() && text[j] != ' ') ++j;
    if (j > i) fields.push_back(text.substr(i, j - i));
    i = j;
  }
  // A trailing score, when given, must be the play's: a move misread or
  // mistyped is refused rather than inferred from.
  int score = -1;
  if (fields.size() == 3 && !fields[2].empty() && fields[2].size() <= 6 &&
      fields[2].find_first_not_of("0123456789") == std::string_view::npos) {
    score = 0;
    for (char c : fields[2]) score = score * 10 + (c - '0');
    fields.pop_back();
  }
  if (fields.size() != 2) return BadMove(text, "expected a coordinate and a word, as '8D WORD' or 'D8 WORD'");
  const std::string_view coord = fields[0], word = fields[1];
  const gen::Board& board = gen.board();
  // "8D": across from row 8, column D; "D8": down.
  std::size_t k = 0;
  const bool across = !coord.empty() && std::isdigit(static_cast<unsigned char>(coord[0]));
  int row = 0, col = 0;
  auto read_number = [&](int* v) {
    const std::size_t s = k;
    while (k < coord.size() && std::isdigit(static_cast<unsigned char>(coord[k])) && k - s < 4)
      *v = *v * 10 + (coord[k++] - '0');
    return k > s;
  };
  auto read_column = [&](int* v) {
    const std::size_t s = k;
    int c = 0;
    while (k < coord.size() && std::isalpha(static_cast<unsigned char>(coord[k])) && k - s < 3)
      c = c * 26 + (std::toupper(static_cast<unsigned char>(coord[k++])) - 'A' + 1);
    *v = c - 1;
    return k > s;
  };
  const bool parsed = across ? read_number(&row) && read_column(&col) : read_column(&col) && read_number(&row);
  if (!parsed || k != coord.size())
    return BadMove(text, "coordinate " + QuoteText(coord, '\'') + " is not like 8D or D8");
  --row;
  if (!board.InRange(row, col))
    return BadMove(text, "square " + std::string(coord) + " is off the " + std::to_string(board.rows()) + "x" +
                             std::to_string(board.cols()) + " board");
  const gen::Dir dir = across ? gen::Dir::kAcross : gen::Dir::kDown;
  // The squares of the word: new tiles and board tiles.
  struct Placed {
    int row, col;
    gen::Cell cell;
  };
  std::vector<Placed> placed;
  Rack tiles;
  TileTextReader reader(alphabet, word, "().");
  TextToken tok;
  bool paren = false;
  int i = 0;
  auto square = [&](int at, int* r, int* c) {
    *r = dir == gen::Dir::kAcross ? row : row + at;
    *c = dir == gen::Dir::kAcross ? col + at : col;
    return board.InRange(*r, *c);
  };
  while (reader.Next(&tok)) {
    if (tok.kind == TextToken::Kind::kMark && tok.mark != '.') {
      if ((tok.mark == '(') == paren) return BadMove(text, "unbalanced parentheses");
      paren = tok.mark == '(';
      continue;
    }
    int r, c;
    if (!square(i, &r, &c)) return BadMove(text, "the word runs off the board");
    const gen::Cell on = board.at(r, c);
    if (tok.kind == TextToken::Kind::kMark || paren) {  // '.' or (X): a board tile
      if (on == gen::kEmpty) return BadMove(text, "square " + gen::Coordinate(r, c, gen::Dir::kAcross) + " is empty");
      if (tok.kind == TextToken::Kind::kTile && gen::CellTile(on) != tok.tile)
        return BadMove(text, "square " + gen::Coordinate(r, c, gen::Dir::kAcross) + " holds another tile");
    } else if (on != gen::kEmpty) {
      if (gen::CellTile(on) != tok.tile)
        return BadMove(text, "square " + gen::Coordinate(r, c, gen::Dir::kAcross) + " holds another tile");
    } else {
      const bool blank = tok.letter_case == LabelCase::kLower;
      placed.push_back({r, c, gen::MakeCell(tok.tile, blank)});
      blank ? tiles.AddBlank() : tiles.Add(tok.tile);
    }
    ++i;
  }
  if (!reader.ok()) return reader.ErrorStatus("move");
  if (paren) return BadMove(text, "unbalanced parentheses");
  if (placed.empty()) return BadMove(text, "no tile placed");
  if (placed.size() > std::size_t(gen::kRackSize)) return BadMove(text, "more tiles than a rack holds");
  // The play with exactly these new tiles on these squares.
  gen::Play found;
  bool have = false;
  gen.Generate(tiles, alg, [&](const gen::Play& p) {
    if (p.placed != placed.size()) return true;
    std::size_t n = 0;
    for (int j = 0; j < p.length; ++j) {
      if (p.IsThrough(j)) continue;
      if (n >= placed.size()) return true;
      const Placed& q = placed[n];
      if (q.row != p.RowAt(j) || q.col != p.ColAt(j) || q.cell != p.cells[j]) return true;
      ++n;
    }
    found = p;
    have = true;
    return false;
  });
  if (!have) return BadMove(text, "not a legal play on this board (a word not in the lexicon, or not connected)");
  if (score >= 0 && score != found.score)
    return BadMove(text, "it scores " + std::to_string(found.score) + ", not " + std::to_string(score));
  return found;
}

LeaveDistribution InferenceResult::Distribution() const {
  LeaveDistribution d;
  for (const InferredLeave& l : leaves) {
    d.leaves.push_back(l.leave);
    d.weights.push_back(l.weight);
  }
  return d;
}

Result<InferenceResult> InferLeave(const Lexicon& lexicon, const gen::Layout& layout, const Alphabet& alphabet,
                                   const LeaveValues& leaves, const gen::Position& before, const gen::Move& made,
                                   int exchanged, const InferenceOptions& o) {
  if (std::isnan(o.tolerance) || o.tolerance < 0)
    return Invalid("tolerance: expected equity points >= 0, got " + std::to_string(o.tolerance));
  if (o.samples < 1) return Invalid("samples: expected at least 1");
  if (Status st = gen::ValidatePosition(before, layout, alphabet); !st.ok()) return st;
  if (Status st = game::CheckTwoPlayers(before); !st.ok()) return st;
  if (made.kind == gen::Move::Kind::kPass) return Invalid("move: a pass tells nothing about the rack");
  gen::Position seen = before;
  if (seen.racks.empty()) seen.racks.resize(1), seen.scores.resize(1);
  seen.racks[0] = Rack();
  const Rack observer = seen.racks.size() > 1 ? seen.racks[1] : Rack();
  const gen::TileCounts u = gen::Unseen(seen, alphabet);
  Counts unseen(gen::kMaxGenTile + 1, 0);
  unseen[0] = u.blanks;
  for (int t = 1; t <= gen::kMaxGenTile; ++t) unseen[std::size_t(t)] = u.counts[std::size_t(t)];
  const int rack_size = std::min(gen::kRackSize, u.total);
  const int bag = u.total - rack_size;
  const game::Rules rules = game::RulesOf(before);

  Result<gen::MoveGenerator> g = gen::MoveGenerator::Create(lexicon, layout, before.BingoBonus());
  if (!g.ok()) return g.status();
  if (Status st = g->SetPosition(before); !st.ok()) return st;
  if (!g->Supports(o.algorithm)) return Invalid("the image lacks the graph of the algorithm chosen");

  const bool play = made.kind == gen::Move::Kind::kPlay;
  Counts pool = unseen;
  Rack played;
  int draw_size = rack_size;  // tiles drawn per candidate
  if (play) {
    played = made.play.Tiles();
    const Counts pc = CountsOf(played);
    for (std::size_t t = 0; t < pool.size(); ++t) {
      if (pc[t] > pool[t])
        return Invalid("move " + gen::FormatMove(made, alphabet) + ": its tiles (" + played.ToString(alphabet) +
                       ") are not all among the unseen tiles");
      pool[t] -= pc[t];
    }
    draw_size = rack_size - played.size();
    if (draw_size < 0)
      return Invalid("move " + gen::FormatMove(made, alphabet) + ": " + std::to_string(played.size()) +
                     " tiles placed, the mover's rack held " + std::to_string(rack_size));
  } else {
    if (exchanged < 1 || exchanged > rack_size)
      return Invalid("exchange of " + std::to_string(exchanged) + " tiles: the mover's rack held " +
                     std::to_string(rack_size));
    if (bag < rules.exchange_limit)
      return Invalid("exchange: the bag held " + std::to_string(bag) + " tiles, exchanging needs " +
                     std::to_string(rules.exchange_limit));
  }

  // The model (inference.h): the mover's rack R was a draw of rack_size
  // tiles from the unseen tiles U, its prior weight the ways to draw it,
  // prod_t C(U_t, R_t). The candidates:
  //  - a play of tiles P: the leaves L drawn from U - P (R = P + L), each
  //    weighed by its rack's ways, prod_t C(U_t, P_t + L_t);
  //  - an exchange at an infinite tolerance: the leaves drawn from U, the
  //    same with P empty (the tiles kept, a random subset of a random rack,
  //    are a draw from U);
  //  - an exchange at a finite tolerance: the racks R, and within each
  //    every choice of the tiles thrown (below).
  InferenceResult r;
  const bool keep_all = std::isinf(o.tolerance);
  const bool by_rack = !play && !keep_all;
  r.leave_size = play ? draw_size : rack_size - exchanged;
  r.racks = by_rack;
  const Counts given = play ? CountsOf(played) : Counts(pool.size(), 0);  // P
  const Counts& source = by_rack ? unseen : pool;                         // what candidates come from
  const int cand_size = by_rack ? rack_size : r.leave_size;
  auto ways = [&](const Counts& c) {  // the prior weight of candidate c
    double w = 1;
    for (std::size_t t = 0; t < c.size(); ++t) w *= Choose(unseen[t], given[t] + c[t]);
    return w;
  };
  std::vector<Counts> cands;
  std::vector<double> prior;
  if (Enumerate(source, cand_size, o.max_enumerated, &cands)) {
    for (const Counts& c : cands) prior.push_back(ways(c));
  } else {
    // Draws of cand_size tiles from `source`, tile by tile: candidate c
    // comes with probability prod_t C(source_t, c_t) / C(|source|, size),
    // so each draw is weighed by ways(c) / prod_t C(source_t, c_t) (1 but
    // for a play's leaves holding a tile played: 1 / prod_t C(P_t + L_t,
    // P_t) up to a constant), scaled to estimate ways(c).
    r.sampled = true;
    cands.clear();
    std::map<Counts, double> drawn;
    std::vector<std::size_t> bag_tiles;
    for (std::size_t t = 0; t < source.size(); ++t)
      for (int k = 0; k < source[t]; ++k) bag_tiles.push_back(t);
    internal::SimRng rng(internal::Mix64(o.seed ^ 0x1F3D5B79A2C4E6F8ull));
    for (std::uint64_t s = 0; s < o.samples; ++s) {
      Counts c(source.size(), 0);
      for (int k = 0; k < cand_size; ++k) {  // a partial shuffle
        const std::size_t j = std::size_t(k) + rng.Below(bag_tiles.size() - std::size_t(k));
        std::swap(bag_tiles[std::size_t(k)], bag_tiles[j]);
        ++c[bag_tiles[std::size_t(k)]];
      }
      drawn[c] += 1;
    }
    const double scale = Choose(int(bag_tiles.size()), cand_size) / double(o.samples);
    for (auto& [c, n] : drawn) {
      double p = 1;
      for (std::size_t t = 0; t < c.size(); ++t) p *= Choose(source[t], c[t]);
      cands.push_back(c);
      prior.push_back(n * scale * ways(c) / p);
    }
  }

  StaticEquity eq(leaves, alphabet);
  std::vector<RatedMove> best;
  std::map<Counts, double> kept;  // leave -> weight
  std::map<Counts, double> all;   // leave -> weight, every candidate
  double total = 0, kept_total = 0;
  // The best equity of `rack` (its own position: at bag 0 the mover sees
  // the unseen tiles minus its rack, and the observer's rack).
  auto best_equity = [&](const Rack& rack) {
    Rack mover_unseen;
    if (bag == 0) mover_unseen = Plus(Minus(RackOf(unseen), rack), observer);
    eq.SetPosition(rack, bag, mover_unseen);
    TopByEquity(*g, o.algorithm, eq, game::ExchangeAllowed(rack, bag, rules), 1, &best);
    return best.front().equity;
  };
  // An exchange: a priori every choice of `exchanged` of the rack's tiles to
  // throw is as likely (a throw T, as a multiset, weighs prod_t C(R_t, T_t)
  // / C(|R|, exchanged)), and the pair (R, T) is kept when exchanging T was
  // within the tolerance of R's best equity: at tolerance 0 the best
  // exchanges, ties shared; with no leave values every throw ties.
  const double throws = by_rack ? Choose(rack_size, exchanged) : 1;
  for (std::size_t i = 0; i < cands.size(); ++i) {
    const Counts& c = cands[i];
    ++r.considered;
    if (by_rack) {
      const Rack rack = RackOf(c);
      const double bar = best_equity(rack) - o.tolerance;
      bool any = false;
      gen::ForEachExchange(rack, [&](const Rack& thrown) {
        if (thrown.size() != exchanged) return;
        const Counts tc = CountsOf(thrown);
        Counts leave = c;
        double w = prior[i] / throws;
        for (std::size_t t = 0; t < c.size(); ++t) {
          w *= Choose(c[t], tc[t]);
          leave[t] -= tc[t];
        }
        total += w;
        all[leave] += w;
        if (eq.OfExchange(thrown) >= bar) {
          any = true;
          kept_total += w;
          kept[leave] += w;
        }
      });
      r.kept += any;
      continue;
    }
    bool keep = keep_all;
    if (!keep) {  // a play at a finite tolerance
      const Rack rack = Plus(played, RackOf(c));
      const double e_best = best_equity(rack);  // sets eq's position
      keep = eq.OfPlay(made.play) >= e_best - o.tolerance;
    }
    total += prior[i];
    all[c] += prior[i];
    if (keep) {
      ++r.kept;
      kept_total += prior[i];
      kept[c] += prior[i];
    }
  }
  if (kept.empty()) {
    char tolerance[32];
    std::snprintf(tolerance, sizeof tolerance, "%g", o.tolerance);
    return Invalid(std::string("tolerance: no leave kept: the move was never within ") + tolerance +
                   " equity points of the best equity of the racks considered (a larger tolerance keeps more)");
  }
  r.kept_mass = kept_total / total;
  for (const auto& [c, w] : kept) r.leaves.push_back({RackOf(c), w, w / kept_total});
  std::stable_sort(r.leaves.begin(), r.leaves.end(),
                   [](const InferredLeave& a, const InferredLeave& b) { return a.weight > b.weight; });
  const std::size_t tiles = std::size_t(alphabet.size()) + 1;
  auto stats = [&](const std::map<Counts, double>& m, double sum, std::vector<double>* any, std::vector<double>* ex) {
    any->assign(tiles, 0.0);
    ex->assign(tiles, 0.0);
    for (const auto& [c, w] : m)
      for (std::size_t t = 0; t < tiles; ++t)
        if (c[t] > 0) {
          (*any)[t] += w / sum;
          (*ex)[t] += double(c[t]) * w / sum;
        }
  };
  stats(kept, kept_total, &r.p_any, &r.expected);
  r.available.assign(pool.begin(), pool.begin() + std::ptrdiff_t(tiles));
  if (play) {
    stats(all, total, &r.prior_p_any, &r.prior_expected);
  } else {
    // An exchange's prior is exact: a draw of leave_size tiles from U.
    r.prior_p_any.assign(tiles, 0.0);
    r.prior_expected.assign(tiles, 0.0);
    const int n = u.total, k = r.leave_size;
    for (std::size_t t = 0; t < tiles; ++t) {
      r.prior_p_any[t] = 1 - Choose(n - unseen[t], k) / Choose(n, k);
      r.prior_expected[t] = double(k) * unseen[t] / n;
    }
  }
  return r;
}

}  // namespace lexc::strategy
