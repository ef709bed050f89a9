#include "tools/bporcheck/SourceLines.h"

#include <filesystem>
#include <fstream>

namespace bpor::tool {

// A source file larger than this is not shown: the picture is for programs a person reads.
static constexpr std::uintmax_t MaxSourceBytes = 16 << 20;

static std::optional<std::vector<std::string>> readLines(const std::filesystem::path &path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec) ||
      std::filesystem::file_size(path, ec) > MaxSourceBytes || ec)
    return std::nullopt;
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return std::nullopt;
  std::vector<std::string> lines;
  for (std::string text; std::getline(in, text);)
    lines.push_back(std::move(text));
  return lines;
}

SourceLines::SourceLines(const std::string &inputFile) {
  std::error_code ec;
  std::filesystem::path directory = std::filesystem::absolute(inputFile, ec).parent_path();
  if (ec)
    return;
  for (;;) {
    searchDirectories_.push_back(directory.string());
    if (!directory.has_relative_path())
      break; // the root
    directory = directory.parent_path();
  }
}

const std::vector<std::string> *SourceLines::linesOf(std::string_view file) {
  auto it = files_.find(file);
  if (it == files_.end()) {
    std::filesystem::path path(file);
    std::optional<std::vector<std::string>> lines = readLines(path);
    if (path.is_relative())
      for (size_t i = 0; !lines && i < searchDirectories_.size(); ++i)
        lines = readLines(std::filesystem::path(searchDirectories_[i]) / path);
    it = files_.emplace(std::string(file), std::move(lines)).first;
  }
  return it->second ? &*it->second : nullptr;
}

std::optional<std::string> SourceLines::line(std::string_view file, uint32_t line) {
  if (file.empty() || line == 0)
    return std::nullopt;
  const std::vector<std::string> *lines = linesOf(file);
  if (!lines || line > lines->size())
    return std::nullopt;
  std::string_view text = (*lines)[line - 1];
  const char *blanks = " \t\r\f\v";
  size_t first = text.find_first_not_of(blanks);
  if (first == std::string_view::npos)
    return std::string();
  size_t last = text.find_last_not_of(blanks);
  return std::string(text.substr(first, last - first + 1));
}

} // namespace bpor::tool
