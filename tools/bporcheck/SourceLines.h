// The text of a program's source lines, for the pictures of a trace (TracePicture.h): a step
// is shown beside the line it came from when the file can be read.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bpor::tool {

class SourceLines {
public:
  /// `inputFile`: the program bporcheck was given. A relative file name is looked for from the
  /// current directory, then from the input file's directory and each directory above it:
  /// clang records a file given by an absolute name relative to the deepest directory it shares
  /// with the directory clang ran in (DIFile's directory, which the trace does not keep), and
  /// that directory is one above the input file.
  explicit SourceLines(const std::string &inputFile);

  /// Line `line` (1-based) of `file` without its line break and leading and trailing blanks;
  /// nullopt if the file cannot be read or is shorter. Each file is read once.
  std::optional<std::string> line(std::string_view file, uint32_t line);

private:
  const std::vector<std::string> *linesOf(std::string_view file);

  std::vector<std::string> searchDirectories_; // the input's directory and those above it
  // nullopt: the file could not be read (asked once, not again).
  std::map<std::string, std::optional<std::vector<std::string>>, std::less<>> files_;
};

} // namespace bpor::tool
