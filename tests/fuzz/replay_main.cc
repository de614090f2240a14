// Replays inputs through a fuzz target without libFuzzer, so that g++ builds
// (and ctest) run the seed corpus and every crash found so far:
//
//   fuzz_image_replay tests/fuzz/corpus/fuzz_image tests/fuzz/regressions/fuzz_image
//
// Each argument is a file or a directory (all regular files below it, in
// name order). A missing directory counts as empty, since git does not keep
// empty ones; finding no input at all is an error. A failing input aborts
// (FUZZ_CHECK or a sanitizer), after its name has been printed.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace fs = std::filesystem;

int main(int argc, char** argv) {
  std::vector<fs::path> files;
  for (int i = 1; i < argc; ++i) {
    const fs::path arg = argv[i];
    std::error_code ec;
    if (fs::is_directory(arg, ec)) {
      std::vector<fs::path> found;
      for (const auto& e : fs::recursive_directory_iterator(arg))
        if (e.is_regular_file()) found.push_back(e.path());
      std::sort(found.begin(), found.end());
      std::printf("%s: %zu inputs\n", arg.c_str(), found.size());
      files.insert(files.end(), found.begin(), found.end());
    } else if (fs::is_regular_file(arg, ec)) {
      files.push_back(arg);
    } else if (!fs::exists(arg, ec)) {
      std::printf("%s: absent, no inputs\n", arg.c_str());
    } else {
      std::fprintf(stderr, "%s: not a file or directory\n", arg.c_str());
      return 2;
    }
  }
  if (files.empty()) {
    std::fprintf(stderr, "no inputs to replay\n");
    return 2;
  }
  for (const fs::path& f : files) {
    std::ifstream in(f, std::ios::binary);
    if (!in) {
      std::fprintf(stderr, "%s: cannot read\n", f.c_str());
      return 2;
    }
    const std::vector<char> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    std::printf("%s (%zu bytes)\n", f.c_str(), bytes.size());
    std::fflush(stdout);
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
  }
  std::printf("replayed %zu inputs\n", files.size());
  return 0;
}
