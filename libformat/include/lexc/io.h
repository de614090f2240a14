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
// target; until then (and after any failure, or a SIGINT/SIGTERM) an
// existing target is untouched and the temporary file is removed. Devices,
// FIFOs, sockets and "-" (standard output) are written as streams instead,
// and symlinks are followed. WriteFileAtomic is the one-call form;
// CheckOutputIsNotInput keeps a command from overwriting what it reads.
//
// Errors are kIo naming the path and the failed step with the system's
// reason ("x.lex: rename failed: Permission denied"), kLimit for input over
// the limit, kBadInput for corrupt zstd data.
// Thread safety: no shared state; an OutputFile is used by one thread at a time.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "lexc/status.h"

namespace lexc {

// The largest (and the default) read limit: 4 GiB - 1, because word lists
// index their text with 32-bit offsets.
inline constexpr std::uint64_t kMaxInputBytes = 0xFFFFFFFFu;

// The UTF-8 byte order mark some editors put first in a text file; every
// text reader drops it there (word lists, streamed records, boards,
// layouts).
inline constexpr std::string_view kUtf8ByteOrderMark = "\xEF\xBB\xBF";
// `text` without a leading kUtf8ByteOrderMark.
inline std::string_view DropByteOrderMark(std::string_view text) {
  return text.starts_with(kUtf8ByteOrderMark) ? text.substr(kUtf8ByteOrderMark.size()) : text;
}

// Reads a whole file (or stdin for "-") as it is, at most `max_bytes` (0:
// kMaxInputBytes); a device or endless pipe is read no further. Errors: kIo
// naming the path ("x: cannot open: ...", "x: cannot read: Is a directory"),
// kLimit ("x: over N bytes"; with the default limit "x: word list text over
// 4 GiB"). O(bytes read); memory grows with the data actually read.
Result<std::string> ReadFileBytes(const std::string& path, std::uint64_t max_bytes = 0);

// A regular file of 4..max_bytes bytes (0: kMaxInputBytes), a multiple of 4,
// read straight into 32-bit words in host order (no byte buffer copied);
// nullopt for anything else ("-", a FIFO, an odd size) or any surprise (an
// error, a file that shrinks or grows while read): the caller then reads
// it with ReadFileBytes, which names the problem. O(bytes).
std::optional<std::vector<std::uint32_t>> ReadFileWords(const std::string& path, std::uint64_t max_bytes);

// A regular file read at given offsets (pread), from several threads at
// once: for a reader that splits a large plain file into runs
// (ReadOptions::threads). Open gives nullopt for anything but a regular file
// ("-", a FIFO or a device is never opened, so a FIFO's data is left to the
// stream that reads it) and when the file cannot be opened: the caller then
// streams it with InputStream, which names any problem. Move-only; closes the
// file.
class FileAtOffsets {
 public:
  static std::optional<FileAtOffsets> Open(const std::string& path);
  FileAtOffsets(FileAtOffsets&& other) noexcept;
  FileAtOffsets& operator=(FileAtOffsets&& other) noexcept;
  FileAtOffsets(const FileAtOffsets&) = delete;
  FileAtOffsets& operator=(const FileAtOffsets&) = delete;
  ~FileAtOffsets();

  std::uint64_t size() const { return size_; }  // when opened
  // Reads exactly n bytes at `offset`; false on an error or an early end
  // (the file shrank since). Safe from several threads at once.
  bool ReadAt(std::uint64_t offset, char* out, std::size_t n) const;

