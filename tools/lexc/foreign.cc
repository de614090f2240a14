// Other engines' files for the lexc commands.
#include "foreign.h"

#include <cstring>
#include <filesystem>

#include "common.h"
#include "lexc/format.h"
#include "lexc/interop/klv2.h"
#include "lexc/io.h"

namespace lexc::cli {
namespace {

bool EndsWith(const std::string& s, const char* suffix) {
  const std::size_t n = std::strlen(suffix);
  return s.size() >= n && s.compare(s.size() - n, n, suffix) == 0;
}

}  // namespace

const char* FileKindName(FileKind k) {
  switch (k) {
    case FileKind::kImage:
      return "lex";
    case FileKind::kKwg:
      return "kwg";
    case FileKind::kKlv2:
      return "klv2";
    case FileKind::kLeaves:
      return "leaves";
    default:
      return "";
  }
}

FileKind ParseFileKind(const std::string& name) {
  for (FileKind k : {FileKind::kImage, FileKind::kKwg, FileKind::kKlv2, FileKind::kLeaves})
    if (name == FileKindName(k)) return k;
  return FileKind::kUnknown;
}

FileKind DetectInputKind(const std::string& path) {
  std::error_code ec;
  // Only a regular file is sniffed: reading a FIFO's first bytes would take
  // them from the reader after us (and its open would wait for a writer).
  if (path != "-" && std::filesystem::is_regular_file(path, ec)) {
    auto in = InputStream::Open(path);  // the first chunk holds the 8-byte magics
    auto head = in.ok() ? in->Next() : Result<std::string_view>(in.status());
    if (head.ok() && head->size() >= 8) {
      if (std::memcmp(head->data(), format::kMagic, 8) == 0) return FileKind::kImage;
      if (interop::IsLeavesFile(std::as_bytes(std::span(head->data(), head->size())))) return FileKind::kLeaves;
    }
  }
  if (EndsWith(path, ".kwg")) return FileKind::kKwg;
  if (EndsWith(path, ".klv2")) return FileKind::kKlv2;
  if (path != "-" && std::filesystem::exists(path, ec) && !std::filesystem::is_regular_file(path, ec))
    return FileKind::kImage;  // opening it as an image names what it is
  return FileKind::kUnknown;
}

FileKind KindOfOutputName(const std::string& path) {
  if (EndsWith(path, ".kwg")) return FileKind::kKwg;
  if (EndsWith(path, ".klv2")) return FileKind::kKlv2;
  if (EndsWith(path, ".leaves")) return FileKind::kLeaves;
  if (EndsWith(path, ".lex") || EndsWith(path, ".dawg") || EndsWith(path, ".gdg")) return FileKind::kImage;
  return FileKind::kUnknown;
}

interop::Kwg LoadKwg(const std::string& path, const Alphabet& alphabet, int max_len) {
  interop::KwgReadOptions ro;
  ro.letters = alphabet.size();
  ro.max_len = max_len;
  return Check(interop::Kwg::Load(path, ro));
}

std::vector<std::byte> ImageFromKwg(const interop::Kwg& kwg, const std::string& path, const Alphabet& alphabet,
                                    int max_len, double* verify_seconds) {
  std::vector<std::byte> image = Check(interop::LexiconFromKwg(kwg, alphabet, max_len));
  const Stopwatch clock;
  const Result<Lexicon> lex = Lexicon::FromBytes(image);
  const Status st = lex.ok() ? lex->Verify() : lex.status();
  if (verify_seconds) *verify_seconds = clock.Seconds();
  if (!st.ok()) Fail(QuotePath(path) + ": the KWG's graphs do not form a valid lexicon: " + Describe(st));
  return image;
}

interop::LeaveTable LoadLeaves(const std::string& path, FileKind kind, const Alphabet* alphabet) {
  // Read as exactly `kind` (never told apart by content here): a forced
  // --from gets that format's errors, "not a lexc leave table (magic)" for
  // a KLV2 read as a leave table file.
  const std::string bytes = Check(ReadFileBytes(path, interop::kKlv2MaxBytes));
  const auto span = std::as_bytes(std::span(bytes.data(), bytes.size()));
  if (kind == FileKind::kLeaves)  // without an alphabet, the file's own labels
    return Check(interop::DecodeLeavesFile(span, alphabet, path)).table;
  return Check(interop::DecodeKlv2(span, (alphabet ? *alphabet : Alphabet::English()).size(), path));
}

}  // namespace lexc::cli
