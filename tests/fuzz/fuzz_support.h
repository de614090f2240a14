// Helpers shared by the fuzz targets (tests/fuzz/fuzz_*.cc). Each target is
// built twice: against libFuzzer (clang, -DLEXC_FUZZ=ON) and as a replay
// program (replay_main.cc) that ctest runs over the committed corpus and
// regressions. A broken property is a crash in both: FUZZ_CHECK prints what
// failed and aborts.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "lexc/status.h"

namespace lexc::fuzz {

[[noreturn]] inline void Fail(const char* file, int line, const char* expr, const std::string& why) {
  std::fprintf(stderr, "%s:%d: FUZZ_CHECK(%s) failed%s%s\n", file, line, expr, why.empty() ? "" : ": ", why.c_str());
  std::abort();
}

// Bytes copied to a buffer of exactly their size (so AddressSanitizer sees
// any read past the end) at an 8-byte aligned address, as images must be.
class AlignedBytes {
 public:
  static_assert(__STDCPP_DEFAULT_NEW_ALIGNMENT__ >= 8, "operator new[] must align to 8");
  AlignedBytes(const void* data, std::size_t size) : store_(new std::byte[size ? size : 1]), size_(size) {
    if (size) std::memcpy(store_.get(), data, size);
  }
  std::span<const std::byte> bytes() const { return {store_.get(), size_}; }
  std::byte* data() { return store_.get(); }
  std::size_t size() const { return size_; }

 private:
  std::unique_ptr<std::byte[]> store_;
  std::size_t size_;
};

// An error must have a category and say what is wrong.
inline bool IsReportedError(const Status& st) { return !st.ok() && !st.detail().empty(); }

}  // namespace lexc::fuzz

#define FUZZ_CHECK(cond)                                            \
  do {                                                              \
    if (!(cond)) ::lexc::fuzz::Fail(__FILE__, __LINE__, #cond, ""); \
  } while (0)
#define FUZZ_CHECK_MSG(cond, msg)                                      \
  do {                                                                 \
    if (!(cond)) ::lexc::fuzz::Fail(__FILE__, __LINE__, #cond, (msg)); \
  } while (0)
