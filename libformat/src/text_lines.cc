// Line-by-line reading of a streamed text input: contracts in
// lexc/text_lines.h.
#include "lexc/text_lines.h"

#include <algorithm>
#include <string>

#include "lexc/escape.h"

namespace lexc {

Status ForEachTextLine(InputStream& in, std::string_view name, std::string_view what,
                       const std::function<void(std::uint64_t, std::string_view)>& on_line) {
  std::string line;
  std::uint64_t line_no = 1;
  const auto where = [&] { return QuotePath(name) + ":" + std::to_string(line_no) + ": "; };
  const auto finish_line = [&] {
    std::string_view v = line_no == 1 ? DropByteOrderMark(line) : std::string_view(line);
    while (!v.empty() && (v.back() == '\r' || v.back() == ' ' || v.back() == '\t')) v.remove_suffix(1);
    if (!v.empty()) on_line(line_no, v);
    line.clear();
    ++line_no;
  };
  for (;;) {
    Result<std::string_view> next = in.Next();
    if (!next.ok()) return next.status();
    const std::string_view chunk = next.value();
    if (chunk.empty()) break;
    for (std::size_t at = 0; at < chunk.size();) {
      const std::size_t end = std::min(chunk.find('\n', at), chunk.size());
      const std::string_view piece = chunk.substr(at, end - at);
      if (piece.find('\0') != std::string_view::npos)
        return Status(Errc::kBadInput, where() + "a NUL byte: not a text file of " + std::string(what));
      if (line.size() + piece.size() > kMaxTextLineBytes)
        return Status(Errc::kLimit,
                      where() + "a line over 1 MiB: longer than any of the " + std::string(what) + " it should hold");
      line.append(piece);
      at = end;
      if (at < chunk.size()) {  // at the newline
        finish_line();
        ++at;
      }
    }
  }
  if (!line.empty()) finish_line();
  return Status::Ok();
}

}  // namespace lexc
