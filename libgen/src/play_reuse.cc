#include "lexc/gen/play_reuse.h"

namespace lexc::gen {
namespace {

// The first square from (r, c) stepping by (dr, dc) that is empty on `b`,
// passing over tiles; false when the run reaches the edge.
bool RunEnd(const Board& b, int r, int c, int dr, int dc, int* er, int* ec) {
  r += dr, c += dc;
  while (b.InRange(r, c) && b.at(r, c) != kEmpty) r += dr, c += dc;
  if (!b.InRange(r, c)) return false;
  *er = r, *ec = c;
  return true;
}

}  // namespace

int PlayDependencies(const Board& before, const Play& p, std::uint16_t* out) {
  int n = 0;
  const bool across = p.dir == Dir::kAcross;
  const int dr = across ? 0 : 1, dc = across ? 1 : 0;  // along the word
  const auto add = [&](int r, int c) { out[n++] = static_cast<std::uint16_t>(SquareSet::Index(r, c)); };
  if (before.InRange(p.row - dr, p.col - dc)) add(p.row - dr, p.col - dc);
  const int er = p.RowAt(p.length - 1) + dr, ec = p.ColAt(p.length - 1) + dc;
  if (before.InRange(er, ec)) add(er, ec);
  for (int i = 0; i < p.length; ++i) {
    if (p.IsThrough(i)) continue;
    const int r = p.RowAt(i), c = p.ColAt(i);
    add(r, c);
    int rr, cc;
    if (RunEnd(before, r, c, -dc, -dr, &rr, &cc)) add(rr, cc);
    if (RunEnd(before, r, c, dc, dr, &rr, &cc)) add(rr, cc);
  }
  return n;
}

int HotSquares(const Board& after, const Play& q, std::uint16_t* out) {
  int n = 0;
  for (int i = 0; i < q.length; ++i) {
    if (q.IsThrough(i)) continue;
    const int r = q.RowAt(i), c = q.ColAt(i);
    static constexpr int kSteps[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
    for (const auto& step : kSteps) {
      int rr, cc;
      if (RunEnd(after, r, c, step[0], step[1], &rr, &cc))
        out[n++] = static_cast<std::uint16_t>(SquareSet::Index(rr, cc));
    }
  }
  return n;
}

AnchorSet AnchorsTouched(const Board& after, const Play& q, int rack_size) {
  AnchorSet anchors;
  std::uint16_t hot[kMaxHotSquares];
  AddAnchorsReaching(after, hot, HotSquares(after, q, hot), rack_size, &anchors);
  return anchors;
}

void AddAnchorsReaching(const Board& after, const std::uint16_t* hot, int n, int rack_size, AnchorSet* anchors) {
  for (int i = 0; i < n; ++i) {
    const int r = hot[i] / kMaxBoardDim, c = hot[i] % kMaxBoardDim;
    // Across row r from column c leftwards, and down column c from row r
    // upwards, while the play could still reach the hot square.
    for (int p = c, empty = 0; p >= 0; --p) {
      if (after.at(r, p) == kEmpty && ++empty > rack_size) break;
      anchors->Add(Dir::kAcross, r, p);
    }
    for (int p = r, empty = 0; p >= 0; --p) {
      if (after.at(p, c) == kEmpty && ++empty > rack_size) break;
      anchors->Add(Dir::kDown, c, p);
    }
  }
}

void AddNewSquares(const Play& q, SquareSet* filled) {
  for (int i = 0; i < q.length; ++i)
    if (!q.IsThrough(i)) filled->Add(q.RowAt(i), q.ColAt(i));
}

}  // namespace lexc::gen
