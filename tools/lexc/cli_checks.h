// tools/lexc/cli_checks.h -- option validators shared by the subcommands.
#pragma once

#include <CLI/CLI.hpp>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "lexc/escape.h"
#include "lexc/gen/cgp.h"

namespace lexc::cli {

// A count given on the command line: decimal digits only (so "-1" is not
// read as a huge unsigned number, nor 0x10 as 16) and within [min, max].
// Leading zeros are dropped before CLI11 converts the text, which would read
// "010" as octal 8: options take it with ->transform (->check would keep the
// text as given).
inline CLI::Validator WholeNumber(std::uint64_t min, std::uint64_t max) {
  return CLI::Validator(
      [min, max](std::string& s) -> std::string {
        const std::string want = "expected a whole number " + std::to_string(min) + ".." + std::to_string(max);
        if (s.empty() || s.size() > 20 || s.find_first_not_of("0123456789") != std::string::npos)
          return want + ", got " + QuoteText(s, '\'');
        unsigned long long v = 0;
        for (char c : s) {
          const auto d = static_cast<unsigned>(c - '0');
          if (v > (~0ull - d) / 10) return want + ", got " + s;
          v = v * 10 + d;
        }
        if (v < min || v > max) return want + ", got " + s;
        s = std::to_string(v);  // "010" is 10
        return "";
      },
      std::to_string(min) + ".." + std::to_string(max));
}

// Makes `o`, the last positional of a command and a vector, take every
// remaining argument verbatim. CLI11 reads an argument "[a,b]" given to a
// vector option as the list a, b (so "[QI]", tile text for one tile, became
// QI, and "[Q],[I]" two arguments); it does so only for options that may take
// extra arguments, which is also how a vector positional takes more than one.
// Here the positional takes no extra arguments but expects an unbounded
// number of them (so it still takes them all, one at a time), and keeps all
// it gets. The help still shows "NAME TEXT ...". A required one is still
// refused when none is given.
inline CLI::Option* VerbatimPositionals(CLI::Option* o) {
  // The policy first: set after expected() it would cap the maximum.
  return o->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)->allow_extra_args(false)->expected(1 << 28, -1);
}

// --limit N, and its old name --top listed as deprecated (giving both is a
// usage error), read into `value` as a whole number in [min, max]. Returns
// the --limit option.
template <class T>
CLI::Option* AddLimitOption(CLI::App* cmd, T* value, const std::string& help, std::uint64_t min, std::uint64_t max) {
  CLI::Option* limit = cmd->add_option("--limit", *value, help)->transform(WholeNumber(min, max));
  cmd->add_option("--top", *value, "The old name of --limit")
      ->transform(WholeNumber(min, max))
      ->excludes(limit)
      ->group("Deprecated");
  return limit;
}

// A value that may not be empty (--cgp '', --rack ''): CLI11 reports "--rack:
// empty" as a usage error (exit 2), where the command would have taken an
// empty value for a missing option. Nor may it be blank (spaces and tabs
// only: --rack ' ', "--rack: blank"). `what` says what to give instead.
inline CLI::Validator NotEmpty(const std::string& what) {
  return CLI::Validator(
      [what](std::string& s) -> std::string {
        if (s.empty()) return "empty: give " + what;
        if (s.find_first_not_of(" \t") == std::string::npos) return "blank: give " + what;
        return "";
      },
      "");
}

// Any option that takes a value, given an empty one (`--stats ''`, `-o ''`):
// main() adds this check to every such option of every command, so that an
// empty value is a usage error naming the option (exit 2) instead of reading
// as the option left out. Options whose value may be left out (`moves
// --show`) are not given it.
inline CLI::Validator NoEmptyValue() {
  return CLI::Validator([](std::string& s) -> std::string { return s.empty() ? "empty: give a value" : ""; }, "");
}

// Whether `s` is decimal text: an optional sign, digits with at most one
// '.', at least one digit, then an optional exponent (e or E, an optional
// sign, digits). No spaces, no hex ("0x10", "0x1p-3"), no "inf" or "nan".
inline bool IsDecimalText(std::string_view s) {
  std::size_t i = 0;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
  std::size_t digits = 0;
  bool dot = false;
  for (; i < s.size(); ++i) {
    if (s[i] >= '0' && s[i] <= '9') {
      ++digits;
    } else if (s[i] == '.' && !dot) {
      dot = true;
    } else {
      break;
    }
  }
  if (digits == 0) return false;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    const std::size_t from = i;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
    if (i == from) return false;
  }
  return i == s.size();
}

// A number given on the command line with a fraction allowed (seconds, a
// prior): decimal text only (IsDecimalText: no "nan", "inf", hex or
// surrounding spaces), finite, and within [min, max] ((min, max] when
// `min_open`). `expected` says what is wanted ("seconds in (0, 604800]");
// the failure reads "--time: expected seconds in (0, 604800], got 'nan'".
// With `infinity`, the words "inf" and "infinity" are taken too (an option
// that documents them). Used with ->check: CLI11 converts the text after.
inline CLI::Validator DecimalNumber(double min, double max, bool min_open, const std::string& expected,
                                    bool infinity = false) {
  return CLI::Validator(
      [=](std::string& s) -> std::string {
        if (infinity && (s == "inf" || s == "infinity")) return "";
        const std::string bad = "expected " + expected + ", got " + QuoteText(s, '\'');
        if (!IsDecimalText(s)) return bad;
        char* end = nullptr;
        const double v = std::strtod(s.c_str(), &end);
        if (end != s.c_str() + s.size() || !std::isfinite(v) || v < min || v > max || (min_open && v == min))
          return bad;
        return "";
      },
      "");
}

// A name written into a GCG pragma and a CGP operation (`selfplay
// --lexicon`): gen::CgpOperandProblem must be empty (no line break, control
// or invisible character, valid UTF-8, no ';'). CLI11 reports a failure as a
// usage error naming the option (exit 2).
inline CLI::Validator RecordName() {
  return CLI::Validator(
      [](std::string& s) -> std::string {
        const std::string why = gen::CgpOperandProblem(s);
        return why.empty() ? "" : QuoteText(s) + " " + why + ": it is written into GCG and CGP records";
      },
      "NAME");
}

}  // namespace lexc::cli
