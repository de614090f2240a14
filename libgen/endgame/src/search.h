// One search thread of the endgame solver (internal): the board in a
// MoveGenerator updated by Apply/Undo, both racks, the keys, per-ply move
// lists and the principal variation, over the shared table.
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <vector>

#include "lexc/endgame/solver.h"
#include "lexc/gen/movegen.h"
#include "lexc/gen/play_reuse.h"
#include "transposition_table.h"

namespace lexc::endgame::internal {

// The rack tile a board cell takes: its tile code, 0 for a blank.
inline int RackTile(gen::Cell c) { return gen::CellIsBlank(c) ? 0 : gen::CellTile(c); }

// A move of a node, in search order.
struct MoveCandidate {
  int order;  // higher first
  int index;  // into the ply's plays, -1: the pass
  std::uint32_t key;
};

// One step of a principal variation.
struct PvStep {
  gen::Play play;
  bool pass = false;
};

// A principal-variation node of thread 0 whose moves after the first are
// shared with the other threads (young brothers wait, at PV nodes only):
// thread 0 searches the node's first move alone, publishes the node (the
// moves from the root to it, its plays and the rest of its moves), then
// every thread takes the next move not yet taken, tests it with a null
// window at the node's alpha as it is then and searches it again in full
// when it may be better. Only thread 0 splits, so one node at a time is
// open; the helpers follow it from node to node. All fields are guarded by
// `mu`.
struct SplitPoint {
  std::mutex mu;
  std::condition_variable cv;
  std::uint64_t generation = 0;  // a new node is published
  bool open = false;             // its moves may still be taken
  bool finished = false;         // no more nodes: helpers return
  // The node: the moves from the root (a pass: PvStep::pass), its ply,
  // depth, window top, the scoreless count it is searched with, the plays
  // of it and of its parent (the parent's for the reuse two plies below,
  // when listed) and its moves in search order.
  std::vector<PvStep> path;
  int ply = 0, depth = 0, beta = 0, scoreless = 0;
  std::vector<gen::Play> plays, parent_plays;
  bool parent_listed = false;
  std::vector<MoveCandidate> moves;
  std::size_t next = 0;       // the next move to take
  std::size_t searching = 0;  // moves taken and not yet done
  // The node's results so far.
  int alpha = 0;  // the null windows' value: the best value above the node's own alpha
  int best = 0;
  std::uint32_t best_key = 0;
  bool improved = false;  // a shared move raised alpha: pv holds its line
  std::vector<PvStep> pv;
  bool pv_ends_game = false;
  bool all_exact = true;                // every move searched so far exact
  bool cut = false, cut_exact = false;  // a move reached beta (its exactness)
  bool aborted = false;
};

// Squares by line, bit c of rows[r] and bit r of cols[c] for square (r, c):
// whether a play places a tile on one is a shift and a mask.
struct LineSquares {
  std::uint32_t rows[gen::kMaxBoardDim] = {}, cols[gen::kMaxBoardDim] = {};
  void Add(int row, int col) {
    rows[row] |= std::uint32_t(1) << col;
    cols[col] |= std::uint32_t(1) << row;
  }
  void AddIndex(int index) { Add(index / gen::kMaxBoardDim, index % gen::kMaxBoardDim); }  // SquareSet::Index
  LineSquares& operator|=(const LineSquares& o) {
    for (int i = 0; i < gen::kMaxBoardDim; ++i) rows[i] |= o.rows[i], cols[i] |= o.cols[i];
    return *this;
  }
  // Bit i: square i of `p`'s main word gets a new tile.
  static std::uint32_t NewTileBits(const gen::Play& p) {
    const std::uint64_t word = (std::uint64_t(1) << p.length) - 1;
    return static_cast<std::uint32_t>(word & ~std::uint64_t(p.through));
  }
  void AddNewSquares(const gen::Play& p) {
    for (std::uint32_t b = NewTileBits(p); b; b &= b - 1) {
      const int i = __builtin_ctz(b);
      Add(p.RowAt(i), p.ColAt(i));
    }
  }
  bool PlacesOn(const gen::Play& p) const {
    const std::uint32_t line = p.dir == gen::Dir::kAcross ? rows[p.row] >> p.col : cols[p.col] >> p.row;
    return (line & NewTileBits(p)) != 0;
  }
};

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

  SplitPoint split;  // with two threads or more
};

class Searcher {
 public:
  // `gen` stands on the endgame's board. `id` 0 is the main thread.
  Searcher(SharedSearch& shared, gen::MoveGenerator gen, const Endgame& endgame, const Alphabet& a, int id);

  // Thread 0: iterative deepening until exact, the ply limit or a stop,
  // its principal-variation nodes split with the others (SplitPoint). The
  // others: the moves of each split node, until Run of thread 0 ends.
  void Run();

