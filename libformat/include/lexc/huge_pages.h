// lexc/huge_pages.h -- internal (lexc::internal; installed because
// lexc/zeroed_array.h, which the interop library uses, is built on it): an
// allocator backing large arrays with transparent huge pages.
//
// The builder's register, state store, prefix list and layout arrays (tens
// to hundreds of MB) are read at random; on 4 KiB pages each first touch is
// a page fault and most look-ups a TLB miss. Blocks of at least kHugeBlock
// bytes are mapped 2 MiB-aligned, their length rounded up to whole 2 MiB,
// and advised MADV_HUGEPAGE (Linux; the kernel may still give small pages).
// Smaller blocks, and every block elsewhere, come from operator new. Memory
// still follows the data: a reserved but untouched range maps nothing, and
// a block rounds up by less than 2 MiB. Failure throws std::bad_alloc.
#pragma once

#include <cstddef>
#include <new>
#include <vector>

namespace lexc::internal {

inline constexpr std::size_t kHugeBlock = std::size_t(2) << 20;

// `bytes` zeroed bytes (the system zeroes an anonymous mapping's pages on
// first touch: pages never touched cost nothing), 2 MiB-aligned on Linux.
// Meant for bytes >= kHugeBlock; smaller blocks still take whole 2 MiB of
// address space. Throws std::bad_alloc when refused.
void* AllocateHuge(std::size_t bytes);
void FreeHuge(void* p, std::size_t bytes) noexcept;  // the same bytes

template <class T>
struct HugePageAllocator {
  using value_type = T;
  HugePageAllocator() = default;
  template <class U>
  HugePageAllocator(const HugePageAllocator<U>&) noexcept {}

  T* allocate(std::size_t n) {
    if (n > std::size_t(-1) / sizeof(T)) throw std::bad_alloc();
    const std::size_t bytes = n * sizeof(T);
    if (bytes >= kHugeBlock) return static_cast<T*>(AllocateHuge(bytes));
    return static_cast<T*>(::operator new(bytes, std::align_val_t(alignof(T))));
  }
  void deallocate(T* p, std::size_t n) noexcept {
    const std::size_t bytes = n * sizeof(T);
    if (bytes >= kHugeBlock)
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
