// The I/O seam's input half: bounded whole-file reads, zstd detection and
// decompression, and InputStream. The output half (atomic writes, streams
// for devices, temporaries removed on signals) is io_output.cc.
// Contracts in lexc/io.h.
#include "lexc/io.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zstd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>
#include <new>
#include <optional>
#include <utility>
#include <vector>

#include "lexc/escape.h"
#include "lexc/huge_pages.h"

namespace lexc {
namespace {

constexpr unsigned char kZstdMagic[4] = {0x28, 0xB5, 0x2F, 0xFD};
constexpr std::size_t kZstdFrameHeaderMax = 18;  // the longest frame header (zstd's format)

Status IoError(const std::string& path, const char* what, int err) {
  return Status(Errc::kIo, QuotePath(path) + ": " + what + ": " + std::strerror(err));
}

std::uint64_t EffectiveLimit(std::uint64_t max_bytes) {
  return max_bytes ? std::min(max_bytes, kMaxInputBytes) : kMaxInputBytes;
}

// The default limit is the word-list limit, and is reported as such.
Status TooBig(std::string_view name, std::uint64_t limit) {
  if (limit == kMaxInputBytes) return Status(Errc::kLimit, QuotePath(name) + ": word list text over 4 GiB");
  return Status(Errc::kLimit, QuotePath(name) + ": over " + std::to_string(limit) + " bytes");
}

// Reads all of fd; the caller closes it.
Status ReadAll(int fd, const std::string& path, std::uint64_t limit, std::string* out) {
  struct stat st {};
  std::size_t want = 1 << 16;
  if (::fstat(fd, &st) == 0) {
    if (S_ISDIR(st.st_mode)) return IoError(path, "cannot read", EISDIR);
    if (S_ISREG(st.st_mode) && static_cast<std::uint64_t>(st.st_size) > limit) return TooBig(path, limit);
    if (S_ISREG(st.st_mode) && st.st_size > 0) want = static_cast<std::size_t>(st.st_size) + 1;
  }
  // Pipes, terminals and devices have no size: the buffer grows, but never
  // past the limit (so `lexc build /dev/zero` ends with an error).
  // Each new block's pages are mapped before read() fills them
  // (PrepareForWriting, lexc/huge_pages.h).
  const auto grow = [&](std::size_t n) {
    out->reserve(n);
    // Only the n bytes resize writes: a string's capacity may be twice n.
    if (n >= internal::kHugeMinBytes) internal::PrepareForWriting(out->data(), n);
    out->resize(n);
  };
  std::size_t have = 0;
  grow(std::min<std::uint64_t>(want, limit + 1));
  for (;;) {
    if (have == out->size()) {
      if (have > limit) return TooBig(path, limit);
      grow(std::min<std::uint64_t>(out->size() * 2, limit + 1));
    }
    const ssize_t r = ::read(fd, out->data() + have, out->size() - have);
    if (r < 0) {
      if (errno == EINTR) continue;
      return IoError(path, "cannot read", errno);
    }
    if (r == 0) break;
    have += static_cast<std::size_t>(r);
  }
  out->resize(have);
  return Status::Ok();
}

}  // namespace

Result<std::string> ReadFileBytes(const std::string& path, std::uint64_t max_bytes) {
  const std::uint64_t limit = EffectiveLimit(max_bytes);
  const bool std_in = path == "-";
  const std::string name = std_in ? "<stdin>" : path;
  int fd = STDIN_FILENO;
  if (!std_in) {
    fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return IoError(path, "cannot open", errno);
  }
  std::string out;
  Status st;
  try {
    st = ReadAll(fd, name, limit, &out);
  } catch (const std::bad_alloc&) {
    st = Status(Errc::kIo, QuotePath(name) + ": out of memory reading the input");
  }
  if (!std_in) ::close(fd);
  if (!st.ok()) return st;
  return out;
}

std::optional<std::vector<std::uint32_t>> ReadFileWords(const std::string& path, std::uint64_t max_bytes) {
  if (path == "-") return std::nullopt;
  // Only a regular file is read here. A FIFO or a device must not even be
  // opened: opening and closing a FIFO's read end would lose what its writer
  // sent, or block, before ReadFileBytes opens it again to stream it.
  struct stat before;
  if (::stat(path.c_str(), &before) != 0 || !S_ISREG(before.st_mode)) return std::nullopt;
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return std::nullopt;
  std::optional<std::vector<std::uint32_t>> out;
  struct stat st;
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 && st.st_size % 4 == 0 &&
      static_cast<std::uint64_t>(st.st_size) <= EffectiveLimit(max_bytes)) {
    std::vector<std::uint32_t> words =
        internal::FilledVector<std::uint32_t>(static_cast<std::size_t>(st.st_size) / 4, 0);
    auto* p = reinterpret_cast<char*>(words.data());
    std::size_t left = static_cast<std::size_t>(st.st_size);
    bool ok = true;
    while (left > 0 && ok) {
      const ssize_t r = ::read(fd, p, left);
      if (r < 0 && errno == EINTR) continue;
      ok = r > 0;
      if (ok) {
        p += r;
        left -= static_cast<std::size_t>(r);
      }
    }
    char extra;
    ssize_t r;
    do {
      r = ::read(fd, &extra, 1);
    } while (r < 0 && errno == EINTR);
    if (ok && r == 0) out = std::move(words);
  }
  ::close(fd);
  return out;
}

