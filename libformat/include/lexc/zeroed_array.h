// lexc/zeroed_array.h -- ZeroedArray<T>, a fixed-size array of trivially copyable T that
// starts all zero and costs only the pages it touches.
//
// The per-slot scratch of the graph checks (graph_verifier.h, the KWG check)
// is sized for every arc of the image, but a graph touches only its own
// slots (a DAWG's check a sixth of a SOWPODS image's). A std::vector would
// write every byte (a memset and a page fault per page, about 3 us each on a
// small VM); a block of at least kMapBytes (256 KiB) is an anonymous mapping instead
// (AllocateHuge, lexc/huge_pages.h: huge pages, 2 MiB-aligned), whose pages
// the kernel zeroes on first touch, whatever malloc's dynamic mmap threshold
// is at the time. Smaller blocks come from calloc.
// Errors: throws std::bad_alloc when the memory is refused (as a vector
// would). Move-only; not thread safe (one owner).
#pragma once

#include <cstddef>
#include <cstdlib>
#include <new>
#include <type_traits>
#include <utility>

#include "lexc/huge_pages.h"

namespace lexc {

template <class T>
class ZeroedArray {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_default_constructible_v<T>);

 public:
  static constexpr std::size_t kMapBytes = internal::kHugeMinBytes;

  ZeroedArray() = default;
  explicit ZeroedArray(std::size_t n) : n_(n) {
    if (n == 0) return;
    if (n > ~std::size_t(0) / sizeof(T)) throw std::bad_alloc();
    const std::size_t bytes = n * sizeof(T);
    if (bytes >= kMapBytes) {
      p_ = static_cast<T*>(internal::AllocateHuge(bytes));
      mapped_ = true;
    } else {
      p_ = static_cast<T*>(std::calloc(n, sizeof(T)));
      if (!p_) throw std::bad_alloc();
    }
  }
  ZeroedArray(ZeroedArray&& o) noexcept
      : p_(std::exchange(o.p_, nullptr)), n_(std::exchange(o.n_, 0)), mapped_(o.mapped_) {}
  ZeroedArray& operator=(ZeroedArray&& o) noexcept {
    if (this != &o) {
      Release();
      p_ = std::exchange(o.p_, nullptr);
      n_ = std::exchange(o.n_, 0);
      mapped_ = o.mapped_;
    }
    return *this;
  }
  ZeroedArray(const ZeroedArray&) = delete;
  ZeroedArray& operator=(const ZeroedArray&) = delete;
  ~ZeroedArray() { Release(); }

  T* data() { return p_; }
  const T* data() const { return p_; }
  std::size_t size() const { return n_; }
  T& operator[](std::size_t i) { return p_[i]; }
  const T& operator[](std::size_t i) const { return p_[i]; }

 private:
  void Release() {
    if (!p_) return;
    if (mapped_)
      internal::FreeHuge(p_, n_ * sizeof(T));
    else
      std::free(p_);
    p_ = nullptr;
  }

  T* p_ = nullptr;
  std::size_t n_ = 0;
  bool mapped_ = false;
};

}  // namespace lexc
