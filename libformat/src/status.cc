#include "lexc/status.h"

namespace lexc {

const char* ErrcName(Errc c) {
  switch (c) {
    case Errc::kOk:
      return "ok";
    case Errc::kIo:
      return "io";
    case Errc::kBadInput:
      return "bad input";
    case Errc::kBadMagic:
      return "bad magic";
    case Errc::kBadVersion:
      return "bad version";
    case Errc::kCorrupt:
      return "corrupt";
    case Errc::kChecksum:
      return "checksum";
    case Errc::kLimit:
      return "limit";
    case Errc::kInvalidArgument:
      return "invalid argument";
    case Errc::kNotFound:
      return "not found";
  }
  return "unknown";
}

std::string Status::ToString() const {
  if (ok()) return "ok";
  return std::string(ErrcName(code_)) + ": " + detail_;
}

}  // namespace lexc
