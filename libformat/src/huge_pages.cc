#include "lexc/huge_pages.h"

#include <cstdint>
#include <cstring>
#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace lexc::internal {
namespace {
std::size_t Rounded(std::size_t bytes) { return (bytes + kHugeBlock - 1) & ~(kHugeBlock - 1); }
}  // namespace

#if defined(__linux__)
void* AllocateHuge(std::size_t bytes) {
  if (bytes > std::size_t(-1) / 2 - kHugeBlock) throw std::bad_alloc();
  const std::size_t len = Rounded(bytes);
  // Map one block more than needed, then unmap the misaligned ends.
  void* raw = ::mmap(nullptr, len + kHugeBlock, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED) throw std::bad_alloc();
  const auto base = reinterpret_cast<std::uintptr_t>(raw);
  const std::uintptr_t aligned = (base + kHugeBlock - 1) & ~std::uintptr_t(kHugeBlock - 1);
  if (aligned > base) ::munmap(raw, aligned - base);
  const std::uintptr_t end = base + len + kHugeBlock;
  if (end > aligned + len) ::munmap(reinterpret_cast<void*>(aligned + len), end - (aligned + len));
  (void)::madvise(reinterpret_cast<void*>(aligned), len, MADV_HUGEPAGE);
  return reinterpret_cast<void*>(aligned);
}

void FreeHuge(void* p, std::size_t bytes) noexcept { ::munmap(p, Rounded(bytes)); }

void PrepareForWriting(void* p, std::size_t bytes) noexcept {
  const auto begin = reinterpret_cast<std::uintptr_t>(p);
  const std::uintptr_t first = (begin + kHugeBlock - 1) & ~std::uintptr_t(kHugeBlock - 1);
  const std::uintptr_t end = (begin + bytes) & ~std::uintptr_t(kHugeBlock - 1);
  if (end > first) (void)::madvise(reinterpret_cast<void*>(first), end - first, MADV_HUGEPAGE);
#ifdef MADV_POPULATE_WRITE
  constexpr std::uintptr_t kPage = 4096;
  const std::uintptr_t from = begin & ~(kPage - 1), to = (begin + bytes + kPage - 1) & ~(kPage - 1);
  if (to > from) (void)::madvise(reinterpret_cast<void*>(from), to - from, MADV_POPULATE_WRITE);
#endif
}
#else
void* AllocateHuge(std::size_t bytes) { return std::memset(::operator new(bytes, std::align_val_t(64)), 0, bytes); }
void FreeHuge(void* p, std::size_t) noexcept { ::operator delete(p, std::align_val_t(64)); }
void PrepareForWriting(void*, std::size_t) noexcept {}
#endif

}  // namespace lexc::internal
