// lexc/huge_pages.h -- internal (lexc::internal; installed because
// lexc/zeroed_array.h, which the interop library uses, is built on it): an
// allocator backing large arrays with transparent huge pages.
//
// The builder's register, state store, prefix list and layout arrays (tens
// to hundreds of MB) are read at random; on 4 KiB pages each first touch is
// a page fault and most look-ups a TLB miss. Blocks of at least
// kHugeMinBytes are mapped 2 MiB-aligned, their length rounded up to whole
// 2 MiB, and advised MADV_HUGEPAGE (Linux; the kernel may still give small
// pages). Smaller blocks, and every block elsewhere, come from operator new.
// Memory still follows the data: a reserved but untouched range maps
// nothing, and a block rounds up by less than 2 MiB. Failure throws
// std::bad_alloc.
//
// Why blocks from 256 KiB: on a VM a 4 KiB page fault costs 3 to 16 us (a
// trap to the hypervisor), a 2 MiB page's about 70 us (measured 2026-11-27:
// 8 MiB touched in 2,048 faults took 33 ms, in 4 huge pages 0.56 ms), so a
// block that will be touched over more than a few dozen small pages is
// cheaper as one huge page, though it may hold up to 2 MiB resident.
#pragma once

#include <cstddef>
#include <new>
#include <vector>

namespace lexc::internal {

inline constexpr std::size_t kHugeBlock = std::size_t(2) << 20;
// Blocks from this size are mapped on huge pages (HugePageAllocator,
// ZeroedArray, the input's read buffer); smaller ones come from the heap.
inline constexpr std::size_t kHugeMinBytes = std::size_t(256) << 10;

// `bytes` zeroed bytes (the system zeroes an anonymous mapping's pages on
// first touch: pages never touched cost nothing), 2 MiB-aligned on Linux.
// Meant for bytes >= kHugeMinBytes; a block takes whole 2 MiB of address
// space. Throws std::bad_alloc when refused.
void* AllocateHuge(std::size_t bytes);
void FreeHuge(void* p, std::size_t bytes) noexcept;  // the same bytes

// For a block from another allocator that is about to be written in full:
// advises the whole 2 MiB extents inside [p, p + bytes) onto huge pages
// (MADV_HUGEPAGE) and maps the whole range at once (MADV_POPULATE_WRITE,
// Linux 5.14: the pages the extents leave, one system call instead of a
// fault each). Contents are unchanged; failure is ignored (pages then come
// as they are touched). Elsewhere than Linux, nothing.
void PrepareForWriting(void* p, std::size_t bytes) noexcept;

// A std::vector of n copies of `value` (a plain std::vector, for APIs that
// return one) whose block, from kHugeMinBytes, is prepared before it is
// filled (PrepareForWriting). Throws std::bad_alloc as the vector would.
template <class T>
std::vector<T> FilledVector(std::size_t n, const T& value) {
  std::vector<T> v;
  v.reserve(n);
  if (n >= kHugeMinBytes / sizeof(T)) PrepareForWriting(v.data(), n * sizeof(T));
  v.assign(n, value);
  return v;
}

template <class T>
struct HugePageAllocator {
  using value_type = T;
  HugePageAllocator() = default;
  template <class U>
  HugePageAllocator(const HugePageAllocator<U>&) noexcept {}

  T* allocate(std::size_t n) {
    if (n > std::size_t(-1) / sizeof(T)) throw std::bad_alloc();
    const std::size_t bytes = n * sizeof(T);
    if (bytes >= kHugeMinBytes) return static_cast<T*>(AllocateHuge(bytes));
    return static_cast<T*>(::operator new(bytes, std::align_val_t(alignof(T))));
  }
  void deallocate(T* p, std::size_t n) noexcept {
    const std::size_t bytes = n * sizeof(T);
    if (bytes >= kHugeMinBytes)
      FreeHuge(p, bytes);
    else
      ::operator delete(p, std::align_val_t(alignof(T)));  // unsized: clang has no sized delete by default
  }
  template <class U>
  bool operator==(const HugePageAllocator<U>&) const noexcept {
    return true;
  }
};

template <class T>
using HugeVector = std::vector<T, HugePageAllocator<T>>;

}  // namespace lexc::internal
