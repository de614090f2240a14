#include "lexc/gen/rack.h"

#include "labels.h"

namespace lexc::gen {

Result<Rack> Rack::Parse(const Alphabet& a, std::string_view text) {
  if (a.size() > kMaxGenTile)
    return Status(Errc::kLimit, "alphabet " + a.name() + " has " + std::to_string(a.size()) +
                                    " tiles, the move generator handles at most " + std::to_string(kMaxGenTile));
  const internal::Labels labels(a);
  Rack r;
  std::size_t pos = 0;
  while (pos < text.size()) {
    const std::size_t at = pos;
    if (r.size_ == 255) return Status(Errc::kInvalidArgument, "rack '" + std::string(text) + "': too many tiles");
    if (text[pos] == '?') {
      r.AddBlank();
      ++pos;
      continue;
    }
    Tile t = 0;
    bool lower = false;
    std::string token;
    if (!labels.Next(text, &pos, &t, &lower, &token))
      return Status(Errc::kInvalidArgument, "unknown tile '" + token + "' at character " +
                                                std::to_string(internal::CodePoints(text.substr(0, at)) + 1) +
                                                " of rack '" + std::string(text) + "' (alphabet " + a.name() + ")");
    r.Add(t);  // a lower-case label on a rack is the same tile (only '?' is a blank)
  }
  return r;
}

std::uint64_t Rack::mask() const {
  std::uint64_t m = 0;
  for (int t = 1; t <= kMaxGenTile; ++t)
    if (counts_[std::size_t(t)]) m |= std::uint64_t(1) << t;
  return m;
}

bool Rack::Contains(const Rack& o) const {
  if (o.blanks_ > blanks_) return false;
  for (std::size_t t = 0; t < counts_.size(); ++t)
    if (o.counts_[t] > counts_[t]) return false;
  return true;
}

int Rack::Value(const Alphabet& a) const {
  int v = blanks_ * a.blank_score();
  for (int t = 1; t <= a.size() && t <= kMaxGenTile; ++t) v += counts_[std::size_t(t)] * a.tile(static_cast<Tile>(t)).score;
  return v;
}

std::string Rack::ToString(const Alphabet& a) const {
  const internal::Labels labels(a);
  std::string s;
  for (int t = 1; t <= a.size() && t <= kMaxGenTile; ++t)
    for (int i = 0; i < counts_[std::size_t(t)]; ++i) labels.Append(static_cast<Tile>(t), false, &s);
  s.append(blanks_, '?');
  return s;
}

}  // namespace lexc::gen
