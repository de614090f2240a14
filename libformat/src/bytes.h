// Internal: little-endian byte writing and bounds-checked reading.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

static_assert(std::endian::native == std::endian::little,
              "lexc reads images in place and supports little-endian hosts only");

namespace lexc::internal {

class ByteWriter {
 public:
  std::size_t size() const { return buf_.size(); }
  const std::byte* data() const { return buf_.data(); }
  void Put8(std::uint8_t v) { buf_.push_back(std::byte{v}); }
  void Put16(std::uint16_t v) { PutRaw(&v, 2); }
  void Put32(std::uint32_t v) { PutRaw(&v, 4); }
  void Put64(std::uint64_t v) { PutRaw(&v, 8); }
  void PutBytes(const void* p, std::size_t n) { PutRaw(p, n); }
  void PutZeros(std::size_t n) { buf_.resize(buf_.size() + n, std::byte{0}); }
  void Align(std::size_t a) { PutZeros((a - buf_.size() % a) % a); }
  void Patch(std::size_t at, const void* p, std::size_t n) { std::memcpy(buf_.data() + at, p, n); }
  void Patch16(std::size_t at, std::uint16_t v) { Patch(at, &v, 2); }
  void Patch32(std::size_t at, std::uint32_t v) { Patch(at, &v, 4); }
  void Patch64(std::size_t at, std::uint64_t v) { Patch(at, &v, 8); }
  std::vector<std::byte> Take() { return std::move(buf_); }

 private:
  void PutRaw(const void* p, std::size_t n) {
    const std::size_t at = buf_.size();
    buf_.resize(at + n);
    std::memcpy(buf_.data() + at, p, n);
  }
  std::vector<std::byte> buf_;
};

// Reads a little-endian integer at `p` (no alignment needed).
template <class T>
inline T Load(const std::byte* p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

}  // namespace lexc::internal
