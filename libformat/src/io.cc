// The I/O seam: bounded whole-file reads, zstd detection, atomic writes.
// Contracts in lexc/io.h.
#include "lexc/io.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zstd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <memory>
#include <new>
#include <utility>
#include <vector>

namespace lexc {
namespace {

constexpr unsigned char kZstdMagic[4] = {0x28, 0xB5, 0x2F, 0xFD};

Status IoError(const std::string& path, const char* what, int err) {
  return Status(Errc::kIo, path + ": " + what + ": " + std::strerror(err));
}

std::uint64_t EffectiveLimit(std::uint64_t max_bytes) {
  return max_bytes ? std::min(max_bytes, kMaxInputBytes) : kMaxInputBytes;
}

// The default limit is the word-list limit, and is reported as such.
Status TooBig(std::string_view name, std::uint64_t limit) {
  if (limit == kMaxInputBytes) return Status(Errc::kLimit, std::string(name) + ": word list text over 4 GiB");
  return Status(Errc::kLimit, std::string(name) + ": over " + std::to_string(limit) + " bytes");
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
  std::size_t have = 0;
  out->resize(std::min<std::uint64_t>(want, limit + 1));
  for (;;) {
    if (have == out->size()) {
      if (have > limit) return TooBig(path, limit);
      out->resize(std::min<std::uint64_t>(out->size() * 2, limit + 1));
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
    st = Status(Errc::kIo, name + ": out of memory reading the input");
  }
  if (!std_in) ::close(fd);
  if (!st.ok()) return st;
  return out;
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
    return Status(Errc::kIo, path + ": out of memory decompressing the input");
  }
}

bool IsZstdFrame(std::string_view bytes) { return bytes.size() >= 4 && std::memcmp(bytes.data(), kZstdMagic, 4) == 0; }

Result<std::string> DecompressZstd(std::string_view in, std::string_view name, std::uint64_t max_bytes) {
  const std::uint64_t limit = EffectiveLimit(max_bytes);
  auto bad = [&](const std::string& what) { return Status(Errc::kBadInput, std::string(name) + ": " + what); };
  std::unique_ptr<ZSTD_DCtx, decltype(&ZSTD_freeDCtx)> ctx(ZSTD_createDCtx(), &ZSTD_freeDCtx);
  if (!ctx) return Status(Errc::kIo, std::string(name) + ": cannot allocate a zstd context");
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

struct InputStream::State {
  std::string name;
  std::uint64_t limit = kMaxInputBytes;
  int fd = -1;  // -1 for bytes in memory
  bool close_fd = false;
  std::string_view memory;  // the input when fd < 0
  std::size_t memory_pos = 0;
  std::size_t chunk = 0;     // bound on pieces taken from memory (0: none)
  std::string raw;           // the read buffer for fd input
  std::string_view pending;  // raw bytes read but not yet used
  bool raw_end = false;
  bool started = false, compressed = false, failed = false;
  std::uint64_t delivered = 0, size_hint = 0;
  std::unique_ptr<ZSTD_DCtx, decltype(&ZSTD_freeDCtx)> zstd{nullptr, &ZSTD_freeDCtx};
  std::size_t zstd_ret = 1;  // last ZSTD_decompressStream result (0: frame done)
  std::string text;          // decompressed output buffer

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
        const ssize_t r = ::read(fd, raw.data(), raw.size());
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) return IoError(name, "cannot read", errno);
        pending = std::string_view(raw.data(), static_cast<std::size_t>(r));
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
      // Short reads (pipes): gather the magic's four bytes.
      std::size_t have = pending.size();
      while (have > 0 && have < 4) {
        const ssize_t r = ::read(fd, raw.data() + have, raw.size() - have);
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) return IoError(name, "cannot read", errno);
        if (r == 0) break;
        have += static_cast<std::size_t>(r);
      }
      pending = std::string_view(raw.data(), have);
      raw_end = have == 0;
      compressed = IsZstdFrame(pending);
    }
    if (!compressed) return Status::Ok();
    size_hint = 0;
    zstd.reset(ZSTD_createDCtx());
    if (!zstd) return Status(Errc::kIo, name + ": cannot allocate a zstd context");
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
      if (ZSTD_isError(r)) return Status(Errc::kBadInput, name + ": corrupt zstd data: " + ZSTD_getErrorName(r));
      zstd_ret = r;
      pending.remove_prefix(in.pos);
      if (out.pos > 0) return Deliver(text.data(), out.pos);
      // No output although there was room: the decoder wants input.
      if (pending.empty() && raw_end && r != 0) return Status(Errc::kBadInput, name + ": truncated zstd data");
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
    s->raw.resize(std::size_t{1} << 20);
  } catch (const std::bad_alloc&) {
    return Status(Errc::kIo, s->name + ": out of memory reading the input");
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
  if (s.failed) return Status(Errc::kInvalidArgument, s.name + ": input already failed");
  Result<std::string_view> r = std::string_view();
  try {
    Status st = s.started ? Status::Ok() : s.Start();
    if (!st.ok()) {
      r = st;
    } else {
      r = s.compressed ? s.NextZstd() : s.NextPlain();
    }
  } catch (const std::bad_alloc&) {
    r = Status(Errc::kIo, s.name + ": out of memory reading the input");
  }
  if (!r.ok()) s.failed = true;
  return r;
}

