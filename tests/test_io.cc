// The I/O seam (lexc/io.h): bounded reads, zstd decoding, and outputs that
// replace their target only when complete. Word-list-specific reading
// (ReadInputBytes on lists, stdin, devices) is in test_wordlist.cc.
#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <unistd.h>
#include <zstd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstddef>
#include <cstring>
#include <filesystem>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "lexc/io.h"
#include "test_support.h"

using namespace lexc;
using namespace lexc::test;

namespace {

std::span<const std::byte> AsBytes(const std::string& s) {
  return {reinterpret_cast<const std::byte*>(s.data()), s.size()};
}

std::vector<std::string> Names(const TempDir& dir) {
  std::vector<std::string> names;
  for (const auto& e : std::filesystem::directory_iterator(dir.path())) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

std::string Compress(const std::string& plain) {
  std::string out(ZSTD_compressBound(plain.size()), '\0');
  const std::size_t n = ZSTD_compress(out.data(), out.size(), plain.data(), plain.size(), 3);
  REQUIRE_FALSE(ZSTD_isError(n));
  out.resize(n);
  return out;
}

}  // namespace

TEST_CASE("OutputFile: pieces appended become the target only at Commit") {
  TempDir dir;
  const std::string path = dir.File("out.lex");
  REQUIRE(WriteFileAtomic(path, AsBytes("old")).ok());
  auto out = OutputFile::Create(path);
  REQUIRE(out.ok());
  CHECK(out->path() == path);
  REQUIRE(out->Append(AsBytes("new ")).ok());
  REQUIRE(out->Append({}).ok());
  REQUIRE(out->Append(AsBytes("content")).ok());
  CHECK(ReadFile(path) == "old");  // not yet
  CHECK(Names(dir).size() == 2);   // the target and one temporary
  REQUIRE(out->Commit().ok());
  CHECK(ReadFile(path) == "new content");
  CHECK(Names(dir) == std::vector<std::string>{"out.lex"});
  // A committed output takes no more calls.
  CheckError(out->Append(AsBytes("x")), Errc::kInvalidArgument, path);
  CheckError(out->Commit(), Errc::kInvalidArgument, path);
  CHECK(ReadFile(path) == "new content");
}

TEST_CASE("OutputFile: an uncommitted output leaves the target as it was and no temporary") {
  TempDir dir;
  const std::string path = dir.File("keep.lex");
  REQUIRE(WriteFileAtomic(path, AsBytes("kept")).ok());
  {
    auto out = OutputFile::Create(path);
    REQUIRE(out.ok());
    REQUIRE(out->Append(AsBytes("abandoned")).ok());
  }
  CHECK(ReadFile(path) == "kept");
  CHECK(Names(dir) == std::vector<std::string>{"keep.lex"});

  // Moved: the moved-to object owns the temporary; the moved-from one does nothing.
  auto a = OutputFile::Create(dir.File("moved.lex"));
  REQUIRE(a.ok());
  OutputFile b = std::move(a).value();
  REQUIRE(b.Append(AsBytes("moved")).ok());
  REQUIRE(b.Commit().ok());
  CHECK(ReadFile(dir.File("moved.lex")) == "moved");
  CHECK(Names(dir) == std::vector<std::string>{"keep.lex", "moved.lex"});
}

TEST_CASE("OutputFile: a committed file gets 0666 less the umask, not the temporary's 0600") {
  TempDir dir;
  const std::string path = dir.File("mode.lex");
  REQUIRE(WriteFileAtomic(path, AsBytes("x")).ok());
  const mode_t mask = ::umask(0);
  ::umask(mask);
  struct stat st {};
  REQUIRE(::stat(path.c_str(), &st) == 0);
  CHECK((st.st_mode & 0777) == (0666 & ~mask));
}

TEST_CASE("OutputFile: a FIFO is written as a stream to its reader, never replaced") {
  TempDir dir;
  const std::string path = dir.File("fifo");
  REQUIRE(::mkfifo(path.c_str(), 0600) == 0);
  std::string received;
  std::thread reader([&] {
    const int fd = ::open(path.c_str(), O_RDONLY);
    char buf[256];
    for (ssize_t n; fd >= 0 && (n = ::read(fd, buf, sizeof buf)) > 0;)
      received.append(buf, static_cast<std::size_t>(n));
    if (fd >= 0) ::close(fd);
  });
  {
    auto out = OutputFile::Create(path);  // waits for the reader to open
    REQUIRE(out.ok());
    CHECK(out->streamed());
    CHECK(out->target().empty());
    REQUIRE(out->Append(AsBytes("through ")).ok());
    CHECK(Names(dir) == std::vector<std::string>{"fifo"});  // no temporary
    REQUIRE(out->Append(AsBytes("the pipe")).ok());
    REQUIRE(out->Commit().ok());
  }
  reader.join();
  CHECK(received == "through the pipe");
  struct stat st {};
  REQUIRE(::lstat(path.c_str(), &st) == 0);
  CHECK(S_ISFIFO(st.st_mode));
}

TEST_CASE("OutputFile: a character device is written as a stream (a node with /dev/null's numbers)") {
  if (::geteuid() != 0) {
    WARN("skipped: mknod needs root");
    return;
  }
  TempDir dir;
  const std::string path = dir.File("null");
  REQUIRE(::mknod(path.c_str(), S_IFCHR | 0666, makedev(1, 3)) == 0);
  REQUIRE(WriteFileAtomic(path, std::vector<std::byte>(1600, std::byte{1})).ok());
  struct stat st {};
  REQUIRE(::lstat(path.c_str(), &st) == 0);
  CHECK(S_ISCHR(st.st_mode));
  CHECK(st.st_rdev == makedev(1, 3));
  CHECK(Names(dir) == std::vector<std::string>{"null"});
}

TEST_CASE("OutputFile: a listening socket is connected to and written as a stream") {
  TempDir dir;
  const std::string path = dir.File("sock");
  const int listener = ::socket(AF_UNIX, SOCK_STREAM, 0);
  REQUIRE(listener >= 0);
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  REQUIRE(path.size() < sizeof addr.sun_path);
  std::memcpy(addr.sun_path, path.c_str(), path.size() + 1);
  REQUIRE(::bind(listener, reinterpret_cast<const sockaddr*>(&addr), sizeof addr) == 0);
  REQUIRE(::listen(listener, 1) == 0);
  std::string received;
  std::thread reader([&] {
    const int fd = ::accept(listener, nullptr, nullptr);
    char buf[256];
    for (ssize_t n; fd >= 0 && (n = ::read(fd, buf, sizeof buf)) > 0;)
      received.append(buf, static_cast<std::size_t>(n));
    if (fd >= 0) ::close(fd);
  });
  REQUIRE(WriteFileAtomic(path, AsBytes("to the socket")).ok());
  reader.join();
  ::close(listener);
  CHECK(received == "to the socket");
  CHECK(Names(dir) == std::vector<std::string>{"sock"});
  // Nobody listens any more: the reason is given, and the socket stays.
  CheckError(OutputFile::Create(path).status(), Errc::kIo, path + ": cannot connect: Connection refused");
  CHECK(Names(dir) == std::vector<std::string>{"sock"});
}

TEST_CASE("OutputFile: \"-\" is standard output, a stream that Commit leaves open") {
  auto out = OutputFile::Create("-");
  REQUIRE(out.ok());
  CHECK(out->streamed());
  REQUIRE(out->Commit().ok());
  CHECK(::fcntl(STDOUT_FILENO, F_GETFD) != -1);
}

TEST_CASE("OutputFile: symlinks are followed to the end, the links stay and the target keeps its mode") {
  TempDir dir;
  std::filesystem::create_directory(dir.File("releases"));
  const std::string target = dir.File("releases/v3.lex");
  REQUIRE(WriteFileAtomic(target, AsBytes("v3")).ok());
  REQUIRE(::chmod(target.c_str(), 0640) == 0);
  REQUIRE(::symlink("releases/v3.lex", dir.File("middle.lex").c_str()) == 0);             // relative
  REQUIRE(::symlink(dir.File("middle.lex").c_str(), dir.File("link.lex").c_str()) == 0);  // absolute
  auto out = OutputFile::Create(dir.File("link.lex"));
  REQUIRE(out.ok());
  CHECK_FALSE(out->streamed());
  CHECK(std::filesystem::equivalent(out->target(), target));
  CHECK(Names(dir) == std::vector<std::string>{"link.lex", "middle.lex", "releases"});  // temporary beside the target
  CHECK(std::filesystem::path(out->target()).parent_path() == std::filesystem::path(target).parent_path());
  REQUIRE(out->Append(AsBytes("v4")).ok());
  REQUIRE(out->Commit().ok());
  CHECK(std::filesystem::is_symlink(dir.File("link.lex")));
  CHECK(std::filesystem::is_symlink(dir.File("middle.lex")));
  CHECK(ReadFile(target) == "v4");
  struct stat st {};
  REQUIRE(::stat(target.c_str(), &st) == 0);
  CHECK((st.st_mode & 07777) == 0640);
  CHECK(std::filesystem::directory_iterator(dir.File("releases"))->path().filename() == "v3.lex");

  // A dangling link: its target is created, and the link stays.
  REQUIRE(::symlink("releases/v5.lex", dir.File("next.lex").c_str()) == 0);
  REQUIRE(WriteFileAtomic(dir.File("next.lex"), AsBytes("v5")).ok());
  CHECK(std::filesystem::is_symlink(dir.File("next.lex")));
  CHECK(ReadFile(dir.File("releases/v5.lex")) == "v5");
}

TEST_CASE("OutputFile: as root, a replaced file keeps its owner and group") {
  if (::geteuid() != 0) {
    WARN("skipped: giving a file to another user needs root");
    return;
  }
  TempDir dir;
  const std::string path = dir.File("owned.lex");
  REQUIRE(WriteFileAtomic(path, AsBytes("old")).ok());
  REQUIRE(::chown(path.c_str(), 1, 2) == 0);
  REQUIRE(WriteFileAtomic(path, AsBytes("new")).ok());
  struct stat st {};
  REQUIRE(::stat(path.c_str(), &st) == 0);
  CHECK(st.st_uid == 1u);
  CHECK(st.st_gid == 2u);
}

TEST_CASE("OutputFile: a directory, a symlink loop and a missing directory fail at Create with the reason") {
  TempDir dir;
  CheckError(OutputFile::Create(dir.path().string()).status(), Errc::kIo, "cannot write: Is a directory");
  REQUIRE(::symlink("b", dir.File("a").c_str()) == 0);
  REQUIRE(::symlink("a", dir.File("b").c_str()) == 0);
  CheckError(OutputFile::Create(dir.File("a")).status(), Errc::kIo,
             dir.File("a") + ": cannot write: Too many levels of symbolic links");
  CheckError(OutputFile::Create(dir.File("none/x")).status(), Errc::kIo,
             "cannot create a temporary file in " + dir.File("none") + ": No such file or directory");
  CHECK(Names(dir) == std::vector<std::string>{"a", "b"});
}

TEST_CASE("RemoveOutputTemporaries: removes the live temporaries, and those outputs then fail and change nothing") {
  TempDir dir;
  const std::string path = dir.File("out.lex");
  REQUIRE(WriteFileAtomic(path, AsBytes("old")).ok());
  auto a = OutputFile::Create(path);
  auto b = OutputFile::Create(dir.File("new.lex"));
  REQUIRE(a.ok());
  REQUIRE(b.ok());
  REQUIRE(a->Append(AsBytes("new")).ok());
  CHECK(Names(dir).size() == 3);
  RemoveOutputTemporaries();
  CHECK(Names(dir) == std::vector<std::string>{"out.lex"});
  CheckError(a->Commit(), Errc::kIo, path + ": rename failed: No such file or directory");
  CHECK(ReadFile(path) == "old");
  // Committed outputs are no longer listed: a later call removes nothing.
  REQUIRE(WriteFileAtomic(dir.File("later.lex"), AsBytes("kept")).ok());
  RemoveOutputTemporaries();
  CHECK(ReadFile(dir.File("later.lex")) == "kept");
}

TEST_CASE("CheckOutputIsNotInput: the same file through links is refused, any other file is not") {
  TempDir dir;
  const std::string input = dir.File("in.txt"), other = dir.File("other.txt");
  REQUIRE(WriteFileAtomic(input, AsBytes("QI\n")).ok());
  REQUIRE(WriteFileAtomic(other, AsBytes("QI\n")).ok());  // equal bytes, another file
  REQUIRE(::symlink(input.c_str(), dir.File("sym.txt").c_str()) == 0);
  REQUIRE(::link(input.c_str(), dir.File("hard.txt").c_str()) == 0);
  const std::vector<std::string> inputs = {"-", "", dir.File("missing.txt"), input};
  for (const std::string& out : {input, dir.File("sym.txt"), dir.File("hard.txt"), dir.path().string() + "/./in.txt"})
    CheckError(CheckOutputIsNotInput(out, inputs), Errc::kInvalidArgument,
               out + ": the output is the input " + input + "; it would be destroyed");
  CHECK(CheckOutputIsNotInput(other, inputs).ok());
  CHECK(CheckOutputIsNotInput(dir.File("new.lex"), inputs).ok());
  CHECK(CheckOutputIsNotInput("-", inputs).ok());
  const std::vector<std::string> devices = {"/dev/null"};
  CHECK(CheckOutputIsNotInput("/dev/null", devices).ok());  // a stream destroys nothing
}

TEST_CASE("CheckWritableDirectory: a directory passes, a file or a missing path fails with the reason") {
  TempDir dir;
  CHECK(CheckWritableDirectory(dir.path().string()).ok());
  REQUIRE(WriteFileAtomic(dir.File("file"), AsBytes("x")).ok());
  CheckError(CheckWritableDirectory(dir.File("file")), Errc::kIo, "file: cannot write: Not a directory");
  CheckError(CheckWritableDirectory(dir.File("none")), Errc::kIo, "none: cannot write: No such file or directory");
}

TEST_CASE("WriteFileAtomic: failures are io errors naming the path and leave no temporaries") {
  TempDir dir;
  const std::vector<std::byte> bytes(100, std::byte{7});
  {
    const std::string path = dir.File("no-such-dir/x.lex");
    const Status s = WriteFileAtomic(path, bytes);
    CheckError(s, Errc::kIo, path);
  }
  {
    // The target is a directory: refused at Create, before any bytes.
    const std::string path = dir.File("busy.lex");
    std::filesystem::create_directory(path);
    REQUIRE(WriteFileAtomic(path + "/inside", bytes).ok());
    const Status s = WriteFileAtomic(path, bytes);
    CheckError(s, Errc::kIo, path);
    CHECK(std::filesystem::is_directory(path));
  }
  std::vector<std::string> names;
  for (const auto& e : std::filesystem::directory_iterator(dir.path())) names.push_back(e.path().filename().string());
  CHECK(names == std::vector<std::string>{"busy.lex"});
  CHECK(ReadFile(dir.File("busy.lex/inside")).size() == 100);
}

TEST_CASE("ReadFileBytes: reads what WriteFileAtomic wrote, bounded by the limit") {
  TempDir dir;
  const std::string path = dir.File("data.bin");
  std::string data(1000, '\0');
  for (std::size_t i = 0; i < data.size(); ++i) data[i] = static_cast<char>(i * 7);
  REQUIRE(WriteFileAtomic(path, AsBytes(data)).ok());
  auto all = ReadFileBytes(path);
  REQUIRE(all.ok());
  CHECK(*all == data);
  auto exact = ReadFileBytes(path, 1000);
  REQUIRE(exact.ok());
  CHECK(*exact == data);
  CheckError(ReadFileBytes(path, 999).status(), Errc::kLimit, path + ": over 999 bytes");
  CheckError(ReadFileBytes(dir.File("absent")).status(), Errc::kIo, "absent: cannot open");
  CheckError(ReadFileBytes(dir.path().string()).status(), Errc::kIo, "cannot read");
}

TEST_CASE("FileAtOffsets: reads any range of a regular file from threads; anything else is not opened") {
  TempDir dir;
  const std::string path = dir.File("data.bin");
  std::string data(100000, '\0');
  for (std::size_t i = 0; i < data.size(); ++i) data[i] = static_cast<char>(i * 13 + i / 256);
  REQUIRE(WriteFileAtomic(path, AsBytes(data)).ok());
  const std::optional<FileAtOffsets> file = FileAtOffsets::Open(path);
  REQUIRE(file);
  CHECK(file->size() == data.size());
  std::vector<std::string> got(4, std::string(25000, '\0'));
  std::vector<bool> ok(4);
  {
    std::vector<std::jthread> threads;
    for (std::size_t t = 0; t < 4; ++t)
      threads.emplace_back([&, t] { ok[t] = file->ReadAt(t * 25000, got[t].data(), got[t].size()); });
  }
  for (std::size_t t = 0; t < 4; ++t) {
    CHECK(ok[t]);
    CHECK(got[t] == data.substr(t * 25000, 25000));
  }
  char past[2];
  CHECK_FALSE(file->ReadAt(data.size() - 1, past, 2));  // an early end
  CHECK(file->ReadAt(data.size() - 1, past, 1));
  CHECK(past[0] == data.back());
  FileAtOffsets moved = std::move(*FileAtOffsets::Open(path));
  CHECK(moved.size() == data.size());

  CHECK_FALSE(FileAtOffsets::Open("-"));
  CHECK_FALSE(FileAtOffsets::Open(dir.File("absent")));
  CHECK_FALSE(FileAtOffsets::Open(dir.path().string()));
  // A FIFO: refused without being opened (its data belongs to the stream that reads it).
  const std::string fifo = dir.File("fifo");
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  CHECK_FALSE(FileAtOffsets::Open(fifo));
}

TEST_CASE("ReadInputBytes and DecompressZstd: zstd is detected by content and bounded") {
  TempDir dir;
  const std::string plain(5000, 'q');
  const std::string packed = Compress(plain);
  CHECK(IsZstdFrame(packed));
  CHECK_FALSE(IsZstdFrame(plain));
  CHECK_FALSE(IsZstdFrame(packed.substr(0, 3)));

  auto direct = DecompressZstd(packed, "mem");
  REQUIRE(direct.ok());
  CHECK(*direct == plain);
  CheckError(DecompressZstd(packed, "mem", 4999).status(), Errc::kLimit, "mem: over 4999 bytes");
  CheckError(DecompressZstd(packed.substr(0, packed.size() - 2), "mem").status(), Errc::kBadInput, "mem: ");

  const std::string path = dir.File("q.zst");
  REQUIRE(WriteFileAtomic(path, AsBytes(packed)).ok());
  bool compressed = false;
  auto read = ReadInputBytes(path, &compressed);
  REQUIRE(read.ok());
  CHECK(compressed);
  CHECK(*read == plain);
  CheckError(ReadInputBytes(path, &compressed, 100).status(), Errc::kLimit, path + ": over 100 bytes");
}
