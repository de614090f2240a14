#include "lexc/rack.h"

#include "lexc/escape.h"
#include "lexc/tile_text.h"
#include "utf8.h"

namespace lexc {

Result<Rack> Rack::Parse(const Alphabet& a, std::string_view text) {
  Rack r;
  TileTextReader reader(a, text, "?");
  TextToken token;
  while (reader.Next(&token)) {
    if (r.size_ == kMaxSize)
      return Status(Errc::kBadInput,
                    "rack " + QuoteText(text, '\'') + ": more than " + std::to_string(kMaxSize) + " tiles");
    token.kind == TextToken::Kind::kMark ? r.AddBlank() : r.Add(token.tile);
  }
  if (!reader.ok()) return reader.ErrorStatus("rack");
  return r;
}

std::bitset<kMaxTiles + 1> Rack::mask() const {
  std::bitset<kMaxTiles + 1> m;
  for (std::size_t t = 1; t < counts_.size(); ++t) m[t] = counts_[t] != 0;
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
  for (int t = 1; t <= a.size(); ++t) v += counts_[std::size_t(t)] * a.tile(static_cast<Tile>(t)).score;
  return v;
}

std::string Rack::ToString(const Alphabet& a) const {
  std::string s;
  TileTextWriter writer(a, &s, "?");
  for (std::size_t t = 1; t < counts_.size(); ++t)
    for (int i = 0; i < counts_[t]; ++i) writer.Append(static_cast<Tile>(t));
  writer.AppendOther(std::string(blanks_, '?'));
  return s;
}

}  // namespace lexc
