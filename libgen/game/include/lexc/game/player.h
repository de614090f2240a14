// lexc/game/player.h -- a player: the policy that picks a move.
//
// A Player sees the game through a PlayerView: what the player to move may
// know (the board, its own rack, the scores, the unseen tiles, the rules) and
// a MoveGenerator standing on the board, never the opponent's rack or the
// bag's order. The runner (selfplay.h) asks the player to move for a move
// and applies it; so does any analysis tool, with the same players. A new
// policy (static equity with leaves, simulation, an endgame solver) is a new
// subclass; nothing else changes.
//
// GreedyPlayer is the first policy: the highest-scoring play (BetterPlay
// order, so ties do not depend on the algorithm), else the whole rack
// exchanged when the rules allow it, else the pass.
// Thread safety: a PlayerView is valid while its state and generator are
// unchanged. A Player may keep state (a random generator, caches): give each
// thread its own players. GreedyPlayer holds only its name.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "lexc/alphabet.h"
#include "lexc/game/game_state.h"
#include "lexc/gen/move.h"
#include "lexc/gen/movegen.h"
#include "lexc/status.h"

namespace lexc::game {

class PlayerView {
 public:
  // `state` and `gen` must outlive the view; gen.board() == state.board().
  PlayerView(const GameState& state, gen::MoveGenerator& gen, gen::Algorithm algorithm)
      : state_(state), gen_(gen), algorithm_(algorithm) {}

  int seat() const { return state_.to_move(); }
  const gen::Board& board() const { return state_.board(); }
  const Rack& rack() const { return state_.rack(seat()); }
  int score() const { return state_.score(seat()); }
  int opponent_score() const { return state_.score(1 - seat()); }
  int opponent_rack_size() const { return state_.rack(1 - seat()).size(); }
  int bag_size() const { return state_.bag().size(); }
  // The bag and the opponent's rack together. O(bag).
  gen::TileCounts unseen() const { return state_.Unseen(seat()); }
  int scoreless_turns() const { return state_.scoreless_turns(); }
  const Rules& rules() const { return state_.rules(); }
  const Alphabet& alphabet() const { return state_.alphabet(); }
  bool CanExchange() const { return state_.CanExchange(); }
  // Every legal move (GameState::LegalMoves's order) into *out.
  void LegalMoves(std::vector<gen::Move>* out) const { state_.LegalMoves(gen_, algorithm_, out); }

  // The generator on board(), for the player's own searches. A player that
  // changes its board restores it before returning (SetBoard(board())).
  gen::MoveGenerator& generator() const { return gen_; }
  gen::Algorithm algorithm() const { return algorithm_; }

 private:
  const GameState& state_;
  gen::MoveGenerator& gen_;
  gen::Algorithm algorithm_;
};

class Player {
 public:
  virtual ~Player() = default;
  // The name records show (GCG #player1/#player2).
  virtual const std::string& name() const = 0;
  // A legal move for the player to move. An error stops the game; the
  // runner returns it.
  virtual Result<gen::Move> ChooseMove(const PlayerView& view) = 0;
};

class GreedyPlayer final : public Player {
 public:
  explicit GreedyPlayer(std::string name = "Greedy") : name_(std::move(name)) {}
  const std::string& name() const override { return name_; }
  // O(MoveGenerator::Best). Never fails.
  Result<gen::Move> ChooseMove(const PlayerView& view) override;

 private:
  std::string name_;
};

}  // namespace lexc::game
