// Runs a command N times as a child process and prints the median wall time
// and the median peak resident set size (getrusage of the child), so build
// time and memory are measured as a user sees them, file I/O included.
//
//   bench_build_process [--runs N] [--label TEXT] -- lexc build --dawg words.txt -o out.dawg
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

int main(int argc, char** argv) {
  int runs = 7;
  std::string label;
  int i = 1;
  for (; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--runs") && i + 1 < argc)
      runs = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--label") && i + 1 < argc)
      label = argv[++i];
    else if (!std::strcmp(argv[i], "--")) {
      ++i;
      break;
    } else
      break;
  }
  if (i >= argc || runs < 1) {
    std::fprintf(stderr, "usage: bench_build_process [--runs N] [--label TEXT] -- COMMAND ARGS...\n");
    return 2;
  }
  std::vector<double> wall, rss_mb;
  for (int r = 0; r < runs; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    const pid_t pid = fork();
    if (pid < 0) {
      std::perror("fork");
      return 1;
    }
    if (pid == 0) {
      execvp(argv[i], argv + i);
      std::perror("exec");
      _exit(127);
    }
    int status = 0;
    rusage ru{};
    if (wait4(pid, &status, 0, &ru) < 0) {
      std::perror("wait4");
      return 1;
    }
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
      std::fprintf(stderr, "command failed (status %d)\n", status);
      return 1;
    }
    wall.push_back(s);
    rss_mb.push_back(static_cast<double>(ru.ru_maxrss) / 1024.0);  // ru_maxrss is in KiB
  }
  auto median = [](std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
  };
  std::printf("%-28s runs %2d  wall median %7.1f ms (min %7.1f)  peak RSS median %6.1f MB\n",
              label.empty() ? argv[i] : label.c_str(), runs, median(wall) * 1e3,
              *std::min_element(wall.begin(), wall.end()) * 1e3, median(rss_mb));
  return 0;
}