std::optional<FileAtOffsets> FileAtOffsets::Open(const std::string& path) {
  if (path == "-") return std::nullopt;
  // As ReadFileWords: only a regular file is opened at all.
  struct stat before;
  if (::stat(path.c_str(), &before) != 0 || !S_ISREG(before.st_mode)) return std::nullopt;
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return std::nullopt;
  struct stat st;
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size < 0) {
    ::close(fd);
    return std::nullopt;
  }
  return FileAtOffsets(fd, static_cast<std::uint64_t>(st.st_size));
}

FileAtOffsets::FileAtOffsets(FileAtOffsets&& other) noexcept : fd_(std::exchange(other.fd_, -1)), size_(other.size_) {}

FileAtOffsets& FileAtOffsets::operator=(FileAtOffsets&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = std::exchange(other.fd_, -1);
    size_ = other.size_;
  }
  return *this;
}

FileAtOffsets::~FileAtOffsets() {
  if (fd_ >= 0) ::close(fd_);
}

bool FileAtOffsets::ReadAt(std::uint64_t offset, char* out, std::size_t n) const {
  while (n > 0) {
    const ssize_t got = ::pread(fd_, out, n, static_cast<off_t>(offset));
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) return false;
    out += got;
    n -= static_cast<std::size_t>(got);
    offset += static_cast<std::uint64_t>(got);
  }
  return true;
}

Result<std::string> ReadInputBytes(const std::string& path, bool* compressed, std::uint64_t max_bytes) {
  const std::uint64_t limit = EffectiveLimit(max_bytes);
  auto raw = ReadFileBytes(path, limit);
  if (!raw.ok()) return raw;
  const bool z = IsZstdFrame(*raw);
  if (compressed) *compressed = z;
  if (!z) return raw;
  try {
    return DecompressZstd(*raw, path == "-" ? "<stdin>" : path, limit);
  } catch (const std::bad_alloc&) {
    return Status(Errc::kIo, QuotePath(path) + ": out of memory decompressing the input");
  }
}

bool IsZstdFrame(std::string_view bytes) { return bytes.size() >= 4 && std::memcmp(bytes.data(), kZstdMagic, 4) == 0; }

