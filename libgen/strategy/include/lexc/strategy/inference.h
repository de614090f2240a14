// lexc/strategy/inference.h -- what the opponent kept: its possible leaves
// after the move it just made, weighed by how likely each is.
//
// InferLeave (Wickman section 3; Quackle's and Macondo's inference) takes
// the position before the opponent's move, seen by the observer (the player
// not to move there), and that move:
//   - the unseen tiles U: the full set minus the board minus the observer's
//     rack (racks[1] of the position, if listed). The mover's rack
//     (racks[0]) is not read: it is what is inferred.
//   - a play placed tiles P (known): the mover held P plus a leave of
//     L = min(7, |U|) - |P| tiles from U - P. Every such leave is a
//     candidate, weighed by the number of ways to draw it (the product over
//     tiles of C(available, kept): the uninformed, hypergeometric prior).
//   - the leave is kept when the move made was within `tolerance` of the
//     best static equity (equity.h, TopByEquity) that rack had there:
//     equity(move) >= best - tolerance. An infinite tolerance keeps every
//     leave, which gives the prior itself.
//   - an exchange of N tiles (its tiles unknown): candidates are whole racks
//     of min(7, |U|) tiles; a rack is kept when its best exchange of N tiles
//     was within tolerance of its best move, and the leave inferred is what
//     that exchange keeps.
// When the candidates number more than max_enumerated, they are sampled
// instead: `samples` draws from U (each a rack drawn tile by tile, so with
// the prior's probabilities), each distinct candidate evaluated once and
// weighed by how often it was drawn. Exchanges are always sampled.
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
  double weight = 0;       // ways to draw it (enumerated) or times drawn (sampled)
  double probability = 0;  // weight / the kept leaves' total weight
};

struct InferenceResult {
  int leave_size = 0;                 // tiles the mover kept
  bool sampled = false;               // candidates sampled, not enumerated
  std::uint64_t considered = 0;       // distinct candidates evaluated
  std::uint64_t kept = 0;             // of them, kept (distinct leaves may be fewer for exchanges)
  double kept_mass = 0;               // prior probability of the kept candidates (0..1)
  std::vector<InferredLeave> leaves;  // kept, most probable first
  // By tile code (0: the blank): the probability that the leave holds at
  // least one, and the expected number, under the inferred distribution and
  // under the prior (every candidate kept).
  std::vector<double> p_any, expected, prior_p_any, prior_expected;
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
