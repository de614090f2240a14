// One search thread of the endgame solver (internal): the board in a
// MoveGenerator updated by Apply/Undo, both racks, the keys, per-ply move
// lists and the principal variation, over the shared table.
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <vector>

#include "lexc/endgame/solver.h"
#include "lexc/gen/movegen.h"
#include "transposition_table.h"

namespace lexc::endgame::internal {

// What the threads of one solve share.
struct SharedSearch {
  SharedSearch(TranspositionTable t, const EndgameOptions& o) : table(std::move(t)), options(o) {}

  TranspositionTable table;
  const EndgameOptions& options;
  std::chrono::steady_clock::time_point start, deadline;
  bool has_deadline = false;
  std::atomic<bool> stop{false};
  std::atomic<std::uint64_t> nodes{0};

  std::mutex mu;  // guards what follows
  bool have_result = false;
  EndgameResult result;  // the deepest completed iteration, or the exact one
  Status error;
};

class Searcher {
 public:
  // `gen` stands on the endgame's board. `id` 0 is the main thread.
  Searcher(SharedSearch& shared, gen::MoveGenerator gen, const Endgame& endgame, const Alphabet& a, int id);

  // Iterative deepening until exact, the ply limit or a stop.
  void Run();

 private:
  struct Candidate {
    int order;  // higher first
    int index;  // into the ply's plays, -1: the pass
    std::uint32_t key;
  };
  struct PvStep {
    gen::Play play;
    bool pass = false;
  };
  struct PlyState {
    std::vector<gen::Play> plays;
    std::vector<Candidate> moves;
    std::vector<PvStep> pv;
    bool pv_ends_game = false;
  };

  int Search(int ply, int depth, int alpha, int beta, bool* exact);
  // The value of one move for the side to move, searching below it.
  int Try(int ply, int depth, const Candidate& c, int own_value, int opp_value, int alpha, int beta, bool* exact);
  // A node whose children are all leaves (depth 1): values every move.
  int Frontier(int ply, std::uint64_t key, int own_value, int opp_value, int beta, bool* exact);
  void OrderMoves(int ply, std::uint32_t table_move, int own_value, int opp_value);
  static bool Before(const Candidate& a, const Candidate& b);
  std::uint64_t Key() const;
  // The play's new tiles leave the rack of the side to move (to_board) or
  // come back to it; the rack and board keys follow.
  void MoveTiles(const gen::Play& play, bool to_board);
  void CountNode();
  // Thread 0, with EndgameOptions::on_progress: reports when it is time.
  void ReportProgress(std::uint64_t nodes);
  int PlacedValue(const gen::Play& play) const;
  void Publish(int depth, int value, bool exact);

  SharedSearch& shared_;
  gen::MoveGenerator gen_;
  const Alphabet& abc_;
  game::Rules rules_;
  int id_;
  gen::Algorithm algorithm_;
  Rack racks_[2];
  int to_move_ = 0;
  int scoreless_ = 0;
  std::uint64_t board_key_ = 0;
  std::uint64_t rack_keys_[2][2] = {};            // [seat][role]
  std::array<int, gen::kMaxGenTile + 1> face_{};  // face value by tile code
  int cols_ = 0;
  std::vector<PlyState> plies_;
  std::uint64_t unflushed_nodes_ = 0;
  bool interruptible_ = true;
  bool aborted_ = false;
  int start_scores_diff_ = 0;
  EndgameIteration completed_;  // thread 0: the last completed iteration (for on_progress)
  double next_progress_ = 0;    // thread 0: seconds of the next on_progress call
};

}  // namespace lexc::endgame::internal
