// KWG reading and checking (formats/kwg.md, "Validation").
#include "lexc/interop/kwg.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "lexc/io.h"
#include "lexc/run_beside.h"
#include "lexc/zeroed_array.h"
#include "messages.h"

namespace lexc::interop {
namespace {

using internal::Num;

// "arc 1234 (offset 4936)"
std::string At(std::uint32_t i) { return "arc " + Num(i) + " (offset " + Num(std::uint64_t(i) * 4) + ")"; }

// One graph's check: an iterative depth-first walk over lists. A frame scans
// its list forward from the node's first arc, checking each arc and
// descending into children not yet done, until the list's end or a slot
// already done (a tail shared with a list checked before); it then folds the
// scanned slots backwards: strings (accepted strings from this slot to the
// end of its list) and depth. Slots being scanned are gray: a child list
// starting at a gray slot closes a cycle.
class GraphCheck {
 public:
  GraphCheck(std::span<const std::uint32_t> arcs, std::uint32_t first, std::string prefix)
      : arcs_(arcs), first_(first), prefix_(std::move(prefix)) {}

  // Walks from `root` (0: empty). `separators`: tile 0 is a GADDAG
  // separator; `tile0_letter`: tile 0 is a letter (a KLV2 blank).
  Status Run(std::uint32_t root, bool separators, bool tile0_letter, int letters, int max_depth, KwgGraphInfo* info,
             std::uint8_t* reach) {
    const std::uint32_t n = static_cast<std::uint32_t>(arcs_.size());
    // Zeroed lazily by the system (zeroed_array.h), so only the pages this
    // graph touches cost anything (the DAWG's check touches a sixth of a
    // SOWPODS KWG's slots).
    try {
      slot_ = ZeroedArray<Slot>(n);
    } catch (const std::bad_alloc&) {
      return Status(Errc::kLimit, prefix_ + "out of memory checking " + Num(n) + " arcs");
    }
    Slot* const slot = slot_.data();
    const std::uint32_t* const arcs = arcs_.data();
    info->root = root;
    if (root == 0) return Status::Ok();
    if (!InRange(root)) return TargetError(root, "root list");
    slot[root].bits |= kNode;
    info->nodes = 1;
    struct Frame {
      std::uint32_t start, cur;
      bool resumed;  // cur's child is done: go on from cur's end bit
    };
    std::vector<Frame> stack{{root, root, false}};
    while (!stack.empty()) {
      Frame& f = stack.back();
      std::uint32_t i = f.cur;
      std::uint32_t last = 0;  // the last slot this frame scanned, once the scan stops
      bool descend = false;
      if (i == f.start && !f.resumed) PrefetchChildren(arcs, slot, i, n);
      for (;;) {
        const std::uint32_t w = arcs[i];
        if (!f.resumed) {
          const std::uint64_t color = slot[i].bits & kColor;
          if (color == kDone) {  // a tail checked before
            last = i - 1;
            break;
          }
          if (color == kGray) return Fail(i, "its sibling list leads back to it (a cycle)");
          slot[i].bits |= kGray;
          const Tile t = KwgArc::tile(w);
          if (t > letters) return Fail(i, "tile " + Num(t) + " outside the alphabet's 1.." + Num(letters));
          if (t == 0 && !tile0_letter) {
            if (!separators) return Fail(i, "tile 0 (the GADDAG separator) in a DAWG");
            if (KwgArc::accepts(w)) return Fail(i, "a separator arc accepts");
            if (KwgArc::index(w) == 0) return Fail(i, "a separator arc leads nowhere");
          }
          const std::uint32_t c = KwgArc::index(w);
          if (c == 0 && !KwgArc::accepts(w)) return Fail(i, "leads nowhere and accepts nothing (a dead end)");
          if (!KwgArc::is_end(w)) {
            if (i + 1 >= n) return Fail(i, "its sibling list runs past the last arc");
            if (KwgArc::tile(arcs[i + 1]) <= t)
              return Fail(i + 1, "tile " + Num(KwgArc::tile(arcs[i + 1])) + " after tile " + Num(t) +
                                     ": a sibling list's tiles must increase");
          }
          if (c != 0) {
            if (!InRange(c)) return TargetError(c, At(i) + ": child");
            info->nodes += (slot[c].bits & kNode) ? 0 : 1;
            slot[c].bits |= kNode;
            const std::uint64_t cc = slot[c].bits & kColor;
            if (cc == kGray) return Fail(i, "its child list " + Num(c) + " leads back to it (a cycle)");
            if (cc == 0) {
              f.cur = i;
              f.resumed = true;
              descend = true;
              break;
            }
          }
        }
        f.resumed = false;
        if (KwgArc::is_end(w)) {
          last = i;
          break;
        }
        ++i;
      }
      if (descend) {
        const std::uint32_t c = KwgArc::index(arcs[f.cur]);
        stack.push_back({c, c, false});
        continue;
      }
      // Fold the scanned slots, last to first.
      for (std::uint32_t j = last + 1; j-- > f.start;) {
        const std::uint32_t w = arcs[j];
        const std::uint32_t c = KwgArc::index(w);
        std::uint64_t s = KwgArc::accepts(w) ? 1 : 0;
        std::uint64_t d = 1;
        if (c != 0) {
          s = Add(s, Strings(slot[c]));
          d = 1u + Depth(slot[c]);
        }
        if (!KwgArc::is_end(w)) {
          s = Add(s, Strings(slot[j + 1]));
          d = std::max(d, Depth(slot[j + 1]));
        }
        if (d > static_cast<std::uint64_t>(max_depth))
          return Fail(j, "a path of " + Num(d) + " arcs or more, over the limit of " + Num(max_depth));
        slot[j].bits = s | d << kDepthShift | (slot[j].bits & kNode) | kDone;
        // Both graphs' checks may mark a slot (on two threads): a relaxed
        // atomic store, a plain byte store on x86 and ARM.
        std::atomic_ref<std::uint8_t>(reach[j]).store(1, std::memory_order_relaxed);
      }
      info->arcs += last + 1 - f.start;
      stack.pop_back();
    }
    info->strings = Strings(slot[root]);
    info->longest_path = static_cast<std::uint32_t>(Depth(slot[root]));
    return Status::Ok();
  }

