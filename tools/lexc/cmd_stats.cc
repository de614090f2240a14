// lexc stats -- sizes of one or more images side by side.
//
// Node, arc and string counts come from an independent traversal (walk.h),
// not from the builder's figures in the image; a disagreement is reported.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <memory>
#include <optional>

#include "cli_checks.h"
#include "common.h"
#include "foreign.h"
#include "lexc/format.h"
#include "walk.h"

namespace lexc::cli {
namespace {

struct StatsArgs {
  std::vector<std::string> images;
  std::string alphabet = "english";
  int max_len = 15;
  bool json = false;
};

// An image mapped from a file, or translated from a KWG (formats/kwg.md) into
// memory and verified; `format` is what the table shows ("1.0", "kwg").
struct LoadedImage {
  std::optional<MappedLexicon> mapped;
  std::vector<std::byte> bytes;
  Lexicon translated;
  std::string format;
  std::uint64_t file_bytes = 0;  // the file's size (a KWG's, not its translation's)
  const Lexicon& lexicon() const { return mapped ? mapped->lexicon() : translated; }
};

struct Column {
  std::string path;
  const LoadedImage* image;
  const Lexicon* lex;
  const char* graph;  // "DAWG" / "GADDAG"
  const char* key;    // "dawg" / "gaddag" (JSON)
  const GraphInfo* builder;
  GraphTally tally;

