// lexc/strategy/inference.h -- what the opponent kept: its possible leaves
// after the move it just made, weighed by how likely each is.
//
// InferLeave (Wickman section 3; Quackle's and Macondo's inference) takes
// the position before the opponent's move, seen by the observer (the player
// not to move there), and that move:
//   - the unseen tiles U: the full set minus the board minus the observer's
//     rack (racks[1] of the position, if listed). The mover's rack
//     (racks[0]) is not read: it is what is inferred.
//   - the prior: the mover's rack R was a draw of min(7, |U|) tiles from U
//     (the bag and the mover's rack, as the observer sees them, before the
//     move), so R has weight prod_t C(U_t, R_t) (the ways to draw it; the
//     blank is a tile like any other).
//   - a play placed tiles P (known): R held P, and the leave is L = R - P,
//     of |R| - |P| tiles from U - P. L is weighed by the ways to draw its
//     rack, prod_t C(U_t, P_t + L_t) (not by the ways to draw L alone from
//     U - P, prod_t C(U_t - P_t, L_t), which over-weighs a leave repeating a
//     tile played by prod_t C(P_t + L_t, P_t)). The leave is kept when the
//     move made was within `tolerance` of the best static equity (equity.h,
//     TopByEquity) that rack had: equity(move) >= best - tolerance.
//   - an exchange of k tiles (which tiles, unknown): the move is R with the
//     choice of the k tiles T thrown, every choice of k of the rack's tiles
//     as likely a priori (T, as a multiset, weighs prod_t C(R_t, T_t) /
//     C(|R|, k)); the leave is R - T, and the pair (R, T) is kept when
//     exchanging T was within `tolerance` of R's best equity. At tolerance 0
//     that is R's best exchanges of k tiles, the weight shared among those
//     that tie (with every leave valued 0, every throw ties: the choice
//     tells nothing, no tie-break decides it). The candidates are the racks
//     R and within each every T.
//   - an infinite tolerance keeps every candidate: the prior itself. For a
//     play, the leaves weighed as above; for an exchange, L is a random
//     (|R| - k)-subset of a random rack, i.e. a draw of |R| - k tiles from
//     U (hypergeometric), enumerated as such (or sampled) with no rack
//     evaluated. An exchange's prior columns (prior_p_any, prior_expected)
//     are computed in closed form: 1 - C(|U| - U_t, n) / C(|U|, n) and
//     n U_t / |U| for n = |R| - k.
// When the candidates (leaves for a play or an exchange at an infinite
// tolerance, whole racks for an exchange) number more than max_enumerated,
// they are sampled instead: `samples` draws of that many tiles from their
// pool (U - P, or U), tile by tile, each distinct candidate evaluated once
// and weighed by the times it was drawn times its importance weight, its
// prior weight over its probability of being drawn (1 / prod_t C(P_t + L_t,
// P_t) up to a constant for a play's leave, 1 otherwise), scaled so the
// weights estimate the prior weights.
// Reproducible: the same inputs and seed give the same result.
// Thread safety: reentrant; one MoveGenerator inside, on the caller's thread.
#pragma once

#include <cstdint>
#include <limits>
#include <string_view>
#include <vector>

#include "lexc/alphabet.h"
#include "lexc/gen/layout.h"
#include "lexc/gen/move.h"
#include "lexc/gen/movegen.h"
#include "lexc/gen/position.h"
#include "lexc/lexicon.h"
#include "lexc/rack.h"
#include "lexc/status.h"
#include "lexc/strategy/leave_values.h"
#include "lexc/strategy/simulation.h"

namespace lexc::strategy {

// A play written as `lexc moves` writes it, "8D GEL(I)D" or "D8 GELID" (a
// trailing score, "8D GEL(I)D 24", must be the play's true score), looked up
// among the plays of its own tiles on `gen`'s board: so the result is legal,
// with its true score.
// Tiles on the board may be written in parentheses or plainly; lower case is
// a blank. Errors (kBadInput): the coordinate ("move '8Z X': no column Z on a
// 15-column board"), a tile, a square that disagrees with the board, a word
// that is not a legal play there, another score ("it scores 22, not 99").
Result<gen::Play> ParsePlay(gen::MoveGenerator& gen, gen::Algorithm alg, const Alphabet& alphabet,
                            std::string_view text);

struct InferenceOptions {
  double tolerance = 0;  // equity points, >= 0 (infinity allowed)
  std::uint64_t max_enumerated = 20000;
  std::uint64_t samples = 5000;  // draws when sampling, >= 1
  std::uint64_t seed = 1;
  gen::Algorithm algorithm = gen::Algorithm::kGaddag;
};

struct InferredLeave {
  Rack leave;
  double weight = 0;       // its prior weight as kept (sampled: an estimate, see above)
  double probability = 0;  // weight / the kept leaves' total weight
};

struct InferenceResult {
  int leave_size = 0;                 // tiles the mover kept
  bool sampled = false;               // candidates sampled, not enumerated
  bool racks = false;                 // candidates are whole racks (an exchange at a finite tolerance), not leaves
  std::uint64_t considered = 0;       // distinct candidates evaluated (racks for an exchange at a finite tolerance)
  std::uint64_t kept = 0;             // of them, kept (a rack: one of its throws kept)
  double kept_mass = 0;               // prior probability of the kept candidates (0..1)
  std::vector<InferredLeave> leaves;  // kept, most probable first
  // By tile code (0: the blank): the probability that the leave holds at
  // least one, and the expected number, under the inferred distribution and
  // under the prior (every candidate kept).
  std::vector<double> p_any, expected, prior_p_any, prior_expected;
  // By tile code: how many of the tile the leave could hold (U - P for a
  // play, U for an exchange); 0 where both probabilities are 0.
  std::vector<int> available;
  // The leaves as the simulation draws them (LeaveDistribution).
  LeaveDistribution Distribution() const;
};

// `made` is the move made: a play (its tiles must be among the unseen tiles)
// or an exchange, whose `exchange` is ignored: `exchanged` tiles (1..7) were
// put back. Errors (kInvalidArgument): the position's (ValidatePosition);
// more than two racks (game::CheckTwoPlayers: the observer's is the second); a
// play whose tiles are not among the unseen tiles or more than the mover's
// rack; an exchange when the bag the mover saw held fewer than the exchange
// limit, or of more tiles than the rack; a pass (nothing to infer); a
// negative or NaN tolerance; no candidate kept (the move was never within
// the tolerance: "no leave ..."); the generator's.
Result<InferenceResult> InferLeave(const Lexicon& lexicon, const gen::Layout& layout, const Alphabet& alphabet,
                                   const LeaveValues& leaves, const gen::Position& before, const gen::Move& made,
                                   int exchanged, const InferenceOptions& options);

}  // namespace lexc::strategy