Result<std::string> DecompressZstd(std::string_view in, std::string_view name, std::uint64_t max_bytes) {
  const std::uint64_t limit = EffectiveLimit(max_bytes);
  auto bad = [&](const std::string& what) { return Status(Errc::kBadInput, QuotePath(name) + ": " + what); };
  std::unique_ptr<ZSTD_DCtx, decltype(&ZSTD_freeDCtx)> ctx(ZSTD_createDCtx(), &ZSTD_freeDCtx);
  if (!ctx) return Status(Errc::kIo, QuotePath(name) + ": cannot allocate a zstd context");
  // The frame header's size is only a hint (it may lie): trust it up to a
  // ratio no word list reaches, so that a few bytes cannot make us allocate
  // a gigabyte; past that the buffer grows as real output arrives.
  std::size_t cap = std::max<std::size_t>(in.size() * 4, 1 << 16);
  const unsigned long long declared = ZSTD_getFrameContentSize(in.data(), in.size());
  if (declared != ZSTD_CONTENTSIZE_UNKNOWN && declared != ZSTD_CONTENTSIZE_ERROR)
    cap = static_cast<std::size_t>(std::min<unsigned long long>(
        {declared + 1, std::max<unsigned long long>(in.size() * 64ull, 1 << 16), 1ull << 30}));
  cap = static_cast<std::size_t>(std::min<std::uint64_t>(cap, limit + 1));
  std::string out(cap, '\0');
  std::size_t have = 0;
  ZSTD_inBuffer src{in.data(), in.size(), 0};
  for (;;) {
    if (have == out.size()) {
      if (out.size() > limit) return TooBig(name, limit);
      out.resize(std::min<std::uint64_t>(out.size() * 2, limit + 1));
    }
    ZSTD_outBuffer dst{out.data() + have, out.size() - have, 0};
    const std::size_t r = ZSTD_decompressStream(ctx.get(), &dst, &src);
    if (ZSTD_isError(r)) return bad(std::string("corrupt zstd data: ") + ZSTD_getErrorName(r));
    have += dst.pos;
    if (src.pos == src.size) {
      if (r == 0) break;                                          // last frame complete
      if (dst.pos < dst.size) return bad("truncated zstd data");  // had room, wants input
    }
  }
  if (have > limit) return TooBig(name, limit);
  out.resize(have);
  return out;
}

// ---- InputStream ----

namespace {
// Gives back InputStream's read buffer (HugePageAllocator: the heap or a
// huge-page mapping, by size).
struct RawDeleter {
  std::size_t bytes = 0;
  void operator()(char* p) const noexcept { internal::HugePageAllocator<char>().deallocate(p, bytes); }
};
}  // namespace

struct InputStream::State {
  std::string name;
  std::uint64_t limit = kMaxInputBytes;
  int fd = -1;  // -1 for bytes in memory
  bool close_fd = false;
  std::string_view memory;  // the input when fd < 0
  std::size_t memory_pos = 0;
  std::size_t chunk = 0;  // bound on pieces taken from memory (0: none)
  // The read buffer for fd input, left uninitialized (a short file
  // touches only the pages read() fills): 1 MiB, or a regular file's size
  // rounded up to 4 KiB if less; from 256 KiB on a huge page
  // (lexc/huge_pages.h: one 2 MiB page fault instead of up to 256 small
  // ones, which on a VM cost more than the reading).
  std::unique_ptr<char[], RawDeleter> raw;
  std::size_t raw_size = 0;
  std::string_view pending;  // raw bytes read but not yet used
  bool raw_end = false;
  bool started = false, compressed = false, failed = false;
  std::uint64_t delivered = 0, size_hint = 0;
  std::uint64_t consumed = 0;  // compressed bytes decoded (zstd)
  std::unique_ptr<ZSTD_DCtx, decltype(&ZSTD_freeDCtx)> zstd{nullptr, &ZSTD_freeDCtx};
  std::size_t zstd_ret = 1;  // last ZSTD_decompressStream result (0: frame done)
  // The current frame's first bytes (its header) and the text it decoded so
  // far: the streaming decoder, fed in small pieces, does not check a
  // frame's declared content size (fed at once it does), so it is checked
  // here when the frame ends.
  std::string frame_header;
  std::uint64_t frame_text = 0;
  std::string text;  // decompressed output buffer

