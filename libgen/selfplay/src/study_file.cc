#include "lexc/selfplay/study_file.h"

#include <signal.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <filesystem>
#include <regex>

#include "json_fields.h"
#include "lexc/escape.h"
#include "lexc/io.h"

namespace lexc::selfplay {
namespace {

namespace fs = std::filesystem;
const char* const kStatsFormat = "lexc-study";
const char* const kCheckpointFormat = "lexc-study-checkpoint";

std::string Hex32(std::uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08x", v);
  return buf;
}

std::string Short(const nlohmann::json& v) {
  std::string s = v.dump(-1, ' ', true, nlohmann::json::error_handler_t::replace);
  return s.size() > 60 ? s.substr(0, 57) + "..." : s;
}

// The first difference between two identities, as "field: found X, here Y",
// or "" when equal. Keys named "path" are skipped (files may move).
std::string FirstDifference(const nlohmann::json& here, const nlohmann::json& found, const std::string& name,
                            bool compare_range) {
  if (here.is_object() && found.is_object()) {
    std::vector<std::string> keys;
    for (auto it = here.begin(); it != here.end(); ++it) keys.push_back(it.key());
    for (auto it = found.begin(); it != found.end(); ++it)
      if (!here.contains(it.key())) keys.push_back(it.key());
    for (const std::string& k : keys) {
      if (k == "path" || (!compare_range && (k == "first_game" || k == "games") && name == "study")) continue;
      const std::string field = name + "." + k;
      if (!here.contains(k)) return field + ": unexpected in that file";
      if (!found.contains(k)) return field + ": missing in that file";
      if (std::string d = FirstDifference(here[k], found[k], field, compare_range); !d.empty()) return d;
    }
    return "";
  }
  if (here == found) return "";
  return name + " is " + Short(found) + " there, " + Short(here) + " here";
}

Status WriteJson(const std::string& path, const nlohmann::json& j) {
  // Strings that are not UTF-8 (a path) are written with U+FFFD: dump
  // never throws, and paths are informative only.
  const std::string text = j.dump(1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  return WriteFileAtomic(path, std::as_bytes(std::span(text.data(), text.size())));
}

}  // namespace

ImageIdentity IdentifyImage(const Lexicon& lexicon, const std::string& path) {
  ImageIdentity id;
  id.path = path;
  const auto bytes = lexicon.bytes();
  id.size = bytes.size();
  if (bytes.size() >= 16) {
    const auto* t = reinterpret_cast<const unsigned char*>(bytes.data() + bytes.size() - 16);
    id.crc32c = std::uint32_t(t[0]) | std::uint32_t(t[1]) << 8 | std::uint32_t(t[2]) << 16 | std::uint32_t(t[3]) << 24;
  }
  return id;
}

nlohmann::json LayoutIdentity(const std::string& layout_name, std::uint32_t crc32c) {
  if (layout_name == "standard15") return {{"name", "standard15"}};
  nlohmann::json layout = {{"path", layout_name}};
  if (crc32c) layout["crc32c"] = Hex32(crc32c);
  return layout;
}

std::string DescribeLayout(const nlohmann::json& layout) {
  if (layout.is_object() && layout.size() == 1 && layout.value("name", nlohmann::json()) == "standard15")
    return "the built-in standard15 board";
  if (layout.is_object() && layout.contains("path") && layout["path"].is_string()) {
    const nlohmann::json crc = layout.value("crc32c", nlohmann::json());
    return QuotePath(layout["path"].get<std::string>()) + ", CRC32C " +
           (crc.is_string() ? crc.get<std::string>() : Short(crc));
  }
  return Short(layout);
}

bool SameLayout(const nlohmann::json& a, const nlohmann::json& b) {
  if (!a.is_object() || !b.is_object()) return a == b;
  nlohmann::json x = a, y = b;
  x.erase("path");
  y.erase("path");
  return x == y;
}

nlohmann::json StudyDescription::ToJson() const {
  const nlohmann::json layout = LayoutIdentity(layout_name, layout_crc32c);
  nlohmann::json j = {
      {"image", {{"path", image.path}, {"size", image.size}, {"crc32c", Hex32(image.crc32c)}}},
      {"lexicon", lexicon_name},
      {"algorithm", algorithm},
      {"layout", layout},
      {"rules",
       {{"exchange_limit", rules.exchange_limit},
        {"max_scoreless", rules.max_scoreless},
        {"max_turns", rules.max_turns},
        {"bingo_bonus", bingo_bonus}}},
      {"players", {{{"seat", 0}, {"strategy", strategies[0]}}, {{"seat", 1}, {"strategy", strategies[1]}}}},
      {"seed_base", seed_base},
      {"first_game", first_game},
      {"games", games},
      {"accumulator", accumulator}};
  if (alternate_seats) j["seats"] = "alternate";
  if (!leaves.is_null()) j["leaves"] = leaves;
  return j;
}

Result<StudyRange> RangeOf(const nlohmann::json& study, const std::string& where) {
  JsonFields f(study, where);
  StudyRange r;
  r.seed_base = f.Whole("seed_base");
  r.first_game = f.Whole("first_game");
  r.games = f.Whole("games");
  if (!f.ok()) return f.status();
  if (r.games == 0) return Status(Errc::kBadInput, where + ".games: 0, expected at least 1");
  if (r.first_game + r.games < r.first_game || r.seed_base + r.first_game + r.games < r.seed_base)
    return Status(Errc::kBadInput, where + ": the range of games passes 2^64");
  return r;
}

Status CheckSameStudy(const nlohmann::json& expected, const nlohmann::json& found, const std::string& where,
                      bool compare_range) {
  if (!expected.is_object()) return Status(Errc::kInvalidArgument, "study: expected an object");
  if (!found.is_object()) return Status(Errc::kBadInput, where + ": study: expected an object");
  if (expected.contains("image") && found.contains("image")) {
    const auto& a = expected["image"];
    const auto& b = found["image"];
    if (!a.is_object()) return Status(Errc::kInvalidArgument, "study.image: expected an object");
    if (!b.is_object()) return Status(Errc::kBadInput, where + ": study.image: expected an object");
    if (a.value("size", nlohmann::json()) != b.value("size", nlohmann::json()) ||
        a.value("crc32c", nlohmann::json()) != b.value("crc32c", nlohmann::json()))
      return Status(Errc::kBadInput, where + ": made from another image (size " +
                                         Short(b.value("size", nlohmann::json())) + ", CRC32C " +
                                         Short(b.value("crc32c", nlohmann::json())) + "; this one: size " +
                                         Short(a.value("size", nlohmann::json())) + ", CRC32C " +
                                         Short(a.value("crc32c", nlohmann::json())) + ")");
  }
  if (expected.contains("layout") && found.contains("layout") && !SameLayout(expected["layout"], found["layout"]))
    return Status(Errc::kBadInput, where + ": played on another layout (" + DescribeLayout(found["layout"]) +
                                       "; this one: " + DescribeLayout(expected["layout"]) + ")");
  if (std::string d = FirstDifference(expected, found, "study", compare_range); !d.empty())
    return Status(Errc::kBadInput, where + ": another study: " + d);
  return Status::Ok();
}

std::string StatsPath(const std::string& dir) { return (fs::path(dir) / "stats.json").string(); }

std::string CheckpointPath(const std::string& dir, int part, int parts) {
  return (fs::path(dir) / ("checkpoint-" + std::to_string(part) + "-of-" + std::to_string(parts) + ".json")).string();
}

Result<StudyFile> ReadStudyFile(const std::string& path) {
  auto text = ReadFileBytes(path, kMaxStudyFileBytes);
  if (!text.ok()) return text.status();
  return ParseStudyFile(*text, path);
}

Result<nlohmann::json> ParseStudyJson(std::string_view text, const std::string& where) {
  // Depth and value count outside strings; the parser checks the rest.
  int depth = 0;
  std::uint64_t values = 0;
  bool in_string = false, escaped = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (escaped)
        escaped = false;
      else if (c == '\\')
        escaped = true;
      else if (c == '"')
        in_string = false;
      continue;
    }
    switch (c) {
      case '"':
        in_string = true;
        ++values;
        break;
      case '[':
      case '{':
        if (++depth > kMaxStudyJsonDepth)
          return Status(Errc::kBadInput, where + ": nested deeper than " + std::to_string(kMaxStudyJsonDepth) +
                                             " levels at byte " + std::to_string(i + 1));  // 1-based, as the parser's
        ++values;
        break;
      case ']':
      case '}':
        --depth;
        break;
      case ',':
        ++values;
        break;
      default:
        break;
    }
    if (values > kMaxStudyJsonValues)
      return Status(Errc::kLimit, where + ": more than " + std::to_string(kMaxStudyJsonValues) +
                                      " values: larger than any study (byte " + std::to_string(i + 1) + ")");
  }
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    const std::string what = e.what();
    const std::size_t colon = what.find(": ");
    return Status(Errc::kBadInput, where + ": not JSON: at byte " + std::to_string(e.byte) + ": " +
                                       (colon == std::string::npos ? what : what.substr(colon + 2)));
  } catch (const nlohmann::json::exception& e) {  // a number out of range, say
    const std::string what = e.what();
    const std::size_t bracket = what.find("] ");
    return Status(Errc::kBadInput,
                  where + ": not JSON: " + (bracket == std::string::npos ? what : what.substr(bracket + 2)));
  } catch (const std::bad_alloc&) {
    return Status(Errc::kLimit, where + ": " + std::to_string(text.size()) + " bytes of JSON do not fit in memory");
  }
}

