#include "play_common.h"

#include <CLI/CLI.hpp>
#include <cstdint>
#include <utility>

#include "lexc/io.h"

namespace lexc::cli {

gen::Layout LoadLayout(const std::string& spec) {
  if (spec.empty() || spec == "standard15") return gen::Layout::Standard15();
  return Check(gen::Layout::LoadFile(spec));
}

gen::Algorithm ChooseAlgorithm(const std::string& name, const Lexicon& lex) {
  if (name == "dawg" || (name == "auto" && !lex.has_gaddag())) {
    if (!lex.has_dawg()) Fail("the image has no DAWG (rebuild it with 'lexc build --dawg' or without options)");
    return gen::Algorithm::kDawg;
  }
  if (!lex.has_gaddag()) Fail("the image has no GADDAG (rebuild it with 'lexc build --gaddag' or without options)");
  return gen::Algorithm::kGaddag;
}

gen::MoveGenerator MakeGenerator(const Lexicon& lex, const gen::Layout& layout, int bingo_bonus) {
  return Check(gen::MoveGenerator::Create(lex, layout, bingo_bonus));
}

void AddGameOptions(CLI::App* cmd, GameOptions* o) {
  cmd->add_option("--algorithm", o->algorithm, "dawg | gaddag | auto (GADDAG if the image has one)")
      ->check(CLI::IsMember({"dawg", "gaddag", "auto"}));
  cmd->add_option("--layout", o->layout, "Board layout file (formats/layout.md); default the standard 15x15");
  cmd->add_flag("--verify,!--no-verify", o->verify,
                "Verify the whole image first (the default). --no-verify trusts it: opening is then "
                "O(1), and a damaged image gives wrong answers or slow queries, never a crash");
  cmd->add_flag("--no-mmap", o->load,
                "Read the image into memory instead of mapping it, so that it may be rewritten or truncated in "
                "place while the command runs (a mapped image must be replaced by rename: writing over it kills "
                "the command with SIGBUS)");
}

std::string ReadText(const std::string& path) {
  // Boards and layouts are small (a 32 x 32 board is a few kilobytes); a
  // device or endless pipe must not fill the memory.
  auto text = ReadFileBytes(path, std::uint64_t(1) << 20);
  if (text.ok()) {
    // A UTF-8 byte order mark is not part of the first line (as for word
    // lists, GCG and the streamed CGP batches).
    if (DropByteOrderMark(*text).size() < text->size()) text->erase(0, kUtf8ByteOrderMark.size());
    return std::move(text).value();
  }
  if (text.status().code() == Errc::kLimit) Fail(QuotePath(path) + ": over 1 MiB, not a board or layout file");
  Fail(text.status().detail());
}

}  // namespace lexc::cli
