// lexc::interop leave tables: KLV2 written and read back by an independent
// reader (the KWG walker of interop_support.h plus the spec's layout), a
// KLV2 written by wolges read against the CSV it was made from, lexc's leave
// table file both ways, rack look-ups, and damaged files.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <fstream>
#include <map>
#include <random>
#include <sstream>

#include "interop_support.h"
#include "lexc/interop/klv2.h"
#include "lexc/interop/leave_table.h"
#include "lexc/io.h"

namespace lexc::interop::test {
namespace {

using Model = std::map<Word, float, lexc::test::WordLess>;

Model RandomModel(std::mt19937_64& rng, int count, int letters) {
  Model m;
  while (static_cast<int>(m.size()) < count) {
    Word k(1 + rng() % 6);
    for (Tile& t : k) t = static_cast<Tile>(rng() % (letters + 1));  // 0: the blank
    std::sort(k.begin(), k.end());
    m[k] = static_cast<float>(static_cast<int>(rng() % 6001) - 3000) / 100.0f;
  }
  return m;
}

LeaveTable TableOf(const Model& m, int letters) {
  std::vector<LeaveEntry> entries;
  for (const auto& [k, v] : m) entries.push_back({k, v});
  std::shuffle(entries.begin(), entries.end(), std::mt19937_64(3));  // order does not matter
  auto t = LeaveTable::FromEntries(std::move(entries), letters);
  INFO(t.status().ToString());
  REQUIRE(t.ok());
  return std::move(t).value();
}

// The spec's layout read here: u32 K, K arc words, u32 L, L floats; value i
// belongs to the DAWG's i-th word.
Model ReadKlv2Independently(const std::vector<std::byte>& bytes) {
  const auto words = DecodeWords(bytes);
  REQUIRE(words.size() >= 2);
  const std::uint32_t k = words[0];
  REQUIRE(words.size() == 2 + k + words[1 + k]);
  const std::vector<std::uint32_t> kwg(words.begin() + 1, words.begin() + 1 + k);
  const auto leaves = KwgStrings(kwg, kwg[0] & 0x3FFFFFu);
  REQUIRE(leaves.size() == words[1 + k]);
  Model m;
  for (std::size_t i = 0; i < leaves.size(); ++i) {
    float v;
    std::memcpy(&v, &words[2 + k + i], 4);
    m[leaves[i]] = v;
  }
  return m;
}

Model TableModel(const LeaveTable& t) {
  Model m;
  for (std::size_t i = 0; i < t.size(); ++i) m[Word(t.key(i).begin(), t.key(i).end())] = t.value(i);
  return m;
}

TEST_CASE("KLV2 written from a table reads back exactly, independently and through the library") {
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    std::mt19937_64 rng(seed);
    const Model m = RandomModel(rng, 400, 26);
    const LeaveTable t = TableOf(m, 26);
    auto klv = EncodeKlv2(t);
    INFO(klv.status().ToString());
    REQUIRE(klv.ok());
    CHECK(ReadKlv2Independently(*klv) == m);
    auto back = DecodeKlv2(*klv, 26, "t.klv2");
    INFO(back.status().ToString());
    REQUIRE(back.ok());
    CHECK(TableModel(*back) == m);
    auto again = EncodeKlv2(*back);
    REQUIRE(again.ok());
    CHECK(*again == *klv);  // the same table gives the same bytes
  }
  auto empty = LeaveTable::FromEntries({}, 26);
  REQUIRE(empty.ok());
  auto klv = EncodeKlv2(*empty);
  REQUIRE(klv.ok());
  CHECK(klv->size() == 12);  // wolges's empty KLV2: one root entry, no values
  auto back = DecodeKlv2(*klv, 26, "empty.klv2");
  REQUIRE(back.ok());
  CHECK(back->size() == 0);
}

TEST_CASE("a KLV2 written by wolges holds the leaves of the CSV it was made from") {
  std::ifstream csv(lexc::test::SourcePath("fixtures/interop/leaves-small.csv"));
  Model want;
  std::string line;
  while (std::getline(csv, line)) {
    const auto comma = line.find(',');
    Word k;
    for (char c : line.substr(0, comma)) k.push_back(c == '?' ? 0 : static_cast<Tile>(c - 'A' + 1));
    std::sort(k.begin(), k.end());
    want[k] = std::stof(line.substr(comma + 1));
  }
  REQUIRE(want.size() == 300);
  auto bytes = ReadFileBytes(lexc::test::SourcePath("fixtures/interop/leaves-small.wolges.klv2"));
  REQUIRE(bytes.ok());
  const auto span = std::as_bytes(std::span(bytes->data(), bytes->size()));
  CHECK(ReadKlv2Independently(std::vector<std::byte>(span.begin(), span.end())) == want);
  auto t = DecodeKlv2(span, 26, "wolges.klv2");
  INFO(t.status().ToString());
  REQUIRE(t.ok());
  CHECK(TableModel(*t) == want);
  // Ours for the same table is no larger than wolges's.
  auto ours = EncodeKlv2(*t);
  REQUIRE(ours.ok());
  CHECK(ours->size() <= bytes->size());
}

TEST_CASE("lexc's leave table file round-trips and refuses damage") {
  std::mt19937_64 rng(9);
  const Model m = RandomModel(rng, 200, 26);
  const LeaveTable t = TableOf(m, 26);
  const Alphabet a = Alphabet::English();
  auto file = EncodeLeavesFile(t, a);
  REQUIRE(file.ok());
  CHECK(IsLeavesFile(*file));
  auto back = DecodeLeavesFile(*file, &a, "t.leaves");
  INFO(back.status().ToString());
  REQUIRE(back.ok());
  CHECK(TableModel(back->table) == m);
  CHECK(back->labels.size() == 26);
  CHECK(back->labels[0] == "A");

  auto damaged = *file;
  damaged[40] ^= std::byte{1};
  lexc::test::CheckError(DecodeLeavesFile(damaged, &a, "t.leaves").status(), Errc::kBadInput, "checksum");
  damaged = *file;
  damaged[8] = std::byte{2};
  lexc::test::CheckError(DecodeLeavesFile(damaged, &a, "t.leaves").status(), Errc::kBadVersion, "expected 1, got 2");
  lexc::test::CheckError(DecodeLeavesFile(std::span(*file).first(20), &a, "t.leaves").status(), Errc::kBadInput,
                         "truncated");
  auto spanish = Alphabet::LoadFile(lexc::test::SourcePath("formats/alphabets/spanish.txt"));
  REQUIRE(spanish.ok());
  lexc::test::CheckError(DecodeLeavesFile(*file, &*spanish, "t.leaves").status(), Errc::kBadInput, "26 letters");
}

TEST_CASE("leave values of racks; blanks are tile 0 and come first") {
  const Alphabet a = Alphabet::English();
  auto t = LeaveTable::FromEntries({{{0, 5, 9, 18}, 12.5f}, {{19}, 8.0f}, {{5, 5}, -3.0f}}, 26);
  REQUIRE(t.ok());
  CHECK(t->Value(Rack::Parse(a, "RIE?").value()) == 12.5f);
  CHECK(t->Value(Rack::Parse(a, "S").value()) == 8.0f);
  CHECK(t->Value(Rack::Parse(a, "EE").value()) == -3.0f);
  CHECK(t->Value(Rack::Parse(a, "Q").value()) == 0.0f);  // unlisted: 0
  CHECK(t->Value(Rack::Parse(a, "").value()) == 0.0f);
  CHECK(LeaveTable::KeyText(t->key(0), a) == "?EIR");
  lexc::test::CheckError(LeaveTable::FromEntries({{{5, 1}, 1.0f}}, 26).status(), Errc::kInvalidArgument,
                         "increasing order");
  lexc::test::CheckError(LeaveTable::FromEntries({{{1}, 1.0f}, {{1}, 2.0f}}, 26).status(), Errc::kInvalidArgument,
                         "twice");
  lexc::test::CheckError(LeaveTable::FromEntries({{{1}, NAN}}, 26).status(), Errc::kInvalidArgument, "finite");
}

TEST_CASE("damaged and hostile KLV2 files are refused with the offset") {
  std::mt19937_64 rng(2);
  const LeaveTable t = TableOf(RandomModel(rng, 50, 26), 26);
  const auto good = EncodeKlv2(t).value();
  auto with_word = [&](std::size_t word, std::uint32_t v) {
    auto b = good;
    std::memcpy(b.data() + 4 * word, &v, 4);
    return b;
  };
  std::uint32_t k;
  std::memcpy(&k, good.data(), 4);
  lexc::test::CheckError(DecodeKlv2(std::span(good).first(6), 26, "t").status(), Errc::kBadInput, "truncated");
  lexc::test::CheckError(DecodeKlv2(with_word(0, 1u << 30), 26, "t").status(), Errc::kBadInput, "runs past the end");
  lexc::test::CheckError(DecodeKlv2(with_word(1 + k, 49), 26, "t").status(), Errc::kBadInput, "offset");
  lexc::test::CheckError(DecodeKlv2(with_word(2 + k, 0x7FC00000u), 26, "t").status(), Errc::kBadInput,
                         "leave 0: value is not a finite number");
  // A 16-bit KLV (v1) is named as such.
  std::vector<std::byte> v1(4 * (2 + std::size_t(k)) + 2 * t.size(), std::byte{0});
  std::memcpy(v1.data(), good.data(), 4 * (2 + std::size_t(k)));
  lexc::test::CheckError(DecodeKlv2(v1, 26, "t").status(), Errc::kBadInput, "16-bit");
  // A leave whose tiles are not sorted: engines would never find it.
  const std::vector<std::uint32_t> kwg = {0x00400001u, (2u << 24) | 0x00400002u, (1u << 24) | 0x00C00000u};
  std::vector<std::uint32_t> words = {3};
  words.insert(words.end(), kwg.begin(), kwg.end());
  words.push_back(1);
  words.push_back(0);
  lexc::test::CheckError(DecodeKlv2(EncodeWords(words), 26, "t").status(), Errc::kBadInput, "increasing order");
  // Random flips never crash.
  for (int round = 0; round < 1000; ++round) {
    auto b = good;
    b[rng() % b.size()] ^= static_cast<std::byte>(1u << (rng() % 8));
    auto r = DecodeKlv2(b, 26, "t");
    if (!r.ok()) CHECK((r.status().code() == Errc::kBadInput || r.status().code() == Errc::kInvalidArgument));
  }
}

TEST_CASE("LoadLeaveTable reads either file, told apart by content") {
  std::mt19937_64 rng(4);
  const Model m = RandomModel(rng, 80, 26);
  const LeaveTable t = TableOf(m, 26);
  const Alphabet a = Alphabet::English();
  lexc::test::TempDir dir;
  const std::string klv = (dir.path() / "t.klv2").string(), leaves = (dir.path() / "t.leaves").string();
  REQUIRE(WriteFileAtomic(klv, EncodeKlv2(t).value()).ok());
  REQUIRE(WriteFileAtomic(leaves, EncodeLeavesFile(t, a).value()).ok());
  for (const std::string& path : {klv, leaves}) {
    INFO(path);
    auto got = LoadLeaveTable(path, a);
    INFO(got.status().ToString());
    REQUIRE(got.ok());
    CHECK(TableModel(*got) == m);
  }
  lexc::test::CheckError(LoadLeaveTable((dir.path() / "missing").string(), a).status(), Errc::kIo, "missing");
}

}  // namespace
}  // namespace lexc::interop::test