 private:
  using Candidate = MoveCandidate;
  struct RankedPlay {
    int value;
    std::uint32_t index;
  };
  struct PlyState {
    std::vector<gen::Play> plays;
    std::vector<Candidate> moves;
    std::vector<PvStep> pv;
    bool pv_ends_game = false;
    // The move that led here from the ply above (null: a pass), and whether
    // `plays` holds every play of this node (ListPlays).
    const gen::Play* arrived_by = nullptr;
    bool listed = false;
    // For the children's ListPlays, whose plays two plies above are those
    // of the ply above this one (the side not to move here): the squares
    // `arrived_by` filled and its hot squares on the board here (also as a
    // list), the rack tiles it took (bit 0: a blank), the children listed so
    // far, and from the second on, every play of the side not to move on
    // this board (`kept`, KeepChildPlays; `kept_from` is `kept`, or the ply
    // above's plays themselves when the move here was a pass).
    LineSquares arrival_marks;
    std::uint16_t arrival_hot[gen::kMaxHotSquares];
    int arrival_hot_count = 0;
    std::uint64_t arrival_spent = 0;
    int children_listed = 0;
    std::vector<gen::Play> kept;
    const std::vector<gen::Play>* kept_from = nullptr;
    // The plays of `kept_from` ranked for the children's frontiers
    // (FrontierFromKept): those that do not go out by score + face values,
    // those that do by score, highest first.
    bool kept_ranked = false;
    std::vector<RankedPlay> ranked_stay, ranked_out;
  };
  // The value of a frontier node's moves, taken one at a time (Frontier).
  struct FrontierTally {
    static constexpr int kEndingNone = 0, kEndingPass = 1, kEndingPlay = 2;
    int own_size = 0, out_bonus = 0, own_value = 0, opp_value = 0;
    bool scoreless_ends = false;
    int best = 0;  // the pass's value first
    bool best_is_pass = true, best_ends = false;
    gen::Play best_play;
    int best_ending = 0, best_ending_kind = kEndingNone;
    gen::Play best_ending_play;
    bool all_end = false;
    int plays = 0;  // plays added
    // A play; `placed_value` is PlacedValue(p) (any value when it goes out).
    void Add(const gen::Play& p, int placed_value);
  };

