#include "lexc/tile_text.h"

#include "lexc/escape.h"
#include "unicode.h"
#include "utf8.h"

namespace lexc {
namespace {

LabelCase CaseOf(std::string_view upper, std::string_view lower, std::string_view written) {
  if (written == upper) return LabelCase::kUpper;
  return written == lower ? LabelCase::kLower : LabelCase::kMixed;
}

// The case of a tile as written: against the fold's text when a fold matched.
LabelCase CaseOf(const Alphabet& a, Tile tile, const FoldInfo* fold, std::string_view written) {
  if (fold) return CaseOf(fold->text, fold->lower, written);
  return CaseOf(a.tile(tile).label, a.tile(tile).lower, written);
}

bool IsMark(std::string_view marks, char c) {
  return static_cast<unsigned char>(c) < 0x80 && marks.find(c) != std::string_view::npos;
}

}  // namespace

TileTextReader::TileTextReader(const Alphabet& a, std::string_view text, std::string_view marks)
    : a_(a), text_(text), marks_(marks) {
  if (unicode::ToNfc(text, &normalized_)) text_ = normalized_;
}

bool TileTextReader::Fail(std::string problem) {
  problem_ = std::move(problem);
  return false;
}

bool TileTextReader::Next(TextToken* token) {
  if (!ok() || pos_ >= text_.size()) return false;
  const char c = text_[pos_];
  token->offset = pos_;
  if (IsMark(marks_, c)) {
    token->kind = TextToken::Kind::kMark;
    token->mark = c;
    ++pos_;
    return true;
  }
  if (c == ']') return Fail("']' without '['");
  token->kind = TextToken::Kind::kTile;
  if (c == '[') {
    const std::size_t close = text_.find(']', pos_ + 1);
    if (close == std::string_view::npos) return Fail("unclosed '['");
    const std::string_view inner = text_.substr(pos_ + 1, close - pos_ - 1);
    if (inner.empty()) return Fail("empty '[]'");
    // A whole label, matched as in greedy reading (either case).
    const FoldInfo* fold = nullptr;
    if (a_.MatchAt(inner, 0, &token->tile, &fold) != inner.size())
      return Fail("unknown tile " + QuoteText("[" + std::string(inner) + "]", '\''));
    token->letter_case = CaseOf(a_, token->tile, fold, inner);
    pos_ = close + 1;
    return true;
  }
  // Greedy reading stops at the next mark or bracket: labels never hold a
  // bracket, and a mark is not tile text here.
  if (run_end_ <= pos_) {
    run_end_ = pos_;
    while (run_end_ < text_.size() && text_[run_end_] != '[' && text_[run_end_] != ']' &&
           !IsMark(marks_, text_[run_end_]))
      ++run_end_;
  }
  const FoldInfo* fold = nullptr;
  const std::size_t len = a_.MatchAt(text_.substr(0, run_end_), pos_, &token->tile, &fold);
  if (len == 0) return Fail("unknown tile " + QuoteText(text_.substr(pos_, utf8::SequenceLength(text_, pos_)), '\''));
  token->letter_case = CaseOf(a_, token->tile, fold, text_.substr(pos_, len));
  pos_ += len;
  return true;
}

Status TileTextReader::ErrorStatus(std::string_view what) const {
  const std::size_t character = utf8::CountCodePoints(text_.substr(0, pos_)) + 1;
  return Status(Errc::kBadInput, problem_ + " at character " + std::to_string(character) + " of " + std::string(what) +
                                     " " + QuoteText(text_, '\'', 256) + " (alphabet " + a_.name() + ")");
}

Result<std::vector<Tile>> ParseTileText(const Alphabet& a, std::string_view text, std::string_view what) {
  std::vector<Tile> tiles;
  TileTextReader reader(a, text);
  TextToken token;
  while (reader.Next(&token)) tiles.push_back(token.tile);
  if (!reader.ok()) return reader.ErrorStatus(what);
  if (tiles.empty()) return Status(Errc::kBadInput, "empty " + std::string(what));
  return tiles;
}

TileTextWriter::TileTextWriter(const Alphabet& a, std::string* out, std::string_view marks)
    : a_(a), out_(out), marks_(marks), multi_code_point_(false), run_start_(out->size()) {
  for (int t = 1; t <= a.size(); ++t)
    multi_code_point_ = multi_code_point_ || utf8::CountCodePoints(a.tile(static_cast<Tile>(t)).label) > 1;
  for (const FoldInfo& f : a.folds())  // a fold may span two labels' text: read runs back
    multi_code_point_ = multi_code_point_ || utf8::CountCodePoints(f.text) > 1;
}

void TileTextWriter::Append(Tile t, bool lower) {
  const std::size_t at = out_->size();
  a_.AppendLabel(t, lower, out_);
  const std::string_view label = std::string_view(*out_).substr(at);
  bool bracket = utf8::CountCodePoints(label) > 1 || (label.size() == 1 && IsMark(marks_, label[0]));
  if (!bracket && multi_code_point_) {
    // Only a label of several code points can swallow the one appended:
    // read the run back greedily and compare.
    const std::string_view run = std::string_view(*out_).substr(run_start_);
    std::size_t i = 0, k = 0;
    while (!bracket && i < run.size()) {
      Tile u = 0;
      const std::size_t len = a_.MatchAt(run, i, &u);
      const Tile want = k < run_tiles_.size() ? run_tiles_[k] : t;
      bracket = len == 0 || u != want || k > run_tiles_.size();
      i += len;
      ++k;
    }
    bracket = bracket || k != run_tiles_.size() + 1;
  }
  if (!bracket) {
    if (multi_code_point_) run_tiles_.push_back(t);
    return;
  }
  out_->insert(at, 1, '[');
  out_->push_back(']');
  run_start_ = out_->size();
  run_tiles_.clear();
}

void TileTextWriter::AppendOther(std::string_view text) {
  out_->append(text);
  run_start_ = out_->size();
  run_tiles_.clear();
}

std::string WriteTileText(const Alphabet& a, std::span<const Tile> tiles) {
  std::string out;
  TileTextWriter writer(a, &out);
  for (Tile t : tiles) writer.Append(t);
  return out;
}

}  // namespace lexc
