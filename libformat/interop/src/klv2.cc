// KLV2 reading and writing (formats/klv2.md).
#include "lexc/interop/klv2.h"

#include <cmath>
#include <cstring>

#include "lexc/builder.h"
#include "lexc/interop/kwg.h"
#include "lexc/io.h"
#include "lexc/wordlist.h"
#include "messages.h"

namespace lexc::interop {
namespace {

using internal::Num;

std::uint32_t Get32(const std::byte* p) {
  std::uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}

void Put32(std::vector<std::byte>& out, std::uint32_t v) {
  const auto at = out.size();
  out.resize(at + 4);
  std::memcpy(out.data() + at, &v, 4);
}

}  // namespace

Result<LeaveTable> DecodeKlv2(std::span<const std::byte> bytes, int letters, std::string_view name) {
  const std::string prefix = std::string(name) + ": ";
  const auto bad = [&](std::uint64_t at, const std::string& what) {
    return Status(Errc::kBadInput, prefix + "offset " + Num(at) + ": " + what);
  };
  if (bytes.size() < 8) return bad(0, "truncated: " + Num(bytes.size()) + " bytes, a KLV2 has at least 8");
  const std::uint64_t arcs = Get32(bytes.data());
  if (arcs == 0) return bad(0, "a KWG of 0 arcs (at least the root entry)");
  if (arcs * 4 + 8 > bytes.size())
    return bad(0, "KWG of " + Num(arcs) + " arcs (" + Num(arcs * 4) + " bytes) runs past the end of the " +
                      Num(bytes.size()) + "-byte file");
  const std::uint64_t at_count = 4 + arcs * 4;
  const std::uint64_t leaves = Get32(bytes.data() + at_count);
  const std::uint64_t rest = bytes.size() - at_count - 4;
  if (rest != leaves * 4) {
    if (rest == leaves * 2) return bad(at_count, "a KLV file (16-bit leave values); only KLV2 (32-bit floats) is read");
    return bad(at_count, Num(leaves) + " leave values need " + Num(leaves * 4) + " bytes, the file has " + Num(rest) +
                             " after the count");
  }
  KwgReadOptions ko;
  ko.letters = letters;
  ko.leaves = true;
  ko.max_len = kMaxLeaveTiles;
  auto kwg = Kwg::Parse(bytes.subspan(4, arcs * 4), ko, std::string(name) + " (leave KWG at offset 4)");
  if (!kwg.ok()) return kwg.status();
  if (kwg->dawg().strings != leaves)
    return bad(at_count,
               "declares " + Num(leaves) + " leave values, the KWG holds " + Num(kwg->dawg().strings) + " leaves");
  // The leaves come in the KWG's word order, which is the table's (tiles
  // in increasing order, a key before its extensions): concatenated as
  // they come, no allocation per leave. (The count was checked against
  // the KWG's words and the file's size above.)
  std::vector<Tile> tiles;
  std::vector<std::uint32_t> starts{0};
  std::vector<float> values;
  // Room for leaves of up to 6 tiles, a rack's (longer ones grow the
  // vector; at most 1.5 times the file's bytes, which hold 4 a leave),
  // each block mapped before it is written.
  tiles.reserve(leaves * 6);
  starts.reserve(leaves + 1);
  values.reserve(leaves);
  lexc::internal::PrepareForWriting(tiles.data(), tiles.capacity());
  lexc::internal::PrepareForWriting(starts.data(), starts.capacity() * sizeof(std::uint32_t));
  lexc::internal::PrepareForWriting(values.data(), values.capacity() * sizeof(float));
  const std::byte* stored = bytes.data() + at_count + 4;
  Status st;
  kwg->ForEachWord([&](std::span<const Tile> w) {
    if (!st.ok()) return;
    const std::size_t i = values.size();
    float v;
    std::memcpy(&v, stored + 4 * i, 4);
    if (!std::isfinite(v)) st = bad(at_count + 4 + 4 * i, "leave " + Num(i) + ": value is not a finite number");
    for (std::size_t j = 1; j < w.size() && st.ok(); ++j)
      if (w[j] < w[j - 1])
        st = Status(Errc::kBadInput,
                    prefix + "leave " + Num(i) + ": tiles not in increasing order (engines look leaves up sorted)");
    tiles.insert(tiles.end(), w.begin(), w.end());
    starts.push_back(static_cast<std::uint32_t>(tiles.size()));
    values.push_back(v);
  });
  if (!st.ok()) return st;
  return LeaveTable::FromSortedKeys(std::move(tiles), std::move(starts), std::move(values), letters);
}

Result<std::vector<std::byte>> EncodeKlv2(const LeaveTable& table) {
  std::vector<std::uint32_t> kwg{KwgArc::Make(0, false, true, 0)};
  if (table.size() > 0) {
    // The keys with every code + 1 (the blank as tile 1), compiled by the
    // image builder over a stand-in alphabet, written back shifted by -1.
    if (table.letters() > 254) return Status(Errc::kLimit, "a leave graph holds at most 254 letters and the blank");
    std::vector<TileInfo> tiles;
    for (int t = 0; t <= table.letters(); ++t) tiles.push_back({"T" + Num(t + 1), "", 0, 0});
    auto stand_in = Alphabet::FromTiles("leaves", std::move(tiles), 0, 0);
    if (!stand_in.ok()) return stand_in.status();
    std::vector<std::vector<Tile>> keys;
    keys.reserve(table.size());
    for (std::size_t i = 0; i < table.size(); ++i) {
      auto& k = keys.emplace_back(table.key(i).begin(), table.key(i).end());
      for (Tile& t : k) ++t;
    }
    BuildOptions bo;
    bo.gaddag = false;
    bo.max_len = kMaxLeaveTiles;
    auto image = BuildImage(WordList::FromUnsorted(std::move(keys)), *stand_in, bo);
    if (!image.ok()) return image.status();
    auto lex = Lexicon::FromBytes(*image);
    if (!lex.ok()) return lex.status();
    KwgWriteOptions wo;
    wo.gaddag = false;
    wo.tile_shift = -1;
    auto arcs = KwgFromLexicon(*lex, wo);
    if (!arcs.ok()) return arcs.status();
    kwg = std::move(arcs).value();
  }
  std::vector<std::byte> out;
  out.reserve(8 + 4 * (kwg.size() + table.size()));
  Put32(out, static_cast<std::uint32_t>(kwg.size()));
  const auto kwg_bytes = KwgBytes(kwg);
  out.insert(out.end(), kwg_bytes.begin(), kwg_bytes.end());
  Put32(out, static_cast<std::uint32_t>(table.size()));
  for (std::size_t i = 0; i < table.size(); ++i) {
    const float v = table.value(i);
    std::uint32_t bits;
    std::memcpy(&bits, &v, 4);
    Put32(out, bits);
  }
  return out;
}

Result<LeaveTable> LoadLeaveTable(const std::string& path, const Alphabet& alphabet) {
  auto bytes = ReadFileBytes(path, kKlv2MaxBytes);
  if (!bytes.ok()) return bytes.status();
  const auto span = std::as_bytes(std::span(bytes->data(), bytes->size()));
  if (IsLeavesFile(span)) {
    auto file = DecodeLeavesFile(span, &alphabet, path);
    if (!file.ok()) return file.status();
    return std::move(file->table);
  }
  return DecodeKlv2(span, alphabet.size(), path);
}

}  // namespace lexc::interop
