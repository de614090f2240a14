// The I/O seam's output half: temporaries removed on signals, where an
// output goes (symlinks followed, devices, FIFOs and sockets streamed),
// OutputFile's atomic replacement, and the checks that an output is not an
// input. The input half is io.cc. Contracts in lexc/io.h.
#include <fcntl.h>
#include <limits.h>
#include <linux/magic.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/vfs.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "lexc/escape.h"
#include "lexc/io.h"

namespace lexc {

namespace {

Status IoError(const std::string& path, const char* what, int err) {
  return Status(Errc::kIo, QuotePath(path) + ": " + what + ": " + std::strerror(err));
}

}  // namespace

namespace {

// ---- temporaries removed on signals ----
//
// A fixed table, so that the handler only reads memory that is never
// reallocated: a slot is claimed (kClaimed), filled, then published
// (kLive); the handler unlinks live slots' paths.

constexpr int kTempSlots = 64;
constexpr int kFree = 0, kClaimed = 1, kLive = 2;
struct TempSlot {
  std::atomic<int> state{kFree};
  char path[PATH_MAX] = {};
};
// Constant-initialized (all zero: in .bss, no page touched at start-up;
// a dynamic initializer wrote 64 pages of it in every lexc process).
constinit TempSlot g_temp_slots[kTempSlots];

extern "C" void RemoveTemporariesAndDie(int sig) {
  const int saved = errno;
  RemoveOutputTemporaries();
  ::signal(sig, SIG_DFL);
  ::raise(sig);  // delivered on return: the exit status still says which signal
  errno = saved;
}

void InstallSignalHandlers() {
  static std::once_flag once;
  std::call_once(once, [] {
    for (int sig : {SIGINT, SIGTERM, SIGHUP}) {
      struct sigaction old {};
      if (::sigaction(sig, nullptr, &old) != 0 || old.sa_handler != SIG_DFL || (old.sa_flags & SA_SIGINFO)) continue;
      struct sigaction act {};
      act.sa_handler = RemoveTemporariesAndDie;
      sigemptyset(&act.sa_mask);
      ::sigaction(sig, &act, nullptr);
    }
    struct sigaction old {};
    if (::sigaction(SIGXFSZ, nullptr, &old) == 0 && old.sa_handler == SIG_DFL && !(old.sa_flags & SA_SIGINFO))
      ::signal(SIGXFSZ, SIG_IGN);  // a size limit becomes EFBIG from write()
  });
}

// Publishes `path` for the handler; -1 when the table is full or the path
// too long (the temporary is then removed on errors and exits only).
int RegisterTemporary(const std::string& path) {
  InstallSignalHandlers();
  if (path.size() >= PATH_MAX) return -1;
  for (int i = 0; i < kTempSlots; ++i) {
    int expected = kFree;
    if (!g_temp_slots[i].state.compare_exchange_strong(expected, kClaimed)) continue;
    std::memcpy(g_temp_slots[i].path, path.c_str(), path.size() + 1);
    g_temp_slots[i].state.store(kLive);
    return i;
  }
  return -1;
}

void UnregisterTemporary(int slot) {
  if (slot >= 0) g_temp_slots[slot].state.store(kFree);
}

// ---- where an output goes ----

// Whether `dir` (symlinks followed) is on procfs, where links are "magic":
// /proc/self/fd/N, and /dev/fd/N and /dev/stdout, whose directories lead there.
bool OnProcfs(const std::string& dir) {
  struct statfs fs {};
  return ::statfs(dir.empty() ? "." : dir.c_str(), &fs) == 0 && fs.f_type == PROC_SUPER_MAGIC;
}

// N when `link` is /proc/self/fd/N or /proc/<this pid>/fd/N (directories
// resolved), else -1.
int OwnDescriptor(const std::string& link) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path p(link);
  const fs::path dir = fs::canonical(p.parent_path(), ec);
  if (ec || dir != fs::path("/proc/" + std::to_string(::getpid()) + "/fd")) return -1;
  const std::string name = p.filename().string();
  if (name.empty() || name.size() > 9 || name.find_first_not_of("0123456789") != std::string::npos) return -1;
  return std::stoi(name);
}

// Follows `path` through symlinks to the file a replacement must rename over.
// Sets *through_proc when a link lives on procfs (a magic link to an open
// file, whose text is not a path).
Result<std::string> FollowLinks(const std::string& path, bool* through_proc) {
  namespace fs = std::filesystem;
  std::string at = path;
  for (int level = 0; level <= 40; ++level) {
    struct stat st {};
    if (::lstat(at.c_str(), &st) != 0) {
      if (errno == ENOENT) return at;  // a new file (or a dangling link's target)
      return IoError(path, "cannot write", errno);
    }
    if (!S_ISLNK(st.st_mode)) return at;
    if (OnProcfs(fs::path(at).parent_path().string())) {
      *through_proc = true;
      return at;
    }
    std::vector<char> buf(static_cast<std::size_t>(std::max<off_t>(st.st_size, 255)) + 2);
    const ssize_t n = ::readlink(at.c_str(), buf.data(), buf.size() - 1);
    if (n < 0) return IoError(path, "cannot follow the link", errno);
    const fs::path link_text(std::string(buf.data(), static_cast<std::size_t>(n)));
    at = link_text.is_absolute() ? link_text.string() : (fs::path(at).parent_path() / link_text).string();
    if (at.empty()) at = ".";
  }
  return IoError(path, "cannot write", ELOOP);
}

// Opens an existing device, FIFO or socket for writing.
// `name` is what messages call it.
Result<int> OpenStream(const std::string& path, const std::string& name, const struct stat& st) {
  if (S_ISSOCK(st.st_mode)) {
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    if (path.size() >= sizeof addr.sun_path) return IoError(name, "cannot connect", ENAMETOOLONG);
    std::memcpy(addr.sun_path, path.c_str(), path.size() + 1);
    const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return IoError(name, "cannot connect", errno);
    if (::connect(fd, reinterpret_cast<const sockaddr*>(&addr), sizeof addr) != 0) {
      const int err = errno;
      ::close(fd);
      return IoError(name, "cannot connect", err);
    }
    return fd;
  }
  int fd;
  do fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY);
  while (fd < 0 && errno == EINTR);  // a FIFO's open waits for a reader
  if (fd < 0) return IoError(name, "cannot open", errno);
  return fd;
}

}  // namespace