 private:
  // Saturating at kMaxStrings (an unreal count that no limit lets pass).
  static std::uint64_t Add(std::uint64_t a, std::uint64_t b) { return std::min(a + b, kMaxStrings); }

  [[gnu::cold, gnu::noinline]] Status Fail(std::uint32_t i, const std::string& what) const {
    return Status(Errc::kBadInput, prefix_ + At(i) + ": " + what);
  }
  bool InRange(std::uint32_t c) const { return c >= first_ && c < arcs_.size(); }
  [[gnu::cold, gnu::noinline]] Status TargetError(std::uint32_t c, const std::string& what) const {
    if (c >= arcs_.size())
      return Status(Errc::kBadInput, prefix_ + what + " index " + Num(c) + " past the " + Num(arcs_.size()) + " arcs");
    return Status(Errc::kBadInput,
                  prefix_ + what + " index " + Num(c) + " points into the root entries (0.." + Num(first_ - 1) + ")");
  }

  std::span<const std::uint32_t> arcs_;
  std::uint32_t first_;
  std::string prefix_;
  // A slot's figures packed in one word, so that a child look-up reads 8
  // bytes: bits 0..47 the strings from this slot to its list's end
  // (saturated), 48..55 the depth (at most max_depth <= 255), 56..58 the state:
  // color (0 unseen, gray, done) | kNode (a list starts here).
  static constexpr int kDepthShift = 48;
  static constexpr std::uint64_t kMaxStrings = (std::uint64_t(1) << kDepthShift) - 1;
  static constexpr std::uint64_t kGray = std::uint64_t(1) << 56, kDone = std::uint64_t(2) << 56, kColor = kGray | kDone,
                                 kNode = std::uint64_t(4) << 56;
  struct Slot {
    std::uint64_t bits;
  };
  // A child's slot is the one read that misses the cache: ask for those of
  // a new list's first arcs at once (a hint only: any index is harmless).
  static void PrefetchChildren(const std::uint32_t* arcs, const Slot* slot, std::uint32_t i, std::uint32_t n) {
    for (const std::uint32_t end = std::min(n, i + kPrefetchArcs); i < end; ++i) {
      __builtin_prefetch(slot + std::min(KwgArc::index(arcs[i]), n - 1));
      if (KwgArc::is_end(arcs[i])) break;
    }
  }
  static constexpr std::uint32_t kPrefetchArcs = 16;