Result<StudyFile> ParseStudyFile(std::string_view text, const std::string& path) {
  Result<nlohmann::json> parsed = ParseStudyJson(text, path);
  if (!parsed.ok()) return parsed.status();
  nlohmann::json j = std::move(parsed).value();
  StudyFile out;
  out.path = path;
  JsonFields f(j, "");
  const std::string format = f.String("format");
  if (f.ok() && format != kStatsFormat && format != kCheckpointFormat)
    f.Fail("format", "expected \"lexc-study\" or \"lexc-study-checkpoint\", got \"" + format.substr(0, 40) + "\"");
  const std::uint64_t version = f.Whole("version");
  if (f.ok() && version != kStudyFormatVersion)
    f.Fail("version", "expected " + std::to_string(kStudyFormatVersion) + ", got " + std::to_string(version));
  if (const nlohmann::json* s = f.Get("study"); s && !s->is_object()) f.Fail("study", "expected an object");
  if (const nlohmann::json* s = f.Get("stats"); s && !s->is_object()) f.Fail("stats", "expected an object");
  out.complete = format == kStatsFormat;
  if (f.ok() && !out.complete) {
    JsonFields part = f.Object("part");
    const std::uint64_t index = part.Whole("index"), count = part.Whole("count");
    out.part_first_game = part.Whole("first_game");
    out.part_games = part.Whole("games");
    part.NoOthers();
    out.games_done = f.Whole("games_done");
    if (f.ok() && (count == 0 || count > 1000000 || index >= count))
      part.Fail("index", std::to_string(index) + " of " + std::to_string(count) + " parts");
    if (f.ok() && out.games_done > out.part_games)
      f.Fail("games_done",
             std::to_string(out.games_done) + ", more than the part's " + std::to_string(out.part_games) + " games");
    out.part = int(index), out.parts = int(count);
  }
  f.NoOthers();
  if (!f.ok()) return Status(Errc::kBadInput, path + ": " + f.status().detail());
  out.study = j["study"];
  out.stats = j["stats"];
  auto range = RangeOf(out.study, "study");
  if (!range.ok()) return Status(Errc::kBadInput, path + ": " + range.status().detail());
  if (!out.complete && (out.part_first_game < range->first_game ||
                        out.part_first_game + out.part_games > range->first_game + range->games))
    return Status(Errc::kBadInput, path + ": part: games " + std::to_string(out.part_first_game) + " + " +
                                       std::to_string(out.part_games) + " lie outside the study's range");
  if (out.complete) out.part_first_game = range->first_game, out.part_games = out.games_done = range->games;
  return out;
}