  std::uint64_t graph_bytes() const { return (tally.arcs * static_cast<std::uint64_t>(lex->arc_bits()) + 7) / 8; }
  std::uint64_t image_bytes() const { return image->file_bytes; }
  double BitsPerChar(std::uint64_t bytes) const { return 8.0 * double(bytes) / double(lex->meta().text_bytes); }
  double BytesPerWord(std::uint64_t bytes) const { return double(bytes) / double(lex->meta().word_count); }
};

std::vector<Column> Tally(const std::vector<std::string>& paths, const std::vector<LoadedImage>& images) {
  std::vector<Column> cols;
  for (std::size_t i = 0; i < images.size(); ++i) {
    const Lexicon& lex = images[i].lexicon();
    const auto add = [&](const char* name, const char* key, const Graph& g, const GraphInfo& info) {
      Result<GraphTally> t = TallyGraph(g);
      if (!t.ok()) Fail(QuotePath(paths[i]) + ": " + name + ": " + Describe(t.status()));
      if (t->nodes != info.nodes || t->arcs != info.arcs || t->strings != info.strings ||
          t->longest_path != info.longest_path)
        std::fprintf(stderr,
                     "lexc stats: note: %s %s: builder recorded %llu nodes, %llu arcs, %llu strings, "
                     "longest path %u; traversal found %llu, %llu, %llu, %u\n",
                     paths[i].c_str(), name, (unsigned long long)info.nodes, (unsigned long long)info.arcs,
                     (unsigned long long)info.strings, info.longest_path, (unsigned long long)t->nodes,
                     (unsigned long long)t->arcs, (unsigned long long)t->strings, t->longest_path);
      cols.push_back(Column{paths[i], &images[i], &lex, name, key, &info, std::move(t).value()});
    };
    if (lex.has_dawg()) add("DAWG", "dawg", lex.dawg(), lex.dawg_info());
    if (lex.has_gaddag()) add("GADDAG", "gaddag", lex.gaddag(), lex.gaddag_info());
  }
  return cols;
}

void PrintTable(const std::vector<Column>& cols) {
  std::size_t max_fan = 1;
  for (const Column& c : cols) max_fan = std::max(max_fan, c.tally.fanout.size() - 1);

  std::vector<std::vector<std::string>> rows;
  const auto row = [&](std::string label, auto cell) {
    rows.push_back({std::move(label)});
    for (const Column& c : cols) rows.back().push_back(cell(c));
  };
  const auto n = [](std::uint64_t v) { return Thousands(v); };
  row("image", [](const Column& c) { return c.path; });
  row("graph", [](const Column& c) { return std::string(c.graph); });
  row("format", [](const Column& c) { return c.image->format; });
  row("words", [&](const Column& c) { return n(c.lex->meta().word_count); });
  row("tiles", [&](const Column& c) { return n(c.lex->meta().tile_total); });
  row("text bytes", [&](const Column& c) { return n(c.lex->meta().text_bytes); });
  row("longest word", [&](const Column& c) { return n(c.lex->meta().longest_word); });
  row("accepted strings", [&](const Column& c) { return n(c.tally.strings); });
  row("nodes", [&](const Column& c) { return n(c.tally.nodes); });
  row("arcs", [&](const Column& c) { return n(c.tally.arcs); });
  row("arc width", [&](const Column& c) { return n(std::uint64_t(c.lex->arc_width())); });
  row("arc bits", [&](const Column& c) { return n(std::uint64_t(c.lex->arc_bits())); });
  row("graph bytes", [&](const Column& c) { return n(c.graph_bytes()); });
  row("image bytes", [&](const Column& c) { return n(c.image_bytes()); });
  row("word index bytes", [&](const Column& c) { return n(c.lex->word_index_section().size()); });
  row("bits/char (graph)", [](const Column& c) { return Fixed(c.BitsPerChar(c.graph_bytes()), 3); });
  row("bits/char (image)", [](const Column& c) { return Fixed(c.BitsPerChar(c.image_bytes()), 3); });
  row("bytes/word (graph)", [](const Column& c) { return Fixed(c.BytesPerWord(c.graph_bytes()), 2); });
  row("bytes/word (image)", [](const Column& c) { return Fixed(c.BytesPerWord(c.image_bytes()), 2); });
  row("longest path", [&](const Column& c) { return n(c.tally.longest_path); });
  for (std::size_t k = 1; k <= max_fan; ++k)
    row("fan-out " + std::to_string(k),
        [&](const Column& c) { return n(k < c.tally.fanout.size() ? c.tally.fanout[k] : 0); });

  std::vector<std::size_t> width(cols.size() + 1, 0);
  for (const auto& r : rows)
    for (std::size_t i = 0; i < r.size(); ++i) width[i] = std::max(width[i], r[i].size());
  std::string out;
  for (const auto& r : rows) {
    out += r[0] + std::string(width[0] - r[0].size(), ' ');
    for (std::size_t i = 1; i < r.size(); ++i) out += "  " + std::string(width[i] - r[i].size(), ' ') + r[i];
    out += '\n';
  }
  std::fputs(out.c_str(), stdout);
}

void PrintJson(const std::vector<std::string>& paths, const std::vector<LoadedImage>& images,
               const std::vector<Column>& cols) {
  JsonValue all = JsonValue::array();
  for (std::size_t i = 0; i < images.size(); ++i) {
    const Lexicon& lex = images[i].lexicon();
    const Metadata& m = lex.meta();
    JsonValue graphs = JsonValue::array();
    for (const Column& c : cols) {
      if (c.lex != &lex) continue;
      graphs.push_back({{"graph", c.key},
                        {"nodes", c.tally.nodes},
                        {"arcs", c.tally.arcs},
                        {"strings", c.tally.strings},
                        {"longest_path", c.tally.longest_path},
                        {"bytes", c.graph_bytes()},
                        {"bits_per_char", JsonFixed(c.BitsPerChar(c.graph_bytes()), 4)},
                        {"image_bits_per_char", JsonFixed(c.BitsPerChar(c.image_bytes()), 4)},
                        {"bytes_per_word", JsonFixed(c.BytesPerWord(c.graph_bytes()), 4)},
                        {"fanout", c.tally.fanout},  // fanout[k] = nodes with k arcs; [0] is always 0
                        {"builder", {{"nodes", c.builder->nodes}, {"arcs", c.builder->arcs}}}});
    }
    all.push_back({{"path", paths[i]},
                   {"image_bytes", images[i].file_bytes},
                   {"format", images[i].format},
                   {"alphabet", lex.alphabet().name()},
                   {"arc_width", lex.arc_width()},
                   {"arc_slots", lex.arc_count()},
                   {"words", m.word_count},
                   {"tiles", m.tile_total},
                   {"text_bytes", m.text_bytes},
                   {"longest_word", m.longest_word},
                   {"shortest_word", m.shortest_word},
                   {"max_len", m.max_len},
                   {"options", m.options},
                   {"word_index_bytes", lex.word_index_section().size()},
                   {"graphs", std::move(graphs)},
                   {"arc_bits", lex.arc_bits()}});
  }
  std::fputs(JsonReport(std::move(all)).c_str(), stdout);
}

// Leave tables (KLV2, lexc's leaves file): counts and values.
void PrintLeaves(const std::vector<std::string>& paths, const std::vector<interop::LeaveTable>& tables,
                 const std::vector<FileKind>& kinds, bool json) {
  JsonValue all = JsonValue::array();
  for (std::size_t i = 0; i < tables.size(); ++i) {
    const interop::LeaveTable& t = tables[i];
    double lo = 0, hi = 0, sum = 0;
    std::vector<std::uint64_t> by_len(static_cast<std::size_t>(t.longest()) + 1, 0);
    for (std::size_t j = 0; j < t.size(); ++j) {
      const double v = t.value(j);
      lo = j ? std::min(lo, v) : v;
      hi = j ? std::max(hi, v) : v;
      sum += v;
      ++by_len[t.key(j).size()];
    }
    const double mean = t.size() ? sum / double(t.size()) : 0;
    if (json) {
      all.push_back({{"path", paths[i]},
                     {"format", FileKindName(kinds[i])},
                     {"leaves", t.size()},
                     {"longest", t.longest()},
                     {"by_length", by_len},  // by_length[k] = leaves of k tiles
                     {"min", JsonFixed(lo, 4)},
                     {"max", JsonFixed(hi, 4)},
                     {"mean", JsonFixed(mean, 4)}});
      continue;
    }
    std::string lens;
    for (std::size_t k = 1; k < by_len.size(); ++k) lens += " " + std::to_string(k) + ":" + Thousands(by_len[k]);
    std::printf("%s (%s): %s leaves, longest %d (by length%s), values %s .. %s, mean %s\n", paths[i].c_str(),
                FileKindName(kinds[i]), Thousands(t.size()).c_str(), t.longest(), lens.c_str(), Fixed(lo, 3).c_str(),
                Fixed(hi, 3).c_str(), Fixed(mean, 3).c_str());
  }
  if (json) std::fputs(JsonReport(std::move(all)).c_str(), stdout);
}

void RunStats(const StatsArgs& a) {
  std::vector<std::string> image_paths, leave_paths;
  std::vector<LoadedImage> images;
  std::vector<interop::LeaveTable> tables;
  std::vector<FileKind> leave_kinds;
  std::optional<Alphabet> alphabet;
  const auto language = [&]() -> const Alphabet& {
    if (!alphabet) alphabet = LoadAlphabet(a.alphabet);
    return *alphabet;
  };
  for (const std::string& p : a.images) {
    const FileKind kind = DetectInputKind(p);
    if (kind == FileKind::kKlv2 || kind == FileKind::kLeaves) {
      tables.push_back(LoadLeaves(p, kind, kind == FileKind::kKlv2 ? &language() : nullptr));
      leave_paths.push_back(p);
      leave_kinds.push_back(kind);
      continue;
    }
    LoadedImage& img = images.emplace_back();
    image_paths.push_back(p);
    if (kind == FileKind::kKwg) {
      const interop::Kwg kwg = LoadKwg(p, language(), a.max_len);
      img.bytes = ImageFromKwg(kwg, p, language(), a.max_len);
      img.translated = Check(Lexicon::FromBytes(img.bytes));
      img.format = "kwg";
      img.file_bytes = kwg.arcs().size() * 4;
    } else {
      img.mapped.emplace(OpenImage(p, /*verify=*/true));
      img.format = std::to_string(format::kMajor) + "." + std::to_string(img.mapped->lexicon().minor_version());
      img.file_bytes = img.mapped->lexicon().bytes().size();
    }
  }
  if (!images.empty()) {
    const std::vector<Column> cols = Tally(image_paths, images);
    if (a.json)
      PrintJson(image_paths, images, cols);
    else
      PrintTable(cols);
  }
  if (!tables.empty()) PrintLeaves(leave_paths, tables, leave_kinds, a.json);
}

}  // namespace

void RegisterStats(CLI::App& app) {
  auto args = std::make_shared<StatsArgs>();
  CLI::App* cmd = app.add_subcommand("stats", "Show sizes of images side by side (one column per graph)");
  VerbatimPositionals(cmd->add_option("images", args->images, "Image files; also KWG, KLV2 and lexc leave table files"))
      ->required();
  cmd->add_option("--alphabet", args->alphabet, "The language of KWG and KLV2 files (they do not name it)")
      ->capture_default_str();
  cmd->add_option("--max-len", args->max_len, "Longest word of a KWG, in tiles")
      ->capture_default_str()
      ->transform(WholeNumber(1, 254));
  cmd->add_flag("--json", args->json, "Print a JSON array, one object per image");
  cmd->footer(R"(Examples:
  lexc stats nwl18.lex
  lexc stats nwl18.dawg nwl18.gdg --json
  lexc stats csw21.kwg csw21.lex         a KWG is checked and translated, then shown like an image
  lexc stats english.klv2 --json         leave tables: counts and values

Images are verified first; a KWG is checked arc by arc and translated into a
verified image (formats/kwg.md), its format shown as "kwg". Nodes, arcs and accepted strings are counted by
traversing each graph from its root (distinct nodes once; shared sibling tails
once). bits/char = 8 * bytes / bytes of the normalized word list (word + LF).
fan-out k = number of nodes with exactly k arcs. word index bytes: the WIDX
section (format 1.1, lexc build --word-index), 0 without one.)");
  cmd->callback([args] { RunStats(*args); });
}

}  // namespace lexc::cli
