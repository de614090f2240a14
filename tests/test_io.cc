// The I/O seam (lexc/io.h): bounded reads, zstd decoding, and outputs that
// replace their target only when complete. Word-list-specific reading
// (ReadInputBytes on lists, stdin, devices) is in test_wordlist.cc.
#include <sys/stat.h>
#include <zstd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstddef>
#include <filesystem>
#include <string>
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

TEST_CASE("OutputFile: a committed file gets 0666 less the umask, not mkstemp's 0600") {
  TempDir dir;
  const std::string path = dir.File("mode.lex");
  REQUIRE(WriteFileAtomic(path, AsBytes("x")).ok());
  const mode_t mask = ::umask(0);
  ::umask(mask);
  struct stat st {};
  REQUIRE(::stat(path.c_str(), &st) == 0);
  CHECK((st.st_mode & 0777) == (0666 & ~mask));
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
    // The target is a non-empty directory: the final rename fails.
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