  ~State() {
    if (close_fd) ::close(fd);
  }

  // Refills `pending` with the next raw piece; empty at the end.
  Status ReadRaw() {
    if (fd < 0) {
      std::size_t n = memory.size() - memory_pos;
      if (chunk) n = std::min(n, chunk);
      pending = memory.substr(memory_pos, n);
      memory_pos += n;
    } else {
      for (;;) {
        const ssize_t r = ::read(fd, raw.get(), raw_size);
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) return IoError(name, "cannot read", errno);
        pending = std::string_view(raw.get(), static_cast<std::size_t>(r));
        break;
      }
    }
    raw_end = pending.empty();
    return Status::Ok();
  }

  // Counts `n` more bytes of text against the limit.
  Result<std::string_view> Deliver(const char* data, std::size_t n) {
    delivered += n;
    if (delivered > limit) return TooBig(name, limit);
    return std::string_view(data, n);
  }

  // Reads until four bytes decide plain or zstd (or the input ends).
  Status Start() {
    started = true;
    if (fd < 0) {
      compressed = IsZstdFrame(memory);
    } else {
      LEXC_RETURN_IF_ERROR(ReadRaw());
      // Short reads (pipes): gather the magic's four bytes, while what came
      // could still start it (a terminal's "QI\n" is plain at once).
      std::size_t have = pending.size();
      while (have > 0 && have < 4 && std::memcmp(raw.get(), kZstdMagic, have) == 0) {
        const ssize_t r = ::read(fd, raw.get() + have, raw_size - have);
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) return IoError(name, "cannot read", errno);
        if (r == 0) break;
        have += static_cast<std::size_t>(r);
      }
      pending = std::string_view(raw.get(), have);
      raw_end = have == 0;
      compressed = IsZstdFrame(pending);
    }
    if (!compressed) return Status::Ok();
    size_hint = 0;
    zstd.reset(ZSTD_createDCtx());
    if (!zstd) return Status(Errc::kIo, QuotePath(name) + ": cannot allocate a zstd context");
    text.resize(chunk ? chunk : ZSTD_DStreamOutSize() * 2);
    return Status::Ok();
  }

  Result<std::string_view> NextPlain() {
    if (pending.empty() && !raw_end) LEXC_RETURN_IF_ERROR(ReadRaw());
    const std::string_view piece = pending;
    pending = {};
    return Deliver(piece.data(), piece.size());
  }

  Result<std::string_view> NextZstd() {
    for (;;) {
      if (pending.empty() && !raw_end) LEXC_RETURN_IF_ERROR(ReadRaw());
      if (pending.empty() && raw_end && zstd_ret == 0) return std::string_view();
      ZSTD_inBuffer in{pending.data(), pending.size(), 0};
      ZSTD_outBuffer out{text.data(), text.size(), 0};
      const std::size_t r = ZSTD_decompressStream(zstd.get(), &out, &in);
      if (ZSTD_isError(r))
        return Status(Errc::kBadInput, QuotePath(name) + ": corrupt zstd data: " + ZSTD_getErrorName(r));
      if (frame_header.size() < kZstdFrameHeaderMax)
        frame_header.append(pending.data(), std::min<std::size_t>(in.pos, kZstdFrameHeaderMax - frame_header.size()));
      frame_text += out.pos;
      if (r == 0) {  // a frame ended: its text must be the size its header declares, when it declares one
        const unsigned long long declared = ZSTD_getFrameContentSize(frame_header.data(), frame_header.size());
        if (declared != ZSTD_CONTENTSIZE_UNKNOWN && declared != ZSTD_CONTENTSIZE_ERROR && declared != frame_text)
          return Status(Errc::kBadInput, QuotePath(name) + ": corrupt zstd data: a frame declares " +
                                             std::to_string(declared) + " bytes and holds " +
                                             std::to_string(frame_text));
        frame_header.clear();
        frame_text = 0;
      }
      zstd_ret = r;
      pending.remove_prefix(in.pos);
      // Compressed bytes count too: frames that decompress to nothing
      // (skippable frames, empty frames) would otherwise never end a pipe.
      consumed += in.pos;
      if (consumed > limit) return TooBig(name, limit);
      if (out.pos > 0) return Deliver(text.data(), out.pos);
      // No output although there was room: the decoder wants input.
      if (pending.empty() && raw_end && r != 0)
        return Status(Errc::kBadInput, QuotePath(name) + ": truncated zstd data");
    }
  }
};

