#include "tools/bporcheck/HeaderCache.h"

#include "tools/bporcheck/ClangRunner.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <fmt/format.h>

#include <cstdlib>

namespace bpor::tool {

namespace {

// Headers with an include guard (or, <assert.h>, whose second reading defines the same), whose
// meaning depends on nothing but the compiler's flags and the macros defined before them.
constexpr const char *KnownHeaders[] = {
    "assert.h", "errno.h",  "inttypes.h", "limits.h", "math.h",   "pthread.h", "sched.h",
    "semaphore.h", "signal.h", "stdarg.h", "stdatomic.h", "stdbool.h", "stddef.h", "stdint.h",
    "stdio.h",  "stdlib.h", "string.h",   "time.h",   "unistd.h"};

// Skips blanks and comments; false if a comment does not end or a line comment goes on past
// its line (leave those to the compiler).
bool skipBlanksAndComments(llvm::StringRef &text) {
  while (true) {
    text = text.ltrim();
    if (text.consume_front("//")) {
      size_t end = text.find('\n');
      if (end == llvm::StringRef::npos || text.substr(0, end).rtrim(" \t\r").ends_with("\\"))
        return false;
      text = text.substr(end);
    } else if (text.consume_front("/*")) {
      size_t end = text.find("*/");
      if (end == llvm::StringRef::npos)
        return false;
      text = text.substr(end + 2);
    } else {
      return true;
    }
  }
}

// `#include <h>` alone on its line, with h a known header: h, and `text` past the line.
std::optional<std::string> knownInclude(llvm::StringRef &text) {
  llvm::StringRef rest = text;
  if (!rest.consume_front("#"))
    return std::nullopt;
  rest = rest.ltrim(" \t");
  if (!rest.consume_front("include"))
    return std::nullopt;
  rest = rest.ltrim(" \t");
  if (!rest.consume_front("<"))
    return std::nullopt;
  size_t close = rest.find('>');
  if (close == llvm::StringRef::npos)
    return std::nullopt;
  std::string name = rest.substr(0, close).str();
  rest = rest.substr(close + 1).ltrim(" \t\r");
  if (!rest.empty() && rest.front() != '\n')
    return std::nullopt; // something else on the line
  for (const char *known : KnownHeaders)
    if (name == known) {
      text = rest;
      return name;
    }
  return std::nullopt;
}

} // namespace

std::vector<std::string> leadingStandardIncludes(llvm::StringRef text) {
  std::vector<std::string> headers;
  while (skipBlanksAndComments(text)) {
    std::optional<std::string> header = knownInclude(text);
    if (!header)
      break;
    headers.push_back(*header);
  }
  return headers;
}

namespace {

std::optional<std::string> cacheDirectory() {
  if (const char *dir = std::getenv("BPORCHECK_CACHE_DIR"))
    return *dir ? std::optional<std::string>(dir) : std::nullopt;
  llvm::SmallString<256> dir;
  if (!llvm::sys::path::cache_directory(dir))
    return std::nullopt;
  llvm::sys::path::append(dir, "bporcheck");
  return std::string(dir);
}

} // namespace

std::optional<std::string> precompiledHeaders(const std::string &clang,
                                              const std::vector<std::string> &headers,
                                              const std::vector<std::string> &flags) {
  std::optional<std::string> dir = cacheDirectory();
  if (!dir || headers.empty())
    return std::nullopt;
  // One file per compiler, flags and list of headers.
  std::string key = LLVM_VERSION_STRING, lines;
  for (const std::string &f : flags)
    key += "\n" + f;
  for (const std::string &h : headers)
    lines += "#include <" + h + ">\n";
  key += "\n" + lines;
  std::string stem = fmt::format("headers-{:016x}", llvm::xxh3_64bits(key));
  llvm::SmallString<256> pch(*dir), header(*dir);
  llvm::sys::path::append(pch, stem + ".pch");
  llvm::sys::path::append(header, stem + ".h");
  if (llvm::sys::fs::exists(pch))
    return std::string(pch);
  if (llvm::sys::fs::create_directories(*dir))
    return std::nullopt;
  if (!llvm::sys::fs::exists(header)) {
    // Written once and never changed (clang records its date in the precompiled header). A
    // run that reads it while another writes it may make a header of fewer lines, a prefix of
    // these, which still changes nothing (only saves less).
    std::error_code ec;
    llvm::raw_fd_ostream out(header, ec, llvm::sys::fs::CD_CreateNew);
    if (!ec)
      out << lines;
    else if (!llvm::sys::fs::exists(header))
      return std::nullopt;
  }
  std::string temporary = fmt::format("{}.{}.tmp", std::string(pch),
                                      llvm::sys::Process::getProcessId());
  std::vector<std::string> args = {clang, "-xc-header"};
  args.insert(args.end(), flags.begin(), flags.end());
  args.insert(args.end(), {std::string(header), "-o", temporary});
  std::string execError;
  llvm::SmallString<256> log(temporary);
  log += ".log";
  int code = runClang(args, std::string(log), execError);
  llvm::sys::fs::remove(log);
  if (code != 0 || llvm::sys::fs::rename(temporary, pch)) {
    llvm::sys::fs::remove(temporary);
    return std::nullopt;
  }
  return std::string(pch);
}

} // namespace bpor::tool
