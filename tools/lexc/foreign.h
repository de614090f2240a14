// tools/lexc/foreign.h -- other engines' files for the lexc commands
// (convert, stats): telling the kinds apart and loading them checked.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "lexc/alphabet.h"
#include "lexc/interop/kwg.h"
#include "lexc/interop/leave_table.h"

namespace lexc::cli {

enum class FileKind { kUnknown, kImage, kKwg, kKlv2, kLeaves };

// "lex", "kwg", "klv2", "leaves" (and "" for kUnknown).
const char* FileKindName(FileKind k);
// From a --from/--to value; kUnknown for anything else.
FileKind ParseFileKind(const std::string& name);
// By content (the image and leave table magics), else by the name's
// extension (.kwg; .klv2). kUnknown when neither tells.
FileKind DetectInputKind(const std::string& path);
// By extension only (.kwg, .klv2, .leaves, .lex/.dawg/.gdg); kUnknown otherwise.
FileKind KindOfOutputName(const std::string& path);

// Reads and checks a KWG against `alphabet` (fails with the reason).
interop::Kwg LoadKwg(const std::string& path, const Alphabet& alphabet, int max_len);
// A verified lexc image (bytes, 8-aligned) translated from a checked KWG.
// *verify_seconds, when given, gets the time the verification took.
std::vector<std::byte> ImageFromKwg(const interop::Kwg& kwg, const std::string& path, const Alphabet& alphabet,
                                    int max_len, double* verify_seconds = nullptr);
// A leave table from a leave table file (kind kLeaves; its labels checked
// against `alphabet` when given) or else a KLV2 (the alphabet's size, English
// without one). The file is read as that kind only, never sniffed, so a
// file of another kind fails with that kind's error.
interop::LeaveTable LoadLeaves(const std::string& path, FileKind kind, const Alphabet* alphabet);

}  // namespace lexc::cli