void RemoveOutputTemporaries() noexcept {
  for (TempSlot& slot : g_temp_slots)
    if (slot.state.load() == kLive) ::unlink(slot.path);
}

// ---- OutputFile ----

OutputFile::OutputFile(OutputFile&& other) noexcept { *this = std::move(other); }

OutputFile& OutputFile::operator=(OutputFile&& other) noexcept {
  if (this != &other) {
    Discard();
    path_ = std::move(other.path_);
    target_ = std::move(other.target_);
    temp_path_ = std::move(other.temp_path_);
    dir_ = std::move(other.dir_);
    fd_ = std::exchange(other.fd_, -1);
    owns_fd_ = other.owns_fd_;
    temp_slot_ = std::exchange(other.temp_slot_, -1);
    keep_mode_ = other.keep_mode_;
    mode_ = other.mode_;
    uid_ = other.uid_;
    gid_ = other.gid_;
  }
  return *this;
}

OutputFile::~OutputFile() { Discard(); }

void OutputFile::Discard() {
  if (fd_ >= 0) {
    if (owns_fd_) ::close(fd_);
    if (!temp_path_.empty()) ::unlink(temp_path_.c_str());
    fd_ = -1;
  }
  UnregisterTemporary(std::exchange(temp_slot_, -1));
}

Status OutputFile::Abandon(const char* what) {
  const int err = errno;
  Discard();
  return IoError(path_, what, err);
}

