// KWG conversions on SOWPODS ($LEXC_SOWPODS, default ../shared/lexica/
// SOWPODS.txt beside the checkout), Google Benchmark, CPU time: the image
// (both graphs) out as a 4.66 MB KWG, that KWG checked (Kwg::Parse) and
// translated into a verified image, and the parts of each. CPU time is the
// process's (both threads of the checks and Verify); Time is wall time.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "lexc/builder.h"
#include "lexc/interop/kwg.h"
#include "lexc/lexicon.h"
#include "lexc/wordlist.h"

namespace {

using namespace lexc;
using namespace lexc::interop;

struct Fixture {
  std::vector<std::uint64_t> image;  // 8-aligned
  std::size_t image_bytes = 0;
  Lexicon lex;
  std::vector<std::byte> kwg;
};

const Fixture& Sowpods() {
  static const std::unique_ptr<Fixture> f = [] {
    auto out = std::make_unique<Fixture>();
    const char* env = std::getenv("LEXC_SOWPODS");
    const std::string path = env && *env ? env : LEXC_DEFAULT_SOWPODS;
    auto words = ReadWordList(path, Alphabet::English(), {}, nullptr);
    if (!words.ok()) std::abort();
    auto img = BuildImage(*words, Alphabet::English(), {});
    if (!img.ok()) std::abort();
    out->image.resize((img->size() + 7) / 8);
    out->image_bytes = img->size();
    std::memcpy(out->image.data(), img->data(), img->size());
    out->lex = Lexicon::FromBytes({reinterpret_cast<const std::byte*>(out->image.data()), out->image_bytes}).value();
    out->kwg = KwgBytes(KwgFromLexicon(out->lex, {}).value());
    return out;
  }();
  return *f;
}

KwgReadOptions English() {
  KwgReadOptions o;
  o.letters = 26;
  o.max_len = 15;
  return o;
}

void BM_ImageToKwg(benchmark::State& state) {  // translate + read back and check, as `lexc convert` does
  const Fixture& f = Sowpods();
  for (auto _ : state) {
    auto arcs = KwgFromLexicon(f.lex, {});
    auto bytes = KwgBytes(*arcs);
    auto back = Kwg::Parse(bytes, English(), "x.kwg");
    benchmark::DoNotOptimize(back.ok());
  }
}
BENCHMARK(BM_ImageToKwg)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime();

void BM_KwgParse(benchmark::State& state) {
  const Fixture& f = Sowpods();
  for (auto _ : state) benchmark::DoNotOptimize(Kwg::Parse(f.kwg, English(), "x.kwg").ok());
}
BENCHMARK(BM_KwgParse)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime();

void BM_KwgToImage(benchmark::State& state) {  // check, translate, Verify: `lexc convert x.kwg -o x.lex`
  const Fixture& f = Sowpods();
  const Alphabet a = Alphabet::English();
  for (auto _ : state) {
    auto kwg = Kwg::Parse(f.kwg, English(), "x.kwg");
    auto image = LexiconFromKwg(*kwg, a, 15);
    auto lex = Lexicon::FromBytes(*image);
    benchmark::DoNotOptimize(lex->Verify().ok());
  }
}
BENCHMARK(BM_KwgToImage)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime();

void BM_ImageVerify(benchmark::State& state) {  // Lexicon::Verify of the SOWPODS image (both graphs)
  const Fixture& f = Sowpods();
  for (auto _ : state) benchmark::DoNotOptimize(f.lex.Verify().ok());
}
BENCHMARK(BM_ImageVerify)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime();

void BM_KwgToImageNoVerify(benchmark::State& state) {
  const Fixture& f = Sowpods();
  const Alphabet a = Alphabet::English();
  const Kwg kwg = Kwg::Parse(f.kwg, English(), "x.kwg").value();
  for (auto _ : state) benchmark::DoNotOptimize(LexiconFromKwg(kwg, a, 15).ok());
}
BENCHMARK(BM_KwgToImageNoVerify)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime();

}  // namespace

BENCHMARK_MAIN();
