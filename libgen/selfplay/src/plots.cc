// Plots of a study: data files and a gnuplot script in a temporary
// directory, gnuplot as a child process, the SVGs copied into dir/plots/.
#include "plots.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>

#include "lexc/io.h"

extern char** environ;

namespace lexc::selfplay {
namespace {

namespace fs = std::filesystem;

Status WriteText(const fs::path& path, const std::string& text) {
  return WriteFileAtomic(path.string(), std::as_bytes(std::span(text.data(), text.size())));
}

// A directory of its own under $TMPDIR (or /tmp), removed with the object.
class TempDir {
 public:
  static Result<TempDir> Make() {
    const char* base = std::getenv("TMPDIR");
    std::string pattern = std::string(base && *base ? base : "/tmp") + "/lexc-plots-XXXXXX";
    if (::mkdtemp(pattern.data()) == nullptr)
      return Status(Errc::kIo, pattern + ": cannot create a temporary directory: " + std::strerror(errno));
    TempDir t;
    t.path_ = pattern;
    return t;
  }
  TempDir() = default;
  TempDir(TempDir&& o) noexcept : path_(std::move(o.path_)) { o.path_.clear(); }
  TempDir& operator=(TempDir&&) = delete;
  ~TempDir() {
    std::error_code ec;
    if (!path_.empty()) fs::remove_all(path_, ec);
  }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

// Counts of a histogram grouped into bins of `width` (keyed by bin start).
std::map<std::int64_t, std::uint64_t> Binned(const Histogram& h, std::int64_t width) {
  std::map<std::int64_t, std::uint64_t> out;
  for (const auto& [v, c] : h.Entries()) {
    const std::int64_t start = (v >= 0 ? v / width : (v - width + 1) / width) * width;
    out[start] += c;
  }
  return out;
}

// gnuplot's single-quoted string: '' stands for a quote.
std::string Quoted(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("''") : std::string(1, c);
  return out + "'";
}

// Runs `program script` in `cwd`, output to log; the first line of the log
// when it fails.
Status RunGnuplot(const std::string& program, const fs::path& cwd) {
  const std::string script = (cwd / "plots.gp").string(), log = (cwd / "gnuplot.log").string();
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  std::vector<char*> argv = {const_cast<char*>(program.c_str()), const_cast<char*>(script.c_str()), nullptr};
  pid_t pid = 0;
  const int rc = ::posix_spawnp(&pid, program.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) return Status(Errc::kNotFound, program + " could not be started: " + std::strerror(rc));
  int wstatus = 0;
  while (::waitpid(pid, &wstatus, 0) < 0)
    if (errno != EINTR) return Status(Errc::kIo, program + ": waitpid: " + std::strerror(errno));
  if (WIFEXITED(wstatus) && WEXITSTATUS(wstatus) == 0) return Status::Ok();
  std::string first_line;
  if (Result<std::string> text = ReadFileBytes(log, 1 << 20); text.ok()) {
    // The most telling line: the first one naming an error, else the first.
    std::size_t at = text->find("rror");
    std::size_t start = at == std::string::npos ? 0 : text->rfind('\n', at);
    start = start == std::string::npos ? 0 : start + (at == std::string::npos ? 0 : 1);
    first_line = text->substr(start, text->find('\n', start) - start);
  }
  const std::string how = WIFEXITED(wstatus) ? "exited with status " + std::to_string(WEXITSTATUS(wstatus))
                                             : "was killed by signal " + std::to_string(WTERMSIG(wstatus));
  return Status(Errc::kIo, program + " " + how + (first_line.empty() ? "" : ": " + first_line));
}

}  // namespace

Result<std::vector<PlotFile>> DrawPlots(const StudyStats& s, const std::vector<WordCount>& most_played,
                                        const std::string& dir, const std::string& gnuplot) {
  Result<TempDir> made = TempDir::Make();
  if (!made.ok()) return made.status();
  const TempDir tmp = std::move(made).value();
  const fs::path& t = tmp.path();
  const std::uint64_t games = s.games();
  std::vector<PlotFile> plots;
  std::string gp = "cd " + Quoted(t.string()) +
                   "\nset terminal svg size 900,520 dynamic noenhanced font 'Sans,13' background rgb 'white'\n"
                   "set style fill solid 0.75 border -1\nset grid ytics lc rgb '#dddddd'\nset key top right\n"
                   "set border 3\nset tics nomirror\n";

  // Word lengths: main and cross words, % of each.
  {
    std::string data;
    const auto main_len = s.main_word_lengths().Entries(), cross_len = s.cross_word_lengths().Entries();
    const double main_total = double(s.main_word_lengths().Total()),
                 cross_total = double(s.cross_word_lengths().Total());
    std::map<std::int64_t, std::pair<std::uint64_t, std::uint64_t>> rows;
    for (const auto& [v, c] : main_len) rows[v].first = c;
    for (const auto& [v, c] : cross_len) rows[v].second = c;
    for (const auto& [len, c] : rows)
      data += std::to_string(len) + " " + std::to_string(main_total ? 100.0 * double(c.first) / main_total : 0) + " " +
              std::to_string(cross_total ? 100.0 * double(c.second) / cross_total : 0) + "\n";
    if (data.empty()) data = "2 0 0\n";
    LEXC_RETURN_IF_ERROR(WriteText(t / "lengths.dat", data));
    plots.push_back({"word_lengths.svg", "Lengths of the words played"});
    gp +=
        "set output 'word_lengths.svg'\nset title 'Lengths of the words played'\n"
        "set xlabel 'letters'\nset ylabel '% of the words'\nset style data histograms\n"
        "set style histogram clustered gap 1\nset yrange [0:*]\n"
        "plot 'lengths.dat' using 2:xtic(1) title 'main words' lc rgb '#3b6fb6', '' using 3 title 'cross words' "
        "lc rgb '#e08a2c'\nset style data lines\nunset style histogram\n";
  }
  // Final scores of winners and losers, bins of 10.
  {
    std::map<std::int64_t, std::pair<std::uint64_t, std::uint64_t>> rows;
    for (const auto& [b, c] : Binned(s.winner_scores(), 10)) rows[b].first = c;
    for (const auto& [b, c] : Binned(s.loser_scores(), 10)) rows[b].second = c;
    std::string data;
    for (const auto& [b, c] : rows)
      data += std::to_string(b + 5) + " " + std::to_string(games ? 100.0 * double(c.first) / double(games) : 0) + " " +
              std::to_string(games ? 100.0 * double(c.second) / double(games) : 0) + "\n";
    if (data.empty()) data = "0 0 0\n";
    LEXC_RETURN_IF_ERROR(WriteText(t / "scores.dat", data));
    plots.push_back({"scores.svg", "Final scores of winners and losers"});
    gp +=
        "set output 'scores.svg'\nset title 'Final scores of winners and losers'\nset xlabel 'final score (bins "
        "of 10)'\nset ylabel '% of the games'\nset style fill transparent solid 0.5 border -1\nset boxwidth 10\n"
        "set xrange [*:*]\nset yrange [0:*]\n"
        "plot 'scores.dat' using 1:3 with boxes title 'losers' lc rgb '#d0504a', "
        "'' using 1:2 with boxes title 'winners' lc rgb '#3b8f4a'\nset style fill solid 0.75 border -1\n";
  }
  // Bingos per game.
  {
    std::string data;
    for (const auto& [v, c] : s.bingos_per_game().Entries())
      data += std::to_string(v) + " " + std::to_string(games ? 100.0 * double(c) / double(games) : 0) + "\n";
    if (data.empty()) data = "0 0\n";
    LEXC_RETURN_IF_ERROR(WriteText(t / "bingos.dat", data));
    plots.push_back({"bingos.svg", "Bingos per game"});
    gp +=
        "set output 'bingos.svg'\nset title 'Bingos per game (both players)'\nset xlabel 'bingos'\n"
        "set ylabel '% of the games'\nset boxwidth 0.7\nset xrange [-0.6:*]\nset xtics 1\nset yrange [0:*]\n"
        "plot 'bingos.dat' using 1:2 with boxes notitle lc rgb '#7a4fb0'\nset xtics autofreq\n";
  }
  // Move scores, bins of 2.
  {
    std::string data;
    std::uint64_t plays = s.move_scores().Total();
    for (const auto& [b, c] : Binned(s.move_scores(), 2))
      data += std::to_string(b + 1) + " " + std::to_string(plays ? 100.0 * double(c) / double(plays) : 0) + "\n";
    if (data.empty()) data = "0 0\n";
    LEXC_RETURN_IF_ERROR(WriteText(t / "moves.dat", data));
    plots.push_back({"move_scores.svg", "Scores of the plays"});
    gp +=
        "set output 'move_scores.svg'\nset title 'Scores of the plays'\nset xlabel 'points (bins of 2)'\n"
        "set ylabel '% of the plays'\nset boxwidth 2\nset xrange [0:*]\nset yrange [0:*]\n"
        "plot 'moves.dat' using 1:2 with boxes notitle lc rgb '#3b6fb6'\n";
  }
  // The most-played words: % of the games each was played in.
  {
    std::string data;
    const std::size_t shown = std::min<std::size_t>(most_played.size(), 30);
    for (std::size_t i = 0; i < shown; ++i)
      data += std::to_string(i) + " \"" + most_played[i].word + "\" " +
              std::to_string(games ? 100.0 * double(most_played[i].games) / double(games) : 0) + "\n";
    if (data.empty()) data = "0 \"-\" 0\n";
    LEXC_RETURN_IF_ERROR(WriteText(t / "words.dat", data));
    plots.push_back({"top_words.svg", "The most-played words"});
    // Horizontal bars, the most played at the top: labels stay upright.
    gp +=
        "set output 'top_words.svg'\nset title 'The most-played words'\nset ylabel ''\n"
        "set xlabel '% of the games it was played in'\nset xrange [0:*]\nset yrange [" +
        std::to_string(double(shown) - 0.4) +
        ":-0.6]\nset ytics 1 scale 0\nset grid xtics noytics lc rgb '#dddddd'\n"
        "plot 'words.dat' using ($3/2):1:($3/2):(0.35):yticlabels(2) with boxxyerror notitle "
        "fc rgb '#e08a2c'\n";
  }
  gp += "unset output\n";
  LEXC_RETURN_IF_ERROR(WriteText(t / "plots.gp", gp));
  LEXC_RETURN_IF_ERROR(RunGnuplot(gnuplot, t));

  const fs::path out_dir = fs::path(dir) / "plots";
  std::error_code ec;
  fs::create_directories(out_dir, ec);
  if (ec) return Status(Errc::kIo, out_dir.string() + ": cannot create: " + ec.message());
  const std::array<std::string, 2> study_files = StudyFilesIn(dir);  // a plot linked to them must not replace them
  for (const PlotFile& p : plots) {
    // StudyOutputPaths lists every plot, so that commands can check them all
    // against their inputs before the study starts.
    if (std::find(kPlotFileNames.begin(), kPlotFileNames.end(), p.name) == kPlotFileNames.end())
      return Status(Errc::kInvalidArgument, "plot " + p.name + " is missing from kPlotFileNames");
    Result<std::string> svg = ReadFileBytes((t / p.name).string(), 64 << 20);
    if (!svg.ok()) return Status(svg.status().code(), "gnuplot wrote no " + p.name + ": " + svg.status().detail());
    LEXC_RETURN_IF_ERROR(CheckOutputIsNotInput((out_dir / p.name).string(), study_files));
    LEXC_RETURN_IF_ERROR(WriteText(out_dir / p.name, *svg));
  }
  return plots;
}

}  // namespace lexc::selfplay