Result<OutputFile> OutputFile::Create(const std::string& path) {
  namespace fs = std::filesystem;
  OutputFile out;
  out.path_ = path;
  if (path == "-") {
    out.fd_ = STDOUT_FILENO;
    out.owns_fd_ = false;
    return out;
  }
  if (path.empty()) return IoError(path, "cannot write", ENOENT);
  bool through_proc = false;
  auto target = FollowLinks(path, &through_proc);
  if (!target.ok()) return target.status();
  struct stat st {};
  const bool exists = ::stat(target->c_str(), &st) == 0;
  if (!exists && errno != ENOENT) return IoError(path, "cannot write", errno);
  if (exists && S_ISDIR(st.st_mode)) return IoError(path, "cannot write", EISDIR);
  if (exists && through_proc) {
    // One of this process's own descriptors (/dev/stdout, /dev/fd/N): write
    // through a duplicate, so that the shell's open file (its offset, its
    // O_APPEND for >>) is the one written, not a new opening of the file.
    if (const int own = OwnDescriptor(*target); own >= 0) {
      const int fd = ::fcntl(own, F_DUPFD_CLOEXEC, 0);
      if (fd < 0) return IoError(path, "cannot write", errno);
      out.fd_ = fd;
      return out;
    }
  }
  if (exists && (!S_ISREG(st.st_mode) || through_proc)) {
    auto fd = OpenStream(through_proc ? path : *target, path, st);
    if (!fd.ok()) return fd.status();
    out.fd_ = *fd;
    return out;
  }
  if (through_proc) return IoError(path, "cannot write", ENOENT);  // a magic link to a deleted file
  out.target_ = *target;
  if (exists) {
    out.keep_mode_ = true;
    out.mode_ = st.st_mode & 01777;
    out.uid_ = st.st_uid;
    out.gid_ = st.st_gid;
  }
  const fs::path target_path(out.target_);
  fs::path dir = target_path.parent_path();
  if (dir.empty()) dir = ".";
  out.dir_ = dir.string();
  // The name is published for the signal handler before the file exists,
  // so that no moment leaves it behind; O_EXCL makes it ours alone.
  static std::atomic<unsigned> counter{0};
  const std::string stem = (dir / ("." + target_path.filename().string() + ".tmp-")).string();
  int fd = -1, err = EEXIST;
  for (int attempt = 0; attempt < 100 && fd < 0 && err == EEXIST; ++attempt) {
    out.temp_path_ = stem + std::to_string(::getpid()) + "-" + std::to_string(counter.fetch_add(1));
    out.temp_slot_ = RegisterTemporary(out.temp_path_);
    fd = ::open(out.temp_path_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (fd < 0) {
      err = errno;
      UnregisterTemporary(std::exchange(out.temp_slot_, -1));
    }
  }
  if (fd < 0) {
    out.temp_path_.clear();
    return Status(Errc::kIo, QuotePath(path) + ": cannot create a temporary file in " + QuotePath(out.dir_) + ": " +
                                 std::strerror(err));
  }
  out.fd_ = fd;
  return out;
}

Status OutputFile::Append(std::span<const std::byte> bytes) {
  if (fd_ < 0) return Status(Errc::kInvalidArgument, QuotePath(path_) + ": output already committed or abandoned");
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

Status OutputFile::Sync() {
  if (fd_ < 0) return Status(Errc::kInvalidArgument, QuotePath(path_) + ": output already committed or abandoned");
  if (streamed()) return Status::Ok();
  if (::fsync(fd_) != 0) return Abandon("fsync failed");
  return Status::Ok();
}

Status OutputFile::Commit() {
  if (fd_ < 0) return Status(Errc::kInvalidArgument, QuotePath(path_) + ": output already committed or abandoned");
  if (streamed()) {
    const int fd = std::exchange(fd_, -1);
    if (owns_fd_ && ::close(fd) != 0) return IoError(path_, "close failed", errno);
    return Status::Ok();
  }
  mode_t mode;
  if (keep_mode_) {
    // Give the file back to its owner when we may (root); otherwise it
    // becomes ours, as any rewrite by this user would make it.
    if ((uid_ != ::geteuid() || gid_ != ::getegid()) && ::fchown(fd_, uid_, gid_) != 0 && errno != EPERM)
      return Abandon("chown failed");
    mode = static_cast<mode_t>(mode_);
  } else {
    const mode_t mask = ::umask(0);  // created 0600: give 0666 less the umask
    ::umask(mask);
    mode = 0666 & ~mask;
  }
  if (::fchmod(fd_, mode) != 0) return Abandon("chmod failed");
  if (::fsync(fd_) != 0) return Abandon("fsync failed");
  const int fd = std::exchange(fd_, -1);
  const auto fail = [&](const char* what) {
    const int err = errno;
    ::unlink(temp_path_.c_str());
    UnregisterTemporary(std::exchange(temp_slot_, -1));
    return IoError(path_, what, err);
  };
  if (::close(fd) != 0) return fail("close failed");
  if (::rename(temp_path_.c_str(), target_.c_str()) != 0) return fail("rename failed");
  UnregisterTemporary(std::exchange(temp_slot_, -1));
  // Make the rename durable; failure here does not undo a complete file.
  if (int dfd = ::open(dir_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); dfd >= 0) {
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

Status CheckOutputIsNotInput(const std::string& output, std::span<const std::string> inputs) {
  if (output.empty()) return Status::Ok();
  // "-" is the open standard output (or input): a shell may have opened a
  // file there without truncating it (1<>file), so it is compared as well.
  const auto stat_of = [](const std::string& name, int fd, struct stat* st) {
    return name == "-" ? ::fstat(fd, st) == 0 : ::stat(name.c_str(), st) == 0;
  };
  const auto shown = [](const std::string& name, const char* stream) {
    return name == "-" ? std::string(stream) : QuotePath(name);
  };
  struct stat out {};
  if (!stat_of(output, STDOUT_FILENO, &out) || !S_ISREG(out.st_mode)) return Status::Ok();
  for (const std::string& input : inputs) {
    struct stat in {};
    if (input.empty() || !stat_of(input, STDIN_FILENO, &in)) continue;
    if (in.st_dev == out.st_dev && in.st_ino == out.st_ino)
      return Status(Errc::kInvalidArgument, shown(output, "standard output") + ": the output is the input " +
                                                shown(input, "(standard input)") + "; it would be destroyed");
  }
  return Status::Ok();
}

Status CheckWritableDirectory(const std::string& dir) {
  struct stat st {};
  if (::stat(dir.c_str(), &st) != 0) return IoError(dir, "cannot write", errno);
  if (!S_ISDIR(st.st_mode)) return IoError(dir, "cannot write", ENOTDIR);
  if (::access(dir.c_str(), W_OK | X_OK) != 0) return IoError(dir, "cannot write", errno);
  return Status::Ok();
}

}  // namespace lexc
