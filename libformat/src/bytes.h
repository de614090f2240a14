// Internal: little-endian byte writing and bounds-checked reading.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "lexc/huge_pages.h"

static_assert(std::endian::native == std::endian::little,
              "lexc reads images in place and supports little-endian hosts only");

namespace lexc::internal {

class ByteWriter {
 public:
  std::size_t size() const { return size_; }
  const std::byte* data() const { return buf_.data(); }
  // Grows capacity to at least n bytes (contents and size unchanged).
  void Reserve(std::size_t n) {
    if (n > buf_.size()) GrowTo(n);
  }
  void Put8(std::uint8_t v) { PutRaw(&v, 1); }
  void Put16(std::uint16_t v) { PutRaw(&v, 2); }
  void Put32(std::uint32_t v) { PutRaw(&v, 4); }
  void Put64(std::uint64_t v) { PutRaw(&v, 8); }
  void PutBytes(const void* p, std::size_t n) { PutRaw(p, n); }
  void PutZeros(std::size_t n) {
    Ensure(n);
    std::memset(buf_.data() + size_, 0, n);
    size_ += n;
  }
  void Align(std::size_t a) { PutZeros((a - size_ % a) % a); }
  void Patch(std::size_t at, const void* p, std::size_t n) { std::memcpy(buf_.data() + at, p, n); }
  void Patch16(std::size_t at, std::uint16_t v) { Patch(at, &v, 2); }
  void Patch32(std::size_t at, std::uint32_t v) { Patch(at, &v, 4); }
  void Patch64(std::size_t at, std::uint64_t v) { Patch(at, &v, 8); }
  std::vector<std::byte> Take() {
    buf_.resize(size_);
    size_ = 0;
    return std::move(buf_);
  }

 private:
  void Ensure(std::size_t n) {
    if (size_ + n > buf_.size()) GrowTo(std::max<std::size_t>(size_ + n, buf_.size() * 2));
  }
  // A new block is mapped before it is written (PrepareForWriting: huge
  // pages where whole 2 MiB extents fit, the rest in one system call): an
  // image of SOWPODS's 4.7 MB then costs no page fault instead of about
  // 1,100.
  // (A block that replaces a smaller one is prepared before the bytes so
  // far are copied into it.)
  void GrowTo(std::size_t n) {
    if (n > buf_.capacity()) {
      std::vector<std::byte> next;
      next.reserve(n);
      PrepareForWriting(next.data(), next.capacity());
      next.assign(buf_.begin(), buf_.begin() + static_cast<std::ptrdiff_t>(size_));
      buf_.swap(next);
    }
    buf_.resize(n);
  }
  void PutRaw(const void* p, std::size_t n) {
    Ensure(n);
    std::memcpy(buf_.data() + size_, p, n);
    size_ += n;
  }
  std::vector<std::byte> buf_;  // capacity; bytes past size_ are scratch
  std::size_t size_ = 0;
};

// Reads a little-endian integer at `p` (no alignment needed).
template <class T>
inline T Load(const std::byte* p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

}  // namespace lexc::internal
