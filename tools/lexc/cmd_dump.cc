// lexc dump -- the image's words, one per line, in the alphabet's order.
#include <CLI/CLI.hpp>
#include <memory>

#include "common.h"
#include "lexc/language.h"
#include "lexc/query.h"

namespace lexc::cli {
namespace {

struct DumpArgs {
  std::string image, graph;
  bool verify = true;
};

void RunDump(const DumpArgs& a) {
  const MappedLexicon image = OpenImage(a.image, a.verify);
  const Lexicon& lex = image.lexicon();
  const Renderer render(lex.alphabet());
  Output out;
  std::string& buf = out.buf();

  if (a.graph.empty()) {
    ForEachWord(lex, [&](const WordMatch& m) {
      render.Append(m.tiles, &buf);
      buf.push_back('\n');
      out.MaybeFlush();
      return true;
    });
  } else {
    const bool dawg = a.graph == "dawg";
    if (dawg ? !lex.has_dawg() : !lex.has_gaddag())
      Fail(QuotePath(a.image) + ": image has no " + (dawg ? "DAWG" : "GADDAG"));
    ForEachString(dawg ? lex.dawg() : lex.gaddag(), lex.meta().max_len + (dawg ? 0 : 1), [&](std::span<const Tile> s) {
      render.Append(s, &buf);
      buf.push_back('\n');
      out.MaybeFlush();
      return true;
    });
  }
  out.Flush();
}

}  // namespace

void RegisterDump(CLI::App& app) {
  auto args = std::make_shared<DumpArgs>();
  CLI::App* cmd = app.add_subcommand("dump", "Print every word of an image, one per line");
  cmd->add_option("image", args->image, "Image file")->required();
  cmd->add_option("--graph", args->graph,
                  "Print the raw accepted strings of one graph instead (GADDAG separator shown as ^)")
      ->check(CLI::IsMember({"dawg", "gaddag"}));
  cmd->add_flag("--verify,!--no-verify", args->verify,
                "Verify the whole image first (the default). --no-verify trusts it: opening is then "
                "O(1), and a damaged image gives wrong answers or slow queries, never a crash");
  cmd->footer(R"(Examples:
  lexc dump nwl18.lex > words.txt      the normalized list (sorted, de-duplicated)
  lexc dump nwl18.lex --graph gaddag   strings like NIART^S (rev(x) ^ y) and SNIART (rev(w))

Words are printed in tile order with the image's tile labels.)");
  cmd->callback([args] { RunDump(*args); });
}

}  // namespace lexc::cli
