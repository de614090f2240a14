// KWG reading and checking (formats/kwg.md, "Validation").
#include "lexc/interop/kwg.h"

#include <algorithm>
#include <cstring>

#include "lexc/io.h"

namespace lexc::interop {
namespace {

std::string Num(std::uint64_t v) { return std::to_string(v); }

// "arc 1234 (offset 4936)"
std::string At(std::uint32_t i) { return "arc " + Num(i) + " (offset " + Num(std::uint64_t(i) * 4) + ")"; }

// One graph's check: an iterative depth-first walk over arc slots. Slot i
// leads to its child list (index(i), when not 0) and, unless it ends its
// list, to slot i + 1; a cycle among slots is a cycle of the graph. Each
// slot's figures are folded after its successors': strings (accepted
// strings from this slot to the end of its list) and depth.
class GraphCheck {
 public:
  GraphCheck(std::span<const std::uint32_t> arcs, std::uint32_t first, std::string prefix)
      : arcs_(arcs), first_(first), prefix_(std::move(prefix)) {}

  // Walks from `root` (0: empty). `separators`: tile 0 is a GADDAG
  // separator; `tile0_letter`: tile 0 is a letter (a KLV2 blank).
  Status Run(std::uint32_t root, bool separators, bool tile0_letter, int letters, int max_depth, KwgGraphInfo* info,
             std::vector<bool>* reach) {
    const std::size_t n = arcs_.size();
    color_.assign(n, 0);
    strings_.assign(n, 0);
    depth_.assign(n, 0);
    info->root = root;
    if (root == 0) return Status::Ok();
    if (!InRange(root)) return TargetError(root, "root list");
    std::vector<std::uint8_t> node(n, 0);
    node[root] = 1;
    struct Frame {
      std::uint32_t i;
      std::uint8_t stage;
    };
    std::vector<Frame> stack;
    stack.push_back({root, 0});
    while (!stack.empty()) {
      const std::uint32_t i = stack.back().i;
      const std::uint32_t w = arcs_[i];
      const std::uint32_t c = KwgArc::index(w);
      switch (stack.back().stage) {
        case 0: {
          color_[i] = 1;
          const Tile t = KwgArc::tile(w);
          if (t > letters) return Fail(i, "tile " + Num(t) + " outside the alphabet's 1.." + Num(letters));
          if (t == 0 && !separators && !tile0_letter) return Fail(i, "tile 0 (the GADDAG separator) in a DAWG");
          if (t == 0 && separators) {
            if (KwgArc::accepts(w)) return Fail(i, "a separator arc accepts");
            if (c == 0) return Fail(i, "a separator arc leads nowhere");
          }
          if (c == 0 && !KwgArc::accepts(w)) return Fail(i, "leads nowhere and accepts nothing (a dead end)");
          if (!KwgArc::is_end(w)) {
            if (i + 1 >= n) return Fail(i, "its sibling list runs past the last arc");
            if (KwgArc::tile(arcs_[i + 1]) <= t)
              return Fail(i + 1, "tile " + Num(KwgArc::tile(arcs_[i + 1])) + " after tile " + Num(t) +
                                     ": a sibling list's tiles must increase");
          }
          stack.back().stage = 1;
          if (c != 0) {
            if (!InRange(c)) return TargetError(c, At(i) + ": child");
            node[c] = 1;
            if (color_[c] == 1) return Fail(i, "its child list " + Num(c) + " leads back to it (a cycle)");
            if (color_[c] == 0) stack.push_back({c, 0});
          }
          break;
        }
        case 1:
          stack.back().stage = 2;
          if (!KwgArc::is_end(w)) {
            if (color_[i + 1] == 1) return Fail(i, "its sibling list leads back to it (a cycle)");
            if (color_[i + 1] == 0) stack.push_back({i + 1, 0});
          }
          break;
        default: {
          std::uint64_t s = KwgArc::accepts(w) ? 1 : 0;
          std::uint32_t d = 1;
          if (c != 0) {
            s = Add(s, strings_[c]);
            d = 1u + depth_[c];
          }
          if (!KwgArc::is_end(w)) {
            s = Add(s, strings_[i + 1]);
            d = std::max<std::uint32_t>(d, depth_[i + 1]);
          }
          if (d > static_cast<std::uint32_t>(max_depth))
            return Fail(i, "a path of " + Num(d) + " arcs or more, over the limit of " + Num(max_depth));
          strings_[i] = s;
          depth_[i] = static_cast<std::uint16_t>(d);
          color_[i] = 2;
          ++info->arcs;
          (*reach)[i] = true;
          stack.pop_back();
        }
      }
    }
    for (std::uint8_t b : node) info->nodes += b;
    info->strings = strings_[root];
    info->longest_path = depth_[root];
    return Status::Ok();
  }

