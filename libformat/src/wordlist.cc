#include "lexc/wordlist.h"

#include <algorithm>
#include <cassert>
#include <limits>
#include <new>
#include <numeric>

#include "lexc/escape.h"
#include "lexc/io.h"
#include "wordlist_reader.h"

namespace lexc {

using wordlist_internal::Compare;
using wordlist_internal::WordListReader;

WordList WordList::FromUnsorted(std::vector<std::vector<Tile>> words, std::size_t* dups) {
  WordList out;
  std::size_t total = 0;
  for (const auto& w : words) total += w.size();
  out.tiles_.reserve(total);
  out.starts_.reserve(words.size() + 1);
  for (const auto& w : words) out.Append(w);
  const std::size_t d = out.Normalize();
  if (dups) *dups = d;
  return out;
}

void WordList::Append(std::span<const Tile> w) {
  if (w.empty()) return;  // words have at least one tile
  assert(tiles_.size() + w.size() <= std::numeric_limits<std::uint32_t>::max());
  if (starts_.empty()) starts_.push_back(0);
  tiles_.insert(tiles_.end(), w.begin(), w.end());
  starts_.push_back(static_cast<std::uint32_t>(tiles_.size()));
}

std::size_t WordList::Normalize() {
  const std::size_t n = size();
  bool sorted = true, unique = true;
  for (std::size_t i = 1; i < n && sorted; ++i) {
    const int c = Compare(tiles_, (*this)[i - 1], (*this)[i]);
    sorted = c <= 0;
    unique = unique && c != 0;
  }
  if (sorted && unique) return 0;  // the common case: lists are usually shipped sorted

  std::vector<std::uint32_t> order(n);
  std::iota(order.begin(), order.end(), 0u);
  if (!sorted) {
    // Sort by an 8-tile big-endian prefix key first: most comparisons then
    // touch only the key array, not the scattered words.
    struct Key {
      std::uint64_t prefix;
      std::uint32_t index;
    };
    std::vector<Key> keys(n);
    for (std::size_t i = 0; i < n; ++i) {
      const auto w = (*this)[i];
      std::uint64_t k = 0;
      for (std::size_t j = 0; j < 8; ++j) k = k << 8 | (j < w.size() ? w[j] : 0u);
      keys[i] = {k, static_cast<std::uint32_t>(i)};
    }
    std::sort(keys.begin(), keys.end(), [this](const Key& a, const Key& b) {
      if (a.prefix != b.prefix) return a.prefix < b.prefix;
      return Compare(tiles_, (*this)[a.index], (*this)[b.index]) < 0;
    });
    for (std::size_t i = 0; i < n; ++i) order[i] = keys[i].index;
  }

  internal::HugeVector<Tile> tiles;
  internal::HugeVector<std::uint32_t> starts;
  tiles.reserve(tiles_.size());
  starts.reserve(n + 1);
  starts.push_back(0);
  std::size_t dups = 0;
  std::span<const Tile> prev;
  for (std::size_t i = 0; i < n; ++i) {
    const auto w = (*this)[order[i]];
    if (i > 0 && Compare(tiles_, prev, w) == 0) {
      ++dups;
      continue;
    }
    prev = w;
    tiles.insert(tiles.end(), w.begin(), w.end());
    starts.push_back(static_cast<std::uint32_t>(tiles.size()));
  }
  tiles_ = std::move(tiles);
  starts_ = std::move(starts);
  return dups;
}

Result<WordList> ReadWordListFrom(InputStream& in, const Alphabet& alphabet, const ReadOptions& options,
                                  ReadReport* report) {
  ReadReport local;
  ReadReport& rep = report ? *report : local;
  rep = ReadReport{};
  if (options.max_len < 1)
    return Status(Errc::kInvalidArgument, "max-len " + std::to_string(options.max_len) + ", expected >= 1");
  try {
    WordListReader reader(in.name(), alphabet, options, rep, in.size_hint());
    for (;;) {
      auto chunk = in.Next();
      rep.compressed = in.compressed();
      rep.input_bytes = in.bytes_delivered();
      if (!chunk.ok()) return chunk.status();
      if (chunk->empty()) break;
      LEXC_RETURN_IF_ERROR(reader.Feed(*chunk));
      if (options.progress) options.progress(rep.input_bytes, in.size_hint());
    }
    // Word offsets are u32: the read limit (kMaxInputBytes of text) bounds
    // the tiles kept.
    return reader.Finish();
  } catch (const std::bad_alloc&) {
    return Status(Errc::kIo, QuotePath(in.name()) + ": out of memory reading the word list");
  }
}

Result<WordList> ReadWordList(const std::string& path, const Alphabet& alphabet, const ReadOptions& options,
                              ReadReport* report) {
  if (options.threads > 1)
    if (std::optional<Result<WordList>> split = wordlist_internal::ReadSplit(path, alphabet, options, report))
      return std::move(*split);
  auto in = InputStream::Open(path, kMaxInputBytes);
  if (!in.ok()) return in.status();
  return ReadWordListFrom(*in, alphabet, options, report);
}

Result<WordList> ParseWordList(std::string_view bytes, std::string_view name, const Alphabet& alphabet,
                               const ReadOptions& options, ReadReport* report) {
  InputStream in = InputStream::FromBytes(bytes, std::string(name), kMaxInputBytes);
  return ReadWordListFrom(in, alphabet, options, report);
}

}  // namespace lexc
