// MoveGenerator: creation and its checks, the board (through BoardAnalysis),
// the bingo bonus, and the entry points of the traversals. The traversals
// themselves are in movegen_dawg.cc, movegen_gaddag.cc and movegen_best.cc,
// around the shared state of movegen_internal.h.
#include "lexc/gen/movegen.h"

#include <algorithm>
#include <limits>
#include <string>

#include "movegen_sinks.h"

namespace lexc::gen {

namespace {

// Scores and score bounds are ints. A play's score is at most its main word
// (up to a board side of tiles at the top tile value and letter premium,
// times the word premium of each of kRackSize new tiles), plus a cross word
// per new tile, plus the bingo bonus; the search's bounds add up at most
// twice that. Refuse what could overflow instead of wrapping.
Status CheckScoreBound(const Alphabet& a, const Layout& layout, int bingo_bonus) {
  if (bingo_bonus < 0)
    return Status(Errc::kInvalidArgument, "bingo bonus " + std::to_string(bingo_bonus) + " is negative");
  std::int64_t value = a.blank_score(), lm = 1, wm = 1;
  for (int t = 1; t <= a.size(); ++t) value = std::max<std::int64_t>(value, a.tile(static_cast<Tile>(t)).score);
  for (int r = 0; r < layout.rows(); ++r)
    for (int c = 0; c < layout.cols(); ++c) {
      lm = std::max<std::int64_t>(lm, layout.letter_mult(r, c));
      wm = std::max<std::int64_t>(wm, layout.word_mult(r, c));
    }
  std::int64_t wm_all = 1;
  for (int i = 0; i < kRackSize; ++i) wm_all *= wm;
  const std::int64_t side = std::max(layout.rows(), layout.cols());
  const std::int64_t word = side * value * lm;
  const std::int64_t worst = 2 * (word * wm_all + kRackSize * word * wm + bingo_bonus);
  constexpr std::int64_t kMaxScore = std::numeric_limits<int>::max() / 2;
  if (worst > kMaxScore)
    return Status(Errc::kLimit, "a play could score up to " + std::to_string(worst / 2) + " (tile values up to " +
                                    std::to_string(value) + ", letter premium " + std::to_string(lm) +
                                    ", word premium " + std::to_string(wm) + ", bingo bonus " +
                                    std::to_string(bingo_bonus) + "), over the " + std::to_string(kMaxScore / 2) +
                                    " the move generator scores with");
  return Status::Ok();
}

}  // namespace

namespace internal {

void Traversal::Init(const Lexicon& lexicon, const BoardAnalysis& board_analysis, int bingo_bonus) {
  const Alphabet& a = lexicon.alphabet();
  lex = &lexicon;
  analysis = &board_analysis;
  bingo = bingo_bonus;
  for (int t = 1; t <= a.size(); ++t) {
    values[t] = a.tile(static_cast<Tile>(t)).score;
    all_tiles |= std::uint64_t(1) << t;
  }
  blank_value = a.blank_score();
  for (int t = 1; t <= a.size(); ++t) blank_never_gains = blank_never_gains && blank_value <= values[t];
  transposable = board_analysis.layout().Transposable();
  const std::size_t squares = std::size_t(board_analysis.layout().rows() * board_analysis.layout().cols());
  anchors_.reserve(2 * squares);
  saved_bounds_.assign(2 * squares * kRackSize, 0);
}

}  // namespace internal

const char* AlgorithmName(Algorithm a) { return a == Algorithm::kDawg ? "dawg" : "gaddag"; }

MoveGenerator::MoveGenerator(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
MoveGenerator::MoveGenerator(MoveGenerator&&) noexcept = default;
MoveGenerator& MoveGenerator::operator=(MoveGenerator&&) noexcept = default;
MoveGenerator::~MoveGenerator() = default;

Result<MoveGenerator> MoveGenerator::Create(const Lexicon& lexicon, const Layout& layout, int bingo_bonus) {
  Result<BoardAnalysis> analysis = BoardAnalysis::Create(lexicon, layout);
  if (!analysis.ok()) return analysis.status();
  LEXC_RETURN_IF_ERROR(CheckScoreBound(lexicon.alphabet(), layout, bingo_bonus));
  auto impl = std::make_unique<Impl>(std::move(analysis).value());
  impl->traversal.Init(lexicon, impl->analysis, bingo_bonus);
  return MoveGenerator(std::move(impl));
}

bool MoveGenerator::Supports(Algorithm a) const {
  return a == Algorithm::kDawg ? lexicon().has_dawg() : lexicon().has_gaddag();
}
const Board& MoveGenerator::board() const { return impl_->analysis.board(); }
const Layout& MoveGenerator::layout() const { return impl_->analysis.layout(); }
const Lexicon& MoveGenerator::lexicon() const { return impl_->analysis.lexicon(); }
const BoardAnalysis& MoveGenerator::analysis() const { return impl_->analysis; }
int MoveGenerator::bingo_bonus() const { return impl_->traversal.bingo; }

Status MoveGenerator::SetBoard(const Board& board) { return impl_->analysis.SetBoard(board); }

Status MoveGenerator::SetBingoBonus(int bingo_bonus) {
  LEXC_RETURN_IF_ERROR(CheckScoreBound(lexicon().alphabet(), layout(), bingo_bonus));
  impl_->traversal.bingo = bingo_bonus;
  return Status::Ok();
}

Status MoveGenerator::SetPosition(const Position& position) {
  const int bingo_bonus = position.BingoBonus();
  LEXC_RETURN_IF_ERROR(CheckScoreBound(lexicon().alphabet(), layout(), bingo_bonus));
  LEXC_RETURN_IF_ERROR(impl_->analysis.SetBoard(position.board));
  impl_->traversal.bingo = bingo_bonus;
  return Status::Ok();
}

Status MoveGenerator::Apply(const Play& play) { return impl_->analysis.Apply(play); }
Status MoveGenerator::Undo() { return impl_->analysis.Undo(); }

void MoveGenerator::SetExtensionSets(bool keep) { impl_->analysis.SetExtensionSets(keep); }

std::uint64_t MoveGenerator::Generate(const Rack& rack, Algorithm a, PlayCallback cb) {
  internal::CallbackSink sink{cb};
  return impl_->traversal.Run(a, rack, sink);
}

std::uint64_t MoveGenerator::Generate(const Rack& rack, Algorithm a, const AnchorSet& anchors, PlayCallback cb) {
  internal::CallbackSink sink{cb};
  return impl_->traversal.Run(a, rack, sink, &anchors);
}

std::uint64_t MoveGenerator::Count(const Rack& rack, Algorithm a) {
  internal::CountSink sink;
  return impl_->traversal.Run(a, rack, sink);
}

}  // namespace lexc::gen