const std::string& InputStream::name() const { return state_->name; }
bool InputStream::compressed() const { return state_->compressed; }
std::uint64_t InputStream::bytes_delivered() const { return state_->delivered; }
std::uint64_t InputStream::size_hint() const { return state_->size_hint; }

// ---- OutputFile ----

OutputFile::OutputFile(std::string path, std::string temp_path, std::string dir, int fd)
    : path_(std::move(path)), temp_path_(std::move(temp_path)), dir_(std::move(dir)), fd_(fd) {}

OutputFile::OutputFile(OutputFile&& other) noexcept
    : path_(std::move(other.path_)),
      temp_path_(std::move(other.temp_path_)),
      dir_(std::move(other.dir_)),
      fd_(std::exchange(other.fd_, -1)) {}

OutputFile& OutputFile::operator=(OutputFile&& other) noexcept {
  if (this != &other) {
    Discard();
    path_ = std::move(other.path_);
    temp_path_ = std::move(other.temp_path_);
    dir_ = std::move(other.dir_);
    fd_ = std::exchange(other.fd_, -1);
  }
  return *this;
}

OutputFile::~OutputFile() { Discard(); }

void OutputFile::Discard() {
  if (fd_ < 0) return;
  ::close(fd_);
  ::unlink(temp_path_.c_str());
  fd_ = -1;
}

Status OutputFile::Abandon(const char* what) {
  const int err = errno;
  Discard();
  return IoError(path_, what, err);
}

Result<OutputFile> OutputFile::Create(const std::string& path) {
  namespace fs = std::filesystem;
  const fs::path target(path);
  fs::path dir = target.parent_path();
  if (dir.empty()) dir = ".";
  const std::string tmpl = (dir / ("." + target.filename().string() + ".tmp-XXXXXX")).string();
  std::vector<char> name(tmpl.begin(), tmpl.end());
  name.push_back('\0');
  const int fd = ::mkstemp(name.data());
  if (fd < 0)
    return Status(Errc::kIo,
                  path + ": cannot create a temporary file in " + dir.string() + ": " + std::strerror(errno));
  return OutputFile(path, std::string(name.data()), dir.string(), fd);
}

Status OutputFile::Append(std::span<const std::byte> bytes) {
  if (fd_ < 0) return Status(Errc::kInvalidArgument, path_ + ": output already committed or abandoned");
  const auto* p = reinterpret_cast<const char*>(bytes.data());
  std::size_t left = bytes.size();
  while (left) {
    const ssize_t n = ::write(fd_, p, left);
    if (n < 0) {
      if (errno == EINTR) continue;
      return Abandon("write failed");
    }
    p += n;
    left -= static_cast<std::size_t>(n);
  }
  return Status::Ok();
}

Status OutputFile::Commit() {
  if (fd_ < 0) return Status(Errc::kInvalidArgument, path_ + ": output already committed or abandoned");
  // mkstemp creates 0600; give the usual 0644 less the umask.
  const mode_t mask = ::umask(0);
  ::umask(mask);
  if (::fchmod(fd_, 0666 & ~mask) != 0) return Abandon("chmod failed");
  if (::fsync(fd_) != 0) return Abandon("fsync failed");
  const int fd = std::exchange(fd_, -1);
  if (::close(fd) != 0) {
    const int err = errno;
    ::unlink(temp_path_.c_str());
    return IoError(path_, "close failed", err);
  }
  if (::rename(temp_path_.c_str(), path_.c_str()) != 0) {
    const int err = errno;
    ::unlink(temp_path_.c_str());
    return IoError(path_, "rename failed", err);
  }
  // Make the rename durable; failure here does not undo a complete file.
  if (int dfd = ::open(dir_.c_str(), O_RDONLY | O_DIRECTORY); dfd >= 0) {
    (void)::fsync(dfd);
    ::close(dfd);
  }
  return Status::Ok();
}

Status WriteFileAtomic(const std::string& path, std::span<const std::byte> bytes) {
  auto out = OutputFile::Create(path);
  if (!out.ok()) return out.status();
  LEXC_RETURN_IF_ERROR(out->Append(bytes));
  return out->Commit();
}

}  // namespace lexc
