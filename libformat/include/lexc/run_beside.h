// RunBeside: two independent checks, the second on its own thread, with the
// results (and exceptions) of running them one after the other.
//
// Verify() of an image and the KWG reader each check two graphs that share
// nothing but read-only bytes. On a large file the second check runs on a
// thread beside the first; the caller sees exactly what a sequential run
// would report:
//   - `first`'s failure (a non-OK Status, or an exception, rethrown as is)
//     is reported before anything from `second`;
//   - then `second`'s failure, likewise;
//   - OK when both pass.
// When `parallel` is false, or no thread can be had (std::system_error from
// std::thread), `second` runs after `first` on this thread, and only if
// `first` passed. When the thread runs, `second` runs to completion even if
// `first` fails (its result is then dropped), so neither callable may depend
// on the other's effects. Both are invoked at most once.
#ifndef LEXC_RUN_BESIDE_H_
#define LEXC_RUN_BESIDE_H_

#include <exception>
#include <optional>
#include <system_error>
#include <thread>
#include <utility>

#include "lexc/status.h"

namespace lexc {

template <typename First, typename Second>
Status RunBeside(bool parallel, First&& first, Second&& second) {
  Status second_status;
  std::exception_ptr second_error;
  std::optional<std::thread> worker;
  if (parallel) {
    try {
      worker.emplace([&] {
        try {
          second_status = second();
        } catch (...) {
          second_error = std::current_exception();
        }
      });
    } catch (const std::system_error&) {  // no thread to be had: one after the other
    }
  }
  Status first_status;
  try {
    first_status = first();
  } catch (...) {
    if (worker) worker->join();
    throw;
  }
  if (worker) worker->join();
  if (!first_status.ok()) return first_status;
  if (!worker) second_status = second();
  if (second_error) std::rethrow_exception(second_error);
  return second_status;
}

}  // namespace lexc

#endif  // LEXC_RUN_BESIDE_H_
