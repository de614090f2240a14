// ReadWordList on several threads (ReadOptions::threads): a plain regular
// file cut at line ends into runs, one WordListReader per run, their sorted
// lists merged. Everything that could make the result differ from one
// reader's over the whole file sends the caller back to that reader:
// anything but a plain regular file, a cut with no line end near it, a read
// error or short read, any error a run reports (its message and line would be
// the run's), and more distinct words than the limit.
#include <atomic>
#include <exception>
#include <optional>
#include <thread>

#include "wordlist_reader.h"

namespace lexc {
namespace wordlist_internal {
namespace {

constexpr int kMaxRuns = 16;
constexpr std::size_t kChunkBytes = 1 << 20;  // what one pread hands a reader
constexpr std::size_t kCutWindow = 64 << 10;  // a cut looks this far for a line end

struct Run {
  std::uint64_t begin = 0, end = 0;
  ReadReport report;
  std::vector<std::pair<std::uint64_t, std::string>> examples;  // the reader's run_examples()
  std::optional<WordList> list;                                 // empty: the run failed
};

// Parses run r of the file into runs[r]. Run 0 calls the progress callback
// with every run's bytes so far.
void ReadRun(const FileAtOffsets& file, const std::string& path, const Alphabet& alphabet, const ReadOptions& options,
             std::size_t r, std::vector<Run>& runs, std::atomic<std::uint64_t>& done, std::uint64_t size) {
  Run& run = runs[r];
  try {
    // Run 0's list is the merged list's start: room for the whole file, so
    // that the later runs of a sorted file are appended in place.
    WordListReader reader(path, alphabet, options, run.report, r == 0 ? size : run.end - run.begin);
    if (r > 0) reader.StartAfterLineEnd();
    std::vector<char> buf(static_cast<std::size_t>(std::min<std::uint64_t>(kChunkBytes, run.end - run.begin)));
    for (std::uint64_t at = run.begin; at < run.end;) {
      const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(buf.size(), run.end - at));
      if (!file.ReadAt(at, buf.data(), n)) return;
      if (!reader.Feed(std::string_view(buf.data(), n)).ok()) return;
      at += n;
      const std::uint64_t all = done.fetch_add(n, std::memory_order_relaxed) + n;
      if (r == 0 && options.progress) options.progress(all, size);
    }
    Result<WordList> list = reader.Finish();
    if (!list.ok()) return;
    run.examples = reader.run_examples();
    run.list.emplace(std::move(list).value());
  } catch (const std::exception&) {  // out of memory: the one-thread read reports it
    run.list.reset();
  }
}

// Where the run that begins near `target` begins: after the first line end
// at or past target, or 0 when there is none within kCutWindow.
std::uint64_t CutAt(const FileAtOffsets& file, std::uint64_t target) {
  std::vector<char> window(static_cast<std::size_t>(std::min<std::uint64_t>(kCutWindow, file.size() - target)));
  if (!file.ReadAt(target, window.data(), window.size())) return 0;
  const void* nl = std::memchr(window.data(), '\n', window.size());
  if (nl == nullptr) return 0;
  return target + static_cast<std::uint64_t>(static_cast<const char*>(nl) - window.data()) + 1;
}

// Word a against word b (tile strings in different arrays): <0, 0, >0.
int CompareWords(std::span<const Tile> a, std::span<const Tile> b) {
  const std::size_t n = std::min(a.size(), b.size());
  if (const int c = n ? std::memcmp(a.data(), b.data(), n) : 0; c != 0) return c;
  return a.size() < b.size() ? -1 : a.size() > b.size() ? 1 : 0;
}

// The first index k in [from, list.size()) with list[k] >= w (or list.size()),
// given list[from] < w: galloping, then a binary search, so that a long
// stretch of one list below the other's head costs O(log) comparisons.
std::size_t FirstNotBelow(const WordList& list, std::size_t from, std::span<const Tile> w) {
  std::size_t lo = from, step = 1;  // list[lo] < w
  std::size_t hi = from + step;
  while (hi < list.size() && CompareWords(list[hi], w) < 0) {
    lo = hi;
    step *= 2;
    hi = from + step;
  }
  hi = std::min(hi, list.size());  // list[hi] >= w, or hi is the end
  while (hi - lo > 1) {
    const std::size_t mid = lo + (hi - lo) / 2;
    (CompareWords(list[mid], w) < 0 ? lo : hi) = mid;
  }
  return hi;
}

}  // namespace

void WordListReader::AppendWords(WordList* out, const WordList& list, std::size_t from, std::size_t to) {
  if (from >= to) return;
  if (out->starts_.empty()) out->starts_.push_back(0);
  const std::uint32_t begin = list.starts_[from], end = list.starts_[to];
  const auto shift = static_cast<std::uint32_t>(out->tiles_.size()) - begin;  // modulo 2^32: offsets stay in range
  out->tiles_.insert(out->tiles_.end(), list.tiles_.begin() + begin, list.tiles_.begin() + end);
  for (std::size_t i = from + 1; i <= to; ++i) out->starts_.push_back(list.starts_[i] + shift);
}

WordList WordListReader::MergeSorted(std::vector<WordList>& lists) {
  WordList out;
  for (WordList& l : lists) {
    if (l.size() == 0) continue;
    if (out.size() == 0) {
      out = std::move(l);
      continue;
    }
    if (CompareWords(out[out.size() - 1], l[0]) < 0) {  // all above: appended (in the room reserved)
      AppendWords(&out, l, 0, l.size());
      continue;
    }
    // Two sorted, duplicate-free lists: take the stretch of one that lies
    // below the other's head at once (a sorted file's runs: one stretch
    // each), a word in both once.
    WordList merged;
    merged.tiles_.reserve(out.total_tiles() + l.total_tiles());
    merged.starts_.reserve(out.size() + l.size() + 1);
    merged.starts_.push_back(0);
    std::size_t i = 0, j = 0;
    while (i < out.size() && j < l.size()) {
      const int c = CompareWords(out[i], l[j]);
      if (c == 0) {
        AppendWords(&merged, out, i, i + 1);
        ++i, ++j;
      } else if (c < 0) {
        const std::size_t k = FirstNotBelow(out, i, l[j]);
        AppendWords(&merged, out, i, k);
        i = k;
      } else {
        const std::size_t k = FirstNotBelow(l, j, out[i]);
        AppendWords(&merged, l, j, k);
        j = k;
      }
    }
    AppendWords(&merged, out, i, out.size());
    AppendWords(&merged, l, j, l.size());
    out = std::move(merged);
  }
  return out;
}

std::optional<Result<WordList>> ReadSplit(const std::string& path, const Alphabet& alphabet, const ReadOptions& options,
                                          ReadReport* report) {
  if (options.threads < 2 || path == "-" || options.max_len < 1) return std::nullopt;
  const std::optional<FileAtOffsets> file = FileAtOffsets::Open(path);
  if (!file) return std::nullopt;
  const std::uint64_t size = file->size();
  if (size > kMaxInputBytes) return std::nullopt;
  const std::uint64_t parts =
      std::min<std::uint64_t>({static_cast<std::uint64_t>(options.threads),
                               size / std::max<std::uint64_t>(options.min_run_bytes, 1), kMaxRuns});
  if (parts < 2) return std::nullopt;
  char magic[4];
  if (!file->ReadAt(0, magic, sizeof magic) || IsZstdFrame(std::string_view(magic, sizeof magic))) return std::nullopt;

  std::vector<Run> runs(static_cast<std::size_t>(parts));
  for (std::size_t r = 1; r < runs.size(); ++r) {
    const std::uint64_t cut = CutAt(*file, size * r / parts);
    if (cut <= runs[r - 1].begin || cut >= size) return std::nullopt;
    runs[r - 1].end = runs[r].begin = cut;
  }
  runs.back().end = size;

  std::atomic<std::uint64_t> done{0};
  try {
    std::vector<std::jthread> threads;
    for (std::size_t r = 1; r < runs.size(); ++r)
      threads.emplace_back([&, r] { ReadRun(*file, path, alphabet, options, r, runs, done, size); });
    ReadRun(*file, path, alphabet, options, 0, runs, done, size);
  } catch (const std::exception&) {  // no thread to be had: one thread reads it all
    return std::nullopt;
  }

  ReadReport local;
  ReadReport& rep = report ? *report : local;
  rep = ReadReport{};
  std::vector<WordList> lists;
  lists.reserve(runs.size());
  std::uint64_t lines_before = 0;
  const std::size_t max_reported = static_cast<std::size_t>(std::max(options.max_reported, 0));
  for (Run& run : runs) {
    if (!run.list) return std::nullopt;
    rep.words += run.report.words;
    rep.skipped_invalid += run.report.skipped_invalid;
    rep.skipped_long += run.report.skipped_long;
    rep.not_in_alphabet = rep.not_in_alphabet || run.report.not_in_alphabet;
    for (std::string& e : run.report.examples)
      if (rep.examples.size() < max_reported) rep.examples.push_back(std::move(e));
    for (const auto& [line, text] : run.examples)
      if (rep.examples.size() < max_reported)
        rep.examples.push_back(QuotePath(path) + ":" + std::to_string(lines_before + line) + ": " + text);
    lines_before += run.report.lines;
    lists.push_back(std::move(*run.list));
    run.list.reset();
  }
  WordList merged = WordListReader::MergeSorted(lists);
  lists.clear();
  if (options.max_words != 0 && merged.size() > options.max_words) return std::nullopt;
  rep.lines = lines_before;
  rep.runs = static_cast<int>(runs.size());
  rep.input_bytes = size;
  rep.duplicates = rep.words - merged.size();
  return Result<WordList>(std::move(merged));
}

}  // namespace wordlist_internal
}  // namespace lexc
