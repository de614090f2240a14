// lexc convert -- other engines' files in and out: KWG <-> lexc image, KLV2
// <-> lexc leave table (formats/kwg.md, formats/klv2.md, formats/leaves.md).
//
// Every input is checked in full before use (a KWG's arcs, a lexc image's
// Verify(), a KLV2's sizes and leaves), and every output is read back and
// checked before it replaces anything (lexc/io.h OutputFile). A forced
// --from is honoured: the input is read as that format only.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "cli_checks.h"
#include "common.h"
#include "foreign.h"
#include "lexc/builder.h"
#include "lexc/interop/klv2.h"
#include "lexc/interop/kwg.h"
#include "lexc/interop/leave_table.h"
#include "lexc/io.h"
#include "lexc/wordlist.h"
#include "progress.h"

namespace lexc::cli {
namespace {

struct ConvertArgs {
  std::string input, output, from, to, alphabet = "english";
  bool dawg = false, json = false, quiet = false, rebuild = false;
  int max_len = 15;
};

struct Report {
  FileKind from = FileKind::kUnknown, to = FileKind::kUnknown;
  std::uint64_t words = 0, leaves = 0, arcs = 0, bytes = 0;
  bool gaddag = false;
  double read = 0, convert = 0, check = 0, write = 0;
};

FileKind InputKind(const ConvertArgs& a) {
  if (!a.from.empty()) return ParseFileKind(a.from);
  const FileKind k = DetectInputKind(a.input);
  if (k == FileKind::kUnknown)
    Fail(QuotePath(a.input) +
             ": cannot tell its format (not a lexc image or leave table; no .kwg/.klv2 name): " + "give --from",
         2);
  return k;
}

FileKind OutputKind(const ConvertArgs& a, FileKind from) {
  if (!a.to.empty()) return ParseFileKind(a.to);
  const FileKind k = KindOfOutputName(a.output);
  if (k != FileKind::kUnknown) return k;
  switch (from) {  // the other side of each pair
    case FileKind::kImage:
      return FileKind::kKwg;
    case FileKind::kKwg:
      return FileKind::kImage;
    case FileKind::kKlv2:
      return FileKind::kLeaves;
    default:
      return FileKind::kKlv2;
  }
}

std::string Named(const std::string& path) { return path == "-" ? std::string("<stdin>") : QuotePath(path); }

// What is written: bytes, or a KWG's arc words (written as they are, on a
// little-endian host, without a copy into bytes).
struct ConvertOutput {
  std::vector<std::byte> bytes;
  std::vector<std::uint32_t> words;
  std::span<const std::byte> view() const {
    return words.empty() ? std::span<const std::byte>(bytes) : std::as_bytes(std::span(words));
  }
};

// A lexicon (an image or a KWG) out as a KWG or an image.
ConvertOutput ConvertLexicon(const ConvertArgs& a, const Alphabet& alphabet, Phases& phases, Report* r) {
  std::vector<std::byte> image;
  std::optional<MappedLexicon> mapped;
  const Lexicon* lex = nullptr;
  Result<Lexicon> owned = Status(Errc::kNotFound, "");
  if (r->from == FileKind::kKwg) {
    phases.Begin("reading and checking " + Named(a.input));
    const interop::Kwg kwg = LoadKwg(a.input, alphabet, a.max_len);
    r->read = phases.End();
    phases.Begin("translating and verifying");
    image = ImageFromKwg(kwg, a.input, alphabet, a.max_len, &r->check);
    owned = Lexicon::FromBytes(image);
    lex = &*owned;
    r->convert = phases.End() - r->check;          // the verification is reported as the check
    if (a.rebuild && r->to == FileKind::kImage) {  // lexc's own layout: minimal, tails shared
      phases.Begin("building");
      std::vector<std::vector<Tile>> words;
      ForEachWord(*lex, [&](const WordMatch& m) {
        words.emplace_back(m.tiles.begin(), m.tiles.end());
        return true;
      });
      BuildOptions bo;
      bo.gaddag = kwg.has_gaddag();
      bo.max_len = a.max_len;
      bo.progress = [&phases](std::string_view graph, std::uint64_t done, std::uint64_t of) {
        phases.Progress(graph == "dawg" ? "the DAWG" : "the GADDAG", graph == "dawg" ? "words" : "prefixes", done, of);
      };
      image = Check(BuildImage(WordList::FromUnsorted(std::move(words)), alphabet, bo));
      r->convert += phases.End();
      phases.Begin("verifying");
      owned = Lexicon::FromBytes(image);
      const Status st = owned.ok() ? owned->Verify() : owned.status();
      if (!st.ok()) Fail("the rebuilt image failed verification, nothing written: " + Describe(st));
      lex = &*owned;
      r->check += phases.End();
    }
  } else {
    phases.Begin("reading and verifying " + Named(a.input));
    // An image is mapped, but standard input or a FIFO (--from lex) can only
    // be read: into memory then, once, as a KWG is.
    std::error_code ec;
    const bool stream =
        a.input == "-" || (std::filesystem::exists(a.input, ec) && !std::filesystem::is_regular_file(a.input, ec) &&
                           !std::filesystem::is_directory(a.input, ec));
    mapped.emplace(OpenImage(a.input, /*verify=*/true, /*load=*/stream));
    lex = &mapped->lexicon();
    r->read = phases.End();
  }
  r->words = lex->meta().word_count;
  if (r->to == FileKind::kImage) {
    if (r->from == FileKind::kImage) Fail("the input is a lexc image already; give -o NAME.kwg or --to kwg", 2);
    r->gaddag = lex->has_gaddag();
    r->arcs = lex->arc_count();
    return {std::move(image), {}};  // verified by ImageFromKwg
  }
  phases.Begin("translating to KWG");
  interop::KwgWriteOptions wo;
  wo.gaddag = !a.dawg;
  std::vector<std::uint32_t> arcs = Check(interop::KwgFromLexicon(*lex, wo));
  r->convert = phases.End();
  phases.Begin("checking the KWG");
  interop::KwgReadOptions ro;  // read back as any engine would, before writing
  ro.letters = lex->alphabet().size();
  // A KWG reader walks GADDAG paths of a word's length + 1, at most 255:
  // images may declare max-len 255, but only words of up to 254 tiles fit.
  if (lex->meta().longest_word > 254)
    Fail(QuotePath(a.input) + ": a word of " + std::to_string(lex->meta().longest_word) +
         " tiles; a KWG holds words of at most 254");
  ro.max_len = static_cast<int>(std::clamp<std::uint32_t>(lex->meta().max_len, 1, 254));
  interop::Kwg back = Check(interop::Kwg::ParseWords(std::move(arcs), ro, a.output));
  if (back.dawg().strings != lex->meta().word_count)
    Fail("the KWG written holds " + std::to_string(back.dawg().strings) + " words, not " +
         std::to_string(lex->meta().word_count) + "; nothing written");
  r->check = phases.End();
  r->gaddag = back.has_gaddag();
  r->arcs = back.arcs().size();
  return {{}, std::move(back).TakeWords()};
}

// A leave table (KLV2 or lexc's file) out as the other.
ConvertOutput ConvertLeaves(const ConvertArgs& a, const Alphabet& alphabet, Phases& phases, Report* r) {
  phases.Begin("reading " + Named(a.input));
  const interop::LeaveTable table = LoadLeaves(a.input, r->from, &alphabet);
  r->read = phases.End();
  r->leaves = table.size();
  phases.Begin("converting");
  std::vector<std::byte> out =
      r->to == FileKind::kKlv2 ? Check(interop::EncodeKlv2(table)) : Check(interop::EncodeLeavesFile(table, alphabet));
  r->convert = phases.End();
  phases.Begin("checking");
  const interop::LeaveTable back = r->to == FileKind::kKlv2
                                       ? Check(interop::DecodeKlv2(out, alphabet.size(), a.output))
                                       : Check(interop::DecodeLeavesFile(out, &alphabet, a.output)).table;
  if (back.size() != table.size()) Fail("the leave table written does not read back whole; nothing written");
  r->check = phases.End();
  return {std::move(out), {}};
}

void RunConvert(const ConvertArgs& a) {
  Report r;
  r.from = InputKind(a);
  r.to = OutputKind(a, r.from);
  if (r.from == FileKind::kUnknown || r.to == FileKind::kUnknown) Fail("--from/--to: lex, kwg, klv2 or leaves", 2);
  const bool lexicon_in = r.from == FileKind::kImage || r.from == FileKind::kKwg;
  const bool lexicon_out = r.to == FileKind::kImage || r.to == FileKind::kKwg;
  if (lexicon_in != lexicon_out)
    Fail(std::string("cannot convert ") + FileKindName(r.from) + " to " + FileKindName(r.to) +
             ": lexicons (lex, kwg) convert to lexicons, leave tables (klv2, leaves) to leave tables",
         2);
  if (a.json && WritesStandardOutput(a.output))
    Fail("-o " + QuotePath(a.output) + " and --json would both write standard output", 2);
  if (a.rebuild && !(r.from == FileKind::kKwg && r.to == FileKind::kImage))
    Fail("--rebuild compiles a KWG's words into a lexc image: it does not apply here", 2);
  if (a.dawg && r.to != FileKind::kKwg) Fail("--dawg writes a DAWG-only KWG: it does not apply here", 2);
  const std::string inputs[] = {a.input, a.alphabet};
  Check(CheckOutputIsNotInput(a.output, inputs));
  OutputFile output = Check(OutputFile::Create(a.output));
  const Alphabet alphabet = LoadAlphabet(a.alphabet);
  // Each phase on a terminal with its time (progress.h); -q: nothing.
  Phases phases("lexc convert", a.quiet, /*show_times=*/false);
  const ConvertOutput out =
      lexicon_in ? ConvertLexicon(a, alphabet, phases, &r) : ConvertLeaves(a, alphabet, phases, &r);
  const std::span<const std::byte> bytes = out.view();
  phases.Begin("writing " + (a.output == "-" ? std::string("<stdout>") : QuotePath(a.output)));
  Check(output.Append(bytes));
  Check(output.Commit());
  r.write = phases.End();
  r.bytes = bytes.size();

  if (a.json) {
    JsonValue j = {{"input", a.input},
                   {"output", a.output},
                   {"from", FileKindName(r.from)},
                   {"to", FileKindName(r.to)},
                   {"bytes", r.bytes}};
    if (lexicon_in) {
      j["words"] = r.words;
      j["arcs"] = r.arcs;
      j["gaddag"] = r.gaddag;
    } else {
      j["leaves"] = r.leaves;
    }
    j["seconds"] = {{"read", JsonFixed(r.read, 4)},
                    {"convert", JsonFixed(r.convert, 4)},
                    {"check", JsonFixed(r.check, 4)},
                    {"write", JsonFixed(r.write, 4)}};
    std::fputs(JsonReport(std::move(j)).c_str(), stdout);
  }
  if (a.quiet) return;
  const std::string what = lexicon_in ? Thousands(r.words) + " words, " + Thousands(r.arcs) + " arcs" +
                                            (r.gaddag ? " (DAWG + GADDAG)" : " (DAWG)")
                                      : Thousands(r.leaves) + " leaves";
  std::fprintf(stderr, "wrote %s (%s): %s, %s bytes; read %.3f s, convert %.3f s, check %.3f s, write %.3f s\n",
               QuotePath(a.output).c_str(), FileKindName(r.to), what.c_str(), Thousands(r.bytes).c_str(), r.read,
               r.convert, r.check, r.write);
}

}  // namespace

void RegisterConvert(CLI::App& app) {
  auto args = std::make_shared<ConvertArgs>();
  CLI::App* cmd = app.add_subcommand("convert", "Convert lexicons and leave tables to and from other engines' files");
  cmd->add_option("input", args->input,
                  "Input file: a lexc image, a KWG, a KLV2 or a lexc leave table; - reads standard\n"
                  "input (give --from)")
      ->required();
  cmd->add_option("-o,--output", args->output,
                  "Output file (replaced atomically after it is read back and checked; a device,\n"
                  "FIFO or - is written as a stream)")
      ->required();
  cmd->add_option("--from", args->from,
                  "Input format: lex, kwg, klv2, leaves (default: by content, else by name). Given,\n"
                  "the input is read as that format only, and refused with its errors if it is not")
      ->check(CLI::IsMember({"lex", "kwg", "klv2", "leaves"}));
  cmd->add_option("--to", args->to,
                  "Output format: lex, kwg, klv2, leaves (default: by the output's name, else the\n"
                  "other side of the input's pair: lex <-> kwg, klv2 <-> leaves)")
      ->check(CLI::IsMember({"lex", "kwg", "klv2", "leaves"}));
  cmd->add_option("--alphabet", args->alphabet,
                  "The language of a KWG or KLV2 (they do not name it; tile t is the alphabet's\n"
                  "t-th letter, the engines' order).\n" +
                      AlphabetHelp())
      ->capture_default_str();
  cmd->add_flag("--dawg", args->dawg, "Write a DAWG-only KWG (default: DAWG + GADDAG)");
  cmd->add_flag("--rebuild", args->rebuild,
                "KWG in: compile its words again instead of keeping its layout (the image is then\n"
                "minimal and byte-identical to `lexc build` of the same words, whatever wrote the KWG)");
  cmd->add_option("--max-len", args->max_len, "Longest word of a KWG read, in tiles (recorded in the image)")
      ->capture_default_str()
      ->transform(WholeNumber(1, 254));
  cmd->add_flag("--json", args->json, "Print the report as JSON on standard output");
  cmd->add_flag("-q,--quiet", args->quiet, "No progress and no report on standard error");
  cmd->footer(R"(Examples:
  lexc convert csw21.kwg --alphabet english -o csw21.lex   a KWG into a verified image
  lexc convert csw21.lex -o csw21.kwg                      an image out as a KWG (DAWG + GADDAG)
  lexc convert csw21.lex -o csw21-dawg.kwg --dawg          DAWG only
  lexc convert magpie.kwg -o magpie.lex --rebuild          lexc's own (minimal) layout
  lexc convert english.klv2 -o english.leaves              leave values both ways
  lexc convert english.leaves -o english.klv2

A KWG (wolges, MAGPIE, Macondo) has no magic, version or checksum: every arc
is checked (indices, list ends, tile order, cycles) and the image made from it
passes Verify() before it is written. Quackle's .dawg/.gaddag are not read
(formats/kwg.md says why).)");
  cmd->callback([args] { RunConvert(*args); });
}

}  // namespace lexc::cli