Status WriteStudyStats(const std::string& dir, const nlohmann::json& study, const nlohmann::json& stats) {
  return WriteJson(StatsPath(dir),
                   {{"format", kStatsFormat}, {"version", kStudyFormatVersion}, {"study", study}, {"stats", stats}});
}

Status WriteCheckpoint(const std::string& dir, const StudyFile& c) {
  return WriteJson(
      CheckpointPath(dir, c.part, c.parts),
      {{"format", kCheckpointFormat},
       {"version", kStudyFormatVersion},
       {"study", c.study},
       {"part", {{"index", c.part}, {"count", c.parts}, {"first_game", c.part_first_game}, {"games", c.part_games}}},
       {"games_done", c.games_done},
       {"stats", c.stats}});
}

Result<StudyDirectory> InspectStudyDirectory(const std::string& dir) {
  StudyDirectory d;
  std::error_code ec;
  if (!fs::exists(dir, ec)) return d;
  if (!fs::is_directory(dir, ec)) return Status(Errc::kIo, dir + ": not a directory");
  static const std::regex kCheckpointName("checkpoint-[0-9]+-of-[0-9]+\\.json");
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name == "stats.json") d.has_stats = true;
    if (std::regex_match(name, kCheckpointName)) d.checkpoints.push_back(it->path().string());
  }
  if (ec) return Status(Errc::kIo, dir + ": cannot list: " + ec.message());
  std::sort(d.checkpoints.begin(), d.checkpoints.end());
  return d;
}

