// lexc/status.h -- errors as values.
//
// Every fallible lexc library call returns a Status or a Result<T>. No
// exception crosses the library boundary: calls that use throwing libraries
// (Boost.Iostreams, std::filesystem) catch at one place and translate.
//
// A Status carries a category (Errc) that callers can branch on, and a human
// detail that names the place and the problem, e.g.
//   "corrupt: section ARCS: arc 1234 targets 99999, expected < 5000".
// Thread safety: values; no shared state.
#pragma once

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace lexc {

enum class Errc {
  kOk = 0,
  kIo,               // open/read/write/rename/map failed (detail has errno text)
  kBadInput,         // word list or alphabet file content is invalid
  kBadMagic,         // not a lexc image at all
  kBadVersion,       // format major version this reader does not read
  kCorrupt,          // an image that claims to be lexc but is malformed
  kChecksum,         // CRC32C trailer does not match the bytes
  kLimit,            // a size or count exceeds what the format can hold
  kInvalidArgument,  // caller error: bad option, unknown tile in a query
  kNotFound,         // a requested graph/section is absent
};

// Stable lower-case name of a category ("corrupt", "checksum", ...).
const char* ErrcName(Errc c);

class [[nodiscard]] Status {
 public:
  Status() = default;  // OK
  Status(Errc code, std::string detail) : code_(code), detail_(std::move(detail)) {}
  static Status Ok() { return Status(); }

  bool ok() const { return code_ == Errc::kOk; }
  Errc code() const { return code_; }
  const std::string& detail() const { return detail_; }
  // "category: detail" (or "ok").
  std::string ToString() const;

 private:
  Errc code_ = Errc::kOk;
  std::string detail_;
};

// A value or an error: a minimal std::expected stand-in (g++ 12 lacks it).
template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : v_(std::move(value)) {}                                            // NOLINT: implicit by design
  Result(Status error) : v_(std::move(error)) { assert(!std::get<Status>(v_).ok()); }  // NOLINT

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  T& value() & { return std::get<0>(v_); }
  const T& value() const& { return std::get<0>(v_); }
  T&& value() && { return std::get<0>(std::move(v_)); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  // The error; only meaningful when !ok(). Returns an OK status otherwise.
  Status status() const { return ok() ? Status() : std::get<1>(v_); }

 private:
  std::variant<T, Status> v_;
};

}  // namespace lexc

// Propagate an error Status from an expression returning Status.
#define LEXC_RETURN_IF_ERROR(expr)       \
  do {                                   \
    ::lexc::Status _lexc_st = (expr);    \
    if (!_lexc_st.ok()) return _lexc_st; \
  } while (0)