InputStream::InputStream(std::unique_ptr<State> state) : state_(std::move(state)) {}
InputStream::InputStream(InputStream&& other) noexcept = default;
InputStream& InputStream::operator=(InputStream&& other) noexcept = default;
InputStream::~InputStream() = default;

Result<InputStream> InputStream::Open(const std::string& path, std::uint64_t max_bytes) {
  auto s = std::make_unique<State>();
  s->limit = EffectiveLimit(max_bytes);
  const bool std_in = path == "-";
  s->name = std_in ? "<stdin>" : path;
  s->fd = STDIN_FILENO;
  if (!std_in) {
    s->fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (s->fd < 0) return IoError(path, "cannot open", errno);
    s->close_fd = true;
  }
  struct stat st {};
  if (::fstat(s->fd, &st) == 0) {
    if (S_ISDIR(st.st_mode)) return IoError(s->name, "cannot read", EISDIR);
    if (S_ISREG(st.st_mode)) {
      if (static_cast<std::uint64_t>(st.st_size) > s->limit) return TooBig(s->name, s->limit);
      s->size_hint = static_cast<std::uint64_t>(st.st_size);
    }
  }
  try {
    s->raw_size = std::size_t{1} << 20;
    if (s->size_hint) s->raw_size = std::min<std::size_t>(s->raw_size, (s->size_hint + 4095) & ~std::uint64_t(4095));
    s->raw = std::unique_ptr<char[], RawDeleter>(internal::HugePageAllocator<char>().allocate(s->raw_size),
                                                 RawDeleter{s->raw_size});
  } catch (const std::bad_alloc&) {
    return Status(Errc::kIo, QuotePath(s->name) + ": out of memory reading the input");
  }
  return InputStream(std::move(s));
}

InputStream InputStream::FromBytes(std::string_view bytes, std::string name, std::uint64_t max_bytes,
                                   std::size_t chunk_bytes) {
  auto s = std::make_unique<State>();
  s->limit = EffectiveLimit(max_bytes);
  s->name = std::move(name);
  s->memory = bytes;
  s->chunk = chunk_bytes;
  s->size_hint = bytes.size();
  return InputStream(std::move(s));
}

Result<std::string_view> InputStream::Next() {
  State& s = *state_;
  if (s.failed) return Status(Errc::kInvalidArgument, QuotePath(s.name) + ": input already failed");
  Result<std::string_view> r = std::string_view();
  try {
    Status st = s.started ? Status::Ok() : s.Start();
    if (!st.ok()) {
      r = st;
    } else {
      r = s.compressed ? s.NextZstd() : s.NextPlain();
    }
  } catch (const std::bad_alloc&) {
    r = Status(Errc::kIo, QuotePath(s.name) + ": out of memory reading the input");
  }
  if (!r.ok()) s.failed = true;
  return r;
}

const std::string& InputStream::name() const { return state_->name; }
bool InputStream::compressed() const { return state_->compressed; }
std::uint64_t InputStream::bytes_delivered() const { return state_->delivered; }
std::uint64_t InputStream::size_hint() const { return state_->size_hint; }

}  // namespace lexc