 private:
  static std::uint64_t Add(std::uint64_t a, std::uint64_t b) { return a + b < a ? ~std::uint64_t(0) : a + b; }

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
  std::vector<std::uint8_t> color_;  // 0 unseen, 1 on the stack, 2 done
  std::vector<std::uint64_t> strings_;
  std::vector<std::uint16_t> depth_;
};

}  // namespace

Result<Kwg> Kwg::Parse(std::span<const std::byte> bytes, const KwgReadOptions& o, std::string_view name) {
  const std::string prefix = std::string(name) + ": ";
  if (bytes.empty()) return Status(Errc::kBadInput, prefix + "empty file: a KWG has at least one root entry");
  if (bytes.size() % 4 != 0)
    return Status(Errc::kBadInput, prefix + "size " + Num(bytes.size()) + " is not a multiple of 4 bytes");
  if (bytes.size() > kKwgMaxBytes)
    return Status(Errc::kBadInput, prefix + Num(bytes.size() / 4) + " arcs, more than the " + Num(kKwgMaxArcs) +
                                       " a KWG's 22-bit index addresses");
  if (o.letters < 1 || o.letters > 255 || o.max_len < 1 || o.max_len > 254)
    return Status(Errc::kInvalidArgument, "KWG read options: letters 1..255 and max_len 1..254");
  Kwg k;
  k.arcs_.resize(bytes.size() / 4);
  std::memcpy(k.arcs_.data(), bytes.data(), bytes.size());  // little-endian host (lexc reads images in place)
  const std::uint32_t n = static_cast<std::uint32_t>(k.arcs_.size());
  k.has_gaddag_ = !o.leaves && n >= 2 && KwgArc::tile(k.arcs_[1]) == 0;
  const std::uint32_t first = k.has_gaddag_ ? 2 : 1;
  for (std::uint32_t e = 0; e < first; ++e) {
    const std::uint32_t w = k.arcs_[e];
    if (KwgArc::tile(w) != 0 || KwgArc::accepts(w))
      return Status(Errc::kBadInput, prefix + "root entry " + Num(e) + " (offset " + Num(e * 4) +
                                         "): expected tile 0 and no accepts bit, got word " + Num(w));
  }
  k.reach_.assign(n, false);
  GraphCheck check(k.arcs_, first, prefix);
  LEXC_RETURN_IF_ERROR(
      check.Run(KwgArc::index(k.arcs_[0]), false, o.leaves, o.letters, o.max_len, &k.dawg_, &k.reach_));
  if (k.dawg_.strings > o.max_words)
    return Status(Errc::kLimit, prefix + "the DAWG accepts " + Num(k.dawg_.strings) + " strings, more than the " +
                                    Num(o.max_words) + " read");
  if (k.has_gaddag_) {
    GraphCheck gcheck(k.arcs_, first, prefix + "GADDAG: ");
    LEXC_RETURN_IF_ERROR(
        gcheck.Run(KwgArc::index(k.arcs_[1]), true, false, o.letters, o.max_len + 1, &k.gaddag_, &k.reach_));
  }
  return k;
}

Result<Kwg> Kwg::Load(const std::string& path, const KwgReadOptions& options) {
  auto bytes = ReadFileBytes(path, kKwgMaxBytes);
  if (!bytes.ok()) return bytes.status();
  return Parse(std::as_bytes(std::span(bytes->data(), bytes->size())), options, path);
}

std::uint64_t Kwg::ForEachWord(const std::function<void(std::span<const Tile>)>& f) const {
  const std::uint32_t root = dawg_.root;
  if (root == 0) return 0;
  std::uint64_t words = 0;
  std::vector<std::uint32_t> pos{root};
  std::vector<Tile> word;
  while (!pos.empty()) {
    const std::uint32_t w = arcs_[pos.back()];
    word.resize(pos.size());
    word.back() = KwgArc::tile(w);
    if (KwgArc::accepts(w)) {
      f(word);
      ++words;
    }
    if (KwgArc::index(w) != 0) {
      pos.push_back(KwgArc::index(w));
      continue;
    }
    while (!pos.empty()) {
      if (!KwgArc::is_end(arcs_[pos.back()])) {
        ++pos.back();
        break;
      }
      pos.pop_back();
    }
  }
  return words;
}

std::vector<std::byte> Kwg::ToBytes() const { return KwgBytes(arcs_); }

std::vector<std::byte> KwgBytes(std::span<const std::uint32_t> arcs) {
  std::vector<std::byte> out(arcs.size() * 4);
  std::memcpy(out.data(), arcs.data(), out.size());
  return out;
}

}  // namespace lexc::interop