 private:
  FileAtOffsets(int fd, std::uint64_t size) : fd_(fd), size_(size) {}
  int fd_ = -1;
  std::uint64_t size_ = 0;
};

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
// text delivered after decompression and for the compressed bytes read, also
// for devices and pipes (frames that decompress to nothing still end).
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

// An output that becomes visible only when complete, whatever the path
// names. Create() decides how `path` is written, from what is there now:
//  - "-": standard output, written as a stream (never closed).
//  - an existing character or block device, FIFO or socket (also through
//    symlinks): opened and written as a stream; nothing is renamed over it.
//    A FIFO's open waits for a reader, as a shell redirection does.
//  - a symlink (any number of levels) to a regular file or to nothing: the
//    link is followed and its final target is replaced as below; the links
//    stay. A chain that passes through /proc (/dev/stdout, /dev/fd/N) names
//    an open file rather than a path, and is opened as a stream.
//  - a regular file or nothing: the bytes go to a temporary file in the
//    (final) target's directory; Commit() gives it the replaced file's
//    permission bits (setuid/setgid dropped) and, when the process may (as
//    root), its owner and group, or 0666 less the umask for a new file;
//    fsyncs it, renames it over the target and fsyncs the directory.
//  - a directory: an error at Create().
// Until Commit() (and after any failure) a replaced target is untouched and
// the temporary is removed, also when the process ends by SIGINT, SIGTERM or
// SIGHUP (see RemoveOutputTemporaries). A stream cannot be taken back: a
// failure leaves what was written. After a failure or a Commit(), further
// calls return kInvalidArgument. Move-only.
//
// Signals: the first Create() of a temporary installs, for SIGINT, SIGTERM and
// SIGHUP whose disposition is still the default, a handler that removes the
// live temporaries and then dies of the same signal; and ignores SIGXFSZ if
// it is still the default, so that a file-size limit (ulimit -f) makes
// Append() fail with "File too large" instead of killing the process. A
// program with its own handlers calls RemoveOutputTemporaries() from them.
// The temporary is ".NAME.tmp-PID-N" beside the target, created with O_EXCL;
// up to 64 live at once are covered by the handler (more are removed on
// errors and destruction only). Nothing can remove one after SIGKILL.
class OutputFile {
 public:
  // Errors: kIo naming the path and the reason ("x: cannot write: Is a
  // directory", "x: cannot write: Too many levels of symbolic links", "x:
  // cannot create a temporary file in dir: Permission denied", "x: cannot
  // connect: Connection refused", "x: cannot open: Permission denied").
  static Result<OutputFile> Create(const std::string& path);

  OutputFile(OutputFile&& other) noexcept;
  OutputFile& operator=(OutputFile&& other) noexcept;
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;
  ~OutputFile();  // removes the temporary file unless committed

  // The path as given to Create() (what messages name).
  const std::string& path() const { return path_; }
  // The file that Commit() replaces (the end of the symlink chain); empty
  // for a stream.
  const std::string& target() const { return target_; }
  // Whether the output is written as a stream (standard output, a device, a
  // FIFO, a socket) rather than replaced.
  bool streamed() const { return temp_path_.empty(); }

  // Writes all of `bytes` after what was appended before (retrying short and
  // interrupted writes). Errors: kIo ("path: write failed: File too large").
  // O(bytes).
  Status Append(std::span<const std::byte> bytes);
  Status AppendText(std::string_view text) { return Append(std::as_bytes(std::span(text.data(), text.size()))); }

  // Flushes what was appended to storage (fsync of the temporary file; a
  // stream: nothing), so that the wait can overlap other work and Commit's
  // own fsync finds little left. Errors: kIo ("path: fsync failed: ...").
  Status Sync();

  // Replaces the target with the complete file (or, for a stream, closes
  // it). Errors: kIo ("path: chmod failed / fsync failed / close failed /
  // rename failed: ..."). A failure to fsync the directory after the rename
  // is not an error: the complete file is already in place.
  Status Commit();

 private:
  OutputFile() = default;
  // Closes and removes the temporary file (keeping errno for the message).
  Status Abandon(const char* what);
  void Discard();

  std::string path_, target_, temp_path_, dir_;
  int fd_ = -1;             // -1 once committed, abandoned or moved from
  bool owns_fd_ = true;     // false for standard output
  int temp_slot_ = -1;      // the temporary's entry in the signal handler's list
  bool keep_mode_ = false;  // a regular file is replaced: keep its mode and owner
  unsigned mode_ = 0, uid_ = 0, gid_ = 0;
};

// Writes bytes to `path` through an OutputFile: Create, Append, Commit. On
// any failure the temporary file is removed and an existing file at `path`
// is left untouched. Errors: kIo naming the path.
Status WriteFileAtomic(const std::string& path, std::span<const std::byte> bytes);

// Refuses an output that is one of the inputs: kInvalidArgument
// ("out: the output is the input in.txt; it would be destroyed") when
// `output`, followed through symlinks, is the same file (device and inode)
// as any of `inputs` that exists. "-" is the open standard output (as
// `output`) or standard input (as an input), compared by fstat: a shell may
// have opened a file there without truncating it (`-o - 1<>words.txt`,
// `build - -o w.txt < w.txt`). Empty names are skipped, and so is an output
// that is not a regular file (a device, FIFO or socket: writing a stream
// destroys nothing). Call it before creating the output. O(inputs) stat
// calls.
Status CheckOutputIsNotInput(const std::string& output, std::span<const std::string> inputs);

// Whether `dir` is an existing directory this process may create files in.
// Errors: kIo ("dir: cannot write: Permission denied", "...: Not a
// directory"). For outputs made later inside it, checked before long work.
Status CheckWritableDirectory(const std::string& dir);

// Removes every temporary file of a live OutputFile. Async-signal-safe (only
// unlink of paths formatted in advance): for a program's own SIGINT/SIGTERM
// handlers. The OutputFiles then fail at Commit().
void RemoveOutputTemporaries() noexcept;

}  // namespace lexc