  int Search(int ply, int depth, int alpha, int beta, bool* exact);
  // Every play of the side to move into plies_[ply].plays: from two plies
  // above when that node listed its plays (the same side, a rack as large
  // or larger: the plays the two moves since leave unchanged, then those
  // generated from the anchors the moves touched; gen/play_reuse.h), else
  // generated.
  void ListPlays(int ply);
  // Sets up plies_[ply]'s fields for its children's ListPlays (the board at
  // that node, `arrived_by` set).
  void PrepareChildLists(int ply);
  // Thread at the node of `ply`, before a child after the first that lists
  // its plays: every play of the side not to move there, into
  // plies_[ply].kept (from the plays of the ply above, as ListPlays).
  void KeepChildPlays(int ply);
  // Adds move `m`'s new squares and its hot squares on the board to *marks;
  // the hot squares also to hot[0..n), n returned (kMaxHotSquares room).
  int MarkMove(const gen::Play& m, LineSquares* marks, std::uint16_t* hot) const;
  // Appends the plays on the board, for `rack`, given those of an earlier
  // board (`before`, which fit a rack that `rack` is short of only by tiles
  // in `spent`): the ones placing no tile on `marks` (the squares the moves
  // since filled and their hot squares) and fitting, then those generated
  // from `anchors` that place one (none when `anchors` is null: no move).
  void AppendPlaysAfter(const std::vector<gen::Play>& before, const LineSquares& marks, std::uint64_t spent,
                        const gen::AnchorSet* anchors, const Rack& rack, std::vector<gen::Play>* out);
  // The plays two plies above `ply` (null: none listed there).
  const std::vector<gen::Play>* PlaysTwoAbove(int ply) const;
  // The line of move `c` of the node at `ply` (its plays `plays`): the move,
  // then the line left in plies_[ply + 1] by the search below it.
  void LineThrough(int ply, const Candidate& c, const std::vector<gen::Play>& plays, std::vector<PvStep>* pv,
                   bool* ends_game) const;
  // What the moves after a node's first add to its result.
  struct SplitOutcome {
    int best = 0, alpha = 0;
    std::uint32_t best_key = 0;
    bool improved = false, all_exact = true, cut = false, cut_exact = false;
  };
  // Thread 0 at a PV node of `depth` >= kMinSplitDepth whose first move is
  // searched (alpha, best: the node's so far): shares the rest of
  // plies_[ply].moves with the helpers and waits for them. The line of a
  // move that raised alpha is left in plies_[ply].pv. False when the
  // search was stopped.
  bool SplitRest(int ply, int depth, int alpha, int beta, int best, SplitOutcome* out);
  // Takes the open node's moves until none is left (`lock` on split.mu,
  // held on entry and on return; the board at the node).
  void TakeSplitMoves(std::unique_lock<std::mutex>& lock);
  // The board, racks and keys moved from where the last node left them to
  // the open node (`path`), undoing only what the two paths do not share.
  bool FollowPath(const std::vector<PvStep>& path);
  void RunHelper();
  // The value of one move for the side to move, searching below it.
  int Try(int ply, int depth, const Candidate& c, int own_value, int opp_value, int alpha, int beta, bool* exact);
  // A node whose children are all leaves (depth 1): values every move, or
  // the best of each kind from its parent's ranking (FrontierFromKept).
  // When the side to move has no play and its pass does not end the game,
  // it returns at once with *stuck set (nothing stored): Search then
  // searches the pass with the depth extended (forced_pass_extension_).
  int Frontier(int ply, std::uint64_t key, int own_value, int opp_value, int beta, bool* exact, bool* stuck);
  // Frontier's moves from the plays the parent keeps (KeepChildPlays), each
  // kind's best found by ranking, when that applies; false: list them. A
  // kept play going out that reaches `beta` ends it there (the plays at the
  // last move's anchors are not generated: the node's exact lower bound is
  // that play's value, perhaps below the best going-out value).
  bool FrontierFromKept(int ply, int beta, FrontierTally* t);
  // Ranks plies_[ply].kept_from for its children's frontiers (ranked_stay,
  // ranked_out; `own_size` the children's rack size), once per node.
  void RankKept(int ply, int own_size);
  // A node at `ply` whose move from its parent (which keeps its children's
  // plays) is not on the board yet, of one tile or of `depth` 1: Search's
  // value when the table answers it, or when a kept play going out that the
  // move leaves unchanged reaches beta (an exact lower bound: the best such
  // play; Frontier's and OneTileOut's values are at least it). False:
  // Search must run on the board.
  bool RefutedByKept(int ply, int depth, std::uint64_t key, int alpha, int beta, int* value, bool* exact);
  // A node whose side to move holds one tile that has a place: the exact
  // value, the best play, without searching the pass.
  int OneTileOut(int ply, std::uint64_t key, bool* exact);
  void OrderMoves(int ply, std::uint32_t table_move, int own_value, int opp_value);
  static bool Before(const Candidate& a, const Candidate& b);
  std::uint64_t Key() const;
  // The play's new tiles leave the rack of the side to move (to_board) or
  // come back to it; the rack and board keys follow.
  void MoveTiles(const gen::Play& play, bool to_board);
  void CountNode();
  // A node entered at `ps`: its line cleared, the node counted; false when
  // the search is stopped (aborted_ then set).
  bool EnterNode(PlyState& ps);
  // Whether a stored entry settles a node searched to `depth` with window
  // (alpha, beta) (the callers use it at null-window nodes only).
  static bool TableSettles(const TableEntry& e, int depth, int alpha, int beta);
  // The node at `ps` ends the game by `p`, worth `value`: its line, and the
  // table entry (`bound`, exact) under `key`.
  void EndsWithPlay(PlyState& ps, std::uint64_t key, const gen::Play& p, int value, int depth, Bound bound);
  // Thread 0, with EndgameOptions::on_progress: reports when it is time.
  void ReportProgress(std::uint64_t nodes);
  int PlacedValue(const gen::Play& play) const;
  // The scoreless count a node is searched with (see search.cc).
  int EffectiveScoreless(int scoreless) const;
  // The line `steps` as the rules play it: passes appended where the
  // search's scoreless count ran ahead of the real one.
  void CompleteLine(std::vector<PvStep>* steps, bool ends_game) const;
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
  int rack_values_[2] = {};                       // Rack::Value of racks_[seat], kept by MoveTiles
  std::array<int, gen::kMaxGenTile + 1> face_{};  // face value by tile code
  int cols_ = 0;
  std::vector<PlyState> plies_;
  PlyState opponent_root_;       // the other side's plays on the root board: "two plies above" ply 1
  std::vector<PvStep> applied_;  // helpers: the moves from the root applied to the board
  bool splitting_ = false;       // thread 0: taking the moves of the open node
  std::uint64_t unflushed_nodes_ = 0;
  bool interruptible_ = true;
  // Plies a pass forced on a side with no play adds to the depth left
  // (Search): 1 (the pass alone, not counted) in the main thread's first
  // iteration, else 2 (the pass and the reply). Helpers only join nodes of
  // later iterations.
  int forced_pass_extension_ = 2;
  bool aborted_ = false;
  int start_scores_diff_ = 0;
  int start_scoreless_ = 0;       // the position's own count
  std::uint64_t zero_tiles_ = 0;  // tile codes worth 0 points (bit 0: the blank)
  bool zero_tiles_held_ = true;   // a rack held one of them at the start (racks only shrink)
  EndgameIteration completed_;    // thread 0: the last completed iteration (for on_progress)
  double next_progress_ = 0;      // thread 0: seconds of the next on_progress call
};

}  // namespace lexc::endgame::internal