namespace {

// Removes from `dir` the temporaries whose names `temporary` matches (the
// writer's PID in group 2) and whose writer is no longer alive.
Status RemoveStaleIn(const fs::path& dir, const std::regex& temporary) {
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    std::smatch m;
    if (!std::regex_match(name, m, temporary)) continue;
    const long pid = std::stol(m[2].str());
    if (pid <= 0 || ::kill(pid_t(pid), 0) == 0 || errno != ESRCH) continue;  // alive, or not ours to judge
    std::error_code remove_ec;
    fs::remove(it->path(), remove_ec);
    if (remove_ec) return Status(Errc::kIo, it->path().string() + ": cannot remove: " + remove_ec.message());
  }
  if (ec) return Status(Errc::kIo, dir.string() + ": cannot list: " + ec.message());
  return Status::Ok();
}

}  // namespace

Status RemoveStaleTemporaries(const std::string& dir) {
  // The study's files, its report, and the plots drawn into dir/plots.
  static const std::regex kTemporary(
      "\\.((?:stats|run|checkpoint-[0-9]+-of-[0-9]+)\\.json|report\\.md)\\.tmp-([0-9]{1,9})-[0-9]+");
  static const std::regex kPlotTemporary("\\.([A-Za-z0-9_]+\\.svg)\\.tmp-([0-9]{1,9})-[0-9]+");
  LEXC_RETURN_IF_ERROR(RemoveStaleIn(dir, kTemporary));
  std::error_code ec;
  const fs::path plots = fs::path(dir) / "plots";
  if (fs::is_directory(plots, ec)) LEXC_RETURN_IF_ERROR(RemoveStaleIn(plots, kPlotTemporary));
  return Status::Ok();
}

Status RemoveCheckpoints(const std::string& dir) {
  if (Status s = RemoveStaleTemporaries(dir); !s.ok()) return s;
  auto d = InspectStudyDirectory(dir);
  if (!d.ok()) return d.status();
  for (const std::string& p : d->checkpoints) {
    std::error_code ec;
    fs::remove(p, ec);
    if (ec) return Status(Errc::kIo, p + ": cannot remove: " + ec.message());
  }
  return Status::Ok();
}

Result<StudyFile> MergeStudyFiles(std::vector<StudyFile> parts, const AccumulatorFactory& factory) {
  if (parts.empty()) return Status(Errc::kInvalidArgument, "merge: no study files");
  for (const StudyFile& p : parts) {
    if (p.games_done < p.part_games)
      return Status(Errc::kBadInput, p.path + ": unfinished (a checkpoint only: " + std::to_string(p.games_done) +
                                         " of " + std::to_string(p.part_games) + " games)");
    if (Status s = CheckSameStudy(parts.front().study, p.study, p.path, false); !s.ok()) return s;
  }
  std::stable_sort(parts.begin(), parts.end(),
                   [](const StudyFile& a, const StudyFile& b) { return a.part_first_game < b.part_first_game; });
  const auto range = [](const StudyFile& p) {
    return std::to_string(p.part_first_game) + ".." + std::to_string(p.part_first_game + p.part_games - 1);
  };
  for (std::size_t i = 1; i < parts.size(); ++i) {
    const StudyFile &a = parts[i - 1], &b = parts[i];
    if (a.part_games > ~std::uint64_t(0) - a.part_first_game)
      return Status(Errc::kBadInput, a.path + ": the range of games passes 2^64");
    const std::uint64_t a_end = a.part_first_game + a.part_games;
    if (b.part_first_game < a_end)
      return Status(Errc::kBadInput, b.path + ": games " + range(b) + " overlap " + a.path + "'s " + range(a));
    if (b.part_first_game > a_end)
      return Status(Errc::kBadInput, "games " + std::to_string(a_end) + ".." + std::to_string(b.part_first_game - 1) +
                                         " are missing between " + a.path + " and " + b.path);
  }
  auto acc = factory(parts.front().study);
  if (!acc.ok()) return acc.status();
  StudyFile out;
  out.complete = true;
  out.study = parts.front().study;
  out.study["first_game"] = parts.front().part_first_game;
  for (const StudyFile& p : parts) {
    auto piece = (*acc)->NewEmpty();
    if (Status s = piece->FromJson(p.stats); !s.ok()) return Status(s.code(), p.path + ": " + s.detail());
    if (piece->games() != p.part_games)
      return Status(Errc::kBadInput, p.path + ": study.games: " + std::to_string(p.part_games) +
                                         ", but its stats hold " + std::to_string(piece->games()) + " games");
    if (Status s = (*acc)->Merge(*piece); !s.ok()) return Status(s.code(), p.path + ": " + s.detail());
    out.part_games += p.part_games;
  }
  out.study["games"] = out.part_games;
  out.part_first_game = parts.front().part_first_game;
  out.games_done = out.part_games;
  out.stats = (*acc)->ToJson();
  return out;
}

}  // namespace lexc::selfplay
