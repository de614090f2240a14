// Internal: the pieces of lexc::interop's error messages.
#pragma once

#include <cstdint>
#include <string>

namespace lexc::interop::internal {

// A count or offset as it appears in a message.
inline std::string Num(std::uint64_t v) { return std::to_string(v); }

}  // namespace lexc::interop::internal
