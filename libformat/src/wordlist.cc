#include "lexc/wordlist.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <limits>
#include <new>
#include <numeric>

#include "lexc/io.h"
#include "utf8.h"

namespace lexc {
namespace {

// Word offsets are u32, so the limit of every read (kMaxInputBytes) holds.
Status TooBig(std::string_view name) { return Status(Errc::kLimit, std::string(name) + ": word list text over 4 GiB"); }

bool IsBlank(unsigned char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

// Why tokenizing stopped at word[bad]; the line's text is quoted by the caller.
std::string Reason(std::string_view word, std::size_t bad, std::size_t column, const Alphabet& alphabet) {
  const auto c = static_cast<unsigned char>(word[bad]);
  const std::string at = " at byte " + std::to_string(column);
  if (c == 0) return "NUL byte" + at + " (UTF-16 or binary input?)";
  if (IsBlank(c)) return "more than one word on the line";
  char32_t cp;
  if (utf8::Decode(word, bad, &cp) == 0) return "invalid UTF-8" + at;
  std::string r = "character " + utf8::CharAt(word, bad) + at + " is not in the alphabet";
  if (!alphabet.name().empty()) r += " \"" + alphabet.name() + "\"";
  return r;
}

// Orders words a and b, which both lie inside tiles[0, tiles.size()).
// Words are short and neighbours share prefixes, so a byte loop (or memcmp
// call) pays a mispredicted exit per pair; compare 8 tiles per step instead,
// reading past a word's end (masked off) only while inside the array.
inline int Compare(std::span<const Tile> tiles, std::span<const Tile> a, std::span<const Tile> b) {
  const std::size_t n = std::min(a.size(), b.size());
  std::size_t i = 0;
  if constexpr (std::endian::native == std::endian::little) {
    const Tile* end = tiles.data() + tiles.size();
    for (; i < n && a.data() + i + 8 <= end && b.data() + i + 8 <= end; i += 8) {
      std::uint64_t x, y;
      std::memcpy(&x, a.data() + i, 8);
      std::memcpy(&y, b.data() + i, 8);
      const std::size_t k = std::min<std::size_t>(n - i, 8);  // >= 1
      const std::uint64_t mask = ~std::uint64_t{0} >> (64 - 8 * k);
      x &= mask;
      y &= mask;
      if (x != y) return __builtin_bswap64(x) < __builtin_bswap64(y) ? -1 : 1;
    }
  }
  for (; i < n; ++i)
    if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
  return a.size() < b.size() ? -1 : a.size() > b.size() ? 1 : 0;
}

}  // namespace

// ParseWordList's access to the flat arrays (declared a friend of WordList).
class WordListReader {
 public:
  static std::vector<Tile>& tiles(WordList& list) { return list.tiles_; }
  static std::vector<std::uint32_t>& starts(WordList& list) { return list.starts_; }
};

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

  std::vector<Tile> tiles;
  std::vector<std::uint32_t> starts;
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

Result<WordList> ReadWordList(const std::string& path, const Alphabet& alphabet, const ReadOptions& options,
                              ReadReport* report) {
  auto raw = ReadFileBytes(path, kMaxInputBytes);
  if (!raw.ok()) return raw.status();
  return ParseWordList(*raw, path == "-" ? "<stdin>" : path, alphabet, options, report);
}

Result<WordList> ParseWordList(std::string_view bytes, std::string_view name, const Alphabet& alphabet,
                               const ReadOptions& options, ReadReport* report) {
  ReadReport local;
  ReadReport& rep = report ? *report : local;
  rep = ReadReport{};
  if (options.max_len < 1)
    return Status(Errc::kInvalidArgument, "max-len " + std::to_string(options.max_len) + ", expected >= 1");
  try {
    std::string inflated;
    if (IsZstdFrame(bytes)) {
      auto d = DecompressZstd(bytes, name, kMaxInputBytes);
      if (!d.ok()) return d.status();
      inflated = std::move(d).value();
      bytes = inflated;
      rep.compressed = true;
    }
    rep.input_bytes = bytes.size();
    if (bytes.size() > kMaxInputBytes) return TooBig(name);
    if (bytes.substr(0, 3) == "\xEF\xBB\xBF") bytes.remove_prefix(3);

    const auto max_len = static_cast<std::size_t>(options.max_len);
    const auto max_reported = static_cast<std::size_t>(std::max(options.max_reported, 0));
    // Words are tokenized straight into the list's flat arrays; tiles never
    // outnumber input bytes, so the tile array never reallocates.
    WordList list;
    std::vector<Tile>& tiles = WordListReader::tiles(list);
    std::vector<std::uint32_t>& starts = WordListReader::starts(list);
    tiles.reserve(bytes.size());
    starts.reserve(bytes.size() / 8 + 2);
    starts.push_back(0);
    std::uint64_t line_no = 0;
    const char* p = bytes.data();
    const char* const end = p + bytes.size();
    while (p < end) {
      ++line_no;
      const char* nl = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p)));
      const char* line_end = nl ? nl : end;
      const std::string_view line(p, static_cast<std::size_t>(line_end - p));
      p = nl ? nl + 1 : end;

      std::size_t b = 0, e = line.size();
      while (b < e && IsBlank(static_cast<unsigned char>(line[b]))) ++b;
      while (e > b && IsBlank(static_cast<unsigned char>(line[e - 1]))) --e;
      if (b == e || line[b] == '#') continue;
      const std::string_view text = line.substr(b, e - b);

      const std::size_t base = tiles.size();
      std::size_t bad = 0;
      std::string reason;
      bool too_long = false;
      if (!alphabet.Tokenize(text, &tiles, &bad)) {
        reason = Reason(text, bad, b + bad + 1, alphabet);
      } else if (tiles.size() - base > max_len) {
        too_long = true;
        reason = "word has " + std::to_string(tiles.size() - base) + " tiles, over max-len " + std::to_string(max_len);
      }
      if (!reason.empty()) {
        tiles.resize(base);
        auto message = [&] {
          return std::string(name) + ":" + std::to_string(line_no) + ": " + reason + ": " + QuoteText(text);
        };
        if (!options.skip_invalid) return Status(Errc::kBadInput, message());
        ++(too_long ? rep.skipped_long : rep.skipped_invalid);
        if (rep.examples.size() < max_reported) rep.examples.push_back(message());
        continue;
      }
      starts.push_back(static_cast<std::uint32_t>(tiles.size()));
    }
    if (starts.size() == 1) starts.clear();  // as an empty WordList()
    rep.lines = line_no;
    rep.words = list.size();
    rep.duplicates = list.Normalize();
    return list;
  } catch (const std::bad_alloc&) {
    return Status(Errc::kIo, std::string(name) + ": out of memory reading the word list");
  }
}

}  // namespace lexc