  static std::uint64_t Strings(Slot s) { return s.bits & kMaxStrings; }
  static std::uint64_t Depth(Slot s) { return (s.bits >> kDepthShift) & 0xff; }
  ZeroedArray<Slot> slot_;
};

[[gnu::cold]] Status TooManyArcs(const std::string& prefix, std::uint64_t arcs) {
  return Status(Errc::kBadInput,
                prefix + Num(arcs) + " arcs, more than the " + Num(kKwgMaxArcs) + " a KWG's 22-bit index addresses");
}

// KWGs with fewer arcs check their two graphs on one thread (a thread costs
// more than it saves there; fuzzing stays single-threaded).
constexpr std::uint32_t kParallelCheckArcs = std::uint32_t(1) << 16;

}  // namespace

Result<Kwg> Kwg::Parse(std::span<const std::byte> bytes, const KwgReadOptions& o, std::string_view name) {
  const std::string prefix = std::string(name) + ": ";
  if (bytes.empty()) return Status(Errc::kBadInput, prefix + "empty file: a KWG has at least one root entry");
  if (bytes.size() % 4 != 0)
    return Status(Errc::kBadInput, prefix + "size " + Num(bytes.size()) + " is not a multiple of 4 bytes");
  if (bytes.size() > kKwgMaxBytes) return TooManyArcs(prefix, bytes.size() / 4);
  std::vector<std::uint32_t> words(bytes.size() / 4);
  std::memcpy(words.data(), bytes.data(), bytes.size());  // little-endian host (lexc reads images in place)
  return ParseWords(std::move(words), o, name);
}

Result<Kwg> Kwg::ParseWords(std::vector<std::uint32_t> words, const KwgReadOptions& o, std::string_view name) {
  const std::string prefix = std::string(name) + ": ";
  if (words.empty()) return Status(Errc::kBadInput, prefix + "empty file: a KWG has at least one root entry");
  if (words.size() > kKwgMaxArcs) return TooManyArcs(prefix, words.size());
  if (o.letters < 1 || o.letters > 255 || o.max_len < 1 || o.max_len > 254)
    return Status(Errc::kInvalidArgument, prefix + "KWG read options: letters 1..255 and max_len 1..254");
  Kwg k;
  k.arcs_ = std::move(words);
  const std::uint32_t n = static_cast<std::uint32_t>(k.arcs_.size());
  // Arc 1 in the shape of a root entry (tile 0, end, no accepts) is the
  // GADDAG's; padding (a zero word) and a DAWG's first arc are not.
  k.leaves_ = o.leaves;
  k.has_gaddag_ = !o.leaves && n >= 2 && KwgArc::tile(k.arcs_[1]) == 0 && KwgArc::is_end(k.arcs_[1]) &&
                  !KwgArc::accepts(k.arcs_[1]);
  const std::uint32_t first = k.has_gaddag_ ? 2 : 1;
  for (std::uint32_t e = 0; e < first; ++e) {
    const std::uint32_t w = k.arcs_[e];
    if (KwgArc::tile(w) != 0 || KwgArc::accepts(w))
      return Status(Errc::kBadInput, prefix + "root entry " + Num(e) + " (offset " + Num(e * 4) +
                                         "): expected tile 0 and no accepts bit, got word " + Num(w));
  }
  k.reach_ = lexc::internal::FilledVector<std::uint8_t>(n, 0);
  const auto check_dawg = [&]() -> Status {
    GraphCheck check(k.arcs_, first, prefix);
    return check.Run(KwgArc::index(k.arcs_[0]), false, o.leaves, o.letters, o.max_len, &k.dawg_, k.reach_.data());
  };
  const auto check_gaddag = [&]() -> Status {
    GraphCheck check(k.arcs_, first, prefix + "GADDAG: ");
    return check.Run(KwgArc::index(k.arcs_[1]), true, false, o.letters, o.max_len + 1, &k.gaddag_, k.reach_.data());
  };
  const auto check_dawg_and_count = [&]() -> Status {
    LEXC_RETURN_IF_ERROR(check_dawg());
    if (k.dawg_.strings > o.max_words)
      return Status(Errc::kLimit, prefix + "the DAWG accepts " + Num(k.dawg_.strings) + " strings, more than the " +
                                      Num(o.max_words) + " read");
    return Status::Ok();
  };
  // A large KWG's GADDAG is checked on a second thread beside the DAWG (the
  // checks share only the read-only arcs and the reachability bytes, stored
  // atomically); the results, errors and their order are those of checking
  // one after the other.
  if (k.has_gaddag_) {
    LEXC_RETURN_IF_ERROR(RunBeside(n >= kParallelCheckArcs, check_dawg_and_count, check_gaddag));
  } else {
    LEXC_RETURN_IF_ERROR(check_dawg_and_count());
  }
  return k;
}

Result<Kwg> Kwg::Load(const std::string& path, const KwgReadOptions& options) {
  if (auto words = ReadFileWords(path, kKwgMaxBytes)) return ParseWords(std::move(*words), options, path);
  auto bytes = ReadFileBytes(path, kKwgMaxBytes);
  if (!bytes.ok()) return bytes.status();
  return Parse(std::as_bytes(std::span(bytes->data(), bytes->size())), options, path);
}

std::uint64_t Kwg::ForEachWord(const std::function<void(std::span<const Tile>)>& f) const {
  return VisitWords([&f](std::span<const Tile> word, std::size_t) { f(word); });
}

std::vector<std::byte> Kwg::ToBytes() const { return KwgBytes(arcs_); }

std::vector<std::byte> KwgBytes(std::span<const std::uint32_t> arcs) {
  const std::span<const std::byte> bytes = KwgByteView(arcs);
  return std::vector<std::byte>(bytes.begin(), bytes.end());
}

}  // namespace lexc::interop
