// Runs commands N times each as child processes and prints, per command, the
// median wall time, the median CPU time (user + system) and the median peak
// resident set size (getrusage of the child), so build time and memory are
// measured as a user sees them, file I/O included. Several commands, separated by "::", run interleaved (one
// run of each per round), so an A/B comparison shares the machine's load.
//
//   bench_build_process [--runs N] [--label TEXT] -- lexc build --dawg words.txt -o out.dawg
//   bench_build_process --runs 9 --label old -- old/lexc build w.txt -o a.lex :: --label new -- lexc build w.txt -o
//   b.lex
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

namespace {

struct Command {
  std::string label;
  std::vector<char*> argv;  // null-terminated
  std::vector<double> wall, cpu, rss_mb;
};

// Runs the command once; false if it could not run or failed.
bool RunOnce(Command& c) {
  const auto t0 = std::chrono::steady_clock::now();
  const pid_t pid = fork();
  if (pid < 0) {
    std::perror("fork");
    return false;
  }
  if (pid == 0) {
    execvp(c.argv[0], c.argv.data());
    std::perror("exec");
    _exit(127);
  }
  int status = 0;
  rusage ru{};
  if (wait4(pid, &status, 0, &ru) < 0) {
    std::perror("wait4");
    return false;
  }
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    std::fprintf(stderr, "%s: command failed (status %d)\n", c.label.c_str(), status);
    return false;
  }
  c.wall.push_back(s);
  const auto seconds = [](const timeval& tv) { return double(tv.tv_sec) + double(tv.tv_usec) * 1e-6; };
  c.cpu.push_back(seconds(ru.ru_utime) + seconds(ru.ru_stime));
  c.rss_mb.push_back(static_cast<double>(ru.ru_maxrss) / 1024.0);  // ru_maxrss is in KiB
  return true;
}

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

}  // namespace

int main(int argc, char** argv) {
  int runs = 7;
  std::vector<Command> commands;
  int i = 1;
  while (i < argc) {
    Command c;
    for (; i < argc; ++i) {
      if (!std::strcmp(argv[i], "--runs") && i + 1 < argc)
        runs = std::atoi(argv[++i]);
      else if (!std::strcmp(argv[i], "--label") && i + 1 < argc)
        c.label = argv[++i];
      else if (!std::strcmp(argv[i], "--")) {
        ++i;
        break;
      } else
        break;
    }
    for (; i < argc && std::strcmp(argv[i], "::"); ++i) c.argv.push_back(argv[i]);
    if (i < argc) ++i;  // the "::"
    if (c.argv.empty()) break;
    if (c.label.empty()) c.label = c.argv[0];
    c.argv.push_back(nullptr);
    commands.push_back(std::move(c));
  }
  if (commands.empty() || runs < 1) {
    std::fprintf(stderr,
                 "usage: bench_build_process [--runs N] [--label TEXT] -- COMMAND ARGS... "
                 "[:: [--label TEXT] -- COMMAND ARGS...]...\n");
    return 2;
  }
  for (int r = 0; r < runs; ++r)
    for (Command& c : commands)
      if (!RunOnce(c)) return 1;
  for (const Command& c : commands)
    std::printf("%-28s runs %2d  wall median %7.1f ms (min %7.1f)  CPU median %7.1f ms  peak RSS median %6.1f MB\n",
                c.label.c_str(), runs, Median(c.wall) * 1e3, *std::min_element(c.wall.begin(), c.wall.end()) * 1e3,
                Median(c.cpu) * 1e3, Median(c.rss_mb));
  return 0;
}