namespace lexc::interop::test {
namespace {

TEST_CASE("FromSortedKeys: a table from keys in order equals the model; keys out of order or damaged are refused") {
  std::mt19937_64 rng(11);
  for (int round = 0; round < 20; ++round) {
    const int letters = 1 + static_cast<int>(rng() % 30);
    const Model m = RandomModel(rng, 1 + static_cast<int>(rng() % 300), letters);
    std::vector<Tile> tiles;
    std::vector<std::uint32_t> starts{0};
    std::vector<float> values;
    for (const auto& [k, v] : m) {  // the map's order is the table's (WordLess)
      tiles.insert(tiles.end(), k.begin(), k.end());
      starts.push_back(static_cast<std::uint32_t>(tiles.size()));
      values.push_back(v);
    }
    auto t = LeaveTable::FromSortedKeys(tiles, starts, values, letters);
    INFO(t.status().ToString());
    REQUIRE(t.ok());
    CHECK(TableModel(*t) == m);
    CHECK(t->size() == m.size());
    for (const auto& [k, v] : m) CHECK(t->Find(k).has_value());
    if (m.size() < 2) continue;
    // Two neighbours swapped, or one key given twice: not after the previous.
    std::vector<std::vector<Tile>> keys;
    for (const auto& kv : m) keys.push_back(kv.first);
    const std::size_t i = rng() % (keys.size() - 1);
    for (int damage = 0; damage < 2; ++damage) {
      std::vector<std::vector<Tile>> bad = keys;
      if (damage == 0)
        std::swap(bad[i], bad[i + 1]);
      else
        bad[i + 1] = bad[i];
      std::vector<Tile> bt;
      std::vector<std::uint32_t> bs{0};
      for (const auto& k : bad) {
        bt.insert(bt.end(), k.begin(), k.end());
        bs.push_back(static_cast<std::uint32_t>(bt.size()));
      }
      const auto r = LeaveTable::FromSortedKeys(bt, bs, values, letters);
      REQUIRE_FALSE(r.ok());
      CHECK(r.status().code() == Errc::kInvalidArgument);
      CHECK_THAT(r.status().detail(), Catch::Contains("not after the previous leave"));
    }
  }
  const auto fails = [](std::vector<Tile> tiles, std::vector<std::uint32_t> starts, std::vector<float> values,
                        int letters, const char* why) {
    const auto r = LeaveTable::FromSortedKeys(std::move(tiles), std::move(starts), std::move(values), letters);
    REQUIRE_FALSE(r.ok());
    CHECK_THAT(r.status().detail(), Catch::Contains(why));
  };
  fails({1, 2}, {0, 2}, {1.0f, 2.0f}, 5, "starts for 2 values");          // a start short
  fails({1, 2}, {0, 3}, {1.0f}, 5, "starts for 1 values");                // past the tiles
  fails({2, 1}, {0, 2}, {1.0f}, 5, "tiles not in increasing order");      // a key unsorted
  fails({7}, {0, 1}, {1.0f}, 5, "tile 7 outside 0..5");                   // out of range
  fails({1}, {0, 1}, {std::nanf("")}, 5, "not a finite number");          // NaN
  fails({1, 2}, {0, 0, 2}, {1.0f, 2.0f}, 5, "0 tiles");                   // an empty key
  fails({1, 2, 3}, {0, 2, 1, 3}, {1.0f, 2.0f, 3.0f}, 5, "outside 2..3");  // starts going back
  fails({1, 2}, {0, 5, 2}, {1.0f, 2.0f}, 5, "end at 5, outside 0..2");    // a start past the tiles
  fails({1, 2}, {0, 4000000000u, 2}, {1.0f, 2.0f}, 5, "outside 0..2");
}

}  // namespace
}  // namespace lexc::interop::test
