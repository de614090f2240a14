// lexc/io.h -- the one place where lexc reads and writes files.
//
// Every format (word lists, alphabet files, board layouts, position files,
// images) reads its input and writes its output through this module, so that
// limits, zstd detection, error wording and atomic replacement are the same
// everywhere and are changed in one place.
//
// Reading: a whole file (or standard input for "-") into memory, bounded by a
// byte limit that also holds for devices and pipes, which have no size; or,
// for inputs that may be huge (word lists), an InputStream of chunks, zstd
// decompressed incrementally, so the reader parses while reading.
// Writing: an OutputFile collects the bytes in a temporary file next to the
// target and, on Commit(), makes them durable and renames them over the
// target; until then (and after any failure) an existing target is untouched
// and the temporary file is removed. WriteFileAtomic is the one-call form.
//
// Errors are kIo naming the path and the failed step with the system's
// reason ("x.lex: rename failed: Permission denied"), kLimit for input over
// the limit, kBadInput for corrupt zstd data.
// Thread safety: no shared state; an OutputFile is used by one thread at a time.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "lexc/status.h"

namespace lexc {

// The largest (and the default) read limit: 4 GiB - 1, because word lists
// index their text with 32-bit offsets.
inline constexpr std::uint64_t kMaxInputBytes = 0xFFFFFFFFu;

// Reads a whole file (or stdin for "-") as it is, at most `max_bytes` (0:
// kMaxInputBytes); a device or endless pipe is read no further. Errors: kIo
// naming the path ("x: cannot open: ...", "x: cannot read: Is a directory"),
// kLimit ("x: over N bytes"; with the default limit "x: word list text over
// 4 GiB"). O(bytes read); memory grows with the data actually read.
Result<std::string> ReadFileBytes(const std::string& path, std::uint64_t max_bytes = 0);

// Reads a whole file (or stdin for "-"), decompressing zstd if the content
// starts with a zstd frame (*compressed, if not null, says which). Memory
// grows with the data actually read and decompressed, not with the size a
// frame header claims, and never past the limit: `max_bytes` (0:
// kMaxInputBytes), also for devices and pipes, which are read no further.
// Errors: kIo, kBadInput (corrupt or truncated zstd), kLimit (more than the
// limit, raw or decompressed).
Result<std::string> ReadInputBytes(const std::string& path, bool* compressed, std::uint64_t max_bytes = 0);

// Whether `bytes` starts with the zstd frame magic (28 B5 2F FD).
bool IsZstdFrame(std::string_view bytes);

// Decompresses one or more concatenated zstd frames, at most `max_bytes` of
// output (0: kMaxInputBytes). `name` prefixes messages. A frame header's
// declared size is trusted only up to a ratio no text reaches. Errors:
// kBadInput ("name: corrupt zstd data: ...", "name: truncated zstd data"),
// kLimit, kIo (out of memory for the zstd context).
Result<std::string> DecompressZstd(std::string_view bytes, std::string_view name, std::uint64_t max_bytes = 0);

// ---- Streaming input ----
//
// A file (or standard input for "-", or bytes already in memory) read chunk
// by chunk, so that a reader can parse while reading and stop at the first
// error: zstd is detected by content (the first four bytes) and decompressed
// incrementally. Memory is one raw and one decompressed buffer, whatever the
// input's size. The limit (`max_bytes`, 0: kMaxInputBytes) holds for the
// text delivered after decompression, also for devices and pipes.
// Errors (from Open or Next): kIo ("x: cannot open: ...", "x: cannot read:
// Is a directory"), kLimit (as ReadFileBytes: "x: word list text over 4 GiB"
// with the default limit, else "x: over N bytes"), kBadInput ("x: corrupt
// zstd data: ...", "x: truncated zstd data"). Move-only; one thread at a time.
class InputStream {
 public:
  // Opens `path` ("-": standard input, named "<stdin>"). A regular file over
  // the limit is refused here, before anything is read.
  static Result<InputStream> Open(const std::string& path, std::uint64_t max_bytes = 0);
  // Streams `bytes` (which must outlive the stream), plain or zstd, named
  // `name` in messages. `chunk_bytes` (0: all plain bytes at once, 256 KiB of
  // zstd) bounds every chunk Next() returns and every piece of compressed
  // input fed to the decoder, so tests can place chunk boundaries anywhere.
  static InputStream FromBytes(std::string_view bytes, std::string name, std::uint64_t max_bytes = 0,
                               std::size_t chunk_bytes = 0);

  InputStream(InputStream&& other) noexcept;
  InputStream& operator=(InputStream&& other) noexcept;
  ~InputStream();  // closes the file (never standard input)

  // The next non-empty chunk of text (decompressed), or an empty view at the
  // end of the input. The view is valid until the next call. After an error
  // every further call returns an error.
  Result<std::string_view> Next();

  const std::string& name() const;
  // Whether the content is zstd; known after the first Next().
  bool compressed() const;
  // Text bytes delivered so far (after decompression).
  std::uint64_t bytes_delivered() const;
  // A plain regular file's or in-memory input's size, to size buffers; 0
  // when unknown (pipes, devices, zstd). Only a hint: the file may change.
  std::uint64_t size_hint() const;

 private:
  struct State;
  explicit InputStream(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

// An output file that becomes visible only when complete: Create() makes a
// temporary file in the target's directory, Append() writes to it, Commit()
// gives it the usual permissions (0666 less the umask), fsyncs it, renames it
// over the target and fsyncs the directory. Destroying an uncommitted
// OutputFile, or any failed step, closes and removes the temporary file; the
// target is then as it was. After a failure or a Commit(), further calls
// return kInvalidArgument. Move-only.
class OutputFile {
 public:
  // Errors: kIo ("path: cannot create a temporary file in dir: ...").
  static Result<OutputFile> Create(const std::string& path);

  OutputFile(OutputFile&& other) noexcept;
  OutputFile& operator=(OutputFile&& other) noexcept;
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;
  ~OutputFile();  // removes the temporary file unless committed

  const std::string& path() const { return path_; }

  // Writes all of `bytes` after what was appended before (retrying short and
  // interrupted writes). Errors: kIo ("path: write failed: ..."). O(bytes).
  Status Append(std::span<const std::byte> bytes);

  // Makes the file durable and replaces the target with it. Errors: kIo
  // ("path: chmod failed / fsync failed / close failed / rename failed: ...").
  // A failure to fsync the directory after the rename is not an error: the
  // complete file is already in place.
  Status Commit();

 private:
  OutputFile(std::string path, std::string temp_path, std::string dir, int fd);
  // Closes and removes the temporary file (keeping errno for the message).
  Status Abandon(const char* what);
  void Discard();

  std::string path_, temp_path_, dir_;
  int fd_ = -1;  // -1 once committed, abandoned or moved from
};

// Writes bytes to `path` atomically through an OutputFile: Create, Append,
// Commit. On any failure the temporary file is removed and an existing file
// at `path` is left untouched. Errors: kIo naming the path.
Status WriteFileAtomic(const std::string& path, std::span<const std::byte> bytes);

}  // namespace lexc
